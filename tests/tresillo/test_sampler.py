"""The Tresillo sampler: every sample replays to the seat's own view; the vuelta card and
the voids are placed as the view allows."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import tapete
from tapete.engine import sample_chance
from tapete.engine.record import GameRecord, replay
from tapete.errors import TapeteError
from tapete.games.tresillo import TresilloState
from tapete.games.tresillo.game import MAX_SPEECHES

from .helpers import apply, dealt, stock_cards


def _vuelta_in_play() -> TresilloState:
    state = apply(dealt({}), "vuelta", "pass", "pass")
    apply(state, "turn " + stock_cards(state, 1)[0])
    hand = [str(c) for c in state.view(0).hand]
    turned = str(state.view(0).turned)
    apply(state, f"discard {hand[0] if hand[0] != turned else hand[1]}", "draw")
    for _ in range(2):
        apply(state, "draw")
    return state


def test_samples_place_the_vuelta_card_in_the_hand_or_the_discards() -> None:
    state = _vuelta_in_play()
    turned = state.turned
    assert state.phase() == "play" and state.hands[0] >> turned & 1  # he kept it
    view = state.view(1)
    places = set()
    for seed in range(40):
        sample = state.game.sample_consistent_state(view, random.Random(seed))
        assert sample.view(1) == view
        places.add("hand" if sample.hands[0] >> turned & 1 else "discards")
        assert sample.hands[0] >> turned & 1 or sample.discards[0] >> turned & 1
    assert places == {"hand", "discards"}  # seat 1 cannot tell which


def test_a_void_shown_in_play_is_kept_by_every_sample() -> None:
    for seed in range(30):
        state = tapete.load_game("tresillo").new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal() and len(getattr(state, "finished", ())) < 5:
            legal = state.legal_actions()
            state.apply_action(
                sample_chance(state, rng) if state.is_chance_node() else rng.choice(legal)
            )
        if state.is_terminal() or state.phase() != "play":
            continue
        view = state.view(state.current_player())
        sample = state.game.sample_consistent_state(view, random.Random(seed))
        assert sample.view(view.seat) == view
        assert replay(GameRecord.from_state(sample)) == sample


def test_a_record_with_a_defended_entrada_replays() -> None:
    from .test_scenarios import _entrada_in_play

    state = _entrada_in_play()
    apply(state, "surrender", "defend")
    while not state.is_terminal():
        state.apply_action(next(a for a in state.legal_actions() if a < 40))
    record = GameRecord.from_state(state, players=("a", "b", "c", "d"))
    again = replay(GameRecord.from_json(record.to_json()))
    assert isinstance(again, TresilloState)
    assert again == state and again.outcome == state.outcome
    assert "surrender" in record.to_json() and "defend" in record.to_json()


def test_the_longest_auction_fits_the_declared_bound() -> None:
    state = dealt({}, palo_de_favor="hearts")
    said = []
    while state.phase() == "auction":
        legal = state.legal_actions()
        bids = [a for a in legal if a != 40]
        # always hold or raise by the least possible: the auction runs as long as it can
        said.append(state.action_to_string(bids[0] if bids else legal[0]))
        state.apply_string(said[-1])
    # mano holds what a later seat bid; the later seats must raise; nobody can hold mano
    assert said == [
        "entrada", "entrada-favor", "vuelta", "vuelta", "solo", "solo-favor", "solo-favor",
        "pass", "pass",
    ]  # fmt: skip
    assert len(said) <= MAX_SPEECHES and state.player == 0


@settings(max_examples=120, deadline=None)
@given(
    st.integers(0, 10_000),
    st.integers(0, 90),
    st.sampled_from(
        ["play", "discard", "turn", "stock", "trumps", "entrada", "solo-favor", "surrender",
         "defend", "accept", "paso", "bien", "draw", "la defiendo"]
    ).flatmap(
        lambda verb: st.text(alphabet="AKQJ234567♣♦♥♠CDHS oroscpabten", max_size=8).map(
            lambda rest: f"{verb} {rest}".strip()
        )
    ),
)  # fmt: skip
def test_any_text_is_read_or_refused_cleanly(seed: int, steps: int, text: str) -> None:
    position = tapete.load_game("tresillo", palo_de_favor="clubs").new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if position.is_terminal():
            break
        legal = position.legal_actions()
        position.apply_action(
            sample_chance(position, rng) if position.is_chance_node() else rng.choice(legal)
        )
    before = position.clone()
    try:
        action = position.string_to_action(text)
        position.apply_action(action)
    except TapeteError as error:
        assert position == before and str(error)
    else:
        assert position.history()[-1] == action
