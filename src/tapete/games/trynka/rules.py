"""Trynka's parameters and its rules objects (frozen): :class:`TrynkaRules` for one bank,
:class:`SessionRules` for a session of banks (``trynka-match``).

Cards are handled as *deck-local* indices ``0 … len(pack)-1`` (the Russian 24-, 32- or
36-card pack) and sets of cards as deck-local bitmasks; the value table is keyed by those masks.

>>> import tapete
>>> rules = tapete.load_game('trynka', n_players=3).rules
>>> rules.dealer, len(rules.deck), rules.level_cap
(2, 24, 10)
>>> rules.n_players = 9
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'n_players'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from tapete.cards import Deck, Rank
from tapete.engine.api import Param
from tapete.errors import ConfigError
from tapete.games.trynka.actions import MAX_AMOUNT, TrynkaActions
from tapete.games.trynka.values import JOKER, PACKS, local_value_table

#: Three-tens redeals in one bank after which three tens no longer give a redeal: a safety
#: bound (never reached in practice: each redeal needs a 10-10-10 hand, about 1 deal in 100)
#: that makes a bank's length finite.
MAX_REDEALS: Final = 50
#: Tie rounds of the high-card draw for the first dealer after which the lowest tied seat
#: deals (a safety bound of the same kind: a tie round is rare, fifty in a row never occur).
MAX_DRAW_ROUNDS: Final = 50


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
            if isinstance(item, (bool, float)):
                raise ValueError
            number = int(item)
        except (TypeError, ValueError):
            raise ConfigError(
                f"parameter balances must be integers separated by commas, got {value!r}"
            ) from None
        if abs(number) > 10**12:
            raise ConfigError(f"parameter balances: {number} is out of range (at most 10^12)")
        out.append(number)
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
    if not isinstance(value, bool) and str(value) in ("24", "32", "36"):
        return int(value)
    raise ConfigError(f"parameter deck = {value!r} is not allowed; allowed: 24 | 32 | 36")


#: Rule options shared by ``trynka`` and ``trynka-match`` (trynka.md §3, configuration summary).
RULE_PARAMETERS: Final = (
    Param("n_players", 4, "number of players", low=2, high=8),
    Param("stake", 1, "the stake unit S, in chips", low=1, high=100),
    Param("ante", True, "each player puts S into the bank at every normal deal (false: ante 0)",
          kind=bool),
    Param("deck", 24, "pack: 24 (6-10 and A), 32 (7-10 J Q K A: Seka) or 36 (6-10 J Q K A); "
          "J Q K count 10", check=_check_deck),
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
    Param("reveal_without_blind", "double",
          "what a sighted reveal costs when nobody went blind: double = 2·level; single = "
          "level (Seka)", kind=str, choices=("double", "single")),
    Param("reveal_basis", "level",
          "what reveals are priced on: level = the current level; blind_stakes = the blind "
          "stakes (a blind player his own, the others twice the blind sum), whatever the raises",
          kind=str, choices=("level", "blind_stakes")),
    Param("overblind_level", "raises",
          "an over-blind: raises = sets the level for everybody; first_blind = the others keep "
          "playing against the first blind (bet ≥ D, reveal for 2·D)",
          kind=str, choices=("raises", "first_blind")),
    Param("first_round_reveal", True, "a reveal is allowed in the first betting round "
          "(false: Seka, no reveal before everybody has acted once)", kind=bool),
    Param("sighted_stakes", "single",
          "double_while_blind (Seka): while a blind player has not looked, a sighted player "
          "stakes double (bet 2k for the level k)", kind=str,
          choices=("single", "double_while_blind")),
    Param("trynka_flush", False, "three cards of one suit (тринька) beat every plain suit total",
          kind=bool),
    Param("joker", False, "Seka's joker: the seven of clubs stands for the card that makes "
          "the hand worth most (11 in any suit; completes three of a kind)", kind=bool),
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
    Param("tens_claim_moment", "own_turn",
          "when three tens may be claimed: own_turn = on one's turn or when challenged; "
          "any_moment = also before any other player's decision (each player who has looked "
          "is asked: claim-tens or decline)", kind=str, choices=("own_turn", "any_moment")),
    Param("svara_join_fraction", "1/2", "a svara's buy-in, as a fraction of the bank (0: none)",
          kind=str, choices=("1/2", "1/3", "0")),
    Param("agreed_svara", True, "the last two players may agree on a svara", kind=bool),
    Param("max_svara_chain", 5, "svaras in a row before a tie splits the bank", low=0, high=100),
)  # fmt: skip

#: The parameters of one bank (``trynka``) beyond the rule options.
BANK_PARAMETERS: Final = (
    Param("dealer", -1, "the dealer's seat (-1: the last seat, so seat 0 is P1)",
          kind=int, check=_check_dealer),
    Param("balances", (), "balances before the bank, comma-separated (default 0 each)",
          kind=str, check=_check_balances),
)  # fmt: skip

#: The parameters of a session (``trynka-match``) beyond the rule options.
MATCH_PARAMETERS: Final = (
    Param("balances", (), "starting balances, comma-separated (default start_balance each)",
          kind=str, check=_check_balances),
    Param("start_balance", 100, "each player's starting balance when balances is not given",
          low=1, high=10**9),
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

#: Names of the rule options (what a session passes on to the game of each bank).
RULE_NAMES: Final = tuple(p.name for p in RULE_PARAMETERS)

#: The variant options of issue 15, with their defaults (every spec lists them, like every
#: other parameter: see :func:`spec_params`).
QUIET_DEFAULTS: Final = {
    p.name: p.default
    for p in RULE_PARAMETERS
    if p.name
    in (
        "reveal_without_blind",
        "reveal_basis",
        "overblind_level",
        "first_round_reveal",
        "trynka_flush",
        "sighted_stakes",
        "joker",
        "tens_claim_moment",
    )
}


def spec_params(params: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The parameters a spec lists: every one of ``params`` (a view carries the full rules
    in force, the variant options of :data:`QUIET_DEFAULTS` included).

    >>> import tapete
    >>> tapete.load_game('trynka').spec.param('trynka_flush')
    False
    >>> tapete.load_game('trynka', trynka_flush=True).spec.param('trynka_flush')
    True
    """
    return tuple(params.items())


