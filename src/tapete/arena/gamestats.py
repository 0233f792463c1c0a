"""Game-specific statistics of arena games: counters per seat, then rates per player.

Each game name has a collector ``(final state, moves) -> one dict of counters per seat``
(``moves`` is the list of ``(seat, action)`` the players made, chance excluded) and a
summariser that turns a player's summed counters into the rates reported:

* La Pocha: exact-bid rate by hand size and overall, over- and under-tricks.
* Ombre: declarations, sacardo/codille/puesta rates as ombre, pool won per deal.
* Trynka: chips per bank, fold/blind/reveal rates per bank.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tapete.engine.api import State

Counters = dict[str, float]
Collector = Callable[[State, Sequence[tuple[int, int]]], list[Counters]]
Summariser = Callable[[Mapping[str, float]], dict[str, Any]]


def _ratio(num: float, den: float) -> float | None:
    return num / den if den else None


# -- La Pocha ----------------------------------------------------------------------------------
def _pocha_rows(state: State) -> list[tuple[int, Sequence[int], Sequence[int]]]:
    if state.game.name == "pocha-match":
        return [(row.hand_size, row.bids, row.won) for row in getattr(state, "sheet", ())]
    return [(int(getattr(state, "hand_size", 0)), state.bids, state.tricks_won)]  # type: ignore[attr-defined]


def _pocha_collect(state: State, moves: Sequence[tuple[int, int]]) -> list[Counters]:
    n = state.game.num_players()
    out: list[Counters] = [{} for _ in range(n)]
    for size, bids, won in _pocha_rows(state):
        for seat in range(n):
            c = out[seat]
            c[f"hands@{size}"] = c.get(f"hands@{size}", 0.0) + 1
            c["hands"] = c.get("hands", 0.0) + 1
            diff = won[seat] - bids[seat]
            key = "exact" if diff == 0 else "over" if diff > 0 else "under"
            c[key] = c.get(key, 0.0) + 1
            if diff == 0:
                c[f"exact@{size}"] = c.get(f"exact@{size}", 0.0) + 1
            c["bid_total"] = c.get("bid_total", 0.0) + bids[seat]
            c["won_total"] = c.get("won_total", 0.0) + won[seat]
    return out


def _pocha_summary(c: Mapping[str, float]) -> dict[str, Any]:
    hands = c.get("hands", 0.0)
    sizes = sorted(int(k.split("@")[1]) for k in c if k.startswith("hands@"))
    return {
        "hands": int(hands),
        "exact_bid_rate": _ratio(c.get("exact", 0.0), hands),
        "over_rate": _ratio(c.get("over", 0.0), hands),
        "under_rate": _ratio(c.get("under", 0.0), hands),
        "mean_bid": _ratio(c.get("bid_total", 0.0), hands),
        "mean_tricks": _ratio(c.get("won_total", 0.0), hands),
        "exact_bid_rate_by_hand_size": {
            str(s): _ratio(c.get(f"exact@{s}", 0.0), c[f"hands@{s}"]) for s in sizes
        },
    }


# -- Ombre -------------------------------------------------------------------------------------
def _ombre_deals(state: State) -> list[tuple[int | None, str | None]]:
    """(ombre seat, outcome) of each deal played (a session keeps them in ``results``)."""
    results = getattr(state, "results", None)
    if results is not None:
        return [(r.ombre, r.outcome) for r in results]
    ombre = getattr(state, "ombre", None)
    ombre_seat = None if ombre is None or ombre < 0 else int(ombre)
    return [(ombre_seat, getattr(state, "outcome", None))]


def _ombre_collect(state: State, moves: Sequence[tuple[int, int]]) -> list[Counters]:
    n = state.game.num_players()
    out: list[Counters] = [{} for _ in range(n)]
    for ombre, outcome in _ombre_deals(state):
        for seat in range(n):
            out[seat]["deals"] = out[seat].get("deals", 0.0) + 1
        if ombre is not None and 0 <= ombre < n:
            c = out[ombre]
            c["declared"] = c.get("declared", 0.0) + 1
            if outcome:
                c[f"as_ombre:{outcome}"] = c.get(f"as_ombre:{outcome}", 0.0) + 1
    start = [0.0] * n
    if state.game.name == "ombre-match":  # returns are balances: count the money won
        start = [float(b) for b in state.game.params.get("balances") or start]
    for seat, value in enumerate(state.returns()):
        out[seat]["pool_won"] = float(value) - start[seat]
    return out


def _ombre_summary(c: Mapping[str, float]) -> dict[str, Any]:
    deals = c.get("deals", 0.0)
    declared = c.get("declared", 0.0)
    outcomes = sorted(k.split(":", 1)[1] for k in c if k.startswith("as_ombre:"))
    return {
        "deals": int(deals),
        "declarations": int(declared),
        "declaration_rate": _ratio(declared, deals),
        "as_ombre": {o: _ratio(c[f"as_ombre:{o}"], declared) for o in outcomes},
        "pool_won_per_deal": _ratio(c.get("pool_won", 0.0), deals),
    }


# -- Trynka ------------------------------------------------------------------------------------
#: The statistics counted per Trynka action kind (the game's codec names each action's kind).
_T_KINDS = {
    "fold": "fold", "reveal": "reveal", "tens": "claim_tens", "blind": "blind",
    "overblind": "overblind", "bet": "bet",
}  # fmt: skip


def _trynka_collect(state: State, moves: Sequence[tuple[int, int]]) -> list[Counters]:
    n = state.game.num_players()
    banks = float(getattr(state, "bank_number", 0) or 0) + (
        1.0 if state.game.name == "trynka" else 0.0
    )
    banks = max(banks, 1.0)
    out: list[Counters] = [{"banks": banks} for _ in range(n)]
    rules = getattr(state.game, "rules", None)
    codec = getattr(getattr(rules, "bank", rules), "actions", None)
    for seat, action in moves:
        c = out[seat]
        key = _T_KINDS.get(codec.kind(action)) if codec is not None else None
        if key is None:
            continue
        c[key] = c.get(key, 0.0) + 1
    start = [0.0] * n
    if state.game.name == "trynka-match":  # returns are balances: count the chips won
        start = [float(b) for b in getattr(getattr(state, "rules", None), "balances", start)]
    for seat, value in enumerate(state.returns()):
        out[seat]["chips"] = float(value) - start[seat]
    return out


def _trynka_summary(c: Mapping[str, float]) -> dict[str, Any]:
    banks = c.get("banks", 0.0)
    return {
        "banks": int(banks),
        "chips_per_bank": _ratio(c.get("chips", 0.0), banks),
        **{
            f"{k}_rate": _ratio(c.get(k, 0.0), banks)
            for k in ("fold", "blind", "overblind", "reveal", "claim_tens")
        },
        "bets_per_bank": _ratio(c.get("bet", 0.0), banks),
    }


COLLECTORS: dict[str, tuple[Collector, Summariser]] = {
    "pocha": (_pocha_collect, _pocha_summary),
    "pocha-match": (_pocha_collect, _pocha_summary),
    "ombre": (_ombre_collect, _ombre_summary),
    "ombre-match": (_ombre_collect, _ombre_summary),
    "trynka": (_trynka_collect, _trynka_summary),
    "trynka-match": (_trynka_collect, _trynka_summary),
}


def collect_stats(state: State, moves: Sequence[tuple[int, int]] = ()) -> list[Counters]:
    """The counters of each seat for a finished game (empty dicts for unknown games)."""
    entry = COLLECTORS.get(state.game.name)
    if entry is None:
        return [{} for _ in range(state.game.num_players())]
    return entry[0](state, moves)


def summarise_stats(game: str, counters: Mapping[str, float]) -> dict[str, Any]:
    """A player's rates from its summed counters."""
    entry = COLLECTORS.get(game)
    return entry[1](counters) if entry is not None else dict(counters)
