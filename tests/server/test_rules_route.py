"""The rules pages' route (issue 28): ``/rules/{game}`` for the five games and their matches,
``404 unknown_game`` (the JSON error) for any other name; the content files are static."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

warnings.filterwarnings("ignore", category=DeprecationWarning)
from fastapi.testclient import TestClient  # noqa: E402

from tapete.web.app import create_app  # noqa: E402

GAMES = ("pocha", "ombre", "trynka", "tresillo", "lhombre")


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as c:
        yield c


def test_rules_pages_of_the_games_and_their_matches(client: TestClient) -> None:
    for game in GAMES:
        for name in (game, f"{game}-match"):
            page = client.get(f"/rules/{name}")
            assert page.status_code == 200, name
            assert 'src="/static/js/rules.js"' in page.text
        for lang in ("en", "es", "ru"):
            content = client.get(f"/static/rules/{lang}/{game}.html")
            assert content.status_code == 200 and "<h1>" in content.text, (lang, game)


@pytest.mark.parametrize("name", ["chess", "POCHA", "pocha-match-match", "ombre.html", "trynka%20"])
def test_an_unknown_game_has_no_rules_page(client: TestClient, name: str) -> None:
    answer = client.get(f"/rules/{name}")
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "unknown_game"
