"""The closed vocabularies of the views: a string field whose type declares its values (a
``Literal`` of strings or a ``StrEnum``) has its one-hot over them in declared order, and the
event slots' kinds are the ``EVENT_KINDS`` of the view class whose log they encode, whatever
the survey's random games showed. Every game's views declare both, so no string part and no
kind one-hot of a built-in game comes from the survey."""

from __future__ import annotations

import dataclasses
import enum
import random
import typing
from typing import Any, Literal

import pytest

pytest.importorskip("numpy")

import tapete
from tapete.engine import registered_games
from tapete.games.lhombre import LhombreContract
from tapete.games.tresillo import TresilloContract, TresilloOutcome
from tapete.rl.encoding import (
    Discovery,
    declared_kinds,
    declared_strings,
    discovery,
    encoder_for,
)
from tapete.rl.encoding.layout import (
    _BASE_HINTS,
    _Builder,
    _Context,
    _identity,
    _optional,
)


class Mood(enum.StrEnum):
    CALM = "calm"
    ANGRY = "angry"


@dataclasses.dataclass(frozen=True)
class ToyView:
    phase: Literal["deal", "bid", "play", "over"]
    outcome: Literal["made", "set"] | None
    mood: Mood
    note: str


def toy_parts(found: Discovery) -> dict[str, Any]:
    ctx = _Context(tapete.load_game("pocha"), found, None)
    builder = _Builder(ctx, perfect_recall=False)
    builder.view_fields(ToyView, "", _identity, events=False)
    assert builder.skipped == []
    return {part.name: part for part in builder.parts}


class ToyLog(ToyView):
    EVENT_KINDS = ("deal", "bid", "play")


def test_declared_strings_of_literals_and_str_enums() -> None:
    assert declared_strings(Literal["b", "a"]) == ("b", "a")
    assert declared_strings(Literal["b", "a", "c"]) == ("b", "a", "c")  # nested
    assert declared_strings(Mood) == ("calm", "angry")
    assert declared_strings(str) == ()
    assert declared_strings(Literal[1, 2]) == ()  # not strings: no one-hot from the type
    assert declared_strings(int) == ()


def test_declared_kinds_of_a_view_class() -> None:
    assert declared_kinds(ToyLog) == ("deal", "bid", "play")
    assert declared_kinds(ToyView) == ()  # none: the survey's kinds


def test_a_declared_vocabulary_is_the_layouts_whatever_the_random_games_showed() -> None:
    # the survey saw one phase, an outcome outside the declared ones, no mood, two notes
    seen = {"phase": {"play"}, "outcome": {"draw"}, "note": {"b", "a"}}
    parts = toy_parts(Discovery(strings=seen))
    assert [(p.name, p.offset, p.size, p.labels) for p in parts.values()] == [
        ("phase", 0, 5, ("deal", "bid", "play", "over")),  # declared order
        ("outcome", 5, 3, ("made", "set")),
        ("mood", 8, 3, ("calm", "angry")),
        ("note", 11, 3, ("a", "b")),  # a plain str: what the survey saw, sorted
    ]
    # the same layout when the survey saw nothing of the declared fields
    bare = toy_parts(Discovery(strings={"note": {"a", "b"}}))
    assert [(p.offset, p.size, p.labels) for p in bare.values()] == [
        (p.offset, p.size, p.labels) for p in parts.values()
    ]
    view = ToyView(phase="over", outcome=None, mood=Mood.ANGRY, note="c")
    tensor = [0.0] * 14
    for part in parts.values():
        ones: list[int] = []
        part.write(view, ones, [], [])
        for cell in ones:
            tensor[cell] = 1.0
    assert [i for i, v in enumerate(tensor) if v] == [3, 9, 13]  # over, angry, note's other
    decoded = {name: part.read(tensor) for name, part in parts.items()}
    assert decoded == {"phase": "over", "outcome": None, "mood": "angry", "note": "<other>"}


