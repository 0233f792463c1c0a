"""What a person types at a terminal table, made into the engine's action texts.

Shared by the three tables: line editing (the standard library's ``readline`` where it
exists), the in-game commands in English, Spanish and Russian (``help``, ``quit``, ``sheet``,
``money``, ``last``, ``rules``), cards typed in any case and with the numbers printed on
Spanish cards (``1o`` = ``Ao``, ``10o`` / ``11o`` / ``12o`` = sota, caballo, rey), and the
Spanish and Russian words of every game's actions. Errors are said in the player's language
with :func:`refusal_text` (the reason codes of :mod:`tapete.i18n`).

>>> command_of("AYUDA"), command_of("выход"), command_of("3o")
('help', 'quit', None)
>>> spanish_card("1o"), spanish_card("12C"), spanish_card("rb"), spanish_card("x")
('Ao', 'Rc', 'Rb', None)
>>> pocha_text("juego 11e", "play"), pocha_text("ставка 2", "play"), pocha_text("3", "bidding")
('play Ce', 'bid 2', 'bid 3')
>>> pocha_text("cambio", "swap"), pocha_text("пас", "swap"), pocha_text("triunfo copas", "x")
('swap', 'pass', 'trumps c')
>>> ombre_text("paso", "auction"), ombre_text("triunfo copas", "trumps")
(['pass'], ['trumps hearts'])
>>> ombre_text("ck h7", "exchange")
['discard CK', 'discard H7']
"""

from __future__ import annotations

import locale
import os
import re
from collections.abc import Callable
from typing import Final

from tapete.cli.texts import N_
from tapete.errors import IllegalActionError, TapeteError

#: The in-game commands and the words that ask for them (any case).
COMMANDS: Final[dict[str, tuple[str, ...]]] = {
    "help": ("help", "?", "ayuda", "помощь", "справка"),
    "quit": ("quit", "exit", "salir", "выход", "выйти"),
    "sheet": ("sheet", "hoja", "anotación", "таблица", "запись"),
    "money": ("money", "dinero", "деньги", "счёт", "счет"),
    "last": ("last", "última", "ultima", "последняя", "последний"),
    "rules": ("rules", "reglas", "правила"),
}
_COMMAND_OF: Final = {word: name for name, words in COMMANDS.items() for word in words}
#: The word each language shows for a command (``help`` lists them).
_COMMAND_WORD: Final[dict[str, dict[str, str]]] = {
    "es": {"help": "ayuda", "quit": "salir", "sheet": "hoja", "money": "dinero",
           "last": "última", "rules": "reglas"},
    "ru": {"help": "помощь", "quit": "выход", "sheet": "таблица", "money": "деньги",
           "last": "последняя", "rules": "правила"},
}  # fmt: skip

_SPANISH_CARD: Final = re.compile(r"^(1[0-2]|[1-9]|[asrc])([oceb])$", re.IGNORECASE)
_SPANISH_NUMBERS: Final = {"1": "A", "10": "S", "11": "C", "12": "R"}

#: La Pocha's verbs in Spanish and Russian.
POCHA_WORDS: Final[dict[str, str]] = {
    "bid": "bid", "apuesto": "bid", "apuesta": "bid", "pido": "bid", "ставлю": "bid",
    "ставка": "bid", "заказ": "bid",
    "play": "play", "juego": "play", "jugar": "play", "tiro": "play", "хожу": "play",
    "ход": "play",
    "swap": "swap", "cambio": "swap", "cambiar": "swap", "меняю": "swap", "обменять": "swap",
    "pass": "pass", "paso": "pass", "пас": "pass", "оставляю": "pass",
    "offer": "offer", "ofrezco": "offer", "oferta": "offer", "предлагаю": "offer",
    "trumps": "trumps", "triunfo": "trumps", "triunfos": "trumps", "козыри": "trumps",
    "козырь": "trumps",
}  # fmt: skip
#: La Pocha's suits as words (the letters of the Spanish pack).
POCHA_SUITS: Final[dict[str, str]] = {
    "oros": "o", "copas": "c", "espadas": "e", "bastos": "b", "монеты": "o", "кубки": "c",
    "мечи": "e", "жезлы": "b", "o": "o", "c": "c", "e": "e", "b": "b",
}  # fmt: skip
#: Ombre's verbs in Spanish and Russian (``juego`` is the Spanish "I play": ombre).
OMBRE_WORDS: Final[dict[str, str]] = {
    "ombre": "ombre", "juego": "ombre", "entro": "ombre", "играю": "ombre",
    "pass": "pass", "paso": "pass", "пас": "pass",
    "draw": "draw", "robo": "draw", "robar": "draw", "беру": "draw", "прикуп": "draw",
    "discard": "discard", "descarto": "discard", "descarte": "discard", "сбрасываю": "discard",
    "сброс": "discard",
    "trumps": "trumps", "triunfo": "trumps", "triunfos": "trumps", "козыри": "trumps",
    "козырь": "trumps",
    "play": "play", "tiro": "play", "jugar": "play", "хожу": "play", "ход": "play",
    "vole": "vole", "bola": "vole", "все": "vole",
}  # fmt: skip
#: Suits as words (Ombre names them in French suits; the Spanish names of the same suits).
OMBRE_SUITS: Final[dict[str, str]] = {
    "tréboles": "clubs", "trebol": "clubs", "trébol": "clubs", "bastos": "clubs",
    "трефы": "clubs", "трефа": "clubs",
    "diamantes": "diamonds", "oros": "diamonds", "бубны": "diamonds", "бубна": "diamonds",
    "corazones": "hearts", "copas": "hearts", "червы": "hearts", "черви": "hearts",
    "picas": "spades", "espadas": "spades", "пики": "spades", "пика": "spades",
}  # fmt: skip
#: Trynka's actions in Spanish (the Russian words are the engine's own).
TRYNKA_WORDS: Final[dict[str, str]] = {
    "apuesto": "bet", "apuesta": "bet", "ciega": "blind", "a ciegas": "blind",
    "sobreciega": "overblind", "me retiro": "fold", "retiro": "fold", "abandono": "fold",
    "veo": "reveal", "descubro": "reveal", "tres dieces": "claim-tens", "svara": "propose-svara",
    "propongo svara": "propose-svara", "acepto": "accept", "rechazo": "refuse", "entro": "join",
    "paso": "decline", "enseña": "flash", "no enseñes": "no-flash", "me quedo": "keep",
    "cambio": "replace", "muestro": "show",
}  # fmt: skip

