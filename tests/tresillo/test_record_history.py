"""Every registered game's rules version is in ``RULES_HISTORY`` (the newest of its family),
so that a record of it replays without a note and an older version is called older."""

from __future__ import annotations

import pytest

from tapete.engine import game_class, load_game, registered_games
from tapete.engine.record import RULES_HISTORY, GameRecord, replay_report


@pytest.mark.parametrize("name", registered_games())
def test_each_game_s_rules_version_is_the_newest_of_its_family(name: str) -> None:
    version = game_class(name).rules_version
    family = version.rsplit("-", 1)[0]
    assert family in RULES_HISTORY, f"RULES_HISTORY has no {family!r} entry for {name}"
    assert RULES_HISTORY[family][-1][0] == version


def test_a_tresillo_record_of_another_version_is_marked_as_unknown_or_older() -> None:
    import random

    from tapete.engine import random_playout

    state = random_playout(load_game("tresillo").new_initial_state(), random.Random(2))
    record = GameRecord.from_state(state)
    assert replay_report(record).rules_note is None
    data = record.to_dict()
    data["rules_version"] = "tresillo-0"
    note = replay_report(GameRecord.from_dict(data)).rules_note
    assert note is not None and "a version unknown here" in note and "'tresillo-1'" in note
