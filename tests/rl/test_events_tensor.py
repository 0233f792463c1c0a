"""The events-only information-state tensor (``Encoder(game, events_only=True)``, the
adapters' ``tensor="events"``): written from a state without its view, it holds exactly the
full tensor's seat, seat-to-act and event-log cells, and it tells apart every two views."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import tapete  # noqa: E402
from tapete.engine import Game, State, random_step  # noqa: E402
from tapete.errors import ConfigError  # noqa: E402
from tapete.rl.encoding import (  # noqa: E402
    EVENT_FIELDS,
    Encoder,
    EncodingError,
    encoder_for,
    events_tensor,
)

from .conftest import sample_states  # noqa: E402

#: Per deal game, option sets whose views differ in kind (La Pocha's blind hands, swaps and
#: auction; Trynka with five players and the joker).
DEAL_GAMES: list[tuple[str, dict[str, Any]]] = [
    ("pocha", {"n_players": 3, "hand_size": 3}),
    ("pocha", {"n_players": 4, "hand_size": 1, "ronda_india": True}),
    ("pocha", {"n_players": 3, "hand_size": 1, "ronda_ciega": True}),
    ("pocha", {"n_players": 3, "hand_size": 4, "ronda_subastada": True, "seven_swap": True}),
    ("ombre", {}),
    ("tresillo", {}),
    ("lhombre", {}),
    ("trynka", {}),
    ("trynka", {"n_players": 5, "joker": True}),
]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in params.items())}" for name, params in DEAL_GAMES]


def log_cells(full: Encoder, tensor: Any) -> Any:
    """The cells of the full tensor's seat, seat-to-act and event-log parts, in order."""
    return np.concatenate(
        [
            tensor[p.offset : p.offset + p.size]
            for p in full.parts
            if p.name.split(".")[0] in EVENT_FIELDS
        ]
    )


def played_states(game: Game, seed: int, games: int) -> list[State]:
    """Copies of every state of seeded random games (chance nodes and the end too)."""
    return sample_states(game, seed, limit=100_000, games=games)


@pytest.mark.parametrize(("name", "params"), DEAL_GAMES, ids=IDS)
def test_events_tensor_is_the_full_tensors_log_cells(name: str, params: dict[str, Any]) -> None:
    """At every state of seeded games, for every seat and the spectator, the events-only
    tensor written from the state (live, as the game goes, and from clones in random
    order) is what a new encoder writes for the view alone; where the layouts agree and
    the view holds the game's whole log (all but Trynka, whose whole log has more slots
    than its views' deal in progress), it equals the seat, seat-to-act and event-log cells
    of the view's full tensor."""
    game = tapete.load_game(name, **params)
    full = Encoder(game)
    log = Encoder(game, events_only=True)
    fresh = Encoder(game, events_only=True)
    assert [p.name for p in log.parts] == [
        p.name for p in full.parts if p.name.split(".")[0] in EVENT_FIELDS
    ]
    # Trynka's whole log has more slots than its views' deal in progress
    same_layout = log.size == log_cells(full, np.zeros(full.size, np.float32)).size
    seats: list[int | None] = [None, *range(game.num_players())]
    out = np.full(log.size, 7.0, np.float32)  # stale cells are overwritten

    def check(state: State, seat: int | None, got: Any) -> bool:
        view = state.view(seat)
        fresh.forget()  # no stream: the view written whole
        assert np.array_equal(got, fresh.encode(view)), (name, seat, len(state.history()))
        if not same_layout or view.all_events() != view.events:
            return False
        assert np.array_equal(got, log_cells(full, full.encode(view))), (name, seat)
        return True

    # live: one state played on, every seat's tensor at every step
    rng = random.Random(4)
    against_full = 0
    for _ in range(2):
        state = game.new_initial_state()
        while True:
            for seat in seats:
                assert log.encode_state(state, seat, out) is out
                against_full += check(state, seat, out)
            if state.is_terminal():
                break
            random_step(state, rng)
    # clones in a random order: every tensor still the state's own
    states = played_states(game, seed=9, games=2)
    for index in random.Random(2).sample(range(len(states)), min(120, len(states))):
        seat = random.Random(index).choice(seats)
        against_full += check(states[index], seat, log.encode_state(states[index], seat))
    assert against_full > 20 or (name == "trynka" and not same_layout)


def test_trynkas_events_tensor_keeps_the_deals_before_a_svara() -> None:
    """Trynka's views keep the deals before a svara apart (``earlier``); its events tensor
    holds the bank's whole log: after a svara, its event slots decode to every event
    after the opening, the earlier deal's included."""
    game = tapete.load_game("trynka")
    log = Encoder(game, events_only=True)
    (part,) = [p for p in log.parts if p.kind == "events"]
    rng = random.Random(0)
    for _ in range(400):  # random banks until one has a svara
        state = game.new_initial_state()
        while not state.is_terminal():
            random_step(state, rng)
            view = state.view(0)
            if view.earlier and len(view.all_events()) < part.shape[0]:
                decoded = log.decode(log.encode_state(state, 0))[part.name]
                actions = [e.action for e in view.all_events()]
                assert [e[2] for e in decoded] == actions[len(actions) - len(decoded) :]
                assert len(decoded) > len(view.events)  # the earlier deal is there
                return
    pytest.fail("no svara in 400 random banks")


