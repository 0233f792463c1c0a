"""Property test (issue 29): on seeded games under random rule options, every payment of a
Tresillo deal is recomputed here from the deal's public record (the tricks, who played which
card, the contract, the trumps, the bola announced), independently of the engine's scoring,
and must give the same balances and plate.

The seats are rule bots (which win the first five tricks often enough to meet the bola) or
random players, by a coin per seat."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import tapete
from tapete.engine import sample_chance
from tapete.games.ombre_family.tables import trump_order
from tapete.games.tresillo import TresilloState
from tapete.players.base import load as load_player

OPTIONS = st.fixed_dictionaries(
    {
        "palo_de_favor": st.sampled_from(["none", "clubs", "hearts"]),
        "plate_payout": st.sampled_from(["first", "all"]),
        "tie_441": st.sampled_from(["puesta", "codille_split"]),
        "bola": st.booleans(),
        "bola_bonus": st.integers(0, 4),
        "estuches": st.booleans(),
        "estuche_unit": st.integers(0, 3),
        "polla": st.integers(0, 3),
        "polla_by": st.sampled_from(["each", "dealer"]),
        "plate": st.sampled_from(["", "6", "3/9"]),
    }
)

CONTRACT_VALUE = {
    "entrada": "entrada_value",
    "entrada_favor": "entrada_value",
    "vuelta": "vuelta_value",
    "solo": "solo_value",
    "solo_favor": "solo_value",
}


def play(params: dict[str, Any], seed: int) -> TresilloState:
    game = tapete.load_game("tresillo", **params)
    rng = random.Random(seed)
    bots: dict[int, Any] = {}
    for seat in range(4):
        if rng.random() < 0.7:
            bot = load_player("rule")
            bot.start(game, seat)
            bots[seat] = bot
    state = game.new_initial_state()
    assert isinstance(state, TresilloState)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        if seat in bots:
            action = bots[seat].choose(state.view(seat), legal, rng)
        else:
            action = legal[int(rng.random() * len(legal))]
        state.apply_action(action)
    return state


def expected_money(state: TresilloState, params: dict[str, Any]) -> tuple[list[int], list[int]]:
    """The balances and plate the rules say, worked out from the public record."""
    game = state.game
    p = dict(game.params)
    polla = p["polla"]
    view = state.view(None)
    payers = [view.dealer] if p["polla_by"] == "dealer" else list(range(4))
    balances = [b - (polla if s in payers else 0) for s, b in enumerate(game.balances)]
    plate = list(game.plate)
    if polla:
        if plate:
            plate[0] += len(payers) * polla
        else:
            plate.append(len(payers) * polla)
    outcome = view.outcome
    if outcome == "all_pass":
        return balances, plate
    player, dealer = view.player, view.dealer
    assert player is not None and view.contract is not None and view.trumps is not None
    value = p[CONTRACT_VALUE[view.contract]]
    if p["palo_de_favor"] != "none" and view.trumps.name.lower() == p["palo_de_favor"]:
        value += p["favor_extra"]
    if outcome not in ("sacada", "codillo", "codillo_split", "puesta"):
        return [], []  # surrender and defence: their own scenario tests cover them
    tricks = view.tricks_won
    others = [s for s in range(4) if s != dealer and s != player]
    t, t1, t2 = tricks[player], tricks[others[0]], tricks[others[1]]
    everyone_else = [s for s in range(4) if s != player]

    def each_pays(amount: int) -> None:
        for s in everyone_else:
            balances[s] -= amount
            balances[player] += amount

    if t > t1 and t > t2:
        assert outcome == "sacada"
        each_pays(value)
        if plate:
            taken = sum(plate) if p["plate_payout"] == "all" else plate[0]
            plate = [] if p["plate_payout"] == "all" else plate[1:]
            balances[player] += taken
    elif max(t1, t2) > t and t1 != t2:
        assert outcome == "codillo"
        winner = others[0] if t1 > t2 else others[1]
        balances[player] -= 3 * value
        balances[winner] += 3 * value
    elif t == 1 and p["tie_441"] == "codille_split":
        assert outcome == "codillo_split" and t1 == t2 == 4
        for s in others:
            balances[s] += 3 * value // 2
            balances[player] -= 3 * value // 2
    else:
        assert outcome == "puesta"
        balances[player] -= 3 * value
        plate.append(3 * value)
    won = outcome == "sacada"
    if p["estuches"]:
        # the player's nine cards are the ones he played; count the run from the espada
        held = {card for trick in view.finished_tricks for seat, card in _seated(trick, dealer)
                if seat == player}  # fmt: skip
        run = 0
        for card in trump_order(view.trumps):
            if card not in held:
                break
            run += 1
        if run >= 3:
            each_pays((1 if won else -1) * run * p["estuche_unit"])
    if any(e.kind == "bola" for e in view.events):
        each_pays((1 if t == 9 else -1) * p["bola_bonus"])
    return balances, plate


def _seated(trick: Any, dealer: int) -> list[tuple[int, Any]]:
    seat, out = trick.leader, []
    for card in trick.cards:
        out.append((seat, card))
        seat = (seat + 1) % 4
        if seat == dealer:
            seat = (seat + 1) % 4
    return out


@settings(max_examples=60, deadline=None)
@given(params=OPTIONS, seed=st.integers(0, 10_000))
def test_every_payment_recomputed(params: dict[str, Any], seed: int) -> None:
    state = play(params, seed)
    assert sum(state.returns()) + state.plate_change() == 0
    balances, plate = expected_money(state, params)
    if balances:
        assert (state.balances, state.plate) == (balances, plate)
    else:  # a surrender or a defence: no estuches, no bola, the polla only
        assert state.estuche_paid == 0 and state.bola_paid == 0


def test_the_bola_and_the_estuches_are_met_in_the_sample() -> None:
    """The property's games do reach bolas and estuches (seeds of the same kind)."""
    params = {"bola": True, "estuches": True, "bola_bonus": 2, "estuche_unit": 1, "polla": 1}
    bolas = estuches = 0
    for seed in range(150):
        state = play(params, seed)
        bolas += state.bola_announced
        estuches += state.estuches > 0
        balances, plate = expected_money(state, params)
        if balances:
            assert (state.balances, state.plate) == (balances, plate)
    assert bolas > 0 and estuches > 0
