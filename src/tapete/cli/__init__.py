"""The ``tapete`` command line: play, list games, random games, replay, benchmarks."""
