"""Research adapters, side by side in one process: random full games per second through
tapete's API, its OpenSpiel adapter, PettingZoo and Gymnasium, against OpenSpiel's own
``oh_hell`` at the nearest configuration (4 players, 4 x 11 ranks, 10 tricks: oh_hell needs a
card left to turn), same loop; the observation encoders' cost per call against oh_hell's
information-state tensor; optionally OpenSpiel's ISMCTS against ``rule`` through the arena.

    .venv/bin/python benchmarks/rl_speed.py --seconds 3
    .venv/bin/python benchmarks/rl_speed.py --ismcts 100:8,1000:1   # simulations:deals

Run it with the tapete that ``pip install .`` builds (the compiled rules core) to see what
users get; the development install (editable) is pure Python. Every rate and cost is per
CPU second of this process (``time.process_time``: the other processes of a shared machine
do not count), the best of ``--repeats`` rounds in which every loop runs in turn (an
encoder's timed run repeats its passes over the views until ``--min-run`` CPU seconds, and
counts their mean); the load average is printed. The JSON line at the end holds every
figure.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

import tapete
from tapete.engine import sample_chance
from tapete.rl import openspiel
from tapete.rl.encoding import encoder_for
from tapete.rl.encoding.encoder import action_mask
from tapete.testing import decision_views

POCHA = {"n_players": 4, "hand_size": 10}
OH_HELL_PARAMS = {"players": 4, "num_suits": 4, "num_cards_per_suit": 11, "num_tricks_fixed": 10}
OH_HELL = "oh_hell(" + ",".join(f"{key}={value}" for key, value in OH_HELL_PARAMS.items()) + ")"
#: The least CPU seconds of one timed run of an encoder (``--min-run``): the passes over
#: the views are repeated until they add up to it.
MIN_RUN_SECONDS = 0.1


def rates(
    loops: dict[str, Callable[[random.Random], Any]], seconds: float, repeats: int
) -> dict[str, float]:
    """Games per CPU second of each loop: ``repeats`` rounds, each running every loop in
    turn for ``seconds`` of this process's CPU time (so that the other processes of a
    shared machine do not count, and its noise hits every loop alike); the best round."""
    best = dict.fromkeys(loops, 0.0)
    for r in range(repeats):
        for name, play_one in loops.items():
            rng = random.Random(r)
            games, start = 0, time.process_time()
            while time.process_time() - start < seconds:
                play_one(rng)
                games += 1
            best[name] = max(best[name], games / (time.process_time() - start))
    return best


def tapete_game(rng: random.Random, game: Any = None, observe: Any = None) -> None:
    """One random game through tapete's own API (the loop of :func:`spiel_game`: a chance
    outcome picked uniformly, as both games deal, and a uniform legal action)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
        else:
            if observe is not None:
                observe(state)
            actions = state.legal_actions()
            state.apply_action(actions[int(rng.random() * len(actions))])


