"""One deal of Ombre: antes, deal, auction, exchange, trumps, nine tricks, settlement.

Seats are numbered in anti-clockwise playing order; the dealer defaults to seat 2, so seat 0
is eldest hand. ``returns()`` is each seat's change of balance in this deal (antes
included): the returns plus the change of the pool always sum to zero.

>>> import random, tapete
>>> from tapete.engine import random_playout
>>> state = tapete.load_game('ombre').new_initial_state()
>>> state.phase(), state.pool
('deal', 3)
>>> state = random_playout(state, random.Random(5))
>>> state.is_terminal(), sum(state.returns()) + state.pool_change()
(True, 0.0)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any, Final

from tapete.cards import FRENCH_40, CardSet, Suit, iter_bits
from tapete.engine.api import (
    CHANCE,
    TERMINAL,
    Game,
    Param,
    PlayerView,
    State,
    Trick,
    split_action,
)
from tapete.engine.registry import register
from tapete.errors import ConfigError, IllegalActionError, NotationError
from tapete.games.ombre.tables import (
    EFF_SUIT,
    FULL_MASK,
    SPADILLE,
    TRUMP,
    legal_plays,
    trick_winner,
    trump_order,
)

# Action encoding (stable):
#   0 pass · 1 ombre ("I play") · 2 sans-prendre · 3 draw (end one's discards) · 4 vole
#   8..11 "trumps <suit>" (♣ ♦ ♥ ♠)
#   64..127 a card id: "deal", "stock", "rest" (chance), "discard", "play"
PASS: Final = 0
OMBRE: Final = 1
SANS_PRENDRE: Final = 2
DRAW: Final = 3
VOLE: Final = 4
TRUMPS_BASE: Final = 8
NUM_DISTINCT_ACTIONS: Final = 128
CARD_MIN: Final = 64

DEAL, AUCTION, SP_ASK, TRUMPS, DISCARD, STOCK, REST, PLAY, DONE = range(9)
PHASE_NAMES: Final = (
    "deal", "auction", "sans-prendre", "trumps", "exchange", "stock", "rest", "play", "done",
)  # fmt: skip
_CHANCE_VERB: Final = {DEAL: "deal", STOCK: "stock", REST: "rest"}

#: Visibility of a logged action: everybody, or nobody (else the seat that sees it).
PUBLIC: Final = -1
NOBODY: Final = -2

_SUIT_WORDS: Final = {
    "clubs": Suit.CLUBS, "diamonds": Suit.DIAMONDS, "hearts": Suit.HEARTS, "spades": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
    "c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES,
}  # fmt: skip
_SYMBOL: Final = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_EFF_NAME: Final = {
    TRUMP: "trumps", Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}  # fmt: skip

_OTHER_TEXT: Final = {
    PASS: "pass", OMBRE: "ombre", SANS_PRENDRE: "sans-prendre", DRAW: "draw", VOLE: "vole",
}  # fmt: skip
_TEXT_ACTION: Final = {text: action for action, text in _OTHER_TEXT.items()}
_CARD_VERBS: Final = ("deal", "stock", "rest", "discard", "play")


def card_text(card: int) -> str:
    """A card in Ombre's notation (``♣7``)."""
    return FRENCH_40.format_card(card)


def cards_text(mask: int) -> str:
    """The cards of a bitmask, in deck order, separated by spaces."""
    return " ".join(FRENCH_40.format_card(c) for c in iter_bits(mask))


def _optional_int(name: str) -> Any:
    def check(value: Any) -> int | None:
        if value is None or value == "auto" or value == "ante":
            return None
        if isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ConfigError(
                f"parameter {name} must be a non-negative integer or 'ante', got {value!r}"
            )
        return value

    return check


def _check_balances(value: Any) -> tuple[int, int, int]:
    items: Sequence[Any]
    if isinstance(value, str):
        for sep in ",;/:":
            value = value.replace(sep, " ")
        items = value.split()
    elif isinstance(value, (list, tuple)):
        items = value
    else:
        items = ()
    try:
        numbers = tuple(int(x) for x in items if not isinstance(x, bool))
    except ValueError:
        numbers = ()
    if len(numbers) != 3 or len(items) != 3:
        raise ConfigError(
            f"parameter balances = {value!r} is not allowed; allowed: three integers, "
            "like (0, 0, 0) or '5/0/-2'"
        )
    return numbers[0], numbers[1], numbers[2]


