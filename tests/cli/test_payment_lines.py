"""The terminal shows issue 29's payments (``tapete play tresillo`` and ``tapete play
lhombre``): the polla as each deal begins, the estuches and the bola in a deal's result, the
1-4-4 shared codillo, and Danish l'hombre's pot (the antes of an empty pot, what the player
takes from it or pays into it, the pot under the money table, its share at the end); every
amount checked against the session's results."""

from __future__ import annotations

import argparse
import dataclasses
import io
import random
from collections.abc import Callable

import pytest
from rich.console import Console

from tapete.cli.main import build_parser
from tapete.cli.play_lhombre import LhombreTable
from tapete.cli.play_tresillo import TresilloTable, shown_action, tresillo_text


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's default language comes from the locale: English unless --lang is given."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def _args(game: str, argv: list[str]) -> argparse.Namespace:
    args = build_parser().parse_args(["play", game, *argv])
    assert isinstance(args, argparse.Namespace)
    return args


def _legal(table: TresilloTable | LhombreTable) -> list[str]:
    state = table.state.clone()
    for text in table._pending:
        state.apply_action(state.string_to_action(text))
    deal = state.deal
    assert deal is not None
    return [deal.action_to_string(a) for a in deal.legal_actions()]


def _random_reader(holder: list[TresilloTable | LhombreTable], seed: int) -> Callable[[str], str]:
    rng = random.Random(seed)

    def read(prompt: str) -> str:
        texts = _legal(holder[0])
        if "bola" in texts:
            return "bola"
        return rng.choice(texts)

    return read


def _tresillo(argv: list[str], seed: int) -> tuple[TresilloTable, str]:
    out = io.StringIO()
    holder: list[TresilloTable | LhombreTable] = []
    table = TresilloTable(
        _args("tresillo", argv), Console(file=out, width=160, highlight=False),
        _random_reader(holder, seed),
    )  # fmt: skip
    holder.append(table)
    assert table.run() == 0
    return table, out.getvalue()


def test_the_polla_estuches_and_bola_lines_at_the_tresillo_table() -> None:
    rules = ["-p", "polla=1", "-p", "estuches=true", "-p", "bola=true", "-p", "bola_bonus=2",
             "-p", "tie_441=codille_split"]  # fmt: skip
    estuches_seen = 0
    for seed in range(4):
        table, text = _tresillo(["--seed", str(seed), "--deals", "12", *rules], seed)
        results, names = table.state.results, table.names
        assert text.count("the polla: each of the four puts 1 on the plate") == len(results)
        for result in results:
            assert result.polla == 1
            if result.player is None:
                continue
            player = names[result.player]
            if result.estuche_paid > 0:
                estuches_seen += 1
                assert (f"estuches of {player} ({result.estuches}): each of the others pays "
                        f"him {result.estuche_paid}") in text  # fmt: skip
            elif result.estuche_paid < 0:
                estuches_seen += 1
                assert (f"estuches of {player} ({result.estuches}): he pays "
                        f"{-result.estuche_paid} to each of the others") in text  # fmt: skip
            if result.bola:
                made = result.tricks_won[result.player] == 9
                line = (
                    f"bola made by {player}: each of the others pays him 2"
                    if made
                    else f"bola missed by {player}: he pays 2 to each of the others"
                )
                assert line in text
                assert f"{player}: bola! he will take all nine tricks" in text
            if result.outcome == "sacada":
                assert f"each of the others pays {result.value}" in text
            if result.outcome == "codillo_split":
                assert f"each defender is paid {3 * result.value // 2}" in text
    assert estuches_seen


def test_a_bola_made_and_missed_in_the_deals_result() -> None:
    # a bola is rare in play (the bots announce it only when sure): the result lines are
    # shown for results of a real session given the bola
    table, _ = _tresillo(["--seed", "2", "--deals", "3", "-p", "bola=true"], 2)
    played = next(r for r in table.state.results if r.player is not None)
    assert played.player is not None
    out = io.StringIO()
    table.console = Console(file=out, width=160, highlight=False)
    nine = tuple(9 if s == played.player else 0 for s in range(4))
    made = dataclasses.replace(played, bola=True, bola_paid=3, tricks_won=nine)
    missed = dataclasses.replace(played, bola=True, bola_paid=-3)
    table._deal_result(made)
    table._deal_result(missed)
    who = table.names[played.player]
    text = out.getvalue()
    assert f"bola made by {who}: each of the others pays him 3" in text
    assert f"bola missed by {who}: he pays 3 to each of the others" in text


def test_the_bola_is_read_and_shown_in_every_language() -> None:
    assert shown_action("es", "bola") == "bola" and shown_action("ru", "bola") == "бола"
    assert tresillo_text("бола", "play") == ["bola"] and tresillo_text("bola", "play") == ["bola"]


def test_a_tresillo_session_in_spanish_says_the_polla_in_spanish() -> None:
    _, text = _tresillo(["--seed", "1", "--deals", "2", "--lang", "es", "-p", "polla=2"], 1)
    assert text.count("la polla: cada uno de los cuatro pone 2 en el plato") == 2
    assert "each of the four" not in text


def test_the_dealers_polla_is_said_as_the_dealers() -> None:
    rules = ["-p", "polla=5", "-p", "polla_by=dealer"]
    _, text = _tresillo(["--seed", "2", "--deals", "2", *rules], 1)
    assert text.count("the polla: the dealer puts 5 on the plate") == 2
    assert "each of the four puts" not in text
    _, text = _tresillo(["--seed", "2", "--deals", "1", "--lang", "ru", *rules], 1)
    assert text.count("полья: сдающий кладёт 5 на тарелку") == 1


def _lhombre(argv: list[str], seed: int) -> tuple[LhombreTable, str]:
    out = io.StringIO()
    holder: list[TresilloTable | LhombreTable] = []
    table = LhombreTable(
        _args("lhombre", argv), Console(file=out, width=160, highlight=False),
        _random_reader(holder, seed),
    )  # fmt: skip
    holder.append(table)
    assert table.run() == 0
    return table, out.getvalue()


def test_the_pot_at_the_lhombre_table() -> None:
    table, text = _lhombre(["--seed", "5", "--deals", "6", "-p", "settlement=pot"], 5)
    view = table.view()
    results, names = view.results, table.names
    antes = sum(1 for r in results if r.ante)
    assert antes >= 1
    assert text.count("the pot was empty: each player puts 2 into it") == antes
    for result in results:
        if result.player is None or not result.pot_paid:
            continue
        who = names[result.player]
        if result.pot_paid > 0:
            assert f"{who} takes {result.pot_paid} from the pot" in text
        else:
            assert f"{who} pays {-result.pot_paid} into the pot" in text
        assert f"the pot: {result.pot_after}" in text
    last = results[-1].pot_after
    if last - view.unassigned:
        assert (f"the {last} left in the pot are shared: {(last - view.unassigned) // 3} to "
                "each player") in text  # fmt: skip
    assert view.pot == 0 and sum(view.balances) + view.unassigned == 0


def test_no_pot_lines_under_the_unions_settlement() -> None:
    _, text = _lhombre(["--seed", "5", "--deals", "2"], 5)
    assert "the pot" not in text