def spiel_game(
    rng: random.Random, game: Any = None, observe: Any = None, mask_size: int = 0
) -> None:
    """One random game through OpenSpiel's API (its own game or tapete's adapter);
    ``mask_size``: a legal-action mask of that many cells made at every decision, as the
    environments make it (:func:`tapete.rl.encoding.encoder.action_mask`, the same for both)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
        else:
            if observe is not None:
                observe(state)
            actions = state.legal_actions()
            if mask_size:
                action_mask(actions, mask_size)
            state.apply_action(actions[int(rng.random() * len(actions))])


def games_per_second(seconds: float, repeats: int) -> dict[str, float]:
    """Random full games per second through every API, without and with the information
    state tensor of the seat to act written into numpy at every decision."""
    from open_spiel.python.observation import make_observation

    from tapete.rl.gymnasium import TapeteSeatEnv
    from tapete.rl.pettingzoo import TapeteAECEnv

    game = tapete.load_game("pocha", **POCHA)
    oh_hell = pyspiel.load_game(OH_HELL)
    adapter = openspiel.load("pocha", **POCHA)
    enc = encoder_for(game)
    buf = np.zeros(enc.size, np.float32)
    events_enc = encoder_for(game, events_only=True)
    events_buf = np.zeros(events_enc.size, np.float32)
    infostate = pyspiel.IIGObservationType(perfect_recall=True)
    oh_obs = make_observation(oh_hell, infostate)
    adapter_obs = make_observation(adapter, infostate)
    adapter_events = make_observation(adapter, infostate, {"tensor": "events"})

    def tapete_observe(state: Any) -> None:
        enc.encode(state.view(state.current_player()), buf)

    def tapete_events(state: Any) -> None:
        events_enc.encode_state(state, state.current_player(), events_buf)

    def adapter_observe_events(state: Any) -> None:
        adapter_events.set_from(state, state.current_player())

    def oh_observe(state: Any) -> None:
        oh_obs.set_from(state, state.current_player())

    def adapter_observe(state: Any) -> None:
        adapter_obs.set_from(state, state.current_player())

    aecs = {tensor: TapeteAECEnv(game, tensor=tensor) for tensor in ("view", "events")}

    def aec_game(rng: random.Random, aec: Any, mask_in_info: bool = False) -> None:
        """One game of PettingZoo's loop: tapete's environment (the legal actions in the
        info), or ``oh_hell`` through Shimmy's OpenSpiel wrapper (``mask_in_info``; its
        observation: oh_hell's tensor)."""
        aec.reset(seed=rng.randrange(2**31))
        for _agent in aec.agent_iter():
            _obs, _, terminated, truncated, info = aec.last()
            if terminated or truncated:
                aec.step(None)
            elif mask_in_info:
                legal = np.flatnonzero(info["action_mask"])
                aec.step(int(legal[int(rng.random() * len(legal))]))
            else:
                legal = info["legal_actions"]
                aec.step(legal[int(rng.random() * len(legal))])

    def pettingzoo_game(rng: random.Random, tensor: str = "view") -> None:
        aec_game(rng, aecs[tensor])

    shimmy_loops: dict[str, Callable[[random.Random], Any]] = {}
    try:  # the `bench` extra: OpenSpiel's games through PettingZoo
        from shimmy import OpenSpielCompatibilityV0
    except ImportError:
        print("Shimmy is not installed (the bench extra): no oh_hell through PettingZoo")
    else:
        shimmy_oh = OpenSpielCompatibilityV0(game_name="oh_hell", config=OH_HELL_PARAMS)
        shimmy_loops["pettingzoo_oh_hell_shimmy"] = lambda r: aec_game(r, shimmy_oh, True)

    gyms = {t: TapeteSeatEnv(game, opponents="random", tensor=t) for t in ("view", "events")}

    def gymnasium_game(rng: random.Random, tensor: str = "view") -> None:
        gym = gyms[tensor]
        _, info = gym.reset(seed=rng.randrange(2**31))
        done = False
        while not done:
            legal = info["legal_actions"]
            _, _, done, _, info = gym.step(legal[int(rng.random() * len(legal))])

    plain = rates(
        {
            "tapete_api": lambda r: tapete_game(r, game),
            "openspiel_oh_hell": lambda r: spiel_game(r, oh_hell),
            "openspiel_adapter": lambda r: spiel_game(r, adapter),
        },
        seconds,
        repeats,
    )
    observed = rates(
        {
            "tapete_api_with_infostate": lambda r: tapete_game(r, game, tapete_observe),
            "openspiel_oh_hell_with_infostate": lambda r: spiel_game(r, oh_hell, oh_observe),
            "openspiel_adapter_with_infostate": lambda r: spiel_game(r, adapter, adapter_observe),
            # the loop the environments run: a tensor and a legal-action mask every decision
            "openspiel_oh_hell_with_infostate_and_mask": lambda r: spiel_game(
                r, oh_hell, oh_observe, oh_hell.num_distinct_actions()
            ),
            "openspiel_adapter_with_events_tensor_and_mask": lambda r: spiel_game(
                r, adapter, adapter_observe_events, adapter.num_distinct_actions()
            ),
            "pettingzoo_aec": pettingzoo_game,
            "gymnasium_seat_vs_random": gymnasium_game,
            "tapete_api_with_events_tensor": lambda r: tapete_game(r, game, tapete_events),
            "openspiel_adapter_with_events_tensor": lambda r: spiel_game(
                r, adapter, adapter_observe_events
            ),
            "pettingzoo_aec_events_tensor": lambda r: pettingzoo_game(r, "events"),
            "gymnasium_seat_vs_random_events_tensor": lambda r: gymnasium_game(r, "events"),
        }
        | shimmy_loops,
        seconds,
        repeats,
    )
    return plain | observed


