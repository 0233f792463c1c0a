"""Plural forms for the pages: the JSON catalogs carry every plural message with its forms in
the order of the catalog's Plural-Forms, and every ``tn()`` of the pages is in the template
with both its singular and its plural.

(That ``js/i18n.js`` ``pluralIndex`` picks the form Babel's rule picks is checked in the
browser: ``tests/browser/test_plurals.py``.)"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import tapete
from tapete import i18n

PAGES = Path(tapete.__file__).resolve().parent / "web" / "static"
TN_CALL = re.compile(r'\btn\(\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"')


def _tn_calls() -> set[tuple[str, str]]:
    calls: set[tuple[str, str]] = set()
    for js in PAGES.glob("js/**/*.js"):
        calls |= set(TN_CALL.findall(js.read_text(encoding="utf-8")))
    return calls


def test_every_tn_of_the_pages_is_a_plural_entry_of_the_template() -> None:
    with (i18n.LOCALE_DIR / "tapete.pot").open("rb") as f:
        plurals = {m.id for m in read_po(f) if isinstance(m.id, tuple)}
    calls = _tn_calls()
    # the counts the report found wrong are among them
    singulars = {one for one, _ in calls}
    assert {"Hand of {n} card over: {points}", "{n} trump", "{n} card"} <= singulars
    assert calls - plurals == set(), "run python -m tapete.i18n extract / update"


@pytest.mark.parametrize(("lang", "nplurals"), [("es", 3), ("ru", 3)])
def test_the_pages_json_carries_each_plural_with_all_its_forms(lang: str, nplurals: int) -> None:
    data = i18n.catalog_json(lang)
    assert data["plural_forms"].startswith(f"nplurals={nplurals};")
    plurals = data["plurals"]
    for one, _many in _tn_calls():
        assert one in plurals, one
        assert len(plurals[one]) == nplurals and all(plurals[one]), (one, plurals[one])
    # a plural message is not among the singular messages (the pages would show one form)
    assert "Hand of {n} card over: {points}" not in data["messages"]


@pytest.mark.parametrize(
    ("lang", "counts"),
    [
        ("ru", {1: "1 карте", 2: "2 карты", 5: "5 карт", 11: "11 карт", 21: "21 карте"}),
        ("es", {1: "1 carta:", 2: "2 cartas", 5: "5 cartas"}),
    ],
)
def test_the_forms_are_ordered_as_the_plural_rule_counts(lang: str, counts: dict[int, str]) -> None:
    """Form i of the JSON is what the catalog's own rule (gettext's reading of Plural-Forms)
    picks: the form "Hand of 1 card over" has the singular, "по 5 карт" the Russian many."""
    data = i18n.catalog_json(lang)
    rule = gettext.c2py(data["plural_forms"].split("plural=")[1].rstrip(";"))
    forms = data["plurals"]["Hand of {n} card over: {points}"]
    for n, words in counts.items():
        text = forms[rule(n)].replace("{n}", str(n))
        assert words in text, (n, text)
