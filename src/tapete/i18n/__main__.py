"""``python -m tapete.i18n extract | update | build``: the catalogs' round trip.

* ``extract``: every text of the pages (JS ``t()``/``N_()`` calls, ``tn()`` with its plural,
  ``tp()`` with its context,
  HTML ``data-i18n``) and of this package into ``locale/tapete.pot``;
* ``update``: merge the template into each language's ``.po``;
* ``build``: write the JSON catalogs the pages load (``web/static/i18n/<lang>.json``);
* ``rules``: the games' summaries and option meanings into the rules catalogs
  (``locale/tapete-rules.pot`` and ``locale/<lang>/LC_MESSAGES/tapete-rules.po``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

from tapete.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, build_static, po_path

ROOT = Path(__file__).resolve().parent.parent  # src/tapete
MAPPING = LOCALE_DIR / "babel.cfg"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


def main(argv: list[str]) -> int:
    """Run one command; returns the exit status."""
    command = argv[0] if argv else "build"
    cli = CommandLineInterface()
    if command == "extract":
        cli.run(["pybabel", "-q", "extract", "-F", str(MAPPING), "-k", "t", "-k", "N_",
                 "-k", "tn:1,2", "-k", "tp:1c,2", "--no-location", "--sort-output",
                 "--project", "tapete",
                 "-o", str(TEMPLATE), str(ROOT)])  # type: ignore[no-untyped-call]  # fmt: skip
        return 0
    if command == "update":
        for lang in LANGUAGES:
            path = po_path(lang)
            verb = "update" if path.exists() else "init"
            args = ["pybabel", "-q", verb, "-D", DOMAIN, "-i", str(TEMPLATE),
                    "-d", str(LOCALE_DIR), "-l", lang]  # fmt: skip
            if verb == "update":
                args += ["--no-fuzzy-matching", "--ignore-obsolete"]
            cli.run(args)  # type: ignore[no-untyped-call]
        return 0
    if command == "rules":
        from tapete.i18n.rules import write_rules_catalogs

        for written in write_rules_catalogs():
            print(written)
        return 0
    if command == "build":
        for path in build_static():
            print(path)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
