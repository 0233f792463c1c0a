"""The search bots at Tresillo and Danish l'hombre (Ombre's kernels for the family): they play
legal moves in every phase, decide from the seat's view alone, and their hints give the
search's reasons."""

from __future__ import annotations

import collections
import random
from collections.abc import Sequence
from typing import Any

import pytest

from tapete.engine import load_game, registered_games
from tapete.engine.api import Game, State
from tapete.errors import ConfigError
from tapete.players import Player, load
from tapete.players.kernels import family
from tapete.players.search import GAMES
from tapete.players.search.family import (
    DECLARE_CREDIT,
    FamilySearch,
    kernel_deal,
    live_deal,
    playing_seats,
)
from tapete.solvers.ombre_worlds import play_constraints
from tapete.web.hints import hint

FAMILY = ("tresillo", "tresillo-match", "lhombre", "lhombre-match")
#: The phases with a choice in which the search (not the rule bot) decides, per game.
SEARCHED = {
    "tresillo": {"auction", "trumps", "exchange", "play"},
    "lhombre": {"auction", "trumps", "exchange", "play"},
}


def _game(name: str) -> Game:
    return load_game(name, num_deals=2) if name.endswith("-match") else load_game(name)


def _play(
    game: Game, search: FamilySearch, seed: int, phases: collections.Counter[tuple[str, bool]]
) -> State:
    """A game with the search in every seat (the rule bot where it does not decide)."""
    rng = random.Random(seed)
    rule = load("rule")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        seat, legal = state.current_player(), state.legal_actions()
        view = state.view(seat)
        action = search.choose(view, legal, rng, game)
        deal = live_deal(view)
        if len(legal) > 1 and deal is not None:
            phases[(deal.phase, action is not None)] += 1
        if action is None:
            action = rule.choose(view, legal, rng)
        assert action in legal, (game.name, seed, deal.phase if deal else None, action, legal)
        state.apply_action(action)
    return state


@pytest.mark.parametrize("name", FAMILY)
def test_the_search_plays_legal_moves_in_every_phase(name: str) -> None:
    game = _game(name)
    search = FamilySearch(worlds=3)
    phases: collections.Counter[tuple[str, bool]] = collections.Counter()
    seeds = range(8) if name.endswith("-match") else range(16)
    for seed in seeds:
        assert _play(game, search, seed, phases).is_terminal()
    decided = {phase for (phase, searched), n in phases.items() if searched and n}
    assert SEARCHED[name.split("-")[0]] <= decided, phases


def test_the_registered_bots_play_the_family() -> None:
    assert set(FAMILY) <= set(GAMES) <= set(registered_games())
    assert {family(name) for name in FAMILY} == {"ombre"}  # Ombre's kernels serve them
    for bot in ("search-easy", "search-normal", "search-strong"):
        load(bot).start(load_game("tresillo"), 0)  # no refusal


def _play_until(game: Game, seed: int, phase: str, tricks: int = 0) -> State:
    """A deal of rule bots up to the first decision with a choice in ``phase`` (with at least
    ``tricks`` tricks played), or ``None``."""
    rng = random.Random(seed)
    rule = load("rule")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        seat, legal = state.current_player(), state.legal_actions()
        view = state.view(seat)
        deal = live_deal(view)
        if (
            deal.phase == phase
            and len(legal) > 1
            and len(deal.finished_tricks) >= tricks
            and all(0 <= a < 40 for a in legal) == (phase == "play")
        ):
            return state
        state.apply_action(rule.choose(view, legal, rng))
    raise AssertionError(f"no {phase} decision in deal {seed}")


@pytest.mark.parametrize("name", ["tresillo", "lhombre"])
@pytest.mark.parametrize("phase", ["auction", "play"])
def test_the_search_sees_the_view_only(name: str, phase: str) -> None:
    """Two deals the seat cannot tell apart (the hidden cards dealt otherwise by the game's
    sampler) get the same values: the search reads the view, never the deal."""
    game = _game(name)
    compared = 0
    for seed in range(40):
        try:
            state = _play_until(game, seed, phase, tricks=2 if phase == "play" else 0)
        except AssertionError:
            continue
        seat = state.current_player()
        view = state.view(seat)
        other = game.sample_consistent_state(view, random.Random(seed + 1000))
        if other.view(seat) != view:
            continue
        if _hidden(state, seat) == _hidden(other, seat):
            continue  # the same deal drawn again: nothing to compare
        legal = state.legal_actions()
        assert other.legal_actions() == legal
        search = FamilySearch(worlds=4, time_budget=1.0)
        first = search.action_values(view, legal, random.Random(7), game)
        second = search.action_values(other.view(seat), legal, random.Random(7), game)
        assert first is not None and first == second
        compared += 1
        if compared == 3:
            break
    assert compared >= 1


