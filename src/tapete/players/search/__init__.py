"""Search bots: determinised search over worlds drawn from the view, with numba playouts.

Registered names: ``search`` (parameters ``level`` = easy | normal | strong, ``time_budget``
in seconds per decision, ``worlds`` for a fixed number of worlds, ``playouts``, ``epsilon``,
``bid_sigma``, ``bid_model``: see :class:`tapete.players.search.pocha.PochaSearch`)
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
tapete.errors.ConfigError: search level must be easy, normal or strong, got 'hard'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from tapete.engine.api import Game, PlayerView
from tapete.errors import ConfigError
from tapete.players.base import Player, load, register_player
from tapete.players.kernels import KERNELS

#: Seconds per decision of each level.
LEVELS: Final[dict[str, float]] = {"easy": 0.01, "normal": 0.05, "strong": 1.0}
#: The games this player plays; any other is refused with a ConfigError.
GAMES: Final = (
    "pocha", "pocha-match", "ombre", "ombre-match", "trynka", "trynka-match", "tresillo",
    "tresillo-match", "lhombre", "lhombre-match",
)  # fmt: skip
#: The games of the Ombre family that Ombre's kernels serve (:mod:`.family`).
FAMILY: Final = ("tresillo", "tresillo-match", "lhombre", "lhombre-match")
_PARAMETERS: Final = (
    "level", "time_budget", "worlds", "playouts", "epsilon", "bid_sigma", "rollout", "keep",
    "play_match", "aggression", "bid_model", "bid_rollout", "bid_shade", "clock",
    "contract", "contract_budget", "declare_margin", "endgame", "prior", "defend",
    "opponents", "bid_match", "pool", "bid_lift", "max_worlds", "bid_opponents",
    "declare_sim", "iset", "iset_worlds", "credit", "contract_suits",
)  # fmt: skip


class SearchPlayer(Player):
    """Determinised search (La Pocha; the Ombre family's cards and contract); ``rule``
    elsewhere."""

    name = "search"
    uses_kernels = True

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        level = params.get("level", "normal")
        if level not in LEVELS:
            raise ConfigError(f"search level must be easy, normal or strong, got {level!r}")
        budget = params.get("time_budget", LEVELS[level])
        try:
            self.time_budget = float(budget)
        except (TypeError, ValueError):
            raise ConfigError(f"time_budget must be a number of seconds, got {budget!r}") from None
        if not 0 < self.time_budget < 3600:
            raise ConfigError(f"time_budget must be between 0 and 3600 seconds, got {budget!r}")
        worlds = params.get("worlds")
        self.worlds = None if worlds is None else _positive_int("worlds", worlds)
        self.playouts = _positive_int("playouts", params.get("playouts", 1))
        self.epsilon = float(params.get("epsilon", 0.0))
        if not 0.0 <= self.epsilon <= 1.0:
            raise ConfigError(f"epsilon must be between 0 and 1, got {self.epsilon!r}")
        self.bid_model = params.get("bid_model", "count")
        if self.bid_model not in ("count", "policy"):
            raise ConfigError(f"bid_model must be count or policy, got {self.bid_model!r}")
        sigma = params.get("bid_sigma")
        self.bid_sigma = None if sigma is None else float(sigma)
        if self.bid_sigma is not None and not 0.0 <= self.bid_sigma < 100.0:
            raise ConfigError(f"bid_sigma must be between 0 and 100, got {self.bid_sigma!r}")
        self.keep = _positive_int("keep", params.get("keep", 3))
        self.play_match = float(params.get("play_match", 0.95))
        if not 0.0 <= self.play_match < 1.0:
            raise ConfigError(f"play_match must be in [0, 1), got {self.play_match!r}")
        self.rollout = params.get("rollout", "sees")
        if self.rollout not in ("sees", "counts"):
            raise ConfigError(f"rollout must be sees or counts, got {self.rollout!r}")
        self.bid_rollout = params.get("bid_rollout", self.rollout)
        if self.bid_rollout not in ("sees", "counts"):
            raise ConfigError(f"bid_rollout must be sees or counts, got {self.bid_rollout!r}")
        self.bid_shade = float(params.get("bid_shade", 0.2))
        if not 0.0 <= self.bid_shade <= 1.0:
            raise ConfigError(f"bid_shade must be between 0 and 1, got {self.bid_shade!r}")
        self.clock = params.get("clock", "wall")  # La Pocha: what time_budget is counted on
        if self.clock not in ("wall", "cpu"):
            raise ConfigError(f"clock must be wall or cpu, got {self.clock!r}")
        endgame = params.get("endgame")  # La Pocha: tricks left solved exactly (None: by level)
        try:
            self.endgame = None if endgame is None else int(endgame)
        except (TypeError, ValueError):
            raise ConfigError(f"endgame must be a number of tricks, got {endgame!r}") from None
        if self.endgame is not None and not 0 <= self.endgame <= 64:
            raise ConfigError(f"endgame must be between 0 and 64 tricks, got {endgame!r}")
        rule_params = {"aggression": params["aggression"]} if "aggression" in params else {}
        self.fallback = load("rule", **rule_params)
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

            self._pocha = PochaSearch(
                time_budget=self.time_budget, worlds=self.worlds, playouts=self.playouts,
                epsilon=self.epsilon, bid_sigma=self.bid_sigma,
                rollout_sees=self.rollout == "sees", keep=self.keep, play_match=self.play_match,
                bid_model=self.bid_model, bid_rollout_sees=self.bid_rollout == "sees",
                bid_shade=self.bid_shade, clock=self.clock, endgame=self.endgame,
                **_pocha_params(self.params),
            )  # fmt: skip
        return self._pocha

    def _ombre_search(self) -> Any:
        if self._ombre is None:
            from tapete.players.search.ombre import OmbreSearch  # numba loads here

            self._ombre = OmbreSearch(time_budget=self.time_budget, worlds=self.worlds,
                                      clock=self.clock, **_ombre_params(self.params))  # fmt: skip
        return self._ombre

    def _family_search(self) -> Any:
        """Tresillo's and Danish l'hombre's search (:mod:`tapete.players.search.family`)."""
        if self._family is None:
            from tapete.players.search.family import FamilySearch  # numba loads here

            self._family = FamilySearch(
                time_budget=self.time_budget,
                worlds=self.worlds,
                clock=self.clock,
                **_family_params(self.params),
            )
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


def _pocha_params(params: dict[str, Any]) -> dict[str, Any]:
    """La Pocha's own parameters given (:class:`tapete.players.search.pocha.PochaSearch`
    checks them): ``opponents`` (``count``, the default: the others play the ``rule`` bot's
    cards in the playouts; ``sees``), ``bid_match``, ``pool``, ``bid_lift``, ``max_worlds``
    (the most worlds a time-budgeted decision plays out), ``bid_opponents`` (how the others
    play in a bid's playouts), ``iset`` (the tricks left from which the cards are chosen by
    the information-set search; 0: never) and ``iset_worlds`` (its most worlds)."""
    out: dict[str, Any] = {}
    for name in ("opponents", "bid_opponents"):
        if name in params:
            out[name] = str(params[name])
    kinds: tuple[tuple[str, type], ...] = (
        ("bid_match", float), ("pool", int), ("bid_lift", float), ("max_worlds", int),
        ("iset", int), ("iset_worlds", int),
    )  # fmt: skip
    for name, kind in kinds:
        if name in params:
            try:
                out[name] = kind(params[name])
            except (TypeError, ValueError):
                raise ConfigError(f"{name} must be a number, got {params[name]!r}") from None
    return out


def _ombre_params(params: dict[str, Any]) -> dict[str, Any]:
    """Ombre's own parameters (:class:`tapete.players.search.ombre.OmbreSearch`):
    ``contract`` (search the auction, the ombre's exchange and trumps; default on),
    ``contract_budget`` (their seconds a decision), ``declare_margin``, ``prior`` (a
    defender's worlds weighed by the ombre's contract; default on), ``defend`` (what a
    defender plays for: ``coalition`` or ``own``); ``max_worlds`` caps the worlds of a card
    decision (400);
    ``declare_sim`` (how the auction's "I play" plays its worlds out: ``solve``, the default,
    ``rule`` or ``mix``); ``iset`` (the tricks left from which the cards are searched
    together, :mod:`tapete.solvers.ombre_iset`; every card at the strong level, 0: never)
    and ``iset_worlds`` (its most worlds, 1,024)."""
    out: dict[str, Any] = {}
    for name in ("contract", "prior"):
        if name in params:
            out[name] = params[name] not in (False, 0, "0", "false", "no", "off")
    if "defend" in params:
        out["defend"] = str(params["defend"])
    if "declare_sim" in params:
        out["declare_sim"] = str(params["declare_sim"])
    if "max_worlds" in params:  # the cards' cap of worlds a decision (400)
        out["max_worlds"] = _positive_int("max_worlds", params["max_worlds"])
    for name in ("iset", "iset_worlds"):
        if name in params:
            try:
                out[name] = int(params[name])
            except (TypeError, ValueError):
                raise ConfigError(f"{name} must be a whole number, got {params[name]!r}") from None
    for name in ("contract_budget", "declare_margin"):
        if name in params:
            try:
                out[name] = float(params[name])
            except (TypeError, ValueError):
                raise ConfigError(f"{name} must be a number, got {params[name]!r}") from None
    return out


def _family_params(params: dict[str, Any]) -> dict[str, Any]:
    """Tresillo's and Danish l'hombre's own parameters
    (:class:`tapete.players.search.family.FamilySearch`): ``contract`` (search the auction,
    the game, the trumps and the player's exchange; default on), ``contract_budget`` (their
    seconds a decision, by default the cards'), ``contract_suits`` (the most suits a bid
    naming its trumps is simulated in), ``credit`` (the share of a bid's value credited to
    declaring it), and the card play's ``iset``, ``iset_worlds``, ``max_worlds`` and
    ``defend`` as at Ombre."""
    ombre = _ombre_params(params)
    names = ("contract", "contract_budget", "iset", "iset_worlds", "max_worlds", "defend")
    out: dict[str, Any] = {k: ombre[k] for k in names if k in ombre}
    if "credit" in params:
        try:
            out["credit"] = float(params["credit"])
        except (TypeError, ValueError):
            raise ConfigError(f"credit must be a number, got {params['credit']!r}") from None
    if "contract_suits" in params:
        out["contract_suits"] = _positive_int("contract_suits", params["contract_suits"])
    return out


def _positive_int(name: str, value: Any) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ConfigError(f"{name} must be a positive integer, got {value!r}") from None
    if number < 1:
        raise ConfigError(f"{name} must be a positive integer, got {value!r}")
    return number


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

register_player("search", SearchPlayer, _PARAMETERS, requires=REQUIRES)
register_player(
    "trynka-cfr",
    _trynka_cfr,
    ("table", "table3", "aggression", "prior", "time_budget"),
    requires=REQUIRES,
)
for _name in LEVELS:
    register_player(f"search-{_name}", _level(_name), _PARAMETERS[1:], requires=REQUIRES)