@pytest.mark.parametrize(("name", "params"), DEAL_GAMES[::2], ids=IDS[::2])
def test_equal_events_tensors_mean_equal_views(name: str, params: dict[str, Any]) -> None:
    """The events-only tensor is a whole information state: two states that give a seat
    the same events tensor give it the same view (its full tensor), and the tensors of
    different views differ."""
    game = tapete.load_game(name, **params)
    full = Encoder(game)
    log = Encoder(game, events_only=True)
    seen: dict[bytes, bytes] = {}
    for state in played_states(game, seed=31, games=6):
        for seat in range(game.num_players()):
            key = log.encode_state(state, seat).tobytes()
            value = full.encode(state.view(seat)).tobytes()
            assert seen.setdefault(key, value) == value, (name, seat)
    assert len(set(seen.values())) == len(seen) > 10


def test_the_events_tensor_refuses_a_match_and_an_observation() -> None:
    """A match's information state is more than its live deal's events; an observation
    (no perfect recall) has no event log: both refused with the reason."""
    with pytest.raises(EncodingError, match="match"):
        Encoder(tapete.load_game("pocha-match", n_players=3, hand_sequence="1,2"), events_only=True)
    with pytest.raises(EncodingError, match="perfect_recall"):
        Encoder(tapete.load_game("pocha"), perfect_recall=False, events_only=True)
    with pytest.raises(ConfigError, match="one of view, events"):
        events_tensor("log", True)
    with pytest.raises(ConfigError, match="perfect_recall"):
        events_tensor("events", False)
    game = tapete.load_game("pocha", n_players=3, hand_size=2)
    log = encoder_for(game, True, True)
    with pytest.raises(EncodingError, match="shape"):
        log.encode_state(game.new_initial_state(), 0, np.zeros(3, np.float32))


def test_a_view_encoder_encodes_a_state_through_its_view() -> None:
    """``encode_state`` of the default encoder is ``encode(state.view(seat))``."""
    game = tapete.load_game("ombre")
    enc = Encoder(game)
    for state in played_states(game, seed=5, games=1)[::7]:
        for seat in (None, 0, 2):
            assert np.array_equal(enc.encode_state(state, seat), enc.encode(state.view(seat)))


def test_gymnasium_and_pettingzoo_offer_the_events_tensor() -> None:
    """``tensor="events"``: the spaces have the events tensor's size and every observation
    is the encoder's tensor of the state; a wrong choice is refused."""
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from tapete.rl.gymnasium import TapeteSeatEnv
    from tapete.rl.pettingzoo import TapeteAECEnv

    game = tapete.load_game("pocha", n_players=3, hand_size=3)
    log = Encoder(game, events_only=True)
    env = TapeteSeatEnv(game, opponents="random", tensor="events")
    assert env.observation_space.shape == (log.size,)
    obs, info = env.reset(seed=3)
    steps = 0
    done = False
    while not done:
        assert np.array_equal(obs, log.encode_state(env.state, 0))
        obs, _, done, _, info = env.step(info["legal_actions"][0])
        steps += 1
    assert steps >= 3
    aec = TapeteAECEnv(game, tensor="events")
    aec.reset(seed=4)
    for agent in aec.agent_iter(max_iter=30):
        observation, _, terminated, truncated, info = aec.last()
        seat = aec.possible_agents.index(agent)
        assert observation["observation"].shape == (log.size,)
        assert np.array_equal(observation["observation"], log.encode_state(aec.state, seat))
        aec.step(None if terminated or truncated else info["legal_actions"][-1])
    # the frameworks' own checkers, on the events tensor
    import warnings

    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # float observations, no render fps...
        check_env(TapeteSeatEnv(game, opponents="random", tensor="events"), skip_render_check=True)
        api_test(TapeteAECEnv(game, tensor="events"), num_cycles=200)
    with pytest.raises(ConfigError, match="tensor"):
        TapeteSeatEnv(game, tensor="log")
    with pytest.raises(ConfigError, match="perfect_recall"):
        TapeteAECEnv(game, perfect_recall=False, tensor="events")