def _hidden(state: State, seat: int) -> tuple[int, ...]:
    return tuple(int(h) for s, h in enumerate(state.hands) if s != seat)  # type: ignore[attr-defined]


def test_a_kernel_deal_puts_the_turned_card_in_the_players_hand() -> None:
    """A vuelta's turned card, seen by everyone, is in the player's hand in every world of a
    defender (until it is played), and the kernel seats follow the table's playing order."""
    game = load_game("tresillo")
    for seed in range(200):
        try:
            state = _play_until(game, seed, "play")
        except AssertionError:
            continue
        deal: Any = state.view(state.current_player())
        if deal.contract != "vuelta" or deal.current_player == deal.player:
            continue
        kd = kernel_deal(deal, privilege=True)
        assert kd is not None
        assert kd.seats == playing_seats(deal) and deal.dealer not in kd.seats
        assert kd.seats[kd.ombre] == deal.player
        turned = 1 << int(deal.turned)
        assert kd.pinned == turned
        assert kd.cards_held[kd.ombre] == deal.cards_held[deal.player] - 1
        search = FamilySearch(worlds=5)
        constraints = play_constraints(kd, privilege=True)
        masks = search.cards._world(deal, kd, constraints, game, random.Random(1))
        assert masks[kd.ombre] & turned
        return
    raise AssertionError("no vuelta played in 200 deals")


def _hint_at(name: str, phase: str, seeds: range) -> dict[str, Any]:
    game = _game(name)
    for seed in seeds:
        try:
            state = _play_until(game, seed, phase)
        except AssertionError:
            continue
        seat = state.current_player()
        view = state.view(seat)
        deal = live_deal(view)
        if phase in ("trumps", "exchange") and deal.player != seat:
            continue
        return hint(game, seat, view, state.legal_actions(), state.action_to_string,
                    rng=random.Random(seed), players=(("search", {"worlds": 6}),))  # fmt: skip
    raise AssertionError(f"no {phase} decision of the player")


@pytest.mark.parametrize("name", ["tresillo", "lhombre-match"])
def test_the_hints_give_the_searchs_reasons(name: str) -> None:
    played = _hint_at(name, "play", range(20))
    searched = [r for r in played["why"] if r["code"] == "searched"]
    assert played["player"] == "search" and searched and searched[0]["unit"] == "outcome"
    bid = _hint_at(name, "auction", range(20))
    reasons = [r for r in bid["why"] if r["code"] == "searched"]
    assert reasons and reasons[0]["unit"] == "points", bid
    assert isinstance(reasons[0]["value"], float) and reasons[0]["next_text"]
    trumps = _hint_at(name, "trumps", range(60))
    assert any(r["code"] == "trumps_searched" for r in trumps["why"]), trumps


def test_playing_seats_leave_tresillos_dealer_out() -> None:
    class Deal:
        dealer = 0
        cards_held: tuple[int, ...] = (0, 9, 9, 9)

    assert playing_seats(Deal()) == (1, 2, 3)
    Deal.cards_held = (9, 9, 9)
    assert playing_seats(Deal()) == (1, 2, 0)


