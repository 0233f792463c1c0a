"""The command line in the person's language: ``--lang es|ru`` (else the locale's, from
``LC_ALL``/``LC_MESSAGES``/``LANG``) turns every ``--help`` text and every refusal of the
argument parser into Spanish or Russian, from the same catalogs as the tables.

The help texts are English message ids marked with :func:`tapete.cli.texts.N_`; a
:class:`TapeteParser` translates them as they are added, and the parser's own words (``usage:``,
the section titles, its errors) from a table of its English templates.

>>> language_of(["play", "pocha", "--lang", "ru"]), language_of(["--lang=es", "games"])
('ru', 'es')
>>> parser = TapeteParser(prog="tapete", lang="es")
>>> _ = parser.add_argument("--seed", type=int, help=N_("seed of the deals and the bots"))
>>> "semilla" in parser.format_help() and parser.format_usage().startswith("uso: ")
True
>>> parser_message("argument --seed: invalid int value: 'x'", Texts("ru"))
"аргумент --seed: неверное значение (int): 'x'"
"""

from __future__ import annotations

import argparse
import functools
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from tapete.cli.prompt import default_language
from tapete.cli.texts import N_, Texts

LANGUAGES = ("en", "es", "ru")

#: The parser's own refusals: an English template (argparse's) and its message id.
_TEMPLATES: tuple[tuple[str, str], ...] = (
    (r"the following arguments are required: (?P<args>.+)",
     N_("the following arguments are required: {args}")),
    (r"unrecognized arguments: (?P<args>.+)", N_("unrecognized arguments: {args}")),
    (r"invalid choice: (?P<value>.+) \(choose from (?P<choices>.+)\)",
     N_("invalid choice: {value} (choose from {choices})")),
    (r"invalid (?P<type>\w+) value: (?P<value>.+)", N_("invalid {type} value: {value}")),
    (r"expected one argument", N_("expected one argument")),
    (r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)",
     N_("ambiguous option: {option} could match {matches}")),
)  # fmt: skip


def language_of(argv: Sequence[str]) -> str:
    """The language asked for by ``--lang X`` anywhere in ``argv``, else the locale's."""
    for i, word in enumerate(argv):
        value = None
        if word == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif word.startswith("--lang="):
            value = word.split("=", 1)[1]
        if value in LANGUAGES:
            return value
    return default_language()


def parser_message(message: str, t: Texts) -> str:
    """One of the parser's English refusals in the language of ``t`` (as it is if unknown)."""
    head, argument = "", re.match(r"argument (\S+?): (.*)", message)
    if argument:
        head, message = t("argument {name}: ", name=argument.group(1)), argument.group(2)
    for pattern, msgid in _TEMPLATES:
        found = re.fullmatch(pattern, message)
        if found:
            return head + t(msgid, **found.groupdict())
    return head + message


class TapeteParser(argparse.ArgumentParser):
    """An argument parser whose help, usage and errors are in ``lang``; its sub-commands'
    parsers too."""

    def __init__(self, *args: Any, lang: str = "en", **kwargs: Any) -> None:
        t = self.t = Texts(lang)
        for key in ("description", "epilog"):
            if isinstance(kwargs.get(key), str):
                kwargs[key] = t(kwargs[key])
        prefix = t("usage: ")

        class Formatter(argparse.HelpFormatter):
            def add_usage(self, usage: Any, actions: Any, groups: Any, prefix_: Any = None) -> None:
                super().add_usage(usage, actions, groups, prefix if prefix_ is None else prefix_)

        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)
        self._positionals.title = t("positional arguments")
        self._optionals.title = t("options")
        for action in self._actions:
            if isinstance(action, argparse._HelpAction):
                action.help = t("show this help message and exit")

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """:meth:`argparse.ArgumentParser.add_argument`, its ``help`` translated."""
        text = kwargs.get("help")
        if isinstance(text, str) and text != argparse.SUPPRESS:
            kwargs["help"] = self.t(text)
        if kwargs.get("action") == "version":
            kwargs.setdefault("help", self.t("show the version and exit"))
        return super().add_argument(*args, **kwargs)

    def add_subparsers(self, **kwargs: Any) -> Any:
        """Sub-commands whose parsers speak this parser's language (their ``help`` too)."""
        kwargs.setdefault("parser_class", functools.partial(TapeteParser, lang=self.t.lang))
        action = super().add_subparsers(**kwargs)
        add_parser = action.add_parser
        t = self.t

        def add_translated(name: str, **options: Any) -> Any:
            if isinstance(options.get("help"), str):
                options["help"] = t(options["help"])
            return add_parser(name, **options)

        action.add_parser = add_translated  # type: ignore[method-assign]
        return action

    def error(self, message: str) -> NoReturn:
        """Print the usage and the refusal in the parser's language; exit with status 2."""
        self.print_usage(sys.stderr)
        text = parser_message(message, self.t)
        self.exit(2, self.t("{prog}: error: {message}", prog=self.prog, message=text) + "\n")


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang en|es|ru``: the language of what a command prints."""
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help=N_("language of the output and of --help (default: from the locale)"),
    )
