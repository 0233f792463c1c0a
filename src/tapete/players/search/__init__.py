"""Search bots: determinised search over worlds drawn from the view, with numba playouts.

Registered names: ``search`` (its options are declared in :mod:`tapete.players.search.config`
and listed by ``tapete bots search``: ``level`` = easy | normal | strong, ``time_budget``
in seconds per decision, ``worlds`` for a fixed number of worlds, and each game's own)
and one name per level, ``search-easy``, ``search-normal``, ``search-strong``.

===========  ==================  =============================================
level        time per decision   what it is
===========  ==================  =============================================
easy         10 ms               few worlds: plays like a careful club player
normal       50 ms               the fast level
strong       1 s                 the strong level
===========  ==================  =============================================

La Pocha (hand and match) is searched (:mod:`tapete.players.search.pocha`), and so is
Ombre's card play (:mod:`tapete.players.search.ombre`) and, with a time budget of at least
0.5 s, its auction, the ombre's exchange and trumps (:mod:`.ombre_contract`); Trynka is
played by the CFR strategy player ``trynka-cfr`` (:mod:`tapete.players.search.trynka_cfr`,
registered here and imported on first use); in a defender's exchange at Ombre (and Ombre's
contract at shorter budgets) and in La Pocha's seven swap the player plays as ``rule`` does.
Tresillo and Danish l'hombre (hand and session) are searched with Ombre's kernels
(:mod:`tapete.players.search.family`): the card play of their trump games and, with a time
budget of at least 0.5 s, the auction, the game, the trumps and the player's exchange; their
nolo games, a defender's exchange, the surrender, the bola and the tout are ``rule``'s.

>>> from tapete.players import load
>>> load('search', level='strong').time_budget, load('search-easy').time_budget
(1.0, 0.01)
>>> load('search', level='hard')
Traceback (most recent call last):
...
tapete.errors.ConfigError: player search: parameter level = 'hard' is not allowed; allowed: easy | normal | strong
"""  # noqa: E501

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from tapete.engine.api import Game, PlayerView
from tapete.errors import ConfigError
from tapete.players.base import Player, load, register_player
from tapete.players.kernels import KERNELS
from tapete.players.search.config import (
    LEVELS,
    PARAMS,
    TRYNKA_CFR,
    FamilyConfig,
    OmbreConfig,
    PochaConfig,
    SearchConfig,
)

#: The games this player plays; any other is refused with a ConfigError.
GAMES: Final = (
    "pocha", "pocha-match", "ombre", "ombre-match", "trynka", "trynka-match", "tresillo",
    "tresillo-match", "lhombre", "lhombre-match",
)  # fmt: skip
#: The games of the Ombre family that Ombre's kernels serve (:mod:`.family`).
FAMILY: Final = ("tresillo", "tresillo-match", "lhombre", "lhombre-match")