#: Rule options shared by ``ombre`` and ``ombre-match`` (ombre.md §3.C).
RULE_PARAMETERS: Final = (
    Param("ante", 1, "units each player pays into the pool at the start of every deal", low=0),
    Param("auction", "simple", "simple = 'I play' or pass; sans_prendre = also bid sans prendre",
          kind=str, choices=("simple", "sans_prendre")),
    Param("all_pass", "throw_in", "when all pass: throw_in, or forced_spadille (♠A must play)",
          kind=str, choices=("throw_in", "forced_spadille")),
    Param("min_discard_ombre", 0, "the fewest cards ombre must exchange", choices=(0, 1)),
    Param("talon_rest_visible", "none", "who sees the cards left in the stock after the exchange",
          kind=str, choices=("none", "ombre", "all")),
    Param("trump_timing", "after_exchange", "when ombre names trumps",
          kind=str, choices=("after_exchange", "before_exchange")),
    Param("first_lead", "ombre", "who leads the first trick", kind=str,
          choices=("ombre", "eldest")),
    Param("matador_privilege", True, "matadors need not follow an unforcing trump lead",
          kind=bool),
    Param("tie_441", "puesta", "1/4-4: puesta, or codille_split (ombre pays the pool to both)",
          kind=str, choices=("puesta", "codille_split")),
    Param("vole", False, "ombre may announce vole after winning the first five tricks",
          kind=bool),
    Param("vole_bonus", None, "paid by or to each defender for a vole (default: the ante)",
          kind=int, check=_optional_int("vole_bonus")),
    Param("matador_payments", False, "ombre's run of matadors is paid for", kind=bool),
    Param("matador_unit", None, "payment per matador of the run (default: the ante)",
          kind=int, check=_optional_int("matador_unit")),
    Param("sans_prendre_bonus", None, "paid by or to each defender for sans prendre "
          "(default: the ante)", kind=int, check=_optional_int("sans_prendre_bonus")),
)  # fmt: skip

#: The starting money of a game: the pool before this deal's antes, and the balances.
MONEY_PARAMETERS: Final = (
    Param("pool", 0, "the pool before this deal's antes", low=0),
    Param("balances", (0, 0, 0), "the three balances before this deal, like '5/0/-2'",
          kind=tuple, check=_check_balances),
)  # fmt: skip


class OmbreRules:
    """The rule options of an Ombre game in fast-access form (shared by deal and match)."""

    def __init__(self, params: dict[str, Any]) -> None:
        self.ante: int = params["ante"]
        self.sans_prendre_auction: bool = params["auction"] == "sans_prendre"
        self.forced_spadille: bool = params["all_pass"] == "forced_spadille"
        self.min_discard_ombre: int = params["min_discard_ombre"]
        self.rest_visible: str = params["talon_rest_visible"]
        self.trumps_first: bool = params["trump_timing"] == "before_exchange"
        self.eldest_leads: bool = params["first_lead"] == "eldest"
        self.privilege: bool = params["matador_privilege"]
        self.codille_split: bool = params["tie_441"] == "codille_split"
        self.vole: bool = params["vole"]
        vb, mu, sb = params["vole_bonus"], params["matador_unit"], params["sans_prendre_bonus"]
        self.vole_bonus: int = self.ante if vb is None else vb
        self.matador_payments: bool = params["matador_payments"]
        self.matador_unit: int = self.ante if mu is None else mu
        self.sans_prendre_bonus: int = self.ante if sb is None else sb


@dataclasses.dataclass(frozen=True)
class OmbreView(PlayerView):
    """What one seat knows of a deal of Ombre.

    ``observed`` is the deal's history as this seat saw it (``None`` for a card dealt or
    drawn by somebody else, another player's discard, an unseen card of the stock's rest);
    ``actors`` gives, for each action, the seat that made or received it (``-1``: nobody in
    particular, the rest of the stock). ``discarded`` and ``drawn`` count each seat's
    exchange; ``hand`` and ``discards`` are this seat's own.
    """

    phase: str
    dealer: int
    ombre: int | None
    sans_prendre: bool
    forced: bool
    trumps: Suit | None
    pool: int
    balances: tuple[int, ...]
    hand: CardSet
    discards: CardSet
    hand_sizes: tuple[int, ...]
    discarded: tuple[int, ...]
    drawn: tuple[int, ...]
    stock_left: int
    rest: CardSet
    tricks_won: tuple[int, ...]
    current_trick: Trick | None
    finished_tricks: tuple[Trick, ...]
    vole: bool
    outcome: str | None
    observed: tuple[str | None, ...]
    actors: tuple[int, ...]


