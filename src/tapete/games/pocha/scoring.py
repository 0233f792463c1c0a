"""La Pocha's scoring (pocha.md §2.7): an exact bid scores, a missed one loses per trick.

>>> import tapete
>>> rules = tapete.load_game('pocha').rules
>>> score(rules, 2, 2), score(rules, 0, 0), score(rules, 1, 3)
(20, 10, -10)
>>> hand_scores(rules, [1, 0], [1, 1])
[15, -5]
>>> score_bounds(rules, 10)
(-50, 60)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tapete.games.pocha.rules import PochaRules


def score(rules: PochaRules, bid: int, won: int) -> int:
    """Points for one player: exact ``exact_base + per_trick_exact * won``, else
    ``-per_trick_miss`` per trick of difference."""
    if bid == won:
        return rules.exact_base + rules.per_trick_exact * won
    return -rules.per_trick_miss * abs(won - bid)


def hand_scores(rules: PochaRules, bids: Sequence[int], won: Sequence[int]) -> list[int]:
    """Each seat's points for a hand."""
    return [score(rules, b, w) for b, w in zip(bids, won, strict=True)]


def score_bounds(rules: PochaRules, hand_size: int) -> tuple[int, int]:
    """The lowest and highest points one seat can score in a hand of ``hand_size`` cards."""
    return -rules.per_trick_miss * hand_size, rules.exact_base + rules.per_trick_exact * hand_size
