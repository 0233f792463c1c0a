"""The hints' reasons (tapete.web.hints): codes with values that match the position."""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tapete
from tapete import players
from tapete.engine.api import PlayerView
from tapete.players import Player
from tapete.players.explain import explain
from tapete.web import hints
from tapete.web.app import create_app
from tapete.web.hints import hint, hint_players

RULE: tuple[tuple[str, dict[str, Any]], ...] = (("rule", {}),)


def _dealt(game: tapete.Game, hands: str, turned: str) -> tapete.State:
    """A La Pocha hand of one card each: ``hands`` seat by seat, then the turned card."""
    state = game.new_initial_state()
    for card in hands.split():
        state.apply_string(f"deal {card}")
    state.apply_string(f"turn {turned}")
    return state


def _reasons(state: tapete.State, action: int) -> dict[str, dict[str, object]]:
    seat = state.current_player()
    found = explain(state.view(seat), action, state.legal_actions(), state.action_to_string)
    return {r["code"]: r for r in found}


def test_the_dealer_is_told_which_bid_is_forbidden() -> None:
    game = tapete.load_game("pocha", n_players=4, hand_size=1)
    state = _dealt(game, "Ao 2c 4c 5c", "7o")
    for text in ("bid 1", "bid 0", "bid 0"):  # seats 0-2; the dealer (seat 3) may not bid 0
        state.apply_string(text)
    legal = state.legal_actions()
    reasons = _reasons(state, legal[0])
    assert reasons["dealer_forbidden"]["bid"] == 0
    assert state.string_to_action("bid 0") not in legal
    assert "bid_count" in reasons


def test_a_card_that_takes_the_trick_is_said_to_take_it() -> None:
    game = tapete.load_game("pocha", n_players=4, hand_size=1)
    # seat 1 holds the ace of oros (trumps: the turned 7 of oros), seat 0 the three of copas
    state = _dealt(game, "3c Ao 4c 5c", "7o")
    for text in ("bid 0", "bid 1", "bid 1", "bid 0"):
        state.apply_string(text)
    state.apply_string("play 3c")  # seat 0 leads
    ace = state.string_to_action("play Ao")
    reasons = _reasons(state, ace)
    assert reasons["takes_trick"]["only"] is True
    assert reasons["need_tricks"]["need"] == 1


def test_trynka_reasons_carry_the_servers_reveal_cost() -> None:
    rng = random.Random(4)
    for _ in range(300):
        state = tapete.load_game("trynka", n_players=2).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(tapete.engine.sample_chance(state, rng))
                continue
            texts = {state.action_to_string(a): a for a in state.legal_actions()}
            if "reveal" in texts:
                view: Any = state.view(state.current_player())
                price = _reasons(state, texts["reveal"])["trynka_price"]
                assert price["cost"] == view.reveal_cost > 0
                assert price["bank"] == view.bank
                return
            state.apply_action(rng.choice(list(texts.values())))
    pytest.fail("no reveal came up in 300 banks")


@pytest.mark.parametrize("name", ["pocha", "ombre", "trynka"])
def test_every_decision_gets_a_legal_hint_with_reasons(name: str) -> None:
    state = tapete.load_game(name).new_initial_state()
    rng = random.Random(11)
    explained = decisions = 0
    while not state.is_terminal() and decisions < 60:
        if state.is_chance_node():
            state.apply_action(tapete.engine.sample_chance(state, rng))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        h = hint(state.game, seat, state.view(seat), legal, state.action_to_string, players=RULE)
        assert h["action"] in legal and h["player"] == "rule"
        assert all(isinstance(r["code"], str) for r in h["why"])
        explained += bool(h["why"])
        decisions += 1
        state.apply_action(h["action"])
    assert decisions and explained >= decisions // 2


def test_the_strongest_registered_bot_comes_first() -> None:
    available = players.available()
    for name in ("pocha", "ombre-match", "trynka", "tresillo", "lhombre-match"):
        chosen = [n for n, _ in hint_players(name)]
        assert chosen[-2:] == ["rule", "random"] or chosen[-1] == "rule"
        if name.startswith(("pocha", "ombre", "tresillo", "lhombre")) and "search" in available:
            assert chosen[0] == "search"
        if name == "trynka" and "trynka-cfr" in available:
            assert chosen[0] == "trynka-cfr"


class _WaitingBot(Player):
    """A hint bot that thinks until the test lets it go (then plays the first legal action);
    ``ran_out`` says it was not let go within its patience."""

    name = "waiting-hint"
    go = threading.Event()
    ran_out = False

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        if not self.go.wait(30):
            type(self).ran_out = True
        return legal_actions[0]


