"""The search player's options, declared as :class:`~tapete.engine.api.Param` (the game
options' type, :mod:`tapete.players.options`), and one frozen config per search built from
them: :class:`PochaConfig` (:class:`~tapete.players.search.pocha.PochaSearch`),
:class:`OmbreConfig` (:class:`~tapete.players.search.ombre.OmbreSearch`) and
:class:`FamilyConfig` (:class:`~tapete.players.search.family.FamilySearch`). This module
loads no numba: the registry and ``tapete bots`` read it.

>>> config = SearchConfig.from_params({"level": "strong", "worlds": "8"})
>>> config.time_budget, config.worlds, PochaConfig.from_params({"pool": 4}).pool
(1.0, 8, 4)
>>> SearchConfig.from_params({"bid_shade": 3})
Traceback (most recent call last):
...
tapete.errors.ConfigError: parameter bid_shade = 3 is out of range; allowed: number in [0, 1]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar, Final, Self

from tapete.engine.api import Param
from tapete.i18n.reasons import N_
from tapete.players.options import number, validate_all

#: Seconds per decision of each level.
LEVELS: Final[dict[str, float]] = {"easy": 0.01, "normal": 0.05, "strong": 1.0}

#: The options of every game.
COMMON: Final[tuple[Param, ...]] = (
    Param("level", "normal", N_("easy (10 ms a decision), normal (50 ms) or strong (1 s)"),
          kind=str, choices=tuple(LEVELS)),
    number("time_budget", None, N_("seconds a decision (overrides the level's)"), 0.0, 3600.0,
           low_open=True, high_open=True),
    Param("worlds", None, N_("a fixed number of worlds a decision instead of a time budget "
                             "(reproducible: the tests use it)"), low=1),
    Param("clock", "wall", N_("what time_budget is counted on: the wall clock or the deciding "
                              "thread's CPU time (the same search whatever else the machine "
                              "runs)"), kind=str, choices=("wall", "cpu")),
    number("aggression", None, N_("the aggression of the rule bot that takes the decisions "
                                  "the search does not take (0.5)"), 0.0, 1.0),
    Param("max_worlds", None, N_("the most worlds a time-budgeted decision searches (La Pocha "
                                 "10,000; the cards of the Ombre family 400)"), low=1),
    Param("iset", None, N_("with this many tricks left or fewer the cards are searched "
                           "together (information-set search; 0: never; by default every "
                           "card from a 0.5 s budget, none below or with fixed worlds)"),
          low=0, high=64),
    Param("iset_worlds", None, N_("the most worlds searched together (La Pocha 8,192; the "
                                  "Ombre family 1,024)"), low=1),
)  # fmt: skip

#: La Pocha's own options (:class:`PochaConfig`).
POCHA: Final[tuple[Param, ...]] = (
    Param("playouts", 1, N_("playouts a world and candidate"), low=1),
    number("epsilon", 0.0, N_("the chance a playout move is random"), 0.0, 1.0),
    number("bid_sigma", None, N_("how far from the counted tricks a bid may stray in the "
                                 "worlds' weights (with bid_match 0; 0.5 with bid_model=count, "
                                 "1 with policy)"), 0.0, 100.0, high_open=True),
    Param("rollout", "sees", N_("how the seat plays its playouts: seeing every hand or "
                                "counting the cards"), kind=str, choices=("sees", "counts")),
    Param("keep", 3, N_("the candidates still played out after 120 worlds"), low=1),
    number("play_match", 0.95, N_("the weight of a world in which another seat's card is the "
                                  "one the rule-like policy plays (0: off)"), 0.0, 1.0,
           high_open=True),
    Param("bid_model", "count", N_("how the other seats are taken to bid: as counting "
                                   "bidders or by the kernel policy's count"), kind=str,
          choices=("count", "policy")),
    Param("bid_rollout", None, N_("rollout in a bid's playouts (by default rollout's)"),
          kind=str, choices=("sees", "counts")),
    number("bid_shade", 0.2, N_("the weight of one trick fewer in a bid's playouts"), 0.0, 1.0),
    Param("endgame", None, N_("with this many tricks left or fewer each world is solved "
                              "exactly (by default 8 from a 50 ms budget, 7 below, 0 with "
                              "fixed worlds)"), low=0, high=64),
    Param("opponents", "count", N_("how the other seats play in the playouts: counting the "
                                   "cards as the rule bot does, or seeing every hand"),
          kind=str, choices=("count", "sees")),
    number("bid_match", 0.9, N_("the chance a seat bids the legal number nearest its count "
                                "(0: the Gaussian of bid_sigma)"), 0.0, 1.0, high_open=True),
    Param("pool", 8, N_("each batch of worlds is drawn from this many times as many, by "
                        "weight"), low=1, high=64),
    number("bid_lift", 0.0, N_("the weight of one trick more in a bid's playouts (at most 1 "
                               "- bid_shade)"), 0.0, 1.0),
    Param("bid_opponents", None, N_("how the other seats play in a bid's playouts (by default "
                                    "as bid_rollout says)"), kind=str, choices=("count", "sees")),
)  # fmt: skip

#: The options of Ombre and of the rest of its family (Tresillo, Danish l'hombre).
OMBRE_FAMILY: Final[tuple[Param, ...]] = (
    Param("contract", True, N_("search the contract: the auction, the game, the trumps and "
                               "the player's exchange (from a 0.5 s budget, or with fixed "
                               "worlds)"), kind=bool),
    number("contract_budget", None, N_("seconds a contract decision (by default the cards')"),
           0.0, 3600.0, low_open=True, high_open=True),
    Param("defend", "auto", N_("what a defender's cards play for: its own codille in a single "
                               "deal and the coalition in a match (auto), or always one of "
                               "them"), kind=str, choices=("auto", "coalition", "own", "relative")),
)  # fmt: skip

#: Ombre's own options (:class:`OmbreConfig`).
OMBRE: Final[tuple[Param, ...]] = (
    number("declare_margin", -0.4, N_("how far (in pools) the simulated value of \"I play\" "
                                      "may fall below passing and the seat still declares")),
    Param("prior", True, N_("a defender's worlds weighed by the ombre's declaration, "
                            "exchange and trumps"), kind=bool),
    Param("declare_sim", "rule", N_("how the auction's \"I play\" plays its worlds out: "
                                     "solved, by the rule bots' cards, or the mean of both"),
          kind=str, choices=("solve", "rule", "mix")),
)  # fmt: skip

#: Tresillo's and Danish l'hombre's own options (:class:`FamilyConfig`).
FAMILY: Final[tuple[Param, ...]] = (
    number("credit", None, N_("the share of a bid's value credited to declaring it (by "
                              "default 0.4 for solved deals, none for the rule bots' play)"),
           0.0, 2.0),
    Param("contract_suits", 2, N_("the most suits a bid naming its trumps is simulated in"),
          low=1, high=4),
    Param("contract_sim", "rule", N_("how the contract's simulated deals are played out: "
                                     "solved, by the rule bots' cards, or the mean of both"),
          kind=str, choices=("solve", "rule", "mix")),
    Param("auction_prior", True, N_("the contract's simulated deals drawn as the other seats' "
                                    "words in the auction say (as the rule bots bid)"),
          kind=bool),
    Param("contract_worlds", 1000, N_("the most deals a contract decision simulates"),
          low=1),
    number("pass_value", 0.0, N_("what passing in the auction is worth, in the cheapest "
                                 "game's value (below 0: what defending is expected to cost)"),
           -5.0, 5.0),
)  # fmt: skip

#: The options of ``trynka-cfr`` (:class:`~tapete.players.search.trynka_cfr.TrynkaCFRPlayer`).
TRYNKA_CFR: Final[tuple[Param, ...]] = (
    Param("table", None, N_("the path of another two-player strategy table (.npz)"), kind=str),
    Param("table3", None, N_("the path of the three-player table (none: three-player deals "
                             "are played from the two-player prior)"), kind=str),
    Param("prior", 3, N_("the table that is the prior for four or more players: the two- or "
                         "the three-player one"), choices=(2, 3)),
    number("aggression", None, N_("the aggression of the rule bot it uses for the dealing "
                                  "questions and other games (0.5)"), 0.0, 1.0),
    number("time_budget", None, N_("accepted like every bot's and not needed (a lookup takes "
                                   "well under a millisecond)"), 0.0),
)  # fmt: skip

#: Every option of the ``search`` player, in the order ``tapete bots`` lists them.
PARAMS: Final[tuple[Param, ...]] = (*COMMON, *POCHA, *OMBRE_FAMILY, *OMBRE, *FAMILY)
#: The options by group, with the games they are for (and their matches; ``""``: every
#: game), as ``tapete bots search`` lists them.
GROUPS: Final[tuple[tuple[str, tuple[Param, ...]], ...]] = (
    ("", COMMON),
    ("pocha", POCHA),
    ("ombre, tresillo, lhombre", OMBRE_FAMILY),
    ("ombre", OMBRE),
    ("tresillo, lhombre", FAMILY),
)


def _given(params: Mapping[str, Any], declared: tuple[Param, ...]) -> dict[str, Any]:
    """The options of ``declared`` that ``params`` gives, checked."""
    return validate_all(params, declared)


@dataclasses.dataclass(frozen=True)
class SearchConfig:
    """The ``search`` player's options: those of every game resolved (the level's time
    budget), the games' own ones as given (``options``, checked), for the configs below."""

    level: str = "normal"
    time_budget: float = LEVELS["normal"]
    worlds: int | None = None
    clock: str = "wall"
    aggression: float | None = None
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> SearchConfig:
        """The config of the options ``params`` (each checked by its :class:`Param`)."""
        given = _given(params, PARAMS)
        level = given.get("level", "normal")
        budget = given.get("time_budget")
        return cls(
            level=level,
            time_budget=LEVELS[level] if budget is None else budget,
            worlds=given.get("worlds"),
            clock=given.get("clock", "wall"),
            aggression=given.get("aggression"),
            options={k: v for k, v in given.items() if k not in _RESOLVED},
        )