#: What a table says to an answer it cannot read (the engine's list of verbs is never shown).
NOT_UNDERSTOOD: Final = N_(
    "{answer} is not understood; 'help' lists the commands and your choices."
)
#: The values a refusal allows.
ALLOWED: Final = N_("allowed: {values}")
#: How an English refusal begins (the other languages say the reason as a sentence of its own).
REFUSED: Final = "not allowed: "
#: Words that keep their capital at the head of an English refusal.
_PROPER: Final = frozenset({"Ombre", "Manille", "Spadille", "Basto", "Punto", "I"})

_editing: bool | None = None


def enable_line_editing() -> bool:
    """Line editing and history for :func:`input` (``readline``), once; False without it."""
    global _editing
    if _editing is None:
        try:
            import readline  # noqa: F401  (importing it is what turns editing on)

            _editing = True
        except ImportError:  # pragma: no cover - Windows without pyreadline
            _editing = False
    return _editing


def read_line(prompt: str) -> str:
    """:func:`input` with line editing and history (the default reader of every table)."""
    enable_line_editing()
    return input(prompt)


def default_language() -> str:
    """``es``, ``ru`` or ``en`` from the environment's locale (``LANG``, ``LC_ALL``...)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return _language(value)
    return _language(locale.getlocale()[0] or "")


def _language(value: str) -> str:
    code = value.split("_")[0].split(".")[0].lower()
    return code if code in ("es", "ru") else "en"


def command_of(answer: str) -> str | None:
    """The in-game command an answer asks for (``help``, ``quit``...), else ``None``."""
    return _COMMAND_OF.get(answer.strip().lower())


def command_word(name: str, lang: str) -> str:
    """The word ``lang`` shows for the command ``name`` (``command_word("quit", "es")`` is
    ``salir``); every word of :data:`COMMANDS` is read in every language."""
    return _COMMAND_WORD.get(lang, {}).get(name, name)


def spanish_card(word: str) -> str | None:
    """A Spanish card in the engine's notation, in any case and with the printed numbers
    (``1o`` → ``Ao``, ``10e`` → ``Se``); ``None`` if ``word`` does not look like one."""
    match = _SPANISH_CARD.match(word)
    if match is None:
        return None
    rank, suit = match.groups()
    return _SPANISH_NUMBERS.get(rank, rank.upper()) + suit.lower()


def pocha_text(answer: str, phase: str) -> str:
    """A La Pocha answer as an action text: a bare number is a bid in the bidding, a bare
    card a play; Spanish and Russian verbs; cards in any case."""
    words = answer.split()
    if not words:
        return answer
    verb = POCHA_WORDS.get(words[0].lower())
    if verb is None:
        verb = {"bidding": "bid", "auction": "offer", "trumps": "trumps"}.get(phase, "play")
    else:
        words = words[1:]
    if verb == "trumps":
        return " ".join([verb, *(POCHA_SUITS.get(w.lower(), w) for w in words)])
    if verb in ("swap", "pass", "bid", "offer"):
        return " ".join([verb, *words])
    return " ".join([verb, *(spanish_card(w) or w for w in words)])


def _french_card(word: str) -> str:
    return word.upper() if len(word) in (2, 3) else word


def ombre_text(answer: str, phase: str) -> list[str]:
    """An Ombre answer as action texts (several for the cards to discard): Spanish and
    Russian verbs and suits, cards in any case."""
    lowered = answer.strip().lower()
    if lowered in ("i play", "sans prendre", "sans-prendre", "sin prendre", "sin robar",
                   "без прикупа"):  # fmt: skip
        return ["ombre" if lowered == "i play" else "sans-prendre"]
    words = answer.split()
    if not words:
        return [answer]
    verb = OMBRE_WORDS.get(words[0].lower())
    if verb is not None:
        words = words[1:]
    else:
        verb = {"exchange": "discard", "trumps": "trumps", "play": "play"}.get(phase, "")
        if not verb:
            return [answer]
    if verb == "trumps":
        return [" ".join([verb, *(OMBRE_SUITS.get(w.lower(), w) for w in words)])]
    if verb in ("discard", "play") and words:
        return [f"{verb} {_french_card(w)}" for w in words]
    return [" ".join([verb, *words])]


def trynka_text(answer: str) -> str:
    """A Trynka answer with its Spanish words made the engine's (Russian ones it reads)."""
    lowered = answer.strip().lower()
    for words, verb in sorted(TRYNKA_WORDS.items(), key=lambda item: -len(item[0])):
        if lowered == words or lowered.startswith(words + " "):
            return (verb + answer.strip()[len(words) :]).strip()
    return answer.strip()


