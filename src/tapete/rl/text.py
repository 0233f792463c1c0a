"""A text interface for language-model players: the situation in words, the legal actions as
text, a forgiving answer parser and a player that wraps any ``prompt -> answer`` callable.

>>> import random, tapete
>>> game = tapete.load_game('pocha', n_players=3, hand_size=2)
>>> state = game.new_initial_state()
>>> for a in game.deal_actions(['Ao 3o', '3c 4c', 'Re Se'], turn='7b'):
...     state.apply_action(a)
>>> options = legal_texts(state.view(0), state.legal_actions())
>>> options
['bid 0', 'bid 1', 'bid 2']
>>> options[parse_answer('I think I will BID 1, thanks.', options)]
'bid 1'
>>> options[parse_answer('Canto dos', options)]
'bid 2'
>>> parse_answer('bid 1 or bid 2?', options)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tapete.rl.text.AnswerError: could not read 'bid 1 or bid 2?' as an action: it names several: ...

Everything is made from the view's values (its JSON form: cards in the pack's notation) and
the action texts of the engine (``play Rc``, ``bid 2``...), so it works for every game. The
prompt is in English, Spanish or Russian (``language='en' | 'es' | 'ru'``: labels from
tapete's catalogs where they have them); answers are read in any of the three: case,
accents and extra words do not matter, verbs may be translated (``juego 3o``,
``пас``), and an option may be named by its number in the prompt's list (``2``, ``#2``,
``option 2``: a bare number is always the option's number, so ``2`` is ``bid 1`` when the
list starts with ``1. bid 0``). The Spanish and Russian prompts translate every label, phase,
event and suit; the actions stay in the engine's notation (the answer's format), and the
prompt says so.
"""

from __future__ import annotations

import dataclasses
import random
import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, Final

from tapete.engine import PlayerView, State
from tapete.engine.api import CHANCE, TERMINAL, Game
from tapete.engine.match import MatchView
from tapete.errors import TapeteError
from tapete.players.base import Player

LANGUAGES: Final = ("en", "es", "ru")

_WORDS: Final[dict[str, dict[str, str]]] = {
    "es": {
        "You are {seat} in a game of {game}.": "Eres {seat} en una partida de {game}.",
        "The legal actions are written in the engine's notation (cards as the pack writes them).": (
            "Las acciones legales están escritas en la notación del motor (las cartas como "
            "las escribe la baraja)."
        ),
        "seat {n}": "asiento {n}",
        "you": "tú",
        "chance": "el azar",
        "nobody": "nadie",
        "yes": "sí",
        "no": "no",
        "What you see:": "Lo que ves:",
        "Recent events:": "Últimos sucesos:",
        "Your legal actions:": "Tus acciones legales:",
        "Answer with exactly one of the legal actions: its text as written (e.g. {example}) "
        "or its number in the list.": (
            "Responde con una sola de las acciones legales: su texto tal como está escrito "
            "(p. ej. {example}) o su número en la lista."
        ),
        "Your answer {answer} could not be read: {why}": (
            "No se pudo leer tu respuesta {answer}: {why}"
        ),
        "Answer again with one of the legal actions.": (
            "Responde otra vez con una de las acciones legales."
        ),
        "hidden": "oculto",
        "to act": "le toca a",
    },
    "ru": {
        "You are {seat} in a game of {game}.": "Вы — {seat} в игре {game}.",
        "The legal actions are written in the engine's notation (cards as the pack writes them).": (
            "Допустимые действия записаны в нотации движка (карты — как их пишет колода)."
        ),
        "seat {n}": "место {n}",
        "you": "вы",
        "chance": "случай",
        "nobody": "никто",
        "yes": "да",
        "no": "нет",
        "What you see:": "Что вы видите:",
        "Recent events:": "Последние события:",
        "Your legal actions:": "Ваши допустимые действия:",
        "Answer with exactly one of the legal actions: its text as written (e.g. {example}) "
        "or its number in the list.": (
            "Ответьте ровно одним допустимым действием: его текстом, как он написан "
            "(например {example}), или его номером в списке."
        ),
        "Your answer {answer} could not be read: {why}": (
            "Ваш ответ {answer} не удалось прочитать: {why}"
        ),
        "Answer again with one of the legal actions.": (
            "Ответьте ещё раз одним из допустимых действий."
        ),
        "hidden": "скрыто",
        "to act": "ходит",
    },
}

