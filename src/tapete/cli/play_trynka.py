"""Play Trynka (Трынька) in the terminal against simple bots.

The table always shows the bank, the level, whose turn it is and, on your turn, your choices
with their costs. Type an action in English or Russian (``bet 3`` / ``ставлю 3``, ``fold`` /
``упал``, ``reveal`` / ``вскрываюсь``, ``blind 2`` / ``темню 2``…); Enter alone answers
``no-flash`` when a card is about to be dealt to you; ``?`` repeats the table, ``quit`` ends.

Everything shown is made here from your views and your events (values, not sentences): the
texts are the terminal's (English, with the Russian terms of the actions).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.table import Table

from tapete.cards import CardSet, Deck
from tapete.cli.common import (
    LEFT_STATUS,
    LEFT_TEXT,
    add_play_options,
    game_from_args,
    make_bots,
    table_randomness,
)
from tapete.cli.prompt import command_of, error_text, read_line, trynka_text
from tapete.cli.words import rules_text, session_end
from tapete.engine.chance import sample_chance
from tapete.engine.events import Event
from tapete.errors import TapeteError
from tapete.games.trynka import (
    TrynkaActions,
    TrynkaMatchGame,
    TrynkaMatchState,
    TrynkaMatchView,
    TrynkaView,
    hand_value,
    russian_action,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``tapete play trynka`` (those of every ``play``, ``--banks``, ``--balance``)."""
    add_play_options(parser, "2-8, default 4")
    parser.add_argument("--banks", type=int, default=5, help="banks to play (default 5)")
    parser.add_argument("--balance", type=int, default=100, help="starting chips (default 100)")


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(f"seat {s}" for s in seats)


def _cards(deck: Deck, cards: Sequence[int]) -> str:
    return deck.format_cards(list(cards))


_RANK_WORDS = {"A": "aces", "6": "sixes", "7": "sevens", "8": "eights", "9": "nines",
               "10": "tens", "J": "jacks", "Q": "queens", "K": "kings"}  # fmt: skip


def value_words(deck: Deck, cards: Sequence[int]) -> str:
    """A three-card hand's value as a player says it: ``three sixes``, ``20 (suit total)``,
    ``22 (two aces)``; the points of fewer cards as a number."""
    hand = CardSet(list(cards))
    value = hand_value(hand)
    texts = deck.format_cards(list(cards)).split()
    ranks = [t[:-1] for t in texts]
    if len(ranks) == 3 and len(set(ranks)) == 1:
        return f"three {_RANK_WORDS.get(ranks[0], ranks[0])}"
    if ranks.count("A") == 2 and value.points == 22:
        return "22 (two aces)"
    return f"{value.points} (suit total)"


def _outcome(deck: Deck, event: Event) -> list[str]:
    """The public outcomes an event carries, as sentences."""
    out: list[str] = []
    for name, value in event.args:
        if name == "out":
            out.append(f"seat {value} is out")
        elif name == "tie" and event.arg("svara") is not None:
            out.append("a tie")
        elif name == "tie":
            out.append("a tie: the revealer must beat")
        elif name == "shown_cards":
            out += [
                f"seat {s} shows {_cards(deck, cards)} = {value_words(deck, cards)}"
                for s, cards in value
            ]
        elif name == "showdown":
            out.append(f"showdown: best {_seats(value)}")
        elif name == "svara":
            fee = event.arg("fee", 0)
            out.append(f"svara: {_seats(value)}" + (f", join fee {fee}" if fee else ""))
        elif name == "winner":
            out.append(f"seat {value} takes the bank of {event.arg('won')}")
        elif name == "split":
            shares = event.arg("shares", ())
            parts = ", ".join(f"seat {s} {a}" for s, a in zip(value, shares, strict=False))
            out.append(f"the bank is split: {parts}")
        elif name == "look":
            out.append(f"{_seats(value)} look at their cards")
        elif name == "dealt_in":
            out.append(f"new deal, the bank stays: {_seats(value)} dealt in")
    return out


