"""Danish l'hombre's closed vocabularies (``LhombrePhase``, ``LhombreBid``,
``LhombreContract``, ``LhombreOutcome``...): the rules' codes, and every string seen in
seeded random games (variants included) is declared."""

from __future__ import annotations

import typing

import tapete
from tapete.games.lhombre import (
    GAMES,
    LhombreBid,
    LhombreContract,
    LhombreEventKind,
    LhombreMatchPhase,
    LhombreMatchView,
    LhombrePhase,
    LhombreView,
)
from tapete.games.lhombre.actions import LEVEL_WORDS, PHASE_NAMES
from tests.view_vocabulary import strings_seen, undeclared


def test_the_declarations_are_the_rules_codes() -> None:
    assert typing.get_args(LhombrePhase) == tuple(name for name in PHASE_NAMES if name)
    assert typing.get_args(LhombreMatchPhase) == typing.get_args(LhombrePhase)
    assert typing.get_args(LhombreBid) == LEVEL_WORDS
    assert typing.get_args(LhombreContract) == GAMES
    assert typing.get_args(LhombreEventKind) == LhombreView.EVENT_KINDS
    assert LhombreMatchView.EVENT_KINDS == LhombreView.EVENT_KINDS


def test_every_string_seen_in_play_is_declared() -> None:
    games = [
        tapete.load_game("lhombre"),
        tapete.load_game("lhombre", settlement="pot"),
        tapete.load_game("lhombre-match", num_deals=3),
    ]
    seen = strings_seen(games, per_game=5, max_states=600)
    assert undeclared(seen) == []
    fields = {"LhombreView.bid", "LhombreView.contract", "LhombreDealResult.outcome"}
    assert fields <= set(seen)
