"""Ombre's information-set search (:mod:`tapete.solvers.ombre_iset`) against the engine.

At seeded play positions of deals bid and exchanged by ``rule`` bots, a few worlds are drawn
by the game's own sampler. Each card's value is then found twice: by
:func:`search_plays_iset` and by a search over the reference engine's states (its legal
moves, tricks and outcome; the other seats' cards the model's, read afresh from the
engine's position), in which the worlds where the others played the same cards are searched
together and the seat plays one card in all of them.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba", reason="the solvers need numba")

import tapete
from tapete.cards import Suit
from tapete.errors import ConfigError
from tapete.games.ombre.actions import CARD_ID
from tapete.games.ombre_family.tables import FULL_MASK
from tapete.players import load
from tapete.players.search.ombre import OmbreSearch, joint_root
from tapete.solvers import ombre_kernel as ok
from tapete.solvers.ombre import OmbreTables
from tapete.solvers.ombre_iset import (
    ST_LEFT,
    ST_TO_MOVE,
    apply_card,
    model_card,
    new_state,
    search_plays_iset,
)
from tapete.solvers.ombre_rule import rule_playout

#: The ombre's value of each outcome (CODILLE, PUESTA, SACARDO) and a defender's own value
#: (its own codille 1, the coalition's value a tie-break).
OMBRE = np.array([-1.0, -0.9, 1.0, 0.0])
OWN = np.array([0.05, 0.045, -0.05, 1.0])


def _play_position(seed: int, params: dict[str, Any], tricks_left: int) -> Any:
    """A state of a deal of ``rule`` bots in the play with ``tricks_left`` tricks or fewer
    left and a choice of cards for the seat to move (or ``None``)."""
    game: Any = tapete.load_game("ombre", **params)
    bot = load("rule")
    rng = random.Random(seed)
    state: Any = game.new_initial_state()
    stop = rng.randrange(3)  # cards into the trick
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        view = state.view(state.current_player())
        if (
            state.phase() == "play"
            and 9 - len(view.finished_tricks) <= tricks_left
            and len(view.current_trick.cards if view.current_trick is not None else ()) == stop
            and len(state.legal_actions()) > 1
        ):  # fmt: skip
            return game, state
        state.apply_action(bot.choose(view, state.legal_actions(), rng))
    return game, None


def _kernel(tables: OmbreTables, state: Any) -> tuple[Any, Any, Any]:
    """The engine state's hands, tricks won and search state, in kernel indices."""
    me = state.current_player()
    view = state.view(me)
    hands = np.array([tables.kernel_mask(state.view(q).hand.mask) for q in range(3)],
                     dtype=np.uint64)  # fmt: skip
    won, st = joint_root(view, tables, me)
    return hands, won, st


def _engine_value(
    tables: OmbreTables, states: list[Any], me: int, ombre: int, values: Any, first: int | None,
    model: Any,
) -> float:  # fmt: skip
    """The summed value of ``states`` (``me`` to move in each, or all over) by the
    information-set search over the engine's states: ``first`` (an action) or the best card,
    alike in every state, then the states split by the cards the others played."""
    if states[0].is_terminal():
        total = 0.0
        for s in states:
            won = list(s.tricks_won)
            v = values[ok.outcome(np.array(won), ombre)]
            if won[me] > won[(me + 1) % 3] and won[me] > won[(me + 2) % 3]:
                v += values[3]
            total += v
        return total
    legal = states[0].legal_actions()
    for s in states[1:]:
        assert s.legal_actions() == legal
    best = -np.inf
    for action in [first] if first is not None else legal:
        groups: dict[tuple[int, ...], list[Any]] = {}
        for s in states:
            child = s.child(action)
            played: list[int] = []
            while not child.is_terminal() and child.current_player() != me:
                a = model(child)
                played.append(a)
                child = child.child(a)
            groups.setdefault(tuple(played), []).append(child)
        value = sum(_engine_value(tables, g, me, ombre, values, None, model)
                    for g in groups.values())  # fmt: skip
        best = max(best, value)
    return best


class _Model:
    """The model's card (:func:`model_card`) at an engine state, as the engine's action."""

    def __init__(self, tables: OmbreTables, known: Any, deck: Any, ids: Any, ombre: int,
                 privilege: bool) -> None:  # fmt: skip
        self.tables, self.known, self.deck, self.ids = tables, known, deck, ids
        self.ombre, self.privilege = ombre, privilege

    def __call__(self, s: Any) -> int:
        t = self.tables
        hands, _, st = _kernel(t, s)
        c = int(model_card(hands, st, self.known, self.deck, self.ombre, t.n_trumps,
                           self.privilege, self.ids))  # fmt: skip
        found = [a for a in s.legal_actions() if t.kernel_of[CARD_ID[a]] == c]
        assert len(found) == 1
        return found[0]