def event_text(deck: Deck, event: Event) -> str | None:
    """The sentence the terminal prints for ``event`` (``None``: nothing worth printing)."""
    kind, actor = event.kind, event.actor
    head: str | None
    if kind == "draw":
        card = deck.format_card(event.arg("card"))
        to = event.arg("to")
        head = f"the table turns {card}" if to == -1 else f"seat {to} turns {card}"
    elif kind == "deal":
        if event.hidden or event.arg("card") is None:
            return None
        card = deck.format_card(event.arg("card"))
        head = f"a card is dealt face up to seat {event.arg('to')}: {card}"
    elif kind in ("no_flash", "decline") and not event.args:
        return None
    elif kind == "decline" and event.arg("look") is not None and len(event.args) == 1:
        return "; ".join(_outcome(deck, event))
    elif kind in ("blind", "overblind", "bet"):
        text = f"{kind} {event.arg('amount')}"
        head = f"seat {actor}: {text} / {russian_action(text)}"
    elif kind == "reveal":
        head = f"seat {actor} reveals to seat {event.arg('to')} (pays {event.arg('cost')})"
    elif kind == "tens":
        head = f"seat {actor} claims three tens: redeal"
    else:
        words = {
            "fold": "folds / упал", "flash": "asks for a card face up", "keep": "keeps it",
            "replace": "has it replaced", "show": "shows", "propose": "proposes a svara / варим",
            "accept": "accepts the svara", "refuse": "refuses the svara", "join": "joins the svara",
            "decline": "declines", "no_flash": "",
        }  # fmt: skip
        head = f"seat {actor} {words.get(kind, kind)}".rstrip()
    return "; ".join([head, *_outcome(deck, event)])


def choices_text(codec: TrynkaActions, legal: Sequence[int], view: TrynkaView) -> list[str]:
    """The legal actions with their costs, amounts grouped (``bet 2…10``)."""
    out: list[str] = []
    amounts: dict[str, list[int]] = {}
    for action in legal:
        amount = codec.amount_of(action)
        if amount is not None:
            amounts.setdefault(amount[0], []).append(amount[1])
        elif action == codec.reveal:
            out.append(f"reveal ({view.reveal_cost})")
        elif action == codec.join:
            out.append(f"join ({view.join_fee})")
        else:
            out.append(codec.text(action))
    for verb, values in amounts.items():
        span = f"{values[0]}" if len(values) == 1 else f"{values[0]}…{values[-1]}"
        out.append(f"{verb} {span}")
    return out


def _describe_seat(view: TrynkaView, seat: int) -> str:
    if seat not in view.participants:
        return "not dealt in"
    flags = ["in" if view.active[seat] else "out"]
    if view.dark[seat]:
        flags.append("blind")
    return ", ".join(flags)


def render(console: Console, game: TrynkaMatchGame, match: TrynkaMatchView) -> None:
    """Print the table as the seat of ``match`` (a view) sees it."""
    view = match.deal
    if not isinstance(view, TrynkaView) or view.seat is None:
        return
    me = view.seat
    deck = game.rules.deck
    table = Table(title=f"Trynka — bank no. {match.deal_index + 1}, dealer seat {view.dealer}")
    for column in ("seat", "chips", "paid this bank", "state", "cards seen"):
        table.add_column(column)
    for seat in range(view.n_players):
        name = f"{seat} (you)" if seat == me else str(seat)
        if seat == view.current_player:
            name = f"▶ {name}"
        cards = view.hand if seat == me else view.shown[seat]
        hidden = view.cards_held[seat] - len(cards)
        text = deck.format_cards(cards) + (" " if cards and hidden else "")
        text += ("▒ " * hidden).strip()
        table.add_row(
            name, str(view.balances[seat]), str(view.paid[seat]), _describe_seat(view, seat), text
        )
    console.print(table)
    closed = " — betting closed" if view.closed else ""
    console.print(
        f"pot [bold]{view.bank}[/bold]   level [bold]{view.level}[/bold] (cap {view.level_cap})"
        f"   phase {view.phase}{closed}"
    )
    if view.looked[me] and len(view.hand) == 3:
        words = value_words(deck, list(view.hand))
        console.print(f"your hand {deck.format_cards(view.hand)} = {words}")


def _ask(
    console: Console,
    game: TrynkaMatchGame,
    state: TrynkaMatchState,
    me: int,
    read: Callable[[str], str],
) -> int | None:
    codec = game.rules.bank.actions
    legal = state.legal_actions()
    view = state.view(me)
    bank = view.deal
    assert isinstance(bank, TrynkaView)
    choices = choices_text(codec, legal, bank)
    shown = ", ".join(f"{c} / {russian_action(c.split(' (')[0])}" for c in choices)
    hint = " (Enter = no-flash)" if codec.no_flash in legal else ""
    console.print(f"[bold]your turn[/bold] — choices: {shown}{hint}")
    while True:
        try:
            text = read("your action> ").strip()
        except EOFError:
            return None
        command = command_of(text)
        if command == "quit":
            return None
        if command == "help":
            render(console, game, view)
            console.print("commands: help, money, rules, quit\nlegal: " + ", ".join(choices))
            continue
        if command == "money":
            render(console, game, view)
            continue
        if command == "rules":
            console.print(rules_text(game, "trynka"), markup=False)
            continue
        text = trynka_text(text)
        if not text and codec.no_flash in legal:
            return codec.no_flash
        if not text:
            continue
        try:
            action = state.string_to_action(text)
        except TapeteError as e:
            console.print(f"[red]{error_text(e, 'en')}[/red]")
            continue
        error = state.why_illegal(action)
        if error is not None:
            console.print(f"[red]{error_text(error, 'en')}[/red]")
            continue
        return action


