"""The terminal tables' texts in the person's language (``--lang``, else the locale).

Every sentence a table prints is an English message id of the gettext catalogs
(``tapete/locale/<lang>/LC_MESSAGES/tapete.po``, extracted from this package with ``python -m
tapete.i18n extract``): the tables call a :class:`Texts` named ``t`` (``t("trumps: {card}",
card=...)``) and mark texts kept in tables with :func:`N_`. The actions are shown in the
words the table reads back (:mod:`tapete.cli.prompt`): ``apuesto 2`` / ``ставлю 2``.

>>> t = Texts("es")
>>> t("Winner: {who}.", who="Ana")
'Gana: Ana.'
>>> t.action("pocha", "bid 2"), Texts("ru").action("ombre", "trumps hearts")
('apuesto 2', 'козыри червы')
>>> Texts("en").action("trynka", "bet 3")
'bet 3 / ставлю 3'
"""

from __future__ import annotations

from typing import Final

from tapete.i18n import translate


def N_(text: str) -> str:
    """Mark ``text`` for the catalogs (it is translated where it is printed)."""
    return text


#: How each game's actions are shown (and typed: :mod:`tapete.cli.prompt` reads these words).
ACTION_WORDS: Final[dict[str, dict[str, dict[str, str]]]] = {
    "pocha": {
        "es": {"bid": "apuesto", "play": "juego", "swap": "cambio", "pass": "paso",
               "offer": "ofrezco", "trumps": "triunfo"},
        "ru": {"bid": "ставлю", "play": "хожу", "swap": "меняю", "pass": "пас",
               "offer": "предлагаю", "trumps": "козыри"},
    },
    "ombre": {
        "es": {"ombre": "juego", "pass": "paso", "sans-prendre": "sin robar", "draw": "robo",
               "discard": "descarto", "trumps": "triunfo", "play": "tiro", "vole": "bola"},
        "ru": {"ombre": "играю", "pass": "пас", "sans-prendre": "без прикупа", "draw": "беру",
               "discard": "сброс", "trumps": "козыри", "play": "хожу", "vole": "все"},
    },
    "trynka": {
        "es": {"bet": "apuesto", "blind": "ciega", "overblind": "sobreciega", "fold": "me retiro",
               "reveal": "veo", "claim-tens": "tres dieces", "propose-svara": "svara",
               "accept": "acepto", "refuse": "rechazo", "join": "entro", "decline": "paso",
               "flash": "enseña", "no-flash": "no enseñes", "keep": "me quedo",
               "replace": "cambio", "show": "muestro"},
    },
}  # fmt: skip
#: Ombre's suits as words, in the languages of the tables.
SUIT_WORDS: Final[dict[str, dict[str, str]]] = {
    "es": {"clubs": "tréboles", "diamonds": "diamantes", "hearts": "corazones", "spades": "picas"},
    "ru": {"clubs": "трефы", "diamonds": "бубны", "hearts": "червы", "spades": "пики"},
}

#: La Pocha's suits (the Spanish pack's letters) as words.
POCHA_SUIT_WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {"o": "oros", "c": "copas", "e": "espadas", "b": "bastos"},
    "es": {"o": "oros", "c": "copas", "e": "espadas", "b": "bastos"},
    "ru": {"o": "монеты", "c": "кубки", "e": "мечи", "b": "жезлы"},
}


class Texts:
    """The texts of one language: call it with an English message id and its values."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, msgid: str, **params: object) -> str:
        """``msgid`` translated, its ``{name}`` fields filled in."""
        return translate(self.lang, msgid, **params)

    def action(self, family: str, text: str) -> str:
        """An engine action text (``bid 2``) in the words of the language (``apuesto 2``);
        Trynka in English also gives its Russian term (``bet 3 / ставлю 3``)."""
        verb, _, rest = text.partition(" ")
        if family == "trynka" and self.lang in ("ru", "en"):
            from tapete.games.trynka import russian_action

            russian = russian_action(text)
            if self.lang == "ru" or russian == text:
                return russian
            return f"{text} / {russian}"
        if family == "pocha" and verb == "trumps":
            rest = POCHA_SUIT_WORDS[self.lang if self.lang in POCHA_SUIT_WORDS else "en"].get(
                rest, rest
            )
        words = ACTION_WORDS.get(family, {}).get(self.lang)
        if not words:
            return " ".join(w for w in (verb, rest) if w)
        if family == "ombre" and verb == "trumps":
            rest = SUIT_WORDS[self.lang].get(rest, rest)
        return " ".join(w for w in (words.get(verb, verb), rest) if w)

    def plural(self, n: int, one: str, many: str) -> str:
        """``one`` or ``many`` (each a message id with ``{n}``) for the count ``n``; Russian
        takes its three forms from the ``many`` entry (``форма1|форма2|форма5``)."""
        text = self(one if n == 1 else many, n=n)
        if "|" not in text:
            return text
        forms = text.split("|")
        if len(forms) != 3:
            return forms[-1]
        if n % 10 == 1 and n % 100 != 11:
            return forms[0]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return forms[1]
        return forms[2]
