"""``tapete play tresillo`` driven through its input and output, as a person plays it: the
sitting-out dealer, the plate, favour bids, the vuelta's card, the surrender and defence
prompts, each deal's outcome with its amounts, the in-game commands, quitting and resuming,
the table's languages."""

from __future__ import annotations

import argparse
import io
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from rich.console import Console

import tapete
from tapete.cli.common import LEFT_STATUS, LEFT_TEXT
from tapete.cli.main import build_parser, main
from tapete.cli.play_tresillo import (
    CONTRACTS,
    OUTCOMES,
    TresilloTable,
    shown_action,
    tresillo_text,
)
from tapete.i18n import translate

CLI = Path(tapete.__file__).resolve().parent / "cli"


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's default language comes from the locale: English for these tests."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def _args(argv: list[str]) -> argparse.Namespace:
    args = build_parser().parse_args(["play", "tresillo", *argv])
    assert isinstance(args, argparse.Namespace)
    return args


Policy = Callable[[TresilloTable, str], str]


def _table(
    argv: list[str], policy: Policy, record: object = None
) -> tuple[TresilloTable, io.StringIO, list[str]]:
    """A table whose person answers with ``policy(table, prompt)`` (the game of ``record``
    when given, as ``--resume`` does); the prompts are kept."""
    out = io.StringIO()
    prompts: list[str] = []
    holder: list[TresilloTable] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return policy(holder[0], prompt)

    args = _args(argv)
    args.record = record
    table = TresilloTable(args, Console(file=out, width=120, highlight=False), read)
    holder.append(table)
    return table, out, prompts


def _legal_texts(table: TresilloTable) -> tuple[str, list[str]]:
    """The phase and the legal actions (engine texts) after the discards the person typed."""
    state = table.state.clone()
    for text in table._pending:
        state.apply_action(state.string_to_action(text))
    deal = state.deal
    assert deal is not None
    return deal.phase(), [deal.action_to_string(a) for a in deal.legal_actions()]


def _random_policy(seed: int, bad: float = 0.0) -> Policy:
    rng = random.Random(seed)
    junk = ["xyz", "play ♣9", "discard ♠A ♠A", "trumps", "entrada-favor", "help", "money",
            "last", "rules", "defend"]  # fmt: skip

    def policy(table: TresilloTable, prompt: str) -> str:
        if rng.random() < bad:
            return rng.choice(junk)
        return rng.choice(_legal_texts(table)[1])

    return policy


def _surrendering_policy(seed: int, bid: str) -> Policy:
    """Bids ``bid`` when it may, surrenders whenever it may; random otherwise."""
    rng = random.Random(seed)

    def policy(table: TresilloTable, prompt: str) -> str:
        phase, texts = _legal_texts(table)
        if phase == "auction":
            return bid if bid in texts else "pass"
        if phase == "exchange" and "draw" in texts and (table._pending or bid == "vuelta"):
            return "draw" if table._pending or len(texts) == 1 else texts[0]
        if "surrender" in texts:
            return "surrender"
        return rng.choice(texts)

    return policy


def test_a_session_with_bad_input_is_played_to_the_end() -> None:
    table, out, _ = _table(["--seed", "3", "--deals", "4", "--reveal"], _random_policy(1, 0.2))
    assert table.run() == 0
    text = out.getvalue()
    assert "not allowed" in text and "final balances" in text and "commands: help" in text
    assert len(table.state.results) == 4
    assert "as dealt:" in text and "Winner" in text and "You played as you (seat 0)" in text


def _outcome_lines(text: str) -> list[str]:
    names = sorted({name for name in OUTCOMES.values()}, key=len, reverse=True)
    pattern = re.compile(r"^  (" + "|".join(re.escape(n) for n in names) + r"): ", re.MULTILINE)
    return [m.group(0) + text[m.end() :].split("\n", 1)[0] for m in pattern.finditer(text)]


CASES = [
    (seed, policy)
    for seed in range(3)
    for policy in ("random", "entrada", "vuelta")
]  # fmt: skip


def _policy(name: str, seed: int) -> Policy:
    return _random_policy(seed) if name == "random" else _surrendering_policy(seed, name)


