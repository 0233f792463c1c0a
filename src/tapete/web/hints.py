"""Hints for the browser's hint button: what the strongest available bot would do now, and
why, seeing only the asking seat's view (docs/protocol.md, *Requests from the browser pages*).

The bot is the first of the game's :data:`HINT_PLAYERS` that is registered and can be built:
the search bot with half a second per decision for La Pocha, Ombre, Tresillo and Danish
l'hombre (not under La Pocha's variants, which it does not play), the CFR strategy
(``trynka-cfr``) for Trynka, else ``rule`` (and ``random`` if nothing else is there). Where
the bot searches (:meth:`action_values`), the hint is the best-valued action and the reasons
carry its value and the next best one's.

``why`` is a list of reasons, each a stable ``code`` with its values (numbers, card and suit
codes, action texts): the pages make the sentences in the reader's language. The codes:

===================  ==================================================================
``bid_count``        La Pocha: the hand counts about ``tricks`` tricks (``trumps`` trumps)
``dealer_forbidden`` the dealer may not bid ``bid`` (the bids would add up)
``need_tricks``      ``need`` more tricks are needed to make the bid
``bid_made``         the bid (``bid``) is made: more tricks would break it
``lead_top``         leads ``card``, the highest card of its suit still out
``lead_low``         leads ``card``, which others can beat
``lead_trump``       leads ``card``, a trump, to draw the others' trumps
``takes_trick``      ``card`` takes the trick (``only``: every playable card does)
``lets_go``          ``card`` does not take the trick (``only``: no playable card does)
``partner_wins``     Ombre: the partner is winning the trick, ``card`` leaves it to him
``ombre_hand``       Ombre: the hand counts ``tricks`` tricks with ``suit`` trumps, ``needed``
                     are wanted to play
``ombre_side``       Ombre: ombre has ``ombre`` tricks, the defenders ``defenders``
``player_side``      Tresillo, Danish l'hombre: the player has ``player`` tricks, the
                     defenders ``defenders`` (``mine``: the asking seat is the player)
``exchange_keep``    Ombre's exchange: ``card`` goes, trumps, kings and guarded queens stay
``exchange_done``    the exchange is over: ``count`` cards are thrown away
``trynka_dark``      Trynka: the cards are face down
``trynka_strength``  the hand beats ``pct`` % of hands, ``win`` % against ``opponents``
``trynka_price``     the price ``cost`` against a bank of ``bank``
``ombre_searched``   Ombre's auction searched: "I play" worth ``value``, passing ``pass``, over
                     ``deals`` simulated deals (``margin``: it plays up to that far below
                     passing, as its simulated defenders see every card)
``exchange_searched`` the ombre's discard plan searched: ``value``, the next plan's ``next``
``trumps_searched``  the trumps searched: ``suit`` worth ``value``, the next suit's ``next``
``searched``         the search's mean ``value`` of the action, ``next`` of the next best
                     action ``next_text`` (``unit``: ``points`` or ``outcome``)
===================  ==================================================================

The reasons with a searched value (``searched`` with ``unit`` ``outcome``,
``exchange_searched``, ``trumps_searched``) carry ``scale``, what the value counts:
``sacardo_codille`` (Ombre: sacardo +1, puesta -0.9, codille -1), ``won_lost`` (Tresillo's and
Danish l'hombre's card play: the game won +1, lost -1) or ``payment`` (their contracts: the
mean payment).

===================  ==================================================================
===================  ==================================================================

>>> import tapete
>>> state = tapete.load_game("pocha", hand_size=1).new_initial_state()
>>> for text in ["deal Ao", "deal 3c", "deal Re", "deal Cb", "turn 4o"]:
...     _ = state.apply_string(text)
>>> h = hint(state.game, 0, state.view(0), state.legal_actions(), state.action_to_string,
...          players=(("rule", {}),))
>>> h["action"] in state.legal_actions(), h["text"].startswith("bid "), h["why"][0]["code"]
(True, True, 'bid_count')
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable, Sequence
from typing import Any, Final

from tapete.engine.api import Game, PlayerView
from tapete.errors import TapeteError
from tapete.players.base import Player, available, load
from tapete.players.explain import Reason, family
from tapete.players.kernels import KERNELS

log = logging.getLogger("tapete.web")

#: Bots to ask per game family, strongest first, each answering within a second.
HINT_PLAYERS: Final[dict[str, tuple[tuple[str, dict[str, Any]], ...]]] = {
    "pocha": (("search", {"time_budget": 0.5}), ("rule", {})),
    "ombre": (("search", {"time_budget": 0.5}), ("rule", {})),
    "trynka": (("trynka-cfr", {}), ("rule", {})),
    "tresillo": (("search", {"time_budget": 0.5}), ("rule", {})),
    "lhombre": (("search", {"time_budget": 0.5}), ("rule", {})),
}
_FALLBACK: Final[tuple[tuple[str, dict[str, Any]], ...]] = (("rule", {}), ("random", {}))
#: The hint players that need the search kernels (skipped while they still load).
_SEARCHING: Final = frozenset({"search", "trynka-cfr"})
#: Seconds a hint waits for the kernels a starting server is still loading.
KERNEL_WAIT: Final = 5.0
#: Seconds a server waits for a hint's bot before the quick bots answer instead (a search
#: slowed by a loaded machine, kernels compiling): every hint is answered within about this.
HINT_DEADLINE: float = 20.0
#: The bots that answer a hint whose strongest bot is past :data:`HINT_DEADLINE`.
QUICK_PLAYERS: Final = _FALLBACK

#: The first action that is not a card in the Ombre family's games (40 cards).
_FIRST_NON_CARD: Final = 40


#: One hint player per (bot, game), kept: a search bot loads its kernels once, not per hint.
#: Each is used under its own lock (hints may be computed in several threads at once).
_PLAYERS: dict[tuple[str, int], tuple[Game, Player, threading.Lock]] = {}
_MAX_PLAYERS: Final = 64
_CACHE_LOCK = threading.Lock()
#: Bots that could not be built (a missing strategy file): not tried again.
_BROKEN: set[str] = set()


def _player_for(
    name: str, params: dict[str, Any], game: Game
) -> tuple[Player, threading.Lock] | None:
    key = (name, id(game))
    with _CACHE_LOCK:
        kept = _PLAYERS.get(key)
        if kept is not None and kept[0] is game:
            return kept[1], kept[2]
        if name in _BROKEN:
            return None
        try:
            player = load(name, **params)
        except Exception:  # a missing strategy file, a module that does not import
            log.exception("hint: player %s cannot be built", name)
            _BROKEN.add(name)
            return None
        if len(_PLAYERS) >= _MAX_PLAYERS:
            _PLAYERS.pop(next(iter(_PLAYERS)))
        lock = threading.Lock()
        _PLAYERS[key] = (game, player, lock)
        return player, lock


def hint_players(game_name: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The registered bots a hint for ``game_name`` may ask, strongest first.

    >>> [name for name, _ in hint_players("pocha-match")][-2:]
    ['rule', 'random']
    """
    names = set(available())
    wanted = HINT_PLAYERS.get(family(game_name), ()) + _FALLBACK
    out: list[tuple[str, dict[str, Any]]] = []
    for name, params in wanted:
        if name in names and name not in _BROKEN and all(name != n for n, _ in out):
            out.append((name, params))
    return tuple(out)


