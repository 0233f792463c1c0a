"""``tapete games``: the registered games and their parameters; ``tapete bots``: the bots
and their options (declared as game options are, :mod:`tapete.players.options`).

A match game (``pocha-match``, ``ombre-match``, ``trynka-match``) is played as a series of
deals of its deal game (``pocha``...): its page lists its own options first, then singles out
the options it takes from the deal game (they mean there what they mean at one deal), and
names the deal game's options the match sets itself deal by deal.

>>> deal_game_of("pocha-match"), deal_game_of("pocha")
('pocha', None)
>>> own, taken, set_by_match = split_match_params("pocha-match")
>>> "hand_sequence" in own, "rank_order" in taken, "hand_size" in set_by_match
(True, True, True)
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from tapete.cli.parser import add_lang_option
from tapete.cli.texts import N_, Texts
from tapete.engine import game_class, registered_games
from tapete.engine.api import Param
from tapete.errors import ConfigError
from tapete.i18n.rules import rule_text
from tapete.players.options import Between

ENGLISH = Texts("en")


def register(sub: Any) -> None:
    """Add the ``games`` sub-command."""
    parser = sub.add_parser("games", help=N_("list the games and their parameters"))
    parser.add_argument("name", nargs="?", help=N_("only this game"))
    add_lang_option(parser)
    parser.set_defaults(run=run)
    bots = sub.add_parser("bots", help=N_("list the bots and their options"))
    bots.add_argument("name", nargs="?", help=N_("only this bot"))
    add_lang_option(bots)
    bots.set_defaults(run=run_bots)


def deal_game_of(name: str) -> str | None:
    """The deal game a match game plays deal after deal (``pocha`` for ``pocha-match``)."""
    if not name.endswith("-match"):
        return None
    deal = name.removesuffix("-match")
    return deal if deal in registered_games() else None


def split_match_params(name: str) -> tuple[list[str], list[str], list[str]]:
    """``(own, taken, set_by_match)``: a match game's own options, those it takes from its
    deal game, and the deal game's options the match sets itself for each deal."""
    params = [p.name for p in game_class(name).parameters]
    deal = deal_game_of(name)
    if deal is None:
        return params, [], []
    deal_params = [p.name for p in game_class(deal).parameters]
    own = [p for p in params if p not in deal_params]
    taken = [p for p in params if p in deal_params]
    set_by_match = [p for p in deal_params if p not in params]
    return own, taken, set_by_match


def _table(
    title: str, params: Sequence[Param], carried: Sequence[str] = (), t: Texts = ENGLISH
) -> Table:
    table = Table(title=title, title_justify="left")
    widest = max((len(p.name) for p in params), default=9)
    # the names are typed: never cut
    table.add_column(t("parameter"), no_wrap=True, min_width=widest)
    for column in (N_("default"), N_("allowed"), N_("meaning")):
        table.add_column(t(column))
    for p in params:
        meaning = option_meaning(p, t)
        if p.name in carried:
            meaning = match_meaning(meaning) if t.lang == "en" else meaning
        table.add_row(p.name, default_text(p.default), allowed_text(p, t), meaning)
    return table


def option_meaning(param: Param, t: Texts = ENGLISH) -> str:
    """An option's meaning in ``t``'s language: a game option's from the rules catalog
    (:func:`~tapete.i18n.rules.rule_text`), a bot option's (marked with ``N_`` where it is
    declared, :mod:`tapete.players.search.config`) from the main catalog.

    >>> from tapete.players.search.config import COMMON
    >>> option_meaning(COMMON[0], Texts("es"))
    'easy (10 ms por decisión), normal (50 ms) o strong (1 s)'
    """
    meaning = rule_text(t.lang, param.help)
    return t(param.help) if meaning == param.help else meaning


def default_text(value: Any) -> str:
    """A parameter's default as it is typed: a tuple as its values joined by ``/``, and
    ``—`` for nothing (``None``, an empty tuple: the meaning says what is used then).

    >>> default_text((0, 0, 0)), default_text(None), default_text(()), default_text(10)
    ('0/0/0', '—', '—', '10')
    """
    if value is None or value == ():
        return "—"
    if isinstance(value, tuple):
        return "/".join(str(v) for v in value)
    return str(value)


def allowed_text(param: Param, t: Texts = ENGLISH) -> str:
    """What a parameter accepts, in words of ``t``'s language: its choices, a whole number
    in its range, a list of numbers, a number, text, or ``true | false``.

    >>> from tapete.engine import game_class
    >>> by_name = {p.name: p for p in game_class("ombre").parameters}
    >>> allowed_text(by_name["ante"]), allowed_text(by_name["balances"])
    ('whole number 0…1000', 'numbers, like 5/0/-2')
    >>> allowed_text(by_name["vole"]), allowed_text(by_name["matador_unit"])
    ('true | false', 'whole number')
    """
    if param.choices:
        return " | ".join(str(c) for c in param.choices)
    if param.kind is bool:
        return "true | false"
    if param.kind is int:
        if param.low is not None and param.high is not None:
            return t("whole number {low}…{high}", low=param.low, high=param.high)
        if param.low is not None:
            return t("whole number from {low}", low=param.low)
        return t("whole number")
    if param.kind is float:
        if isinstance(param.check, Between) and param.check.allowed() != "number":
            return t("number in {range}", range=param.check.allowed().removeprefix("number in "))
        return t("number")
    if param.kind is tuple or isinstance(param.default, tuple):
        example = _example(param.help) or "/".join(str(v) for v in param.default)
        return t("numbers, like {example}", example=example) if example else t("numbers")
    return t("text")


