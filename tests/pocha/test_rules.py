"""La Pocha beyond the §4 scenarios: refusals, invariants, views, sampling, variants."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tapete
from tapete.cards import CardSet
from tapete.engine import play_chance, random_playout
from tapete.errors import IllegalActionError, NotationError
from tapete.games.pocha import PochaMatchState, PochaState

from .helpers import legal_texts, position


def test_illegal_play_is_refused_with_reason_and_state_unchanged() -> None:
    state = position(["5c Ab 2e 3b", "Rc 4c 3e 7o", "Se Ce 6b 7b", "5b 4b Cb Sb"], "2o", ("5c",))
    before = state.clone()
    cases = {
        "play 4c": ("must_overtake", "must overtake 5c: holds Rc"),
        "play 3e": ("must_follow", "must follow copas: holds Rc"),
        "play Ab": ("not_held", "Ab is not in the hand"),
        "bid 2": ("playing", "play a card"),
    }
    for text, (reason, detail) in cases.items():
        with pytest.raises(IllegalActionError) as info:
            state.apply_string(text)
        assert info.value.reason == reason and detail in str(info.value)
        assert info.value.seat == 1 and info.value.phase == "play"
        assert state == before and state.history() == before.history()


def test_must_trump_and_overtrump_reasons() -> None:
    state = position(["6c 4e 5e", "2o 6e 7e", "Ac 4c Ro", "4b 5b 6b"], "7o", ("6c",))
    with pytest.raises(IllegalActionError, match="void in copas, must trump: holds 2o"):
        state.apply_string("play 6e")
    state = position(["6c 4e 6e", "5o 7e Ce", "7o 4o Re", "4b 5b 6b"], "Co", ("6c", "5o"))
    with pytest.raises(IllegalActionError, match="must overtrump 5o: holds 7o"):
        state.apply_string("play 4o")


def test_malformed_action_text() -> None:
    state = tapete.load_game("pocha").new_initial_state()
    for text in ("fold", "bid x", "bid 99", "play", "swap now", ""):
        with pytest.raises(NotationError):
            state.string_to_action(text)
    with pytest.raises(NotationError, match="8o is not in the spanish40 pack"):
        state.string_to_action("deal 8o")


def test_undertrump_must_variant() -> None:
    hands = ["6c 4e 6e", "3o 7e Ce", "Ro 2o Ae", "4b 5b 6b"]
    assert legal_texts(position(hands, "Co", ("6c", "3o"))) == {"Ro", "2o", "Ae"}
    assert legal_texts(position(hands, "Co", ("6c", "3o"), undertrump="must")) == {"Ro", "2o"}


def test_follow_only_variant() -> None:
    hands = ["5c Ab 2e 3b", "Rc 4c 3e 7o", "Se Ce 6b 7b", "5b 4b Cb Sb"]
    assert legal_texts(position(hands, "2o", ("5c",), play_rules="follow_only")) == {"Rc", "4c"}
    state = position(["6c 4e 5e", "2o 6e 7e", "Ac 4c Ro", "4b 5b 6b"], "7o", ("6c",),
                     play_rules="follow_only")  # fmt: skip
    assert legal_texts(state) == {"2o", "6e", "7e"}  # void: anything, no duty to trump


def test_seven_swap_variant() -> None:
    hands = ["7b 4e 5e", "6c 2b 7e", "Ac 4c Ro", "4b 5b 6b"]
    state = position(hands, "Sb", seven_swap=True, bids=())
    assert state.phase() == "seven-swap" and state.current_player() == 0
    assert legal_texts_raw(state) == {"swap", "pass"}
    state.apply_string("swap")  # seat 0 gives 7b, takes Sb
    assert state.phase() == "two-swap" and str(state.view(3).trump_card) == "7b"
    assert CardSet.parse("Sb 4e 5e") == state.view(0).hand
    assert state.current_player() == 0
    with pytest.raises(IllegalActionError, match="only the holder of 2b may swap"):
        state.apply_string("swap")  # seat 0 has no 2b
    state.apply_string("pass")
    state.apply_string("swap")  # seat 1 gives 2b, takes the 7b
    assert state.phase() == "bidding"
    assert CardSet.parse("6c 7b 7e") == state.view(1).hand
    assert str(state.view(2).trump_card) == "2b"


def legal_texts_raw(state: PochaState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


@settings(max_examples=40)
@given(st.integers(0, 10_000), st.integers(3, 8), st.data())
def test_cards_are_conserved_through_a_hand(seed: int, n_players: int, data: st.DataObject) -> None:
    game = tapete.load_game("pocha", n_players=n_players)
    size = data.draw(st.integers(1, game.hand_size))  # type: ignore[attr-defined]
    state = tapete.load_game("pocha", n_players=n_players, hand_size=size).new_initial_state()
    assert isinstance(state, PochaState)
    rng = random.Random(seed)
    deck = state.rules.deck.mask
    while not state.is_terminal():
        played = sum(1 << c for c in state.trick) | sum(
            1 << c for _, cards, _ in state.finished for c in cards
        )
        turned = (
            1 << state.trump_card if state.trump_card >= 0 and state.trump_card_holder < 0 else 0
        )
        held = sum(state.hands)
        parts = [held, played, state._undealt & ~turned, turned]
        assert sum(p.bit_count() for p in parts) == len(state.rules.deck)
        assert (held | played | state._undealt | turned) == deck
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
    assert sum(state.tricks_won) == size
    # the dealer's restriction: the bids never add up to the number of tricks
    assert sum(state.bids) != size


@settings(max_examples=10)
@given(st.integers(0, 10_000), st.sampled_from([3, 4, 5, 6]))
def test_score_sheet_sums(seed: int, n_players: int) -> None:
    game = tapete.load_game("pocha-match", n_players=n_players, hand_sequence="up_only")
    state = random_playout(game.new_initial_state(), random.Random(seed))
    assert isinstance(state, PochaMatchState)
    totals = [0] * n_players
    for row in state.sheet:
        totals = [t + p for t, p in zip(totals, row.points, strict=True)]
        assert list(row.totals) == totals
        assert sum(row.won) == row.hand_size
        assert sum(row.bids) != row.hand_size
    assert state.returns() == [float(t) for t in totals]
    assert set(state.winners()) == {s for s in range(n_players) if totals[s] == max(totals)}


def test_view_hides_other_hands() -> None:
    state = play_chance(
        tapete.load_game("pocha", hand_size=5).new_initial_state(), random.Random(4)
    )
    for seat in range(4):
        view = state.view(seat)
        assert view.hand == CardSet(state.hands[seat])
        hidden = state.hidden_cards(seat)
        for other in range(4):
            if other != seat:
                assert CardSet(state.hands[other]) <= hidden
        assert sum(e.hidden for e in view.events) == 15  # three others' five cards
        assert all(e.arg("to") != seat for e in view.events if e.hidden)
    assert state.view(None).hand == CardSet()


def test_sampler_respects_voids_and_failures_to_overtake() -> None:
    # seat 1 shows a void in copas (trumps with 2o); seat 2 follows with 4c under Ac? No:
    # seat 2 must follow without beating (trick trumped); seat 3 holds no copas above...
    hands = ["6c 4e 5e 3c", "2o 6e 7e Se", "Ac 4c Ro Re", "4b 5b 6b 7c"]
    state = position(hands, "7o", ("6c", "2o", "4c", "7c"))
    view = state.view(0)
    game = state.game
    copas = CardSet.parse(" ".join(f"{r}c" for r in "A234567SCR"))
    for i in range(30):
        sampled = game.sample_consistent_state(view, random.Random(i))
        assert isinstance(sampled, PochaState)
        assert sampled.view(0) == view
        assert not CardSet(sampled.hands[1]) & copas  # void shown in trick 1
        # seat 3 played 7c (not beating 6c? 7c beats 6c in tute order, so no inference)
    # seat 2 followed with 4c under 6c while the trick was trumped: no inference, and
    # it keeps holding the Ac in some samples
    held_ac = sum(
        tapete.Card.parse("Ac")
        in CardSet(game.sample_consistent_state(view, random.Random(i)).hands[2])  # type: ignore[attr-defined]
        for i in range(30)
    )
    assert held_ac > 0


def test_sampler_infers_no_higher_card_after_failing_to_overtake() -> None:
    hands = ["5c 4e 5e", "2c 6e 7e", "Ac 4c Ro", "4b 5b 6b"]
    state = position(hands, "7o", ("5c", "2c"))  # seat 1 could not overtake the 5c
    view = state.view(2)
    beats_5c = CardSet.parse("Ac 3c Rc Cc Sc 7c 6c")
    for i in range(40):
        sampled = state.game.sample_consistent_state(view, random.Random(i))
        assert isinstance(sampled, PochaState)
        assert not CardSet(sampled.hands[1]) & beats_5c
        assert sampled.view(2) == view
