"""Arena: duplicate play between players, confidence intervals, head-to-head and ratings.

Every deal is fixed by its chance actions and replayed with the players rotated through every
seat, so the luck of the cards cancels; the games run in this process, in local processes
(``workers``) or on Ray (``backend='ray'``), with the same results for the same seed.

>>> from tapete.arena import ArenaConfig, run_arena
>>> result = run_arena(ArenaConfig.build('pocha', 'rule,random,random,random', deals=4,
...                                      game_params={'hand_size': 2}))
>>> result.summary['players']['rule']['score']['n']
4

``import tapete.arena`` stays light: matplotlib, openskill and ray are imported only where
they are used (the chart, the ratings, the ray backend).
"""

from tapete.arena.core import ArenaConfig, ArenaResult, PlayerSpec, aggregate, run_arena
from tapete.arena.deals import DeckChance, rotations
from tapete.arena.stats import MeanCI, mean_ci, paired_diff_ci

__all__ = [
    "ArenaConfig",
    "ArenaResult",
    "DeckChance",
    "MeanCI",
    "PlayerSpec",
    "aggregate",
    "mean_ci",
    "paired_diff_ci",
    "rotations",
    "run_arena",
]
