#!/usr/bin/env python3
"""Regenerate the golden playthroughs in ``tests/golden/`` and the perft counts.

Each playthrough is one seeded game: uniform random play (``random_playout`` with
``random.Random(seed)``) or rule-bot self-play (every seat a ``rule`` bot), headed by the line
that says how to make it again and the game's declared metadata. Per state it writes, as
OpenSpiel's playthroughs do, the acting seat, the action taken, the legal action texts (the
number of outcomes at a chance node) and a digest of every seat's view (and the spectator's),
so that a change to a legal list or to a view shows up in review even when the game's random
line does not change. The file ends with the result and the spectator's final view.

``tests/golden/perft.json`` holds perft counts (the exact number of legal action sequences)
from fixed small positions of each game (:data:`PERFT`).

    .venv/bin/python tools/regen_golden.py            # every file
    .venv/bin/python tools/regen_golden.py pocha      # only these games' playthroughs
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tapete
from tapete.engine import State, sample_chance
from tapete.players.base import load as load_player
from tapete.testing.perft import perft

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
FOLLOW = "follow_only"

#: Ombre-family option sets (issue 30's safety net before the rules moved to one core):
#: between them every rule option away from its default, a few at a time (file names are
#: made of the parameters).
_OMBRE_A: dict[str, Any] = {
    "auction": "sans_prendre", "all_pass": "forced_spadille", "vole": True,
    "matador_payments": True,
}  # fmt: skip
_OMBRE_B: dict[str, Any] = {
    "min_discard_ombre": 1, "talon_rest_visible": "all", "trump_timing": "before_exchange",
    "first_lead": "eldest", "tie_441": "codille_split",
}  # fmt: skip
_OMBRE_C: dict[str, Any] = {
    "ante": 2, "all_pass": "throw_in_pay_two", "talon_rest_visible": "last_exchanger",
    "matador_privilege": False,
}  # fmt: skip
_OMBRE_D: dict[str, Any] = {
    "auction": "sans_prendre", "vole": True, "vole_bonus": 3, "matador_payments": True,
    "matador_unit": 1, "sans_prendre_bonus": 2, "pool": 5,
}  # fmt: skip
_TRESILLO_A: dict[str, Any] = {
    "bola": True, "estuches": True, "polla": 1, "plate_payout": "all",
    "tie_441": "codille_split",
}  # fmt: skip
_TRESILLO_B: dict[str, Any] = {
    "surrender": False, "matador_privilege": False, "palo_de_favor": "hearts",
    "favor_extra": 2,
}  # fmt: skip
_TRESILLO_C: dict[str, Any] = {
    "entrada_value": 2, "vuelta_value": 3, "solo_value": 5, "bola": True, "bola_bonus": 4,
    "estuches": True, "estuche_unit": 2,
}  # fmt: skip
_LHOMBRE_A: dict[str, Any] = {"settlement": "pot", "pot_ante": 3, "tout_points": 2}
_LHOMBRE_B: dict[str, Any] = {
    "settlement": "player", "tout": False, "matador_privilege": False, "auction": "steps",
}  # fmt: skip

#: ``(game, params, seed, policy, what it shows)``: every outcome appears somewhere.
CASES: list[tuple[str, dict[str, Any], int, str, str]] = [
    ("pocha", {}, 1, "random", ""),
    ("pocha", {}, 2, "random", ""),
    ("pocha", {"n_players": 3, "hand_size": 4, "seven_swap": True}, 1, "random", ""),
    ("pocha", {"n_players": 3, "hand_size": 4, "seven_swap": True}, 2, "random", ""),
    ("pocha", {"n_players": 4, "hand_size": 5, "seven_swap": True}, 2, "rule", "seven swap"),
    ("pocha-match", {"n_players": 3, "hand_sequence": "1,2,1"}, 1, "random", ""),
    ("pocha-match", {"n_players": 3, "hand_sequence": "1,2,1"}, 2, "random", ""),
    ("pocha-match", {"n_players": 4, "hand_sequence": "1,3,1"}, 1, "rule", ""),
    ("pocha", {"hand_size": 1, "ronda_india": True}, 1, "random", "ronda india"),
    ("pocha", {"hand_size": 1, "ronda_india": True}, 2, "rule", "ronda india"),
    ("pocha", {"n_players": 3, "hand_size": 1, "ronda_ciega": True}, 1, "rule", "ronda ciega"),
    ("pocha", {"hand_size": 3, "ronda_subastada": True}, 1, "random", "ronda subastada"),
    ("pocha", {"hand_size": 4, "ronda_subastada": True}, 2, "rule", "ronda subastada"),
    (
        "pocha-match",
        {
            "n_players": 3,
            "hand_sequence": "1,1,2,1",
            "ronda_india": "opening",
            "ronda_ciega": "last",
            "ronda_subastada": "full_hands",
        },
        1,
        "rule",
        "the three hand variants in a match",
    ),
    ("ombre", {}, 1, "random", ""),
    ("ombre", {}, 2, "random", ""),
    ("ombre", {}, 1, "rule", ""),
    ("ombre", {}, 2, "rule", ""),
    ("ombre", {}, 3, "rule", ""),
    ("ombre", {}, 4, "rule", ""),
    ("ombre-match", {"num_deals": 3}, 1, "rule", ""),
    ("ombre-match", {}, 1, "random", ""),
    ("trynka", {}, 1, "random", ""),
    ("trynka", {}, 2, "random", ""),
    ("trynka", {}, 1, "rule", ""),
    ("trynka", {}, 2, "rule", ""),
    ("trynka-match", {}, 1, "random", ""),
    ("trynka-match", {}, 1, "rule", ""),
    # Trynka's variants (issue 15): Seka's 32-card pack, joker, doubled sighted stakes, no
    # reveal in the first round, single reveal without a blind (a svara); three tens asked
    # at any moment; the seed's readings of the blind stakes and the flush
    (
        "trynka",
        {
            "deck": 32,
            "joker": True,
            "sighted_stakes": "double_while_blind",
            "first_round_reveal": False,
            "reveal_without_blind": "single",
        },
        2,
        "rule",
        "Seka",
    ),
    ("trynka", {"tens_claim_moment": "any_moment", "joker": True}, 1, "random", ""),
    (
        "trynka",
        {"reveal_basis": "blind_stakes", "overblind_level": "first_blind", "trynka_flush": True},
        1,
        "rule",
        "",
    ),
    ("trynka-match", {"deck": 32, "joker": True, "tens_claim_moment": "any_moment"}, 1, "rule", ""),
    # Tresillo (issue 15): four at the table, the dealer sits out
    ("tresillo", {}, 1, "random", "a vuelta surrendered"),
    ("tresillo", {}, 6, "random", "a surrendered entrada defended"),
    ("tresillo", {"palo_de_favor": "spades"}, 6, "random", "favour bids, a defended puesta"),
    ("tresillo", {}, 4, "rule", "a solo won"),
    ("tresillo", {}, 8, "rule", "a vuelta won"),
    ("tresillo", {"palo_de_favor": "spades"}, 4, "rule", "a favour entrada won"),
    ("tresillo-match", {"num_deals": 4}, 1, "random", ""),
    ("tresillo-match", {"num_deals": 4}, 1, "rule", "the plate carried"),
    ("tresillo", {"n_players": 3}, 1, "random", "three at the table: nobody sits out"),
    ("tresillo", {"n_players": 3}, 2, "random", ""),
    ("tresillo", {"n_players": 3, **_TRESILLO_A}, 3, "rule", ""),
    ("tresillo", {"n_players": 3}, 4, "rule", ""),
    ("tresillo-match", {"n_players": 3, "num_deals": 3}, 1, "rule", "three deal in turn"),
    # Danish l'hombre (issue 15): the Union's ladder, bet and kruk
    ("lhombre", {}, 2, "random", "a solo won"),
    ("lhombre", {}, 5, "random", "a nolo ouvert kruk"),
    ("lhombre", {}, 9, "random", "a ren nolo bet"),
    ("lhombre", {"auction": "steps"}, 2, "random", "the one-step ladder"),
    ("lhombre", {}, 1, "rule", "a ren nolo won"),
    ("lhombre", {}, 5, "rule", "a spil kruk"),
    ("lhombre", {}, 10, "rule", "a købe nolo won"),
    ("lhombre", {}, 14, "rule", "a tourné won"),
    ("lhombre-match", {"num_deals": 3}, 1, "random", ""),
    ("lhombre-match", {"num_deals": 3}, 1, "rule", ""),
    # The Ombre family's options (issue 30)
    ("ombre", _OMBRE_A, 1, "random", ""),
    ("ombre", _OMBRE_A, 2, "rule", ""),
    ("ombre", _OMBRE_B, 1, "random", ""),
    ("ombre", _OMBRE_B, 2, "rule", ""),
    ("ombre", _OMBRE_C, 1, "random", ""),
    ("ombre", _OMBRE_C, 2, "rule", ""),
    ("ombre", _OMBRE_D, 1, "random", ""),
    ("ombre", _OMBRE_D, 2, "rule", ""),
    (
        "ombre-match",
        {
            "num_deals": 3,
            "leftover_pool": "play_until_empty",
            "max_extra_deals": 2,
            "dealer_selection": "rotate",
            "trump_timing": "before_exchange",
        },
        1,
        "random",
        "",
    ),
    (
        "ombre-match",
        {
            "num_deals": 3,
            "exclude_previous_dealer": True,
            "talon_rest_visible": "ombre",
            "auction": "sans_prendre",
            "matador_payments": True,
        },
        1,
        "rule",
        "",
    ),
    ("tresillo", _TRESILLO_A, 6, "random", ""),
    ("tresillo", _TRESILLO_A, 9, "rule", ""),
    ("tresillo", _TRESILLO_B, 2, "random", ""),
    ("tresillo", _TRESILLO_B, 3, "rule", ""),
    ("tresillo", _TRESILLO_C, 1, "random", ""),
    ("tresillo", _TRESILLO_C, 2, "rule", ""),
    ("tresillo-match", {"num_deals": 4, "first_dealer": 1, **_TRESILLO_A}, 1, "rule", ""),
    ("tresillo-match", {"num_deals": 4, **_TRESILLO_B}, 1, "random", ""),
    ("lhombre", _LHOMBRE_A, 4, "rule", ""),
    ("lhombre", _LHOMBRE_A, 5, "rule", ""),
    ("lhombre", _LHOMBRE_A, 2, "random", ""),
    ("lhombre", _LHOMBRE_B, 1, "rule", ""),
    ("lhombre", _LHOMBRE_B, 3, "random", ""),
    ("lhombre-match", {"num_deals": 3, "first_dealer": 0, **_LHOMBRE_A}, 1, "rule", ""),
    ("lhombre-match", {"num_deals": 3, **_LHOMBRE_B}, 1, "random", ""),
]


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def _view_digests(state: State) -> str:
    seats = [None, *range(state.game.num_players())]
    return " ".join(_digest(state.view(seat).to_dict()) for seat in seats)


def _metadata(game: tapete.Game) -> dict[str, Any]:
    return {
        "num_distinct_actions": game.num_distinct_actions(),
        "max_chance_outcomes": game.max_chance_outcomes(),
        "max_game_length": game.max_game_length(),
        "utility": [game.min_utility(), game.max_utility()],
        "utility_sum": game.utility_sum(),
    }


def _who(state: State) -> str:
    seat = state.current_player()
    return "chance" if seat == tapete.CHANCE else f"seat {seat}"


def golden_text(game_name: str, params: dict[str, Any], seed: int, policy: str = "random") -> str:
    """The golden file's content for one game, parameters, seed and policy."""
    game = tapete.load_game(game_name, **params)
    rng = random.Random(seed)
    bots = []
    if policy == "rule":
        for seat in range(game.num_players()):
            bot = load_player("rule")
            bot.start(game, seat)
            bots.append(bot)
    state = game.new_initial_state()
    header = {"game": game_name, "params": params, "seed": seed, "policy": policy}
    lines = [
        f"# golden: {json.dumps(header, ensure_ascii=False)}",
        f"# {game!r}  {json.dumps(_metadata(game))}",
        "# move  who     action  | legal actions (or chance outcomes) | views: spectator, seat 0…",
    ]
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.is_chance_node():
            choices = f"{len(legal)} outcomes"
            action = sample_chance(state, rng)
        else:
            choices = ", ".join(state.action_to_string(a) for a in legal)
            if bots:
                seat = state.current_player()
                action = bots[seat].choose(state.view(seat), legal, rng)
            else:
                action = legal[int(rng.random() * len(legal))]
        text = state.action_to_string(action)
        lines.append(
            f"{state.move_number() + 1:6d}  {_who(state):7} {text}  | {choices} | "
            f"{_view_digests(state)}"
        )
        state.apply_action(action)
    lines.append(f"# result {' '.join(f'{r:g}' for r in state.returns())}")
    final = state.view(None).to_dict()
    final.pop("events", None)
    lines.append(f"# final view: {json.dumps(final, sort_keys=True, ensure_ascii=False)}")
    return "\n".join(lines) + "\n"


