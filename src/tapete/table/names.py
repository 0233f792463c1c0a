"""Display names: normalised, bounded, and refused when they hold control characters or HTML.

>>> clean_name("  Ana   María ")
'Ana María'
>>> clean_name("<b>x</b>")
Traceback (most recent call last):
...
tapete.table.names.BadNameError: a name may not contain < or >
"""

from __future__ import annotations

import unicodedata

from tapete.errors import TapeteError

MAX_NAME = 32


class BadNameError(TapeteError, ValueError):
    """A display name that is empty, too long, or holds forbidden characters."""


def clean_name(name: object) -> str:
    """The display name ``name`` normalised (NFKC, single spaces), or :class:`BadNameError`."""
    if not isinstance(name, str):
        raise BadNameError("a name must be text")
    text = unicodedata.normalize("NFKC", name)
    if any(unicodedata.category(c).startswith("C") for c in text):
        raise BadNameError("a name may not contain control or format characters")
    if "<" in text or ">" in text:
        raise BadNameError("a name may not contain < or >")
    text = " ".join(text.split())
    if not text:
        raise BadNameError("a name may not be empty")
    if len(text) > MAX_NAME:
        raise BadNameError(f"a name has at most {MAX_NAME} characters")
    return text
