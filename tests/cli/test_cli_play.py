"""Terminal play as a player expects it (issue 14): driven through the tables' input and
output, as a person would."""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from tapete.cli.main import build_parser, main
from tapete.cli.play_ombre import OmbreTable
from tapete.cli.play_pocha import PochaTable
from tapete.cli.prompt import command_of, ombre_text, pocha_text, spanish_card, trynka_text
from tapete.engine import State, load_game
from tapete.games.pocha import PochaMatchView


def _pocha(argv: list[str]) -> PochaTable:
    args = build_parser().parse_args(["play", "pocha", *argv])
    assert isinstance(args, argparse.Namespace)
    return PochaTable(args, Console(width=120, highlight=False))


def _random_person(table: PochaTable, seed: int) -> object:
    rng = random.Random(seed)

    def answer(prompt: str) -> str:
        state = table.state
        return state.action_to_string(rng.choice(state.legal_actions())).split(" ", 1)[1]

    return answer


@pytest.mark.parametrize("seed", [3, 11])
def test_every_trick_is_announced_to_its_winner(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    """The tricks announced in each hand (the last one too) add up to the sheet's tricks won,
    player by player; and each winner is named with a card he played."""
    table = _pocha(["--seed", str(seed), "-p", "hand_sequence=1,3,4,2", "--bots", "random"])
    monkeypatch.setattr("builtins.input", _random_person(table, seed))
    assert table.run() == 0
    out = capsys.readouterr().out
    hands = out.split("hand result")[:-1]
    sheet = table.view().sheet
    assert len(hands) == len(sheet) == 4
    for text, row in zip(hands, sheet, strict=True):
        announced = re.findall(r"→ (?:last )?trick to (\S+) with (\S+)", text)
        counts = [sum(1 for who, _ in announced if who == name) for name in table.names]
        assert counts == list(row.won)
        for who, card in announced:
            assert f"{who}: play {card}" in text
    assert "Winner" in out and "You played as you (seat 0)" in out


def test_pocha_players_option_and_param_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _pocha(["-p", "n_players=5"]).game.num_players() == 5
    assert _pocha(["--players", "3"]).game.num_players() == 3
    assert _pocha([]).game.num_players() == 4


def test_the_three_play_commands_take_one_option_set() -> None:
    parser = build_parser()
    common = ["--seed", "1", "--players", "3", "--name", "Ana", "--seat", "1", "--bots",
              "random", "--reveal", "--lang", "es", "-p", "x=1"]  # fmt: skip
    for game in ("pocha", "ombre", "trynka"):
        args = parser.parse_args(["play", game, *common])
        assert (args.seed, args.players, args.name, args.seat, args.lang) == (1, 3, "Ana", 1, "es")
        assert args.bots == "random" and args.reveal and args.param == ["x=1"]


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert re.match(r"tapete \d+\.\d+", capsys.readouterr().out)


def test_an_unseeded_game_replays_from_its_printed_seed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _pocha(["-p", "hand_sequence=2,1"])
    monkeypatch.setattr("builtins.input", _random_person(first, 0))
    first.run()
    out = capsys.readouterr().out
    seed = re.search(r"Seed (\d+)", out)
    assert seed is not None
    again = _pocha(["--seed", seed.group(1), "-p", "hand_sequence=2,1"])
    monkeypatch.setattr("builtins.input", _random_person(again, 0))
    again.run()
    assert capsys.readouterr().out == out.replace("Seed", "Seed", 1)
    assert again.state.history() == first.state.history()


def test_help_last_rules_and_spanish_input_at_la_pocha(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    table = _pocha(["--seed", "3", "-p", "n_players=5", "-p", "hand_sequence=3", "--lang", "es"])
    script = iter(["AYUDA", "reglas", "última"])
    rng = random.Random(2)

    def answer(prompt: str) -> str:
        for scripted in script:
            return scripted
        state = table.state
        text = state.action_to_string(rng.choice(state.legal_actions()))
        verb, card = text.split()
        if verb == "bid":
            return f"apuesto {card}"
        number = {"A": "1", "S": "10", "C": "11", "R": "12"}.get(card[0], card[0])
        return f"juego {(number + card[1]).upper()}"  # '12C' is Rc, the rey de copas

    monkeypatch.setattr("builtins.input", answer)
    assert table.run() == 0
    out = capsys.readouterr().out
    assert "órdenes: ayuda, hoja, última, reglas, salir" in out and "posibles: apuesto" in out
    assert "n_players = 5" in out and "docs/pocha.md" in out
    assert "aún no se ha jugado ninguna baza" in out
    assert table.state.is_terminal()


def test_errors_speak_the_players_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    table = _pocha(["--seed", "3", "--lang", "en", "-p", "hand_sequence=3"])
    bad: list[str] = []

    def answer(prompt: str) -> str:
        state = table.state
        legal = set(state.legal_actions())
        if not bad and "card" in prompt:
            hand = table.hand_view()
            assert hand is not None
            for card in hand.hand:
                if state.string_to_action(f"play {card}") not in legal:
                    bad.append(str(card))
                    return str(card)
        return state.action_to_string(min(legal))

    monkeypatch.setattr("builtins.input", answer)
    table.run()
    out = capsys.readouterr().out
    refused = [line for line in out.splitlines() if "not allowed" in line]
    assert bad and refused and not any(re.search(r"seat \d|phase ", line) for line in refused)


def test_the_words_of_every_game() -> None:
    assert [command_of(w) for w in ("Quit", "SALIR", "выход", "help", "?", "reglas")] == [
        "quit", "quit", "quit", "help", "help", "rules",
    ]  # fmt: skip
    assert [spanish_card(w) for w in ("1o", "10O", "11b", "12e", "7c", "sc")] == [
        "Ao", "So", "Cb", "Re", "7c", "Sc",
    ]  # fmt: skip
    assert pocha_text("JUEGO 1o", "play") == "play Ao" and pocha_text("2", "bidding") == "bid 2"
    assert ombre_text("juego", "auction") == ["ombre"] and ombre_text("пас", "auction") == ["pass"]
    assert ombre_text("robo", "exchange") == ["draw"]
    assert ombre_text("козыри пики", "trumps") == ["trumps spades"]
    assert trynka_text("apuesto 3") == "bet 3" and trynka_text("me retiro") == "fold"


def test_replay_is_a_readable_game_and_reads_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "g.jsonl"
    assert main(["random", "pocha-match", "--seed", "2", "--count", "1", "--out", str(out),
                 "-p", "hand_sequence=1,3"]) == 0  # fmt: skip
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(out.read_bytes())))
    assert main(["replay", "-"]) == 0
    text = capsys.readouterr().out
    assert text.count("# trumps: ") == 2 and text.count("# hand over: ") == 2
    assert len(re.findall(r"# trick \d to seat \d", text)) == 1 + 3
    record = json.loads(out.read_text())
    game = load_game(record["game"], **record["params"])
    state = game.new_initial_state()
    for action in record["actions"]:
        state.apply_action(state.string_to_action(action))
    view = state.view(0)
    assert isinstance(view, PochaMatchView)
    for row, line in zip(view.sheet, re.findall(r"# hand over: (.*)", text), strict=True):
        assert line == ", ".join(
            f"seat {s} (random) bid {b} won {w}"
            for s, (b, w) in enumerate(zip(row.bids, row.won, strict=True))
        )
    assert text.rstrip().endswith("# result " + " ".join(f"{x:g}" for x in state.returns()))


