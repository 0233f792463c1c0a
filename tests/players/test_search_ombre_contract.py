"""The Ombre contract search (auction, the ombre's exchange and trumps by simulation), its
opponent model and the defender's world weights."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numba", reason="the search players need numba (the solvers extra)")

import tapete
from tapete.cards import CardSet, Suit, iter_bits
from tapete.errors import ConfigError
from tapete.games.ombre.actions import DRAW, OMBRE, PASS, TRUMP_SUITS, TRUMPS_BASE
from tapete.games.ombre_family.tables import FULL_MASK, SUITS, TRUMP_MASK
from tapete.players import load
from tapete.players.rule import ombre as rule
from tapete.players.search import ombre_model as model
from tapete.players.search.ombre import OmbreSearch
from tapete.players.search.ombre_contract import (
    ContractSearch,
    defender_exchange,
    exchange_plans,
    supported,
)
from tapete.players.search.ombre_prior import OmbrePrior
from tapete.solvers.ombre_worlds import play_constraints, sample_hands

_CARDS = list(iter_bits(FULL_MASK))


def _hands(count: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        hand = 0
        for c in rng.sample(_CARDS, 9):
            hand |= 1 << c
        out.append(hand)
    return out


def test_the_model_is_the_rule_bots_valuation() -> None:
    for hand in _hands(3000, 1):
        assert model.best_suit(hand) == rule.best_suit(hand)
        assert model.defender_discards(hand) == rule._defender_discards(hand)
        for suit in SUITS:
            assert model.hand_value(hand, suit) == rule.hand_value(hand, suit)
            assert model.keepers_as_ombre(hand, suit) == rule._keepers_as_ombre(hand, suit)


def test_exchange_plans_and_defender_exchanges() -> None:
    for hand in _hands(300, 2):
        plans = exchange_plans(hand)
        suit = rule.best_suit(hand)[0]
        assert plans[0] == hand & ~rule._keepers_as_ombre(hand, suit)
        assert 0 in plans and len(set(plans)) == len(plans)
        assert all(p & ~hand == 0 for p in plans)
        assert all(p.bit_count() >= 1 for p in exchange_plans(hand, min_discard=1))
        for room in (0, 2, 13):
            thrown, fits = defender_exchange(hand, room)
            assert fits and thrown & ~hand == 0 and thrown.bit_count() <= room
            for count in (0, 3):
                forced, fits = defender_exchange(hand, room, count)
                assert forced.bit_count() == count and forced & ~hand == 0
                assert fits == (thrown.bit_count() == count)


def _play(game: Any, seed: int, bots: list[Any], record: list[Any] | None = None) -> Any:
    rng = random.Random(seed)
    state: Any = game.new_initial_state()
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.is_chance_node():
            state.apply_action(rng.choice(legal))
            continue
        seat = state.current_player()
        view: Any = state.view(seat)
        action = bots[seat].choose(view, legal, rng)
        assert action in legal
        if record is not None:
            search = getattr(bots[seat], "_ombre", None)
            plan = search.contract._plan if search is not None else None
            record.append((seat, state.phase(), view, action, plan))
        state.apply_action(action)
    return state


@pytest.mark.parametrize("name", ["ombre", "ombre-match"])
def test_contract_decisions_are_legal_and_the_exchange_follows_its_plan(name: str) -> None:
    params = {"num_deals": 2} if name == "ombre-match" else {}
    game: Any = tapete.load_game(name, **params)
    phases = set()
    for seed in range(8):
        bots = [load("search", worlds=6), load("rule"), load("search", worlds=6)]
        for seat, bot in enumerate(bots):
            bot.start(game, seat)
        record: list[Any] = []
        _play(game, seed, bots, record)
        for seat, phase, view, action, plan in record:
            if seat == 1:
                continue
            phases.add(phase)
            deal = getattr(view, "deal", view)
            if phase == "exchange" and seat == deal.ombre and action == DRAW:
                assert plan is not None and plan[0] == deal.hand.mask | deal.discards.mask
                assert deal.discards.mask == plan[1]
    assert {"auction", "exchange", "trumps", "play"} <= phases


@pytest.mark.parametrize("sim", ["solve", "rule", "mix"])
def test_declares_a_sure_hand_and_passes_a_hopeless_one(sim: str) -> None:
    game: Any = tapete.load_game("ombre")
    search = ContractSearch(worlds=40, declare_sim=sim)
    rng = random.Random(3)
    hands = {
        OMBRE: CardSet.parse("♠A ♣A ♥7 ♥A ♥K ♥Q ♥J ♥2 ♦K").mask,
        PASS: CardSet.parse("♠3 ♠4 ♥5 ♦2 ♦3 ♣5 ♦7 ♣4 ♠5").mask,
    }
    for expected, hand in hands.items():
        state: Any = game.new_initial_state()
        rest = [c for c in _CARDS if not hand >> c & 1]
        rng.shuffle(rest)
        cards = list(iter_bits(hand)) + rest
        order = []  # packets of three, eldest (seat 0) first
        mine, others = cards[:9], cards[9:]
        for round_ in range(3):
            order += mine[3 * round_ : 3 * round_ + 3]
            order += others[6 * round_ : 6 * round_ + 6]
        for card in order:
            state.apply_action(state.string_to_action(f"deal {CardSet(1 << card)}"))
        assert state.phase() == "auction" and state.current_player() == 0
        assert state.view(0).hand.mask == hand
        action = search.choose(state.view(0), state.legal_actions(), rng, game.rules)
        assert action == expected, search.last_values


@pytest.mark.slow  # two minutes of searches (CI runs -m "not slow")
def test_a_declaration_played_by_the_rule_model_sees_a_weaker_defence() -> None:
    """The same worlds played out by the ``rule`` bots' cards give a borderline hand a better
    chance than against the perfect defence of the solve (the ``rule`` defenders are weak)."""
    game: Any = tapete.load_game("ombre")
    rules = game.rules
    hands = [h for h in _hands(400, 5) if 2.5 <= model.best_suit(h)[1] <= 3.5][:30]
    assert len(hands) == 30
    higher = 0
    for i, hand in enumerate(hands):
        plans = exchange_plans(hand)
        values = {}
        for sim in ("solve", "rule"):
            search = ContractSearch(worlds=30, declare_sim=sim)
            means, _, n = search._evaluate_plans(
                hand, 0, plans, [], random.Random(i), rules, 0, later=[1, 2]
            )
            assert n == 30
            values[sim] = max(means[: len(plans)])
        higher += values["rule"] > values["solve"]
    assert higher >= 20
    with pytest.raises(ValueError):
        ContractSearch(declare_sim="perfect")
    contract = OmbreSearch(worlds=4, declare_sim="mix").contract
    assert contract is not None and contract.declare_sim == "mix"
    with pytest.raises(ConfigError):
        OmbreSearch(declare_sim="perfect")


def test_names_the_suit_of_a_long_trump_hand() -> None:
    """As ombre after the exchange with eight hearts and Spadille, the search names hearts."""
    game: Any = tapete.load_game("ombre")
    search = ContractSearch(worlds=30)
    rng = random.Random(4)
    for seed in range(40):
        state: Any = game.new_initial_state()
        r = random.Random(seed)
        while state.phase() != "trumps" and not state.is_terminal():
            legal = state.legal_actions()
            if state.phase() == "auction":
                state.apply_action(OMBRE if OMBRE in legal else PASS)
            elif state.phase() == "exchange":
                state.apply_action(DRAW)
            else:
                state.apply_action(r.choice(legal))
        if state.is_terminal():
            continue
        ombre = state.current_player()
        hand = state.hands[ombre]
        counts = {s: (hand & TRUMP_MASK[s]).bit_count() for s in SUITS}
        best = max(counts, key=lambda s: counts[s])
        if counts[best] < 6 or sorted(counts.values())[-2] > 3:
            continue
        action = search.choose(state.view(ombre), state.legal_actions(), rng, game.rules)
        assert action == TRUMPS_BASE + TRUMP_SUITS.index(Suit(best)), search.last_values
        return
    pytest.fail("no deal with one long suit")


def test_other_rules_are_left_to_the_rule_bot() -> None:
    game: Any = tapete.load_game("ombre", auction="sans_prendre")
    plain: Any = tapete.load_game("ombre")
    assert not supported(game.rules) and supported(plain.rules)
    state: Any = game.new_initial_state()
    rng = random.Random(0)
    while state.phase() != "auction":
        state.apply_action(rng.choice(state.legal_actions()))
    view: Any = state.view(state.current_player())
    assert ContractSearch(worlds=2).choose(view, state.legal_actions(), rng, game.rules) is None


def test_the_prior_favours_the_true_ombre_hand() -> None:
    """Against rule bots, the ombre's true nine cards weigh more than sampled ones."""
    game: Any = tapete.load_game("ombre")
    prior = OmbrePrior.shared()
    higher = total = 0
    for seed in range(60):
        state = _rule_deal_in_play(game, seed)
        if state is None:
            continue
        rng = random.Random(1000 + seed)
        ombre = state.ombre
        view: Any = state.view((ombre + 1) % 3)
        k = view.drawn[ombre]
        true = prior.weight(state.hands[ombre], view.trumps, k)
        found = play_constraints(view, True)
        assert found is not None
        sampled = [prior.weight(sample_hands(found, rng)[ombre], view.trumps, k) for _ in range(50)]
        higher += true > sorted(sampled)[25]
        total += 1
    assert total > 20 and higher > 0.8 * total