def string_cost(seconds: float, repeats: int) -> dict[str, float]:
    """Microseconds of CPU per ``information_state_string`` of the seat to act, asked at
    every decision of random games (its cost inside the loop, where the adapter extends
    the string kept from the last decision), for oh_hell and tapete's adapter: each loop
    with and without the call, the difference per decision; the best of ``repeats``."""
    oh_hell = pyspiel.load_game(OH_HELL)
    adapter = openspiel.load("pocha", **POCHA)
    out: dict[str, float] = {}
    for name, game in (("oh_hell", oh_hell), ("adapter", adapter)):
        best = float("inf")
        for r in range(repeats):
            timed = {}
            for ask in (False, True):
                rng = random.Random(r)
                decisions, start = 0, time.process_time()
                while time.process_time() - start < seconds:
                    state = game.new_initial_state()
                    while not state.is_terminal():
                        if state.is_chance_node():
                            outcomes = state.chance_outcomes()
                            state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                            continue
                        if ask:
                            state.information_state_string(state.current_player())
                        decisions += 1
                        actions = state.legal_actions()
                        state.apply_action(actions[int(rng.random() * len(actions))])
                timed[ask] = (time.process_time() - start) / decisions
            best = min(best, 1e6 * (timed[True] - timed[False]))
        out[f"information_state_string_us_{name}"] = round(best, 2)
    out["information_state_string_ratio"] = round(
        out["information_state_string_us_adapter"] / out["information_state_string_us_oh_hell"], 2
    )
    return out


def clone_cost(games: int, repeats: int) -> dict[str, float]:
    """Microseconds of CPU per information-state tensor at every decision of random La
    Pocha 4 x 10 games (``live``), and of two clones of each decision's state played 0–3
    random moves ahead (``clone``: a tree search's or a CFR traversal's states), in the same
    run; the best of ``repeats``. ``tensor_us``: the view made and encoded (the default
    tensor); ``events_tensor_us``: the events-only tensor written from the state."""
    game = tapete.load_game("pocha", **POCHA)
    encoders = {"tensor_us": encoder_for(game), "events_tensor_us": encoder_for(game, True, True)}
    out: dict[str, float] = {}
    for name, enc in encoders.items():
        buf = np.zeros(enc.size, np.float32)
        live, clone = f"{name}_live", f"{name}_clone"
        best = {live: float("inf"), clone: float("inf")}
        for r in range(repeats):
            rng = random.Random(r)
            spent = {live: 0.0, clone: 0.0}
            counts = {live: 0, clone: 0}
            for _ in range(games):
                state = game.new_initial_state()
                while not state.is_terminal():
                    if state.is_chance_node():
                        state.apply_action(sample_chance(state, rng))
                        continue
                    start = time.process_time()
                    enc.encode_state(state, state.current_player(), buf)
                    spent[live] += time.process_time() - start
                    counts[live] += 1
                    for _clone in range(2):
                        ahead = state.clone()
                        for _move in range(rng.randrange(4)):
                            if ahead.is_terminal() or ahead.is_chance_node():
                                break
                            ahead.apply_action(rng.choice(ahead.legal_actions()))
                        if ahead.is_terminal() or ahead.is_chance_node():
                            continue
                        start = time.process_time()
                        enc.encode_state(ahead, ahead.current_player(), buf)
                        spent[clone] += time.process_time() - start
                        counts[clone] += 1
                    state.apply_action(rng.choice(state.legal_actions()))
            for key in best:
                best[key] = min(best[key], 1e6 * spent[key] / max(1, counts[key]))
        out |= {k: round(v, 2) for k, v in best.items()}
        out[f"{name}_clone_ratio"] = round(out[clone] / out[live], 2)
    return out