class SearchPlayer(Player):
    """Determinised search (La Pocha; the Ombre family's cards and contract); ``rule``
    elsewhere."""

    name = "search"
    uses_kernels = True

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        #: The options (each checked by its Param, :mod:`tapete.players.search.config`).
        self.config = SearchConfig.from_params(params)
        self.time_budget = self.config.time_budget
        self.worlds = self.config.worlds
        aggression = self.config.aggression
        self.fallback = load("rule", **({} if aggression is None else {"aggression": aggression}))
        self._pocha: Any = None
        self._ombre: Any = None
        self._trynka: Any = None
        self._family: Any = None

    def start(self, game: Game, seat: int) -> None:
        """Remember the rules in force (the searches use them), start the fallback and load
        the game's kernels (numba's cache) before the first decision."""
        _check_game(getattr(game, "name", None))
        super().start(game, seat)
        self.fallback.start(game, seat)
        if KERNELS.loading(game.name) and not KERNELS.in_loader():
            return  # the server's loader thread loads them; its tables wait for it
        if getattr(game, "name", None) in ("pocha", "pocha-match"):
            self._pocha_search().warm_up(game)
        if getattr(game, "name", None) in ("ombre", "ombre-match"):
            self._ombre_search().warm_up()
        if getattr(game, "name", None) in ("trynka", "trynka-match"):
            self._trynka_player().start(game, seat)
        if getattr(game, "name", None) in FAMILY:
            self._family_search().warm_up()

    def _pocha_search(self) -> Any:
        if self._pocha is None:
            from tapete.players.search.pocha import PochaSearch  # numba loads here

            self._pocha = PochaSearch.from_config(PochaConfig.from_params(self.params))
        return self._pocha

    def _ombre_search(self) -> Any:
        if self._ombre is None:
            from tapete.players.search.ombre import OmbreSearch  # numba loads here

            self._ombre = OmbreSearch.from_config(OmbreConfig.from_params(self.params))
        return self._ombre

    def _family_search(self) -> Any:
        """Tresillo's and Danish l'hombre's search (:mod:`tapete.players.search.family`)."""
        if self._family is None:
            from tapete.players.search.family import FamilySearch  # numba loads here

            self._family = FamilySearch.from_config(FamilyConfig.from_params(self.params))
        return self._family

    def _trynka_player(self) -> Player:
        """The CFR strategy player (``trynka-cfr``) for Trynka, or ``rule`` without it."""
        if self._trynka is None:
            try:
                self._trynka = load("trynka-cfr")
            except ConfigError:
                self._trynka = self.fallback
        return self._trynka  # type: ignore[no-any-return]

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        """The searched action for La Pocha's bids and cards and Ombre's cards, the CFR
        strategy's at Trynka, ``rule``'s otherwise."""
        _check_game(view.game)
        if view.game in ("trynka", "trynka-match"):
            return self._trynka_player().choose(view, legal_actions, rng)
        action = None
        if view.game in ("pocha", "pocha-match"):
            action = self._pocha_search().choose(view, legal_actions, rng, self._deal_game(view))
        elif view.game in ("ombre", "ombre-match"):
            action = self._ombre_search().choose(view, legal_actions, rng, self._deal_game(view))
        elif view.game in FAMILY:
            action = self._family_search().choose(view, legal_actions, rng, self._any_game(view))
        if action is not None:
            return int(action)
        return self.fallback.choose(view, legal_actions, rng)

    @property
    def last_contract(self) -> dict[str, Any] | None:
        """Ombre: what the contract search found for the last decision, if it took it
        (:attr:`tapete.players.search.ombre.OmbreSearch.last_contract`), else ``None``."""
        for search in (self._ombre, self._family):
            if search is not None and search.last_contract is not None:
                return search.last_contract  # type: ignore[no-any-return]
        return None

    def action_values(
        self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random
    ) -> list[float] | None:
        """The searched value of every legal action (mean points at La Pocha; the side's
        mean outcome at Ombre's card play), or ``None`` where the player does not search."""
        if len(legal_actions) < 2:
            return None
        found = None
        if view.game in ("pocha", "pocha-match"):
            found = self._pocha_search().action_values(
                view, legal_actions, rng, self._deal_game(view)
            )
        elif view.game in ("ombre", "ombre-match"):
            found = self._ombre_search().action_values(
                view, legal_actions, rng, self._deal_game(view)
            )
        elif view.game in FAMILY:
            return self._family_search().action_values(  # type: ignore[no-any-return]
                view, legal_actions, rng, self._any_game(view)
            )
        return None if found is None else found[0]

    def _deal_game(self, view: PlayerView) -> Game | None:
        """The game to sample from: the one started with, if it is the view's."""
        game = self.game
        if game is not None and getattr(game, "name", None) == view.game:
            return game
        return None

    def _any_game(self, view: PlayerView) -> Game:
        """The game of ``view``: the one started with, else loaded from the view's spec."""
        game = self._deal_game(view)
        if game is not None:
            return game
        if view.spec is None:
            raise ConfigError("the search needs the game: start the player or give views a spec")
        return view.spec.load()


def _check_game(name: object) -> None:
    """Refuse a game the search player does not play (rather than play ``rule``'s moves)."""
    if name not in GAMES:
        raise ConfigError(
            f"the search player does not play {name}; it plays {', '.join(GAMES)} (use the "
            "rule or random player)"
        )


def _level(level: str) -> Any:
    def factory(**params: Any) -> SearchPlayer:
        return SearchPlayer(**{"level": level, **params})

    return factory


def _trynka_cfr(**params: Any) -> Player:
    """``trynka-cfr`` (:mod:`tapete.players.search.trynka_cfr`), imported on first use so that
    the registry does not load numpy; importing it registers the real factory."""
    from tapete.players.search import trynka_cfr

    return trynka_cfr.TrynkaCFRPlayer(**params)


#: What the search players and ``trynka-cfr`` need beyond the standard library (base
#: dependencies of tapete; a platform without a numba wheel has no such players).
REQUIRES: Final = ("numpy", "numba")

register_player("search", SearchPlayer, PARAMS, requires=REQUIRES)
register_player("trynka-cfr", _trynka_cfr, TRYNKA_CFR, requires=REQUIRES)
for _name in LEVELS:
    register_player(f"search-{_name}", _level(_name), PARAMS[1:], requires=REQUIRES)
