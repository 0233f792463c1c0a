"""Texts for people in English, Spanish and Russian, from gettext catalogs.

The catalogs are ``tapete/locale/<lang>/LC_MESSAGES/tapete.po`` (message ids are the English
texts), extracted with pybabel from the browser pages and this package (``python -m
tapete.i18n extract``, then ``update``). The pages read the same catalogs as JSON
(``tapete/web/static/i18n/<lang>.json``, written by ``python -m tapete.i18n build``); the
server and the terminal use :func:`translate` and :func:`reason_text` (the terminal tables'
texts, marked in ``tapete/cli``, are in the same catalogs). The games' summaries and option
meanings have a catalog of their own (:mod:`tapete.i18n.rules`).

>>> translate("es", "The game is over.")
'La partida ha terminado.'
>>> reason_text("ru", "must_follow")
'Нужно ходить в масть.'
>>> reason_text("en", "no_such_code")
'no_such_code'
>>> negotiate("ru-RU,ru;q=0.9,en;q=0.8")
'ru'
>>> [ngettext("ru", "{who}: {n} trick", "{who}: {n} tricks", n, who="Ана") for n in (1, 2, 5)]
['Ана: 1 взятка', 'Ана: 2 взятки', 'Ана: 5 взяток']
"""

from __future__ import annotations

import functools
import gettext
import io
import json
from pathlib import Path
from typing import Any, Final

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tapete.i18n.reasons import REASONS

#: The languages with a catalog, English first (the message ids).
LANGUAGES: Final = ("en", "es", "ru")
LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"
DOMAIN: Final = "tapete"
STATIC_I18N_DIR: Final = Path(__file__).resolve().parent.parent / "web" / "static" / "i18n"


def po_path(lang: str) -> Path:
    """The .po file of ``lang``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def messages(lang: str) -> dict[str, str]:
    """Message id -> translation for ``lang`` (only translated, non-fuzzy entries).

    An unknown language gives an empty catalog (every text stays English).
    """
    if lang not in LANGUAGES:
        return {}
    path = po_path(lang)
    if not path.exists():
        return {}
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    out: dict[str, str] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not isinstance(message.id, str):
            continue
        if isinstance(message.string, str) and message.string:
            # a msgid with a context (js/i18n.js tp()) is kept apart, as gettext keys it
            key = f"{message.context}\x04{message.id}" if message.context else message.id
            out[key] = message.string
    return out


@functools.cache
def plural_messages(lang: str) -> dict[str, list[str]]:
    """Singular message id -> every plural form of its translation for ``lang``, in the order
    of the catalog's ``Plural-Forms`` (only entries whose every form is translated, non-fuzzy).

    >>> plural_messages("ru")["exchanges {n} card"]
    ['меняет {n} карту', 'меняет {n} карты', 'меняет {n} карт']
    """
    if lang not in LANGUAGES:
        return {}
    path = po_path(lang)
    if not path.exists():
        return {}
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    out: dict[str, list[str]] = {}
    for message in catalog:
        if not isinstance(message.id, tuple) or message.fuzzy:
            continue
        forms = list(message.string) if isinstance(message.string, tuple) else []
        if forms and all(isinstance(x, str) and x for x in forms):
            out[str(message.id[0])] = [str(x) for x in forms]
    return out


@functools.cache
def plural_forms(lang: str) -> str:
    """The ``Plural-Forms`` header of ``lang``'s catalog (``nplurals=…; plural=…;``)."""
    path = po_path(lang)
    if lang not in LANGUAGES or not path.exists():
        return "nplurals=2; plural=(n != 1);"
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    return str(catalog.plural_forms)


def translate(lang: str, msgid: str, **params: Any) -> str:
    """``msgid`` in ``lang`` (English when there is no translation), ``{name}`` filled in.

    >>> translate("es", "{who} bids {n}", who="Ana", n=2)
    'Ana apuesta 2'
    """
    text = messages(lang).get(msgid, msgid)
    if params:
        for key, value in params.items():
            text = text.replace("{" + key + "}", str(value))
    return text


@functools.cache
def _plurals(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang`` as the standard library's gettext reads it (its
    ``Plural-Forms`` choose the form); English (the message ids) when there is none."""
    path = po_path(lang)
    if lang not in LANGUAGES or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # translated, non-fuzzy entries only
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def ngettext(lang: str, singular: str, plural: str, count: int, /, **params: Any) -> str:
    """The form of ``singular``/``plural`` (English message ids) that ``lang`` uses for
    ``count`` (Russian: 1, 21 взятка; 2, 22 взятки; 5, 11 взяток), its ``{name}`` fields
    filled in: ``{n}`` is the count unless ``params`` give another ``n``.

    >>> ngettext("en", "exchanges {n} card", "exchanges {n} cards", 1)
    'exchanges 1 card'
    >>> ngettext("xx", "exchanges {n} card", "exchanges {n} cards", 3)  # no catalog: English
    'exchanges 3 cards'
    """
    text = _plurals(lang).ngettext(singular, plural, count)
    for key, value in {"n": count, **params}.items():
        text = text.replace("{" + key + "}", str(value))
    return text


def reason_text(lang: str, code: str) -> str:
    """The sentence for a stable reason or error code in ``lang`` (the code if unknown)."""
    english = REASONS.get(code)
    if english is None:
        return code
    return translate(lang, english)


def negotiate(accept_language: str | None, default: str = "en") -> str:
    """The best of :data:`LANGUAGES` for an HTTP ``Accept-Language`` header."""
    best: tuple[float, str] | None = None
    for part in (accept_language or "").split(","):
        tag, _, q = part.strip().partition(";q=")
        base = tag.strip().lower().split("-")[0]
        if base not in LANGUAGES:
            continue
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            continue
        if best is None or weight > best[0]:
            best = (weight, base)
    return best[1] if best else default


def catalog_json(lang: str) -> dict[str, Any]:
    """What the pages load for ``lang``: its messages, its plural messages (each form in the
    order of ``plural_forms``, which ``js/i18n.js`` ``pluralIndex`` computes) and every reason
    code's sentence."""
    return {
        "lang": lang,
        "messages": dict(sorted(messages(lang).items())),
        "plural_forms": plural_forms(lang),
        "plurals": dict(sorted(plural_messages(lang).items())),
        "reasons": {code: reason_text(lang, code) for code in sorted(REASONS)},
    }


def build_static(directory: Path = STATIC_I18N_DIR) -> list[Path]:
    """Write ``<lang>.json`` for every language into ``directory``; returns the files."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for lang in LANGUAGES:
        path = directory / f"{lang}.json"
        text = json.dumps(catalog_json(lang), ensure_ascii=False, indent=0, sort_keys=True)
        path.write_text(text + "\n", encoding="utf-8")
        written.append(path)
    return written
