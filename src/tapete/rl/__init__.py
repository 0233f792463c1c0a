"""Research adapters: observation tensors, OpenSpiel, PettingZoo, Gymnasium, a text interface.

Needs the optional extra ``tapete[rl]`` (numpy; ``open_spiel``, ``pettingzoo`` and
``gymnasium`` for their adapters). Each adapter is its own module, imported on demand:
:mod:`tapete.rl.encoding` (tensors), :mod:`tapete.rl.openspiel`, :mod:`tapete.rl.pettingzoo`,
:mod:`tapete.rl.gymnasium`, :mod:`tapete.rl.text` (language-model players).
"""
