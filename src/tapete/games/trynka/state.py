"""A bank of Trynka: :class:`TrynkaState` (ante, the deal with exposed cards, blind and
over-blind, the first round, the blind players' look, open betting, reveals, three-tens
redeals and svaras, each a new deal of the same bank, until one player takes the bank).

Cards are deck-local indices and sets of cards deck-local masks (see :mod:`.rules`); each
applied action appends one event (see :mod:`tapete.engine.events`): a card dealt face down
is seen by nobody when it is dealt (the players look later), an exposed one by everybody;
the players' actions are public, with their public outcomes as arguments (who is out after
a reveal, the svara, the winner...). The hands seen at a reveal are in the two players'
views only (``shown``), never in the events, unless ``reveal_public``.

>>> import tapete
>>> s = tapete.load_game('trynka', n_players=2, flash_limit=0).new_initial_state()
>>> for t in ['deal A♠', 'deal 10♠', 'deal 9♠', 'deal 6♦', 'deal 7♦', 'deal 8♦']:
...     _ = s.apply_string(t)
>>> s.phase(), s.current_player(), [s.action_to_string(a) for a in s.legal_actions()]
('blind', 0, ['decline', 'blind 1', 'blind 2'])
>>> _ = s.apply_string('темню 2'); _ = s.apply_string('decline')
>>> s.phase(), s.current_player(), s.bank, s.level
('round1', 1, 4, 2)
>>> [(e.kind, e.arg('amount')) for e in s.events(1, since=6)]
[('blind', 2), ('decline', None)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, cast

from tapete.cards import Card, CardSet, Deck, iter_bits
from tapete.engine.api import CHANCE, TERMINAL, State, mypyc_attr
from tapete.engine.events import EVERYONE, NO_ARGS
from tapete.errors import IllegalActionError, NotationError
from tapete.games.trynka.actions import EXPECTED, SIMPLE_KINDS
from tapete.games.trynka.explain import explain
from tapete.games.trynka.rules import MAX_REDEALS, TrynkaRules
from tapete.games.trynka.view import TrynkaView, build_view

if TYPE_CHECKING:
    from tapete.games.trynka.game import TrynkaGame

# stages
DEAL: Final = "deal"
BLIND: Final = "blind"
ROUND1: Final = "round1"
BLIND_LOOK: Final = "blind_look"
BETTING: Final = "betting"
RESPOND: Final = "reveal"
PROPOSE: Final = "svara_proposal"
JOINING: Final = "svara_join"
TENS_WINDOW: Final = "tens_window"
OVER: Final = "over"
TURN_STAGES: Final = (ROUND1, BLIND_LOOK, BETTING)
#: The decisions before which, under ``tens_claim_moment = any_moment``, every other active
#: player who has looked is asked whether he claims three tens.
WINDOWED_STAGES: Final = (ROUND1, BLIND_LOOK, BETTING, RESPOND, PROPOSE)


_EMPTY: Final = CardSet()
#: Per pack: the card set (card ids) of each deck-local mask seen so far (views make many).
_CARDSETS: dict[str, dict[int, CardSet]] = {}


def _cardsets(deck: Deck) -> dict[int, CardSet]:
    cache = _CARDSETS.get(deck.name)
    if cache is None or len(cache) > 50_000:
        cache = _CARDSETS[deck.name] = {0: _EMPTY}
    return cache


def _cardset(cache: dict[int, CardSet], deck: Deck, local: int) -> CardSet:
    """The :class:`CardSet` of the deck-local mask ``local`` (cached)."""
    found = cache.get(local)
    if found is None:
        found = cache[local] = CardSet(deck.global_mask(local))
    return found


@mypyc_attr(allow_interpreted_subclasses=True)
class TrynkaState(State):
    """A position in a bank of Trynka (see the module's docstring)."""

    def __init__(self, game: TrynkaGame) -> None:
        rules = game.rules
        self.game = game
        self.rules: TrynkaRules = rules
        self._history = []
        self._events = []
        n = rules.n_players
        self.n = n
        self.balances: tuple[int, ...] = rules.balances  # before the bank
        self.deal_starts: list[int] = []
        self.redeals = 0
        self._legal: list[int] | None = None
        self._out: list[tuple[str, Any]] | None = None
        self.finished = False
        self.next_dealer = -1
        self.dealer = rules.dealer
        self.paid = [0] * n
        self.won = [0] * n
        self.bank = 0
        self.svara_count = 0
        self.join_fee = 0
        self._join_queue: list[int] = []
        self._tied: list[int] = []
        self._joiners: list[int] = []
        self._init_deal_fields()
        if rules.ante:
            for s in range(n):
                self._pay(s, rules.ante)
        self._start_deal(tuple(range(n)), 0)

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
        self._top_blind = 0
        self._blind_level = self.rules.stake
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
        self._window: list[int] = []
        self._window_stage = ""
        self._window_seat = -1

    # -- protocol -----------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE while cards are dealt, TERMINAL at the end."""
        return self._to_act

    def is_terminal(self) -> bool:
        """True once the bank is over."""
        return self._to_act == TERMINAL

    def is_chance_node(self) -> bool:
        """True while a card is to be dealt or pulled as a replacement."""
        return self._to_act == CHANCE

    def phase(self) -> str:
        """``deal``, ``blind``, ``round1``, ``blind_look``, ``betting``, ``closed``,
        ``reveal``, ``svara_proposal``, ``svara_join``, ``tens_window`` (a player asked
        whether he claims three tens before another's decision: ``tens_claim_moment =
        any_moment``) or ``over``."""
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
        rules = self.rules
        codec = rules.actions
        if to_act == TERMINAL:
            return []
        if to_act == CHANCE:
            cards = list(iter_bits(rules.deck_mask & ~self._used))
            if rules.accident > 0 and not self._flash_next and not self._await_repl:
                up = codec.up
                cards += [up + c for c in cards]
            return cards
        p = to_act
        if stage == DEAL:
            if self._pending_card >= 0:
                return [codec.keep, codec.replace]
            return [codec.flash, codec.no_flash]
        if stage == BLIND:
            if self._blind_index == 0:
                hi = min(rules.dark_max, rules.level_cap)
                return [codec.decline, *range(codec.blind(rules.stake), codec.blind(hi) + 1)]
            return [
                codec.decline,
                *range(codec.overblind(self._top_blind + 1), codec.overblind(rules.level_cap) + 1),
            ]
        if stage in TURN_STAGES:
            if rules.first_round_reveal or stage == BETTING:
                acts = [codec.fold, codec.reveal]
            else:  # Seka: no reveal before everybody has acted once
                acts = [codec.fold]
            if self._can_claim(p):
                acts.append(codec.claim_tens)
            if self._can_propose(p):
                acts.append(codec.propose_svara)
            if not self._closed():
                if rules.double_sighted and self._doubling(p):  # Seka: sighted stake double
                    acts += range(codec.bet(2 * self.level), codec.bet(rules.level_cap) + 1, 2)
                else:
                    acts += range(codec.bet(self.level), codec.bet(rules.level_cap) + 1)
            return acts
        if stage == RESPOND:
            return [codec.claim_tens, codec.show] if self._can_claim(p) else [codec.show]
        if stage == PROPOSE:
            if (rules.tens_any_time or rules.tens_any_moment) and self._can_claim(p):
                return [codec.claim_tens, codec.accept, codec.refuse]
            return [codec.accept, codec.refuse]
        if stage == JOINING:
            return [codec.join, codec.decline]
        if stage == TENS_WINDOW:
            return [codec.claim_tens, codec.decline] if self._can_claim(p) else [codec.decline]
        return []  # pragma: no cover

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each available card equally likely (accidental exposures with their probability)."""
        if self._to_act != CHANCE:
            return []
        acts = self.legal_actions()
        rate = self.rules.accident
        if rate > 0 and acts and acts[-1] >= self.rules.actions.up:
            half = len(acts) // 2
            return [(a, (1 - rate) / half) for a in acts[:half]] + [
                (a, rate / half) for a in acts[half:]
            ]
        p = 1.0 / len(acts)
        return [(a, p) for a in acts]

    def is_legal(self, action: Any) -> bool:
        """True when ``action`` may be applied now."""
        if type(action) is not int:
            return State.is_legal(self, action)
        if self._legal is None:
            self._legal = self._compute_legal()
        return action in self._legal

    def apply_action(self, action: Any) -> None:
        """Apply ``action`` (checked; the state is unchanged if it is refused; any value: a
        non-int is refused by the engine's checks)."""
        if type(action) is not int:
            return State.apply_action(self, action)
        return self._apply_int(action)

    def _apply_int(self, action: int) -> None:
        """:meth:`apply_action` of an int (an unboxed one in the compiled core)."""
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
            self._deal_card(action)
            return
        p = to_act
        stage = self.stage
        codec = self.rules.actions
        self._clear_out()
        if stage in TURN_STAGES:
            self._turn(p, action)
        elif stage == DEAL:
            self._deal_decision(p, action)
        elif stage == BLIND:
            self._blind(p, action)
        elif stage == RESPOND:
            if action == codec.claim_tens:
                self._claim(p)
            else:
                self._resolve_reveal()
        elif stage == PROPOSE:
            self._answer_proposal(p, action)
        elif stage == JOINING:
            self._join(p, action)
        elif stage == TENS_WINDOW:
            self._window_answer(p, action)
        offset = action - codec.simple_base
        if offset < 13:
            kind = SIMPLE_KINDS[offset]
        elif action > codec.bet_base:
            kind = "bet"
        elif action > codec.overblind_base:
            kind = "overblind"
        else:
            kind = "blind"
        out = self._out
        self._events.append((p, kind, action, EVERYONE, tuple(out) if out else NO_ARGS))
        if self.rules.tens_any_moment and stage != TENS_WINDOW:
            self._open_window()

    def _open_window(self) -> None:
        """Before the decision now due (``tens_claim_moment = any_moment``): ask every other
        active player who has looked, clockwise from the one to decide, whether he claims
        three tens (everybody is asked, holder or not, so the question tells nothing)."""
        seat = self._to_act
        if seat < 0 or self.stage not in WINDOWED_STAGES:
            return
        n, asked = self.n, self.active & self.looked & ~(1 << seat)
        queue = [q for q in ((seat + k) % n for k in range(1, n)) if asked >> q & 1]
        if queue:
            self._window = queue
            self._window_stage, self._window_seat = self.stage, seat
            self.stage = TENS_WINDOW
            self._to_act = queue[0]

    def _window_answer(self, p: int, action: int) -> None:
        if action == self.rules.actions.claim_tens:
            self._claim(p)
            return
        self._window.pop(0)
        if self._window:
            self._to_act = self._window[0]
        else:  # nobody claimed: the decision that was due
            self.stage, self._to_act = self._window_stage, self._window_seat

    def _clear_out(self) -> None:
        """No outcomes yet for the action being applied (a method, not an assignment in
        ``_apply``: the compiled core would take ``_out`` for ``None`` after it there)."""
        self._out = None

    def _note(self, name: str, value: Any) -> None:
        """Add a public outcome to the event of the action being applied (each name once:
        the hands shown by a reveal and a showdown after it are merged, by seat)."""
        out = self._out
        if out is None:
            out = self._out = []
        for i, (key, old) in enumerate(out):
            if key == name == "shown_cards":
                seats = {seat for seat, _ in old}
                out[i] = (key, old + tuple(p for p in value if p[0] not in seats))
                return
        out.append((name, value))

    def _why_illegal(self, action: int) -> IllegalActionError | None:
        """``None`` if ``action`` is legal now, else the error naming the rule and the range."""
        if self.is_legal(action):
            return None
        return explain(self, action)

    def _action_to_string(self, action: int) -> str:
        """English text of ``action`` (``bet 3``, ``fold``, ``deal A♠``…)."""
        return self.rules.actions.text(action)

    def string_to_action(self, text: str) -> int:
        """The action written ``text`` (English or Russian, e.g. ``темню 2``, ``упал``);
        :class:`NotationError` if it is malformed or another game's verb (``draw A♠``), an
        :class:`IllegalActionError` for a stake no action can have (``bet 0``, ``bet 99``
        above the cap)."""
        codec = self.rules.actions
        verb, value = codec.parse(text)
        if verb == "simple":
            return value
        if verb in ("deal", "card"):
            return value
        if verb == "deal_up":
            return codec.up + value
        if verb == "draw":
            raise NotationError(
                f"cannot read {text!r}: 'draw' turns a card for the first dealer of a session "
                f"(trynka-match); in a bank the cards are dealt: expected {EXPECTED}"
            )
        if not 1 <= value <= codec.cap:
            raise explain(self, -1, (verb, value))
        if verb == "blind":
            return codec.blind(value)
        if verb == "overblind":
            return codec.overblind(value)
        return codec.bet(value)

    def returns(self) -> list[float]:
        """Each seat's net chips in this bank (what it won minus what it paid)."""
        return [float(w - p) for w, p in zip(self.won, self.paid, strict=True)]

    def clone(self) -> TrynkaState:
        """An independent copy (its event cache starts empty)."""
        other = self._copy_base()
        other.paid = self.paid.copy()
        other.won = self.won.copy()
        other.hands = self.hands.copy()
        other.flashes = self.flashes.copy()
        other.dark_stake = self.dark_stake.copy()
        other.seen = self.seen.copy()
        other.deal_starts = self.deal_starts.copy()
        other._join_queue = self._join_queue.copy()
        other._tied = self._tied.copy()
        other._joiners = self._joiners.copy()
        other._window = self._window.copy()
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            self.stage, self._to_act, tuple(self.hands), self._used, self.bottom, self.exposed,
            self.active, self.dark, self.looked, self.level, self.matched, self.bank,
            tuple(self.paid), tuple(self.won), self.balances, self.dealer,
            tuple(self.deal_starts), self.svara_count, self._slot, self.public,
            tuple(self.seen), tuple(self._window),
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
        stage = self.stage if self.stage != TENS_WINDOW else self._window_stage
        return stage == BETTING and self.active & ~self.matched == 0

    def _can_claim(self, p: int) -> bool:
        hand = self.hands[p]
        rules = self.rules
        return (
            rules.tens
            and self.redeals < MAX_REDEALS
            and bool(self.looked >> p & 1)
            and hand.bit_count() == 3
            and hand & (rules.tens_mask | rules.joker_mask) == hand
        )

    def _doubling(self, p: int) -> bool:
        """True when ``p``'s stakes count double (``sighted_stakes = double_while_blind``: a
        sighted player while a blind player in the deal has not looked yet)."""
        return (
            self.rules.double_sighted
            and self.stage == ROUND1
            and not self.dark >> p & 1
            and bool(self.dark & self.active & ~self.looked)
        )

    def _can_propose(self, p: int) -> bool:
        return (
            self.rules.agreed_svara
            and self._svara_ok
            and self.active.bit_count() == 2
            and not self._proposed >> p & 1
        )

    def reveal_cost(self, p: int) -> int:
        """What a REVEAL costs seat ``p`` now (2·L sighted, L blind; §2.7, §3 item 9; the
        variants ``reveal_basis``, ``overblind_level``, ``reveal_without_blind``)."""
        rules = self.rules
        if rules.blind_stakes:  # the blind sums, whatever the raises
            if self.dark >> p & 1:
                return self.dark_stake[p]
            base = self._blind_level
        else:
            if self.dark >> p & 1:
                if (rules.own_blind or rules.first_blind) and not self._raised:
                    return self.dark_stake[p]
                return self.level
            base = self.level
        if rules.single_without_blind and not self.dark:
            return base
        return 2 * base

    def bet_range(self) -> tuple[int, int] | None:
        """``(low, high)`` of the stakes allowed now, or ``None`` when no stake is allowed."""
        if self._to_act < 0:
            return None
        rules = self.rules
        if self.stage == BLIND:
            if self._blind_index == 0:
                return rules.stake, min(rules.dark_max, rules.level_cap)
            return self._top_blind + 1, rules.level_cap
        if self.stage in TURN_STAGES and not self._closed():
            return self.level, rules.level_cap
        return None

    def chance_recipient(self) -> int | None:
        """The seat the next dealt card goes to (``None`` outside the deal)."""
        return self.receiver()

    def receiver(self) -> int | None:
        """The seat the next dealt card goes to (``None`` outside the deal)."""
        if self.stage != DEAL or self._slot >= len(self._order):
            return None
        return self._order[self._slot]

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds (the whole truth: for tests and the host, not players)."""
        return CardSet(self.rules.deck.global_mask(self.hands[seat]))

    def value(self, seat: int) -> int:
        """The order key of ``seat``'s hand (see :func:`.values.local_value_table`)."""
        return self.rules.values[self.hands[seat]]

    def current_balances(self) -> list[int]:
        """Each seat's chips now (the balances before the bank, plus won, minus paid)."""
        return [b + w - p for b, w, p in zip(self.balances, self.won, self.paid, strict=True)]

    def _pay(self, p: int, amount: int) -> None:
        self.paid[p] += amount
        self.bank += amount

    def _cards(self, mask: int) -> tuple[Card, ...]:
        ids = self.rules.deck.card_ids
        return tuple(Card(ids[i]) for i in iter_bits(mask))

    # -- deals --------------------------------------------------------------------------------
    def _start_deal(self, seats: tuple[int, ...], first_index: int) -> None:
        self._init_deal_fields()
        self.deal_starts.append(first_index)
        parts = tuple(self._clockwise(list(seats)))
        self.participants = parts
        for s in parts:
            self.active |= 1 << s
        self._order = [p for _ in range(3) for p in parts]
        if first_index:
            self._note("dealt_in", parts)
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
        codec = self.rules.actions
        if action == codec.flash:
            self.flashes[p] += 1
            self._flash_next = True
            self._flash_decided = True
            self._to_act = CHANCE
        elif action == codec.no_flash:
            self._flash_decided = True
            self._to_act = CHANCE
        elif action == codec.keep:
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
        up = self.rules.actions.up
        accident = action >= up
        card = action - up if accident else action
        bit = 1 << card
        r = self._order[self._slot]
        self._used |= bit
        self.hands[r] |= bit
        to = cast("TrynkaGame", self.game).to_args[r]
        if self._await_repl:
            self._events.append((CHANCE, "deal", action, 0, to))
            self._await_repl = False
            self._finish_slot()
            return
        if self._flash_next or accident:
            self._events.append((CHANCE, "deal", action, EVERYONE, to))
            self.exposed |= bit
            self._flash_next = False
            if self._replace_offered():
                self._pending_card = card
                self._to_act = r
                return
        else:
            self._events.append((CHANCE, "deal", action, 0, to))
        self._finish_slot()

    def _start_blind(self) -> None:
        self.stage = BLIND
        self._blind_index = 0
        self._to_act = self.participants[0]

    def _blind(self, p: int, action: int) -> None:
        codec = self.rules.actions
        if action == codec.decline:
            self._end_blind()
            return
        _kind, amount = codec.amount_of(action) or ("", 0)
        self._pay(p, amount)
        if self._blind_index == 0 or not self.rules.first_blind:
            self.level = amount
            self.matched = 1 << p
        else:  # first_blind: the others keep playing against the first blind
            self.matched |= 1 << p
        self._top_blind = amount
        self.dark |= 1 << p
        self.dark_stake[p] = amount
        self._blind_index += 1
        idx = self._blind_index
        more = idx == 1 or self.rules.blind_chain
        if more and idx < len(self.participants) and amount < self.rules.level_cap:
            self._to_act = self.participants[idx]
        else:
            self._end_blind()

    def _end_blind(self) -> None:
        self._blind_level = self.level
        sighted = self.active & ~self.dark
        self.looked |= sighted
        self._round1 = sighted
        if sighted:
            self._note("look", tuple(s for s in self.participants if sighted >> s & 1))
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
            self._note("look", tuple(s for s in self.participants if pending >> s & 1))
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
        self._note("showdown", tuple(top))
        self._note("shown_cards", tuple((s, self._cards(self.hands[s])) for s in seats))
        if len(top) == 1:
            self._payout(top[0])
        else:
            self._svara(top)

    def _turn(self, p: int, action: int) -> None:
        codec = self.rules.actions
        if action == codec.fold:
            self.active &= ~(1 << p)
            self._after_turn(p)
        elif action > codec.bet_base:
            amount = action - codec.bet_base
            units = amount // 2 if self.rules.double_sighted and self._doubling(p) else amount
            self._pay(p, amount)
            if units > self.level:
                self.level = units
                self.matched = 1 << p
                self._raised = True
            else:
                self.matched |= 1 << p
            self._svara_ok = True
            self._after_turn(p)
        elif action == codec.reveal:
            cost = self.reveal_cost(p)
            self._pay(p, cost)
            self._svara_ok = True
            target = self.right(p)
            self._revealer, self._target = p, target
            self._note("to", target)
            self._note("cost", cost)
            if self.rules.tens and self.looked >> target & 1:
                self._resume = self.stage
                self.stage = RESPOND
                self._to_act = target
            else:
                self._resolve_reveal()
        elif action == codec.claim_tens:
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
            self._note("shown_cards", ((r, self._cards(hr)), (t, self._cards(ht))))
        values = self.rules.values
        vr, vt = values[hr], values[ht]
        if vr > vt:
            self.active &= ~(1 << t)
            self._note("out", t)
        elif vr < vt or self.active.bit_count() > 2:
            self.active &= ~(1 << r)
            # §2.8: the others learn only who lost, so a tie is named only when both hands
            # are shown to everybody (reveal_public)
            if vr == vt and self.rules.reveal_public:
                self._note("tie", True)
            self._note("out", r)
        else:
            self._note("tie", True)
            self._svara(self._clockwise([r, t]))
            return
        self._after_turn(r)

    def _claim(self, p: int) -> None:
        self.public |= self.hands[p]
        self.redeals += 1
        self._note("shown_cards", ((p, self._cards(self.hands[p])),))
        if self.rules.redeal_all:
            seats = tuple(range(self.n))
        else:
            seats = tuple(s for s in range(self.n) if self.active >> s & 1)
        self._start_deal(seats, len(self._history) + 1)

    def _answer_proposal(self, p: int, action: int) -> None:
        codec = self.rules.actions
        if action == codec.accept:
            self.stage = self._resume
            self._svara(self._clockwise([self._proposer, p]))
        elif action == codec.refuse:
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
        self._note("svara", tuple(tied))
        self._note("fee", self.join_fee)
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
        if action == self.rules.actions.join:
            self._pay(p, self.join_fee)
            self._joiners.append(p)
        self._join_queue.pop(0)
        if self._join_queue:
            self._to_act = self._join_queue[0]
        else:
            self._start_deal(tuple(self._tied + self._joiners), len(self._history) + 1)

    def _split(self, tied: list[int]) -> None:
        k = len(tied)
        share, rest = divmod(self.bank, k)
        shares = []
        for i, s in enumerate(tied):
            self.won[s] += share + (rest if i == 0 else 0)
            shares.append(share + (rest if i == 0 else 0))
        self._note("split", tuple(tied))
        self._note("shares", tuple(shares))
        self.bank = 0
        self._end_bank(tied[0])

    def _payout(self, winner: int) -> None:
        self.won[winner] += self.bank
        self._note("winner", winner)
        self._note("won", self.bank)
        self.bank = 0
        self._end_bank(winner)

    def _end_bank(self, winner: int) -> None:
        self.next_dealer = winner
        self.stage = OVER
        self._to_act = TERMINAL
        self.finished = True

    # -- information --------------------------------------------------------------------------
    def _known(self, seat: int | None) -> int:
        known = self.exposed | self.bottom | self.public
        if seat is not None:
            known |= self.seen[seat]
            if self.looked >> seat & 1:
                known |= self.hands[seat]
        return known

    def hidden_cards(self, seat: int | None) -> CardSet:
        """Cards whose place ``seat`` cannot know now."""
        deck = self.rules.deck
        return CardSet(deck.global_mask(self.rules.deck_mask & ~self._known(seat)))

    def view(self, seat: int | None) -> TrynkaView:
        """What ``seat`` may know now (``None``: a spectator)."""
        n = self.n
        known = self._known(seat)
        rules = self.rules
        cards = _cardsets(rules.deck)
        hands = self.hands
        to_act = self._to_act
        revealing = to_act >= 0 and self.stage in TURN_STAGES
        events = self.events(seat)  # kept per seat: only the new ones are made
        start = self.deal_starts[-1]
        flags = cast("TrynkaGame", self.game).flag_tuples
        empty = _EMPTY
        values = {
            "game": self.game.name,
            "seat": seat,
            "current_player": to_act,
            "spec": self.game.spec,
            "move": len(self._history),
            "events": events[start:] if start else events,
            "phase": self.phase(),
            "n_players": n,
            "dealer": self.dealer,
            "stake": rules.stake,
            "level": self.level,
            "level_cap": rules.level_cap,
            "bank": self.bank,
            "balances": tuple(self.current_balances()),
            "paid": tuple(self.paid),
            "participants": self.participants,
            "active": flags[self.active],
            "dark": flags[self.dark],
            "looked": flags[self.looked],
            "cards_held": tuple([h.bit_count() for h in hands]),
            "hand": _cardset(cards, rules.deck, hands[seat] & known) if seat is not None else empty,
            "shown": tuple(
                [
                    _cardset(cards, rules.deck, hands[s] & known) if s != seat else empty
                    for s in range(n)
                ]
            ),
            "bottom": _cardset(cards, rules.deck, self.bottom),
            "closed": self._closed(),
            "svara_count": self.svara_count,
            "join_fee": self.join_fee,
            "reveal_cost": self.reveal_cost(to_act) if revealing else 0,
            "next_dealer": self.next_dealer if self.finished else None,
            "deal_starts": tuple(self.deal_starts),
            "earlier": events[:start],
        }
        return build_view(TrynkaView, values)

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
            lines.append(f"seat {s}: {fmt(self.hand(s))}  paid {self.paid[s]}  {flags}")
        return "\n".join(lines)