def encoder_cost(repeats: int, min_run: float = MIN_RUN_SECONDS) -> dict[str, float]:
    """CPU microseconds per observation written into a numpy buffer: tapete's encoders
    (single and batch) on the views of the seat to act at every decision of 30 random La
    Pocha 4x10 games, in playing order (each encoder starts empty in each repeat), then the
    same views split into each stream's first view (a seat's first decision of a deal: its
    tensor written whole) and the later ones, and in a seeded random order (every view far
    from its stream's last one); OpenSpiel's ``oh_hell`` information-state tensor at every
    decision of 30 random games, into numpy (its observation object) and as a list. Each
    figure is the best of ``repeats`` timed runs of at least ``min_run`` CPU seconds each
    (passes over the views repeated, the encoder emptied before each pass, untimed)."""
    from open_spiel.python.observation import make_observation

    game = tapete.load_game("pocha", **POCHA)
    rng = random.Random(0)
    views = pocha_views(game, rng)
    seen: set[tuple[Any, int]] = set()
    firsts = []  # each stream's first view: a seat's first decision of a deal
    for view in views:
        key = (view.seat, id(view.events[0]))
        if key not in seen:
            seen.add(key)
            firsts.append(view)
    shuffled = random.Random(7).sample(views, len(views))
    out: dict[str, float] = {}
    for recall in (True, False):
        enc = encoder_for(game, recall)
        buf = np.zeros(enc.size, np.float32)
        batch = np.zeros((len(views), enc.size), np.float32)

        def single(e: Any = enc, b: Any = buf, some: Any = views) -> None:
            for view in some:
                e.encode(view, b)

        def batched(e: Any = enc, b: Any = batch) -> None:
            e.encode_batch(views, b)

        name = "infostate" if recall else "observation"
        whole = _best(single, repeats, enc.forget, min_run)
        out[f"tapete_{name}_us"] = whole / len(views) * 1e6
        out[f"tapete_{name}_batch_us"] = (
            _best(batched, repeats, enc.forget, min_run) / len(views) * 1e6
        )
        new = _best(lambda: single(some=firsts), repeats, enc.forget, min_run)
        out[f"tapete_{name}_new_stream_us"] = new / len(firsts) * 1e6
        later = max(0.0, whole - new) / (len(views) - len(firsts))  # (the rest of the run)
        out[f"tapete_{name}_later_views_us"] = later * 1e6
        random_order = _best(lambda: single(some=shuffled), repeats, enc.forget, min_run)
        out[f"tapete_{name}_random_order_us"] = random_order / len(views) * 1e6
        out[f"tapete_{name}_size"] = enc.size
    oh_hell = pyspiel.load_game(OH_HELL)
    states = []
    for _ in range(30):
        state = oh_hell.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                states.append(state.clone())
                state.apply_action(rng.choice(state.legal_actions()))
    observation = make_observation(oh_hell, pyspiel.IIGObservationType(perfect_recall=True))

    def into() -> None:
        for s in states:
            observation.set_from(s, s.current_player())

    def as_list() -> None:
        for s in states:
            s.information_state_tensor()

    out["oh_hell_infostate_into_numpy_us"] = _best(into, repeats, None, min_run) / len(states) * 1e6
    out["oh_hell_infostate_list_us"] = _best(as_list, repeats, None, min_run) / len(states) * 1e6
    out["oh_hell_infostate_size"] = oh_hell.information_state_tensor_size()
    out["tapete_view_us"] = _view_cost(game) * 1e6
    return out


