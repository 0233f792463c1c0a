"""The rules pages' content files (``web/static/rules/{lang}/{game}.html``): the same sections,
words (anchors) and card pictures in English, Spanish and Russian; cards written in the game's
pack; links inside a page that land; and every word the table pages link (``js/terms.js``'s
``TERMS``) present as an anchor of its game's page in every language."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "tapete" / "web" / "static"
RULES = STATIC / "rules"
LANGS = ("en", "es", "ru")
GAMES = ("pocha", "ombre", "trynka", "tresillo", "lhombre")
SECTIONS = ["need", "deal", "bidding", "play", "scoring", "example", "terms", "first-game"]
# the games whose pages have a section on the table's options (issue 28), before the example
OPTIONS = ("pocha", "tresillo", "lhombre")
# each game's cards as cards.js reads them: the Spanish pack for La Pocha and Tresillo (rank,
# then the suit letter), Ombre's and l'hombre's 40 French cards suit first, Trynka's 24 rank first
PACK = {
    "pocha": r"(A|[2-7]|S|C|R)[oceb]",
    "tresillo": r"(A|[2-7]|S|C|R)[oceb]",
    "ombre": r"[♣♦♥♠](A|[2-7]|J|Q|K)",
    "lhombre": r"[♣♦♥♠](A|[2-7]|J|Q|K)",
    "trynka": r"(6|7|8|9|10|A)[♣♦♥♠]",
}


class _Page(HTMLParser):
    """What a content file holds: its headings, sections, ids, cards and local links."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: list[str] = []
        self.ids: list[str] = []
        self.cards: list[str] = []
        self.links: list[str] = []
        self.h1 = 0
        self.glossary_terms: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "section":
            self.sections.append(a.get("id", ""))
        if "id" in a:
            self.ids.append(a["id"])
            if tag == "dt":
                self.glossary_terms.append(a["id"])
        if "data-card" in a:
            self.cards.append(a["data-card"])
        if tag == "a" and a.get("href", "").startswith("#"):
            self.links.append(a["href"][1:])
        if tag == "h1":
            self.h1 += 1


def _read(lang: str, game: str) -> _Page:
    page = _Page()
    page.feed((RULES / lang / f"{game}.html").read_text(encoding="utf-8"))
    return page


def _terms_js() -> dict[str, set[str]]:
    """The words of ``js/terms.js``'s ``TERMS``, by game (read from the source)."""
    text = (STATIC / "js" / "terms.js").read_text(encoding="utf-8")
    block = text.split("export const TERMS = {", 1)[1].split("\n};", 1)[0]
    out: dict[str, set[str]] = {}
    game = ""
    for line in block.splitlines():
        head = re.match(r"^  (\w+): \{$", line)
        if head:
            game = head.group(1)
            out[game] = set()
            continue
        word = re.match(r'^    "?([\w-]+)"?: N_\(', line)
        if word:
            out[game].add(word.group(1))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_language_has_the_same_sections_words_and_cards(game: str) -> None:
    pages = {lang: _read(lang, game) for lang in LANGS}
    for lang, page in pages.items():
        assert page.h1 == 1, (lang, game)
        expected = list(SECTIONS)
        if game in OPTIONS:
            expected.insert(SECTIONS.index("example"), "options")
        assert page.sections == expected, (lang, game)
        assert len(page.ids) == len(set(page.ids)), (lang, game, "an id twice")
        assert len(page.glossary_terms) >= 8, (lang, game)
        assert all(i.startswith("term-") for i in page.glossary_terms), (lang, game)
        assert page.cards, (lang, game)
        missing = sorted(set(page.links) - set(page.ids))
        assert not missing, (lang, game, "links to nothing", missing)
    english = pages["en"]
    for lang in ("es", "ru"):
        assert pages[lang].glossary_terms == english.glossary_terms, (lang, game)
        assert pages[lang].cards == english.cards, (lang, game)
        assert sorted(set(pages[lang].links)) == sorted(set(english.links)), (lang, game)


@pytest.mark.parametrize("game", GAMES)
def test_cards_are_written_in_the_games_pack(game: str) -> None:
    pattern = re.compile(PACK[game])
    for lang in LANGS:
        for card in _read(lang, game).cards:
            assert pattern.fullmatch(card), (lang, game, card)


def test_every_word_the_tables_link_is_a_word_of_its_rules_page() -> None:
    words = _terms_js()
    assert set(words) == set(GAMES)
    for game, ids in words.items():
        assert ids, game
        for lang in LANGS:
            anchors = set(_read(lang, game).glossary_terms)
            missing = sorted(f"term-{i}" for i in ids if f"term-{i}" not in anchors)
            assert not missing, (lang, game, missing)