#: Labels of the views' fields (and event words) in Spanish and Russian, by English label.
_LABELS: Final[dict[str, tuple[str, str]]] = {
    "Current player": ("Le toca a", "Ходит"),
    "Phase": ("Fase", "Фаза"),
    "N players": ("Jugadores", "Игроков"),
    "Hand size": ("Cartas por mano", "Карт на руке"),
    "Deck": ("Baraja", "Колода"),
    "Rank order": ("Orden de las cartas", "Старшинство карт"),
    "Hand": ("Tu mano", "Ваши карты"),
    "Cards held": ("Cartas en mano", "Карт на руках"),
    "Trump card": ("Muestra", "Козырная карта"),
    "Trump suit": ("Triunfo", "Козырь"),
    "Trump card holder": ("Tiene la muestra", "У кого козырная карта"),
    "Swaps": ("Cambios", "Обмены"),
    "Bids": ("Apuestas", "Заявки"),
    "Tricks won": ("Bazas ganadas", "Взятки"),
    "Current trick": ("Baza en la mesa", "Взятка на столе"),
    "Finished tricks": ("Bazas jugadas", "Сыгранные взятки"),
    "Scores": ("Puntos", "Очки"),
    "Standings": ("Clasificación", "Положение"),
    "Deal index": ("Mano número", "Номер сдачи"),
    "Balances": ("Saldos", "Балансы"),
    "Bank": ("Banca", "Банк"),
    "Pool": ("Bote", "Пул"),
    "Stake": ("Unidad de apuesta", "Ставка"),
    "Level": ("Nivel", "Уровень"),
    "Level cap": ("Límite del nivel", "Предел уровня"),
    "Dealer": ("Reparte", "Сдаёт"),
    "to": ("a", "кому"),
    "winner": ("gana", "выиграл"),
    "Active": ("En juego", "В игре"),
    "Ante": ("Entrada", "Анте"),
    "Auction winner": ("Ganador de la subasta", "Победитель торга"),
    "Banks": ("Bancas", "Банков"),
    "Bid": ("Declaración", "Заявка"),
    "Bidder": ("Declarante", "Заявивший"),
    "Bola": ("Bola", "Бола"),
    "Bola paid": ("Bola pagada", "Бола оплачена"),
    "Bottom": ("Carta de abajo", "Нижняя карта"),
    "Closed": ("Cerrado", "Закрыто"),
    "Contract": ("Contrato", "Контракт"),
    "Dark": ("A ciegas", "Втёмную"),
    "Deal": ("Mano", "Сдача"),
    "Deal starts": ("Comienzos de las manos", "Начала сдач"),
    "Discarded": ("Descartadas", "Сброшено"),
    "Discards": ("Tus descartes", "Ваш снос"),
    "Drawn": ("Robadas", "Взято из прикупа"),
    "Draws": ("Robos", "Прикуп по местам"),
    "Earlier": ("Anteriores", "Ранее"),
    "Estuche paid": ("Estuches pagados", "Эстучи оплачены"),
    "Estuches": ("Estuches", "Эстучи"),
    "Favor": ("Palo de favor", "Масть фавора"),
    "Finished": ("Terminadas", "Завершённые"),
    "First dealer": ("Primer repartidor", "Первый сдающий"),
    "First dealer draws": ("Sorteo del primer repartidor", "Жеребьёвка первого сдающего"),
    "First player": ("Primer jugador", "Первый игрок"),
    "Forbidden bid": ("Apuesta prohibida", "Запрещённая заявка"),
    "Forced": ("Obligado", "Вынужденно"),
    "Foreheads": ("Cartas en la frente", "Карты на лбу"),
    "Hand sizes": ("Cartas de cada mano", "Карт в каждой сдаче"),
    "Join fee": ("Cuota para entrar", "Взнос за вход"),
    "Looked": ("Ha mirado", "Посмотрел"),
    "Next dealer": ("Siguiente repartidor", "Следующий сдающий"),
    "Num deals": ("Número de manos", "Число сдач"),
    "Offers": ("Ofertas", "Предложения"),
    "Ombre": ("Hombre", "Ломбер"),
    "Open hand": ("Mano abierta", "Открытая рука"),
    "Outcome": ("Resultado", "Итог"),
    "Paid": ("Pagado", "Внесено"),
    "Participants": ("Participantes", "Участники"),
    "Passed": ("Ha pasado", "Спасовал"),
    "Plate": ("Plato", "Тарелка"),
    "Player": ("Jugador", "Игрок"),
    "Polla": ("Polla", "Полья"),
    "Polla by": ("Polla de", "Полья от"),
    "Pot": ("Bote", "Котёл"),
    "Pot paid": ("Bote pagado", "Котёл выплачен"),
    "Rest": ("Resto del monte", "Остаток прикупа"),
    "Results": ("Resultados", "Результаты"),
    "Reveal cost": ("Precio de ver", "Цена вскрытия"),
    "Sans prendre": ("Sin robar", "Без прикупа"),
    "Selector": ("Elige", "Выбирает"),
    "Sheet": ("Hoja de puntos", "Запись"),
    "Shown": ("Cartas vistas", "Открытые карты"),
    "Stock left": ("Quedan en el monte", "Осталось в прикупе"),
    "Svara count": ("Svaras", "Свар"),
    "Totals": ("Totales", "Итоги"),
    "Tout": ("Todas las bazas", "Все взятки"),
    "Trumps": ("Triunfos", "Козыри"),
    "Turned": ("Carta vuelta", "Открытая карта"),
    "Unassigned": ("Sin asignar", "Не распределено"),
    "Vole": ("Vole", "Воле"),
    "Card": ("carta", "карта"),
    "Cards": ("cartas", "карты"),
    "Amount": ("cantidad", "сумма"),
    "Seat": ("asiento", "место"),
}

