"""The conformance suite: properties every game of tapete must have.

:func:`check_game` plays seeded random games and, at the visited states, checks that:

* every playout ends (within ``max_actions``);
* ``legal_actions`` is sorted, without repeats, and equals the set of probed actions that
  ``is_legal`` accepts; ``why_illegal`` agrees with ``is_legal``;
* an illegal action raises :class:`IllegalActionError` with a reason, and the state is unchanged;
* chance outcomes are the legal actions at a chance node and their probabilities sum to 1;
* ``string_to_action(action_to_string(a)) == a`` for every legal action;
* ``clone`` is independent of the original;
* no view (any seat, or a spectator) shows a card the seat cannot know (``hidden_cards``),
  neither as a card value nor as a card written in its texts;
* the legal actions offered to the seat to move depend only on what that seat's view shows:
  states sampled consistently with its view (``sample_consistent_state``) offer it the same
  choices (:func:`seat_choices`, :func:`check_choices`);
* the same seed gives the same game; record → JSON → replay gives an equal state;
* ``sample_consistent_state(view)`` gives a state whose history replays legally and whose
  view for that seat equals the given view (a match's sample is *resumed* from the view: its
  live deal must replay);
* the research contract (:meth:`Game.num_distinct_actions` and the rest) holds on every
  visited state: actions, game length, chance outcomes, returns within the utility bounds and
  summing as declared;
* the event log has one event per action, made by the seat that acted; a seat's events hide
  exactly the actions it may not see; every view carries the game's spec and the move number,
  and its JSON form reads back to an equal view.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
import time
from collections.abc import Sequence

from tapete.engine.api import (
    CONSTANT_SUM,
    GENERAL_SUM,
    ZERO_SUM,
    Game,
    PlayerView,
    State,
    cards_in,
)
from tapete.engine.chance import random_playout, sample_chance
from tapete.engine.record import GameRecord, replay
from tapete.engine.sealing import seal_actions
from tapete.errors import IllegalActionError


class ConformanceError(AssertionError):
    """A game broke a property of the protocol; the message names the state and the action."""


@dataclasses.dataclass
class ConformanceReport:
    """What :func:`check_game` looked at."""

    game: str
    games: int = 0
    actions: int = 0
    states_checked: int = 0
    illegal_probes: int = 0
    views_checked: int = 0
    samples_checked: int = 0
    #: Decisions whose legal actions were compared with those of states sampled from the
    #: deciding seat's view (:func:`check_choices`), and the states sampled for it.
    choices_checked: int = 0
    choice_samples: int = 0
    longest_game: int = 0
    seconds: float = 0.0


def _fail(state: State, message: str) -> ConformanceError:
    return ConformanceError(
        f"{state.game!r} after {state.move_number()} actions (phase {state.phase()}): {message}\n"
        f"history: {state.history_strings()}"
    )


def _probe_actions(state: State, legal: Sequence[int], limit: int) -> list[int]:
    top = max([*legal, 0]) + 2
    return list(range(min(max(top, 136), limit)))


def check_state(state: State, report: ConformanceReport, rng: random.Random, probe: int) -> None:
    """Every per-state check except sampling (see the module docstring)."""
    report.states_checked += 1
    legal = state.legal_actions()
    if legal != sorted(set(legal)):
        raise _fail(state, f"legal_actions not sorted and unique: {legal}")
    if not state.is_terminal() and not legal:
        raise _fail(state, "no legal action in a non-terminal state")
    if state.is_terminal() and legal:
        raise _fail(state, f"legal actions in a terminal state: {legal}")
    legal_set = set(legal)
    accepted = []
    for action in _probe_actions(state, legal, probe):
        ok = state.is_legal(action)
        error = state.why_illegal(action)
        if ok != (error is None):
            raise _fail(state, f"is_legal({action}) = {ok} but why_illegal says {error!r}")
        if ok:
            accepted.append(action)
    if set(accepted) != {a for a in legal if a < probe}:
        raise _fail(state, f"is_legal accepts {sorted(accepted)}, legal_actions {legal}")
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        if [a for a, _ in outcomes] != legal:
            raise _fail(state, "chance_outcomes do not list the legal actions")
        if not math.isclose(sum(p for _, p in outcomes), 1.0, rel_tol=1e-9):
            raise _fail(state, "chance probabilities do not sum to 1")
    for action in legal:
        text = state.action_to_string(action)
        if state.string_to_action(text) != action:
            raise _fail(state, f"string_to_action({text!r}) != {action}")
    illegal = [a for a in _probe_actions(state, legal, probe) if a not in legal_set]
    for action in rng.sample(illegal, min(3, len(illegal))):
        before_key, before_history = state._key(), state.history()
        try:
            state.apply_action(action)
        except IllegalActionError as e:
            if not e.reason or not e.detail:
                raise _fail(state, f"illegal action {action} refused without a reason") from e
        else:
            raise _fail(state, f"illegal action {action} was applied")
        if state._key() != before_key or state.history() != before_history:
            raise _fail(state, f"refused action {action} changed the state")
        report.illegal_probes += 1
    if legal:
        copy = state.clone()
        key = state._key()
        copy.apply_action(legal[0])
        if state._key() != key:
            raise _fail(state, "applying an action to a clone changed the original")
    n = state.game.num_players()
    if len(state.returns()) != n:
        raise _fail(state, f"returns() has {len(state.returns())} entries for {n} players")
    check_contract(state, legal)
    for seat in [None, *range(n)]:
        check_view(state, seat)
        report.views_checked += 1


def check_contract(state: State, legal: Sequence[int]) -> None:
    """The game's declared metadata holds at ``state``."""
    game = state.game
    distinct = game.num_distinct_actions()
    if any(not 0 <= a < distinct for a in legal):
        raise _fail(state, f"legal actions {legal} outside 0…{distinct - 1}")
    if state.move_number() > game.max_game_length():
        raise _fail(state, f"{state.move_number()} actions > max_game_length")
    if state.is_chance_node() and len(legal) > game.max_chance_outcomes():
        raise _fail(state, f"{len(legal)} chance outcomes > max_chance_outcomes")
    if not state.is_terminal():
        return
    returns = state.returns()
    low, high = game.min_utility(), game.max_utility()
    if any(not low - 1e-9 <= r <= high + 1e-9 for r in returns):
        raise _fail(state, f"returns {returns} outside [{low}, {high}]")
    kind = game.utility_sum()
    if kind not in (ZERO_SUM, CONSTANT_SUM, GENERAL_SUM):
        raise _fail(state, f"utility_sum() = {kind!r} is not one of the three kinds")
    if kind != GENERAL_SUM and not math.isclose(
        sum(returns), game.utility_constant(), abs_tol=1e-6
    ):
        raise _fail(state, f"{kind} game but the returns {returns} sum to {sum(returns)}")


