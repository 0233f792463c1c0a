"""Play Trynka (Трынька) in the terminal against simple bots.

The table always shows the bank, the level, whose turn it is and, on your turn, your choices
with their costs. Type an action in English or Russian (``bet 3`` / ``ставлю 3``, ``fold`` /
``упал``, ``reveal`` / ``вскрываюсь``, ``blind 2`` / ``темню 2``…); Enter alone answers
``no-flash`` when a card is about to be dealt to you; ``?`` repeats the table, ``quit`` ends.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from tapete.cards import CardSet
from tapete.cli.common import make_bots, table_randomness
from tapete.engine.chance import sample_chance
from tapete.engine.registry import load_game
from tapete.errors import NotationError
from tapete.games.trynka import TrynkaState, TrynkaView, hand_value, russian_action
from tapete.games.trynka.game import (
    BLIND_BASE,
    NO_FLASH,
    REVEAL,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``tapete play trynka``."""
    parser.add_argument("--players", type=int, default=4, help="players at the table, 2-8")
    parser.add_argument(
        "--seat", type=int, default=0, help="your seat, 0…players-1 (the first dealer is drawn)"
    )
    parser.add_argument("--banks", type=int, default=5, help="banks to play (default 5)")
    parser.add_argument("--balance", type=int, default=100, help="starting chips (default 100)")
    parser.add_argument(
        "--bots", default="rule", help="bot of each other seat, comma separated (default: rule)"
    )
    parser.add_argument(
        "--reveal", action="store_true", help="show what each bot held after each bank"
    )


def _describe_seat(view: TrynkaView, state: TrynkaState, seat: int) -> str:
    if seat not in view.participants:
        return "not dealt in"
    flags = ["in" if view.active[seat] else "out"]
    if view.dark[seat]:
        flags.append("blind")
    return ", ".join(flags)


def render(console: Console, state: TrynkaState, me: int) -> None:
    """Print the table from ``me``'s point of view."""
    view = state.view(me)
    fmt = state.rules.deck.format_cards
    table = Table(title=f"Trynka — bank {view.bank_number + 1}, dealer seat {view.dealer}")
    for column in ("seat", "chips", "paid this bank", "state", "cards seen"):
        table.add_column(column)
    for seat in range(view.n_players):
        name = f"{seat} (you)" if seat == me else str(seat)
        if seat == view.current_player:
            name = f"▶ {name}"
        cards = view.hand if seat == me else view.shown[seat]
        hidden = view.card_counts[seat] - len(cards)
        text = fmt(cards) + (" " if cards and hidden else "") + ("▒ " * hidden).strip()
        table.add_row(
            name,
            str(view.balances[seat]),
            str(view.paid[seat]),
            _describe_seat(view, state, seat),
            text,
        )
    console.print(table)
    closed = " — betting closed" if view.closed else ""
    console.print(
        f"bank [bold]{view.bank}[/bold]   level [bold]{view.level}[/bold] (cap {view.level_cap})"
        f"   phase {view.phase}{closed}"
    )
    if view.looked[me] and len(view.hand) == 3:
        console.print(f"your hand {fmt(view.hand)} = {tuple(hand_value(view.hand))}")


def _ask(console: Console, state: TrynkaState, me: int, read: Callable[[str], str]) -> int | None:
    legal = state.legal_actions()
    choices = state.describe_choices()
    shown = ", ".join(f"{c} / {russian_action(c.split(' (')[0])}" for c in choices)
    hint = " (Enter = no-flash)" if NO_FLASH in legal else ""
    console.print(f"[bold]your turn[/bold] — choices: {shown}{hint}")
    while True:
        try:
            text = read("your action> ").strip()
        except EOFError:
            return None
        if text in ("quit", "exit", "выход"):
            return None
        if text == "?":
            render(console, state, me)
            continue
        if not text and NO_FLASH in legal:
            return NO_FLASH
        if not text:
            continue
        try:
            action = state.string_to_action(text)
        except NotationError as e:
            console.print(f"[red]{e}[/red]")
            continue
        error = state.why_illegal(action)
        if error is not None:
            console.print(f"[red]{error}[/red]")
            continue
        return action


def run(args: argparse.Namespace, read: Callable[[str], str] = input) -> int:
    """Play a session of banks; returns the exit status."""
    console = Console()
    seed, deal_rng, bot_rng = table_randomness(args.seed)
    game = load_game(
        "trynka-match",
        n_players=args.players,
        banks=args.banks,
        start_balance=args.balance,
    )
    me = args.seat
    if not 0 <= me < args.players:
        console.print(f"[red]--seat must be 0…{args.players - 1}[/red]")
        return 2
    others = [s for s in range(args.players) if s != me]
    bots = make_bots(args.bots, others)
    console.print(f"Trynka, {args.players} players, seed {seed}; you are seat {me}.")
    state = game.new_initial_state()
    assert isinstance(state, TrynkaState)
    shown_events = 0
    held, bank = list(state.hands), state.bank_number
    while not state.is_terminal():
        if args.reveal and state.bank_number != bank:
            for seat in others:
                cards = state.rules.deck.format_cards(CardSet(held[seat]))
                console.print(f"  [magenta]seat {seat} ({bots[seat].name}) held {cards}[/magenta]")
            bank = state.bank_number
        if state.hands != [0] * len(state.hands):
            held = list(state.hands)
        for event in state.notes[shown_events:]:
            console.print(f"[cyan]· {event}[/cyan]")
        shown_events = len(state.notes)
        player = state.current_player()
        if state.is_chance_node():
            action = sample_chance(state, deal_rng)
            drawing = state.phase() == "first_dealer"
            if drawing:
                console.print(f"  {state.action_to_string(action)}")
            receiver = state.receiver()
            state.apply_action(action)
            card = action & 127
            if not drawing and (state.exposed | state.bottom) >> card & 1:
                shown = state.rules.deck.format_card(card)
                console.print(f"  a card is dealt face up to seat {receiver}: {shown}")
            continue
        legal = state.legal_actions()
        if player == me:
            if len(legal) == 1:
                state.apply_action(legal[0])
                continue
            if (legal[0] < BLIND_BASE and NO_FLASH not in legal) or legal[-1] >= BLIND_BASE:
                render(console, state, me)
            chosen = _ask(console, state, me, read)
            if chosen is None:
                return 0
            action = chosen
        else:
            action = bots[player].choose(state.view(player), legal, bot_rng)
            if action != NO_FLASH:
                text = state.action_to_string(action)
                cost = f" ({state.reveal_cost(player)})" if action == REVEAL else ""
                console.print(f"  seat {player}: {text}{cost} / {russian_action(text)}")
        state.apply_action(action)
    for event in state.notes[shown_events:]:
        console.print(f"[cyan]· {event}[/cyan]")
    console.print(
        "final balances: " + ", ".join(f"seat {s} {b:g}" for s, b in enumerate(state.returns()))
    )
    return 0
