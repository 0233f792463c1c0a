"""T20: the seed's example deal, reconstructed and replayed (ombre.md §4 T20)."""

from __future__ import annotations

import pathlib

from tapete.engine.record import GameRecord, replay, replay_states
from tapete.games.ombre import OmbreState

DATA = pathlib.Path(__file__).parent / "data" / "seed_example.json"
WEST, EAST, NORTH = 0, 1, 2


def test_seed_example_deal() -> None:
    """Replay the seed's example deal: every trick winner as told, sacardo, West takes the pool.

    Seats: North deals, play goes N → W → E, so West is eldest (seat 0), East seat 1 and
    North seat 2. The seed lists the exchange completely (West discards ♥7 ♦6 ♠7 ♠5 and
    draws ♥3 ♦Q ♦A ♣4; East discards ♥4 ♥5 ♥6 and draws ♥Q ♥A ♠A; North discards ♦7 ♠J ♠6
    ♠4 ♠3 ♠2 and draws ♥J ♥2 ♦K ♦J ♠K ♣3), so the 13 stock cards and their order are the
    draws in that order, and the 13 discards are known. The other 14 cards (♠Q, ♣A ♣K ♣Q ♣J
    ♣7 ♣6 ♣5 ♣2, ♥K, ♦5 ♦4 ♦3 ♦2) are what the players kept: West 5, East 6, North 3.

    * West leads ♣K "because he holds Manille and probably Basto", later wins with Basto
      (♣A), draws North's last trump with Manille (♣2), continues with ♣5, and "will win
      ♥K": West kept ♣A ♣2 ♣K ♣5 ♥K (five cards, so nothing else).
    * East returns ♣7, so East kept ♣7. North plays ♣J on it, leads a club at trick 3 and
      loses his last trump at trick 4, and at trick 1 he had to follow the ♣K lead with an
      ordinary trump: North played trumps in tricks 1-4 and had no trump left, so he held
      exactly four trumps, ♣3 (drawn) and three kept clubs: the remaining ♣Q ♣J ♣6.
    * East kept the rest, ♠Q ♦5 ♦4 ♦3 ♦2 and ♣7: no heart, as the seed says he "hopes to
      end with a void suit" after throwing ♥4 ♥5 ♥6.

    Hands before the exchange: West ♣A ♣2 ♣K ♣5 ♥K ♥7 ♦6 ♠7 ♠5; East ♠Q ♣7 ♦5 ♦4 ♦3 ♦2
    ♥4 ♥5 ♥6; North ♣Q ♣J ♣6 ♦7 ♠J ♠6 ♠4 ♠3 ♠2. The deal is recorded in packets of three.

    Tricks (leader first; choices the seed leaves open are marked *):
    1. W ♣K, E ♠A, N ♣3* — East (Spadille). 2. E ♣7, N ♣J, W ♣4 — North.
    3. N ♣6*, W ♣A, E ♦2* — West (Basto). 4. W ♣2, E ♦3*, N ♣Q — West (Manille takes
    North's last trump). 5. W ♣5, E ♦4*, N ♦J — West; North is "on the spot" and takes the
    seed's first continuation, discarding ♦J. 6. W leads the suit, ♦A*, E ♦5, N ♦K — North.
    7. N ♠K*, W ♥3*, E ♠Q — North. 8. N ♥J, W ♥K, E ♥A* — West wins ♥K.
    9. W ♦Q, E ♥Q, N ♥2 — West wins "a diamond". West 5 tricks, North 3, East 1: sacardo.
    """
    record = GameRecord.from_json(DATA.read_text(encoding="utf-8"))
    assert record.players == ("West", "East", "North")
    final = replay(record)
    assert isinstance(final, OmbreState)
    assert [winner for _, _, winner in final.finished] == [
        EAST, NORTH, WEST, WEST, WEST, NORTH, NORTH, WEST, WEST,
    ]  # fmt: skip
    assert final.ombre == WEST and final.trumps == 4  # clubs
    assert final.tricks_won == [5, 1, 3]
    assert final.outcome == "sacardo"
    assert final.pool == 0 and final.returns() == [2.0, -1.0, -1.0]  # West takes the 3 antes
    assert record.result == (2.0, -1.0, -1.0)


def test_seed_example_hands_and_stock() -> None:
    """The reconstruction uses every card once; the exchange is exactly the seed's."""
    states = list(replay_states(GameRecord.from_json(DATA.read_text(encoding="utf-8"))))
    after_deal = states[27]
    assert isinstance(after_deal, OmbreState)
    hands = [str(after_deal.view(seat).hand) for seat in range(3)]
    assert hands == [
        "♣A ♣2 ♣5 ♣K ♦6 ♥7 ♥K ♠5 ♠7",
        "♣7 ♦2 ♦3 ♦4 ♦5 ♥4 ♥5 ♥6 ♠Q",
        "♣6 ♣J ♣Q ♦7 ♠2 ♠3 ♠4 ♠6 ♠J",
    ]
    final = states[-1]
    assert isinstance(final, OmbreState)
    assert [str(final.view(s).discards) for s in range(3)] == [
        "♦6 ♥7 ♠5 ♠7",
        "♥4 ♥5 ♥6",
        "♦7 ♠2 ♠3 ♠4 ♠6 ♠J",
    ]
    assert final.drawn == [4, 3, 6] and final.stock_left == 0
