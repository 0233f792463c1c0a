"""La Pocha's closed vocabularies (``PochaPhase``, ``PochaDeck``...): the rules' codes, and
every string seen in seeded random games (variants included) is declared."""

from __future__ import annotations

import typing

import tapete
from tapete.games.pocha import (
    POCHA_DEFAULTS,
    RULE_PARAMETERS,
    PochaDeck,
    PochaEventKind,
    PochaMatchEventKind,
    PochaMatchPhase,
    PochaMatchView,
    PochaPhase,
    PochaRankOrder,
    PochaRules,
    PochaView,
)
from tapete.games.pocha.actions import FIRST_DEALER_PHASE, OVER_PHASE, PHASE_NAMES
from tests.view_vocabulary import strings_seen, undeclared


def test_the_declarations_are_the_rules_codes() -> None:
    assert typing.get_args(PochaPhase) == PHASE_NAMES
    assert set(typing.get_args(PochaMatchPhase)) == {*PHASE_NAMES, FIRST_DEALER_PHASE, OVER_PHASE}
    packs = {PochaRules({**POCHA_DEFAULTS, "deck": size}).deck.name for size in ("36", "40", "48")}
    assert set(typing.get_args(PochaDeck)) == packs
    (rank_order,) = [p for p in RULE_PARAMETERS if p.name == "rank_order"]
    assert set(typing.get_args(PochaRankOrder)) == set(rank_order.choices or ())
    assert typing.get_args(PochaEventKind) == PochaView.EVENT_KINDS
    assert typing.get_args(PochaMatchEventKind) == PochaMatchView.EVENT_KINDS
    assert set(PochaView.EVENT_KINDS) < set(PochaMatchView.EVENT_KINDS)


def test_every_string_seen_in_play_is_declared() -> None:
    games = [
        tapete.load_game("pocha"),
        tapete.load_game("pocha", n_players=3, seven_swap=True, rank_order="natural"),
        tapete.load_game("pocha", deck="48", ronda_subastada=True),
        tapete.load_game("pocha", n_players=3, hand_size=1, ronda_india=True),
        tapete.load_game("pocha-match", n_players=3, hand_sequence="full_only"),
    ]
    seen = strings_seen(games, per_game=2, max_states=400)
    assert undeclared(seen) == []
    # the walk saw what it checks: the hand's and the match's fields and events
    assert {"PochaMatchView.phase", "PochaView.rank_order", "PochaView.EVENT_KINDS"} <= set(seen)
    assert seen["PochaView.deck"].values == {"spanish36", "spanish40", "spanish48"}
    assert {"auction", "trumps"} <= seen["PochaView.phase"].values
    assert "first_dealer" in seen["PochaMatchView.phase"].values
