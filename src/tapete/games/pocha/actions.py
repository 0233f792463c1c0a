"""La Pocha's action numbers and their text (one codec for the hand and the whole game).

Numbers (see :class:`~tapete.games.pocha.rules.PochaRules`): the pack's cards first, as
deck-local indices (``deal 3o``, ``turn 4b``, ``play Rc``; ``draw Ao`` for a first-dealer
draw), then ``bid 0`` … ``bid max_hand_size``, ``swap``, ``pass``, then ``dealer <seat>``,
then (only with ``ronda_subastada``) ``trumps o`` … ``trumps b``. In the auction of a
*ronda subastada* the bid numbers are offers, written ``offer 3``. A card verb must fit the
phase: ``play Ao`` while dealing is refused, never taken as a deal; so must ``bid`` and
``offer``.

>>> import tapete
>>> rules = tapete.load_game('pocha').rules
>>> a = parse_action(rules, PLAY, 'play Rc'); a, action_text(rules, PLAY, a)
(19, 'play Rc')
>>> action_text(rules, BIDDING, parse_action(rules, BIDDING, 'bid 2'))
'bid 2'
>>> parse_action(rules, DEAL, 'play Ao')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tapete.errors.IllegalActionError: ...: now is the time to deal, not to play
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tapete.cards import Card
from tapete.engine.api import parse_int, split_action
from tapete.errors import IllegalActionError, NotationError
from tapete.games.pocha.rules import PochaRules

if TYPE_CHECKING:
    from tapete.games.pocha.view import PochaPhase

#: The phases of a hand (ints on the hot path) and their names. ``AUCTION`` and ``NAMING``
#: are the *ronda subastada*'s auction for trumps and the winner's naming of them.
DEAL, TURN, SWAP7, SWAP2, BIDDING, PLAY, OVER, AUCTION, NAMING = range(9)
PHASE_NAMES: Final[tuple[PochaPhase, ...]] = (
    "deal", "turn", "seven-swap", "two-swap", "bidding", "play", "over", "auction", "trumps",
)  # fmt: skip
#: The suit letters of ``trumps <suit>`` (oros, copas, espadas, bastos), and the suit codes
#: of its event (the ``suit`` value of a ``trumps`` event).
SUIT_LETTERS: Final = "oceb"
SUIT_CODES: Final = ("oros", "copas", "espadas", "bastos")
#: The match's own phases (before the first hand and after the last).
FIRST_DEALER_PHASE: Final = "first_dealer"
OVER_PHASE: Final = "over"
#: The phase code of the first-dealer draw (only :func:`parse_action`'s card verb uses it).
DRAW: Final = 100

_CARD_VERB: Final = {DEAL: "deal", TURN: "turn", PLAY: "play", DRAW: "draw"}
_VERBS: Final = (
    "deal", "turn", "play", "draw", "bid", "swap", "pass", "dealer", "offer", "trumps",
)  # fmt: skip
_EXPECTED: Final = (
    "'deal <card>', 'turn <card>', 'bid <n>', 'play <card>', 'swap' or 'pass' "
    "('offer <n>' and 'trumps <suit>' in a ronda subastada)"
)

ArgsT = tuple[tuple[str, Any], ...]


def card_verb(phase: int) -> str:
    """The verb of a card action in ``phase`` (``play`` outside the deal and the draw)."""
    return _CARD_VERB.get(phase, "play")


def action_text(rules: PochaRules, phase: int, action: int) -> str:
    """The text of ``action`` in ``phase``; :class:`NotationError` for no action."""
    if 0 <= action < rules.deck_size:
        return f"{card_verb(phase)} {rules.deck.format_card(rules.card_ids[action])}"
    if rules.bid_base <= action < rules.swap:
        return f"{'offer' if phase == AUCTION else 'bid'} {action - rules.bid_base}"
    if action == rules.swap:
        return "swap"
    if action == rules.pass_:
        return "pass"
    if rules.dealer_base <= action < rules.dealer_base + rules.n_players:
        return f"dealer {action - rules.dealer_base}"
    if rules.trump_base <= action < rules.trump_base + 4 and rules.auction:
        return f"trumps {SUIT_LETTERS[action - rules.trump_base]}"
    raise NotationError(f"{action!r} is not an action of pocha")


def wrong_verb(verb: str, wanted: str, phase_name: str, text: str, seat: int) -> IllegalActionError:
    """The refusal of a card verb that does not fit the phase."""
    return IllegalActionError(
        f"now is the time to {wanted}, not to {verb}",
        seat=seat if seat >= 0 else None,
        phase=phase_name,
        action=text.strip(),
        reason="wrong_phase",
    )


def parse_action(
    rules: PochaRules, phase: int, text: str, seat: int = -1, phase_name: str = ""
) -> int:
    """The action written ``text`` in ``phase`` (:class:`NotationError` if malformed; a card
    verb that does not fit the phase is an :class:`IllegalActionError`)."""
    verb, arg = split_action(text, _VERBS, _EXPECTED)
    if verb in ("swap", "pass"):
        if arg:
            raise NotationError(f"cannot read {text!r}: {verb} takes nothing after it")
        return rules.swap if verb == "swap" else rules.pass_
    if verb in ("bid", "offer"):
        bid = parse_int(arg, f"a{'n offer' if verb == 'offer' else ' bid'}",
                        f"'{verb} <n>' with n a number of tricks")  # fmt: skip
        if not 0 <= bid <= rules.max_hand_size:
            raise NotationError(
                f"cannot read {text!r}: {verb}s are numbers 0…{rules.max_hand_size}"
            )
        wanted = "offer" if phase == AUCTION else "bid"
        if verb != wanted and phase in (AUCTION, BIDDING):
            raise wrong_verb(verb, wanted, phase_name or str(phase), text, seat)
        return rules.bid_base + bid
    if verb == "trumps":
        letter = arg.lower()[:1] if arg else ""
        if not rules.auction or len(arg) != 1 or letter not in SUIT_LETTERS:
            raise NotationError(
                f"cannot read {text!r}: expected 'trumps <suit>' with a suit o, c, e or b"
                + ("" if rules.auction else " (only in a ronda subastada)")
            )
        return rules.trump_base + SUIT_LETTERS.index(letter)
    if verb == "dealer":
        if not arg.isdigit() or not 0 <= int(arg) < rules.n_players:
            raise NotationError(
                f"cannot read {text!r}: expected 'dealer <seat>' with a seat 0…"
                f"{rules.n_players - 1}"
            )
        return rules.dealer_base + int(arg)
    if not arg:
        raise NotationError(f"cannot read {text!r}: expected '{verb} <card>', like '{verb} 3o'")
    card = int(rules.deck.parse_card(arg))
    wanted = card_verb(phase)
    if verb != wanted:
        raise wrong_verb(verb, wanted, phase_name or str(phase), text, seat)
    return rules.index_of[card]


def event_tables(rules: PochaRules) -> tuple[tuple[ArgsT, ...], tuple[ArgsT, ...]]:
    """Prebuilt event values: ``(("card", Card),)`` per card action, ``(("bid", n),)`` per bid."""
    cards = tuple((("card", Card(c)),) for c in rules.card_ids)
    bids = tuple((("bid", b),) for b in range(rules.max_hand_size + 1))
    return cards, bids


def event_values(
    rules: PochaRules, cards: tuple[ArgsT, ...], bids: tuple[ArgsT, ...], action: int,
    kind: str = "",
) -> ArgsT:  # fmt: skip
    """The values of an event: the card of a card action, the number of a bid (of an offer
    for ``kind`` ``offer``), the seat of ``dealer <seat>``, the suit named trumps."""
    if 0 <= action < rules.deck_size:
        return cards[action]
    if rules.bid_base <= action < rules.swap:
        if kind == "offer":
            return (("offer", action - rules.bid_base),)
        return bids[action - rules.bid_base]
    if rules.dealer_base <= action < rules.dealer_base + rules.n_players:
        return (("dealer", action - rules.dealer_base),)
    if rules.auction and rules.trump_base <= action < rules.trump_base + 4:
        return (("suit", SUIT_CODES[action - rules.trump_base]),)
    return ()
