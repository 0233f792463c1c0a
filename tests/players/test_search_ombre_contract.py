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
from tapete.players.search.ombre import OmbreSearch, _defenders_weight
from tapete.players.search.ombre_contract import (
    ContractSearch,
    defender_exchange,
    defender_plans,
    exchange_plans,
    supported,
)
from tapete.players.search.ombre_prior import OmbrePrior, exchange_fit
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


def test_defender_plans_fit_the_hand_and_the_stock() -> None:
    for hand in _hands(300, 5):
        for room in (0, 1, 3, 13):
            plans = defender_plans(hand, room)
            assert plans[0] == defender_exchange(hand, room)[0]
            assert len(set(plans)) == len(plans) and 0 in plans
            assert all(p & ~hand == 0 and p.bit_count() <= room for p in plans)
            if room == 0:
                assert plans == [0]


def test_a_searched_defence_is_legal_and_its_exchange_follows_its_plan() -> None:
    """With ``defender_exchange`` and ``defend=own``, a defender's exchange is searched (its
    values are kept), every action is legal and the discards are the plan chosen."""
    game: Any = tapete.load_game("ombre")
    searched = 0
    for seed in range(10):
        bots = [load("search", worlds=6, defend="own", defender_exchange=1), load("rule"),
                load("rule")]  # fmt: skip
        for seat, bot in enumerate(bots):
            bot.start(game, seat)
        record: list[Any] = []
        _play(game, seed, bots, record)
        for seat, phase, view, action, plan in record:
            if seat != 0 or phase != "exchange" or view.ombre == 0:
                continue
            assert plan is not None and plan[0] == view.hand.mask | view.discards.mask
            if action == DRAW:
                assert view.discards.mask == plan[1]
                searched += 1
    assert searched > 0


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
    player: Any = load("search", defend="everyone")
    with pytest.raises(tapete.errors.ConfigError):
        player._ombre_search()


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


def test_a_rule_defenders_true_hand_fits_its_exchange() -> None:
    """The exchange model behind the ombre's weights never rules out what a rule defender
    really holds; a hand that kept a low card of a short suit after taking no cards is."""
    game: Any = tapete.load_game("ombre")
    search = OmbreSearch(worlds=1, prior_as_ombre=4)
    checked = 0
    for seed in range(150):
        state = _rule_deal_in_play(game, seed)
        if state is None:
            continue
        out, rows = search._defenders(state.view(state.ombre))
        hands = [int(h) for h in state.hands]
        rest = FULL_MASK & ~(hands[0] | hands[1] | hands[2] | out)
        for d, _, drawn, room, _ in rows:
            if drawn < room:
                assert exchange_fit(hands[d], drawn, rest) > 0, (seed, d)
                checked += 1
    assert checked > 150
    low = CardSet.parse("♥2 ♦2 ♠7 ♣K ♣Q ♣J ♣7 ♣6 ♣5").mask
    assert exchange_fit(low, 0, CardSet.parse("♥3").mask) == 0.0


def test_the_ombres_weights_favour_the_true_defender_hands() -> None:
    """Against rule bots, the ombre's weight of the true defender hands beats that of the
    median sampled world in more than 80% of the deals."""
    game: Any = tapete.load_game("ombre")
    search = OmbreSearch(worlds=1, prior_as_ombre=4)
    higher = total = 0
    for seed in range(60):
        state = _rule_deal_in_play(game, seed)
        if state is None:
            continue
        ombre = state.ombre
        view: Any = state.view(ombre)
        defenders = search._defenders(view)
        rng = random.Random(seed)
        true = _defenders_weight([int(h) for h in state.hands], defenders, rng)
        found = play_constraints(view, True)
        assert found is not None
        sampled = []
        for _ in range(40):
            others = sample_hands(found, rng)
            masks = [others.get(q, 0) for q in range(3)]
            masks[ombre] = int(view.hand.mask)
            sampled.append(_defenders_weight(masks, defenders, rng))
        higher += true > sorted(sampled)[20]
        total += 1
    assert total > 20 and higher > 0.8 * total


def test_the_ombres_weighed_worlds_play_legal_cards() -> None:
    """With ``prior_as_ombre`` the search as ombre plays legal cards; the parameter is read
    as a whole number; ``max_worlds`` reaches the cards' cap."""
    game: Any = tapete.load_game("ombre")
    player: Any = load("search", worlds=3, prior_as_ombre="4")
    assert player._ombre_search().prior_as_ombre == 4
    assert load("search")._ombre_search().prior_as_ombre == 0  # off by default
    assert load("search", max_worlds="50")._ombre_search().max_worlds == 50
    assert load("search-strong")._ombre_search().max_worlds == 400
    with pytest.raises(ConfigError):
        load("search", prior_as_ombre="many")._ombre_search()
    search = OmbreSearch(worlds=3, prior_as_ombre=4)
    rule = load("rule")
    positions = 0
    for seed in range(12):
        rng = random.Random(seed)
        state: Any = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            seat = state.current_player()
            view = state.view(seat)
            legal = state.legal_actions()
            action = None
            if state.phase() == "play" and seat == view.ombre and len(legal) > 1:
                action = search.choose(view, legal, rng, game)
                positions += 1
            if action is None:
                action = rule.choose(view, legal, rng)
            assert action in legal
            state.apply_action(action)
    assert positions > 20


@pytest.mark.parametrize("carry", [False, True])
def test_the_exchange_goes_on_from_the_auctions_worlds(carry: bool) -> None:
    """With ``carry`` the ombre's exchange adds its worlds to those its "I play" simulated
    (same hand, plans and passes), and its values are the auction's plus the new worlds'."""
    game: Any = tapete.load_game("ombre")
    search = ContractSearch(worlds=40, carry=carry)
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
    assert search.last_worlds == (80 if carry else 40)
    kept = {int(k.split()[1]) for k, v in search.last_values.items() if v > -2.0}
    assert kept and all(-1.0 <= search.last_values[f"plan {i}"] <= 1.0 for i in kept)
    assert search._carried is not None
    auction_kept = set(search._carried[1][1])
    assert auction_kept and len(auction_kept) < len(search.last_values)  # halved at 24
    # carried on, the plans the auction dropped stay out; afresh, the halving starts again
    assert (kept <= auction_kept) if carry else (len(kept) >= 2)
    assert "ombre" in auction and "pass" in auction