def test_games_starts_with_a_short_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    head = capsys.readouterr().out.split("\n\n")[0]
    for name in ("pocha", "pocha-match", "ombre", "ombre-match", "trynka", "trynka-match"):
        assert re.search(rf"^  {name}\s", head, re.M)


def test_glossary_has_manille_as_the_engine_does() -> None:
    from tapete.cards import Suit
    from tapete.games.ombre_family.tables import manille

    text = (Path(__file__).parents[2] / "docs" / "glossary.md").read_text()
    line = next(line for line in text.splitlines() if "Manille" in line)
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES):
        assert str(manille(suit)) in line


def _ombre(read: object, *argv: str) -> tuple[OmbreTable, io.StringIO]:
    args = build_parser().parse_args(["play", "ombre", *argv])
    out = io.StringIO()
    table = OmbreTable(args, Console(file=out, width=100, highlight=False), read)  # type: ignore[arg-type]
    return table, out


def test_ombre_exchange_draws_take_back_and_trump_order() -> None:
    """The person plays ombre whenever he can, discards three cards, takes one back, draws:
    the cards drawn are shown, the one taken back is still in the hand, and the trump order
    is printed once trumps are named; the face-up choice of the dealer is one line."""
    table: OmbreTable
    seen: dict[str, object] = {}

    def read(prompt: str) -> str:
        deal = table.state.deal
        assert deal is not None
        texts = [deal.action_to_string(a) for a in deal.legal_actions()]
        phase = deal.phase()
        view = table.deal_view()
        assert view is not None
        if phase == "exchange" and "kept" not in seen:
            cards = [str(c) for c in view.hand][:3]
            seen["kept"] = cards[0]
            seen["before"] = {str(c) for c in view.hand}
            return " ".join(c.lower() for c in cards)  # in any case
        if phase == "exchange" and "back" not in seen:
            seen["back"] = True
            return f"back {seen['kept']}"
        if phase == "exchange" and "drew" not in seen:
            seen["drew"] = True
            return "robo"  # Spanish for draw
        if phase == "exchange" and "after" not in seen and deal.current_player() == table.me:
            return "draw"
        if "drew" in seen and "after" not in seen:
            seen["after"] = {str(c) for c in view.hand}
        if "ombre" in texts and "drew" not in seen:
            return "juego"  # Spanish for I play (ombre)
        return texts[0]

    for seed in range(1, 40):
        seen.clear()
        table, out = _ombre(read, "--seed", str(seed), "--deals", "1")
        table.run()
        if "drew" in seen and table.view().deal_index >= 1:
            break
    text = out.getvalue()
    assert "drew" in seen
    assert "face up to" not in text and text.count("dealer chosen face up") <= 1
    drew = re.search(r"you draw (.+)", text)
    assert drew is not None and len(drew.group(1).split()) == 2
    assert "trump order: ♠A Spadille, " in text
    from tapete.cards import Suit
    from tapete.games.ombre_family.tables import manille

    named = re.search(r"trumps are (.)\n.*trump order: ♠A Spadille, (\S+) Manille", text)
    assert named is not None
    suit = {"♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES}[named[1]]
    assert named[2] == str(manille(suit))
    after = seen.get("after")
    if isinstance(after, set):
        assert seen["kept"] in after


def test_ombre_dealer_choice_is_one_line() -> None:
    table, out = _ombre(
        lambda prompt: "quit", "--seed", "4", "-p", "dealer_selection=black_ace_each_deal"
    )
    assert table.run() == 1
    text = out.getvalue()
    assert text.count("dealer chosen face up") == 1 and "face up to" not in text
    assert "You left the table." in text


def test_trynka_reveal_shows_both_hands_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    """The person reveals whenever he may: he sees the other hand and his own with their
    values in words (never a tuple), and the session ends naming the winner and his seat."""
    from tapete.cli import play_trynka

    answers = ["reveal", "", "decline", "fold"]  # the first the rules allow is taken
    tried = [0]
    seen: list[str] = []

    def read(prompt: str) -> str:
        printed = capsys.readouterr().out
        seen.append(printed)
        if "your turn" in printed:  # a new turn: try from the first answer again
            tried[0] = 0
        tried[0] += 1
        return answers[(tried[0] - 1) % len(answers)]

    shown = ""
    for seed in range(1, 30):
        args = build_parser().parse_args(
            ["play", "trynka", "--players", "3", "--banks", "3", "--seed", str(seed)]
        )
        assert play_trynka.run(args, read=read) == 0
        out = " ".join(("".join(seen) + capsys.readouterr().out).split())  # unwrapped
        seen.clear()
        match = re.search(
            r"rule-\d shows you (.+?) = ([^;]+); you have (.+?) = (three \w+|[^)]*\))", out
        )
        if match:
            shown = out
            break
    assert match is not None, "no reveal in 30 sessions"
    for value in (match.group(2), match.group(4)):
        assert re.fullmatch(r"three \w+|\d+ \((suit total|two aces)\)", value.strip())
    assert "= (" not in shown and "You played as you (seat 0)" in shown


def test_quit_offers_to_save_and_play_resume_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Quit in the second hand, save; ``tapete play --resume FILE`` replays the saved game
    and goes on from there to the end, with the same seat and name."""
    saved = tmp_path / "saved.json"
    table = _pocha(["--seed", "5", "--name", "Ana", "--seat", "1", "-p", "hand_sequence=1,2,1"])
    moves = [0]

    def first(prompt: str) -> str:
        if prompt.startswith("save the game"):
            return str(saved)
        moves[0] += 1
        if table.view().deal_index >= 1:
            return "salir"
        state = table.state
        return state.action_to_string(min(state.legal_actions())).split(" ", 1)[1]

    monkeypatch.setattr("builtins.input", first)
    assert table.run() == 1
    history = table.state.history()
    assert f"saved: tapete play --resume {saved}" in capsys.readouterr().out

    def rest(prompt: str) -> str:
        state = runner[0]
        return state.action_to_string(min(state.legal_actions())).split(" ", 1)[1]

    runner: list[State] = []
    original = PochaTable.resume

    def resume(self: PochaTable, record: object) -> None:
        runner.append(self.state)
        original(self, record)  # type: ignore[arg-type]
        assert self.state.history() == history and self.me == 1 and self.names[1] == "Ana"

    monkeypatch.setattr(PochaTable, "resume", resume)
    monkeypatch.setattr("builtins.input", rest)
    assert main(["play", "--resume", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "resumed at hand 2" in out and "You played as Ana (seat 1)" in out


def test_the_rules_pages_are_the_projects_own_and_linked() -> None:
    root = Path(__file__).parents[2]
    readme = (root / "README.md").read_text()
    for page in ("docs/pocha.md", "docs/ombre.md", "docs/trynka.md"):
        text = (root / page).read_text()
        assert "shared/rules" not in text and "rules/pocha.md" not in text
        assert page in readme
    assert "## The rules" in (root / "docs/pocha.md").read_text()
    assert "## The rules" in (root / "docs/ombre.md").read_text()
    assert "## The rules" in (root / "docs/trynka.md").read_text()


def test_an_empty_line_asks_again_without_the_engine_s_verbs() -> None:
    answers = iter(["", "", "quit", "n"])  # n: do not save
    table, out = _ombre(lambda prompt: next(answers), "--seed", "2")
    assert table.run() == 1
    text = out.getvalue()
    assert "not allowed" not in text and "'deal" not in text and "phase" not in text


def test_arena_refuses_an_existing_file_as_out_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    existing = tmp_path / "results"
    existing.write_text("keep me")
    argv = ["arena", "pocha", "--players", "random,random,random,random", "--deals", "2",
            "--workers", "1", "--out", str(existing)]  # fmt: skip
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "it is a file, not a folder" in err and existing.read_text() == "keep me"


@pytest.mark.parametrize(
    ("game", "argv"),
    [("ombre", ["--deals", "2"]), ("trynka", ["--players", "3", "--banks", "2"])],
)
def test_the_printed_seed_replays_ombre_and_trynka(game: str, argv: list[str]) -> None:
    """Unseeded, the cards come from the printed seed too: ``--seed`` plays the same session
    (the same output, the same actions) for the same answers."""
    from tapete.cli.play_trynka import TrynkaTable
    from tapete.cli.table import TerminalTable

    def session(extra: list[str]) -> tuple[TerminalTable, str]:
        holder: list[TerminalTable] = []
        rng = random.Random(5)

        def read(prompt: str) -> str:
            state = holder[0].state
            deal = getattr(state, "deal", None)
            if game == "ombre" and deal is not None:
                state = deal
            return state.action_to_string(rng.choice(state.legal_actions()))

        args = build_parser().parse_args(["play", game, "--lang", "en", *argv, *extra])
        out = io.StringIO()
        console = Console(file=out, width=120, highlight=False)
        table: TerminalTable = (
            OmbreTable(args, console, read) if game == "ombre" else TrynkaTable(args, console, read)
        )
        holder.append(table)
        assert table.run() == 0
        return table, out.getvalue()

    first, text = session([])
    seed = re.search(r"Seed (\d+)", text)
    assert seed is not None and int(seed.group(1)) == first.seed
    again, text_again = session(["--seed", seed.group(1)])
    assert again.state.history() == first.state.history() and text_again == text


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal (POSIX)")
def test_arrow_keys_edit_the_line_at_a_real_terminal(tmp_path: Path) -> None:
    """At a real terminal the prompt has line editing: an up arrow (empty history) and a
    left arrow do not end up in the answer, so ``0`` typed around them is the bid 0."""
    import pty
    import select
    import subprocess
    import sys
    import time

    leader, follower = pty.openpty()
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "100", "LANG": "C.UTF-8"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tapete.cli.main", "play", "pocha", "--seed", "3", "--lang", "en"],
        stdin=follower, stdout=follower, stderr=follower, env=env, close_fds=True,
    )  # fmt: skip
    os.close(follower)
    seen = b""

    def read_until(marker: bytes, limit: float = 60.0) -> None:
        nonlocal seen
        end = time.monotonic() + limit
        while marker not in seen and time.monotonic() < end:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                try:
                    seen += os.read(leader, 4096)
                except OSError:
                    break

    try:
        read_until(b"your bid")
        os.write(leader, b"\x1b[A\x1b[D0\r")  # up arrow, left arrow, 0, Enter
        read_until(b"your card")
        os.write(leader, b"quit\rn\r")
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(leader)
    text = seen.decode("utf-8", "replace")
    assert "you: bid 0" in text and "not allowed" not in text


@pytest.mark.parametrize("game", ["pocha", "ombre", "trynka"])
def test_one_way_to_quit_in_every_game(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``quit`` at the first prompt: the same message, the save offer, the same exit status
    from the command line, in every game (and the end of the input quits the same way)."""
    from tapete.cli.common import LEFT_STATUS, LEFT_TEXT

    prompts: list[str] = []
    answers = iter(["quit", "n"])

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    monkeypatch.setattr("builtins.input", answer)
    assert main(["play", game, "--seed", "1", "--lang", "en"]) == LEFT_STATUS
    assert LEFT_TEXT in capsys.readouterr().out
    assert prompts[-1].startswith("save the game to resume it?")

    def end_of_input(prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", end_of_input)
    assert main(["play", game, "--seed", "1", "--lang", "en"]) == LEFT_STATUS
    assert LEFT_TEXT in capsys.readouterr().out


@pytest.mark.parametrize(
    ("params", "lang", "said"),
    [
        (["ronda_subastada=full_hands", "hand_sequence=3,2"], "es",
         ["ofertas por el triunfo", "se subasta"]),
        (["ronda_india=opening", "hand_sequence=1,2"], "en",
         ["on the others' foreheads: random-1", "1 card you do not see"]),
        (["ronda_ciega=last", "hand_sequence=2,1"], "ru",
         ["слепой кон", "у вас 1 карта, вы её не видите"]),  # the lobby's words
    ],
)  # fmt: skip
def test_pocha_hand_variants_at_the_table(
    params: list[str],
    lang: str,
    said: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The ronda subastada's auction and naming of trumps (in the table's words), the ronda
    india's foreheads and the ronda ciega's unseen card: shown as the person's view has them,
    and never a prompt to choose a card the person cannot see."""
    argv = ["--seed", "4", "--lang", lang, "--bots", "random"]
    for item in params:
        argv += ["-p", item]
    table = _pocha(argv)
    rng = random.Random(3)
    named: list[str] = []

    def answer(prompt: str) -> str:
        hand = table.hand_view()
        assert hand is not None
        assert not (hand.phase == "play" and not hand.hand), "asked to play an unseen card"
        state = table.state
        text = state.action_to_string(rng.choice(state.legal_actions()))
        if text.startswith("trumps "):
            word = {"o": "oros", "c": "copas", "e": "espadas", "b": "bastos"}[text[-1]]
            named.append(word)
            return word  # the suit's name alone answers the prompt to name trumps
        return text

    monkeypatch.setattr("builtins.input", answer)
    assert table.run() == 0
    out = capsys.readouterr().out
    for text in said:
        assert text in out
    if "ronda_subastada=full_hands" in params:
        assert all(f"tú: triunfo {suit}" in out for suit in named)
        assert re.search(r": triunfo (oros|copas|espadas|bastos)\n", out)


@pytest.mark.parametrize(
    ("game", "argv"),
    [("pocha", ["-p", "hand_sequence=2,3,2"]), ("trynka", ["--players", "3", "--banks", "3"])],
)
def test_a_resumed_game_goes_on_as_the_uninterrupted_one(
    game: str, argv: list[str], tmp_path: Path
) -> None:
    """Same seed, same answers: quitting, saving and resuming gives the very game played
    without a break (the cards after the saved point and the bots' choices included)."""
    from tapete.cli.cmd_replay import read_records
    from tapete.cli.play_trynka import TrynkaTable
    from tapete.cli.table import TerminalTable

    saved = tmp_path / "saved.json"

    def table_of(extra: list[str], record: object = None) -> TerminalTable:
        args = build_parser().parse_args(["play", game, "--seed", "8", "--lang", "en", *argv])
        args.record = record
        console = Console(file=io.StringIO(), width=120)
        holder: list[TerminalTable] = []

        def person(prompt: str) -> str:  # the same answer in the same position
            if prompt.startswith("save the game"):
                return str(saved)
            state = holder[0].state
            return state.action_to_string(min(state.legal_actions()))

        table: TerminalTable = (
            PochaTable(args, console) if game == "pocha" else TrynkaTable(args, console, person)
        )
        table.read = person
        holder.append(table)
        return table

    whole = table_of([])
    assert whole.run() == 0
    history = whole.state.history()

    broken = table_of([])
    answers = [0]
    person = broken.read

    def quit_midway(prompt: str) -> str:
        answers[0] += 1
        return "quit" if answers[0] == 7 else person(prompt)

    broken.read = quit_midway
    assert broken.run() == 1
    cut = len(broken.state.history())
    assert 0 < cut < len(history) and history[:cut] == broken.state.history()

    record = read_records(str(saved))[-1]
    resumed = table_of([], record)
    resumed.resume(record)
    assert resumed.in_step
    assert resumed.run() == 0
    assert resumed.state.history() == history