@pytest.mark.parametrize("params", [{}, {"matador_privilege": False}])
def test_the_joint_search_agrees_with_a_search_over_the_engine(params: dict[str, Any]) -> None:
    checked = 0
    for seed in range(40):
        game, state = _play_position(seed, params, tricks_left=4)
        if state is None:
            continue
        me = state.current_player()
        view = state.view(me)
        tables = OmbreTables.for_trumps(Suit(view.trumps))
        privilege = bool(game.params["matador_privilege"])
        deck = np.uint64(tables.kernel_mask(FULL_MASK))
        ids = np.array(tables.card_id, dtype=np.int64)
        known = np.zeros(3, dtype=np.uint64)

        model = _Model(tables, known, deck, ids, view.ombre, privilege)
        rng = random.Random(seed)
        worlds = [game.sample_consistent_state(view, rng) for _ in range(4)]
        hands = np.array([_kernel(tables, w)[0] for w in worlds], dtype=np.uint64)
        _, won, st = _kernel(tables, state)
        values = OMBRE if me == view.ombre else OWN
        legal = state.legal_actions()
        cards = np.array([tables.kernel_of[CARD_ID[a]] for a in legal], dtype=np.int64)
        found, work = search_plays_iset(hands, np.ones(len(worlds)), won, st, known, deck,
                                        view.ombre, tables.n_trumps, privilege, ids, values,
                                        cards, 0)  # fmt: skip
        assert work > 0
        for i, action in enumerate(legal):
            expected = _engine_value(tables, worlds, me, view.ombre, values, action, model)
            assert found[i] == pytest.approx(expected), (seed, action)
        checked += 1
    assert checked >= 20


def test_the_model_plays_the_rule_bots_cards_of_the_kernel_playout() -> None:
    tables = OmbreTables.for_trumps(Suit.SPADES)
    deck = np.uint64(tables.kernel_mask(FULL_MASK))
    ids = np.array(tables.card_id, dtype=np.int64)
    cards = [k for k, c in enumerate(tables.card_id) if c >= 0]
    rng = random.Random(3)
    for _ in range(200):
        picked = rng.sample(cards, 27)
        hands = np.array([sum(1 << c for c in picked[9 * i : 9 * i + 9]) for i in range(3)],
                         dtype=np.uint64)  # fmt: skip
        known = np.zeros(3, dtype=np.uint64)
        ombre, leader = rng.randrange(3), rng.randrange(3)
        trace = np.zeros(27, dtype=np.int64)
        won = np.zeros(3, dtype=np.int64)
        result = rule_playout(hands.copy(), won, known, deck, leader, ombre, tables.n_trumps, 1,
                              ids, trace)  # fmt: skip
        h, w, st = hands.copy(), np.zeros(3, dtype=np.int64), new_state(leader, 0, 27)
        played = []
        while st[ST_LEFT] > 0:
            c = model_card(h, st, known, deck, ombre, tables.n_trumps, True, ids)
            played.append(int(c))
            apply_card(h, w, st, c)
        assert played == trace.tolist()
        assert w.tolist() == won.tolist() and ok.outcome(w, ombre) == result


def test_worlds_alike_add_up_and_worlds_apart_are_bounded_by_their_own_best() -> None:
    """``n`` copies of one world are worth ``n`` times it; several worlds searched together
    are worth no more than each searched alone (the seat there sees everything)."""
    tables = OmbreTables.for_trumps(Suit.HEARTS)
    deck = np.uint64(tables.kernel_mask(FULL_MASK))
    ids = np.array(tables.card_id, dtype=np.int64)
    cards = [k for k, c in enumerate(tables.card_id) if c >= 0]
    known = np.zeros(3, dtype=np.uint64)
    rng = random.Random(8)
    for _ in range(25):
        picked = rng.sample(cards, 18)  # six cards a hand
        mine, rest = picked[:6], picked[6:]
        worlds = []
        for _ in range(6):
            rng.shuffle(rest)
            worlds.append([sum(1 << c for c in mine), sum(1 << c for c in rest[:6]),
                           sum(1 << c for c in rest[6:])])  # fmt: skip
        me, ombre = 0, rng.randrange(3)
        values = OMBRE if me == ombre else OWN
        st = new_state(me, 0, 18)
        won = np.zeros(3, dtype=np.int64)
        candidates = np.array(mine, dtype=np.int64)
        one = np.array(worlds[:1], dtype=np.uint64)
        alone = [search_plays_iset(np.array([w], dtype=np.uint64), np.ones(1), won, st, known,
                                   deck, ombre, tables.n_trumps, True, ids, values,
                                   candidates, 0)[0]
                 for w in worlds]  # fmt: skip
        copies = np.repeat(one, 3, axis=0)
        tripled = search_plays_iset(
            copies,
            np.ones(3),
            won,
            st,
            known,
            deck,
            ombre,
            tables.n_trumps,
            True,
            ids,
            values,
            candidates,
            0,
        )[0]
        assert tripled == pytest.approx(3 * alone[0])
        joint = search_plays_iset(np.array(worlds, dtype=np.uint64), np.ones(6), won, st,
                                  known, deck, ombre, tables.n_trumps, True, ids, values,
                                  candidates, 0)[0]  # fmt: skip
        assert np.all(joint <= np.sum(alone, axis=0) + 1e-9)


