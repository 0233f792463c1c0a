"""The variants of issue 15 (Trynka), each pinned by a scenario written from its source.

Seats as in ``test_scenarios``: dealer P0, then P1, P2, P3 clockwise (``dealer=0``).
Sources: the seed ``shared/seeds/003_59b6bee3638086a3.txt`` (line 3: "условия для всех
остальных игроков остаются такими же"; line 4: "«скрываться» ... за «затемненную»
(«перетемненную») сумму, а остальные игроки «скрываются» только за удвоенную сумму этих
значений"; line 5: "тринька" = three of one suit) and the Seka rules named in trynka.md §5.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.trynka.test_scenarios import FOUR, deal, new, play, texts

import tapete
from tapete.cards import Card, CardSet
from tapete.errors import IllegalActionError, NotationError
from tapete.games.trynka import TrynkaGame, TrynkaState
from tapete.games.trynka.values import hand_value

P0, P1, P2, P3 = 0, 1, 2, 3


def dealt(hands: dict[int, str] | None = None, **params: Any) -> TrynkaState:
    state = new(**params)
    deal(state, hands or FOUR)
    return state


def cost(state: TrynkaState) -> int:
    view = state.view(state.current_player())
    assert view.reveal_cost == state.reveal_cost(state.current_player())
    return view.reveal_cost


# -- reveal_without_blind (Seka: the doubling is the blind players' advantage) -------------
def test_sighted_reveal_without_blind_single() -> None:
    default, seka = dealt(), dealt(reveal_without_blind="single")
    for state in (default, seka):
        play(state, (P1, "decline"))
        assert state.phase() == "round1" and state.level == 1
    assert cost(default) == 2 and cost(seka) == 1
    bank = seka.bank
    play(seka, (P1, "reveal"))  # P1 reveals to P0 (on his right) for 1, not 2
    assert seka.bank == bank + 1
    # someone went blind: the doubling is back
    seka = dealt(reveal_without_blind="single")
    play(seka, (P1, "blind 1"), (P2, "decline"))
    assert seka.current_player() == P2 and cost(seka) == 2


# -- reveal_basis = blind_stakes (seed line 4) ----------------------------------------------
def test_reveal_costs_tied_to_the_blind_stakes() -> None:
    default, tied = dealt(), dealt(reveal_basis="blind_stakes")
    for state in (default, tied):  # Y8: P1 blinds 2, P2 declines and raises to 5
        play(state, (P1, "blind 2"), (P2, "decline"), (P2, "bet 5"))
        assert state.level == 5 and state.current_player() == P3
    assert cost(default) == 10 and cost(tied) == 4  # twice the blind sum, not twice 5
    assert "bet 4" not in texts(tied) and "bet 5" in texts(tied)  # bets still follow the level
    for state in (default, tied):
        play(state, (P3, "bet 5"), (P0, "bet 5"))
        assert state.phase() == "blind_look" and state.current_player() == P1
    assert cost(default) == 5 and cost(tied) == 2  # the blind player: his own blind sum
    # nobody blind: the sighted pay twice the stake S
    state = dealt(reveal_basis="blind_stakes")
    play(state, (P1, "decline"), (P1, "bet 3"))
    assert cost(state) == 2


# -- overblind_level = first_blind (seed line 3) --------------------------------------------
def test_overblind_keeps_the_others_on_the_first_blind() -> None:
    default, first = dealt(), dealt(overblind_level="first_blind")
    for state in (default, first):
        play(state, (P1, "blind 2"))
        assert "overblind 2" not in texts(state) and "overblind 3" in texts(state)
        play(state, (P2, "overblind 3"))
        assert state.current_player() == P3
    assert default.bet_range() == (3, 10) and cost(default) == 6
    assert first.bet_range() == (2, 10) and cost(first) == 4  # bet ≥ D, reveal for 2·D
    with pytest.raises(IllegalActionError):
        default.apply_string("bet 2")
    for state in (default, first):
        play(state, (P3, "fold"), (P0, "fold"))
        assert state.phase() == "blind_look" and state.current_player() == P1
    assert cost(default) == 3 and cost(first) == 2  # each blind player: his own sum
    play(first, (P1, "bet 2"))
    assert first.current_player() == P2 and cost(first) == 3
    # a chain of over-blinds must still rise above the last blind stake
    chain = dealt(overblind_level="first_blind", blind_chain=True)
    play(chain, (P1, "blind 2"), (P2, "overblind 3"))
    assert "overblind 3" not in texts(chain) and "overblind 4" in texts(chain)


# -- first_round_reveal = false (Seka) ------------------------------------------------------
def test_no_reveal_in_the_first_round() -> None:
    state = dealt(first_round_reveal=False)
    play(state, (P1, "decline"))
    assert "reveal" not in texts(state) and "fold" in texts(state)
    with pytest.raises(IllegalActionError) as refused:
        state.apply_string("reveal")
    assert refused.value.reason == "first_round"
    play(state, (P1, "bet 1"), (P2, "bet 1"), (P3, "bet 1"), (P0, "bet 2"))
    assert state.phase() == "betting" and "reveal" in texts(state)
    # the blind players' first action (blind_look) is in the first round too
    state = dealt(first_round_reveal=False)
    play(state, (P1, "blind 1"), (P2, "decline"), (P2, "bet 1"), (P3, "fold"), (P0, "bet 1"))
    assert state.phase() == "blind_look" and "reveal" not in texts(state)
    play(state, (P1, "bet 1"))
    assert state.phase() == "closed" and "reveal" in texts(state)


# -- trynka_flush (seed line 5: "тринька (три масти)") -------------------------------------
def test_three_card_flush_above_every_plain_total() -> None:
    def value(text: str, **flags: bool) -> Any:
        return hand_value(CardSet.parse(text), **flags)

    flush, total = "8♦ 7♦ 6♦", "A♠ 10♠ 6♥"
    assert value(flush) == value(total)  # Y2 by default: a tie at 21
    assert value(flush, trynka_flush=True) > value(total, trynka_flush=True)
    assert value("6♠ 7♠ 8♠", trynka_flush=True) > value("A♠ 10♠ 9♥", trynka_flush=True)
    assert value("A♠ 10♠ 9♠", trynka_flush=True) > value("8♦ 7♦ 6♦", trynka_flush=True)
    assert value("6♠ 6♥ 6♦", trynka_flush=True) > value("A♠ 10♠ 9♠", trynka_flush=True)
    assert value("A♠ A♥ A♦", trynka_flush=True) > value("6♠ 6♥ 6♦", trynka_flush=True)
    assert value("6♠ 6♥ 6♦", trynka_flush=True, sixes_over_aces=True) > value(
        "A♠ A♥ A♦", trynka_flush=True, sixes_over_aces=True
    )
    # in play: the flush wins the reveal that ties by default
    hands = {P1: "A♠ 10♠ 6♥", P2: "8♦ 7♦ 6♦", P3: "7♥ 9♥ 9♣", P0: "8♠ 9♠ 7♣"}
    for flag in (False, True):
        state = dealt(hands, trynka_flush=flag)
        play(state, (P1, "decline"), (P1, "bet 1"), (P2, "bet 1"), (P3, "fold"), (P0, "fold"))
        assert state.phase() == "closed"
        play(state, (P1, "reveal"), (P2, "show"))  # P1 reveals to P2, on his right
        if flag:  # the flush wins: P1 is out, P2 takes the bank
            assert state.is_terminal() and state.returns()[P2] > 0 > state.returns()[P1]
        else:  # 21 = 21 between the last two: svara
            assert state.phase() == "svara_join" and state.svara_count == 1


def test_rule_bot_plays_the_variants() -> None:
    from tapete.players.rule.trynka import percentile

    game = tapete.load_game("trynka", trynka_flush=True)
    assert isinstance(game, TrynkaGame)
    rules = game.rules
    assert percentile(CardSet.parse("8♦ 7♦ 6♦"), rules) > percentile(CardSet.parse("8♦ 7♦ 6♦"))


# -- sighted_stakes = double_while_blind (Seka) ---------------------------------------------
def test_sighted_stakes_double_while_someone_is_blind() -> None:
    default, seka = dealt(), dealt(sighted_stakes="double_while_blind")
    for state in (default, seka):
        play(state, (P1, "blind 2"), (P2, "decline"))
        assert state.phase() == "round1" and state.level == 2
    assert "bet 2" in texts(default) and "bet 3" in texts(default)
    bets = [t for t in texts(seka) if t.startswith("bet")]
    assert bets == ["bet 4", "bet 6", "bet 8", "bet 10"]  # 2k for the level k = 2…5
    for refused in ("bet 2", "bet 5"):
        with pytest.raises(IllegalActionError) as error:
            seka.apply_string(refused)
        assert error.value.reason == "stake_doubled"
    play(seka, (P2, "bet 6"))  # counts as 3 against the blind
    assert seka.level == 3 and seka.bank == 4 + 2 + 6
    assert [t for t in texts(seka) if t.startswith("bet")] == ["bet 6", "bet 8", "bet 10"]
    play(seka, (P3, "bet 6"), (P0, "fold"))
    # the blind player has looked: stakes count single again, for everybody
    assert seka.phase() == "blind_look" and seka.current_player() == P1
    assert "bet 3" in texts(seka)
    play(seka, (P1, "bet 3"))
    assert seka.phase() == "closed"
    # nobody blind: no doubling
    plain = dealt(sighted_stakes="double_while_blind")
    play(plain, (P1, "decline"))
    assert "bet 1" in texts(plain)


# -- joker (Seka: the seven of clubs is wild) ------------------------------------------------
# Sources: seka.forte.games/en/rules-seka.php ("There is a joker in the game. His role is
# played by the club of seven. When calculating points by ranks, the joker replaces the
# missing card of the required rank. When calculating points for suits, the joker has a value
# of 11 points"); tiflo.space/games/cards/seka (the joker "gets the value most favourable to
# the combination": 10-A-joker of a suit = 32, two aces and the joker = three aces).
def joker_value(text: str, **flags: bool) -> Any:
    return hand_value(CardSet.parse(text), joker=True, **flags)


def test_joker_counts_eleven_in_any_suit() -> None:
    assert hand_value(CardSet.parse("A♠ 10♠ 7♣")).points == 21  # without the joker: 7 in clubs
    assert joker_value("A♠ 10♠ 7♣").points == 32  # tiflo: ten, ace and joker of a suit = 32
    assert joker_value("A♠ 10♠ 7♣") > joker_value("A♠ 10♠ 9♠")  # above the seed's best 30
    assert joker_value("9♥ 6♦ 7♣").points == 9 + 11  # joins the better of the two suits
    assert joker_value("7♣ 8♣ 6♥").points == 8 + 11  # not 7 + 8: the joker is no seven here
    # every hand without the seven of clubs keeps its value
    for text in ("A♠ 10♠ 9♠", "6♠ 6♥ 6♦", "8♦ 7♦ 6♦", "A♠ A♥ 10♦"):
        assert joker_value(text) == hand_value(CardSet.parse(text))


def test_joker_completes_three_of_a_kind() -> None:
    assert joker_value("A♠ A♥ 7♣") == hand_value(CardSet.parse("A♠ A♥ A♦"))  # three aces
    assert joker_value("6♠ 6♥ 7♣").category == hand_value(CardSet.parse("6♠ 6♥ 6♦")).category
    assert joker_value("9♠ 9♥ 7♣", trips_score=True).points == 27  # seka.forte: the rank
    assert joker_value("9♠ 9♥ 7♣").points == 9 + 11  # no triple without trips_score
    assert joker_value("8♦ 7♦ 7♣", trynka_flush=True).category == 2  # a flush of diamonds
    assert joker_value("A♠ 9♥ 7♣", two_aces_22=True).points == 22


def test_joker_in_play_and_three_tens() -> None:
    hands = {P1: "A♠ 10♠ 7♣", P2: "A♥ 10♥ 9♥", P3: "7♥ 9♦ 6♦", P0: "8♠ 9♣ 6♥"}
    for joker in (False, True):
        state = dealt(hands, joker=joker)
        play(state, (P1, "decline"), (P1, "bet 1"), (P2, "bet 1"), (P3, "fold"), (P0, "fold"))
        play(state, (P1, "reveal"), (P2, "show"))  # 21 against 30, or 32 against 30
        winner, loser = (P1, P2) if joker else (P2, P1)
        assert state.is_terminal() and state.returns()[winner] > 0 > state.returns()[loser]
    # two tens and the joker are three tens (the joker completes a rank): a redeal
    tens = {P1: "10♠ 10♥ 7♣", P2: "A♥ 10♦ 9♥", P3: "7♥ 9♦ 6♦", P0: "8♠ 9♣ 6♥"}
    plain, seka = dealt(tens), dealt(tens, joker=True)
    for state in (plain, seka):
        play(state, (P1, "decline"))
    assert "claim-tens" not in texts(plain) and "claim-tens" in texts(seka)
    with pytest.raises(IllegalActionError) as refused:
        plain.apply_string("claim-tens")
    assert refused.value.reason == "no_three_tens"
    play(seka, (P1, "claim-tens"))
    assert seka.phase() == "deal" and len(seka.deal_starts) == 2


def test_rule_bot_values_hands_with_the_joker() -> None:
    from tapete.players.rule.trynka import percentile, rules_for

    view = tapete.load_game("trynka", joker=True).new_initial_state().view(0)
    rules = rules_for(view)
    assert rules.joker and rules.joker_mask == 1 << rules.deck.index_of[int(Card.parse("7♣"))]
    assert percentile(CardSet.parse("A♠ 10♠ 7♣"), rules) > percentile(
        CardSet.parse("A♠ 10♠ 9♠"), rules
    )
    assert percentile(CardSet.parse("A♠ 10♠ 7♣")) < percentile(CardSet.parse("A♠ 10♠ 9♠"))


# -- deck = 32 (Seka's pack: 7 to A, with J Q K) ---------------------------------------------
# Sources: koon.ru and the gist "Правила игры Сека" ("Используется колода в 32 или 36
# листов"), drivver.ru ("Généralement 32 cartes (du 7 à l'as)").
def test_the_32_card_pack() -> None:
    game = tapete.load_game("trynka", deck=32, n_players=8)
    assert isinstance(game, TrynkaGame)
    deck = game.rules.deck
    ranks = {deck.format_card(c)[:-1] for c in deck.cards}
    assert len(deck) == 32 and ranks == {"7", "8", "9", "10", "J", "Q", "K", "A"}
    assert game.num_distinct_actions() == 2 * 32 + 13 + 3 * 10
    state = game.new_initial_state()
    assert len(state.legal_actions()) == 2  # flash / no-flash for seat 0, then 32 cards
    with pytest.raises(NotationError, match="not in the russian32 pack"):
        tapete.load_game("trynka", deck=32, flash_limit=0).new_initial_state().apply_string(
            "deal 6♠"
        )
    assert hand_value(CardSet.parse("A♠ K♠ Q♠")).points == 31  # J Q K count 10
    hands = {P1: "A♠ K♠ 8♥", P2: "Q♥ J♥ 9♦", P3: "7♥ 9♣ 7♦", P0: "8♠ 9♠ 7♣"}
    state = dealt(hands, deck=32)
    play(state, (P1, "decline"), (P1, "bet 1"), (P2, "bet 1"), (P3, "fold"), (P0, "fold"))
    play(state, (P1, "reveal"), (P2, "show"))  # 21 against 20: P2 is out
    assert state.is_terminal() and state.returns()[P1] > 0


# -- tens_claim_moment = any_moment (seed line 5: "в любой момент игры") ------------------
TENS_P3 = {P1: "7♣ 8♣ 9♥", P2: "6♠ 7♠ 8♥", P3: "10♥ 10♦ 10♠", P0: "8♠ 9♣ 6♥"}


def test_three_tens_claimed_before_another_players_decision() -> None:
    default = dealt(TENS_P3)
    play(default, (P1, "blind 1"), (P2, "decline"))
    assert default.phase() == "round1" and default.current_player() == P2  # nobody asked
    state = dealt(TENS_P3, tens_claim_moment="any_moment")
    play(state, (P1, "blind 1"), (P2, "decline"))
    # before P2's decision the others who have looked are asked, clockwise from P2: P3 (he
    # holds three tens), P0 (he does not: he may only decline); P1 plays blind, not asked
    assert state.phase() == "tens_window" and state.current_player() == P3
    assert texts(state) == ["claim-tens", "decline"]
    play(state, (P3, "decline"))
    assert state.current_player() == P0 and texts(state) == ["decline"]
    with pytest.raises(IllegalActionError) as refused:
        state.apply_string("claim-tens")
    assert refused.value.reason == "no_three_tens"
    play(state, (P0, "decline"), (P2, "bet 2"))
    # before P3's turn: P0 and P2 are asked (P1 still blind)
    play(state, (P0, "decline"), (P2, "decline"), (P3, "bet 2"))
    # before P0's turn P3 claims: the bank stays, the players still in are dealt again
    assert state.current_player() == P2  # P1 (blind) is skipped
    play(state, (P2, "decline"))
    bank = state.bank
    assert state.current_player() == P3
    play(state, (P3, "claim-tens"))
    assert state.phase() == "deal" and state.bank == bank and len(state.deal_starts) == 2
    claim = state.events(None)[-1]
    assert (claim.kind, claim.actor) == ("tens", P3)
    # the question is also asked before an answer to a reveal
    state = dealt(TENS_P3, tens_claim_moment="any_moment")
    play(state, (P1, "decline"))
    while state.phase() == "tens_window":
        play(state, (state.current_player(), "decline"))
    play(state, (P1, "reveal"))  # P1 reveals to P0; P0 answers after the others are asked
    assert state.phase() == "tens_window" and state.current_player() == P1
    play(state, (P1, "decline"), (P2, "decline"), (P3, "claim-tens"))
    assert state.phase() == "deal"


def test_rule_and_cfr_bots_play_the_new_options_legally() -> None:
    import random

    from tapete.engine import sample_chance
    from tapete.players import load

    params = {
        "deck": 32, "joker": True, "tens_claim_moment": "any_moment",
        "sighted_stakes": "double_while_blind", "first_round_reveal": False,
    }  # fmt: skip
    for n in (2, 4):
        game = tapete.load_game("trynka", n_players=n, **params)
        bots = [load("trynka-cfr" if seat == 0 else "rule") for seat in range(n)]
        for seat, bot in enumerate(bots):
            bot.start(game, seat)
        sources = set()
        for seed in range(12):
            rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(sample_chance(state, rng))
                    continue
                seat = state.current_player()
                legal = state.legal_actions()
                action = bots[seat].choose(state.view(seat), legal, rng)
                assert action in legal
                state.apply_action(action)
                if seat == 0:
                    sources.add(bots[0].last_source)  # type: ignore[attr-defined]
            assert sum(state.returns()) == 0
        assert "tree" not in sources  # the tables are only the prior for these rules


def test_any_moment_includes_the_answer_to_a_svara_proposal() -> None:
    hands = {P1: "10♥ 10♦ 10♠", P2: "6♠ 7♠ 8♥", P3: "7♥ 9♦ 6♦", P0: "8♠ 9♣ 6♥"}
    for moment, claim in (("own_turn", False), ("any_moment", True)):
        state = dealt(hands, tens_claim_moment=moment)
        play(state, (P1, "decline"))
        moves = [(P1, "bet 1"), (P2, "bet 2"), (P3, "fold"), (P0, "fold"), (P1, "bet 2")]
        for seat, text in moves:
            while state.phase() == "tens_window":
                play(state, (state.current_player(), "decline"))
            play(state, (seat, text))
        while state.phase() == "tens_window":
            play(state, (state.current_player(), "decline"))
        play(state, (P2, "propose-svara"))
        while state.phase() == "tens_window":  # P2 is asked before P1 answers
            play(state, (state.current_player(), "decline"))
        assert state.phase() == "svara_proposal" and state.current_player() == P1
        assert ("claim-tens" in texts(state)) == claim


@pytest.mark.parametrize(
    "option",
    [
        {"reveal_without_blind": "single"}, {"reveal_basis": "blind_stakes"},
        {"overblind_level": "first_blind"}, {"first_round_reveal": False},
        {"sighted_stakes": "double_while_blind"}, {"joker": True},
        {"tens_claim_moment": "any_moment"}, {"deck": 32},
    ],
)  # fmt: skip
def test_the_solver_refuses_rules_it_does_not_model(option: dict[str, Any]) -> None:
    from tapete.errors import ConfigError
    from tapete.solvers.trynka_tree import Abstraction

    params = dict(tapete.load_game("trynka", n_players=2, **option).params)
    with pytest.raises(ConfigError, match="solver"):
        Abstraction.from_params(params)
    default = dict(tapete.load_game("trynka", n_players=2).params)
    assert Abstraction.from_params(default).n_players == 2