def refusal_text(
    error: TapeteError,
    lang: str,
    names: list[str] | None = None,
    me: int | None = None,
    answer: str = "",
) -> str:
    """Why ``answer`` was refused, said to the person in one sentence.

    In Spanish and Russian it is the catalogs' sentence for the rule's code
    (:mod:`tapete.i18n`), with the values allowed when the engine names them; an answer that
    cannot be read at all sends to ``help`` (never the engine's list of verbs, chance verbs
    included). In English it is ``not allowed:`` and the engine's own detail when that speaks
    of the others (``must follow clubs: holds ♣7``), with names for seats and never its ``in
    phase round1``, else the same sentence as in the other languages, made the rest of the
    line.

    >>> from tapete.errors import NotationError
    >>> unread = NotationError("cannot read 'x': expected 'bid <n>' or 'deal <card>'")
    >>> refusal_text(unread, "es", answer="x")
    "No se entiende «x»; 'ayuda' muestra las órdenes y lo que puedes jugar."
    >>> refusal_text(unread, "en", answer="x")
    "not allowed: 'x' is not understood; 'help' lists the commands and your choices"
    >>> refusal = IllegalActionError("stake 9 is above dark_max: allowed 1…2", seat=0,
    ...                              reason="stake_too_high")
    >>> refusal_text(refusal, "ru", me=0)
    'Ставка выше потолка стола (можно: 1…2).'
    >>> refusal_text(refusal, "en", ["Ana", "rule-1"], me=1)
    'not allowed: stake 9 is above dark_max: allowed 1…2'
    """
    from tapete.i18n import reason_text, translate

    if not isinstance(error, IllegalActionError):
        text = str(error)
        if lang == "en" and not re.search(r"expected .*'(deal|turn) <card>'", text):
            return REFUSED + text
        quoted = "'" + answer.strip() + "'" if lang == "en" else "«" + answer.strip() + "»"
        return _said(lang, translate(lang, NOT_UNDERSTOOD, answer=quoted))
    text = error.detail
    about_me = me is not None and re.search(rf"\bseat {me}\b", text) is not None
    if lang != "en" or about_me:
        sentence = reason_text(lang, error.reason or "illegal")
        if sentence == error.reason:  # a code without a sentence yet
            sentence = reason_text(lang, "illegal")
        allowed = re.search(r"\ballowed:? ([^;:]+)$", text)
        if allowed:
            values = translate(lang, ALLOWED, values=allowed.group(1).strip())
            sentence = sentence.rstrip(".") + f" ({values})."
        return _said(lang, sentence)
    if names is not None:
        text = re.sub(r"\bseat (\d+)", lambda m: _name(names, int(m.group(1))), text)
    text = re.sub(r" in phase [\w-]+", "", text).replace("not possible; ", "not possible now; ")
    return REFUSED + text


def _said(lang: str, sentence: str) -> str:
    """A refusal's sentence as the table prints it: alone, or in English the rest of the line
    after :data:`REFUSED` (its capital and full stop dropped)."""
    if lang != "en":
        return sentence
    first, _, rest = sentence.partition(" ")
    if first not in _PROPER:
        first = first[:1].lower() + first[1:]
    return REFUSED + (first + (" " + rest if rest else "")).rstrip(".")


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


Reader = Callable[[str], str]
