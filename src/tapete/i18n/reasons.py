"""Sentences for people for every stable reason code: the engine's refusals
(``IllegalActionError.reason``) and the server's refusal and error codes (docs/protocol.md).

The sentences are English message ids; the catalogs translate them.

>>> REASONS["must_follow"]
'You must follow the suit led.'
"""

from __future__ import annotations

from typing import Final


def N_(text: str) -> str:
    """Mark ``text`` for extraction into the catalogs (translated later)."""
    return text


#: code -> English sentence (a message id of the catalogs).
REASONS: Final[dict[str, str]] = {
    # -- the rules engine (IllegalActionError.reason) --
    "illegal": N_("The rules do not allow that now."),
    "unknown_action": N_("That is not an action of this game."),
    "game_over": N_("The game is over."),
    "deal_over": N_("The deal is over."),
    "wrong_phase": N_("That action does not belong to this moment of the game."),
    "out_of_turn": N_("It is not your turn."),
    "no_such_card": N_("That card is not in this pack."),
    "not_held": N_("You do not hold that card."),
    "dealing": N_("The cards are being dealt."),
    "already_dealt": N_("That card was already dealt."),
    "chance": N_("The cards are being dealt."),
    "chance_only": N_("The cards are being dealt."),
    "not_chance": N_("Only a player's action is possible now."),
    "lot": N_("The first dealer is being drawn by lot."),
    "swap_phase": N_("First the seven of trumps may be swapped: swap or keep it."),
    "no_card": N_("Only the holder of the seven of trumps may swap it."),
    "bidding": N_("Bidding now: bid a number of tricks."),
    "bid_out_of_range": N_("A bid goes from zero to the number of cards in the hand."),
    "dealer_restriction": N_("The dealer may not bid so that the bids add up to the tricks."),
    "playing": N_("Tricks are being played: play a card."),
    "must_follow": N_("You must follow the suit led."),
    "must_overtake": N_("You must overtake (montar): play a higher card of the suit led."),
    "must_trump": N_("You have none of the suit led: you must trump."),
    "must_overtrump": N_("You must overtrump the trump in the trick."),
    "auction_now": N_("The auction comes first: play as ombre or pass."),
    "auction_closed": N_("The auction is over."),
    "already_ombre": N_("There is already an ombre."),
    "already_out": N_("You have already passed."),
    "outbid": N_("Somebody has already made a higher bid."),
    "no_sans_prendre": N_("Sans prendre is not played at this table."),
    "forced_spadille": N_("The holder of Spadille must play."),
    "exchange_now": N_("The exchange comes first: discard, then draw."),
    "min_discard": N_("Ombre must throw away at least one card."),
    "stock_empty": N_("The stock has no cards left for that."),
    "hand_empty": N_("You have no more cards to throw away."),
    "trumps_now": N_("Ombre must name the trump suit now."),
    "trumps_named": N_("The trump suit has already been named."),
    "no_vole": N_("The vole is not played at this table."),
    "no_vole_now": N_("The vole can only be announced now that the first tricks are won."),
    "already_blind": N_("You are already playing blind."),
    "blind_step": N_("Blind stakes now: play blind or decline."),
    "not_blind_step": N_("Blind stakes are over."),
    "no_blind_to_overblind": N_("There is no blind stake to over-blind."),
    "not_looked": N_("Look at your cards first."),
    "betting_closed": N_("The betting is closed."),
    "stake_too_low": N_("The stake is below the level."),
    "stake_too_high": N_("The stake is above the table's cap."),
    "stake_doubled": N_("While someone plays blind, a sighted player's stake is doubled."),
    "first_round": N_("No reveal in the first betting round."),
    "nobody_on_right": N_("There is nobody on your right to reveal to."),
    "card_unavailable": N_("That card is not available."),
    "flash_limit": N_("You have no more requests for a card face up."),
    "no_three_tens": N_("You do not hold three tens."),
    "no_tens_rule": N_("Three tens cannot be claimed now."),
    "svara_not_allowed": N_("A svara cannot be proposed now."),
    # -- Tresillo --
    "favor_trumps": N_("A favour bid is played with the palo de favor as trumps."),
    "favor_bid_needed": N_("The palo de favor as trumps needs a favour bid."),
    "no_favor": N_("There is no palo de favor at this table."),
    "defence_now": N_("The player has surrendered: defend the game or accept."),
    "no_surrender": N_("Nobody has surrendered."),
    "no_surrender_rule": N_("Surrendering is not played at this table."),
    "solo_no_surrender": N_("A solo is played to the end."),
    "no_surrender_now": N_(
        "Only the player may surrender, at his turn, before his card to the fourth trick, and "
        "not in a defended game."
    ),
    # -- the server's refusals (WebSocket `refused`) --
    "stale_state": N_("The table moved on before your action arrived: choose again."),
    "not_your_turn": N_("It is not your turn."),
    "spectator": N_("You are watching this table: take a seat to play."),
    "bad_notation": N_("That is not written in this game's notation."),
    "not_started": N_("The table has not started yet."),
    "finished": N_("The game is over."),
    "no_action": N_("No action was given."),
    "hints_off": N_("Hints are off at this table."),
    # -- chat refusals (WebSocket `refused`, protocol.md *Chat*) --
    "chat_off": N_("Chat is off at this table."),
    "chat_seats_only": N_("At this table only the players chat."),
    "chat_rate_limited": N_("You are writing too fast: wait a moment."),
    "chat_too_long": N_("A message has at most 300 characters."),
    "chat_empty": N_("Write something first."),
    "chat_bad_text": N_("A message may not hold line breaks or control characters."),
    "hint_failed": N_("The bot could not answer this time: ask again, or play on."),
    # -- the server's errors (WebSocket `error` and HTTP) --
    "bad_json": N_("The message was not valid JSON."),
    "bad_message": N_("The message was not understood."),
    "unknown_type": N_("The server does not know that message."),
    "too_large": N_("The message is too large."),
    "rate_limited": N_("Too many messages: slow down."),
    "hello_first": N_("The connection must say hello first."),
    "bad_token": N_("That seat token is not valid: you are watching."),
    "unknown_table": N_("There is no such table."),
    "old_rules": N_(
        "This table was played under rules this server no longer plays: it cannot go on."
    ),
    "internal": N_("Something went wrong on the server."),
    "too_many_watchers": N_(
        "Too many spectator windows from your address: close some and try again."
    ),
    "closed": N_("The table is restarting on the server: try again in a moment."),
    "table_away": N_("The table's server cannot be reached just now: try again in a moment."),
    "bad_request": N_("The server did not understand the request."),
    "bad_clock": N_("The clock is from half a second to an hour a move, or none."),
    "bad_bot_delay": N_("The bots' delay is from 0 to 10 seconds."),
    "bad_seats": N_("There are more seats than this game has."),
    "old_protocol": N_("This program is too old for this table: update it."),
    "bad_sealed": N_("That hidden card is not one you may play now."),
    "bad_params": N_("Those game parameters are not allowed."),
    "bad_player": N_("That bot cannot take this seat."),
    "player_unavailable": N_(
        "That bot cannot run on this server: a program it needs is not installed."
    ),
    "player_wrong_game": N_("That bot does not play this game or these rules."),
    "seat_taken": N_("That seat is taken."),
    "no_free_seat": N_("There is no free seat at this table."),
    "bad_seat": N_("There is no such seat."),
    "bad_name": N_("Names are 1 to 32 characters, without < > or control characters."),
    "already_started": N_("The table has already started."),
    "not_finished": N_("The game is not finished yet."),
    "network": N_("The server could not be reached."),
    # -- accounts (docs/accounts.md) --
    "account_name_length": N_("An account name is 3 to 32 characters."),
    "account_name_characters": N_(
        "An account name has letters, digits and _ - . only, and begins and ends with a "
        "letter or a digit."
    ),
    "account_name_taken": N_("That account name is taken."),
    "password_too_short": N_("A password has at least 8 characters."),
    "password_too_long": N_("A password has at most 1024 characters."),
    "bad_login": N_("Wrong account name or password."),
    "wrong_password": N_("The current password is not that."),
    "banned": N_("This account is banned."),
    "not_signed_in": N_("Sign in first."),
    "not_admin": N_("Only an administrator may do that."),
    "unknown_account": N_("There is no such account."),
    "csrf": N_("The request did not come from this site's page: reload the page and try again."),
    "too_many_logins": N_("Too many sign-in attempts: wait a few minutes and try again."),
    "too_many_accounts": N_("Too many accounts created from your address: try again later."),
    # -- ratings (docs/ratings.md) --
    "rated_needs_account": N_("A rated table is for accounts: sign in first (in the lobby)."),
    "rated_hints_on": N_("A rated table has hints off."),
    "rated_no_clock": N_("A rated table has a move clock."),
    "rated_no_people": N_("A rated table has a seat for a person."),
    "unrated_bot": N_(
        "That bot has no fixed rating: a rated table seats the bots of the lobby's list only."
    ),
    "rated_seated": N_("You already hold a seat at this rated table."),
    "unknown_profile": N_("There is no player of that name."),
    # clubs (docs/clubs.md)
    "unknown_club": N_("There is no such club, or you are not one of its members."),
    "not_club_admin": N_("Only the club's administrators may do that."),
    "not_club_member": N_("That account is not a member of the club."),
    "club_name_taken": N_("That club name is taken."),
    "club_name_length": N_("A club name is 3 to 32 characters."),
    "club_name_characters": N_(
        "A club name has letters, digits, spaces and _ - . ' & only, and begins and ends with "
        "a letter or a digit."
    ),
    "club_last_admin": N_("Name another administrator of the club before you leave it."),
    "club_full": N_("The club has as many members as it may have."),
    "too_many_clubs": N_("You administer as many clubs as you may."),
    "club_needs_account": N_("A club's table is for its members: sign in."),
    "bad_season": N_("A season ends on or after the day it starts (days as YYYY-MM-DD)."),
    "bad_standings": N_("A club's standings are by scores or by ratings."),
    "bad_role": N_("A member's role is administrator or member."),
    # tournaments (docs/tournaments.md)
    "unknown_tournament": N_("There is no such tournament."),
    "not_director": N_("Only the tournament's director may do that."),
    "tournament_started": N_("The tournament has started: that is no longer possible."),
    "tournament_uneven": N_(
        "The entrants do not fill the tables: add bots, or start filling up with bots."
    ),
    "bad_tournament": N_("Those tournament settings cannot be played."),
    "bad_adjustment": N_(
        "That score adjustment cannot be made: it needs a round played or being played, an "
        "entrant of the tournament, points within a million and a reason."
    ),
    "tournament_exists": N_("That tournament name is taken."),
    "tournament_name_length": N_("A tournament name is 3 to 32 characters."),
    "tournament_name_characters": N_(
        "A tournament name has letters, digits, spaces and _ - . ' & only, and begins and "
        "ends with a letter or a digit."
    ),
    "already_registered": N_("You are registered in this tournament already."),
    "not_registered": N_("You are not registered in this tournament."),
    "no_seat": N_("You have no seat in this round of the tournament."),
    "round_sealed": N_(
        "This table plays a duplicate round: until the round is over, only signed-in "
        "accounts not playing in the tournament may watch it."
    ),
}