def test_the_contract_is_searched_from_half_a_second() -> None:
    """Short budgets leave the contract to the rule bot; the strong level and fixed worlds
    search it; ``contract=0`` turns it off."""

    def contract(**params: Any) -> Any:
        player: Any = load("search", **params)
        return player._ombre_search().contract

    assert contract(level="normal") is None
    assert contract(level="strong") is not None
    assert contract(worlds=4) is not None
    assert contract(time_budget=0.1, contract_budget=0.5) is not None
    assert contract(level="strong", contract=0) is None


def test_own_defence_values_a_defenders_own_codille() -> None:
    """A defender playing for its own codille values a card that gives it the codille alone
    above one that leaves it to the coalition, and the coalition's loss above a sacardo."""
    import numpy as np

    from tapete.players.search.ombre_contract import own_value
    from tapete.solvers import ombre_kernel as ok

    values = own_value(np.array([ok.CODILLE, ok.CODILLE, ok.PUESTA, ok.SACARDO]),
                       np.array([ok.SACARDO, ok.CODILLE, ok.CODILLE, ok.CODILLE]))  # fmt: skip
    assert values[0] > values[1] > values[2] > values[3]
    from tapete.players.search.ombre_contract import relative_value

    # relative to the others: its own codille, a shared one, a puesta, a sacardo
    coalition = np.array([ok.PUESTA, ok.CODILLE, ok.PUESTA, ok.SACARDO])
    relative = relative_value(coalition, np.array([ok.SACARDO, ok.CODILLE, ok.CODILLE, ok.CODILLE]))
    assert relative[0] > relative[1] > relative[2] > 0 > relative[3]
    with pytest.raises(tapete.errors.ConfigError, match="defend = 'everyone'"):
        load("search", defend="everyone")