def file_name(game_name: str, params: dict[str, Any], seed: int, policy: str = "random") -> str:
    """``pocha-n_players=3-hand_size=4-seed1.txt`` (``-rule`` for rule-bot self-play)."""
    parts = [game_name, *(f"{k}={v}" for k, v in params.items()), f"seed{seed}"]
    if policy != "random":
        parts.append(policy)
    return "-".join(str(p).replace(",", "_") for p in parts) + ".txt"


def _position(game_name: str, params: dict[str, Any], texts: list[str]) -> State:
    state = tapete.load_game(game_name, **params).new_initial_state()
    for text in texts:
        state.apply_string(text)
    return state


def _dealt(game_name: str, params: dict[str, Any], seed: int, moves: int) -> State:
    """A seeded random position after ``moves`` actions (chance and choices)."""
    state = tapete.load_game(game_name, **params).new_initial_state()
    rng = random.Random(seed)
    while state.move_number() < moves and not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])
    return state


#: Perft positions: name → a function making the position, and the depth counted (``None``:
#: to the end of the game). Trynka's betting tree (with redeals and svaras, whose new cards
#: are chance nodes too) is counted to a fixed depth.
PERFT: dict[str, tuple[Callable[[], State], int | None]] = {
    "pocha 3 players x 2 cards, after the deal": (
        lambda: _dealt("pocha", {"n_players": 3, "hand_size": 2}, 1, 7),
        None,
    ),
    "pocha 4 players x 3 cards, after the deal": (
        lambda: _dealt("pocha", {"n_players": 4, "hand_size": 3}, 2, 13),
        None,
    ),
    "pocha 3 players x 3 cards, follow_only, after the deal": (
        lambda: _dealt(
            "pocha", {"n_players": 3, "hand_size": 3, "play_rules": "follow_only"}, 3, 10
        ),
        None,
    ),
    "ombre, after 5 tricks (seed 1)": (lambda: _late("ombre", 1), None),
    "ombre, after 5 tricks (seed 2)": (lambda: _late("ombre", 2), None),
    "tresillo, after 5 tricks (seed 1)": (lambda: _late("tresillo", 1), None),
    "tresillo, after 5 tricks (seed 2)": (lambda: _late("tresillo", 2), None),
    "tresillo for three with polla, after 5 tricks (seed 4)": (
        lambda: _late("tresillo", 4, {"n_players": 3, "polla": 1, "bola": True}),
        None,
    ),
    "tresillo with bola and no surrender, after 5 tricks (seed 3)": (
        lambda: _late("tresillo", 3, {"bola": True, "surrender": False}),
        None,
    ),
    "lhombre, after 5 tricks (seed 1)": (lambda: _late("lhombre", 1), None),
    "lhombre, after 5 tricks (seed 2)": (lambda: _late("lhombre", 2), None),
    "lhombre, a nolo game after 5 tricks (seed 3)": (
        lambda: _late("lhombre", 3, nolo=True),
        None,
    ),
    "trynka 2 players, cap 4, after the deal, 5 actions deep": (
        lambda: _dealt("trynka", {"n_players": 2, "level_cap": 4}, 1, 6),
        5,
    ),
    "trynka 3 players, cap 3, after the deal, 5 actions deep": (
        lambda: _dealt("trynka", {"n_players": 3, "level_cap": 3}, 2, 9),
        5,
    ),
}