def _show_reveal(
    console: Console, deck: Deck, match: TrynkaMatchView, event: Event, me: int
) -> None:
    """A reveal between the person and another seat: both hands and their values (from the
    person's view: the engine shows the two hands to those two players only)."""
    bank = match.deal
    other = event.arg("to") if event.actor == me else event.actor
    if not isinstance(bank, TrynkaView) or len(bank.hand) != 3:
        return
    theirs = list(bank.shown[other])
    if len(theirs) != 3:
        return
    mine = list(bank.hand)
    console.print(
        f"[bold]  seat {other} shows you {_cards(deck, theirs)} = {value_words(deck, theirs)};"
        f" you have {_cards(deck, mine)} = {value_words(deck, mine)}[/bold]"
    )


def run(args: argparse.Namespace, read: Callable[[str], str] = read_line) -> int:
    """Play a session of banks; returns the exit status."""
    console = Console()
    seed, deal_rng, bot_rng = table_randomness(args.seed)
    game = game_from_args(
        "trynka-match",
        getattr(args, "param", []),
        n_players=args.players,
        banks=args.banks,
        start_balance=args.balance,
    )
    assert isinstance(game, TrynkaMatchGame)
    n_players = game.num_players()
    me = args.seat
    if not 0 <= me < n_players:
        console.print(f"[red]--seat must be 0…{n_players - 1}[/red]")
        return 2
    others = [s for s in range(n_players) if s != me]
    bots = make_bots(args.bots or "rule", others)
    for seat, bot in bots.items():
        bot.start(game, seat)
    console.print(f"Trynka, {n_players} players, seed {seed}; you are seat {me}.")
    state = game.new_initial_state()
    deck = game.rules.deck
    codec = game.rules.bank.actions
    printed = 0  # the move number up to which my events are printed
    bank_shown = -1
    held: list[CardSet] = []
    first_dealer_shown = False

    def catch_up() -> TrynkaMatchView:
        nonlocal printed, first_dealer_shown
        for event in state.events(me, printed):
            text = event_text(deck, event)
            if text is not None:
                console.print(f"[cyan]· {text}[/cyan]")
            if event.kind == "reveal" and me in (event.actor, event.arg("to")):
                _show_reveal(console, deck, state.view(me), event, me)
        printed = state.move_number()
        view = state.view(me)
        if view.first_dealer is not None and not first_dealer_shown:
            console.print(f"[cyan]· first dealer: seat {view.first_dealer}[/cyan]")
            first_dealer_shown = True
        return view

    while not state.is_terminal():
        view = catch_up()
        if view.deal_index != bank_shown and isinstance(view.deal, TrynkaView):
            if args.reveal and held:
                for seat in others:
                    cards = deck.format_cards(held[seat])
                    console.print(
                        f"  [magenta]seat {seat} ({bots[seat].name}) held {cards}[/magenta]"
                    )
            bank_shown = view.deal_index
            console.print(f"[cyan]· bank {bank_shown + 1}: seat {view.deal.dealer} deals[/cyan]")
        if args.reveal and state.deal is not None and any(state.deal.hands):
            # the host shows what the bots held, as asked: the only use of the true hands
            held = [state.deal.hand(s) for s in range(n_players)]
        player = state.current_player()
        if state.is_chance_node():
            state.apply_action(sample_chance(state, deal_rng))
            continue
        legal = state.legal_actions()
        if player == me:
            if len(legal) == 1:
                state.apply_action(legal[0])
                continue
            asking_flash = codec.flash in legal or codec.keep in legal
            if not asking_flash:
                render(console, game, state.view(me))
            chosen = _ask(console, game, state, me, read)
            if chosen is None:
                console.print(LEFT_TEXT)
                return LEFT_STATUS
            action = chosen
        else:
            action = bots[player].choose(state.view(player), legal, bot_rng)
        state.apply_action(action)
    catch_up()
    if args.reveal and held:
        for seat in others:
            console.print(
                f"  [magenta]seat {seat} ({bots[seat].name}) held {deck.format_cards(held[seat])}"
                "[/magenta]"
            )
    returns = state.returns()
    console.print("final balances: " + ", ".join(f"seat {s} {b:g}" for s, b in enumerate(returns)))
    names = [getattr(args, "name", "you") if s == me else f"{bots[s].name}-{s}"
             for s in range(n_players)]  # fmt: skip
    best = max(returns)
    console.print(session_end(names, me, [s for s, b in enumerate(returns) if b == best]))
    return 0