def check_events(state: State, actor: int) -> None:
    """The last action's event: made by ``actor``; every seat's events are consistent."""
    events = state.events(None, state.move_number() - 1)
    if len(events) != 1 or events[0].move != state.move_number() - 1:
        raise _fail(state, "the last action did not append exactly one event")
    if events[0].actor != actor:
        raise _fail(state, f"the last event's actor is {events[0].actor}, the actor was {actor}")
    for seat in range(state.game.num_players()):
        (event,) = state.events(seat, state.move_number() - 1)
        if event.hidden != (event.action is None):
            raise _fail(state, f"seat {seat}'s event {event} is hidden but shows its action")
        if not event.hidden and event.action != state.history()[-1]:
            raise _fail(state, f"seat {seat}'s event {event} names another action")


def check_view(state: State, seat: int | None) -> None:
    """The view of ``seat`` shows no card hidden from it."""
    view = state.view(seat)
    if view.seat != seat or view.current_player != state.current_player():
        raise _fail(state, f"view({seat}) has the wrong seat or current player")
    if view.spec != state.game.spec or view.move != state.move_number():
        raise _fail(state, f"view({seat}) does not carry the game's spec and the move number")
    data = json.loads(json.dumps(view.to_dict(), ensure_ascii=False))
    if PlayerView.from_dict(data) != view:
        raise _fail(state, f"view({seat}) does not survive its JSON form")
    hidden = state.hidden_cards(seat)
    live = view.live_part()
    if live is None or not hidden:
        return
    shown = {int(c) for c in cards_in(live, True)} | {int(c) for c in cards_in(view.events)}
    leaked = shown & {int(c) for c in hidden}
    if leaked:
        names = sorted(str(c) for c in hidden if int(c) in leaked)
        raise _fail(state, f"view({seat}) shows hidden cards {names}")


