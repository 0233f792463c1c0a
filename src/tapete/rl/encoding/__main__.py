"""``python -m tapete.rl.encoding [game…]``: each game's tensor layout as Markdown.

A module of its own, left out of the mypyc build: ``python -m`` runs a module's code
object, which a compiled module does not have (the package itself is compiled).
"""

from __future__ import annotations

from tapete.rl.encoding import main

raise SystemExit(main())
