"""A La Pocha search player with any :class:`~tapete.players.search.pocha.PochaSearch`
option, for screening ideas in the arena (an experiment, not a shipped player).

Run: ``tapete arena pocha --player-module pocha_try --players
pocha-try:level=normal:clock=cpu:opponents=count,rule,rule,rule --deals 100 --seed 1``
(with ``PYTHONPATH=benchmarks``). The options the registered
``search`` player knows keep their meaning; any other is given to ``PochaSearch`` as is.
"""

from __future__ import annotations

from typing import Any

from tapete.players.base import register_player
from tapete.players.search import _PARAMETERS, SearchPlayer, _pocha_params


class PochaTry(SearchPlayer):
    """:class:`SearchPlayer` whose La Pocha search takes every ``PochaSearch`` option."""

    name = "pocha-try"

    def _pocha_search(self) -> Any:
        if self._pocha is None:
            from tapete.players.search.pocha import PochaSearch

            extra = {k: v for k, v in self.params.items() if k not in _PARAMETERS}
            if "bid_aggressions" in extra:  # bid_aggressions=0.3/0.5/0.7
                text = str(extra["bid_aggressions"])
                extra["bid_aggressions"] = tuple(float(a) for a in text.split("/"))
            self._pocha = PochaSearch(
                time_budget=self.time_budget, worlds=self.worlds, playouts=self.playouts,
                epsilon=self.epsilon, bid_sigma=self.bid_sigma,
                rollout_sees=self.rollout == "sees", keep=self.keep, play_match=self.play_match,
                bid_model=self.bid_model, bid_rollout_sees=self.bid_rollout == "sees",
                bid_shade=self.bid_shade, clock=self.clock, endgame=self.endgame,
                **_pocha_params(self.params), **extra,
            )  # fmt: skip
        return self._pocha


register_player("pocha-try", PochaTry)