def test_the_declaration_margin_applies_from_the_floor(monkeypatch: pytest.MonkeyPatch) -> None:
    """A declaration a little below passing is declared with a hand the model values at
    DECLARE_FLOOR or more, and passed with a weaker one; far below passing, passed."""
    from tapete.players.search import ombre_contract as oc

    game: Any = tapete.load_game("ombre")
    rng = random.Random(0)
    seen: dict[str, int] = {}
    for seed in range(200):
        state: Any = game.new_initial_state()
        r = random.Random(seed)
        while state.phase() != "auction":
            state.apply_action(r.choice(state.legal_actions()))
        view: Any = state.view(0)
        strong = model.best_suit(view.hand.mask)[1] >= oc.DECLARE_FLOOR
        for below in (0.5 * oc.DECLARE_MARGIN, 2.0 * oc.DECLARE_MARGIN):
            search = ContractSearch(worlds=1)

            def fixed(*args: Any, below: float = below, **kwargs: Any) -> Any:
                plans = args[2]
                return [0.1 + below] * len(plans) + [0.1], 1.0, 1

            monkeypatch.setattr(search, "_evaluate_plans", fixed)
            action = search.choose(view, state.legal_actions(), rng, game.rules)
            expected = OMBRE if strong and below > oc.DECLARE_MARGIN else PASS
            assert action == expected
            seen[f"{strong} {below > oc.DECLARE_MARGIN}"] = action
    assert len(seen) == 4


