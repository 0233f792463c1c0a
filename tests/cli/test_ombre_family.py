"""What the Ombre-family tables (Ombre, Tresillo, Danish l'hombre) share
(:mod:`tapete.cli.ombre_family`), driven through their input and output: the seats they
refuse, and a session resumed in the middle of a trick that goes on from the same trick (the
cards on the table with their seats, Tresillo's dealer sitting out, the trumps and the count of
tricks), and ``last`` forgetting the previous deal's last trick."""

from __future__ import annotations

import argparse
import io
import random

import pytest
from rich.console import Console

from tapete.cards import Card
from tapete.cli.main import build_parser, main
from tapete.cli.ombre_family import OmbreFamilyTable
from tapete.cli.play_lhombre import LhombreTable
from tapete.cli.play_ombre import OmbreTable
from tapete.cli.play_tresillo import TresilloTable
from tapete.engine import GameRecord

TABLES: dict[str, type[OmbreFamilyTable]] = {  # type: ignore[type-arg]
    "ombre": OmbreTable,
    "tresillo": TresilloTable,
    "lhombre": LhombreTable,
}


@pytest.mark.parametrize(
    ("game", "argv", "error"),
    [
        ("ombre", ["--seat", "3"], "--seat must be 0, 1 or 2"),
        ("lhombre", ["--seat", "-1"], "--seat must be 0, 1 or 2"),
        ("tresillo", ["--seat", "4"], "--seat must be 0, 1, 2 or 3"),
        ("ombre", ["--players", "4"], "Ombre is played by 3 players (--players 3)"),
        ("lhombre", ["--players", "4"], "Danish l'hombre is played by 3 players (--players 3)"),
        ("tresillo", ["--players", "3"], "Tresillo is played by four at the table (--players 4)"),
    ],
)
def test_a_seat_or_a_count_of_players_the_game_has_not_is_refused(
    game: str, argv: list[str], error: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", game, "--seed", "1", *argv]) == 2
    assert f"error: {error}" in capsys.readouterr().err


def _args(game: str, seed: int, seat: int) -> argparse.Namespace:
    argv = ["play", game, "--seed", str(seed), "--deals", "2", "--seat", str(seat)]
    args = build_parser().parse_args(argv)
    assert isinstance(args, argparse.Namespace)
    args.record = None
    return args


def _left_in_a_trick(
    game: str, seed: int, seat: int
) -> tuple[GameRecord, list[tuple[int, int]], int, int] | None:
    """Play at random until the person is to play to a trick already begun (a second card),
    then leave: the game so far, the cards on the table as the table tracked them from the
    events (seat, card), the trumps and the tricks the table had counted in the deal; None when
    no such turn comes."""
    rng = random.Random(seed)
    table: OmbreFamilyTable  # type: ignore[type-arg]
    kept: list[tuple[GameRecord, list[tuple[int, int]], int, int]] = []

    def read(prompt: str) -> str:
        if kept:
            return "n"  # the offer to save
        deal = table.deal
        assert deal is not None
        view = table.deal_view()
        assert view is not None
        trick = view.current_trick
        if deal.phase() == "play" and trick is not None and len(trick.cards) == 2:
            kept.append((table.record(), list(table._trick), table._trumps, table._tricks_seen))
            return "quit"
        trial = deal.clone()  # the discards typed, waiting for 'draw'
        for text in table._pending:
            trial.apply_action(trial.string_to_action(text))
        texts = [trial.action_to_string(a) for a in trial.legal_actions()]
        draws = [text for text in texts if text.startswith("draw")]
        answer: str = draws[0] if draws and rng.random() < 0.5 else rng.choice(texts)
        return answer

    table = TABLES[game](_args(game, seed, seat), Console(file=io.StringIO()), read)
    table.run()
    return kept[0] if kept else None


@pytest.mark.parametrize("game", ["ombre", "tresillo", "lhombre"])
def test_a_session_resumed_in_a_trick_goes_on_from_the_cards_on_the_table(game: str) -> None:
    resumed_tricks = 0
    for seed in range(1, 9):
        seat = seed % (4 if game == "tresillo" else 3)
        left = _left_in_a_trick(game, seed, seat)
        if left is None:
            continue
        record, on_table, trumps, tricks_seen = left
        assert len(on_table) == 2
        out = io.StringIO()
        again = TABLES[game](
            _args(game, seed, seat), Console(file=out, width=120, highlight=False), input
        )
        again.resume(record)
        assert again._trick == on_table and again._trumps == trumps
        assert again._tricks_seen == tricks_seen  # the next trick keeps its number
        assert again._in_deal and "resumed at deal" in out.getvalue()
        again._show_turn()
        cards = ", ".join(f"{again.names[s]} {Card(c)}" for s, c in on_table)
        assert f"on the table: {cards}" in out.getvalue().splitlines()
        resumed_tricks += 1
    assert resumed_tricks >= 3


def _last_typed_in_a_new_deal(game: str, seed: int) -> str | None:
    """Play a two-deal session at random, typing ``last`` at the person's first prompt of the
    second deal before its first trick ends: what the table answered (None: no such prompt)."""
    rng = random.Random(seed)
    out = io.StringIO()
    table: OmbreFamilyTable  # type: ignore[type-arg]
    typed_at: list[int] = []  # where the output stood when 'last' was typed
    answers: list[str] = []

    def read(prompt: str) -> str:
        if len(typed_at) == 1:
            answers.append(out.getvalue()[typed_at[0] :])
            typed_at.append(-1)
        view = table.deal_view()
        if not typed_at and table.view().deal_index == 1 and view and not view.finished_tricks:
            typed_at.append(len(out.getvalue()))
            return "last"
        deal = table.deal
        assert deal is not None
        trial = deal.clone()
        for text in table._pending:
            trial.apply_action(trial.string_to_action(text))
        texts = [trial.action_to_string(a) for a in trial.legal_actions()]
        draws = [text for text in texts if text.startswith("draw")]
        return draws[0] if draws and rng.random() < 0.5 else rng.choice(texts)

    table = TABLES[game](_args(game, seed, seed % 3), Console(file=out, width=120), read)
    table.run()
    return answers[0] if answers else None


@pytest.mark.parametrize("game", ["ombre", "tresillo", "lhombre"])
def test_last_at_a_new_deal_does_not_show_the_previous_deals_trick(game: str) -> None:
    answered = [_last_typed_in_a_new_deal(game, seed) for seed in range(1, 5)]
    for answer in answered:
        if answer is not None:
            assert "no trick has been played yet" in answer and "last trick:" not in answer
    assert sum(answer is not None for answer in answered) >= 2
