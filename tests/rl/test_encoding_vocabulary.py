"""The closed vocabularies of the views' string fields: a field whose type declares its values
(a ``Literal`` of strings or a ``StrEnum``) has its one-hot over them, whatever the survey's
random games showed; the games' layouts stay what the survey gives while no declaration
adds a value it does not see."""

from __future__ import annotations

import dataclasses
import enum
import typing
from typing import Any, Literal

import pytest

pytest.importorskip("numpy")

import tapete
from tapete.engine import registered_games
from tapete.rl.encoding import Discovery, declared_strings, discovery, encoder_for
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


def test_declared_strings_of_literals_and_str_enums() -> None:
    assert declared_strings(Literal["b", "a"]) == ("b", "a")
    assert declared_strings(Mood) == ("calm", "angry")
    assert declared_strings(str) == ()
    assert declared_strings(Literal[1, 2]) == ()  # not strings: no one-hot from the type
    assert declared_strings(int) == ()


def test_a_declared_vocabulary_is_the_layouts_whatever_the_random_games_showed() -> None:
    # the survey saw one phase, an outcome outside the declared ones, no mood, two notes
    seen = {"phase": {"play"}, "outcome": {"draw"}, "note": {"b", "a"}}
    parts = toy_parts(Discovery(strings=seen))
    assert [(p.name, p.offset, p.size, p.labels) for p in parts.values()] == [
        ("phase", 0, 5, ("bid", "deal", "over", "play")),
        ("outcome", 5, 3, ("made", "set")),
        ("mood", 8, 3, ("angry", "calm")),
        ("note", 11, 3, ("a", "b")),  # a plain str: what the survey saw
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
    assert [i for i, v in enumerate(tensor) if v] == [2, 8, 13]  # over, angry, note's other
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


@pytest.mark.parametrize("name", registered_games())
def test_the_games_string_layouts_follow_their_types_else_the_survey(name: str) -> None:
    """Every string part's one-hot is over the values its type declares, else over those the
    survey saw; a declaration must name exactly what the survey sees (the layout, pinned by
    docs/rl-layouts.md, is then unchanged). A declaration that adds values changes the
    layout: regenerate docs/rl-layouts.md and change this test on purpose."""
    game = tapete.load_game(name)
    found = discovery(game)
    strings = [p for p in encoder_for(game).parts if p.kind == "string"]
    assert strings, name  # every game has a phase at least
    for part in strings:
        declared = declared_strings(string_hint(game, part.name))
        seen = tuple(sorted(found.strings.get(part.name, set())))
        assert part.labels == (tuple(sorted(declared)) if declared else seen), part.name
        assert part.size == len(part.labels) + 1
        if declared:
            assert set(declared) == set(seen), (part.name, declared, seen)
