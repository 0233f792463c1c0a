"""The server-side helpers of the pages: replay frames and hints, on every game."""

from __future__ import annotations

import random

import pytest

import tapete
from tapete.engine import random_playout, replay_states
from tapete.errors import RecordError
from tapete.web.frames import frame
from tapete.web.hints import hint

GAMES = ["pocha", "pocha-match", "ombre", "ombre-match", "trynka", "trynka-match"]
SMALL = {
    "pocha-match": {"n_players": 3, "hand_sequence": "up_only"},
    "ombre-match": {"num_deals": 2},
    "trynka-match": {"banks": 2},
}


def _rank_first(card: str) -> str:
    """``♥6`` and ``6♥`` are one card (views and packs may write French cards either way)."""
    return card[1:] + card[0] if card[0] in "♣♦♥♠" else card


def _record(name: str, seed: int) -> tapete.GameRecord:
    game = tapete.load_game(name, **SMALL.get(name, {}))
    final = random_playout(game.new_initial_state(), random.Random(seed))
    return tapete.GameRecord.from_state(final)


@pytest.mark.parametrize("name", GAMES)
def test_a_frame_is_every_seats_view_of_that_state(name: str) -> None:
    record = _record(name, 3)
    states = list(replay_states(record))
    total = len(record.actions)
    rng = random.Random(5)
    for n in sorted({0, 1, total, *(rng.randrange(total + 1) for _ in range(4))}):
        f = frame(record, n)
        state = states[n]
        assert f["move"] == n and f["total"] == total
        assert f["views"] == [state.view(s).to_dict() for s in range(state.game.num_players())]
        assert f["spectator"] == state.view(None).to_dict()
        if n == 0:
            assert f["text"] is None and f["actor"] is None
        else:
            assert f["text"] == record.actions[n - 1]
            before = states[n - 1].current_player()
            assert f["actor"] == (before if before >= 0 else -1)
        if f["hands"] is not None:  # the host's truth: each seat's view shows a subset of it
            for s, view in enumerate(f["views"]):
                own = view.get("hand") if isinstance(view.get("hand"), list) else []
                assert {_rank_first(c) for c in own} <= {_rank_first(c) for c in f["hands"][s]}


def test_trynka_frames_show_the_cards_of_a_seat_that_has_not_looked() -> None:
    record = _record("trynka", 1)
    f = frame(record, 10)
    assert f["hands"] is not None
    assert sum(len(h) for h in f["hands"]) > sum(len(v["hand"]) for v in f["views"])


@pytest.mark.parametrize("n", [-1, 10**6])
def test_a_frame_out_of_the_record_is_refused(n: int) -> None:
    with pytest.raises(RecordError):
        frame(_record("pocha", 2), n)


@pytest.mark.parametrize("name", GAMES)
def test_a_hint_is_a_legal_action_for_the_seat_to_move(name: str) -> None:
    game = tapete.load_game(name, **SMALL.get(name, {}))
    state = game.new_initial_state()
    rng = random.Random(7)
    asked = 0
    while not state.is_terminal() and asked < 5:
        if state.is_chance_node():
            state.apply_action(tapete.engine.sample_chance(state, rng))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        h = hint(game, seat, state.view(seat), legal, state.action_to_string, random.Random(1))
        assert h["action"] in legal and h["text"] == state.action_to_string(h["action"])
        assert h["player"] in tapete.players.available()
        asked += 1
        state.apply_action(rng.choice(legal))
    assert asked == 5 or (asked >= 1 and state.is_terminal())