#: Words of the views' coded values (phases, event kinds, suits) in Spanish and Russian.
_VALUE_WORDS: Final[dict[str, tuple[str, str]]] = {
    "auction": ("subasta", "торг"),
    "betting": ("apuestas", "ставки"),
    "bidding": ("declaraciones", "заявки"),
    "blind": ("a ciegas", "втёмную"),
    "blind_look": ("mirar tras ir a ciegas", "взгляд после тёмной"),
    "closed": ("cerrado", "закрыто"),
    "deal": ("reparto", "сдача"),
    "declare": ("declaración", "объявление"),
    "exchange": ("descarte", "обмен"),
    "first_dealer": ("sorteo del repartidor", "выбор сдающего"),
    "over": ("terminada", "окончена"),
    "play": ("juego", "розыгрыш"),
    "reveal": ("ver", "вскрытие"),
    "round1": ("primera vuelta", "первый круг"),
    "stock": ("monte", "прикуп"),
    "svara_join": ("entrada en la svara", "вход в свару"),
    "svara_proposal": ("propuesta de svara", "предложение свары"),
    "trumps": ("triunfos", "козыри"),
    "turn": ("vuelta de la muestra", "открытие козыря"),
    "accept": ("acepta", "принимает"),
    "bet": ("apuesta", "ставит"),
    "bid": ("declara", "заявляет"),
    "decline": ("rehúsa", "отказывается"),
    "discard": ("descarta", "сбрасывает"),
    "draw": ("roba", "берёт из прикупа"),
    "flash": ("pide carta vista", "просит открыть карту"),
    "fold": ("se retira", "выходит из игры"),
    "join": ("entra", "входит"),
    "keep": ("se queda la carta", "оставляет карту"),
    "no_flash": ("no pide carta vista", "не просит открыть карту"),
    "overblind": ("sube a ciegas", "перебивает втёмную"),
    "pass": ("pasa", "пас"),
    "propose": ("propone", "предлагает"),
    "replace": ("cambia la carta", "меняет карту"),
    "show": ("enseña", "показывает"),
    "clubs": ("tréboles", "трефы"),
    "diamonds": ("diamantes", "бубны"),
    "hearts": ("corazones", "червы"),
    "spades": ("picas", "пики"),
    "oros": ("oros", "монеты"),
    "copas": ("copas", "кубки"),
    "espadas": ("espadas", "мечи"),
    "bastos": ("bastos", "палицы"),
    "tute": ("orden del tute", "порядок туте"),
    "spanish40": ("baraja española de 40", "испанская колода, 40 карт"),
    "spanish48": ("baraja española de 48", "испанская колода, 48 карт"),
    "french40": ("baraja francesa de 40", "французская колода, 40 карт"),
    "russian24": ("baraja rusa de 24", "русская колода, 24 карты"),
    "russian32": ("baraja rusa de 32", "русская колода, 32 карты"),
    "russian36": ("baraja rusa de 36", "русская колода, 36 карт"),
    "each": ("cada uno", "каждый"),
    "dealer": ("el que da", "сдающий"),
}


