"""Entry point of the ``tapete`` command.

Each sub-command lives in its own module ``tapete.cli.cmd_<name>`` that defines
``register(subparsers)``; a module that is absent (an optional part not installed) is
skipped. Games' terminal play lives in ``tapete.cli.play_<game>``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import metadata

from tapete.cli.common import optional_module, silence_stdout
from tapete.cli.parser import TapeteParser, add_lang_option, language_of
from tapete.cli.texts import N_
from tapete.errors import TapeteError

COMMANDS = (
    "games", "play", "random", "replay", "bench", "arena", "serve", "connect", "analyse", "admin"
)  # fmt: skip
#: The one-line summaries of the server's commands (``tapete --help`` translates them).
SERVER_SUMMARIES = (
    N_("run the online tables server (docs/protocol.md)"),
    N_("play a seat of an online table with a registered player"),
)


def _version() -> str:
    try:
        return metadata.version("tapete")
    except metadata.PackageNotFoundError:  # pragma: no cover - run from the sources
        return "unknown"


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The argument parser with every available sub-command, its help in ``lang``."""
    parser = TapeteParser(
        prog="tapete",
        lang=lang,
        description=N_("Ombre, La Pocha and Trynka: play, replay, benchmark and research."),
    )
    parser.add_argument("--version", action="version", version=f"tapete {_version()}")
    add_lang_option(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        module = optional_module(f"tapete.cli.cmd_{name}")
        if module is None:
            continue
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    lang = language_of(words)
    parser = build_parser(lang)
    args = parser.parse_args(words)
    if getattr(args, "lang", None) is None:
        args.lang = lang  # `tapete --lang es games`, or the locale's
    if not getattr(args, "command", None):
        parser.print_help()
        return 0
    try:
        status: int = args.run(args)
    except TapeteError as e:
        print(f"tapete: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader of the output went away (`tapete … | head`)
        silence_stdout()
        return 0
    except OSError as e:  # e.g. the output cannot be written (a full disk)
        silence_stdout()
        where = f": {e.filename}" if e.filename else ""
        print(f"tapete: {e.strerror or e}{where}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