def check_sample(state: State, seat: int, rng: random.Random) -> None:
    """``sample_consistent_state`` for ``seat`` replays and reproduces the view."""
    view = state.view(seat)
    sampled = state.game.sample_consistent_state(view, rng)
    if sampled.view(seat) != view:
        raise _fail(state, f"sampled state's view for seat {seat} differs from the given view")
    if getattr(sampled, "is_resumed", False):  # a match resumed from the view: its live deal
        deal = getattr(sampled, "deal", None)
        if deal is not None and replay(GameRecord.from_state(deal)) != deal:
            raise _fail(state, "sampled match's live deal does not replay to itself")
    elif replay(GameRecord.from_state(sampled)) != sampled:
        raise _fail(state, "sampled state does not replay to itself")


#: The choices a seat is offered as it can tell them apart (:func:`seat_choices`): the legal
#: actions that are not sealed, as ``(number, text)`` in order, and the texts of the sealed
#: ones with each unseen card written ``?``, sorted.
SeatChoices = tuple[tuple[tuple[int, str], ...], tuple[str, ...]]


def seat_choices(state: State, seat: int, view: PlayerView | None = None) -> SeatChoices:
    """The legal actions of ``state`` as ``seat`` (to move) can tell them apart.

    An action is *sealed* when its text names a card hidden from the seat
    (``state.hidden_cards(seat)``) that the live part of its view (``view``, default
    ``state.view(seat)``) does not show: the online table sends such an action under a
    placeholder, with the card written ``?`` (``docs/protocol.md``, *Sealed actions*; both
    use :func:`tapete.engine.sealing.seal_actions`), because its number or text would tell
    the seat the card (La Pocha's ronda india and ronda ciega: a seat's one play is its own
    unseen card). So two states offer a seat "the same legal actions" when the actions that
    are not sealed are the same numbers with the same texts, and the sealed ones are as many
    with the same masked texts (``play ?``): which card a sealed action names may differ, its
    presence and its kind may not.

    >>> import tapete
    >>> g = tapete.load_game('pocha', n_players=3, hand_size=1, ronda_ciega=True)
    >>> s = g.new_initial_state()
    >>> for t in ['deal Ao', 'deal 3c', 'deal Re', 'turn 4o', 'bid 0', 'bid 1', 'bid 1']:
    ...     _ = s.apply_string(t)
    >>> seat_choices(s, 0)
    ((), ('play ?',))
    """
    if view is None:
        view = state.view(seat)
    plain: list[tuple[int, str]] = []
    sealed: list[str] = []
    for entry in seal_actions(state, seat, view, state.legal_actions()):
        if entry.sealed is None:
            plain.append((entry.action, entry.text))
        else:
            sealed.append(entry.sealed)
    return tuple(plain), tuple(sorted(sealed))


def _history(state: State) -> list[str]:
    """The actions of ``state`` as text; of a match resumed from a view (whose earlier deals
    are unknown), those of its live deal."""
    deal = getattr(state, "deal", None)
    if getattr(state, "is_resumed", False) and isinstance(deal, State):
        return deal.history_strings()
    return state.history_strings()


def _shown_choices(choices: SeatChoices) -> list[str]:
    plain, sealed = choices
    return [text for _, text in plain] + [f"{text} (sealed)" for text in sealed]


def check_choices(
    state: State, rng: random.Random, samples: int, report: ConformanceReport | None = None
) -> None:
    """The seat to move is offered the same choices (:func:`seat_choices`) in ``samples``
    states sampled consistently with its view (``game.sample_consistent_state``): its legal
    actions depend only on what its view shows. A game whose legal actions told a seat a card
    it may not see (La Pocha's seven swap offered in a ronda india only to the holder of the
    7 of trumps) fails here as soon as a sample places that card otherwise."""
    if state.is_terminal() or state.is_chance_node():
        return
    seat = state.current_player()
    view = state.view(seat)
    mine = seat_choices(state, seat, view)
    for _ in range(samples):
        other = state.game.sample_consistent_state(view, rng)
        if other.view(seat) != view:
            raise _fail(state, f"sampled state's view for seat {seat} differs from the given view")
        theirs = seat_choices(other, seat, view)
        if theirs != mine:
            raise _fail(
                state,
                f"seat {seat}'s legal actions depend on what its view does not show: "
                f"{_shown_choices(mine)} here, {_shown_choices(theirs)} in a state with the "
                f"same view for seat {seat} (its history: {_history(other)})",
            )
        if report is not None:
            report.choice_samples += 1
    if report is not None:
        report.choices_checked += 1