def _word(value: str, language: str) -> str:
    """A coded value (a phase, an event's kind, a suit) in ``language``."""
    pair = _VALUE_WORDS.get(value)
    if pair is None or language not in ("es", "ru"):
        return value
    return pair[0] if language == "es" else pair[1]


#: Verbs of answers in Spanish and Russian (and English variants), read as the engine's.
VERB_SYNONYMS: Final[dict[str, str]] = {
    "jugar": "play", "juego": "play", "juega": "play", "tiro": "play", "echo": "play",
    "plays": "play", "played": "play", "playing": "play",
    "играть": "play", "играю": "play", "хожу": "play", "ход": "play", "кладу": "play",
    "cantar": "bid", "canto": "bid", "apuesto": "bid", "pido": "bid", "apostar": "bid",
    "bids": "bid", "bidding": "bid", "заявка": "bid", "заказываю": "bid", "беру": "bid",
    "paso": "pass", "pasar": "pass", "пас": "pass", "пасую": "pass", "passes": "pass",
    "cambio": "swap", "cambiar": "swap", "меняю": "swap", "поменять": "swap",
    "apuesta": "bet", "ставлю": "bet", "ставка": "bet", "bets": "bet",
    "retiro": "fold", "retirarse": "fold", "сбрасываю": "fold", "folds": "fold",
}  # fmt: skip
_NUMBER_WORDS: Final[dict[str, str]] = {
    "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
    "seven": "7", "eight": "8", "nine": "9", "ten": "10",
    "cero": "0", "uno": "1", "una": "1", "dos": "2", "tres": "3", "cuatro": "4", "cinco": "5",
    "seis": "6", "siete": "7", "ocho": "8", "nueve": "9", "diez": "10",
    "ноль": "0", "один": "1", "одна": "1", "два": "2", "две": "2", "три": "3", "четыре": "4",
    "пять": "5", "шесть": "6", "семь": "7", "восемь": "8", "девять": "9", "десять": "10",
}  # fmt: skip


class AnswerError(TapeteError):
    """An answer that names no legal action (or several): the message says why."""


def tr(language: str, text: str, **values: Any) -> str:
    """``text`` in ``language`` (this module's words, then tapete's catalogs), filled in."""
    words = _WORDS.get(language, {})
    out = words.get(text)
    if out is None:
        try:
            from tapete.i18n import translate

            out = translate(language, text)
        except ImportError:  # babel missing: English
            out = text
    for key, value in values.items():
        out = out.replace("{" + key + "}", str(value))
    return out


# -- describing a view ----------------------------------------------------------------------
def _label(name: str, language: str) -> str:
    english = name.replace("_", " ").capitalize()
    pair = _LABELS.get(english) or _LABELS.get(name)
    if pair is not None and language in ("es", "ru"):
        return pair[0] if language == "es" else pair[1]
    return tr(language, english)


def _seat(seat: Any, me: int | None, language: str) -> str:
    if seat is None:
        return tr(language, "nobody")
    if seat == CHANCE:
        return tr(language, "chance")
    if seat == TERMINAL:
        return "—"
    text = tr(language, "seat {n}", n=seat)
    return f"{text} ({tr(language, 'you')})" if seat == me else text


_SEAT_FIELDS: Final = frozenset(
    {"seat", "current_player", "dealer", "ombre", "trump_card_holder", "selector",
     "next_dealer", "first_dealer", "leader", "winner", "to"}
)  # fmt: skip


