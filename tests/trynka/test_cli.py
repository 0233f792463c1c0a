"""``tapete play trynka`` with scripted input: bad input is refused and asked again."""

from __future__ import annotations

import argparse
import io
import itertools
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console

from tapete.cli import play_trynka
from tapete.cli.common import LEFT_STATUS, LEFT_TEXT
from tapete.cli.main import build_parser, main
from tapete.games.trynka import TrynkaMatchGame


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's default language comes from the locale: English for these tests."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def test_play_scripted_session(capsys: pytest.CaptureFixture[str]) -> None:
    answers: Iterator[str] = iter(["", "", "", "bet 99", "nonsense", "decline"] + ["fold"] * 50)

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    parser = argparse.ArgumentParser()
    play_trynka.add_arguments(parser)
    args = parser.parse_args(["--players", "3", "--banks", "2", "--lang", "en"])
    args.seed = 5
    assert play_trynka.run(args, read=read) == LEFT_STATUS  # the input ended: left the table
    out = capsys.readouterr().out
    assert LEFT_TEXT in out
    assert "bank" in out and "level" in out
    refused = [line for line in out.splitlines() if line.startswith("not allowed: ")]
    assert len(refused) >= 2  # "bet 99" and "nonsense" refused with a reason, asked again
    assert not [line for line in refused if re.search(r"\bseat \d|phase |'deal", line)]


def test_every_event_reads_as_a_sentence() -> None:
    """The terminal's texts are made from the events' values, for every kind of event."""
    import random

    import tapete
    from tapete.engine.chance import random_playout

    game = tapete.load_game(
        "trynka-match", n_players=5, banks=30, stop_when_broke=False, reveal_public=True
    )
    state = random_playout(game.new_initial_state(), random.Random(4))
    assert isinstance(game, TrynkaMatchGame)
    deck = game.rules.deck
    kinds: dict[str, int] = {}
    names = [f"player{s}" for s in range(5)]
    for event in state.events(0):
        text = play_trynka.event_text(deck, event, names)
        if text is not None:
            assert text and "None" not in text and "seat" not in text, (event, text)
            kinds[event.kind] = kinds.get(event.kind, 0) + 1
    assert {"draw", "bet", "fold", "reveal", "show"} <= set(kinds), kinds
    assert any("goes to" in (play_trynka.event_text(deck, e) or "") for e in state.events(0))


def _session(
    argv: list[str], read: Callable[[str], str]
) -> tuple[play_trynka.TrynkaTable, io.StringIO]:
    args = build_parser().parse_args(["play", "trynka", *argv])
    out = io.StringIO()
    table = play_trynka.TrynkaTable(args, Console(file=out, width=200), read)
    return table, out


def _random_answers(holder: list[play_trynka.TrynkaTable], seed: int) -> Callable[[str], str]:
    rng = random.Random(seed)

    def read(prompt: str) -> str:
        state = holder[0].state
        return state.action_to_string(rng.choice(state.legal_actions()))

    return read


def test_the_table_names_the_players_never_seat_numbers() -> None:
    holder: list[play_trynka.TrynkaTable] = []
    table, out = _session(
        ["--seed", "4", "--players", "4", "--banks", "4", "--name", "Olga"],
        _random_answers(holder, 4),
    )
    holder.append(table)
    assert table.run() == 0
    text = out.getvalue()
    events = [line for line in text.splitlines() if line.startswith("·")]
    assert len(events) > 10
    assert not [line for line in events if re.search(r"\bseat \d", line)]
    assert any("Olga" in line for line in events) and any("rule-1" in line for line in events)
    # the end: a table of balances (one row a player) and the winner with the person's seat
    final = text.split("final balances")[1]
    assert all(name in final for name in table.names)
    assert "You played as Olga (seat 0)." in final


def test_quit_saves_and_resume_goes_on_to_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "trynka.json"
    holder: list[play_trynka.TrynkaTable] = []
    answers = _random_answers(holder, 2)
    turns = [0]

    def read(prompt: str) -> str:
        if prompt.startswith("save the game"):
            return str(saved)
        turns[0] += 1
        if turns[0] == 6:
            return "quit"
        return answers(prompt)

    table, out = _session(["--seed", "2", "--players", "3", "--banks", "3", "--seat", "1",
                           "--name", "Ivan"], read)  # fmt: skip
    holder.append(table)
    assert table.run() == LEFT_STATUS
    assert f"saved: tapete play --resume {saved}" in out.getvalue()
    history = table.state.history()

    resumed: list[play_trynka.TrynkaTable] = []
    original = play_trynka.TrynkaTable.resume

    def resume(self: play_trynka.TrynkaTable, record: object) -> None:
        original(self, record)  # type: ignore[arg-type]
        resumed.append(self)

    monkeypatch.setattr(play_trynka.TrynkaTable, "resume", resume)
    rng = random.Random(9)

    def rest(prompt: str) -> str:
        state = resumed[0].state
        return state.action_to_string(rng.choice(state.legal_actions()))

    monkeypatch.setattr("builtins.input", rest)
    assert main(["play", "--resume", str(saved)]) == 0
    text = capsys.readouterr().out
    again = resumed[0]
    assert again.state.history()[: len(history)] == history and again.state.is_terminal()
    assert again.me == 1 and again.names[1] == "Ivan" and again.seed == 2
    assert "resumed at bank" in text and "You played as Ivan (seat 1)." in text