def hint(
    game: Game,
    seat: int,
    view: PlayerView,
    legal_actions: Sequence[int],
    text_of: Callable[[int], str],
    rng: random.Random | None = None,
    players: Sequence[tuple[str, dict[str, Any]]] | None = None,
) -> dict[str, Any]:
    """``{"player", "action", "text", "why"}``: the strongest bot's choice for ``seat``.

    ``text_of`` gives an action's text (``state.action_to_string``); ``players`` overrides
    :func:`hint_players`. A search bot takes half a second (and compiles its kernels on its
    first call): a server calls this off its event loop.
    """
    rng = rng or random.Random()
    legal = list(legal_actions)
    candidates = players if players is not None else hint_players(game.name)
    searching = any(name in _SEARCHING for name, _ in candidates)
    if searching and KERNELS.loading(game.name):  # a server still loading the kernels: a moment
        KERNELS.wait(KERNEL_WAIT, game.name)
    failures = 0
    for name, params in candidates:
        if KERNELS.loading(game.name) and name in _SEARCHING:
            continue  # still loading after the wait: the next bot answers now
        built = _player_for(name, params, game)
        if built is None:
            continue
        player, lock = built
        with lock:
            try:
                player.start(game, seat)
            except TapeteError:  # a bot that does not play these rules (Pocha's variants)
                continue
            try:
                values = _values(player, view, legal, rng)
                if values is not None:
                    best = max(range(len(legal)), key=lambda i: values[i])
                    action = legal[best]
                else:
                    action = player.choose(view, legal, rng)
            except Exception:  # a bot's failure: the next one answers
                failures += 1
                log.exception("hint: player %s failed at %s", name, game.name)
                continue
            if action not in legal:
                failures += 1
                log.error("hint: player %s chose %r, not a legal action", name, action)
                continue
            contract = getattr(player, "last_contract", None) if values is None else None
        why = player.explain(view, action, legal, text_of)
        if isinstance(contract, dict):
            why = _with_contract(why, contract, action, text_of, view.game)
        if values is not None:
            why.append(_searched(values, legal, action, text_of, view.game))
        text = text_of(action)
        if own_cards_hidden(view):  # the hint must not name a card the seat may not see
            why = [r for r in why if "card" not in r]
            if text.startswith("play "):
                text = "play"
        return {"player": name, "action": action, "text": text, "why": why}
    if failures or not legal:
        raise HintError("hint_failed", "no bot could answer the hint")
    action = legal[0]
    return {"player": "none", "action": action, "text": text_of(action), "why": []}