def pocha_views(game: Any, rng: random.Random, games: int = 30) -> list[Any]:
    """The views of the seat to act at every decision of ``games`` random games."""
    return decision_views(game, rng, games)


def profile_passes(passes: int, games: int = 0, recall: bool = True) -> None:
    """``passes`` untimed passes of the encoder over the benchmark's views in playing order
    (the encoder emptied before each), nothing else: for a profiler, e.g. callgrind's
    instruction counts inside ``Encoder.encode`` (``--toggle-collect``). First, ``games``
    random games (seed 3) with the tensor of the seat to act at every decision, as the
    game loops of a whole run (every view new: the encoder's cost in training)."""
    game = tapete.load_game("pocha", **POCHA)
    enc = encoder_for(game, recall)
    buf = np.zeros(enc.size, np.float32)
    for view in pocha_views(game, random.Random(3), games):
        enc.encode(view, buf)
    views = pocha_views(game, random.Random(0))
    for _ in range(passes):
        enc.forget()
        for view in views:
            enc.encode(view, buf)


def _best(
    fn: Callable[[], Any],
    repeats: int,
    reset: Callable[[], Any] | None = None,
    min_seconds: float | None = None,
) -> float:
    """The least CPU seconds of one pass of ``fn`` (``reset`` before each pass, not timed)
    over ``repeats`` timed runs; each run makes passes until they add up to ``min_seconds``
    (:data:`MIN_RUN_SECONDS` by default: one pass of 1,320 views takes about 5 ms, which the
    noise of a shared machine moves by half) and counts their mean."""
    least = MIN_RUN_SECONDS if min_seconds is None else min_seconds
    best = float("inf")
    for _ in range(repeats):
        spent, passes = 0.0, 0
        while passes == 0 or spent < least:
            if reset is not None:
                reset()
            start = time.process_time()
            fn()
            spent += time.process_time() - start
            passes += 1
        best = min(best, spent / passes)
    return best


def _view_cost(game: Any) -> float:
    """Seconds per ``state.view(seat)`` at every decision of random games (live states,
    whose per-seat event caches grow as the game goes)."""
    rng = random.Random(1)
    total, count = 0.0, 0
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            start = time.process_time()
            state.view(state.current_player())
            total += time.process_time() - start
            count += 1
            state.apply_action(rng.choice(state.legal_actions()))
    return total / count


def ismcts_vs_rule(plan: str) -> list[dict[str, Any]]:
    """OpenSpiel's ISMCTS in one seat of La Pocha 4x10 against three ``rule`` bots, through
    tapete's arena (duplicate: each deal played with the seats rotated): the margin per
    deal with its 95% interval, and the time per ISMCTS move (the player's own decision
    time: sampling a world for the arena's view, wrapping it, the search)."""
    from tapete.arena.core import ArenaConfig, run_arena
    from tapete.rl.openspiel import OpenSpielBotPlayer

    out = []
    for item in plan.split(","):
        simulations, deals = (int(x) for x in item.split(":"))
        label = f"openspiel-ismcts:simulations={simulations}"
        config = ArenaConfig.build(
            "pocha",
            [label, "rule", "rule", "rule"],
            deals=deals,
            game_params=POCHA,
            player_modules=("tapete.rl.players",),
            time_limit=0,
        )
        timing = OpenSpielBotPlayer.timing
        timing["decisions"], timing["seconds"] = 0, 0.0
        start, cpu = time.perf_counter(), time.process_time()
        result = run_arena(config)
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        margin = result.summary["margins"][0]
        sign = 1.0 if margin["a"] == label else -1.0  # ISMCTS minus rule
        low, high = margin.get("ci_low"), margin.get("ci_high")
        ci = sorted([sign * low, sign * high]) if low is not None and high is not None else None
        out.append(
            {
                "simulations": simulations,
                "deals": result.summary["deals"],
                "games": result.summary["games"],
                "margin_per_deal": sign * margin["mean"],
                "ci95": ci,
                "ismcts_score": result.summary["players"][label]["score"]["mean"],
                "rule_score": result.summary["players"]["rule"]["score"]["mean"],
                "ismcts_moves": int(timing["decisions"]),
                "seconds_per_ismcts_move": timing["seconds"] / max(1, timing["decisions"]),
                "wall_seconds": wall,
                "cpu_seconds": cpu,
                "load_average": os.getloadavg(),
            }
        )
        print(json.dumps(out[-1]), flush=True)
    return out