def test_the_contract_budget_and_suits_are_the_players_own() -> None:
    """Below 50 ms the contract is the rule bot's unless a ``contract_budget`` is given;
    from 50 ms it is searched, its deals played out by the ``rule`` bots' cards with no
    credit, or solved with the credit (``contract_sim=solve``); a bid naming its trumps is
    simulated in ``contract_suits`` suits; bad values are refused."""
    assert FamilySearch(time_budget=0.01).contract is None
    own = FamilySearch(time_budget=0.01, contract_budget=0.02)
    assert own.contract is not None and own.contract.time_budget == 0.02
    levels = {budget: FamilySearch(time_budget=budget).contract for budget in (0.05, 1.0)}
    assert {b: (c.sim, c.credit) for b, c in levels.items() if c is not None} == {
        0.05: ("rule", 0.0),
        1.0: ("rule", 0.0),
    }
    solved = FamilySearch(time_budget=1.0, contract_sim="solve").contract
    assert solved is not None and (solved.sim, solved.credit) == ("solve", DECLARE_CREDIT)
    chosen = FamilySearch(time_budget=0.05, contract_sim="mix", credit=0.3).contract
    assert chosen is not None and (chosen.sim, chosen.credit) == ("mix", 0.3)
    game = _game("tresillo")
    state = _play_until(game, 0, "auction")
    view, legal = state.view(state.current_player()), state.legal_actions()
    entradas = {}
    for suits in (1, 2):
        search = FamilySearch(worlds=4, contract_suits=suits)
        assert search.action_values(view, legal, random.Random(3), game) is not None
        assert search.contract is not None
        entradas[suits] = [k for k in search.contract.last_values if k.startswith("entrada ")]
    assert len(entradas[1]) == 1 and len(entradas[2]) == 2, entradas
    player = load("search-normal", contract_budget=0.05, contract_suits=1, clock="cpu")
    player.start(game, state.current_player())
    assert player.choose(view, legal, random.Random(3)) in legal
    assert player._family_search().contract.suits_tried == 1  # type: ignore[attr-defined]
    for bad in ({"contract_suits": 0}, {"contract_budget": -1.0}):
        with pytest.raises(ConfigError):
            FamilySearch(time_budget=0.05, **bad)


@pytest.mark.parametrize(
    ("params", "extra"),
    [
        ({}, 0.0),
        # nine estuches (espada to the five of clubs) at 2 each, from each of the three others
        ({"estuches": True, "estuche_unit": 2}, 18.0),
        # a sacada takes the plate's oldest puesta (6), shared over the three who pay: 2 each
        ({"plate": "6/3"}, 2.0),
        ({"plate": "6/3", "plate_payout": "all"}, 3.0),
        # the four pollas of 1 make the plate's first stake: 4 over three payers
        ({"polla": 1}, 4 / 3),
        # the pollas join the plate's head: 6 + 4 = 10 over three, and nine estuches at 1
        ({"polla": 1, "plate": "6/3", "estuches": True}, 10 / 3 + 9),
    ],
)
def test_the_tresillo_contract_search_counts_the_estuches_and_the_plate(
    params: dict[str, Any], extra: float
) -> None:
    """Seat 0 holds the nine top clubs: a solo in clubs takes every trick in every simulated
    deal, so its value per paying player is exactly the solo's 3, plus what the table pays
    beyond the game (issue 29: the search knows the new payments, as the rule bot does)."""
    from tests.tresillo.helpers import dealt
    from tests.tresillo.test_payments import NINE_TOP_CLUBS

    state = dealt({0: NINE_TOP_CLUBS}, **params)
    game = state.game
    search = FamilySearch(worlds=6, contract_suits=4)
    assert search.action_values(state.view(0), state.legal_actions(), random.Random(1), game)
    assert search.contract is not None
    assert search.contract.last_values["solo CLUBS"] == pytest.approx(3 + extra, abs=1e-3)


def test_after_a_bola_a_defender_plays_to_take_a_trick() -> None:
    """Seat 0 announces a bola that is not sure (four diamonds and a heart after five trump
    tricks) and leads the ♦4: seat 1, holding ♦5 and ♦K, takes the trick with the ♦K. The
    game is won whatever is played, so the search leaves the rest to the rule bot (its values
    were all alike, and it played the ♦5)."""
    from tests.tresillo.helpers import apply, dealt, exchange

    from .helpers import five_trump_leads

    hands = {0: "♠A ♣2 ♣A ♣K ♣Q ♦4 ♦6 ♦7 ♥K", 1: "♦K ♦5 ♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♠7"}
    state = dealt(hands, bola=True)
    apply(state, "solo", "pass", "pass", "trumps ♣")
    exchange(state, "")
    exchange(state, "")
    five_trump_leads(state)  # the defenders keep their diamonds
    apply(state, "bola", "play ♦4")
    assert state.current_player() == 1
    view, legal = state.view(1), state.legal_actions()
    assert FamilySearch(worlds=4).choose(view, legal, random.Random(1), state.game) is None
    player = load("search-normal", clock="cpu")
    player.start(state.game, 1)
    assert state.action_to_string(player.choose(view, legal, random.Random(1))) == "play ♦K"