def test_each_deal_shows_its_dealer_its_outcome_and_its_money() -> None:
    """Every deal's header names its dealer (who sits out; the person is told when it is
    them), its outcome line names the outcome and the amount that moved (checked against the
    plate and the balances), the table after it marks the dealer; the vuelta's card and
    trumps, the surrender and defence prompts appear when the game has them."""
    seen: set[str] = set()
    for seed, name in CASES:
        asked: list[tuple[str, str, list[str]]] = []
        policy = _policy(name, seed)

        def watching(
            table: TresilloTable,
            prompt: str,
            policy: Policy = policy,
            asked: list[tuple[str, str, list[str]]] = asked,
        ) -> str:
            phase, texts = _legal_texts(table)
            asked.append((phase, prompt, texts))
            return policy(table, prompt)

        argv = ["--seed", str(seed), "--deals", "12", "--seat", str(seed % 4)]
        table, out, _ = _table(argv, watching)
        assert table.run() == 0
        text, results, names = out.getvalue(), table.state.results, table.names
        me = table.me
        headers = re.findall(
            r"deal (\d+) of 12: dealer (\S+) \(sits out\); the plate: (.*?) ─", text
        )
        assert [int(n) for n, _, _ in headers] == list(range(1, 13))
        assert [who for _, who, _ in headers] == [names[r.dealer] for r in results]
        plates = [tapete.load_game("tresillo-match").params["plate"]] + [
            r.plate_after for r in results
        ]
        for (_, _, plate), before in zip(headers, plates, strict=False):
            assert plate == (", ".join(map(str, before)) or "nothing on it")
        assert text.count("you deal this one") == sum(r.dealer == me for r in results)
        lines = _outcome_lines(text)
        played = [r for r in results if r.outcome != "all_pass"]
        assert len(lines) == len(played)
        assert text.count("all passed: the cards are thrown in") == len(results) - len(played)
        for line, result, before in zip(lines, played, [plates[results.index(r)] for r in played],
                                        strict=True):  # fmt: skip
            seen.add(result.outcome)
            assert line.startswith(f"  {OUTCOMES[result.outcome]}: ")
            assert result.player is not None
            moved = sum(result.plate_after) - sum(before)
            if result.outcome == "sacada":
                value = -min(result.changes)
                assert f"{CONTRACTS[result.contract or '']} won by {names[result.player]}" in line
                assert f"each of the others pays {value}" in line
                assert 3 * value - moved == result.changes[result.player]
                assert (f"{-moved} from the plate" in line) == (moved < 0)
            elif result.outcome in ("puesta", "surrendered", "vuelta_surrendered"):
                assert f"{moved} go on the plate" in line and names[result.player] in line
                assert moved == -result.changes[result.player] > 0
            elif result.outcome == "codillo":
                paid = max(result.changes)
                winner = result.changes.index(paid)
                assert f"{names[winner]} took the most tricks and is paid {paid}" in line
            else:  # a defended entrada: the defender is the result's player
                assert names[result.player] in line
                assert str(max(abs(c) for c in result.changes)) in line
        assert text.count("(dealer)") == len(results)
        vueltas = re.findall(r"the vuelta turns up (\S+): trumps are (\S)", text)
        assert len(vueltas) == sum(r.contract == "vuelta" for r in results)
        assert all(card[0] == suit for card, suit in vueltas)
        for phase, prompt, texts in asked:
            assert ("'surrender' to give the game up" in prompt) == ("surrender" in texts)
            assert ("is given up: 'defend' takes it over" in prompt) == (phase == "defence")
        if name != "random":
            assert any("surrender" in texts for _, _, texts in asked)
    # the sessions met most endings (the defended ones too)
    assert {"sacada", "codillo", "puesta", "surrendered", "vuelta_surrendered"} <= seen
    assert seen & {"defended", "defended_codillo", "defended_saved", "defended_puesta"}


def test_favour_bids_the_trump_order_and_the_plate_at_the_table() -> None:
    table, out, _ = _table(
        ["--seed", "4", "--deals", "8", "-p", "palo_de_favor=spades", "-p", "plate=6/3"],
        _random_policy(4),
    )
    assert table.run() == 0
    text = out.getvalue()
    assert "palo de favor: ♠: its entrada and solo (de favor) outbid" in text
    assert "deal 1 of 8: dealer rule-3 (sits out); the plate: 6, 3" in text
    favoured = [r for r in table.state.results if (r.contract or "").endswith("_favor")]
    assert favoured, "no favour game in these deals"
    for result in favoured:
        said = result.contract.replace("_", "-") if result.contract else ""
        assert re.search(rf": {said} ♠\n", text), said
    for order in re.findall(r"trump order: (.*)", text):
        assert order.startswith("♠A Espada, ") and ", ♣A Basto, " in order
        assert ("Punto" in order) == (order.split(", ")[1][0] in "♦♥")


