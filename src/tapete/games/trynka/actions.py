"""Trynka's action numbers and their text (English, with the Russian terms accepted).

The numbers are compact and depend on the pack (``D`` = 24 or 36 cards) and on the table
cap in chips (``C`` = ``level_cap`` × ``stake``):

===================  =========================================================================
0 … D-1              a card, as its deck-local index: ``deal A♠`` (dealt, or a replacement), or
                     ``draw A♠`` in ``trynka-match`` (the cards turned for the first dealer)
D … 2D-1             ``deal A♠ up``: a card exposed by accident (``accidental_exposure_rate``)
2D … 2D+12           fold, reveal, claim-tens, propose-svara, accept, refuse, join, decline,
                     flash, no-flash, keep, replace, show
2D+13 … 2D+12+C      ``blind a`` (темню a), a = 1 … C chips
… + C                ``overblind a`` (перетемняю a)
… + C                ``bet a`` (ставлю a)
===================  =========================================================================

So ``num_distinct_actions`` = 2D + 13 + 3C (91 with the default rules).

>>> from tapete.cards import RUSSIAN_24
>>> codec = TrynkaActions(RUSSIAN_24, 10)
>>> codec.num_distinct, codec.text(codec.bet(3)), codec.text(0, card_verb='draw')
(91, 'bet 3', 'draw A♣')
>>> codec.parse('ставлю 3') == ('bet', 3), codec.parse('deal A♠ up')
(True, ('deal_up', 18))
>>> russian_action('blind 2'), russian_action('fold')
('темню 2', 'упал')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tapete.cards import Deck
from tapete.engine.api import parse_int
from tapete.errors import NotationError

if TYPE_CHECKING:
    from tapete.games.trynka.view import TrynkaEventKind

# The game's other actions, as offsets after the two card ranges.
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
N_SIMPLE: Final = 13

#: The largest stake an amount may have, in chips (``level_cap`` × ``stake`` must not exceed it).
MAX_AMOUNT: Final = 1023

#: English and Russian words of the simple actions (by offset).
SIMPLE_WORDS: Final[tuple[tuple[str, str], ...]] = (
    ("fold", "упал"),
    ("reveal", "вскрываюсь"),
    ("claim-tens", "три десятки"),
    ("propose-svara", "варим"),
    ("accept", "заварим"),
    ("refuse", "не варим"),
    ("join", "вхожу"),
    ("decline", "пас"),
    ("flash", "засвети"),
    ("no-flash", "не свети"),
    ("keep", "оставить"),
    ("replace", "заменить"),
    ("show", "показываю"),
)
#: The event kind of each simple action (stable, language-neutral codes).
SIMPLE_KINDS: Final[tuple[TrynkaEventKind, ...]] = (
    "fold", "reveal", "tens", "propose", "accept", "refuse", "join", "decline", "flash",
    "no_flash", "keep", "replace", "show",
)  # fmt: skip
AMOUNT_WORDS: Final[dict[str, tuple[str, str]]] = {
    "blind": ("blind", "темню"),
    "overblind": ("overblind", "перетемняю"),
    "bet": ("bet", "ставлю"),
}
_WORDS: Final[dict[str, int]] = {}
for _offset, (_en, _ru) in enumerate(SIMPLE_WORDS):
    _WORDS[_en] = _offset
    _WORDS[_ru] = _offset
_WORDS.update({
    "упасть": FOLD, "вскрыться": REVEAL, "вскрываться": REVEAL, "пересдача": CLAIM_TENS,
    "варим?": PROPOSE_SVARA, "давай заварим": ACCEPT, "давай заварим!": ACCEPT, "нет": REFUSE,
    "оставь": KEEP, "замени": REPLACE, "заменить?": REPLACE, "claim": CLAIM_TENS,
    "pass": DECLINE, "no": DECLINE, "tens": CLAIM_TENS, "svara": PROPOSE_SVARA,
})  # fmt: skip
_AMOUNT_VERBS: Final[dict[str, str]] = {
    "blind": "blind", "темню": "blind", "затемнить": "blind",
    "overblind": "overblind", "перетемняю": "overblind", "перетемнить": "overblind",
    "перетемню": "overblind", "bet": "bet", "ставлю": "bet", "ставка": "bet",
}  # fmt: skip
_CARD_VERBS: Final[dict[str, str]] = {"deal": "deal", "сдаю": "deal", "draw": "draw"}

EXPECTED: Final = (
    "fold, bet <n>, reveal, blind <n>, overblind <n>, decline, claim-tens, propose-svara, "
    "accept, refuse, join, flash, no-flash, keep, replace, show (or the Russian terms: упал, "
    "ставлю <n>, вскрываюсь, темню <n>, перетемняю <n>, пас…), or 'deal <card>'"
)


def russian_action(text: str) -> str:
    """The Russian term for an English action text (``'bet 3'`` → ``'ставлю 3'``)."""
    verb, _, rest = text.partition(" ")
    for en, ru in (*SIMPLE_WORDS, *AMOUNT_WORDS.values()):
        if verb == en:
            return f"{ru} {rest}".strip()
    if verb == "deal":
        return f"сдаю {rest}"
    return text


class TrynkaActions:
    """The action codec of one configuration: the pack and the cap (see the module)."""

    def __init__(self, deck: Deck, cap: int) -> None:
        size = len(deck)
        self.deck = deck
        self.cap = cap
        self.n_cards = size
        #: ``up + index``: the card at ``index`` dealt face up by accident.
        self.up = size
        base = 2 * size
        self.simple_base = base
        self.fold = base + FOLD
        self.reveal = base + REVEAL
        self.claim_tens = base + CLAIM_TENS
        self.propose_svara = base + PROPOSE_SVARA
        self.accept = base + ACCEPT
        self.refuse = base + REFUSE
        self.join = base + JOIN
        self.decline = base + DECLINE
        self.flash = base + FLASH
        self.no_flash = base + NO_FLASH
        self.keep = base + KEEP
        self.replace = base + REPLACE
        self.show = base + SHOW
        #: ``blind_base + a``: ``blind a`` (a ≥ 1); likewise ``overblind_base`` and ``bet_base``.
        self.blind_base = base + N_SIMPLE - 1
        self.overblind_base = self.blind_base + cap
        self.bet_base = self.overblind_base + cap
        self.num_distinct = self.bet_base + cap + 1
        self._card_texts = tuple(deck.format_card(c) for c in deck.card_ids)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, TrynkaActions) and other.deck is self.deck and other.cap == self.cap
        )

    def __hash__(self) -> int:
        return hash((self.deck.name, self.cap))

    def __repr__(self) -> str:
        return f"TrynkaActions({self.deck.name}, cap={self.cap})"

    def blind(self, amount: int) -> int:
        """The action ``blind amount``."""
        return self.blind_base + amount

    def overblind(self, amount: int) -> int:
        """The action ``overblind amount``."""
        return self.overblind_base + amount

    def bet(self, amount: int) -> int:
        """The action ``bet amount``."""
        return self.bet_base + amount

    def amount_of(self, action: int) -> tuple[str, int] | None:
        """``('blind' | 'overblind' | 'bet', amount)`` for a stake action, else ``None``."""
        if action <= self.blind_base or action >= self.num_distinct:
            return None
        if action <= self.overblind_base:
            return "blind", action - self.blind_base
        if action <= self.bet_base:
            return "overblind", action - self.overblind_base
        return "bet", action - self.bet_base

    def kind(self, action: int) -> str:
        """The event kind of ``action`` (``deal``, ``bet``, ``fold``… ``draw`` is the
        match's own); :class:`NotationError` for a number that is no action."""
        if 0 <= action < 2 * self.n_cards:
            return "deal"
        offset = action - self.simple_base
        if 0 <= offset < N_SIMPLE:
            return SIMPLE_KINDS[offset]
        amount = self.amount_of(action)
        if amount is None:
            raise NotationError(f"{action} is not a Trynka action")
        return amount[0]

    def card_index(self, action: int) -> int:
        """The deck-local index of the card of a card action (dealt, up or drawn)."""
        return action - self.up if action >= self.up else action

    def text(self, action: int, card_verb: str = "deal") -> str:
        """English text of ``action`` (``bet 3``, ``fold``, ``deal A♠``, ``draw A♠``…)."""
        if type(action) is not int or not 0 <= action < self.num_distinct:
            raise NotationError(f"{action!r} is not a Trynka action")
        if action < self.up:
            return f"{card_verb} {self._card_texts[action]}"
        if action < self.simple_base:
            return f"deal {self._card_texts[action - self.up]} up"
        offset = action - self.simple_base
        if offset < N_SIMPLE:
            return SIMPLE_WORDS[offset][0]
        verb, amount = self.amount_of(action) or ("", 0)
        return f"{verb} {amount}"

    def parse(self, text: str) -> tuple[str, int]:
        """``(verb, value)`` of ``text``: ``('simple', action)``, ``('blind'|'overblind'|
        'bet', amount)``, ``('deal'|'deal_up'|'draw', card index)`` or ``('card', index)``
        for a card without a verb; :class:`NotationError` if it is malformed."""
        if not isinstance(text, str):
            raise NotationError(f"an action's text must be a string, got {type(text).__name__}")
        clean = " ".join(text.strip().lower().split())
        if clean in _WORDS:
            return "simple", self.simple_base + _WORDS[clean]
        parts = clean.split(" ")
        verb = parts[0]
        if verb in _AMOUNT_VERBS:
            if len(parts) != 2:
                raise NotationError(
                    f"cannot read {text!r}: expected '{verb} <amount>', like '{verb} 2'"
                )
            amount = parse_int(parts[1], "an amount", "a whole number of chips")
            return _AMOUNT_VERBS[verb], amount
        raw = text.strip().split()
        card_verb = _CARD_VERBS.get(raw[0].lower(), "") if raw else ""
        if card_verb:
            raw = raw[1:]
        up = bool(raw) and raw[-1].lower() in ("up", "открыто")
        if up:
            raw = raw[:-1]
        if len(raw) == 1:
            try:
                card = self.deck.parse_card(raw[0])
            except NotationError:
                if card_verb:
                    raise
            else:
                index = self.deck.index_of[card]
                if up:
                    if card_verb == "draw":
                        raise NotationError(f"cannot read {text!r}: a drawn card is never 'up'")
                    return "deal_up", index
                return card_verb or "card", index
        raise NotationError(f"cannot read {text!r} as a Trynka action: expected {EXPECTED}")
