"""The games' own texts in the catalogs of the rules (domain ``tapete-rules``): each game's
summary and the meaning of each of its options, as the rules layer states them in English.

They are a catalog of their own (``locale/<lang>/LC_MESSAGES/tapete-rules.po``, template
``locale/tapete-rules.pot``, written by ``python -m tapete.i18n rules``), so that an option
added to a game is shown in English until it is translated, without making the catalogs of the
pages and tables incomplete. The terminal's ``rules`` and ``tapete games`` read them with
:func:`rule_text`.

>>> rule_text("es", "number of players")
'número de jugadores'
>>> rule_text("ru", "an option nobody translated")
'an option nobody translated'
"""

from __future__ import annotations

import functools

from babel.messages.pofile import read_po

from tapete.i18n import LANGUAGES, LOCALE_DIR

RULES_DOMAIN = "tapete-rules"
RULES_TEMPLATE = LOCALE_DIR / f"{RULES_DOMAIN}.pot"


@functools.cache
def rule_messages(lang: str) -> dict[str, str]:
    """English rule text -> its translation in ``lang`` (translated, non-fuzzy entries)."""
    if lang not in LANGUAGES:
        return {}
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{RULES_DOMAIN}.po"
    if not path.exists():
        return {}
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=RULES_DOMAIN)
    return {
        m.id: m.string
        for m in catalog
        if isinstance(m.id, str) and m.id and not m.fuzzy and isinstance(m.string, str) and m.string
    }


def rule_text(lang: str, text: str) -> str:
    """A game's summary or an option's meaning in ``lang`` (English if not translated)."""
    return rule_messages(lang).get(text, text)


def rule_texts() -> list[str]:
    """Every summary and option meaning of the registered games (what the template holds)."""
    from tapete.engine import game_class, registered_games

    texts: set[str] = set()
    for name in registered_games():
        cls = game_class(name)
        texts.add(cls.summary)
        texts.update(p.help for p in cls.parameters)
    return sorted(t for t in texts if t)


def write_rules_catalogs() -> list[str]:
    """Write the template from the games and merge it into each language's catalog (new
    texts untranslated, texts no longer used dropped); returns the files written."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    template = Catalog(domain=RULES_DOMAIN, project="tapete")
    for text in rule_texts():
        template.add(text)
    LOCALE_DIR.mkdir(parents=True, exist_ok=True)
    with RULES_TEMPLATE.open("wb") as f:
        write_po(f, template, width=100, omit_header=False, sort_output=True)
    written = [str(RULES_TEMPLATE)]
    for lang in LANGUAGES:
        path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{RULES_DOMAIN}.po"
        if path.exists():
            with path.open("rb") as f:
                catalog = read_po(f, locale=lang, domain=RULES_DOMAIN)
        else:
            catalog = Catalog(locale=lang, domain=RULES_DOMAIN, project="tapete")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, catalog, width=100, omit_header=False, sort_output=True)
        written.append(str(path))
    rule_messages.cache_clear()
    return written