@dataclasses.dataclass(frozen=True)
class TrynkaRules:
    """The validated, derived rules of one bank (shared by all its states; immutable).

    Amounts are in chips (``dark_max`` and ``level_cap`` multiplied by the stake); ``values``
    maps the deck-local mask of every three-card hand to an int with the hands' order (built
    with ``value_flags`` = sixes_over_aces, two_aces_22, trips_score, trynka_flush, and
    ``joker``, whose card is ``joker_mask``, deck-local, 0 without a joker); ``actions`` is the
    action codec.
    """

    n_players: int
    stake: int
    ante: int
    deck: Deck
    deck_mask: int
    flash_limit: int
    accident: float
    dark_max: int
    level_cap: int
    blind_chain: bool
    own_blind: bool
    single_without_blind: bool
    blind_stakes: bool
    first_blind: bool
    first_round_reveal: bool
    double_sighted: bool
    showdown: bool
    reveal_public: bool
    values: Mapping[int, int]
    value_flags: tuple[bool, bool, bool, bool]
    joker: bool
    joker_mask: int
    tens: bool
    tens_mask: int
    redeal_all: bool
    tens_any_time: bool
    tens_any_moment: bool
    join_den: int
    agreed_svara: bool
    max_chain: int
    deck_size: int
    balances: tuple[int, ...]
    dealer: int
    actions: TrynkaActions

    @classmethod
    def of(cls, params: Mapping[str, Any]) -> TrynkaRules:
        """The rules of the parameters ``params`` (:class:`ConfigError` for bad combinations)."""
        n = params["n_players"]
        stake = params["stake"]
        deck = PACKS[params["deck"]]
        if 3 * n > len(deck):
            raise ConfigError(
                f"parameter n_players = {n} is too many for the {len(deck)}-card pack: "
                f"allowed 2…{len(deck) // 3}"
            )
        level_cap = params["level_cap"] * stake
        if level_cap > MAX_AMOUNT:
            raise ConfigError(
                f"parameter level_cap = {params['level_cap']} makes stakes of "
                f"{level_cap} chips; allowed: at most {MAX_AMOUNT} chips"
            )
        if params["dark_max"] > params["level_cap"]:
            raise ConfigError(
                f"parameter dark_max = {params['dark_max']} is above level_cap = "
                f"{params['level_cap']}; allowed: 1…{params['level_cap']}"
            )
        balances = params.get("balances", ())
        if balances and len(balances) != n:
            raise ConfigError(
                f"parameter balances has {len(balances)} values; allowed: one per player ({n})"
            )
        dealer = params.get("dealer", -1)
        if dealer == -1:
            dealer = n - 1
        if not 0 <= dealer < n:
            raise ConfigError(f"parameter dealer = {dealer} is not a seat; allowed: 0…{n - 1}")
        flags = (
            params["sixes_over_aces"],
            params["two_aces_22"],
            params["trips_score"],
            params["trynka_flush"],
        )
        joker = bool(params.get("joker", False))
        table = local_value_table(len(deck), *flags, joker)
        joker_mask = 1 << deck.index_of[JOKER] if joker else 0
        return cls(
            n_players=n,
            stake=stake,
            ante=stake if params["ante"] else 0,
            deck=deck,
            deck_mask=(1 << len(deck)) - 1,
            flash_limit=params["flash_limit"],
            accident=params["accidental_exposure_rate"],
            dark_max=params["dark_max"] * stake,
            level_cap=level_cap,
            blind_chain=params["blind_chain"],
            own_blind=params["dark_reveal_cost"] == "own_blind",
            single_without_blind=params["reveal_without_blind"] == "single",
            blind_stakes=params["reveal_basis"] == "blind_stakes",
            first_blind=params["overblind_level"] == "first_blind",
            first_round_reveal=params["first_round_reveal"],
            double_sighted=params["sighted_stakes"] == "double_while_blind",
            showdown=params["closing"] == "showdown",
            reveal_public=params["reveal_public"],
            values=MappingProxyType(table),
            value_flags=flags,
            joker=joker,
            joker_mask=joker_mask,
            tens=not params["trips_score"],
            tens_mask=sum(1 << i for i, c in enumerate(deck.cards) if c.rank == Rank.TEN),
            redeal_all=params["redeal_players"] == "all",
            tens_any_time=params["tens_claim_any_time"],
            tens_any_moment=params.get("tens_claim_moment", "own_turn") == "any_moment",
            join_den={"1/2": 2, "1/3": 3, "0": 0}[params["svara_join_fraction"]],
            agreed_svara=params["agreed_svara"],
            max_chain=params["max_svara_chain"],
            deck_size=len(deck),
            balances=tuple(balances) or (0,) * n,
            dealer=dealer,
            actions=TrynkaActions(deck, level_cap),
        )

    # -- the research bounds (docs/trynka.md, "Bounds: the derivation") ----------------------
    # Each bound is a proof, not a measure: every line below is a step of the derivation in
    # the docs, for a deal of k <= n_players participants (every count grows with k, so
    # k = n_players). ``r`` = level_cap - stake (in chips) bounds the raises of a deal: the
    # level starts at the stake, never falls, rises by at least one chip and never exceeds
    # the cap.
    def deals_bound(self) -> int:
        """The most deals a bank can have: the first, one per svara (``max_svara_chain``)
        and one per three-tens redeal (:data:`MAX_REDEALS`)."""
        return 1 + self.max_chain + MAX_REDEALS

    def raises_bound(self) -> int:
        """The most raises of the level in one deal (``level_cap - stake``, in chips)."""
        return self.level_cap - self.stake

    def dealing_bound(self) -> int:
        """The most actions of one deal's dealing: 3k cards, a flash question before each
        (when ``flash_limit`` > 0), and for each card dealt face up (a flash, or by accident)
        a keep/replace decision and a replacement card, while replacements are offered (at
        most ``deck - 1 - 3k`` of them)."""
        n = self.n_players
        questions = 3 * n if self.flash_limit else 0
        exposed = 3 * n if self.accident > 0 else n * min(self.flash_limit, 3)
        spare = max(0, self.deck_size - 1 - 3 * n)
        return 3 * n + questions + (exposed if spare else 0) + min(exposed, spare)

    def blinds_bound(self) -> int:
        """The most blind and over-blind decisions of one deal (P1, then P2; everybody in
        turn with ``blind_chain``)."""
        n = self.n_players
        return n if self.blind_chain else min(n, 2)

    def calls_bound(self) -> int:
        """The most bets at the level (calls) in the open betting of one deal.

        Consecutive calls go round the active seats and each adds its seat to the matched
        ones: ``a`` calls in a row (``a - 1`` after a raise) close the betting, and no bet
        follows the close. So a run of calls that does not close is at most ``a - 1`` long
        at the start, ``a - 2`` after a raise, ``a - 1`` after the j-th fold or reveal
        (``a = k - j``), 1 after a refused svara proposal (two seats), and the closing run
        one longer.
        """
        n, r = self.n_players, self.raises_bound()
        refusals = 2 if self.agreed_svara else 0
        return (n - 1) + r * max(0, n - 2) + (n - 1) * (n - 2) // 2 + refusals + 1

    def turns_bound(self) -> int:
        """The most turn decisions of one deal: one per seat in the first round and the
        blind players' look, then in the open and closed betting the raises, the folds and
        reveals that put a seat out (k - 1), one ending action (a claim, a tied last
        reveal), the svara proposals (one per seat of the last two) and the calls."""
        n = self.n_players
        proposals = 2 if self.agreed_svara else 0
        return n + self.raises_bound() + (n - 1) + 1 + proposals + self.calls_bound()

    def deal_length_bound(self) -> int:
        """The most actions one deal can take, its svara's joins included (the events a
        view's ``events`` can hold: :meth:`.TrynkaGame.max_view_events`)."""
        n = self.n_players
        turns = self.turns_bound()
        answers = n if self.tens else 0  # a reveal's target answers (show, or claim tens)
        answers += 2 if self.agreed_svara else 0  # a proposal's answer
        decisions = turns + answers
        if self.tens_any_moment:  # before each decision, the others who have looked
            decisions *= n
        return self.dealing_bound() + self.blinds_bound() + decisions + self.joins_bound()

    def joins_bound(self) -> int:
        """The most join decisions of one svara (the seats not tied, at least two are)."""
        return self.n_players - 2 if self.join_den else 0

    def bank_length_bound(self) -> int:
        """An upper bound on the actions of one bank: every deal at its bound, the joins
        only in the deals that end in a svara."""
        deals, joins = self.deals_bound(), self.joins_bound()
        return deals * self.deal_length_bound() - (deals - self.max_chain) * joins

    def raise_levels_bound(self) -> int:
        """The most the open betting's raises can stake together: they raise the level to
        distinct amounts ``stake + 1 … cap``, each paid at its new level."""
        cap, stake = self.level_cap, self.stake
        return (cap * (cap + 1) - stake * (stake + 1)) // 2

    def deal_chips_bound(self) -> int:
        """The most chips all seats can stake in one deal: the blinds (P1's at most
        ``dark_max``, the others the cap), the first round's bets and the calls that do not
        follow a raise at most the cap each, each raise of the open betting with the calls
        of its run (at most ``k - 2`` before another raise) at its level, every reveal (at
        most k) at most twice the cap."""
        n, cap = self.n_players, self.level_cap
        blinds = min(self.dark_max, cap) + (self.blinds_bound() - 1) * cap
        runs = max(0, n - 2)
        other_calls = self.calls_bound() - self.raises_bound() * runs
        bets = cap * (n + other_calls) + (1 + runs) * self.raise_levels_bound()
        return blinds + bets + 2 * cap * n

    def seat_deal_chips_bound(self) -> int:
        """The most chips one seat can stake in one deal: one blind, its bets and its
        reveals (at most k - 1, twice the cap each). Its bets: one in the first round, one
        in the open betting, then one more only after a raise or a seat put out (without
        either the others' calls close the betting before its turn comes back); a bet after
        a seat put out at most the cap, one after the i-th raise at most the next raise's
        level, so together at most the cap and the raises' levels."""
        n, cap = self.n_players, self.level_cap
        bets = cap * (2 + (n - 1) + 1) + self.raise_levels_bound()
        return cap + bets + 2 * cap * (n - 1)

    def _svara_banks(self) -> list[int]:
        """The bank's bound before each svara's joins, then its final bound: the antes and
        every deal before the first svara (the first and all redeals: the later a deal's
        chips, the fewer joins double them), then per svara the joins (``n - 2`` seats, each
        ``ceil(bank / den)``) and the svara's deal."""
        n, den = self.n_players, self.join_den
        per_deal = self.deal_chips_bound()
        bank = n * self.ante + (1 + MAX_REDEALS) * per_deal
        banks = []
        for _ in range(self.max_chain):
            banks.append(bank)
            if den:
                bank += (n - 2) * -(-bank // den)
            bank += per_deal
        banks.append(bank)
        return banks

    def bank_chips_bound(self) -> int:
        """An upper bound on the chips a bank can hold."""
        return self._svara_banks()[-1]

    def seat_chips_bound(self) -> int:
        """An upper bound on the chips one seat can pay into a bank: its ante, its stakes in
        every deal, and a join fee at every svara (when anybody may join)."""
        den = self.join_den
        fees = (-(-b // den) for b in self._svara_banks()[:-1]) if self.joins_bound() else ()
        return self.ante + self.deals_bound() * self.seat_deal_chips_bound() + sum(fees)

    def utility_bounds(self) -> tuple[int, int]:
        """``(min, max)`` of a seat's net chips in a bank: it loses at most what it paid; it
        wins at most what the others paid, and at most the bank less its own ante."""
        seat = self.seat_chips_bound()
        high = min((self.n_players - 1) * seat, self.bank_chips_bound() - self.ante)
        return -seat, high


@dataclasses.dataclass(frozen=True)
class SessionRules:
    """The validated rules of a session of banks (``trynka-match``; immutable).

    ``bank`` holds the rules of its banks (with the first dealer and the starting balances),
    ``bank_params`` the rule options passed on to the game of each bank.
    """

    n_players: int
    deck: Deck
    deck_mask: int
    balances: tuple[int, ...]
    dealer_method: str
    host: int
    rotate: bool
    banks: int
    stop_when_broke: bool
    bank: TrynkaRules
    bank_params: tuple[tuple[str, Any], ...]

    @classmethod
    def of(cls, params: Mapping[str, Any]) -> SessionRules:
        """The session rules of ``params`` (:class:`ConfigError` for bad combinations)."""
        n = params["n_players"]
        balances = params["balances"] or (params["start_balance"],) * n
        bank_params = tuple((name, params[name]) for name in RULE_NAMES)
        bank = TrynkaRules.of({**dict(bank_params), "balances": balances, "dealer": -1})
        method = params["dealer_method"]
        if method == "auto":
            method = "high_card" if n <= 3 else "count_to_ace"
        if params["initial_host"] >= n:
            raise ConfigError(
                f"parameter initial_host = {params['initial_host']} is not a seat; "
                f"allowed: 0…{n - 1}"
            )
        return cls(
            n_players=n,
            deck=bank.deck,
            deck_mask=bank.deck_mask,
            balances=tuple(balances),
            dealer_method=method,
            host=params["initial_host"],
            rotate=params["next_dealer"] == "rotate",
            banks=params["banks"],
            stop_when_broke=params["stop_when_broke"],
            bank=bank,
            bank_params=bank_params,
        )

    def draw_length_bound(self) -> int:
        """The most cards the first-dealer draw can turn."""
        if self.dealer_method == "count_to_ace":
            return self.bank.deck_size
        return MAX_DRAW_ROUNDS * self.n_players