@pytest.mark.parametrize("name", ["tresillo", "lhombre"])
def test_the_contract_search_foresees_the_rule_defenders_exchange(name: str) -> None:
    """The contract search simulates a defender's exchange with
    :func:`tapete.players.rule.family.defender_discards`: in random games of ``rule`` bots,
    every defender of a trump game throws exactly those cards, in that order (a search that
    models the defenders otherwise values its bids on hands the table never holds)."""
    from tapete.games.ombre.actions import CARD_ID, N_CARDS
    from tapete.players.rule.family import defender_discards
    from tests.players.helpers import play

    rule = load("rule")
    expected: dict[tuple[int, int], list[int]] = {}
    thrown: dict[tuple[int, int], list[int]] = {}
    seed = 0

    class Recorded(Player):
        """The ``rule`` bot, its defenders' discards of trump games recorded."""

        def choose(self, view: Any, legal: Sequence[int], rng: random.Random) -> int:
            action = rule.choose(view, legal, rng)
            nolo = view.contract in ("kobe_nolo", "ren_nolo", "nolo_ouvert")
            if view.phase == "exchange" and view.seat != view.player and not nolo:
                key = (seed, view.seat)
                if key not in expected:
                    trumps, hand = int(view.trumps), int(view.hand.mask)
                    expected[key] = defender_discards(hand, trumps, view.stock_left)
                    thrown[key] = []
                if action < N_CARDS:
                    thrown[key].append(CARD_ID[action])
            return action

    n = load_game(name).num_players()
    for seed in range(80):
        play(name, [Recorded() for _ in range(n)], seed)
    assert len(expected) >= 40, len(expected)
    assert any(expected.values())
    assert thrown == expected


def test_the_danish_contract_search_declares_a_nolo_the_hand_affords() -> None:
    """A hand of low cards only (no dangerous card) affords the ``rule`` bot every nolo; the
    search values each by the bot's measured odds (:data:`NOLO_ODDS`) and bids the best,
    as no trump game of such a hand is worth as much (it used to pass every nolo)."""
    from tapete.games.lhombre import actions as la
    from tapete.players.search.family import nolo_value
    from tests.lhombre.helpers import dealt

    low = "♥7 ♥6 ♥5 ♦7 ♦6 ♠2 ♠3 ♣2 ♣3"
    others = ("♠A ♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♣K", "♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♣A")
    state = dealt((low, *others))
    game, view, legal = state.game, state.view(0), state.legal_actions()
    rules = game.rules  # type: ignore[attr-defined]
    search = FamilySearch(worlds=8)
    values = search.action_values(view, legal, random.Random(2), game)
    assert values is not None
    by_action = dict(zip(legal, values, strict=True))
    hand = int(view.hand.mask)
    for g in (la.REN_NOLO, la.NOLO_OUVERT):
        expected = nolo_value(g, hand, rules)
        assert expected is not None and expected > 0
        assert by_action[la.BID_BASE + la.GAME_LEVEL[g] - 1] == pytest.approx(expected)
    best = max(by_action, key=lambda a: by_action[a])
    assert best == la.BID_BASE + la.GAME_LEVEL[la.NOLO_OUVERT] - 1, by_action
    assert search.choose(view, legal, random.Random(2), game) == best


@pytest.mark.parametrize("sim", ["rule", "mix"])
def test_the_contract_sim_plays_the_deals_out_as_asked(sim: str) -> None:
    """``contract_sim=rule`` plays each simulated deal with the ``rule`` bots' cards
    (``mix``: the mean with the solved play): the nine top clubs take every trick either
    way, so the solo in clubs is worth exactly its 3; an unknown way is refused."""
    from tests.tresillo.helpers import dealt
    from tests.tresillo.test_payments import NINE_TOP_CLUBS

    state = dealt({0: NINE_TOP_CLUBS})
    search = FamilySearch(worlds=6, contract_suits=4, contract_sim=sim)
    assert search.contract is not None and search.contract.sim == sim
    assert search.action_values(state.view(0), state.legal_actions(), random.Random(1), state.game)
    assert search.contract.last_values["solo CLUBS"] == pytest.approx(3.0, abs=1e-3)
    with pytest.raises(ConfigError):
        FamilySearch(worlds=6, contract_sim="guess")
