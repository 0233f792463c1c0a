"""The message catalogs: complete, placeholders kept, the pages' JSON in sync, every reason
code of the engine and the server with a sentence, and each game's own terms present."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import tapete
from tapete import i18n
from tapete.i18n.reasons import REASONS

SRC = Path(tapete.__file__).resolve().parent
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _template_ids() -> list[str]:
    """The template's messages (the singular of those with plural forms)."""
    with (i18n.LOCALE_DIR / "tapete.pot").open("rb") as f:
        return [m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id]


def _plural_entries(lang: str) -> dict[tuple[str, str], tuple[str, ...]]:
    with i18n.po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    out: dict[tuple[str, str], tuple[str, ...]] = {}
    for m in catalog:
        if isinstance(m.id, tuple) and isinstance(m.string, tuple) and not m.fuzzy:
            out[(m.id[0], m.id[1])] = tuple(m.string)
    return out


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_every_text_is_translated_with_its_placeholders(lang: str) -> None:
    messages = i18n.messages(lang)
    plurals = _plural_entries(lang)
    singular = {one for one, _many in plurals}
    ids = _template_ids()
    assert len(ids) > 300
    missing = [m for m in ids if m not in messages and m not in singular]
    assert not missing, missing
    for msgid in ids:
        if msgid in messages:
            assert set(PLACEHOLDER.findall(msgid)) == set(PLACEHOLDER.findall(messages[msgid])), (
                msgid
            )
    for (one, many), forms in plurals.items():  # every form, with the fields of the ids
        fields = set(PLACEHOLDER.findall(one)) | set(PLACEHOLDER.findall(many))
        assert len(forms) == 3 and all(forms), (one, forms)
        for form in forms:
            assert set(PLACEHOLDER.findall(form)) | {"n"} >= fields, (one, form)
            assert set(PLACEHOLDER.findall(form)) <= fields | {"n"}, (one, form)


@pytest.mark.parametrize(
    ("lang", "one", "many", "counts"),
    [
        ("ru", "{who}: {n} trick", "{who}: {n} tricks",
         {1: "взятка", 2: "взятки", 5: "взяток", 11: "взяток", 21: "взятка", 22: "взятки"}),
        ("ru", "{points} (suit total)", "{points} (suit total)",
         {1: "очко", 2: "очка", 5: "очков", 11: "очков", 21: "очко", 22: "очка"}),
        ("ru", "exchanges {n} card", "exchanges {n} cards",
         {1: "карту", 2: "карты", 5: "карт", 11: "карт", 21: "карту", 22: "карты"}),
        ("es", "exchanges {n} card", "exchanges {n} cards",
         {1: "carta", 2: "cartas", 5: "cartas", 11: "cartas", 21: "cartas", 22: "cartas"}),
        ("en", "exchanges {n} card", "exchanges {n} cards",
         {1: "card", 2: "cards", 5: "cards", 11: "cards", 21: "cards", 22: "cards"}),
    ],
)  # fmt: skip
def test_counts_take_the_languages_plural_forms(
    lang: str, one: str, many: str, counts: dict[int, str]
) -> None:
    """The catalog's Plural-Forms choose the form: Russian has three (1 and 21; 2-4 and 22;
    5-20 and 11), by the count's last digits."""
    for n, word in counts.items():
        text = i18n.ngettext(lang, one, many, n, who="Ана", points=n)
        assert re.search(rf"\b{n} {word}\b", text), (n, text)


def test_the_template_holds_every_marked_text_of_the_pages() -> None:
    ids = set(_template_ids())
    pages = SRC / "web" / "static"
    marked: set[str] = set()
    for js in pages.glob("js/**/*.js"):
        marked |= set(
            re.findall(r'\b(?:t|N_)\("((?:[^"\\]|\\.)*)"', js.read_text(encoding="utf-8"))
        )
    for page in pages.glob("*.html"):
        marked |= set(
            re.findall(
                r'data-i18n(?:-label|-title|-placeholder|-doc)?="([^"]*)"',
                page.read_text(encoding="utf-8"),
            )
        )
    marked |= set(REASONS.values())
    assert marked - ids == set(), "run python -m tapete.i18n extract / update"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_pages_json_is_built_from_the_catalogs(lang: str) -> None:
    path = i18n.STATIC_I18N_DIR / f"{lang}.json"
    assert json.loads(path.read_text(encoding="utf-8")) == i18n.catalog_json(lang), (
        "run python -m tapete.i18n build"
    )


def _engine_reason_codes() -> set[str]:
    codes: set[str] = set()
    for path in (SRC / "games").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            for kw in node.keywords:
                if kw.arg == "reason" and isinstance(kw.value, ast.Constant):
                    codes.add(kw.value.value)
            if name in ("_not_now", "not_now") and node.args:
                last = node.args[-1]
                if (
                    isinstance(last, ast.Constant)
                    and isinstance(last.value, str)
                    and re.fullmatch(r"[a-z_]+", last.value)
                ):
                    codes.add(last.value)
    return codes


def test_every_reason_code_has_a_sentence() -> None:
    codes = _engine_reason_codes()
    assert {"must_follow", "dealer_restriction", "stake_too_low"} <= codes
    assert codes - set(REASONS) == set()
    server = {"stale_state", "not_your_turn", "spectator", "illegal", "bad_notation", "not_started",
              "finished", "no_action", "bad_json", "bad_message", "unknown_type", "too_large",
              "rate_limited", "hello_first", "bad_token", "unknown_table", "internal"}  # fmt: skip
    assert server - set(REASONS) == set()
    for lang in ("es", "ru"):
        for code in REASONS:
            assert i18n.reason_text(lang, code) != REASONS[code], (lang, code)


@pytest.mark.parametrize(
    ("lang", "terms"),
    [
        ("es", ["montar", "Pinta", "baza", "Codillo", "Puesta", "Espadilla", "Malilla", "Basto"]),
        ("ru", ["темню", "Перетемнить", "упал", "вскрываюсь", "свар", "Спадилья", "Кодиль"]),
        ("en", ["Sacardo", "Codille", "Puesta", "Spadille", "Manille", "Basto", "montar"]),
    ],
)
def test_each_games_own_terms_are_used(lang: str, terms: list[str]) -> None:
    texts = " ".join(i18n.translate(lang, m) for m in _template_ids())
    for term in terms:
        assert term in texts, term


def test_negotiate_and_unknown_languages() -> None:
    assert i18n.negotiate("de-DE,es;q=0.7,ru;q=0.9") == "ru"
    assert i18n.negotiate("de-DE") == "en"
    assert i18n.negotiate(None) == "en"
    assert i18n.translate("xx", "Pass") == "Pass"
    assert i18n.translate("es", "Pass") == "Paso"