def _value(name: str, value: Any, n: int, me: int | None, language: str) -> str:
    """A JSON value of a view as words (cards stay in the pack's notation)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return tr(language, "yes" if value else "no")
    if name in _SEAT_FIELDS and isinstance(value, int):
        return _seat(value, me, language)
    if isinstance(value, dict):
        if "leader" in value and "cards" in value:  # a trick
            cards = " ".join(value["cards"]) or "—"
            return f"{_seat(value['leader'], me, language)}: {cards}"
        return ", ".join(
            f"{_label(k, language)} {_value(k, v, n, me, language)}" for k, v in value.items()
        )
    if isinstance(value, list):
        if value and all(isinstance(v, str) for v in value):
            return " ".join(value)
        if len(value) == n and all(not isinstance(v, (list, dict)) for v in value):
            return "; ".join(
                f"{_seat(s, me, language)}: {_value('', v, n, me, language)}"
                for s, v in enumerate(value)
            )
        return " | ".join(_value(name, v, n, me, language) for v in value) or "—"
    if isinstance(value, str):
        return _word(value, language)
    return str(value)


_SKIP: Final = frozenset({"schema", "type", "spec", "game", "seat", "move", "events", "deal"})


def describe_view(view: PlayerView, language: str = "en", events: int = 12) -> str:
    """What ``view`` shows, one line per field, then its last ``events`` events."""
    data = view.to_dict()
    n = _players(view)
    me = view.seat
    lines = []
    if me is not None:
        lines.append(tr(language, "You are {seat} in a game of {game}.",
                        seat=_seat(me, None, language), game=view.game))  # fmt: skip
    lines.append(tr(language, "What you see:"))
    lines += _field_lines(data, n, me, language, "")
    live = view.deal if isinstance(view, MatchView) else None
    if live is not None:
        lines += _field_lines(live.to_dict(), n, me, language, "  ")
    seen = (live if live is not None else view).events[-events:] if events else ()
    if seen:
        lines.append(tr(language, "Recent events:"))
        lines += ["  " + describe_event(e.to_dict(), n, me, language) for e in seen]
    return "\n".join(lines)


def _players(view: PlayerView) -> int:
    n = getattr(view, "n_players", None)
    if isinstance(n, int):
        return n
    if view.spec is not None:
        try:
            return int(view.spec.param("n_players"))
        except TapeteError:
            return int(view.spec.load().num_players())
    return 0


def _field_lines(
    data: dict[str, Any], n: int, me: int | None, language: str, indent: str
) -> list[str]:
    lines = []
    for key, value in data.items():
        if key in _SKIP:
            continue
        lines.append(f"{indent}- {_label(key, language)}: {_value(key, value, n, me, language)}")
    return lines


def describe_event(event: dict[str, Any], n: int, me: int | None, language: str = "en") -> str:
    """One event (its JSON form) as words: ``seat 2: play Rc``."""
    who = _seat(event["actor"], me, language)
    args = " ".join(
        _value(k, v, n, me, language) if k in ("card", "cards", "bid", "amount") else
        f"{_label(k, language).lower()} {_value(k, v, n, me, language)}"
        for k, v in event.get("args", {}).items()
    )  # fmt: skip
    hidden = f" ({tr(language, 'hidden')})" if event.get("hidden") else ""
    return f"{who}: {_word(event['kind'], language)} {args}".rstrip() + hidden


def describe_state(state: State, language: str = "en", seat: int | None = None) -> str:
    """A position as a spectator (or ``seat``) sees it, and who is to act (the environments'
    render)."""
    view = state.view(seat)
    player = state.current_player()
    head = f"{state.game.name} · {state.phase()} · {tr(language, 'to act')}: "
    return head + _seat(player, seat, language) + "\n" + describe_view(view, language)


# -- legal actions and answers --------------------------------------------------------------
def legal_texts(
    view: PlayerView, legal_actions: Sequence[int], rng: random.Random | None = None
) -> list[str]:
    """The texts of ``legal_actions`` (from a state consistent with ``view``: the texts depend
    only on what the seat knows)."""
    if view.spec is None:
        raise AnswerError("the view does not say its game, so its actions have no text")
    game: Game = view.spec.load()
    state = game.sample_consistent_state(view, rng or random.Random(0))
    return [state.action_to_string(a) for a in legal_actions]


def prompt(view: PlayerView, options: Sequence[str], language: str = "en") -> str:
    """The whole prompt: the view in words, the legal actions, how to answer."""
    listed = "\n".join(f"{i}. {text}" for i, text in enumerate(options, 1))
    example = options[0] if options else "pass"
    return "\n".join(
        [
            describe_view(view, language),
            tr(language, "Your legal actions:"),
            listed,
            tr(language, "The legal actions are written in the engine's notation (cards as the "
               "pack writes them)."),
            tr(language, "Answer with exactly one of the legal actions: its text as written "
               "(e.g. {example}) or its number in the list.", example=example),
        ]
    )  # fmt: skip


def normalize(text: str) -> str:
    """Lower case, no accents, punctuation as spaces, translated verbs and number words.

    >>> normalize('  Juego el  3o! ')
    'play el 3o'
    """
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    plain = re.sub(r"[.,;:!?¡¿\"'`()\[\]{}«»*_]+", " ", plain)
    words = plain.split()
    out = []
    for word in words:
        out.append(VERB_SYNONYMS.get(word, _NUMBER_WORDS.get(word, word)))
    return " ".join(out)


def _contains(haystack: str, needle: str) -> bool:
    return re.search(r"(?:^|\s)" + re.escape(needle) + r"(?:\s|$)", haystack) is not None


def parse_answer(answer: str, options: Sequence[str]) -> int:
    """The index in ``options`` of the action ``answer`` names; :class:`AnswerError` saying
    what could not be read otherwise (nothing recognised, or several actions named)."""
    if not isinstance(answer, str):
        raise AnswerError(f"an answer must be text, got {type(answer).__name__}")
    if not options:
        raise AnswerError("there is no legal action to choose")
    normal = [normalize(o) for o in options]
    candidates = [answer]
    lines = [line for line in answer.strip().splitlines() if line.strip()]
    if len(lines) > 1:
        candidates += [lines[-1], lines[0]]
    why = "it names none of the legal actions"
    for text in candidates:
        found = _match(normalize(text), normal)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            why = "it names several: " + ", ".join(options[i] for i in found)
    listed = ", ".join(options) if len(options) <= 30 else ", ".join(options[:30]) + ", …"
    raise AnswerError(
        f"could not read {answer.strip()[:200]!r} as an action: {why}; "
        f"answer with one of: {listed} (or its number, like #1)"
    )


def _match(text: str, normal: list[str]) -> list[int]:
    exact = [i for i, o in enumerate(normal) if o == text]
    if exact:
        return exact[:1]
    whole = [i for i, o in enumerate(normal) if _contains(text, o)]
    if whole:
        return whole
    # an option by its number in the list, as the prompt numbers them: '2', '#2', 'option 2'
    marked = re.fullmatch(r"(\d+)", text) or re.search(r"(?:#|option |opcion |вариант )(\d+)", text)
    if marked is not None and 1 <= int(marked.group(1)) <= len(normal):
        return [int(marked.group(1)) - 1]
    # the argument alone (a card, a number) when it belongs to one option only
    words = set(text.split())
    args = [i for i, o in enumerate(normal) if len(o.split()) > 1 and o.split(None, 1)[1] in words]
    if args:
        return args
    return [i for i, o in enumerate(normal) if len(o.split()) == 1 and o in words]


# -- the player -----------------------------------------------------------------------------
@dataclasses.dataclass
class Exchange:
    """One question and answer of a :class:`LanguageModelPlayer` (kept for inspection)."""

    prompt: str
    answer: str
    error: str | None = None


class LanguageModelPlayer(Player):
    """A tapete player that asks ``ask(prompt) -> answer`` (a language model's client, or
    anything else) and plays the action it names; an unreadable answer is asked again with
    the reason, up to ``retries`` times, then :class:`AnswerError` (the arena counts it as a
    fault of the player)."""

    name = "llm"

    def __init__(
        self, ask: Callable[[str], str], language: str = "en", retries: int = 2, **params: Any
    ) -> None:
        super().__init__(language=language, retries=retries, **params)
        if language not in LANGUAGES:
            raise AnswerError(f"language must be one of {', '.join(LANGUAGES)}, got {language!r}")
        self.ask = ask
        self.language = language
        self.retries = retries
        #: Every question and answer so far.
        self.exchanges: list[Exchange] = []

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        """The legal action the answer names."""
        options = legal_texts(view, legal_actions, rng)
        question = prompt(view, options, self.language)
        for attempt in range(self.retries + 1):
            answer = self.ask(question)
            try:
                index = parse_answer(answer, options)
            except AnswerError as error:
                self.exchanges.append(Exchange(question, str(answer), str(error)))
                if attempt == self.retries:
                    raise
                question = "\n\n".join([
                    prompt(view, options, self.language),
                    tr(self.language, "Your answer {answer} could not be read: {why}",
                       answer=repr(str(answer)[:200]), why=str(error)),
                    tr(self.language, "Answer again with one of the legal actions."),
                ])  # fmt: skip
                continue
            self.exchanges.append(Exchange(question, answer))
            return legal_actions[index]
        raise AnswerError("no answer")  # not reached