def test_the_table_plays_on_while_a_hint_thinks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(players.base._PLAYERS, "waiting-hint", _WaitingBot)
    monkeypatch.setitem(hints.HINT_PLAYERS, "pocha", (("waiting-hint", {}),))
    _WaitingBot.go.clear()
    _WaitingBot.ran_out = False
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.sqlite3'}")) as client:
        made = client.post(
            "/api/tables",
            json={
                "game": "pocha",
                "params": {"n_players": 3, "hand_size": 2},
                "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
                "bot_delay": 0,
                "name": "Ana",
                "seat": 0,
            },
        ).json()
        with client.websocket_connect(f"/ws/{made['table']['id']}") as ws:
            ws.send_json({"type": "hello", "protocol": 1, "token": made["token"]})
            while (state := ws.receive_json())["type"] != "state" or not state["legal"]:
                pass
            ws.send_json({"type": "hint", "state": state["state"]})
            # the bot thinks (it waits for the test); the seat plays on and the table answers
            ws.send_json(
                {"type": "action", "state": state["state"], "action": state["legal"][0]["action"]}
            )
            seen = []
            while (message := ws.receive_json())["type"] != "state" or (
                message["state"] <= state["state"]
            ):
                seen.append(message["type"])
            _WaitingBot.go.set()
            assert not _WaitingBot.ran_out, "the table waited for the hint"
            assert "hint" not in seen


def test_an_ombre_auction_hint_gives_the_searchs_simulation() -> None:
    """At Ombre's auction the search bot's hint carries its simulated values of "I play"
    and passing (the contract search's own, not the rule bot's count alone), and the margin
    only where it plays a hand it simulates below passing."""
    pytest.importorskip("numba", reason="the search bot needs the solvers extra")
    game = tapete.load_game("ombre")
    search = (("search", {"worlds": 24}),)
    rng = random.Random(7)
    seen = 0
    later: list[str] = []
    for _ in range(12):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(tapete.engine.sample_chance(state, rng))
        seat = state.current_player()
        h = hint(game, seat, state.view(seat), state.legal_actions(), state.action_to_string,
                 rng=random.Random(1), players=search)  # fmt: skip
        found = {r["code"]: r for r in h["why"]}
        if "ombre_searched" not in found:
            assert h["text"] == "pass" and len(state.legal_actions()) == 1
            continue
        seen += 1
        reason = found["ombre_searched"]
        assert reason["deals"] == 24 and -1.0 <= reason["value"] <= 1.0
        below = h["text"] == "ombre" and reason["value"] < reason["pass"]
        assert ("margin" in reason) == below
        assert "ombre_hand" in found  # the rule bot's count stays beside it
        if h["text"] == "ombre" and not later:
            later = _later_contract_hints(game, state, seat, h["action"], search)
    assert seen >= 6
    assert later == ["exchange_searched", "trumps_searched"]


def _later_contract_hints(
    game: tapete.Game, state: tapete.State, me: int, declare: int, search: Any
) -> list[str]:
    """Play on from ``me``'s declaration (the others by ``rule``, ``me`` by its hints) and
    return the contract reasons of its first discard's hint and of its trumps' hint."""
    rule = players.load("rule")
    rng = random.Random(3)
    state.apply_action(declare)
    codes: list[str] = []
    while not state.is_terminal() and state.phase() != "play":
        if state.is_chance_node():
            state.apply_action(tapete.engine.sample_chance(state, rng))
            continue
        seat, legal = state.current_player(), state.legal_actions()
        if seat != me or len(legal) < 2:
            state.apply_action(rule.choose(state.view(seat), legal, rng))
            continue
        h = hint(game, seat, state.view(seat), legal, state.action_to_string,
                 rng=random.Random(1), players=search)  # fmt: skip
        found = [r["code"] for r in h["why"] if r["code"].endswith("_searched")]
        if (state.phase() == "exchange" and not codes) or state.phase() == "trumps":
            codes += found
        state.apply_action(h["action"])
    return codes


def test_the_contract_reasons_replace_the_rule_bots_where_they_differ() -> None:
    text_of = {1: "ombre", 0: "pass"}.__getitem__
    contract = {"values": {"ombre": -0.3, "pass": -0.1}, "worlds": 130, "margin": -0.4}
    count = {"code": "ombre_hand", "tricks": 2.9, "suit": "spades", "needed": 3.1}
    below = hints._with_contract([count], contract, 1, text_of, "ombre")
    assert below == [count, {"code": "ombre_searched", "value": -0.3, "pass": -0.1,
                             "deals": 130, "margin": 0.4}]  # fmt: skip
    assert "margin" not in hints._with_contract([count], contract, 0, text_of, "ombre")[-1]
    keep = {"code": "exchange_keep", "card": "QH", "ombre": True}
    rule_plan = {"values": {"plan 0": 0.4, "plan 1": 0.1, "plan 2": -2.0}, "worlds": 90}
    assert hints._with_contract([keep], rule_plan, 5, text_of, "ombre") == [
        keep,
        {
            "code": "exchange_searched",
            "value": 0.4,
            "next": 0.1,
            "deals": 90,
            "scale": "sacardo_codille",
        },
    ]
    other_plan = {"values": {"plan 0": 0.1, "plan 3": 0.4}, "worlds": 90}
    assert [r["code"] for r in hints._with_contract([keep], other_plan, 5, text_of, "ombre")] == [
        "exchange_searched"
    ]  # the rule bot's reason for its own plan goes
    trumps = {"values": {"trumps CLUBS": 0.2, "trumps SPADES": 0.6}, "worlds": 400}
    (found,) = hints._with_contract([{**count, "suit": "clubs"}], trumps, 7, text_of, "ombre")
    assert found == {"code": "trumps_searched", "suit": "spades", "value": 0.6, "next": 0.2,
                     "deals": 400, "scale": "sacardo_codille"}  # fmt: skip
    assert len(hints._with_contract([count], trumps, 7, text_of, "ombre")) == 2  # same suit: kept