def test_help_last_money_rules_and_spanish_words() -> None:
    script = ["ayuda", "última", "dinero", "reglas", "rules all", "xyz"]
    rng = random.Random(2)

    def policy(table: TresilloTable, prompt: str) -> str:
        if script:
            return script.pop(0)
        return shown_action("es", rng.choice(_legal_texts(table)[1]))

    table, out, _ = _table(["--seed", "2", "--deals", "2", "--lang", "es"], policy)
    assert table.run() == 0
    text = out.getvalue()
    assert "órdenes: ayuda, dinero, última, reglas, salir" in text
    assert "aún no se ha jugado ninguna baza" in text
    assert "el plato: vacío" in text and "docs/tresillo.md" in text
    assert "Reglas en vigor (* = no es el valor por defecto):" in text
    assert "  palo_de_favor = none: el palo preferido" in text
    assert "No se entiende" in text
    assert "quit" not in text and "not allowed" not in text


def _steady_policy(table: TresilloTable, prompt: str) -> str:
    """A choice that depends on the position only (the same answers before and after a
    resume)."""
    rng = random.Random(table.state.move_number() * 7 + len(table._pending))
    return rng.choice(_legal_texts(table)[1])


def test_quit_offers_to_save_and_resume_goes_on_as_without_the_break(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Quit after some turns, save, resume from the file: the same answers give the same
    session as the uninterrupted one (the cards and the bots' choices from the seed)."""
    argv = ["--seed", "9", "--deals", "3", "--seat", "2", "--name", "Ana"]
    whole, whole_out, _ = _table(argv, _steady_policy)
    assert whole.run() == 0
    saved = tmp_path / "saved.json"
    turns = [0]

    def quitting(table: TresilloTable, prompt: str) -> str:
        if "resume it?" in prompt:
            return str(saved)
        turns[0] += 1
        return "quit" if turns[0] == 8 else _steady_policy(table, prompt)

    left, left_out, prompts = _table(argv, quitting)
    assert left.run() == LEFT_STATUS
    assert (
        LEFT_TEXT in left_out.getvalue() and "saved: tapete play --resume " in left_out.getvalue()
    )
    assert prompts[-1].startswith("save the game to resume it? file (Enter: tapete-tresillo-match")
    record = tapete.engine.record.GameRecord.from_json(saved.read_text())
    assert record.game == "tresillo-match" and record.meta["table"]["seed"] == 9
    args = build_parser().parse_args(["play", "--resume", str(saved)])
    options = record.meta["table"]
    again, again_out, _ = _table(
        ["--seed", "9", "--seat", str(options["seat"]), "--name", options["name"]],
        _steady_policy,
        record,
    )
    again.resume(record)
    assert again.in_step and again.run() == 0
    assert again.state.history() == whole.state.history()
    tail = whole_out.getvalue().split("final balances")[1]
    assert again_out.getvalue().split("final balances")[1] == tail
    # the command line resumes it too (here the input ends at once: the table is left)
    monkeypatch.setattr("builtins.input", lambda prompt: (_ for _ in ()).throw(EOFError()))
    assert args.run(args) == LEFT_STATUS
    assert "resumed at deal" in capsys.readouterr().out


def test_one_way_to_quit_and_clear_errors_on_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["salir", "n"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    assert main(["play", "tresillo", "--seed", "1", "--lang", "es"]) == LEFT_STATUS
    assert translate("es", LEFT_TEXT) in capsys.readouterr().out

    def end_of_input(prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", end_of_input)
    assert main(["play", "tresillo", "--seed", "1"]) == LEFT_STATUS
    assert main(["play", "tresillo", "--players", "3"]) == 2
    assert "four at the table" in capsys.readouterr().err
    assert main(["play", "tresillo", "--bots", "search", "--seed", "1"]) == LEFT_STATUS
    assert "search" in capsys.readouterr().out  # the search bots play Tresillo now
    assert main(["play", "tresillo", "--bots", "nobody"]) == 2
    assert "nobody" in capsys.readouterr().err


def test_the_play_command_takes_the_shared_option_set() -> None:
    common = ["--seed", "1", "--players", "4", "--name", "Ana", "--seat", "1", "--bots",
              "random", "--reveal", "--lang", "es", "-p", "x=1", "--deals", "3"]  # fmt: skip
    args = _args(common)
    assert (args.seed, args.players, args.name, args.seat, args.lang) == (1, 4, "Ana", 1, "es")
    assert args.bots == "random" and args.reveal and args.param == ["x=1"] and args.deals == 3


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_every_action_shown_is_read_back_as_itself(lang: str) -> None:
    """The words the table shows for an action (prompt, help) are words it reads."""
    game = tapete.load_game("tresillo", palo_de_favor="hearts")
    checked = 0
    for seed in range(8):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if not state.is_chance_node():
                phase = state.phase()
                for action in state.legal_actions():
                    shown = shown_action(lang, state.action_to_string(action))
                    (typed,) = tresillo_text(shown, phase)
                    assert state.string_to_action(typed) == action, (shown, typed)
                    checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 500


def _terminal_msgids() -> set[str]:
    ids: set[str] = set()
    for path in CLI.glob("*.py"):
        for _line, msgid, _comments, _context in extract_from_file(
            "python", str(path), keywords={"t": None, "N_": None}
        ):
            if isinstance(msgid, str):
                ids.add(msgid)
    return ids


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_a_session_in_spanish_or_russian_prints_no_english_sentence(lang: str) -> None:
    msgids = _terminal_msgids()
    translations = " ".join(translate(lang, m) for m in msgids)
    fragments = set()
    for msgid in msgids:
        for piece in re.split(r"\{\w+\}", msgid):
            piece = piece.strip(" :;,.()—→'?!>*=")
            if re.search(r"[a-z]{3}", piece) and piece not in translations:
                fragments.add(piece)
    script = {"es": ["ayuda", "dinero", "última", "reglas"],
              "ru": ["помощь", "деньги", "последняя", "правила"]}[lang]  # fmt: skip
    rng = random.Random(5)

    def policy(table: TresilloTable, prompt: str) -> str:
        if script:
            return script.pop(0)
        return shown_action(lang, rng.choice(_legal_texts(table)[1]))

    argv = ["--seed", "5", "--deals", "4", "--lang", lang, "--reveal", "-p", "palo_de_favor=clubs"]
    table, out, prompts = _table(argv, policy)
    assert table.run() == 0
    text = out.getvalue() + "\n".join(prompts)
    found = [p for p in fragments if re.search(rf"\b{re.escape(p)}\b", text)]
    assert not found, found
    assert translate(lang, "You played as {name} (seat {seat}).").split("{")[0] in text
    term = {"es": ["plato", "Espada", "palo de favor"], "ru": ["тарелка", "Эспада", "фавор"]}
    for word in term[lang]:
        assert word in text


_SPANISH_NUMBER = {"A": "1", "J": "10", "Q": "11", "K": "12"}
_SPANISH_LETTER = {"♦": "o", "♥": "c", "♠": "e", "♣": "b"}


def _spanish_numbered(card: str) -> str:
    """``♥7`` as printed on a Spanish card, ``7c`` (``♦A`` is ``1o``, ``♠K`` is ``12e``)."""
    return _SPANISH_NUMBER.get(card[1:], card[1:]) + _SPANISH_LETTER[card[0]]


def test_discards_in_spanish_numbers_one_taken_back_then_draw() -> None:
    """The person's first exchange: three cards typed with the numbers of Spanish cards, one
    taken back, then ``draw``: the two others are thrown away and as many drawn, the one
    taken back stays in the hand."""
    seen: dict[str, object] = {}
    rng = random.Random(6)

    def policy(table: TresilloTable, prompt: str) -> str:
        view = table.deal_view()
        assert view is not None
        if view.phase == "exchange" and "kept" not in seen:
            cards = [str(c) for c in view.hand][:3]
            seen["kept"], seen["before"] = cards[0], {str(c) for c in view.hand}
            seen["thrown"] = set(cards[1:])
            return " ".join(_spanish_numbered(c).upper() for c in cards)
        if view.phase == "exchange" and "back" not in seen:
            seen["back"] = True
            return f"back {_spanish_numbered(str(seen['kept']))}"
        if view.phase == "exchange" and "drew" not in seen:
            seen["drew"] = True
            return "draw"
        if "drew" in seen and "after" not in seen:
            seen["after"] = {str(c) for c in view.hand} | {str(c) for c in view.discards}
        return rng.choice(_legal_texts(table)[1])

    table, out, _ = _table(["--seed", "6", "--deals", "3"], policy)
    assert table.run() == 0
    text = out.getvalue()
    assert "drew" in seen, "the person never exchanged"
    assert re.search(r"to discard on 'draw': \S+ \S+ \S+ \('back' takes them back\)", text)
    before, after = seen["before"], seen["after"]
    assert isinstance(before, set) and isinstance(after, set)
    assert seen["kept"] in after and seen["thrown"] <= after  # thrown: among the discards
    drawn = re.search(r"you draw (.+)", text)
    took = re.search(r"  you: (exchanges 2 cards|takes the turned card and draws 1)\n", text)
    assert drawn is not None and took is not None  # the vuelta's card counts as one taken
    assert len(drawn.group(1).split()) == (2 if took.group(1).startswith("exchanges") else 1)
    assert not set(drawn.group(1).split()) & before