_RESOLVED: Final = ("level", "time_budget", "worlds", "clock", "aggression")


def check_options(values: Mapping[str, Any]) -> None:
    """Check the values of the options of :data:`PARAMS` among ``values`` (a search's
    keyword arguments: its others are left alone), as :func:`tapete.players.load` does:
    :class:`ConfigError` naming the option and what it allows.

    >>> check_options({"pool": 8, "self": None})
    >>> check_options({"iset": 65})
    Traceback (most recent call last):
    ...
    tapete.errors.ConfigError: parameter iset = 65 is out of range; allowed: int 0…64
    """
    _given(values, PARAMS)


@dataclasses.dataclass(frozen=True, kw_only=True)
class _GameConfig:
    """What the configs of the games' searches share: the budget, ``max_worlds``, ``iset``
    and ``iset_worlds`` (``None``: the search's default); built from the ``search`` player's
    options (the budget resolved, the game's own options as given or their defaults, the
    other games' left out) and given to the search as keyword arguments."""

    time_budget: float
    worlds: int | None
    clock: str
    max_worlds: int | None = None
    iset: int | None = None
    iset_worlds: int | None = None

    #: The game's own options.
    OWN: ClassVar[tuple[Param, ...]] = ()

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> Self:
        """The config of the ``search`` player's options ``params`` (each checked)."""
        search = SearchConfig.from_params(params)
        values = {p.name: p.default for p in cls.OWN} | dict(search.options)
        make: Any = cls  # a frozen dataclass of this module
        names = {f.name for f in dataclasses.fields(make)}
        own = {k: v for k, v in values.items() if k in names}
        built: Self = make(time_budget=search.time_budget, worlds=search.worlds,
                           clock=search.clock, **own)  # fmt: skip
        return built

    def search_options(self) -> dict[str, Any]:
        """The keyword arguments of the game's search (``None``: its own default)."""
        out: dict[str, Any] = dataclasses.asdict(self)
        for name in ("max_worlds", "iset_worlds"):
            if out[name] is None:
                del out[name]
        return out


