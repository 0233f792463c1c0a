"""The ``trynka-cfr`` player: legal actions from any view, the tree found in two-player deals,
the prior for other player counts and rules, and a margin over ``random``."""

from __future__ import annotations

import random

import pytest

import tapete
from tapete.engine import sample_chance
from tapete.errors import ConfigError
from tapete.players import load
from tapete.players.search import trynka_cfr
from tapete.solvers.trynka_cfr import default_table_path

pytestmark = pytest.mark.skipif(
    not default_table_path(2).exists(), reason="no shipped Trynka strategy table"
)


def _player(game: tapete.engine.api.Game, seat: int) -> trynka_cfr.TrynkaCFRPlayer:
    player = trynka_cfr.TrynkaCFRPlayer()
    player.start(game, seat)
    return player


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("trynka", {"n_players": 2}),
        ("trynka", {"n_players": 3}),
        ("trynka", {"n_players": 4}),
        ("trynka", {"n_players": 2, "deck": 36, "two_aces_22": True, "level_cap": 6}),
        ("trynka-match", {"n_players": 3, "banks": 3}),
    ],
)
def test_every_lookup_is_legal_for_random_views(name: str, params: dict[str, object]) -> None:
    game = tapete.load_game(name, **params)
    n = game.num_players()
    players = [_player(game, s) for s in range(n)]
    rng = random.Random(7)
    asked = 0
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            action = players[seat].choose(state.view(seat), legal, rng)
            assert action in legal, (state.action_to_string(action), state.phase())
            asked += 1
            state.apply_action(rng.choice(legal))  # random play: views of every kind
    assert asked > 200


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_never_illegal_and_ahead_of_random(n_players: int) -> None:
    game = tapete.load_game("trynka", n_players=n_players)
    rng = random.Random(n_players)
    net = 0.0
    banks = 300
    for bank in range(banks):
        me = bank % n_players
        bots = [load("random") for _ in range(n_players)]
        bots[me] = trynka_cfr.TrynkaCFRPlayer()
        for seat, bot in enumerate(bots):
            bot.start(game, seat)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            seat = state.current_player()
            state.apply_action(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
        net += state.returns()[me]
    assert net / banks > 0.2  # random loses heavily to any sensible betting


@pytest.mark.parametrize("n_players", [2, 3])
def test_deals_are_found_in_the_tree(n_players: int) -> None:
    if n_players == 3 and not default_table_path(3).exists():
        pytest.skip("no shipped three-player table")
    game = tapete.load_game("trynka", n_players=n_players)
    rng = random.Random(11)
    sources: dict[str, int] = {}
    for bank in range(150):
        bots = [_player(game, 0)] + [load("rule") for _ in range(n_players - 1)]
        shift = bank % n_players
        bots = bots[shift:] + bots[:shift]
        for seat, bot in enumerate(bots):
            bot.start(game, seat)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            seat = state.current_player()
            bot = bots[seat]
            state.apply_action(bot.choose(state.view(seat), state.legal_actions(), rng))
            if isinstance(bot, trynka_cfr.TrynkaCFRPlayer) and bot.last_source != "rule":
                sources[bot.last_source] = sources.get(bot.last_source, 0) + 1
    assert sources.get("tree", 0) > 100
    # only after a redeal, or (three players) a stake the raise-limited tree cannot follow
    assert sources.get("prior", 0) <= 0.03 * sources["tree"]


def test_blind_decision_follows_the_table() -> None:
    game = tapete.load_game("trynka", n_players=2, flash_limit=0)
    player = _player(game, 0)
    table = player.table
    probs = dict(zip(table.tree.child_labels(0), table.policy(0, None), strict=True))
    state = game.new_initial_state()
    for text in ["deal A♠", "deal 10♠", "deal 9♠", "deal 6♦", "deal 7♦", "deal 8♦"]:
        state.apply_string(text)
    rng = random.Random(5)
    counts: dict[str, int] = {}
    for _ in range(600):
        action = player.choose(state.view(0), state.legal_actions(), rng)
        text = state.action_to_string(action)
        counts[text] = counts.get(text, 0) + 1
    for label, p in probs.items():
        text = {"d": "decline"}.get(label, f"blind {label[1:]}")
        assert abs(counts.get(text, 0) / 600 - p) < 0.07


def test_missing_table_is_a_config_error(tmp_path: object) -> None:
    player = trynka_cfr.TrynkaCFRPlayer(table="/no/such/table.npz")
    with pytest.raises(ConfigError):
        player.start(tapete.load_game("trynka", n_players=2), 0)


def test_registered_name() -> None:
    assert isinstance(load("trynka-cfr"), trynka_cfr.TrynkaCFRPlayer)
    with pytest.raises(ConfigError):
        load("trynka-cfr", depth=3)