@pytest.mark.parametrize(("name", "defence"), [("ombre", "own"), ("ombre-match", "coalition")])
def test_a_defender_plays_for_its_own_codille_in_a_single_deal(name: str, defence: str) -> None:
    params = {"num_deals": 2} if name == "ombre-match" else {}
    game: Any = tapete.load_game(name, **params)
    state: Any = game.new_initial_state()
    player: Any = load("search", worlds=2)
    assert player._ombre_search().defence(state.view(0)) == defence
    forced: Any = load("search", worlds=2, defend="coalition")
    assert forced._ombre_search().defence(state.view(0)) == "coalition"


def _rule_deal_in_play(game: Any, seed: int) -> Any:
    """A deal played by three rule bots to its first card (None if it ended before)."""
    bots = [load("rule")] * 3
    state: Any = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal() and state.phase() != "play":
        legal = state.legal_actions()
        if state.is_chance_node():
            state.apply_action(rng.choice(legal))
        else:
            seat = state.current_player()
            state.apply_action(bots[seat].choose(state.view(seat), legal, rng))
    return None if state.is_terminal() else state


def test_max_worlds_caps_the_cards_worlds() -> None:
    """``max_worlds`` (read as a whole number) is the cap of a card decision's worlds."""
    assert load("search", max_worlds="50")._ombre_search().max_worlds == 50
    assert load("search-strong")._ombre_search().max_worlds == 400


def test_the_exchange_searches_worlds_of_its_own() -> None:
    """The ombre's exchange after its "I play" searches worlds of its own: as many as the
    auction, its halving started again."""
    game: Any = tapete.load_game("ombre")
    search = ContractSearch(worlds=40)
    rng = random.Random(5)
    hand = CardSet.parse("♠A ♣A ♥7 ♥A ♥K ♥Q ♥J ♥2 ♦K").mask
    state: Any = game.new_initial_state()
    rest = [c for c in _CARDS if not hand >> c & 1]
    rng.shuffle(rest)
    cards = list(iter_bits(hand)) + rest
    mine, others = cards[:9], cards[9:]
    for round_ in range(3):
        for card in mine[3 * round_ : 3 * round_ + 3] + others[6 * round_ : 6 * round_ + 6]:
            state.apply_action(state.string_to_action(f"deal {CardSet(1 << card)}"))
    assert search.choose(state.view(0), state.legal_actions(), rng, game.rules) == OMBRE
    auction = dict(search.last_values)
    state.apply_action(OMBRE)
    bot = load("rule")
    while not (state.phase() == "exchange" and state.current_player() == 0):
        seat = state.current_player()
        state.apply_action(bot.choose(state.view(seat), state.legal_actions(), rng))
    action = search.choose(state.view(0), state.legal_actions(), rng, game.rules)
    assert action in state.legal_actions()
    assert search.last_worlds == 40
    kept = {int(k.split()[1]) for k, v in search.last_values.items() if v > -2.0}
    assert kept and all(-1.0 <= search.last_values[f"plan {i}"] <= 1.0 for i in kept)
    assert 2 <= len(kept) < len(search.last_values)  # halved at 24
    assert "ombre" in auction and "pass" in auction