def _late(
    name: str, seed: int, params: dict[str, Any] | None = None, *, nolo: bool = False
) -> State:
    """A seeded deal of an Ombre-family game played at random until five tricks are complete
    (a contract made and trumps named: the rest is card play, as in a double-dummy problem);
    with ``nolo``, the first such deal without trumps."""
    for attempt in range(1000):
        state = tapete.load_game(name, **(params or {})).new_initial_state()
        rng = random.Random(f"{seed}-{attempt}")
        while not state.is_terminal():
            view = state.view(None)
            tricks = getattr(view, "finished_tricks", ())
            trick = getattr(view, "current_trick", None)
            if len(tricks) == 5 and (trick is None or not trick.cards):
                if nolo and getattr(view, "trumps", None) is not None:
                    break
                return state
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
    raise RuntimeError(f"no {name} deal reached five tricks")


def perft_counts() -> dict[str, int]:
    """Every perft position's count."""
    return {name: perft(make(), depth) for name, (make, depth) in PERFT.items()}


def main(argv: list[str]) -> int:
    """Write the files; print what was written."""
    names = argv or tapete.registered_games()
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for old in GOLDEN.glob("*.txt"):
        header = json.loads(old.read_text(encoding="utf-8").splitlines()[0][len("# golden: ") :])
        if header["game"] in names:
            old.unlink()
    for name, params, seed, policy, _ in CASES:
        if name not in names:
            continue
        path = GOLDEN / file_name(name, params, seed, policy)
        path.write_text(golden_text(name, params, seed, policy), encoding="utf-8")
        print(f"wrote {path.relative_to(GOLDEN.parent.parent)}")
    if not argv:
        path = GOLDEN / "perft.json"
        path.write_text(json.dumps(perft_counts(), indent=2, ensure_ascii=False) + "\n")
        print(f"wrote {path.relative_to(GOLDEN.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
