"""Trynka's closed vocabularies (``TrynkaPhase``, ``TrynkaEventKind``...): the rules' codes,
and every string seen in seeded random games (variants included) is declared."""

from __future__ import annotations

import typing

from tests.view_vocabulary import strings_seen, undeclared

import tapete
from tapete.games.trynka import (
    TrynkaEventKind,
    TrynkaMatchEventKind,
    TrynkaMatchPhase,
    TrynkaMatchView,
    TrynkaPhase,
    TrynkaView,
)
from tapete.games.trynka import state as trynka_state
from tapete.games.trynka.actions import AMOUNT_WORDS, SIMPLE_KINDS


def test_the_declarations_are_the_rules_codes() -> None:
    stages = {
        value
        for name, value in vars(trynka_state).items()
        if name in ("DEAL", "BLIND", "ROUND1", "BLIND_LOOK", "BETTING", "RESPOND", "PROPOSE",
                    "JOINING", "TENS_WINDOW", "OVER")
    }  # fmt: skip
    assert len(stages) == 10
    assert set(typing.get_args(TrynkaPhase)) == stages | {"closed"}
    assert set(typing.get_args(TrynkaMatchPhase)) == stages | {"closed", "first_dealer"}
    kinds = set(typing.get_args(TrynkaEventKind))  # the cards dealt, then the actions' kinds
    assert kinds == {"deal"} | set(SIMPLE_KINDS) | set(AMOUNT_WORDS)
    assert typing.get_args(TrynkaEventKind) == TrynkaView.EVENT_KINDS
    assert typing.get_args(TrynkaMatchEventKind) == TrynkaMatchView.EVENT_KINDS
    assert set(TrynkaMatchView.EVENT_KINDS) == kinds | {"draw"}


def test_every_string_seen_in_play_is_declared() -> None:
    games = [
        tapete.load_game("trynka"),
        tapete.load_game("trynka", n_players=3, tens_claim_moment="any_moment"),
        tapete.load_game("trynka", accidental_exposure_rate=0.2, blind_chain=True),
        tapete.load_game("trynka-match", banks=3),
    ]
    seen = strings_seen(games, per_game=4, max_states=600)
    assert undeclared(seen) == []
    assert {"TrynkaView.phase", "TrynkaMatchView.phase", "TrynkaView.EVENT_KINDS"} <= set(seen)
    assert "draw" in seen["TrynkaMatchView.EVENT_KINDS"].values
