"""Ombre's closed vocabularies (``OmbrePhase``, ``OmbreOutcome``...) and the family's: the
rules' codes, and every string seen in seeded random games (variants included) is declared."""

from __future__ import annotations

import typing

import tapete
from tapete.games.lhombre import LhombreOutcome, LhombrePhase, LhombreView
from tapete.games.ombre import (
    OmbreEventKind,
    OmbreMatchEventKind,
    OmbreMatchPhase,
    OmbreMatchView,
    OmbreOutcome,
    OmbrePhase,
    OmbreView,
)
from tapete.games.ombre.actions import PHASE_NAMES
from tapete.games.ombre_family.view import FamilyEventKind, FamilyOutcome, FamilyPhase
from tapete.games.tresillo import TresilloOutcome, TresilloPhase, TresilloView
from tests.view_vocabulary import strings_seen, undeclared


def test_the_declarations_are_the_rules_codes() -> None:
    assert typing.get_args(OmbrePhase) == tuple(name for name in PHASE_NAMES if name)
    assert set(typing.get_args(OmbreMatchPhase)) == {*PHASE_NAMES, "first_dealer"} - {""}
    assert typing.get_args(OmbreEventKind) == OmbreView.EVENT_KINDS
    assert (*OmbreView.EVENT_KINDS, "show") == OmbreMatchView.EVENT_KINDS
    assert typing.get_args(OmbreMatchEventKind) == OmbreMatchView.EVENT_KINDS


def test_the_family_declares_every_games_phases_and_outcomes() -> None:
    family_phases, family_outcomes = (
        set(typing.get_args(FamilyPhase)),
        typing.get_args(FamilyOutcome),
    )
    phases = [OmbrePhase, TresilloPhase, LhombrePhase]
    outcomes = [OmbreOutcome, TresilloOutcome, LhombreOutcome]
    assert set().union(*(typing.get_args(p) for p in phases)) == family_phases
    assert set().union(*(typing.get_args(o) for o in outcomes)) == set(family_outcomes)
    assert len(family_outcomes) == len(set(family_outcomes))
    for view in (OmbreView, TresilloView, LhombreView):  # the family's deal code's kinds
        assert set(view.EVENT_KINDS) >= set(typing.get_args(FamilyEventKind)) - {"turn"}


def test_every_string_seen_in_play_is_declared() -> None:
    games = [
        tapete.load_game("ombre"),
        tapete.load_game("ombre", tie_441="codille_split", vole=True, auction="sans_prendre"),
        tapete.load_game("ombre", talon_rest_visible="all", all_pass="forced_spadille"),
        tapete.load_game("ombre-match", num_deals=3),
    ]
    seen = strings_seen(games, per_game=4, max_states=600)
    assert undeclared(seen) == []
    assert {"OmbreView.outcome", "DealResult.outcome", "OmbreMatchView.EVENT_KINDS"} <= set(seen)
    assert "show" in seen["OmbreMatchView.EVENT_KINDS"].values
    assert "first_dealer" in seen["OmbreMatchView.phase"].values