@dataclasses.dataclass(frozen=True, kw_only=True)
class PochaConfig(_GameConfig):
    """La Pocha's search (:class:`~tapete.players.search.pocha.PochaSearch`): the options of
    :data:`POCHA`."""

    playouts: int
    epsilon: float
    bid_sigma: float | None
    rollout: str
    keep: int
    play_match: float
    bid_model: str
    bid_rollout: str | None
    bid_shade: float
    endgame: int | None
    opponents: str
    bid_match: float
    pool: int
    bid_lift: float
    bid_opponents: str | None

    OWN: ClassVar[tuple[Param, ...]] = POCHA

    def search_options(self) -> dict[str, Any]:
        """The keyword arguments of :class:`~tapete.players.search.pocha.PochaSearch`."""
        out = super().search_options()
        rollout = out.pop("rollout")
        bid_rollout = out.pop("bid_rollout") or rollout
        out["rollout_sees"] = rollout == "sees"
        out["bid_rollout_sees"] = bid_rollout == "sees"
        return out


@dataclasses.dataclass(frozen=True, kw_only=True)
class _OmbreFamilyConfig(_GameConfig):
    """The options of :data:`OMBRE_FAMILY`."""

    contract: bool
    contract_budget: float | None
    defend: str


@dataclasses.dataclass(frozen=True, kw_only=True)
class OmbreConfig(_OmbreFamilyConfig):
    """Ombre's search (:class:`~tapete.players.search.ombre.OmbreSearch`): the options of
    :data:`OMBRE_FAMILY` and :data:`OMBRE`."""

    declare_margin: float
    prior: bool
    declare_sim: str

    OWN: ClassVar[tuple[Param, ...]] = (*OMBRE_FAMILY, *OMBRE)


@dataclasses.dataclass(frozen=True, kw_only=True)
class FamilyConfig(_OmbreFamilyConfig):
    """Tresillo's and Danish l'hombre's search
    (:class:`~tapete.players.search.family.FamilySearch`): the options of
    :data:`OMBRE_FAMILY` and :data:`FAMILY`."""

    credit: float | None
    contract_suits: int
    contract_sim: str
    auction_prior: bool
    contract_worlds: int
    pass_value: float

    OWN: ClassVar[tuple[Param, ...]] = (*OMBRE_FAMILY, *FAMILY)