def test_a_search_player_with_iset_plays_whole_deals() -> None:
    game = tapete.load_game("ombre")
    search = OmbreSearch(worlds=8, iset=9, iset_worlds=16)
    bot = load("rule")
    searched = 0
    for seed in range(4):
        rng = random.Random(seed)
        state: Any = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            seat, legal = state.current_player(), state.legal_actions()
            view = state.view(seat)
            action = search.choose(view, legal, rng, game) if seat == seed % 3 else None
            if action is not None and view.phase == "play" and len(legal) > 1:
                assert search.last_worlds == 16  # the joint search decided
                searched += 1
            state.apply_action(bot.choose(view, legal, rng) if action is None else action)
        assert state.is_terminal() and len(state.returns()) == 3
    assert searched > 5


def test_iset_options_are_checked() -> None:
    with pytest.raises(ConfigError, match="parameter iset = -1 is out of range"):
        OmbreSearch(iset=-1)
    with pytest.raises(ConfigError, match="iset_worlds"):
        OmbreSearch(iset=9, iset_worlds=0)
    with pytest.raises(ConfigError, match="parameter iset must be an integer"):
        load("search", level="strong", iset="many")


def _deal(game: Any, seed: int, card_players: Any, visit: Any) -> Any:
    """Deal ``seed`` with ``rule`` bots in the contract and ``card_players[seat]`` in the
    play; ``visit(state, view)`` is called at each decision and stops the deal when true.
    Returns the state reached."""
    bot = load("rule")
    rng = random.Random(seed)
    state: Any = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        seat = state.current_player()
        view = state.view(seat)
        if visit(state, view):
            break
        player = card_players[seat] if view.phase == "play" else bot
        state.apply_action(player.choose(view, state.legal_actions(), rng))
    return state


def _at_the_sixth_trick(state: Any, view: Any) -> bool:
    return bool(view.phase == "play" and len(view.finished_tricks) == 5)


def _model_misses(
    start: Any, history: list[int], leader: int, me: int, known: Any, tables: OmbreTables,
    ombre: int,
) -> int:  # fmt: skip
    """How many of the other seats' cards of ``history`` (every card played from ``leader``'s
    first lead, the hands at the start of the play ``start``) are not the model's card."""
    hands, won = start.copy(), np.zeros(3, dtype=np.int64)
    st = new_state(leader, 0, 27)
    deck, ids = np.uint64(tables.kernel_mask(FULL_MASK)), np.array(tables.card_id, dtype=np.int64)
    misses = 0
    for c in history:
        q = int(st[ST_TO_MOVE])
        if q != me and model_card(hands, st, known, deck, ombre, tables.n_trumps, True, ids) != c:
            misses += 1
        apply_card(hands, won, st, c)
    return misses


def test_the_model_explains_every_card_of_rule_bots_in_the_true_deal() -> None:
    """Replayed from the true hands (and each seat's own discards known to it), the model's
    card is the card every ``rule`` seat played; random players' cards are not."""
    game: Any = tapete.load_game("ombre")
    bot, randomly = load("rule"), load("random")
    checked = refuted = 0
    for seed in range(40):
        for players in ((bot, bot, bot), (bot, randomly, randomly)):
            state = _deal(game, seed, players, _at_the_sixth_trick)
            if state.is_terminal():
                continue
            views = [state.view(q) for q in range(3)]
            tables = OmbreTables.for_trumps(Suit(views[0].trumps))
            history: list[int] = []
            by: list[int] = [0, 0, 0]
            leader = views[0].finished_tricks[0].leader
            for trick in (*views[0].finished_tricks, views[0].current_trick):
                for i, card in enumerate(trick.cards if trick is not None else ()):
                    history.append(tables.kernel_of[int(card)])
                    by[(trick.leader + i) % 3] |= 1 << tables.kernel_of[int(card)]
            start = np.array([[tables.kernel_mask(v.hand.mask) | by[q]
                               for q, v in enumerate(views)]], dtype=np.uint64)  # fmt: skip
            known = np.array([tables.kernel_mask(v.discards.mask) for v in views],
                             dtype=np.uint64)  # fmt: skip
            misses = _model_misses(start[0], history, leader, 0, known, tables,
                                   views[0].ombre)  # fmt: skip
            if players[1] is bot:
                assert misses == 0, seed
                checked += 1
            else:
                refuted += misses >= 2
    assert checked >= 25
    assert refuted >= 10