def _example(help_text: str) -> str:
    """The example a parameter's help gives (``like '5/0/-2'``), or ``""``."""
    start = help_text.find("like '")
    if start < 0:
        return ""
    end = help_text.find("'", start + 6)
    return help_text[start + 6 : end] if end > 0 else ""


def carried_params(name: str) -> list[str]:
    """The options a match game takes from its deal game that give the money before a
    deal (``balances``, Ombre's ``pool``, Tresillo's ``plate``): in the match they are the
    values the session starts with, then carried from deal to deal.

    >>> carried_params("tresillo-match"), carried_params("tresillo")
    (['plate', 'balances'], [])
    """
    by_name = {p.name: p for p in game_class(name).parameters}
    return [p for p in split_match_params(name)[1] if "before this deal" in by_name[p].help]


def match_meaning(text: str) -> str:
    """A deal game's option meaning as it reads in its match game.

    >>> match_meaning("the puestas on the plate before this deal, oldest first")
    'the puestas on the plate before the first deal, oldest first'
    """
    return text.replace("before this deal", "before the first deal")


def bots_lines(t: Texts = ENGLISH) -> list[str]:
    """The bots that can take a seat here, and those registered that cannot, with what
    they miss (a platform without numba has no search players).

    >>> bots_lines()[0].startswith("Bots: ") and "rule" in bots_lines()[0]
    True
    """
    from tapete.players.base import available, unavailable

    lines = [t("Bots: {names}", names=", ".join(available()))]
    for name, modules in unavailable().items():
        lines.append(
            t("  {name}: not available here (missing: {modules})", name=name,
              modules=", ".join(modules))
        )  # fmt: skip
    return lines


def run(args: argparse.Namespace) -> int:
    """Print each game with a table of its parameters."""
    console = Console()
    t = Texts(getattr(args, "lang", None) or "en")
    if args.name and args.name not in registered_games():
        known = ", ".join(registered_games())
        raise ConfigError(t("there is no game {name}; the games: {known}", name=repr(args.name),
                            known=known))  # fmt: skip
    names = [args.name] if args.name else registered_games()
    if not args.name:
        console.print("[bold]" + t("Games") + "[/] " + t("(tapete games NAME for one):"))
        column = max(len(name) for name in names) + 3
        for name in names:  # a long summary wraps under itself, not under the names
            lines = textwrap.wrap(
                rule_text(t.lang, game_class(name).summary), max(30, console.width - column - 1)
            ) or [""]
            console.print(f"  {name:<{column - 3}} {lines[0]}", markup=False)
            for line in lines[1:]:
                console.print(" " * column + line, markup=False)
        console.print()
        for line in bots_lines(t):
            console.print(line, markup=False)
        console.print()
    for name in names:
        cls = game_class(name)
        by_name = {p.name: p for p in cls.parameters}
        deal = deal_game_of(name)
        own, taken, set_by_match = split_match_params(name)
        title = f"{name} — {rule_text(t.lang, cls.summary)}"
        if deal is None:
            console.print(_table(title, cls.parameters, t=t))
            continue
        own_title = t("{title}: the match's own options", title=title)
        console.print(_table(own_title, [by_name[p] for p in own], t=t))
        carried = carried_params(name)
        console.print(
            _table(
                t("{name}: options taken from its deal game {deal} (as at one deal of {deal})",
                  name=name, deal=deal),
                [by_name[p] for p in taken],
                carried,
                t,
            )
        )  # fmt: skip
        if carried:
            console.print(
                t("{options}: the values the session starts with; the match then carries them "
                  "from deal to deal", options=", ".join(carried)) + "\n",
                markup=False,
            )  # fmt: skip
        if set_by_match:
            console.print(
                t("{deal}'s options set by the match for each deal: {options}", deal=deal,
                  options=", ".join(set_by_match)) + "\n",
                markup=False,
            )  # fmt: skip
    return 0


def bot_groups(name: str) -> list[tuple[str, tuple[Param, ...]]]:
    """The option groups of bot ``name``: ``(games, options)``, ``games`` empty for the
    options of every game; a bot that declares no option groups has one group.

    >>> [games for games, _ in bot_groups("search")][:2]
    ['', 'pocha']
    >>> bot_groups("random")
    []
    """
    from tapete.players.base import options

    declared = options(name)
    if not declared:
        return []
    if name == "search" or name.startswith("search-"):
        from tapete.players.search.config import GROUPS

        names = {p.name for p in declared}
        return [(games, tuple(p for p in group if p.name in names)) for games, group in GROUPS]
    return [("", declared)]


def run_bots(args: argparse.Namespace) -> int:
    """Print the bots, then each bot's options (``name``: that bot's only) in tables."""
    from tapete.players.base import available

    console = Console()
    t = Texts(getattr(args, "lang", None) or "en")
    names = available()
    if args.name and args.name not in names:
        raise ConfigError(t("there is no bot {name}; the bots: {known}", name=repr(args.name),
                            known=", ".join(names)))  # fmt: skip
    if not args.name:
        for line in bots_lines(t):
            console.print(line, markup=False)
        console.print(t("(tapete bots NAME for one bot's options; give them as NAME:option=value)"))
        console.print()
    for name in [args.name] if args.name else names:
        groups = bot_groups(name)
        if not groups:
            if args.name:
                console.print(t("{name} takes no declared options", name=name), markup=False)
            continue
        for games, params in groups:
            if not params:
                continue
            title = (
                t("{name}: options for {games}", name=name, games=games)
                if games
                else t("{name}: options", name=name)
            )
            console.print(_table(title, params, t=t))
    return 0