def main(argv: list[str]) -> int:
    """Run the benchmarks asked for and print a table and one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per timed run")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs (best kept)")
    parser.add_argument("--ismcts", default="", help="simulations:deals,... (e.g. 100:8)")
    parser.add_argument("--skip-games", action="store_true", help="no games/s figures")
    parser.add_argument("--skip-encoder", action="store_true", help="no encoder figures")
    parser.add_argument(
        "--skip-strings", action="store_true", help="no information-state string figures"
    )
    parser.add_argument("--skip-clones", action="store_true", help="no cloned-state tensors")
    parser.add_argument(
        "--clone-games", type=int, default=100, help="games of the cloned-state tensors (100)"
    )
    parser.add_argument(
        "--min-run",
        type=float,
        default=MIN_RUN_SECONDS,
        help="least CPU seconds of one timed run of an encoder (passes repeated until then)",
    )
    parser.add_argument(
        "--profile-passes",
        type=int,
        default=0,
        help="only run this many untimed passes of the information-state encoder (profiling)",
    )
    parser.add_argument(
        "--profile-games",
        type=int,
        default=0,
        help="with --profile-passes: first this many random games, a tensor per decision",
    )
    args = parser.parse_args(argv)
    if args.profile_passes or args.profile_games:
        profile_passes(args.profile_passes, args.profile_games)
        return 0
    openspiel.register(["pocha"])
    report: dict[str, Any] = {
        "python": platform.python_version(),
        "pyspiel": importlib.metadata.version("open_spiel"),
        "tapete_compiled": tapete.is_compiled(),
        "load_average_before": os.getloadavg(),
        "cpus": os.cpu_count(),
    }
    print(
        f"tapete rules core compiled: {report['tapete_compiled']}; load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs "
        "(figures are per CPU second of this process)"
    )
    if not args.skip_games:
        report["games_per_second"] = games_per_second(args.seconds, args.repeats)
        base = report["games_per_second"]["openspiel_oh_hell"]
        for name, value in report["games_per_second"].items():
            print(f"{name:36} {value:10.1f} games/s  ({value / base:5.2f}x oh_hell)")
        # the environments' loops against oh_hell's own with a tensor and a mask every decision
        played = report["games_per_second"]
        masked = played["openspiel_oh_hell_with_infostate_and_mask"]
        report["against_oh_hell_tensor_and_mask"] = against = {
            name: round(played[name] / masked, 3)
            for name in (
                "openspiel_adapter_with_events_tensor_and_mask",
                "pettingzoo_aec_events_tensor",
                "gymnasium_seat_vs_random_events_tensor",
            )
        }
        for name, ratio in against.items():
            print(f"{name:36} {ratio:10.2f}x oh_hell's loop with its tensor and a mask")
    if not args.skip_strings:
        report["strings"] = string_cost(args.seconds, args.repeats)
        for name, value in report["strings"].items():
            print(f"{name:36} {value:10.2f}")
    if not args.skip_clones:
        report["clones"] = clone_cost(args.clone_games, args.repeats)
        for name, value in report["clones"].items():
            print(f"{name:36} {value:10.2f}")
    if not args.skip_encoder:
        report["encoder_min_run_seconds"] = args.min_run
        report["encoder"] = encoder_cost(args.repeats, args.min_run)
        for name, value in report["encoder"].items():
            print(f"{name:36} {value:10.2f}")
    if args.ismcts:
        report["ismcts_vs_rule"] = ismcts_vs_rule(args.ismcts)
    report["load_average_after"] = os.getloadavg()
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
