"""Trynka: one bank (``trynka``) and a session of banks (``trynka-match``).

One state class plays both: :class:`TrynkaState` runs a bank (ante, deal with exposed cards,
blind and over-blind, the first round, the blind players' look, open betting, reveals,
three-tens redeals and svaras) and, for ``trynka-match``, first draws for the dealer and then
plays bank after bank with the balances carried. See the package docstring for the action
encoding.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Final

from tapete.cards import RUSSIAN_24, RUSSIAN_36, Card, CardSet, Deck, Rank, iter_bits
from tapete.engine.api import CHANCE, TERMINAL, Game, Param, PlayerView, State, parse_int
from tapete.engine.registry import register
from tapete.errors import ConfigError, IllegalActionError, NotationError
from tapete.games.trynka.values import DRAW_ORDER, TENS_MASK, value_table

# -- action encoding ------------------------------------------------------------------------
FOLD: Final = 0
REVEAL: Final = 1
CLAIM_TENS: Final = 2
PROPOSE_SVARA: Final = 3
ACCEPT: Final = 4
REFUSE: Final = 5
JOIN: Final = 6
DECLINE: Final = 7
FLASH: Final = 8
NO_FLASH: Final = 9
KEEP: Final = 10
REPLACE: Final = 11
SHOW: Final = 12
#: Chance: a card dealt face up by accident is ``FACE_UP + card`` (192…255).
FACE_UP: Final = 128
BLIND_BASE: Final = 1024
OVERBLIND_BASE: Final = 2048
BET_BASE: Final = 3072
#: The largest stake an action can encode (``level_cap`` in chips must not exceed it).
MAX_AMOUNT: Final = 1023
NUM_DISTINCT_ACTIONS: Final = BET_BASE + MAX_AMOUNT + 1

_SIMPLE: Final[dict[int, tuple[str, str]]] = {
    FOLD: ("fold", "упал"),
    REVEAL: ("reveal", "вскрываюсь"),
    CLAIM_TENS: ("claim-tens", "три десятки"),
    PROPOSE_SVARA: ("propose-svara", "варим"),
    ACCEPT: ("accept", "заварим"),
    REFUSE: ("refuse", "не варим"),
    JOIN: ("join", "вхожу"),
    DECLINE: ("decline", "пас"),
    FLASH: ("flash", "засвети"),
    NO_FLASH: ("no-flash", "не свети"),
    KEEP: ("keep", "оставить"),
    REPLACE: ("replace", "заменить"),
    SHOW: ("show", "показываю"),
}
_AMOUNT_VERBS: Final[dict[int, tuple[str, str]]] = {
    BLIND_BASE: ("blind", "темню"),
    OVERBLIND_BASE: ("overblind", "перетемняю"),
    BET_BASE: ("bet", "ставлю"),
}
_WORDS: Final[dict[str, int]] = {}
for _action, (_en, _ru) in _SIMPLE.items():
    _WORDS[_en] = _action
    _WORDS[_ru] = _action
_WORDS.update({
    "упасть": FOLD, "вскрыться": REVEAL, "вскрываться": REVEAL, "пересдача": CLAIM_TENS,
    "варим?": PROPOSE_SVARA, "давай заварим": ACCEPT, "давай заварим!": ACCEPT, "нет": REFUSE,
    "оставь": KEEP, "замени": REPLACE, "заменить?": REPLACE, "claim": CLAIM_TENS,
    "pass": DECLINE, "no": DECLINE, "tens": CLAIM_TENS, "svara": PROPOSE_SVARA,
})  # fmt: skip
_AMOUNT_WORDS: Final[dict[str, int]] = {
    "blind": BLIND_BASE, "темню": BLIND_BASE, "затемнить": BLIND_BASE,
    "overblind": OVERBLIND_BASE, "перетемняю": OVERBLIND_BASE, "перетемнить": OVERBLIND_BASE,
    "перетемню": OVERBLIND_BASE, "bet": BET_BASE, "ставлю": BET_BASE, "ставка": BET_BASE,
}  # fmt: skip

_EXPECTED: Final = (
    "fold, bet <n>, reveal, blind <n>, overblind <n>, decline, claim-tens, propose-svara, "
    "accept, refuse, join, flash, no-flash, keep, replace, show (or the Russian terms: упал, "
    "ставлю <n>, вскрываюсь, темню <n>, перетемняю <n>, пас…), or 'deal <card>'"
)

# stages
DRAW: Final = "first_dealer"
DEAL: Final = "deal"
BLIND: Final = "blind"
ROUND1: Final = "round1"
BLIND_LOOK: Final = "blind_look"
BETTING: Final = "betting"
RESPOND: Final = "reveal"
PROPOSE: Final = "svara_proposal"
JOINING: Final = "svara_join"
OVER: Final = "over"
_TURN_STAGES: Final = (ROUND1, BLIND_LOOK, BETTING)


def russian_action(text: str) -> str:
    """The Russian term for an English action text (``'bet 3'`` → ``'ставлю 3'``).

    >>> russian_action('blind 2'), russian_action('fold')
    ('темню 2', 'упал')
    """
    verb, _, rest = text.partition(" ")
    for en, ru in (*_SIMPLE.values(), *_AMOUNT_VERBS.values()):
        if verb == en:
            return f"{ru} {rest}".strip()
    if verb == "deal":
        return f"сдаю {rest}"
    return text


# -- parameters -----------------------------------------------------------------------------
def _check_balances(value: Any) -> tuple[int, ...]:
    if value is None or value == "":
        return ()
    items: list[Any]
    if isinstance(value, str):
        items = [v for v in value.replace(";", ",").replace(" ", ",").split(",") if v]
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        raise ConfigError(f"parameter balances must be a list of integers, got {value!r}")
    out = []
    for item in items:
        try:
            if isinstance(item, bool):
                raise ValueError
            out.append(int(item))
        except (TypeError, ValueError):
            raise ConfigError(
                f"parameter balances must be integers separated by commas, got {value!r}"
            ) from None
    return tuple(out)


def _check_rate(value: Any) -> float:
    try:
        rate = float(value)
    except (TypeError, ValueError):
        raise ConfigError(
            f"parameter accidental_exposure_rate must be a number in 0 ≤ p < 1, got {value!r}"
        ) from None
    if not 0.0 <= rate < 1.0:
        raise ConfigError(
            f"parameter accidental_exposure_rate = {value!r} is out of range; allowed: 0 ≤ p < 1"
        )
    return rate


def _check_dealer(value: Any) -> int:
    if isinstance(value, str) and value.lstrip("-").isdigit():
        value = int(value)
    if value is None or value == "last":
        return -1
    if isinstance(value, bool) or not isinstance(value, int) or value < -1:
        raise ConfigError(f"parameter dealer must be a seat number (or -1 = last), got {value!r}")
    return int(value)


def _check_deck(value: Any) -> int:
    if str(value) in ("24", "36"):
        return int(value)
    raise ConfigError(f"parameter deck = {value!r} is not allowed; allowed: 24 | 36")


#: Rule options shared by ``trynka`` and ``trynka-match`` (trynka.md §3, configuration summary).
RULE_PARAMETERS: Final = (
    Param("n_players", 4, "number of players", low=2, high=8),
    Param("stake", 1, "the stake unit S, in chips", low=1, high=100),
    Param("ante", True, "each player puts S into the bank at every normal deal (false: ante 0)",
          kind=bool),
    Param("deck", 24, "pack: 24 (6-10 and A) or 36 (J Q K count 10)", check=_check_deck),
    Param("flash_limit", 1, "requests for a card face up, per player per deal", low=0, high=3),
    Param("accidental_exposure_rate", 0.0,
          "probability that a card not requested face up is exposed by accident",
          kind=float, check=_check_rate),
    Param("dark_max", 2, "largest blind stake D, in stakes S (S ≤ D ≤ dark_max·S)", low=1),
    Param("blind_chain", False, "each following player may over-blind in turn", kind=bool),
    Param("level_cap", 10, "table limit for blind and bet stakes, in stakes S", low=1),
    Param("dark_reveal_cost", "level",
          "what a blind player pays to reveal: level = the current level; own_blind = his own "
          "blind stake until a bet raises the level", kind=str, choices=("level", "own_blind")),
    Param("closing", "forced_reveal",
          "when all have bet the level: forced_reveal = no more bets; showdown = all show",
          kind=str, choices=("forced_reveal", "showdown")),
    Param("reveal_tie", "revealer_out", "a tied reveal with others still in: the revealer is out",
          kind=str, choices=("revealer_out",)),
    Param("reveal_public", False, "a reveal shows both hands to everybody", kind=bool),
    Param("sixes_over_aces", False, "three sixes beat three aces", kind=bool),
    Param("two_aces_22", False, "two aces count 22", kind=bool),
    Param("trips_score", False, "three of a kind = the sum of the cards (no three-tens right)",
          kind=bool),
    Param("redeal_players", "active", "who is dealt in after a three-tens claim",
          kind=str, choices=("active", "all")),
    Param("tens_claim_any_time", False,
          "three tens may also be claimed when answering a svara proposal", kind=bool),
    Param("svara_join_fraction", "1/2", "a svara's buy-in, as a fraction of the bank (0: none)",
          kind=str, choices=("1/2", "1/3", "0")),
    Param("agreed_svara", True, "the last two players may agree on a svara", kind=bool),
    Param("max_svara_chain", 5, "svaras in a row before a tie splits the bank", low=0, high=100),
)  # fmt: skip

MATCH_PARAMETERS: Final = (
    Param("balances", "", "starting balances, comma-separated (default start_balance each)",
          kind=str, check=_check_balances),
    Param("start_balance", 100, "each player's starting balance when balances is not given",
          low=1),
    Param("dealer_method", "auto",
          "first dealer: auto (high card for ≤ 3 players, else counting to the first ace)",
          kind=str, choices=("auto", "high_card", "count_to_ace")),
    Param("initial_host", 0, "the host who turns the cards when counting to the first ace",
          low=0, high=7),
    Param("next_dealer", "winner", "who deals the next bank: the winner, or rotate to the left",
          kind=str, choices=("winner", "rotate")),
    Param("banks", 20, "number of banks in the session", low=1, high=100000),
    Param("stop_when_broke", True, "the session also ends once a player has no chips left",
          kind=bool),
)  # fmt: skip


class TrynkaRules:
    """The validated, derived rules of one configuration (shared by all its states)."""

    def __init__(self, params: dict[str, Any], match: bool) -> None:
        self.match = match
        self.n_players: int = params["n_players"]
        self.stake: int = params["stake"]
        self.ante: int = self.stake if params["ante"] else 0
        self.deck: Deck = RUSSIAN_24 if params["deck"] == 24 else RUSSIAN_36
        self.deck_mask: int = self.deck.mask
        n = self.n_players
        if 3 * n > len(self.deck):
            raise ConfigError(
                f"parameter n_players = {n} is too many for the {len(self.deck)}-card pack: "
                f"allowed 2…{len(self.deck) // 3}"
            )
        self.flash_limit: int = params["flash_limit"]
        self.accident: float = params["accidental_exposure_rate"]
        self.dark_max: int = params["dark_max"] * self.stake
        self.level_cap: int = params["level_cap"] * self.stake
        if self.level_cap > MAX_AMOUNT:
            raise ConfigError(
                f"parameter level_cap = {params['level_cap']} makes stakes of "
                f"{self.level_cap} chips; allowed: at most {MAX_AMOUNT} chips"
            )
        if params["dark_max"] > params["level_cap"]:
            raise ConfigError(
                f"parameter dark_max = {params['dark_max']} is above level_cap = "
                f"{params['level_cap']}; allowed: 1…{params['level_cap']}"
            )
        self.blind_chain: bool = params["blind_chain"]
        self.own_blind: bool = params["dark_reveal_cost"] == "own_blind"
        self.showdown: bool = params["closing"] == "showdown"
        self.reveal_public: bool = params["reveal_public"]
        self.values: dict[int, int] = value_table(
            params["sixes_over_aces"], params["two_aces_22"], params["trips_score"]
        )
        self.tens: bool = not params["trips_score"]
        self.redeal_all: bool = params["redeal_players"] == "all"
        self.tens_any_time: bool = params["tens_claim_any_time"]
        fraction = params["svara_join_fraction"]
        self.join_den: int = {"1/2": 2, "1/3": 3, "0": 0}[fraction]
        self.agreed_svara: bool = params["agreed_svara"]
        self.max_chain: int = params["max_svara_chain"]
        #: ``replacements < max_replacements`` lets REPLACE be offered (§2.4), per dealt count.
        self.deck_size = len(self.deck)
        balances = params.get("balances", ())
        if balances and len(balances) != n:
            raise ConfigError(
                f"parameter balances has {len(balances)} values; allowed: one per player ({n})"
            )
        if match:
            self.balances: tuple[int, ...] = balances or (params["start_balance"],) * n
            method = params["dealer_method"]
            if method == "auto":
                method = "high_card" if n <= 3 else "count_to_ace"
            self.dealer_method: str = method
            if params["initial_host"] >= n:
                raise ConfigError(
                    f"parameter initial_host = {params['initial_host']} is not a seat; "
                    f"allowed: 0…{n - 1}"
                )
            self.host: int = params["initial_host"]
            self.rotate: bool = params["next_dealer"] == "rotate"
            self.banks: int = params["banks"]
            self.stop_when_broke: bool = params["stop_when_broke"]
            self.dealer = -1
        else:
            self.balances = balances or (0,) * n
            dealer = params["dealer"]
            if dealer == -1:
                dealer = n - 1
            if not 0 <= dealer < n:
                raise ConfigError(f"parameter dealer = {dealer} is not a seat; allowed: 0…{n - 1}")
            self.dealer = dealer
            self.rotate = False
            self.banks = 1
            self.stop_when_broke = False
            self.dealer_method = ""
            self.host = 0


class _TrynkaGameBase(Game):
    rules: TrynkaRules
    _match: bool = False

    def _configure(self) -> None:
        self.rules = TrynkaRules(dict(self.params), self._match)

    def num_players(self) -> int:
        """Number of seats."""
        return self.rules.n_players

    def num_distinct_actions(self) -> int:
        """Size of the action encoding (see the package docstring)."""
        return NUM_DISTINCT_ACTIONS

    def new_initial_state(self) -> TrynkaState:
        """The state before the first card (or, for a match, before the draw for the dealer)."""
        return TrynkaState(self)

    def sample_consistent_state(self, view: PlayerView, rng: random.Random) -> TrynkaState:
        """A full state whose ``view(view.seat)`` equals ``view`` (hidden cards sampled)."""
        from tapete.games.trynka.sampler import sample_state

        if not isinstance(view, TrynkaView):
            raise TypeError("trynka samples from a TrynkaView")
        state: TrynkaState = sample_state(self, view, rng)
        return state


@register
class TrynkaGame(_TrynkaGameBase):
    """One bank of Trynka (trynka.md §2), registered as ``trynka``.

    >>> import tapete
    >>> g = tapete.load_game('trynka', n_players=3)
    >>> g.rules.dealer, len(g.rules.deck), g.rules.level_cap
    (2, 24, 10)
    >>> tapete.load_game('trynka', n_players=9)
    Traceback (most recent call last):
    ...
    tapete.errors.ConfigError: parameter n_players = 9 is out of range; allowed: int 2…8
    """

    name = "trynka"
    rules_version = "trynka-1"
    summary = "Trynka, one bank: blind stakes, bets, reveals to the right, svara"
    parameters = (
        RULE_PARAMETERS[0],
        Param("dealer", -1, "the dealer's seat (-1: the last seat, so seat 0 is P1)",
              kind=int, check=_check_dealer),
        Param("balances", "", "balances before the bank, comma-separated (default 0 each)",
              kind=str, check=_check_balances),
        *RULE_PARAMETERS[1:],
    )  # fmt: skip


@register
class TrynkaMatchGame(_TrynkaGameBase):
    """A session of Trynka banks, registered as ``trynka-match``.

    The first dealer is drawn (high card, or counting to the first ace) by chance actions;
    the winner of each bank deals the next; balances are carried; returns are the final
    balances.

    >>> import random, tapete
    >>> from tapete.engine.chance import random_playout
    >>> g = tapete.load_game('trynka-match', n_players=3, banks=3)
    >>> s = random_playout(g.new_initial_state(), random.Random(1))
    >>> sum(s.returns()) == 300
    True
    """

    name = "trynka-match"
    rules_version = "trynka-1"
    summary = "Trynka, a session of banks with the balances carried"
    parameters = (*RULE_PARAMETERS, *MATCH_PARAMETERS)
    _match = True


# -- views ----------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class TrynkaView(PlayerView):
    """What one seat may know in Trynka (``seat`` None: a spectator).

    ``hand`` holds the seat's own cards it knows (all three once it has looked, otherwise
    only its exposed ones); ``shown[s]`` the cards of seat ``s`` this seat has seen (exposed,
    shown at a reveal to it, three tens claimed); ``observed`` the whole history with
    ``None`` for each card dealt that this seat does not know.
    """

    phase: str
    n_players: int
    dealer: int
    stake: int
    level: int
    level_cap: int
    bank: int
    balances: tuple[int, ...]
    paid: tuple[int, ...]
    participants: tuple[int, ...]
    active: tuple[bool, ...]
    dark: tuple[bool, ...]
    looked: tuple[bool, ...]
    card_counts: tuple[int, ...]
    hand: CardSet
    shown: tuple[CardSet, ...]
    bottom: CardSet
    closed: bool
    svara_count: int
    join_fee: int
    bank_number: int
    next_dealer: int | None
    choices: tuple[str, ...]
    notes: tuple[str, ...]
    deal_starts: tuple[int, ...]
    observed: tuple[str | None, ...]

    def live_part(self) -> TrynkaView:
        """The view restricted to the deal in progress (earlier deals' cards were gathered)."""
        start = self.deal_starts[-1] if self.deal_starts else 0
        return dataclasses.replace(self, observed=self.observed[start:])


def _bit_list(mask: int, n: int) -> tuple[bool, ...]:
    return tuple(bool(mask >> s & 1) for s in range(n))


# -- the state ------------------------------------------------------------------------------
class TrynkaState(State):
    """A position in a bank of Trynka, or in a session of banks (``trynka-match``).

    >>> import tapete
    >>> s = tapete.load_game('trynka', n_players=2, flash_limit=0).new_initial_state()
    >>> for t in ['deal A♠', 'deal 10♠', 'deal 9♠', 'deal 6♦', 'deal 7♦', 'deal 8♦']:
    ...     _ = s.apply_string(t)
    >>> s.phase(), s.current_player(), [s.action_to_string(a) for a in s.legal_actions()]
    ('blind', 0, ['decline', 'blind 1', 'blind 2'])
    >>> _ = s.apply_string('темню 2'); _ = s.apply_string('decline')
    >>> s.phase(), s.current_player(), s.bank, s.level
    ('round1', 1, 4, 2)
    """

    def __init__(self, game: _TrynkaGameBase) -> None:
        rules = game.rules
        self.game = game
        self.rules = rules
        self._history = []
        self._events = []
        self._meta: list[int] = []  # per action: deal number for dealt cards, -1 draw, -2 player
        n = rules.n_players
        self.n = n
        self.balances: list[int] = list(rules.balances)  # at the start of the current bank
        self.bank_number = 0
        self.notes: list[str] = []
        self.deal_starts: list[int] = []
        # per finished deal: the known-cards mask of every seat, then of a spectator
        self._deal_known: list[tuple[int, ...]] = []
        self._legal: list[int] | None = None
        self.finished = False
        self.next_dealer = -1
        # first-dealer draw (match)
        self._drawn = 0
        self._draw_count = 0
        self._draw_contenders: list[int] = []
        self._draw_round: list[int] = []
        self.draws: list[tuple[int, int]] = []  # (seat or -1 for the table, card)
        self.deal_number = -1
        self._init_bank_fields()
        self._init_deal_fields()
        if rules.match:
            self.stage = DRAW
            self._to_act = CHANCE
            self._draw_contenders = list(range(n))
        else:
            self._start_bank(rules.dealer, 0)

    def _init_bank_fields(self) -> None:
        n = self.n
        self.dealer = -1
        self.paid = [0] * n
        self.won = [0] * n
        self.bank = 0
        self.svara_count = 0
        self.join_fee = 0
        self._join_queue: list[int] = []
        self._tied: list[int] = []
        self._joiners: list[int] = []

    def _init_deal_fields(self) -> None:
        n = self.n
        self.stage = DEAL
        self._to_act = CHANCE
        self.participants: tuple[int, ...] = ()
        self._order: list[int] = []
        self._slot = 0
        self.hands = [0] * n
        self._used = 0
        self.bottom = 0
        self.exposed = 0
        self.flashes = [0] * n
        self.replacements = 0
        self._flash_next = False
        self._flash_decided = False
        self._pending_card = -1
        self._await_repl = False
        self.active = 0
        self.dark = 0
        self.looked = 0
        self.dark_stake = [0] * n
        self.level = self.rules.stake
        self.matched = 0
        self._round1 = 0
        self._look_pending = 0
        self._blind_index = 0
        self._svara_ok = False
        self._proposed = 0
        self._raised = False
        self._revealer = -1
        self._target = -1
        self._proposer = -1
        self._resume = BETTING
        self.seen = [0] * n
        self.public = 0

    # -- protocol -----------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE while cards are dealt or drawn, TERMINAL at the end."""
        return self._to_act

    def is_terminal(self) -> bool:
        """True once the bank (or the session) is over."""
        return self._to_act == TERMINAL

    def is_chance_node(self) -> bool:
        """True while a card is to be dealt, drawn or pulled as a replacement."""
        return self._to_act == CHANCE

    def phase(self) -> str:
        """``first_dealer``, ``deal``, ``blind``, ``round1``, ``blind_look``, ``betting``,
        ``closed``, ``reveal``, ``svara_proposal``, ``svara_join`` or ``over``."""
        if self.stage == BETTING and self._closed():
            return "closed"
        return self.stage

    def legal_actions(self) -> list[int]:
        """The legal actions, sorted."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[int]:
        stage = self.stage
        to_act = self._to_act
        if to_act == TERMINAL:
            return []
        if to_act == CHANCE:
            if stage == DRAW:
                avail = self.rules.deck_mask & ~self._drawn
                return list(iter_bits(avail))
            avail = self.rules.deck_mask & ~self._used
            cards = list(iter_bits(avail))
            if self.rules.accident > 0 and not self._flash_next and not self._await_repl:
                cards += [FACE_UP + c for c in cards]
            return cards
        p = to_act
        if stage == DEAL:
            if self._pending_card >= 0:
                return [KEEP, REPLACE]
            return [FLASH, NO_FLASH]
        if stage == BLIND:
            if self._blind_index == 0:
                hi = min(self.rules.dark_max, self.rules.level_cap)
                return [DECLINE] + [BLIND_BASE + d for d in range(self.rules.stake, hi + 1)]
            return [DECLINE] + [
                OVERBLIND_BASE + o for o in range(self.level + 1, self.rules.level_cap + 1)
            ]
        if stage in _TURN_STAGES:
            acts = [FOLD, REVEAL]
            if self._can_claim(p):
                acts.append(CLAIM_TENS)
            if self._can_propose(p):
                acts.append(PROPOSE_SVARA)
            if not self._closed():
                acts += [BET_BASE + a for a in range(self.level, self.rules.level_cap + 1)]
            return acts
        if stage == RESPOND:
            return [CLAIM_TENS, SHOW] if self._can_claim(p) else [SHOW]
        if stage == PROPOSE:
            if self.rules.tens_any_time and self._can_claim(p):
                return [CLAIM_TENS, ACCEPT, REFUSE]
            return [ACCEPT, REFUSE]
        if stage == JOINING:
            return [JOIN, DECLINE]
        return []  # pragma: no cover

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each available card equally likely (accidental exposures with their probability)."""
        if self._to_act != CHANCE:
            return []
        acts = self.legal_actions()
        if self.stage != DRAW and self.rules.accident > 0 and acts and acts[-1] >= FACE_UP:
            half = len(acts) // 2
            rate = self.rules.accident
            return [(a, (1 - rate) / half) for a in acts[:half]] + [
                (a, rate / half) for a in acts[half:]
            ]
        p = 1.0 / len(acts)
        return [(a, p) for a in acts]

    def is_legal(self, action: int) -> bool:
        """True when ``action`` may be applied now."""
        if type(action) is not int:
            return State.is_legal(self, action)
        if self._legal is None:
            self._legal = self._compute_legal()
        return action in self._legal

    def apply_action(self, action: int) -> None:
        """Apply ``action`` (checked; the state is unchanged if it is refused)."""
        if type(action) is not int:
            return State.apply_action(self, action)
        if self._legal is None:
            self._legal = self._compute_legal()
        if action not in self._legal:
            error = self.why_illegal(action)
            if error is None:  # pragma: no cover - why_illegal agrees with legal_actions
                error = self._not_now(action, "not legal now", "illegal")
            raise error
        self._apply(action)
        self._history.append(action)

    def _apply(self, action: int) -> None:
        self._legal = None
        to_act = self._to_act
        if to_act == CHANCE:
            if self.stage == DRAW:
                self._meta.append(-1)
                self._draw(action)
            else:
                self._meta.append(self.deal_number)
                self._deal_card(action)
            return
        self._meta.append(-2)
        p = to_act
        stage = self.stage
        if stage == DEAL:
            self._deal_decision(p, action)
        elif stage == BLIND:
            self._blind(p, action)
        elif stage in _TURN_STAGES:
            self._turn(p, action)
        elif stage == RESPOND:
            if action == CLAIM_TENS:
                self._claim(p)
            else:
                self._resolve_reveal()
        elif stage == PROPOSE:
            self._answer_proposal(p, action)
        elif stage == JOINING:
            self._join(p, action)

    def _why_illegal(self, action: int) -> IllegalActionError | None:
        """``None`` if ``action`` is legal now, else the error naming the rule and the range."""
        if self.is_legal(action):
            return None
        return self._explain(action)

    def _action_to_string(self, action: int) -> str:
        """English text of ``action`` (``bet 3``, ``fold``, ``deal A♠``…)."""
        if action in _SIMPLE:
            return _SIMPLE[action][0]
        for base in (BET_BASE, OVERBLIND_BASE, BLIND_BASE):
            if base <= action <= base + MAX_AMOUNT:
                return f"{_AMOUNT_VERBS[base][0]} {action - base}"
        fmt = self.rules.deck.format_card
        if 0 <= action < FACE_UP and self.rules.deck_mask >> action & 1:
            return f"{'draw' if self.stage == DRAW else 'deal'} {fmt(action)}"
        if FACE_UP <= action < 2 * FACE_UP and self.rules.deck_mask >> (action - FACE_UP) & 1:
            return f"deal {fmt(action - FACE_UP)} up"
        raise NotationError(f"{action} is not a Trynka action")

    def string_to_action(self, text: str) -> int:
        """The action written ``text`` (English or Russian, e.g. ``темню 2``, ``упал``)."""
        clean = " ".join(text.strip().lower().split())
        if clean in _WORDS:
            return _WORDS[clean]
        parts = clean.split(" ")
        verb = parts[0]
        if verb in _AMOUNT_WORDS:
            if len(parts) != 2:
                raise NotationError(
                    f"cannot read {text!r}: expected '{verb} <amount>', like '{verb} 2'"
                )
            amount = parse_int(parts[1], "an amount", "a whole number of chips")
            if not 0 <= amount <= MAX_AMOUNT:
                raise NotationError(f"cannot read {text!r}: amounts are 0…{MAX_AMOUNT} chips")
            return _AMOUNT_WORDS[verb] + amount
        raw = text.strip().split()
        dealt = bool(raw) and raw[0].lower() in ("deal", "draw", "сдаю")
        if dealt:
            raw = raw[1:]
        up = bool(raw) and raw[-1].lower() in ("up", "открыто")
        if up:
            raw = raw[:-1]
        if len(raw) == 1:
            try:
                card = int(self.rules.deck.parse_card(raw[0]))
            except NotationError:
                if dealt:
                    raise
            else:
                return FACE_UP + card if up else card
        raise NotationError(f"cannot read {text!r} as a Trynka action: expected {_EXPECTED}")

    def returns(self) -> list[float]:
        """``trynka``: each seat's net chips in this bank; ``trynka-match``: the balances."""
        if self.rules.match:
            return [float(b) for b in self._current_balances()]
        return [float(w - p) for w, p in zip(self.won, self.paid, strict=True)]

    def clone(self) -> TrynkaState:
        """An independent copy."""
        other = self._copy_base()
        for key, value in self.__dict__.items():
            if isinstance(value, list):
                setattr(other, key, list(value))
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            self.stage, self._to_act, tuple(self.hands), self._used, self.bottom, self.exposed,
            self.active, self.dark, self.looked, self.level, self.matched, self.bank,
            tuple(self.paid), tuple(self.won), tuple(self.balances), self.dealer,
            self.deal_number, self.bank_number, self.svara_count, self._slot, self._drawn,
            tuple(self.notes),
        )  # fmt: skip

    # -- helpers ------------------------------------------------------------------------------
    def _next_active(self, p: int) -> int:
        n = self.n
        q = (p + 1) % n
        while not self.active >> q & 1:
            q = (q + 1) % n
        return q

    def right(self, p: int) -> int:
        """The nearest active seat on ``p``'s right (the previous one clockwise), or -1."""
        n = self.n
        q = (p - 1) % n
        while q != p:
            if self.active >> q & 1:
                return q
            q = (q - 1) % n
        return -1

    def _clockwise(self, seats: list[int] | tuple[int, ...]) -> list[int]:
        """``seats`` ordered clockwise from the dealer's left."""
        d, n = self.dealer, self.n
        return sorted(seats, key=lambda s: (s - d - 1) % n)

    def _closed(self) -> bool:
        return self.stage == BETTING and self.active & ~self.matched == 0

    def _can_claim(self, p: int) -> bool:
        hand = self.hands[p]
        return (
            self.rules.tens
            and bool(self.looked >> p & 1)
            and hand.bit_count() == 3
            and hand & TENS_MASK == hand
        )

    def _can_propose(self, p: int) -> bool:
        return (
            self.rules.agreed_svara
            and self._svara_ok
            and self.active.bit_count() == 2
            and not self._proposed >> p & 1
        )

    def reveal_cost(self, p: int) -> int:
        """What a REVEAL costs seat ``p`` now (2·L sighted, L blind; §2.7, §3 item 9)."""
        if self.dark >> p & 1:
            if self.rules.own_blind and not self._raised:
                return self.dark_stake[p]
            return self.level
        return 2 * self.level

    def bet_range(self) -> tuple[int, int] | None:
        """``(low, high)`` of the stakes allowed now, or ``None`` when no stake is allowed."""
        if self._to_act < 0:
            return None
        if self.stage == BLIND:
            if self._blind_index == 0:
                return self.rules.stake, min(self.rules.dark_max, self.rules.level_cap)
            return self.level + 1, self.rules.level_cap
        if self.stage in _TURN_STAGES and not self._closed():
            return self.level, self.rules.level_cap
        return None

    def chance_recipient(self) -> int | None:
        """The seat the next dealt card goes to (``None`` outside the deal)."""
        return self.receiver()

    def receiver(self) -> int | None:
        """The seat the next dealt card goes to (``None`` outside the deal)."""
        if self.stage != DEAL or self._slot >= len(self._order):
            return None
        return self._order[self._slot]

    def value(self, seat: int) -> int:
        """The order key of ``seat``'s hand (see :func:`values.value_table`)."""
        return self.rules.values[self.hands[seat]]

    def _current_balances(self) -> list[int]:
        return [b + w - p for b, w, p in zip(self.balances, self.won, self.paid, strict=True)]

    def _pay(self, p: int, amount: int) -> None:
        self.paid[p] += amount
        self.bank += amount

    # -- banks and deals ----------------------------------------------------------------------
    def _start_bank(self, dealer: int, first_index: int) -> None:
        self._init_bank_fields()
        self.dealer = dealer
        self.notes.append(f"bank {self.bank_number + 1}: seat {dealer} deals")
        if self.rules.ante:
            for s in range(self.n):
                self._pay(s, self.rules.ante)
        self._start_deal(tuple(range(self.n)), first_index)

    def _start_deal(self, seats: tuple[int, ...], first_index: int) -> None:
        if self.participants:
            self._deal_known.append(self._known_all())
        self._init_deal_fields()
        self.deal_number = len(self._deal_known)
        self.deal_starts.append(first_index)
        parts = tuple(self._clockwise(list(seats)))
        self.participants = parts
        for s in parts:
            self.active |= 1 << s
        self._order = [p for _ in range(3) for p in parts]
        self._next_slot()

    def _next_slot(self) -> None:
        if self._slot == len(self._order):
            self._start_blind()
            return
        r = self._order[self._slot]
        if not self._flash_decided and self.flashes[r] < self.rules.flash_limit:
            self._to_act = r
        else:
            self._to_act = CHANCE

    def _replace_offered(self) -> bool:
        parts = len(self.participants)
        return self.replacements < self.rules.deck_size - 1 - 3 * parts

    def _deal_decision(self, p: int, action: int) -> None:
        if action == FLASH:
            self.flashes[p] += 1
            self._flash_next = True
            self._flash_decided = True
            self._to_act = CHANCE
        elif action == NO_FLASH:
            self._flash_decided = True
            self._to_act = CHANCE
        elif action == KEEP:
            self._pending_card = -1
            self._finish_slot()
        else:  # REPLACE
            bit = 1 << self._pending_card
            self.hands[p] &= ~bit
            self.exposed &= ~bit
            self.bottom |= bit
            self.replacements += 1
            self._pending_card = -1
            self._await_repl = True
            self._to_act = CHANCE

    def _finish_slot(self) -> None:
        self._slot += 1
        self._flash_decided = False
        self._flash_next = False
        self._next_slot()

    def _deal_card(self, action: int) -> None:
        accident = action >= FACE_UP
        card = action - FACE_UP if accident else action
        bit = 1 << card
        r = self._order[self._slot]
        self._used |= bit
        self.hands[r] |= bit
        if self._await_repl:
            self._await_repl = False
            self._finish_slot()
            return
        if self._flash_next or accident:
            self.exposed |= bit
            self._flash_next = False
            if self._replace_offered():
                self._pending_card = card
                self._to_act = r
                return
        self._finish_slot()

    def _start_blind(self) -> None:
        self.stage = BLIND
        self._blind_index = 0
        self._to_act = self.participants[0]

    def _blind(self, p: int, action: int) -> None:
        if action == DECLINE:
            self._end_blind()
            return
        amount = action - (BLIND_BASE if action < OVERBLIND_BASE else OVERBLIND_BASE)
        self._pay(p, amount)
        self.level = amount
        self.matched = 1 << p
        self.dark |= 1 << p
        self.dark_stake[p] = amount
        self._blind_index += 1
        idx = self._blind_index
        more = idx == 1 or self.rules.blind_chain
        if more and idx < len(self.participants) and self.level < self.rules.level_cap:
            self._to_act = self.participants[idx]
        else:
            self._end_blind()

    def _end_blind(self) -> None:
        sighted = self.active & ~self.dark
        self.looked |= sighted
        self._round1 = sighted
        if sighted:
            self.stage = ROUND1
            self._to_act = self.participants[self.dark.bit_count()]
        else:
            self._start_blind_look(self.participants[-1])

    def _start_blind_look(self, last: int) -> None:
        pending = self.dark & self.active
        self.looked |= pending
        self._look_pending = pending
        if pending:
            self.stage = BLIND_LOOK
            self._to_act = next(s for s in self.participants if pending >> s & 1)
        else:
            self.stage = BETTING
            self._to_act = self._next_active(last)
            self._check_showdown()

    def _after_turn(self, p: int) -> None:
        """Pass the turn on after ``p`` acted (or was resolved) in a betting stage."""
        if self.active.bit_count() == 1:
            self._payout(self.active.bit_length() - 1)
            return
        stage = self.stage
        if stage == ROUND1:
            self._round1 &= ~(1 << p) & self.active
            if self._round1:
                self._to_act = self._next_active(p)
            else:
                self._start_blind_look(p)
            return
        if stage == BLIND_LOOK:
            self._look_pending &= ~(1 << p) & self.active
            if self._look_pending:
                self._to_act = next(s for s in self.participants if self._look_pending >> s & 1)
                return
            self.stage = BETTING
        self._to_act = self._next_active(p)
        self._check_showdown()

    def _check_showdown(self) -> None:
        if not (self.rules.showdown and self._closed()):
            return
        seats = [s for s in self.participants if self.active >> s & 1]
        for s in seats:
            self.public |= self.hands[s]
        best = max(self.value(s) for s in seats)
        top = [s for s in seats if self.value(s) == best]
        self.notes.append("showdown: best " + ", ".join(f"seat {s}" for s in top))
        if len(top) == 1:
            self._payout(top[0])
        else:
            self._svara(top)

    def _turn(self, p: int, action: int) -> None:
        if action == FOLD:
            self.active &= ~(1 << p)
            self._after_turn(p)
        elif action >= BET_BASE:
            amount = action - BET_BASE
            self._pay(p, amount)
            if amount > self.level:
                self.level = amount
                self.matched = 1 << p
                self._raised = True
            else:
                self.matched |= 1 << p
            self._svara_ok = True
            self._after_turn(p)
        elif action == REVEAL:
            self._pay(p, self.reveal_cost(p))
            self._svara_ok = True
            target = self.right(p)
            self._revealer, self._target = p, target
            if self.rules.tens and self.looked >> target & 1:
                self._resume = self.stage
                self.stage = RESPOND
                self._to_act = target
            else:
                self._resolve_reveal()
        elif action == CLAIM_TENS:
            self._claim(p)
        else:  # PROPOSE_SVARA
            self._proposed |= 1 << p
            self._proposer = p
            self._resume = self.stage
            self.stage = PROPOSE
            self._to_act = self._next_active(p)

    def _resolve_reveal(self) -> None:
        if self.stage == RESPOND:
            self.stage = self._resume
        r, t = self._revealer, self._target
        hr, ht = self.hands[r], self.hands[t]
        self.seen[r] |= ht
        self.seen[t] |= hr
        if self.rules.reveal_public:
            self.public |= hr | ht
        vr, vt = self.rules.values[hr], self.rules.values[ht]
        if vr > vt:
            self.active &= ~(1 << t)
            self.notes.append(f"seat {r} reveals to seat {t}: seat {t} is out")
        elif vr < vt or self.active.bit_count() > 2:
            self.active &= ~(1 << r)
            # §2.8: the others learn only who lost, so a tie is named only when both hands
            # are shown to everybody (reveal_public)
            tied = vr == vt and self.rules.reveal_public
            tie = " (a tie: the revealer must beat)" if tied else ""
            self.notes.append(f"seat {r} reveals to seat {t}: seat {r} is out{tie}")
        else:
            self.notes.append(f"seat {r} reveals to seat {t}: a tie")
            self._svara(self._clockwise([r, t]))
            return
        self._after_turn(r)

    def _claim(self, p: int) -> None:
        self.public |= self.hands[p]
        self.notes.append(f"seat {p} shows three tens: redeal, the bank stays {self.bank}")
        if self.rules.redeal_all:
            seats = tuple(range(self.n))
        else:
            seats = tuple(s for s in range(self.n) if self.active >> s & 1)
        self._start_deal(seats, len(self._history) + 1)

    def _answer_proposal(self, p: int, action: int) -> None:
        if action == ACCEPT:
            self.notes.append(f"seat {p} accepts the svara proposed by seat {self._proposer}")
            self.stage = self._resume
            self._svara(self._clockwise([self._proposer, p]))
        elif action == REFUSE:
            self.notes.append(f"seat {p} refuses the svara")
            self.stage = self._resume
            self._to_act = self._proposer
        else:
            self._claim(p)

    def _svara(self, tied: list[int]) -> None:
        if self.svara_count + 1 > self.rules.max_chain:
            self._split(tied)
            return
        self.svara_count += 1
        den = self.rules.join_den
        self.join_fee = -(-self.bank // den) if den else 0
        self.notes.append(
            f"svara {self.svara_count}: seats {', '.join(map(str, tied))}; bank {self.bank}"
            + (f", join fee {self.join_fee}" if den else "")
        )
        self._tied = list(tied)
        self._joiners = []
        if den:
            self._join_queue = self._clockwise([s for s in range(self.n) if s not in tied])
        else:
            self._join_queue = []
        if self._join_queue:
            self.stage = JOINING
            self._to_act = self._join_queue[0]
        else:
            self._start_deal(tuple(tied), len(self._history) + 1)

    def _join(self, p: int, action: int) -> None:
        if action == JOIN:
            self._pay(p, self.join_fee)
            self._joiners.append(p)
            self.notes.append(f"seat {p} joins the svara for {self.join_fee}")
        self._join_queue.pop(0)
        if self._join_queue:
            self._to_act = self._join_queue[0]
        else:
            self._start_deal(tuple(self._tied + self._joiners), len(self._history) + 1)

    def _split(self, tied: list[int]) -> None:
        k = len(tied)
        share, rest = divmod(self.bank, k)
        for s in tied:
            self.won[s] += share
        self.won[tied[0]] += rest
        self.notes.append(
            f"no svara {self.svara_count + 1}: the bank of {self.bank} is split, "
            + ", ".join(f"seat {s} {share + (rest if i == 0 else 0)}" for i, s in enumerate(tied))
        )
        self.bank = 0
        self._end_bank(tied[0])

    def _payout(self, winner: int) -> None:
        self.won[winner] += self.bank
        self.notes.append(f"seat {winner} takes the bank of {self.bank}")
        self.bank = 0
        self._end_bank(winner)

    def _end_bank(self, winner: int) -> None:
        rules = self.rules
        self.next_dealer = (self.dealer + 1) % self.n if rules.rotate else winner
        if not rules.match:
            self.stage = OVER
            self._to_act = TERMINAL
            self.finished = True
            return
        self.balances = self._current_balances()
        self.bank_number += 1
        if self.bank_number >= rules.banks or (rules.stop_when_broke and min(self.balances) <= 0):
            self.paid = [0] * self.n
            self.won = [0] * self.n
            self.stage = OVER
            self._to_act = TERMINAL
            self.finished = True
            return
        self._start_bank(self.next_dealer, len(self._history) + 1)

    # -- first dealer (match) -----------------------------------------------------------------
    def _draw(self, card: int) -> None:
        rules = self.rules
        self._drawn |= 1 << card
        if rules.dealer_method == "count_to_ace":
            k = self._draw_count
            self._draw_count += 1
            seat = -1 if k == 0 else (rules.host + k - 1) % self.n
            self.draws.append((seat, card))
            is_ace = Card(card).rank == Rank.ACE
            if seat >= 0 and is_ace:
                self.notes.append(f"first dealer: seat {seat} (first ace)")
                self._first_dealer(seat)
            elif self._drawn == rules.deck_mask:  # pragma: no cover - an ace always comes
                self._drawn = 0
            return
        contenders = self._draw_contenders
        seat = contenders[len(self._draw_round)]
        self.draws.append((seat, card))
        self._draw_round.append(card)
        if len(self._draw_round) < len(contenders):
            if self._drawn == rules.deck_mask:
                self._drawn = 0  # the pack is exhausted: reshuffle the turned cards
            return
        ranks = [DRAW_ORDER[Card(c).rank] for c in self._draw_round]
        best = max(ranks)
        top = [s for s, r in zip(contenders, ranks, strict=True) if r == best]
        self._draw_round = []
        if len(top) == 1:
            self.notes.append(f"first dealer: seat {top[0]} (high card)")
            self._first_dealer(top[0])
        else:
            self._draw_contenders = top
            if rules.deck_mask & ~self._drawn == 0 or (
                (rules.deck_mask & ~self._drawn).bit_count() < len(top)
            ):
                self._drawn = 0

    def _first_dealer(self, seat: int) -> None:
        self._draw_contenders = []
        self._start_bank(seat, len(self._history) + 1)

    # -- explanations -------------------------------------------------------------------------
    def _explain(self, action: int) -> IllegalActionError:
        to_act = self._to_act
        if to_act == TERMINAL:
            return self._not_now(action, "the game is over", "game_over")
        try:
            self.action_to_string(action)
        except NotationError:
            return self._not_now(action, f"{action} is not a Trynka action", "unknown_action")
        is_card = 0 <= action < 2 * FACE_UP and action & 127 >= 64
        if to_act == CHANCE:
            if not is_card:
                if (
                    action == FLASH
                    and self.stage == DEAL
                    and self.flashes[self._order[self._slot]] >= self.rules.flash_limit
                ):
                    r = self._order[self._slot]
                    return self._not_now(
                        action,
                        f"seat {r} has used his {self.rules.flash_limit} request(s) to see a card "
                        f"face up in this deal (flash_limit = {self.rules.flash_limit})",
                        "flash_limit",
                    )
                return self._not_now(action, "a card is to be dealt (a chance action)", "chance")
            return self._not_now(
                action, "that card is not in the stock (or cannot be dealt now)", "card_unavailable"
            )
        if is_card:
            return self._not_now(action, f"seat {to_act} is to act, not a deal", "not_chance")
        stage = self.stage
        legal = self.legal_actions()
        allowed = ", ".join(self._describe(a) for a in legal)
        if BLIND_BASE <= action < BET_BASE:
            is_over = action >= OVERBLIND_BASE
            amount = action - (OVERBLIND_BASE if is_over else BLIND_BASE)
            if stage != BLIND:
                return self._not_now(
                    action,
                    "blind stakes are made only before the first round, without looking "
                    f"(the blind step is over); allowed: {allowed}",
                    "not_blind_step",
                )
            first = self.participants[0]
            if self._blind_index == 0 and is_over:
                return self._not_now(
                    action,
                    f"nobody has gone blind: seat {first} (P1) may blind "
                    f"{self.rules.stake}…{min(self.rules.dark_max, self.rules.level_cap)} "
                    "or decline; an over-blind needs a blind first",
                    "no_blind_to_overblind",
                )
            if self._blind_index > 0 and not is_over:
                return self._not_now(
                    action,
                    f"seat {first} has already gone blind; seat {to_act} may only over-blind "
                    f"{self.level + 1}…{self.rules.level_cap} or decline",
                    "already_blind",
                )
            lo, hi = self.bet_range() or (0, 0)
            if amount < lo:
                what = "blind stake" if not is_over else "over-blind"
                rule = (
                    f"below the stake S = {self.rules.stake}"
                    if not is_over
                    else f"not above the blind stake {self.level}"
                )
                return self._not_now(
                    action, f"{what} {amount} is {rule}: allowed {lo}…{hi}", "stake_too_low"
                )
            limit = "dark_max" if not is_over else "the table cap"
            return self._not_now(
                action, f"stake {amount} is above {limit}: allowed {lo}…{hi}", "stake_too_high"
            )
        if stage == BLIND and (
            action in (FOLD, REVEAL, CLAIM_TENS, PROPOSE_SVARA) or action >= BET_BASE
        ):
            return self._not_now(
                action,
                f"seat {to_act} has not looked at his cards yet: in the blind step he may "
                f"only {allowed}",
                "blind_step",
            )
        if stage in _TURN_STAGES:
            if action >= BET_BASE:
                amount = action - BET_BASE
                if self._closed():
                    return self._not_now(
                        action,
                        f"betting is closed: every active player has bet the level {self.level}; "
                        f"allowed: {allowed}",
                        "betting_closed",
                    )
                lo, hi = self.level, self.rules.level_cap
                if amount < lo:
                    return self._not_now(
                        action,
                        f"stake {amount} is below the current level {lo}: allowed {lo}…{hi}",
                        "stake_too_low",
                    )
                return self._not_now(
                    action,
                    f"stake {amount} is above the table cap: allowed {lo}…{hi}",
                    "stake_too_high",
                )
            if action == REVEAL:
                return self._not_now(
                    action,
                    f"nobody is on seat {to_act}'s right to reveal to; allowed: {allowed}",
                    "nobody_on_right",
                )
            if action == CLAIM_TENS:
                return self._claim_error(action, to_act, allowed)
            if action == PROPOSE_SVARA:
                return self._propose_error(action, to_act, allowed)
        if stage == RESPOND and action == CLAIM_TENS:
            return self._claim_error(action, to_act, allowed)
        if action == CLAIM_TENS and not self.rules.tens:
            return self._not_now(
                action, "three tens give no redeal with trips_score", "no_tens_rule"
            )
        return self._not_now(
            action,
            f"not possible in phase {self.phase()}; seat {to_act} may: {allowed}",
            "wrong_phase",
        )

    def _claim_error(self, action: int, seat: int, allowed: str) -> IllegalActionError:
        if not self.rules.tens:
            return self._not_now(
                action, "three tens give no redeal with trips_score", "no_tens_rule"
            )
        if not self.looked >> seat & 1:
            return self._not_now(
                action, f"seat {seat} has not looked at his cards yet", "not_looked"
            )
        return self._not_now(
            action,
            f"a redeal needs 10-10-10: seat {seat} does not hold three tens; allowed: {allowed}",
            "no_three_tens",
        )

    def _propose_error(self, action: int, seat: int, allowed: str) -> IllegalActionError:
        if not self.rules.agreed_svara:
            why = "agreed svaras are off (agreed_svara = false)"
        elif self.active.bit_count() != 2:
            count = self.active.bit_count()
            why = f"a svara may be proposed only by the last two players ({count} are in)"
        elif not self._svara_ok:
            why = "a svara may be proposed only after a bet or a reveal in this deal"
        else:
            why = f"seat {seat} has already proposed a svara in this deal"
        return self._not_now(action, f"{why}; allowed: {allowed}", "svara_not_allowed")

    def _describe(self, action: int) -> str:
        """An action with its cost, for messages and the terminal (``reveal (6)``)."""
        text = self.action_to_string(action)
        if action == REVEAL and self._to_act >= 0:
            return f"reveal ({self.reveal_cost(self._to_act)})"
        if action == JOIN:
            return f"join ({self.join_fee})"
        return text

    def describe_choices(self) -> list[str]:
        """The legal actions with their costs, amounts grouped (``bet 2…10``)."""
        out: list[str] = []
        legal = self.legal_actions()
        amounts: dict[int, list[int]] = {}
        for a in legal:
            base = next((b for b in (BET_BASE, OVERBLIND_BASE, BLIND_BASE) if a >= b), None)
            if base is not None and a <= base + MAX_AMOUNT:
                amounts.setdefault(base, []).append(a - base)
            else:
                out.append(self._describe(a))
        for base, values in amounts.items():
            verb = _AMOUNT_VERBS[base][0]
            span = f"{values[0]}" if len(values) == 1 else f"{values[0]}…{values[-1]}"
            out.append(f"{verb} {span}")
        return out

    # -- information --------------------------------------------------------------------------
    def _known(self, seat: int | None) -> int:
        known = self.exposed | self.bottom | self.public
        if seat is not None:
            known |= self.seen[seat]
            if self.looked >> seat & 1:
                known |= self.hands[seat]
        return known

    def _known_all(self) -> tuple[int, ...]:
        return (*(self._known(s) for s in range(self.n)), self._known(None))

    def observed(self, seat: int | None) -> tuple[str | None, ...]:
        """The history as ``seat`` saw it: ``None`` for each dealt card it does not know."""
        idx = self.n if seat is None else seat
        current = self._known(seat)
        fmt = self.rules.deck.format_card
        out: list[str | None] = []
        past = self._deal_known
        for action, meta in zip(self._history, self._meta, strict=True):
            if meta == -2:
                out.append(self.action_to_string(action))
            elif meta == -1:
                out.append(f"draw {fmt(action)}")
            else:
                card = action - FACE_UP if action >= FACE_UP else action
                known = past[meta][idx] if meta < len(past) else current
                if known >> card & 1:
                    out.append(f"deal {fmt(card)}" + (" up" if action >= FACE_UP else ""))
                else:
                    out.append(None)
        return tuple(out)

    def hidden_cards(self, seat: int | None) -> CardSet:
        """Cards whose place ``seat`` cannot know now."""
        if self.stage == DRAW:
            return CardSet(self.rules.deck_mask & ~self._drawn)
        return CardSet(self.rules.deck_mask & ~self._known(seat))

    def view(self, seat: int | None) -> TrynkaView:
        """What ``seat`` may know now (``None``: a spectator)."""
        n = self.n
        known = self._known(seat)
        hand = self.hands[seat] & known if seat is not None else 0
        choices: tuple[str, ...] = ()
        if seat is not None and self._to_act == seat:
            choices = tuple(self.action_to_string(a) for a in self.legal_actions())
        return TrynkaView(
            game=self.game.name,
            seat=seat,
            current_player=self._to_act,
            phase=self.phase(),
            n_players=n,
            dealer=self.dealer,
            stake=self.rules.stake,
            level=self.level,
            level_cap=self.rules.level_cap,
            bank=self.bank,
            balances=tuple(
                b + w - p for b, w, p in zip(self.balances, self.won, self.paid, strict=True)
            ),
            paid=tuple(self.paid),
            participants=self.participants,
            active=_bit_list(self.active, n),
            dark=_bit_list(self.dark, n),
            looked=_bit_list(self.looked, n),
            card_counts=tuple(h.bit_count() for h in self.hands),
            hand=CardSet(hand),
            shown=tuple(
                CardSet(self.hands[s] & known) if s != seat else CardSet() for s in range(n)
            ),
            bottom=CardSet(self.bottom),
            closed=self._closed(),
            svara_count=self.svara_count,
            join_fee=self.join_fee,
            bank_number=self.bank_number,
            next_dealer=self.next_dealer if self.finished else None,
            choices=choices,
            notes=tuple(self.notes),
            deal_starts=tuple(self.deal_starts),
            observed=self.observed(seat),
        )

    def __str__(self) -> str:
        fmt = self.rules.deck.format_cards
        lines = [
            f"trynka: {self.n} players, dealer {self.dealer}, phase {self.phase()}, "
            f"bank {self.bank}, level {self.level}"
        ]
        for s in range(self.n):
            flags = ("in" if self.active >> s & 1 else "out") + (
                " dark" if self.dark >> s & 1 else ""
            )
            lines.append(f"seat {s}: {fmt(CardSet(self.hands[s]))}  paid {self.paid[s]}  {flags}")
        return "\n".join(lines)
