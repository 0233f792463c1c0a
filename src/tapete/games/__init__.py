"""The games. Importing this package registers every built-in game."""

from tapete.games import pocha as pocha

__all__ = ["pocha"]