FLAG_SETS = [
    (False, False, False, False),
    (True, False, False, False),
    (False, True, False, False),
    (False, False, True, False),
    (False, False, False, True),
    (True, True, True, True),
]


@pytest.mark.parametrize("joker", [False, True])
@pytest.mark.parametrize("flags", FLAG_SETS)
def test_value_words_follow_the_value_options(
    flags: tuple[bool, bool, bool, bool], joker: bool
) -> None:
    """Every hand of the 36-card pack: the words give the engine's value under the options
    (a number for a plain or scored hand, the triple's name, trynka for one suit, the joker
    named when it counts)."""
    from tapete.cards import RUSSIAN_36, Rank
    from tapete.games.trynka import hand_value
    from tapete.games.trynka.values import JOKER

    sixes, aces22, trips, flush = flags
    lift = 1 if flush else 0
    top = {(2 if sixes else 3) + lift: "three aces", (3 if sixes else 2) + lift: "three sixes"}
    for hand in itertools.combinations(RUSSIAN_36.cards, 3):
        cards = [int(c) for c in hand]
        value = hand_value(
            cards, sixes_over_aces=sixes, two_aces_22=aces22, trips_score=trips,
            trynka_flush=flush, joker=joker,
        )  # fmt: skip
        words = play_trynka.value_words(RUSSIAN_36, cards, flags, joker=joker)
        wild = joker and JOKER in hand
        assert ("with the joker" in words) == wild, words
        if value.category in top:
            assert words.startswith(top[value.category]), (words, value)
            continue
        ranks = {c.rank for c in hand}
        if ranks == {Rank.TEN} and not trips:
            assert words == "three tens"
            continue
        number = int(words.split()[0])
        assert number == value.points, (RUSSIAN_36.format_cards(cards), words, value)
        assert ("trynka" in words) == (flush and value.category == 2)
        if not wild:
            aces = sum(1 for c in hand if c.rank == Rank.ACE)
            two_aces = aces22 and aces == 2 and value.points == 22 and "trynka" not in words
            assert ("two aces" in words) == two_aces


def test_games_page_of_a_match_singles_out_the_deal_games_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tapete.engine import game_class

    for match, deal in (("pocha-match", "pocha"), ("ombre-match", "ombre"),
                        ("trynka-match", "trynka")):  # fmt: skip
        assert main(["games", match]) == 0
        text = capsys.readouterr().out
        own, taken = text.split(f"options taken from its deal game {deal}")
        match_params = {p.name for p in game_class(match).parameters}
        deal_params = {p.name for p in game_class(deal).parameters}
        assert _cells(taken) == match_params & deal_params
        assert _cells(own) == match_params - deal_params


def _cells(chunk: str) -> set[str]:
    return set(re.findall(r"^│ (\w+)", chunk, re.M))


def test_a_reveal_between_two_others_shows_only_who_is_out() -> None:
    """The person folds at once: of the bots' reveals he sees who revealed to whom and who
    is out (on the reveal's line or on the answer's), never their cards or values (unless
    reveal_public shows them to everybody)."""
    holder: list[play_trynka.TrynkaTable] = []

    def read(prompt: str) -> str:
        state = holder[-1].state
        texts = [state.action_to_string(a) for a in state.legal_actions()]
        return "fold" if "fold" in texts else texts[0]

    for public in (False, True):
        seen: list[str] = []
        for seed in range(1, 40):
            argv = ["--seed", str(seed), "--players", "4", "--banks", "2", "--lang", "en",
                    "-p", f"reveal_public={public}"]  # fmt: skip
            table, out = _session(argv, read)
            holder.append(table)
            assert table.run() == 0
            events = [line for line in out.getvalue().splitlines() if line.startswith("· ")]
            for n, line in enumerate(events[:-1]):
                if "reveal / вскрываюсь →" in line and not line.startswith("· you"):
                    seen.append(line + " " + events[n + 1])
            if seen:
                break
        assert seen, "no reveal between two bots in 40 sessions"
        assert all(": out" in text for text in seen), seen
        assert all((" = " in text) == public for text in seen), seen
