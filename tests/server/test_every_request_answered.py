"""Every lobby request and every hint gets an answer the pages can show (issue 27): a bot
that cannot take a seat is refused with ``400 bad_player``, a reason code and the seat; a
hint whose bots fail is refused with ``hint_failed``; players that cannot run here are not
offered. Each failure path is forced with a player registered for the test."""

from __future__ import annotations

import random
import threading
import warnings
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

warnings.filterwarnings("ignore", category=DeprecationWarning)
from fastapi.testclient import TestClient  # noqa: E402

from tapete.engine.api import Game, PlayerView  # noqa: E402
from tapete.errors import ConfigError  # noqa: E402
from tapete.players import base  # noqa: E402
from tapete.players.base import Player, register_player  # noqa: E402
from tapete.web import hints  # noqa: E402
from tapete.web.app import create_app  # noqa: E402

from .test_hints_option import _hint_answer  # noqa: E402


class _FailsToStart(Player):
    name = "test-fails-to-start"

    def start(self, game: Game, seat: int) -> None:
        raise RuntimeError("a kernel that does not load")

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        return legal_actions[0]


class _WrongGame(Player):
    name = "test-wrong-game"

    def start(self, game: Game, seat: int) -> None:
        raise ConfigError(f"{self.name} does not play {game.name}")

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        return legal_actions[0]


class _FailsToChoose(Player):
    name = "test-fails-to-choose"

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        raise ModuleNotFoundError("No module named 'numpy'")


#: Set when a test is over: the slow bot's thread then ends.
_RELEASE = threading.Event()


class _TooSlow(Player):
    """A bot that thinks until the test is over (a search on a machine under heavy load)."""

    name = "test-too-slow"

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        _RELEASE.wait(60)
        return legal_actions[-1]


@pytest.fixture
def test_players() -> Iterator[None]:
    names = {
        "test-needs-missing": (_FailsToChoose, ("tapete_no_such_module",)),
        "test-fails-to-start": (_FailsToStart, ()),
        "test-wrong-game": (_WrongGame, ()),
        "test-fails-to-choose": (_FailsToChoose, ()),
        "test-too-slow": (_TooSlow, ()),
    }
    for name, (factory, requires) in names.items():
        register_player(name, factory, (), requires=requires)
    try:
        yield
    finally:
        for name in names:
            base._PLAYERS.pop(name, None)
            base._PARAMETERS.pop(name, None)
            base._REQUIRES.pop(name, None)
        hints._BROKEN.difference_update(names)


@pytest.fixture
def client(sqlite_url: str, test_players: None) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url)) as c:
        yield c


def _create_with_bot(client: TestClient, player: str, game: str = "pocha") -> Any:
    seats = [{"kind": "human"}, {"kind": "bot", "player": "rule"}]
    seats.append({"kind": "bot", "player": player})
    return client.post(
        "/api/tables",
        json={"game": game, "params": {"n_players": 3}, "seats": seats},
    )


@pytest.mark.parametrize(
    ("player", "reason"),
    [
        ("test-needs-missing", "player_unavailable"),
        ("test-fails-to-start", "player_failed"),
        ("test-wrong-game", "player_wrong_game"),
        ("no-such-bot", "unknown_player"),
    ],
)
def test_a_bot_that_cannot_sit_is_refused_with_its_seat_and_reason(
    client: TestClient, player: str, reason: str
) -> None:
    answer = _create_with_bot(client, player)
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert error["code"] == "bad_player"
    assert error["reason"] == reason
    assert error["seat"] == 2 and error["player"] == player
    assert "seat 3 (index 2)" in error["detail"]  # the pages' numbering, then the API's
    assert "Traceback" not in error["detail"]
    if reason == "player_unavailable":
        assert error["missing"] == ["tapete_no_such_module"]


def test_players_that_cannot_run_are_not_offered_but_explained(client: TestClient) -> None:
    offered = client.get("/api/players").json()
    assert "test-needs-missing" not in offered and "rule" in offered
    bots = client.get("/api/bots").json()
    assert bots["players"] == offered
    missing = {u["name"]: u for u in bots["unavailable"]}
    assert missing["test-needs-missing"]["missing"] == ["tapete_no_such_module"]
    assert missing["test-needs-missing"]["reason"] == "player_unavailable"
    assert bots["loading"] is False


def _first_hint(client: TestClient, game: str, params: dict[str, Any]) -> dict[str, Any]:
    made: dict[str, Any] = client.post(
        "/api/tables",
        json={
            "game": game,
            "params": params,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "player": "rule"}] * 2,
            "bot_delay": 0,
            "name": "Ana",
            "seat": 0,
        },
    ).json()
    return _hint_answer(client, made)


def test_a_failing_hint_bot_gives_way_to_the_next(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(hints.HINT_PLAYERS, "pocha", (("test-fails-to-choose", {}), ("rule", {})))
    answer = _first_hint(client, "pocha", {"n_players": 3, "hand_size": 2})
    assert answer["type"] == "hint"
    assert answer["player"] == "rule"


def test_a_hint_no_bot_can_answer_is_refused_with_a_reason(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hints, "hint_players", lambda _name: (("test-fails-to-choose", {}),))
    answer = _first_hint(client, "pocha", {"n_players": 3, "hand_size": 2})
    assert (answer["type"], answer["code"]) == ("refused", "hint_failed")
    assert "Traceback" not in answer["detail"]


def test_a_hint_past_its_deadline_is_answered_by_a_quick_bot(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(hints.HINT_PLAYERS, "pocha", (("test-too-slow", {}), ("rule", {})))
    monkeypatch.setattr(hints, "HINT_DEADLINE", 0.2)
    _RELEASE.clear()
    try:
        answer = _first_hint(client, "pocha", {"n_players": 3, "hand_size": 2})
        assert answer["type"] == "hint", answer
        assert answer["player"] == "rule"  # not the slow bot, which is still thinking
        assert answer["why"] and answer["why"][0]["code"] == "bid_count"
    finally:
        _RELEASE.set()


def test_an_exception_outside_the_bots_still_answers_the_hint(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_args: Any, **_kwargs: Any) -> dict[str, Any]:
        raise ModuleNotFoundError("No module named 'numpy'")

    monkeypatch.setattr("tapete.web.play.hint", broken)
    answer = _first_hint(client, "ombre", {})
    assert (answer["type"], answer["code"]) == ("refused", "hint_failed")
    assert "numpy" not in answer["detail"]