def string_hint(game: tapete.engine.Game, path: str) -> Any:
    """The type hint of the view field at ``path`` (``phase``, ``deal.phase``)."""
    cls: Any = type(game.new_initial_state().view(0))
    *outer, leaf = path.split(".")
    prefix = ""
    for name in outer:  # a match's live deal: the class the survey saw
        prefix += name
        (cls,) = discovery(game).classes[prefix]
        prefix += "."
    return _optional((typing.get_type_hints(cls) | _BASE_HINTS)[leaf])[0]


def log_class(game: tapete.engine.Game, path: str) -> Any:
    """The view class whose ``events`` the event log part at ``path`` encodes (``events``:
    the view's own, ``deal.events``: a match's live deal's, the class the survey saw)."""
    if path == "events":
        return type(game.new_initial_state().view(0))
    (cls,) = discovery(game).classes[path.rsplit(".", 1)[0]]
    return cls


@pytest.mark.parametrize("name", registered_games())
def test_the_games_layouts_take_their_vocabularies_from_the_types(name: str) -> None:
    """Every string part's one-hot is over the values its ``Literal`` declares, in declared
    order, and every value the survey's random games showed is among them; the event slots'
    kinds are the ``EVENT_KINDS`` of the class whose log they encode, and every kind the
    survey saw there is among them. A game whose view gains a string field typed ``str`` or
    loses its ``EVENT_KINDS`` fails here."""
    game = tapete.load_game(name)
    found = discovery(game)
    encoder = encoder_for(game)
    strings = [p for p in encoder.parts if p.kind == "string"]
    assert strings, name  # every game has a phase at least
    for part in strings:
        declared = declared_strings(string_hint(game, part.name))
        assert declared, (name, part.name)  # a Literal, not a plain str left to the survey
        assert part.labels == declared, part.name
        assert part.size == len(part.labels) + 1
        assert found.strings.get(part.name, set()) <= set(declared), part.name
    (log,) = [p for p in encoder.parts if p.kind == "events"]
    kinds = declared_kinds(log_class(game, log.name))
    assert kinds, name
    assert f"kind one-hot {list(kinds)} then other" in log.meaning
    state, rng, read = game.new_initial_state(), random.Random(3), set()
    for _ in range(300):  # a seeded game's views: the kinds their slots read back
        read |= {kind for _actor, kind, *_rest in log.read(encoder.encode(state.view(0)))}
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert read
    assert read <= set(kinds)  # none is "<other>"


@pytest.mark.parametrize(
    ("name", "field", "literal"),
    [
        ("lhombre", "contract", LhombreContract),
        ("lhombre-match", "deal.contract", LhombreContract),
        ("tresillo", "contract", TresilloContract),
        ("tresillo", "outcome", TresilloOutcome),
    ],
)
def test_a_contracts_one_hot_is_its_literals_members(name: str, field: str, literal: Any) -> None:
    """The layout's vocabulary of a contract (or an outcome) is the ``Literal``'s members,
    among them values the survey's random games never reached (the layout would lack them
    if it still came from the survey)."""
    game = tapete.load_game(name)
    (part,) = [p for p in encoder_for(game).parts if p.name == field]
    members = typing.get_args(literal)
    assert part.labels == members
    assert set(members) - discovery(game).strings.get(field, set())  # unseen, yet laid out
    # a value the survey never saw has its own cell, not ``other``
    unseen = next(v for v in members if v not in discovery(game).strings.get(field, set()))
    ones: list[int] = []
    part.write(_ViewOf(field.rsplit(".", 1)[-1], unseen), ones, [], [])
    assert ones == [part.offset + members.index(unseen)]


class _ViewOf:
    """A stand-in holding one field (and a live deal holding it, for ``deal.`` parts)."""

    def __init__(self, name: str, value: str) -> None:
        setattr(self, name, value)
        self.deal = self
