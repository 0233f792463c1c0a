"""Why a La Pocha search seat missed its bids: the bid, or the play?

Run: ``.venv/bin/python benchmarks/pocha_failures.py OUT [OUT ...] [--player NAME]
[--values WORLDS]`` where each ``OUT`` is an arena's ``--out`` folder (its
``records.jsonl``) of one player against ``rule`` bots (as for ``pocha_paired.py``).

For every hand the measured player played, the bids made and the real deal are put back
at the first card of the play, and the exact solver (:func:`tapete.solvers.pocha_endgame.
achievable_tricks`: the player chooses each of its cards seeing every hand, the others play
the ``rule`` bot's cards, ``pocha_kernel.counting_play``) finds the trick totals the player
could have ended with. A missed bid is then

* *not achievable*: no play of its cards makes it against these opponents, even seeing the
  deal: the bid was wrong for the cards as they lay (by how much, and up or down);
* *achievable*: some play made it: the tricks were lost in the play (for want of seeing the
  cards, or by a poor card).

Every bid made must be achievable (the model of the ``rule`` bots' cards is exact); the
script counts any that is not as ``model misses``.

``--values WORLDS`` also runs the search's own valuation of its bid again at that
decision (``WORLDS`` worlds, the default options) and prints, per bid, the mean points it
expected of the bid it chose against the mean it scored.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import numpy as np
from pocha_paired import measured_player

import tapete
from tapete.engine.api import State
from tapete.engine.record import replay
from tapete.players.search.pocha import PochaSearch, deal_view, root_arrays
from tapete.solvers import pocha_kernel as pk
from tapete.solvers.pocha_endgame import achievable_tricks, advance


def _state_at(game: Any, record: dict[str, Any], seat: int, phase: str) -> State:
    """The record's game replayed up to ``seat``'s first decision in ``phase`` (``bidding``)
    or to the first card of the play (``play``)."""
    state = game.new_initial_state()
    for text in record["actions"]:
        view = deal_view(state.view(seat))
        if phase == "play" and view.phase == "play":
            break
        if phase == "bidding" and view.phase == "bidding" and state.current_player() == seat:
            break
        state.apply_action(state.string_to_action(text))
    return state


def reachable(game: Any, search: PochaSearch, state: State, seat: int) -> int:
    """The mask of the trick totals ``seat`` could end with from ``state`` (the start of the
    play), seeing every hand, the others playing the ``rule`` bot's cards."""
    hand = deal_view(state.view(seat))
    tables = search.tables(game, hand, seat)
    bids, won, trick, st = root_arrays(tables, hand)
    hands = np.array(
        [tables.kernel_mask(int(deal_view(state.view(q)).hand.mask)) for q in range(len(bids))],
        dtype=np.uint64,
    )
    advance(hands, bids, won, trick, st, tables.rp, seat)
    if st[pk.ST_PHASE] != pk.PHASE_PLAY:  # the play ended before the seat's turn
        return 1 << int(won[seat])
    return int(achievable_tricks(hands, bids, won, trick, st, tables.rp, -1, True, -1))


def main() -> None:
    """Read the runs, solve each hand and print the counts."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("runs", nargs="+", type=Path)
    parser.add_argument("--player", help="the player measured (default: the one alone)")
    parser.add_argument("--values", type=int, default=0, metavar="WORLDS")
    args = parser.parse_args()
    game = tapete.load_game("pocha")
    search = PochaSearch(worlds=max(1, args.values))
    outcome: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    by_bid: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])  # hands, missed, not achievable
    valued: dict[int, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    hands = 0
    for folder in args.runs:
        for line in (folder / "records.jsonl").read_text().splitlines():
            record = json.loads(line)
            if record["game"] != "pocha" or record["params"]:
                raise SystemExit(f"{folder}: only La Pocha's default rules are read")
            players = record["players"]
            seat = players.index(measured_player(players, args.player, folder))
            state = _state_at(game, record, seat, "play")
            hand = deal_view(state.view(seat))
            bid = int(hand.bids[seat])
            end = replay(record)
            took = int(deal_view(end.view(seat)).tricks_won[seat])
            mask = reachable(game, search, state, seat)
            hands += 1
            row = by_bid[bid]
            row[0] += 1
            can = bool(mask >> bid & 1)
            if took == bid:
                outcome["made" if can else "model misses"] += 1
            else:
                row[1] += 1
                outcome["missed, achievable" if can else "missed, not achievable"] += 1
                if not can:
                    row[2] += 1
                    totals = [t for t in range(64) if mask >> t & 1]
                    nearest = min(totals, key=lambda t: (abs(t - bid), t))
                    side = "lower" if nearest < bid else "higher"
                    wrong[f"{abs(nearest - bid)} trick(s) {side}"] += 1
                    bidder = (seat - hand.dealer - 1) % len(hand.bids)
                    wrong[f"bidding {bidder + 1} of {len(hand.bids)}"] += 1
            if args.values:
                at_bid = _state_at(game, record, seat, "bidding")
                legal = at_bid.legal_actions()
                found = search.action_values(at_bid.view(seat), legal, random.Random(hands), game)
                if found is not None:
                    texts = [at_bid.action_to_string(a) for a in legal]
                    means = {int(t.split()[1]): m for t, m in zip(texts, found[0], strict=True)}
                    cell = valued[bid]
                    cell[0] += 1
                    cell[1] += means[bid]
                    cell[2] += float(record["result"][seat])
    print(f"{hands} hands of the measured player")
    for key in ("made", "missed, achievable", "missed, not achievable", "model misses"):
        print(f"  {key}: {outcome[key]} ({outcome[key] / max(1, hands):.1%})")
    print("missed bids that no play could make, by the nearest total it could make and by turn:")
    for key, count in sorted(wrong.items()):
        print(f"  {key}: {count}")
    print("bid: hands, missed, not achievable")
    for bid in sorted(by_bid):
        n, missed, impossible = by_bid[bid]
        print(f"  {bid}: {n}, {missed} ({missed / n:.0%}), {impossible} ({impossible / n:.0%})")
    if args.values:
        print(f"bid: hands, the search's value of it at {args.values} worlds, the points scored")
        for bid in sorted(valued):
            n, expected, scored = valued[bid]
            print(f"  {bid}: {int(n)}, {expected / n:+.2f}, {scored / n:+.2f}")


if __name__ == "__main__":
    main()