def test_openspiel_observer_offers_the_events_tensor() -> None:
    """``make_observation(game, IIGObservationType(perfect_recall=True), {"tensor":
    "events"})`` writes the events-only tensor; other parameters are refused."""
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.observation import make_observation

    from tapete.rl import openspiel

    game = openspiel.load("pocha", n_players=3, hand_size=3)
    log = Encoder(tapete.load_game("pocha", n_players=3, hand_size=3), events_only=True)
    infostate = pyspiel.IIGObservationType(perfect_recall=True)
    observer = make_observation(game, infostate, {"tensor": "events"})
    assert observer.tensor.shape == (log.size,)
    rng = random.Random(6)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choice(outcomes)[0])
            continue
        player = state.current_player()
        observer.set_from(state, player)
        assert np.array_equal(observer.tensor, log.encode_state(state.tapete, player))
        decisions += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert decisions >= 9
    with pytest.raises(ValueError, match="tensor"):
        make_observation(game, infostate, {"tensor": "log"})
    with pytest.raises(ValueError, match="perfect_recall"):
        make_observation(
            game, pyspiel.IIGObservationType(perfect_recall=False), {"tensor": "events"}
        )
    with pytest.raises(ValueError, match="only observation parameter"):
        make_observation(game, infostate, {"colour": "red"})


@pytest.mark.parametrize("name", ["pocha", "trynka", "ombre"])
def test_a_log_longer_than_its_slots_keeps_the_latest_events(name: str) -> None:
    """With fewer slots than events (``max_events=5``), the tensor written from the raw
    log, live and from clones, is the one written from the view's events; its slots
    decode to the latest events."""
    game = tapete.load_game(name)
    log = Encoder(game, events_only=True, max_events=5)
    fresh = Encoder(game, events_only=True, max_events=5)
    (part,) = [p for p in log.parts if p.kind == "events"]
    states = played_states(game, seed=12, games=2)
    order = list(range(len(states))) + random.Random(1).sample(range(len(states)), 60)
    longer = 0
    for index in order:
        state = states[index]
        seat = index % game.num_players()
        got = log.encode_state(state, seat)
        fresh.forget()
        assert np.array_equal(got, fresh.encode(state.view(seat))), (name, index)
        events = state.view(seat).all_events()
        kept = log.decode(got)[part.name]
        assert [e[2] for e in kept] == [e.action for e in events[len(events) - len(kept) :]]
        longer += len(kept) == 5 and len(events) > 20
    assert longer > 10


@pytest.mark.parametrize("keep", [1, 2, 5])
def test_few_streams_kept_still_give_each_states_tensor(keep: int) -> None:
    """With room for only ``keep`` streams (the oldest one's tensor reused for a new one),
    tensors of many interleaved states and seats, clones among them, are each state's own."""
    game = tapete.load_game("pocha", n_players=3, hand_size=3)
    log = Encoder(game, events_only=True)
    assert log._raw is not None
    log._raw.max_streams = keep
    fresh = Encoder(game, events_only=True)
    states = played_states(game, seed=17, games=4)
    rng = random.Random(keep)
    for _ in range(300):
        state = rng.choice(states)
        seat = rng.choice([None, 0, 1, 2])
        fresh.forget()
        assert np.array_equal(log.encode_state(state, seat), fresh.encode(state.view(seat)))
    assert len(log._raw.streams) <= keep


def test_a_stream_of_a_state_gone_is_reused_and_a_live_ones_kept() -> None:
    """A seat's stream of a game whose state is gone (nobody else holds its log) serves the
    seat's next game, its tensor reused; one of a state still held is never reused: asking
    that state again gives its own tensor, written before and not again. Every tensor is
    the view encoder's."""
    game = tapete.load_game("pocha", n_players=3, hand_size=3)
    log = Encoder(game, events_only=True)
    raw = log._raw
    assert raw is not None
    fresh = Encoder(game, events_only=True)

    def dealt(seed: int) -> State:
        state = game.new_initial_state()
        rng = random.Random(seed)
        while state.is_chance_node():
            random_step(state, rng)
        return state

    def check(state: State, seat: int | None) -> None:
        fresh.forget()
        assert np.array_equal(log.encode_state(state, seat), fresh.encode(state.view(seat)))

    held = dealt(1)
    check(held, 0)
    first = raw.last[1]
    check(dealt(2), 0)  # `held` is alive: a new stream
    second = raw.last[1]
    assert second is not first and raw.unheld(second)  # (that state is already gone)
    check(dealt(3), 0)  # the state of `second` is gone: its stream serves this one
    assert raw.last[1] is second and second.tensor is not first.tensor
    assert not raw.unheld(first)
    written = first.written
    check(held, 0)  # found again by its log's identity, nothing to write
    assert raw.last[1] is first and first.written == written
    for seed in range(4, 40):  # many games gone, one after another: one stream serves them
        check(dealt(seed), None)
        check(dealt(seed), 2)
    assert len(raw.streams) == 4  # held's, second's, and one for each of the two seats
    events = held.raw_events()  # a reference held elsewhere keeps a log held
    del held
    assert not raw.unheld(first)
    del events
    assert raw.unheld(first)