def check_seat_choices(
    game: Game, *, games: int = 10, seed: int = 0, every: int = 1, samples: int = 2
) -> ConformanceReport:
    """:func:`check_choices` alone, at every ``every``-th action of ``games`` seeded random
    games of ``game``: the quick form of that one check, for every registered game and many
    option sets (``check_game`` runs it among the others)."""
    report = ConformanceReport(game=game.name)
    start = time.perf_counter()
    for index in range(games):
        rng = random.Random(f"conformance-{seed}-{index}")
        choice_rng = random.Random(f"conformance-choices-{seed}-{index}")
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if steps % every == 0:
                check_choices(state, choice_rng, samples, report)
            if state.is_chance_node():
                action = sample_chance(state, rng)
            else:
                actions = state.legal_actions()
                action = actions[int(rng.random() * len(actions))]
            state.apply_action(action)
            steps += 1
        report.games += 1
        report.actions += steps
        report.longest_game = max(report.longest_game, steps)
    report.seconds = time.perf_counter() - start
    return report


def check_game(
    game: Game,
    *,
    games: int = 10,
    seed: int = 0,
    check_every: int = 1,
    sample_every: int = 5,
    max_actions: int = 100_000,
    probe: int = 256,
    choice_every: int | None = None,
    choice_samples: int = 2,
) -> ConformanceReport:
    """Run the whole suite on ``games`` seeded random games of ``game``.

    ``check_every``/``sample_every`` thin out the per-state and sampling checks on long
    games (matches); the checks at the end of each game always run. The legal actions of
    the seat to move are compared with those of ``choice_samples`` states sampled from its
    view (:func:`check_choices`) at every ``choice_every``-th action (default:
    ``check_every``); ``choice_samples=0`` leaves that check out.
    """
    report = ConformanceReport(game=game.name)
    start = time.perf_counter()
    choice_every = check_every if choice_every is None else choice_every
    for index in range(games):
        rng = random.Random(f"conformance-{seed}-{index}")
        check_rng = random.Random(f"conformance-check-{seed}-{index}")
        choice_rng = random.Random(f"conformance-choices-{seed}-{index}")
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if steps % check_every == 0:
                check_state(state, report, check_rng, probe)
            if steps % sample_every == 0 and not state.is_chance_node():
                check_sample(state, state.current_player(), check_rng)
                other = check_rng.randrange(game.num_players())
                check_sample(state, other, check_rng)
                report.samples_checked += 2
            if choice_samples and steps % choice_every == 0:
                check_choices(state, choice_rng, choice_samples, report)
            if state.is_chance_node():
                action = sample_chance(state, rng)
            else:
                actions = state.legal_actions()
                action = actions[int(rng.random() * len(actions))]
            actor = state.current_player()
            state.apply_action(action)
            if steps % check_every == 0:
                check_events(state, actor)
            steps += 1
            if steps > max_actions:
                raise _fail(state, f"game did not end within {max_actions} actions")
        check_state(state, report, check_rng, probe)
        for seat in range(game.num_players()):
            check_sample(state, seat, check_rng)
        if any(not math.isfinite(x) for x in state.returns()):
            raise _fail(state, f"returns are not finite: {state.returns()}")
        again = random_playout(
            game.new_initial_state(), random.Random(f"conformance-{seed}-{index}")
        )
        if again.history() != state.history():
            raise _fail(state, "the same seed gave a different game")
        record = GameRecord.from_state(
            state, players=tuple(f"p{i}" for i in range(game.num_players()))
        )
        if replay(GameRecord.from_json(record.to_json())) != state:
            raise _fail(state, "record → JSON → replay gave a different state")
        report.games += 1
        report.actions += steps
        report.longest_game = max(report.longest_game, steps)
    report.seconds = time.perf_counter() - start
    return report