@register
class OmbreGame(Game):
    """One deal of Ombre (ombre.md §2), registered as ``ombre``.

    >>> import tapete
    >>> g = tapete.load_game('ombre', dealer=0, balances='5/0/-2', pool=4)
    >>> g.dealer, g.balances, g.params['pool']
    (0, (5, 0, -2), 4)
    >>> tapete.load_game('ombre', first_lead='x')
    Traceback (most recent call last):
    ...
    tapete.errors.ConfigError: parameter first_lead = 'x' is not allowed; allowed: ombre | eldest
    """

    name = "ombre"
    rules_version = "ombre-1"
    summary = "Ombre (L'Hombre), one deal: auction, exchange, trumps, nine tricks, the pool"
    parameters = (
        Param("dealer", 2, "the dealer's seat (default 2, so seat 0 is eldest hand)",
              low=0, high=2),
        *MONEY_PARAMETERS,
        *RULE_PARAMETERS,
    )  # fmt: skip

    def _configure(self) -> None:
        self.rules = OmbreRules(dict(self.params))
        self.dealer: int = self.params["dealer"]
        self.balances: tuple[int, int, int] = self.params["balances"]
        self.pool: int = self.params["pool"]

    def num_players(self) -> int:
        """Three seats, always."""
        return 3

    def num_distinct_actions(self) -> int:
        """Size of the action encoding (see the module's table)."""
        return NUM_DISTINCT_ACTIONS

    def deal_actions(self, hands: Sequence[str | CardSet]) -> list[int]:
        """The 27 chance actions that deal ``hands`` (indexed by seat, 9 cards each) in
        packets of three from eldest hand.

        >>> import tapete
        >>> g = tapete.load_game('ombre')
        >>> hands = ['♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥Q ♥J', '♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♦6',
        ...          '♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2']
        >>> state = g.new_initial_state()
        >>> for action in g.deal_actions(hands):
        ...     state.apply_action(action)
        >>> str(state.view(0).hand)
        '♣A ♣2 ♣J ♣Q ♣K ♥J ♥Q ♥K ♠A'
        """
        parsed: list[list[int]] = []
        for hand in hands:
            cards = list(hand) if isinstance(hand, CardSet) else FRENCH_40.parse_cards(hand)
            if len(cards) != 9:
                raise ConfigError(f"a hand has 9 cards, got {len(cards)}: {hand}")
            parsed.append([int(c) for c in cards])
        if len(parsed) != 3 or len({c for h in parsed for c in h}) != 27:
            raise ConfigError("deal_actions needs three hands of 9 different cards")
        eldest = (self.dealer + 1) % 3
        actions: list[int] = []
        for packet in range(9):
            seat = (eldest + packet) % 3
            start = 3 * (packet // 3)
            actions.extend(parsed[seat][start : start + 3])
        return actions

    def new_initial_state(self) -> OmbreState:
        """The deal after the antes, before the first card is dealt."""
        return OmbreState(self, self.rules, self.dealer, self.pool, self.balances)

    def sample_consistent_state(self, view: PlayerView, rng: random.Random) -> OmbreState:
        """A full deal consistent with ``view`` (voids, the matador privilege, forced ♠A)."""
        from tapete.games.ombre.sampler import fill_deal

        if not isinstance(view, OmbreView):
            raise TypeError("ombre samples from an OmbreView")
        state = self.new_initial_state()
        texts = fill_deal(
            self.rules, view.seat, view.observed, view.actors, rng, view.current_player
        )
        for text in texts:
            state.apply_string(text)
        return state


class OmbreState(State):
    """A position in one deal of Ombre (see :class:`OmbreGame`)."""

    def __init__(
        self,
        game: Game,
        rules: OmbreRules,
        dealer: int,
        pool: int,
        balances: Sequence[int],
    ) -> None:
        self.game = game
        self.rules = rules
        self._history = []
        self._events = []
        self.dealer = dealer
        self.eldest = (dealer + 1) % 3
        self.start_balances = tuple(balances)
        self.start_pool = pool
        ante = rules.ante
        self.balances = [b - ante for b in balances]
        self.pool = pool + 3 * ante
        self._phase = DEAL
        self._dealt = 0  # cards out of the pack (dealt, drawn, turned up)
        self._ndealt = 0
        self.hands = [0, 0, 0]
        self.discards = [0, 0, 0]
        self.drawn = [0, 0, 0]
        self.stock_left = 13
        self.rest = 0
        self._to_move = self.eldest
        self._speeches = 0
        self.ombre = -1
        self.sans_prendre = False
        self.forced = False
        self._forced_pending = False
        self._challenger = -1
        self.trumps = -1
        self._order: tuple[int, ...] = ()
        self._exch = 0
        self._exchange_done = False
        self._to_draw = 0
        self.leader = -1
        self.trick: list[int] = []
        self.finished: list[tuple[int, tuple[int, ...], int]] = []
        self.tricks_won = [0, 0, 0]
        self.vole_announced = False
        self.matadors = 0
        self.outcome: str | None = None
        self._legal = -1
        self._log: list[tuple[int, int, str]] = []  # (actor, visibility, card verb) per action

    # -- protocol -----------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE while cards come from the pack, TERMINAL when settled."""
        phase = self._phase
        if phase in (DEAL, STOCK, REST):
            return CHANCE
        if phase == DONE:
            return TERMINAL
        return self._to_move

    def phase(self) -> str:
        """``deal``, ``auction``, ``sans-prendre``, ``trumps``, ``exchange``, ``stock``,
        ``rest``, ``play`` or ``done``."""
        return PHASE_NAMES[self._phase]

    def is_terminal(self) -> bool:
        """True once the deal is settled (or thrown in)."""
        return self._phase == DONE

    def is_chance_node(self) -> bool:
        """True while a card comes from the pack."""
        phase = self._phase
        return phase in (DEAL, STOCK, REST)

    def legal_actions(self) -> list[int]:
        """Legal actions, sorted."""
        phase = self._phase
        if phase == PLAY:
            actions = list(iter_bits(self._play_mask()))
            if self._vole_open():
                actions.insert(0, VOLE)
            return actions
        if phase in (DEAL, STOCK, REST):
            return list(iter_bits(FULL_MASK & ~self._dealt))
        if phase == DISCARD:
            seat = self._to_move
            actions = [DRAW] if self._may_draw(seat) else []
            if self._may_discard_more(seat):
                actions.extend(iter_bits(self.hands[seat]))
            return actions
        if phase == AUCTION:
            return self._auction_actions()
        if phase == SP_ASK:
            return [PASS, SANS_PRENDRE]
        if phase == TRUMPS:
            return [TRUMPS_BASE, TRUMPS_BASE + 1, TRUMPS_BASE + 2, TRUMPS_BASE + 3]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card still in the pack, equally likely."""
        if not self.is_chance_node():
            return []
        cards = list(iter_bits(FULL_MASK & ~self._dealt))
        p = 1.0 / len(cards)
        return [(c, p) for c in cards]

    def apply_action(self, action: int) -> None:
        """Apply ``action`` (checked; the state is unchanged if it is refused)."""
        if type(action) is not int:
            return State.apply_action(self, action)
        phase = self._phase
        if phase == PLAY and action >= CARD_MIN and self._play_mask() >> action & 1:
            self._log.append((self._to_move, PUBLIC, "play"))
            self._play(action)
        elif (
            (phase in (DEAL, STOCK, REST))
            and action >= CARD_MIN
            and (FULL_MASK & ~self._dealt) >> action & 1
        ):
            self._chance(action)
        else:
            State.apply_action(self, action)  # the checked general path
            return
        self._history.append(action)

    def _apply(self, action: int) -> None:
        phase = self._phase
        seat = self._to_move
        if phase in (DEAL, STOCK, REST):
            self._chance(action)
            return
        if phase == PLAY:
            self._log.append((seat, PUBLIC, "" if action == VOLE else "play"))
            if action == VOLE:
                self.vole_announced = True
            else:
                self._play(action)
        elif phase == DISCARD:
            if action == DRAW:
                self._log.append((seat, PUBLIC, ""))
                self._draw()
            else:
                self._log.append((seat, seat, "discard"))
                self.hands[seat] &= ~(1 << action)
                self.discards[seat] |= 1 << action
        elif phase in (AUCTION, SP_ASK):
            self._log.append((seat, PUBLIC, ""))
            self._speak(action)
        elif phase == TRUMPS:
            self._log.append((seat, PUBLIC, ""))
            self.trumps = Suit.CLUBS + action - TRUMPS_BASE
            if self._exchange_done:
                self._start_play()
            else:
                self._start_exchange()

    # -- legality and errors -------------------------------------------------------------------
    def _why_illegal(self, action: int) -> IllegalActionError | None:
        """``None`` if legal, else an error saying which rule forbids ``action`` now."""
        phase = self._phase
        if not isinstance(action, int) or not 0 <= action < NUM_DISTINCT_ACTIONS:
            return self._not_now(action, f"{action!r} is not an action of ombre", "unknown_action")
        if phase == DONE:
            return self._not_now(action, "the deal is over", "game_over")
        is_card = action >= CARD_MIN and FULL_MASK >> action & 1
        if phase in (DEAL, STOCK, REST):
            if not is_card:
                return self._not_now(
                    action, "a card is coming from the pack: only a chance card", "chance_only"
                )
            if self._dealt >> action & 1:
                return self._not_now(action, f"{card_text(action)} is already out", "already_out")
            return None
        if phase in (AUCTION, SP_ASK):
            return self._why_illegal_speech(action)
        if action in (OMBRE, SANS_PRENDRE) or (action == PASS and phase != PLAY):
            return self._not_now(
                action,
                f"the auction is over: seat {self.ombre} is ombre",
                "auction_closed",
            )
        if phase == TRUMPS:
            if not TRUMPS_BASE <= action < TRUMPS_BASE + 4:
                return self._not_now(
                    action, f"ombre (seat {self.ombre}) must name trumps now", "trumps_now"
                )
            return None
        if TRUMPS_BASE <= action < TRUMPS_BASE + 4:
            if self.trumps >= 0:
                return self._not_now(
                    action, f"trumps are already {_EFF_NAME[self.trumps]}", "trumps_named"
                )
            return self._not_now(
                action,
                f"trumps are named by ombre after the exchange; now seat {self._to_move} "
                "is exchanging",
                "out_of_turn",
            )
        if phase == DISCARD:
            return self._why_illegal_exchange(action, bool(is_card))
        return self._why_illegal_play(action, bool(is_card))

    def _why_illegal_speech(self, action: int) -> IllegalActionError | None:
        if action in self.legal_actions():
            return None
        if action not in (PASS, OMBRE, SANS_PRENDRE):
            return self._not_now(
                action, "the auction is on: say 'ombre' (I play) or 'pass'", "auction_now"
            )
        if self._forced_pending:
            return self._not_now(
                action, "all passed: the holder of ♠A must play as ombre", "forced_spadille"
            )
        if action == SANS_PRENDRE and not self.rules.sans_prendre_auction:
            return self._not_now(action, "this game has no sans-prendre bid", "no_sans_prendre")
        if self.sans_prendre:
            return self._not_now(
                action, f"seat {self.ombre} plays sans prendre: you may only pass", "outbid"
            )
        return self._not_now(
            action, f"seat {self.ombre} already plays: you may only pass", "already_ombre"
        )

    def _why_illegal_exchange(self, action: int, is_card: bool) -> IllegalActionError | None:
        seat = self._to_move
        if action == DRAW:
            if self._may_draw(seat):
                return None
            need = self.rules.min_discard_ombre
            return self._not_now(
                action, f"ombre must exchange at least {need} card{'s' * (need != 1)}",
                "min_discard",
            )  # fmt: skip
        if not is_card:
            return self._not_now(
                action, "the exchange is on: discard cards, then 'draw'", "exchange_now"
            )
        if not self.hands[seat] >> action & 1:
            return self._not_now(action, f"{card_text(action)} is not in your hand", "not_held")
        if not self._may_discard_more(seat):
            left = self.stock_left
            if left < 9:
                return self._not_now(
                    action, f"the stock has {left} card{'s' * (left != 1)} left", "stock_empty"
                )
            return self._not_now(action, "no cards are left to discard", "hand_empty")
        return None

    def _why_illegal_play(self, action: int, is_card: bool) -> IllegalActionError | None:
        seat = self._to_move
        if action == VOLE:
            if self._vole_open():
                return None
            if not self.rules.vole:
                return self._not_now(action, "this game has no vole", "no_vole")
            return self._not_now(
                action,
                "vole is announced by ombre after winning the first five tricks, "
                "before leading to the sixth",
                "no_vole_now",
            )
        if not is_card:
            return self._not_now(action, "tricks are being played: play a card", "playing")
        hand = self.hands[seat]
        if not hand >> action & 1:
            return self._not_now(action, f"{card_text(action)} is not in your hand", "not_held")
        legal = self._play_mask()
        if legal >> action & 1:
            return None
        led = self.trick[0]
        lead_suit = EFF_SUIT[self.trumps][led]
        holds = cards_text(legal)
        if lead_suit != TRUMP:
            return self._not_now(
                action, f"must follow {_EFF_NAME[lead_suit]}: holds {holds}", "must_follow"
            )
        return self._not_now(action, f"must play a trump: holds {holds}", "must_follow")

    # -- text ---------------------------------------------------------------------------------
    def _action_to_string(self, action: int) -> str:
        """``deal ♣7``, ``stock ♥3``, ``rest ♦2``, ``ombre``, ``pass``, ``sans-prendre``,
        ``discard ♥7``, ``draw``, ``trumps ♣``, ``play ♣K``, ``vole``."""
        if CARD_MIN <= action < NUM_DISTINCT_ACTIONS and FULL_MASK >> action & 1:
            phase = self._phase
            verb = _CHANCE_VERB.get(phase) or ("discard" if phase == DISCARD else "play")
            return f"{verb} {card_text(action)}"
        if action in _OTHER_TEXT:
            return _OTHER_TEXT[action]
        if TRUMPS_BASE <= action < TRUMPS_BASE + 4:
            return f"trumps {_SYMBOL[Suit(Suit.CLUBS + action - TRUMPS_BASE)]}"
        raise NotationError(f"{action!r} is not an action of ombre")

    def string_to_action(self, text: str) -> int:
        """The action written ``text``; a card verb must fit the phase (``play`` in play)."""
        return parse_action(text, self._phase, self)

    # -- results --------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each seat's change of balance in this deal (antes included).

        The sum of the returns plus the pool's change (``pool - start_pool``) is zero.
        """
        return [float(b - s) for b, s in zip(self.balances, self.start_balances, strict=True)]

    def pool_change(self) -> int:
        """How much the pool grew (negative: shrank) in this deal."""
        return self.pool - self.start_pool

    def clone(self) -> OmbreState:
        """An independent copy."""
        other = self._copy_base()
        other._history = list(self._history)
        other._log = list(self._log)
        other.balances = list(self.balances)
        other.hands = list(self.hands)
        other.discards = list(self.discards)
        other.drawn = list(self.drawn)
        other.trick = list(self.trick)
        other.finished = list(self.finished)
        other.tricks_won = list(self.tricks_won)
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            self._phase, self.dealer, tuple(self.hands), tuple(self.discards), self._dealt,
            tuple(self.drawn), self.stock_left, self.rest, self._to_move, self._speeches,
            self.ombre, self.sans_prendre, self.forced, self._forced_pending, self._challenger,
            self.trumps, self._exch, self._exchange_done, self._to_draw, self.leader,
            tuple(self.trick), tuple(self.finished), tuple(self.tricks_won), self.vole_announced,
            self.pool, tuple(self.balances), self.outcome,
        )  # fmt: skip

    # -- deal and auction ---------------------------------------------------------------------
    def deal_recipient(self) -> int:
        """The seat that receives the next card of the deal (packets of three from eldest)."""
        return (self.eldest + self._ndealt // 3) % 3

    def chance_recipient(self) -> int | None:
        """The seat the next card goes to: dealt in packets, or drawn from the stock."""
        if self._phase == DEAL:
            return self.deal_recipient()
        return self._to_move if self._phase == STOCK else None

    def _chance(self, card: int) -> None:
        self._dealt |= 1 << card
        phase = self._phase
        if phase == DEAL:
            seat = (self.eldest + self._ndealt // 3) % 3
            self._log.append((seat, seat, "deal"))
            self.hands[seat] |= 1 << card
            self._ndealt += 1
            if self._ndealt == 27:
                self._phase = AUCTION
                self._to_move = self.eldest
        elif phase == STOCK:
            seat = self._to_move
            self._log.append((seat, seat, "stock"))
            self.hands[seat] |= 1 << card
            self.drawn[seat] += 1
            self.stock_left -= 1
            self._to_draw -= 1
            if self._to_draw == 0:
                self._next_exchanger()
        else:
            self._log.append((-1, self._rest_visibility(), "rest"))
            self.rest |= 1 << card
            self.stock_left -= 1
            if not self.stock_left:
                self._after_exchange()

    def _rest_visibility(self) -> int:
        visible = self.rules.rest_visible
        if visible == "all":
            return PUBLIC
        return self.ombre if visible == "ombre" else NOBODY

    def _auction_actions(self) -> list[int]:
        if self._forced_pending:
            return [OMBRE]
        sp = self.rules.sans_prendre_auction
        if self.ombre < 0:
            return [PASS, OMBRE, SANS_PRENDRE] if sp else [PASS, OMBRE]
        if sp and not self.sans_prendre:
            return [PASS, SANS_PRENDRE]
        return [PASS]

    def _speak(self, action: int) -> None:
        seat = self._to_move
        if self._phase == SP_ASK:
            if action == PASS:
                self.ombre = self._challenger
            self.sans_prendre = True
            self._challenger = -1
            self._phase = AUCTION
        elif self._forced_pending:
            self._forced_pending = False
            self.forced = True
            self.ombre = seat
            self._after_auction()
            return
        elif action == OMBRE:
            self.ombre = seat
        elif action == SANS_PRENDRE:
            if self.ombre >= 0:
                self._challenger = seat
                self._phase = SP_ASK
                self._to_move = self.ombre
                return
            self.ombre = seat
            self.sans_prendre = True
        self._speeches += 1
        if self._speeches < 3:
            self._to_move = (self.eldest + self._speeches) % 3
            return
        if self.ombre >= 0:
            self._after_auction()
            return
        if self.rules.forced_spadille:
            for s in range(3):
                if self.hands[s] >> SPADILLE & 1:
                    self._forced_pending = True
                    self._to_move = s
                    return
        self.outcome = "all_pass"
        self._phase = DONE

    def _after_auction(self) -> None:
        if self.rules.trumps_first:
            self._phase = TRUMPS
            self._to_move = self.ombre
        else:
            self._start_exchange()

    # -- exchange -----------------------------------------------------------------------------
    def _start_exchange(self) -> None:
        o = self.ombre
        order = (o, (o + 1) % 3, (o + 2) % 3)
        self._order = order[1:] if self.sans_prendre else order
        self._exch = 0
        self._phase = DISCARD
        self._to_move = self._order[0]

    def _may_draw(self, seat: int) -> bool:
        return seat != self.ombre or self.discards[seat].bit_count() >= self.rules.min_discard_ombre

    def _may_discard_more(self, seat: int) -> bool:
        return self.discards[seat].bit_count() < min(9, self.stock_left) and self.hands[seat] != 0

    def _draw(self) -> None:
        k = self.discards[self._to_move].bit_count()
        if k:
            self._to_draw = k
            self._phase = STOCK
        else:
            self._next_exchanger()

    def _next_exchanger(self) -> None:
        self._exch += 1
        if self._exch < len(self._order):
            self._phase = DISCARD
            self._to_move = self._order[self._exch]
            return
        self._exchange_done = True
        if self.rules.rest_visible != "none" and self.stock_left:
            self._phase = REST
            return
        self._after_exchange()

    def _after_exchange(self) -> None:
        self._exchange_done = True
        if self.trumps >= 0:
            self._start_play()
        else:
            self._phase = TRUMPS
            self._to_move = self.ombre

    # -- play ---------------------------------------------------------------------------------
    def _start_play(self) -> None:
        self._phase = PLAY
        self.leader = self._to_move = self.eldest if self.rules.eldest_leads else self.ombre
        self._legal = -1
        if self.rules.matador_payments:
            run = 0
            hand = self.hands[self.ombre]
            for card in trump_order(Suit(self.trumps)):
                if not hand >> card & 1:
                    break
                run += 1
            self.matadors = run if run >= 3 else 0

    def _vole_open(self) -> bool:
        return (
            self.rules.vole
            and not self.vole_announced
            and len(self.finished) == 5
            and not self.trick
            and self.tricks_won[self.ombre] == 5
        )

    def _play_mask(self) -> int:
        legal = self._legal
        if legal < 0:
            led = self.trick[0] if self.trick else -1
            legal = legal_plays(self.trumps, self.hands[self._to_move], led, self.rules.privilege)
            self._legal = legal
        return legal

    def _play(self, card: int) -> None:
        seat = self._to_move
        self.hands[seat] &= ~(1 << card)
        trick = self.trick
        trick.append(card)
        self._legal = -1
        if len(trick) < 3:
            self._to_move = (seat + 1) % 3
            return
        winner = (self.leader + trick_winner(self.trumps, trick)) % 3
        self.finished.append((self.leader, tuple(trick), winner))
        self.tricks_won[winner] += 1
        self.trick = []
        self.leader = self._to_move = winner
        if len(self.finished) == 9:
            self._settle()

    def _settle(self) -> None:
        """Sacardo, codille or puesta (ombre.md §2.10) and the optional extra payments."""
        self._phase = DONE
        rules = self.rules
        o = self.ombre
        d1, d2 = (o + 1) % 3, (o + 2) % 3
        won = self.tricks_won
        t_o, t1, t2 = won[o], won[d1], won[d2]
        pool = self.pool
        bal = self.balances
        if (t1 > t_o and t1 > t2) or (t2 > t_o and t2 > t1):
            winner = d1 if t1 > t2 else d2
            self.outcome = "codille"
            bal[o] -= pool
            bal[winner] += pool
        elif t_o > t1 and t_o > t2:
            self.outcome = "sacardo"
            bal[o] += pool
            self.pool = 0
        elif t_o == 1 and rules.codille_split:
            self.outcome = "codille_split"
            half = pool // 2
            bal[o] -= 2 * half
            bal[d1] += half
            bal[d2] += half
        else:
            self.outcome = "puesta"
            bal[o] -= pool
            self.pool = 2 * pool
        won_deal = self.outcome == "sacardo"
        extra = 0
        if self.sans_prendre:
            extra += rules.sans_prendre_bonus
        if self.matadors:
            extra += self.matadors * rules.matador_unit
        if extra:
            sign = 1 if won_deal else -1
            bal[o] += sign * 2 * extra
            bal[d1] -= sign * extra
            bal[d2] -= sign * extra
        if self.vole_announced:
            sign = 1 if t_o == 9 else -1
            bal[o] += sign * 2 * rules.vole_bonus
            bal[d1] -= sign * rules.vole_bonus
            bal[d2] -= sign * rules.vole_bonus

    # -- information --------------------------------------------------------------------------
    def observed(self, seat: int | None) -> tuple[str | None, ...]:
        """The deal's history as ``seat`` saw it (``None`` for what it could not see)."""
        texts: list[str | None] = []
        for index, action in enumerate(self._history):
            _, vis, verb = self._log[index]
            if vis != PUBLIC and (seat is None or vis != seat):
                texts.append(None)
            elif verb:
                texts.append(f"{verb} {card_text(action)}")
            else:
                texts.append(self.action_to_string(action))
        return tuple(texts)

    def actors(self) -> tuple[int, ...]:
        """For each action, the seat that made or received it (``-1``: the stock's rest)."""
        return tuple(entry[0] for entry in self._log)

    def played_mask(self) -> int:
        """Every card played to a trick so far."""
        played = 0
        for c in self.trick:
            played |= 1 << c
        for _, cards, _ in self.finished:
            for c in cards:
                played |= 1 << c
        return played

    def rest_visible_to(self, seat: int | None) -> bool:
        """True when ``seat`` may see the cards of the stock turned up after the exchange."""
        visible = self.rules.rest_visible
        return visible == "all" or (visible == "ombre" and seat is not None and seat == self.ombre)

    def hidden_cards(self, seat: int | None) -> CardSet:
        """Cards ``seat`` cannot place: others' hands and discards, the unseen stock."""
        known = self.played_mask()
        if seat is not None:
            known |= self.hands[seat] | self.discards[seat]
        if self.rest_visible_to(seat):
            known |= self.rest
        return CardSet(FULL_MASK & ~known)

    def view(self, seat: int | None) -> OmbreView:
        """What ``seat`` may know now (``None``: a spectator)."""
        in_play = self._phase >= PLAY
        return OmbreView(
            game=self.game.name,
            seat=seat,
            current_player=self.current_player(),
            phase=self.phase(),
            dealer=self.dealer,
            ombre=self.ombre if self.ombre >= 0 and not self._forced_pending else None,
            sans_prendre=self.sans_prendre,
            forced=self.forced,
            trumps=Suit(self.trumps) if self.trumps >= 0 else None,
            pool=self.pool,
            balances=tuple(self.balances),
            hand=CardSet(self.hands[seat] if seat is not None else 0),
            discards=CardSet(self.discards[seat] if seat is not None else 0),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            discarded=tuple(d.bit_count() for d in self.discards),
            drawn=tuple(self.drawn),
            stock_left=self.stock_left,
            rest=CardSet(self.rest if self.rest_visible_to(seat) else 0),
            tricks_won=tuple(self.tricks_won),
            current_trick=(Trick.of(self.leader, self.trick) if self._phase == PLAY else None),
            finished_tricks=tuple(Trick.of(*trick) for trick in self.finished) if in_play else (),
            vole=self.vole_announced,
            outcome=self.outcome,
            observed=self.observed(seat),
            actors=self.actors(),
        )

    def __str__(self) -> str:
        lines = [
            f"ombre: dealer seat {self.dealer}, phase {self.phase()}, pool {self.pool}, "
            f"balances {' '.join(str(b) for b in self.balances)}"
        ]
        if self.ombre >= 0:
            sp = " sans prendre" if self.sans_prendre else ""
            lines.append(f"ombre: seat {self.ombre}{sp}")
        if self.trumps >= 0:
            lines.append(f"trumps: {_EFF_NAME[self.trumps]}")
        for seat in range(3):
            lines.append(
                f"seat {seat}: {cards_text(self.hands[seat])}  won {self.tricks_won[seat]}"
            )
        if self.trick:
            lines.append(f"trick (led by seat {self.leader}): {cards_text(_mask(self.trick))}")
        if self.outcome:
            lines.append(f"result: {self.outcome}")
        return "\n".join(lines)


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def parse_action(text: str, phase: int, state: OmbreState | None = None) -> int:
    """The action written ``text`` in ``phase``; :class:`NotationError` if it is malformed.

    A card verb that does not fit the phase (``play ♣K`` during the exchange) is refused
    with :class:`IllegalActionError` rather than taken as another action on the same card.
    """
    expected = (
        "'deal <card>', 'stock <card>', 'rest <card>', 'ombre', 'pass', 'sans-prendre', "
        "'discard <card>', 'draw', 'trumps <suit>', 'play <card>' or 'vole'"
    )
    words = text.strip().lower()
    if words in ("i play", "i-play", "play ombre"):
        return OMBRE
    if words in ("sans prendre", "sansprendre"):
        return SANS_PRENDRE
    verb, arg = split_action(text, (*_CARD_VERBS, *_TEXT_ACTION, "trumps", "trump"), expected)
    if verb in _TEXT_ACTION:
        if arg:
            raise NotationError(f"cannot read {text!r}: {verb} takes nothing after it")
        return _TEXT_ACTION[verb]
    if verb in ("trumps", "trump"):
        suit = _SUIT_WORDS.get(arg.strip().lower().replace("\ufe0f", ""))
        if suit is None:
            raise NotationError(
                f"cannot read {text!r}: expected 'trumps <suit>', like 'trumps ♣' or 'trumps C'"
            )
        return TRUMPS_BASE + suit - Suit.CLUBS
    if not arg:
        raise NotationError(f"cannot read {text!r}: expected '{verb} <card>', like '{verb} ♣7'")
    card = int(FRENCH_40.parse_card(arg))
    wanted = _CHANCE_VERB.get(phase) or ("discard" if phase == DISCARD else "play")
    if verb != wanted and state is not None:
        seat = state.current_player()
        raise IllegalActionError(
            f"now is the time to {wanted}, not to {verb}",
            seat=seat if seat >= 0 else None,
            phase=state.phase(),
            action=text.strip(),
            reason="wrong_phase",
        )
    return card
