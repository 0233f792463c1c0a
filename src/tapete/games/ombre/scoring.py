"""The settlement of a deal (ombre.md §2.10) and the bounds of what a deal can pay.

>>> from tapete.games.ombre.rules import OmbreRules
>>> import tapete
>>> rules = tapete.load_game('ombre').rules
>>> balances = [-1, -1, -1]
>>> settle(rules, 0, (5, 2, 2), 3, balances, False, 0, False), balances
(('sacardo', 0), [2, -1, -1])
>>> settle(rules, 0, (3, 4, 2), 3, balances, False, 0, False), balances
(('codille', 3), [-1, 2, -1])
"""

from __future__ import annotations

from collections.abc import Sequence

from tapete.games.ombre.rules import OmbreRules

#: The longest run of matadors (a red trump suit has 12 trumps).
MAX_MATADORS = 12


def settle(
    rules: OmbreRules,
    ombre: int,
    tricks_won: Sequence[int],
    pool: int,
    balances: list[int],
    sans_prendre: bool,
    matadors: int,
    vole_announced: bool,
) -> tuple[str, int]:
    """Settle a played deal: ``balances`` are updated in place; returns the outcome
    (``sacardo``, ``codille``, ``codille_split`` or ``puesta``) and the pool after it."""
    o = ombre
    d1, d2 = (o + 1) % 3, (o + 2) % 3
    t_o, t1, t2 = tricks_won[o], tricks_won[d1], tricks_won[d2]
    bal = balances
    if (t1 > t_o and t1 > t2) or (t2 > t_o and t2 > t1):
        winner = d1 if t1 > t2 else d2
        outcome = "codille"
        bal[o] -= pool
        bal[winner] += pool
    elif t_o > t1 and t_o > t2:
        outcome = "sacardo"
        bal[o] += pool
        pool = 0
    elif t_o == 1 and rules.codille_split:
        outcome = "codille_split"
        half = pool // 2
        bal[o] -= 2 * half
        bal[d1] += half
        bal[d2] += half
    else:
        outcome = "puesta"
        bal[o] -= pool
        pool = 2 * pool
    extra = 0
    if sans_prendre:
        extra += rules.sans_prendre_bonus
    if matadors:
        extra += matadors * rules.matador_unit
    if extra:
        sign = 1 if outcome == "sacardo" else -1
        bal[o] += sign * 2 * extra
        bal[d1] -= sign * extra
        bal[d2] -= sign * extra
    if vole_announced:
        sign = 1 if t_o == 9 else -1
        bal[o] += sign * 2 * rules.vole_bonus
        bal[d1] -= sign * rules.vole_bonus
        bal[d2] -= sign * rules.vole_bonus
    return outcome, pool


def extras_bound(rules: OmbreRules) -> int:
    """The most a defender can pay or receive beyond the pool in one deal (sans prendre,
    matadors, vole)."""
    extra = rules.sans_prendre_bonus if rules.sans_prendre_auction else 0
    if rules.matador_payments:
        extra += MAX_MATADORS * rules.matador_unit
    if rules.vole:
        extra += rules.vole_bonus
    return extra


def deal_swing(rules: OmbreRules, pool: int) -> tuple[int, int]:
    """``(lowest, highest)`` change of one seat's balance in a deal that starts with
    ``pool`` (before the antes): ombre's codille or puesta, ombre's sacardo.

    >>> import tapete
    >>> deal_swing(tapete.load_game('ombre').rules, 0)
    (-4, 2)
    """
    after_antes = pool + 3 * rules.ante
    extra = 2 * extras_bound(rules)
    lowest = min(-(after_antes + rules.ante + extra), -(rules.ante + rules.all_pass_pay))
    return lowest, after_antes - rules.ante + extra


def pool_bound(rules: OmbreRules, pool: int, deals: int) -> int:
    """The largest pool ``deals`` deals can leave from ``pool`` (a puesta doubles it)."""
    for _ in range(deals):
        pool = max(2 * (pool + 3 * rules.ante), pool + 3 * (rules.ante + rules.all_pass_pay))
    return pool