class HintError(TapeteError):
    """No bot could answer a hint: ``code`` is the reason code the page shows
    (``hint_failed``)."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code


def own_cards_hidden(view: PlayerView) -> bool:
    """Does this seat hold cards it may not see (La Pocha's ronda india and ronda ciega, a
    Trynka hand not looked at)? Then a hint names no card.

    >>> import random, tapete
    >>> from tapete.engine import play_chance
    >>> game = tapete.load_game("pocha", n_players=3, hand_size=1, ronda_ciega=True)
    >>> state = play_chance(game.new_initial_state(), random.Random(1))
    >>> own_cards_hidden(state.view(state.current_player()))
    True
    >>> game = tapete.load_game("pocha", n_players=3, hand_size=1)
    >>> state = play_chance(game.new_initial_state(), random.Random(1))
    >>> own_cards_hidden(state.view(state.current_player()))
    False
    """
    live = getattr(view, "deal", None) or view
    seat = getattr(view, "seat", None)
    hand = getattr(live, "hand", None)
    held = getattr(live, "cards_held", None)
    if seat is None or hand is None or held is None or not 0 <= seat < len(held):
        return False
    return len(hand) == 0 and held[seat] > 0


def _values(
    player: Player, view: PlayerView, legal: list[int], rng: random.Random
) -> list[float] | None:
    method = getattr(player, "action_values", None)
    if method is None or len(legal) < 2:
        return None
    found = method(view, legal, rng)
    if found is None or len(found) != len(legal):
        return None
    return [float(v) for v in found]


def _scale(game: str, contract: bool) -> str:
    """What a searched value counts in ``game`` (module docstring, ``scale``).

    >>> _scale("ombre-match", True), _scale("tresillo", False), _scale("lhombre", True)
    ('sacardo_codille', 'won_lost', 'payment')
    """
    if family(game) == "ombre":
        return "sacardo_codille"
    return "payment" if contract else "won_lost"


def _with_contract(
    why: list[Reason],
    contract: dict[str, Any],
    action: int,
    text_of: Callable[[int], str],
    game: str,
) -> list[Reason]:
    """``why`` with the contract search's own reason (Ombre's auction, exchange or trumps,
    searched by simulation): its values over the deals simulated. Where the search's choice
    is not the ``rule`` bot's (another discard plan, another suit), the ``rule`` bot's reason
    for its own choice goes. The auction keeps the hand's count beside it, with ``margin``
    when it plays a hand the simulation puts below passing."""
    values = {k: float(v) for k, v in contract.get("values", {}).items() if float(v) > -2.0}
    deals = int(contract.get("worlds", 0))
    if "ombre" in values and "pass" in values:
        reason: Reason = {"code": "ombre_searched", "value": round(values["ombre"], 2),
                          "pass": round(values["pass"], 2), "deals": deals}  # fmt: skip
        if text_of(action) == "ombre" and values["ombre"] < values["pass"]:
            reason["margin"] = round(-float(contract.get("margin", 0.0)), 2)
        return [*why, reason]
    ranked = sorted(values, key=lambda k: -values[k])
    if not ranked:
        return why
    best = ranked[0]
    found: Reason = {"value": round(values[best], 2), "deals": deals, "scale": _scale(game, True)}
    if len(ranked) > 1:
        found["next"] = round(values[ranked[1]], 2)
    if best.startswith("plan "):
        found["code"] = "exchange_searched"
        if best != "plan 0":  # plan 0 is the rule bot's: its reason no longer holds
            why = [r for r in why if r["code"] != "exchange_keep"]
        return [*why, found]
    if best.startswith("trumps "):
        found["code"] = "trumps_searched"
        found["suit"] = best.split()[1].lower()
        return [*[r for r in why if r["code"] != "ombre_hand" or r["suit"] == found["suit"]],
                found]  # fmt: skip
    return why


def _searched(
    values: list[float], legal: list[int], action: int, text_of: Callable[[int], str], game: str
) -> Reason:
    ranked = sorted(range(len(legal)), key=lambda i: -values[i])
    mine = legal.index(action)
    other = next((i for i in ranked if i != mine), mine)
    unit = "points" if family(game) == "pocha" or action >= _FIRST_NON_CARD else "outcome"
    reason: Reason = {
        "code": "searched",
        "value": round(values[mine], 2),
        "next": round(values[other], 2),
        "next_text": text_of(legal[other]),
        # the Ombre family's cards: the side's mean outcome; Tresillo's and Danish l'hombre's
        # bids and games: their mean payment
        "unit": unit,
    }
    if unit == "outcome":
        reason["scale"] = _scale(game, False)
    return reason
