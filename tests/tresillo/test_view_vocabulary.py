"""Tresillo's closed vocabularies (``TresilloPhase``, ``TresilloContract``,
``TresilloOutcome``...): the rules' codes, and every string seen in seeded random games
(variants included) is declared."""

from __future__ import annotations

import typing

import tapete
from tapete.games.tresillo import (
    TresilloContract,
    TresilloEventKind,
    TresilloMatchPhase,
    TresilloMatchView,
    TresilloPhase,
    TresilloView,
)
from tapete.games.tresillo.actions import CONTRACTS, PHASE_NAMES
from tests.view_vocabulary import strings_seen, undeclared


def test_the_declarations_are_the_rules_codes() -> None:
    assert typing.get_args(TresilloPhase) == tuple(name for name in PHASE_NAMES if name)
    assert typing.get_args(TresilloMatchPhase) == typing.get_args(TresilloPhase)
    assert typing.get_args(TresilloContract) == tuple(CONTRACTS.values())
    assert typing.get_args(TresilloEventKind) == TresilloView.EVENT_KINDS
    assert TresilloMatchView.EVENT_KINDS == TresilloView.EVENT_KINDS


def test_every_string_seen_in_play_is_declared() -> None:
    games = [
        tapete.load_game("tresillo"),
        tapete.load_game("tresillo", bola=True, estuches=True, palo_de_favor="hearts"),
        tapete.load_game("tresillo", n_players=3),
        tapete.load_game("tresillo-match", num_deals=3),
    ]
    seen = strings_seen(games, per_game=4, max_states=600)
    assert undeclared(seen) == []
    fields = {"TresilloView.bid", "TresilloView.contract", "TresilloDealResult.outcome"}
    assert fields <= set(seen)
    assert "entrada_favor" in seen["TresilloView.contract"].values | seen["TresilloView.bid"].values
