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

from tapete.i18n import ngettext, translate


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
    # Danish l'hombre: the ladder's bids and the games stay the Danish words in every language
    "lhombre": {
        "es": {"pass": "paso", "declare": "juego", "draw": "robo", "discard": "descarto",
               "trumps": "triunfo", "play": "tiro", "tout": "todas"},
        "ru": {"pass": "пас", "declare": "играю", "draw": "беру", "discard": "сброс",
               "trumps": "козыри", "play": "хожу", "tout": "все"},
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

    def typed(self, family: str, answer: str) -> str:
        """An answer typed in the words :meth:`action` shows, as the engine's action text: a
        verb of the language (its first word or words) made the engine's; other answers as
        they are.

        >>> Texts("es").typed("lhombre", "juego solo"), Texts("ru").typed("lhombre", "Все")
        ('declare solo', 'tout')
        >>> Texts("es").typed("lhombre", "tiro ♥5"), Texts("en").typed("lhombre", "spil")
        ('play ♥5', 'spil')
        """
        words = ACTION_WORDS.get(family, {}).get(self.lang, {})
        stripped = answer.strip()
        lowered = stripped.lower()
        for verb, word in sorted(words.items(), key=lambda item: -len(item[1])):
            if lowered == word or lowered.startswith(word + " "):
                return (verb + stripped[len(word) :]).strip()
        return stripped

    def ngettext(self, one: str, many: str, count: int, /, **params: object) -> str:
        """The form of ``one``/``many`` (message ids) for ``count`` in the language (the
        catalog's ``Plural-Forms``: three forms in Russian), ``{n}`` (the count, unless
        ``params`` give another) and ``params`` filled in.

        >>> ru = Texts("ru")
        >>> [ru.ngettext("exchanges {n} card", "exchanges {n} cards", n) for n in (1, 2, 5, 11)]
        ['меняет 1 карту', 'меняет 2 карты', 'меняет 5 карт', 'меняет 11 карт']
        """
        return ngettext(self.lang, one, many, count, **params)
