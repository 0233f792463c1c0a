"""La Pocha's view field ``forbidden_bid`` (docs/pocha.md, "Bidding" and "Views"): the bid the
last to bid may not make, shown to every seat and to spectators while that seat is to bid, and
always the one bid the rules leave out of that seat's legal actions."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tapete
from tapete.engine.api import State
from tapete.engine.views import view_from_dict, view_to_dict
from tapete.games.pocha import PochaGame, PochaState
from tapete.games.pocha.match import PochaMatchView
from tapete.games.pocha.view import PochaView


def _hand_view(view: Any) -> PochaView | None:
    """The hand's view (a match's view holds the live hand's view, or none)."""
    if isinstance(view, PochaMatchView):
        deal = view.deal
        assert deal is None or isinstance(deal, PochaView)
        return deal
    assert isinstance(view, PochaView)
    return view


def _missing_bids(state: State, hand_size: int) -> set[int]:
    """The numbers 0 … hand_size that the seat to bid may not bid."""
    offered = {
        int(text.split()[1])
        for text in (state.action_to_string(a) for a in state.legal_actions())
        if text.startswith("bid ")
    }
    assert offered, "a seat to bid has some bid"
    return set(range(hand_size + 1)) - offered


def _check_game(name: str, params: dict[str, Any], seed: int, counts: dict[str, int]) -> None:
    """Play one random game, checking ``forbidden_bid`` against the legal bids at every move."""
    game = tapete.load_game(name, **params)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        views = [state.view(seat) for seat in (*range(game.num_players()), None)]
        hands = [_hand_view(v) for v in views]
        fields = {h.forbidden_bid if h is not None else None for h in hands}
        assert len(fields) == 1, f"seats see different forbidden bids: {fields}"
        (forbidden,) = fields
        live = hands[-1]
        if live is not None and live.phase == "bidding" and not state.is_chance_node():
            missing = _missing_bids(state, live.hand_size)
            assert missing == (set() if forbidden is None else {forbidden}), (
                missing,
                forbidden,
                live.bids,
            )
            if forbidden is not None:
                counts["set"] += 1
        else:
            assert forbidden is None
        if forbidden is not None:
            for view in views[:2]:  # the field survives the view's JSON round trip
                again = view_from_dict(view_to_dict(view))
                assert again == view
                assert _hand_view(again).forbidden_bid == forbidden  # type: ignore[union-attr]
        state.apply_action(rng.choice(state.legal_actions()))


GAMES = [
    ("pocha", {"n_players": 4, "hand_size": 3}),
    ("pocha", {"n_players": 3, "hand_size": 2, "seven_swap": True}),
    ("pocha", {"n_players": 5, "hand_size": 4, "dealer_restriction": False}),
    ("pocha", {"n_players": 4, "hand_size": 3, "ronda_subastada": True}),
    ("pocha", {"n_players": 3, "hand_size": 2, "ronda_subastada": True, "dealer": 2}),
    ("pocha", {"n_players": 4, "hand_size": 1, "ronda_india": True}),
    ("pocha", {"n_players": 4, "hand_size": 1, "ronda_ciega": True}),
    ("pocha", {"hand_size": 1, "ronda_india": True, "ronda_subastada": True}),
    (
        "pocha-match",
        {
            "n_players": 3,
            "hand_sequence": "1,2,1",
            "ronda_india": "every_one_card",
            "ronda_ciega": "last",
            "ronda_subastada": "closing_hands",
        },
    ),
]


@pytest.mark.parametrize(("name", "params"), GAMES, ids=str)
def test_forbidden_bid_is_the_bid_left_out_of_the_legal_bids(
    name: str, params: dict[str, Any]
) -> None:
    counts = {"set": 0}
    for seed in range(40):
        _check_game(name, params, seed, counts)
    if params.get("dealer_restriction", True):
        assert counts["set"] > 0  # the restricted seat was seen with a forbidden bid
    else:
        assert counts["set"] == 0


def _auction_hand(*texts: str, **params: Any) -> PochaState:
    hands = ["Ao 3o Ro", "Ac 3c Rc", "Ae 3e Re", "Ab 3b Rb"]
    game = tapete.load_game("pocha", n_players=4, hand_size=3, **params)
    assert isinstance(game, PochaGame)
    state = game.new_initial_state()
    for action in game.deal_actions(hands, None if params.get("ronda_subastada") else "7b"):
        state.apply_action(action)
    for text in texts:
        state.apply_string(text)
    return state


def test_every_seat_sees_the_dealers_forbidden_bid_while_the_dealer_bids() -> None:
    state = _auction_hand("bid 1", "bid 0")
    assert state.view(None).forbidden_bid is None  # seat 2 bids freely
    state.apply_string("bid 1")
    assert state.current_player() == 3
    assert {state.view(s).forbidden_bid for s in (0, 1, 2, 3, None)} == {1}  # 1+0+1+1 = 3
    state.apply_string("bid 0")
    assert state.phase() == "play" and state.view(3).forbidden_bid is None


def test_no_forbidden_bid_once_the_bids_are_over_the_hand() -> None:
    state = _auction_hand("bid 3", "bid 1", "bid 0")
    assert state.current_player() == 3
    assert state.view(0).forbidden_bid is None
    assert len(state.legal_actions()) == 4


def test_dealer_wins_the_auction_so_the_seat_before_it_is_told() -> None:
    state = _auction_hand("pass", "pass", "pass", "offer 1", "trumps o", ronda_subastada=True)
    state.apply_string("bid 1")
    assert state.view(0).forbidden_bid is None
    state.apply_string("bid 0")
    assert state.current_player() == 2
    assert {state.view(s).forbidden_bid for s in (0, 1, 2, 3, None)} == {1}
