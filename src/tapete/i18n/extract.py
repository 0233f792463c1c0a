"""A pybabel extractor for the pages' HTML: the texts of ``data-i18n``, ``data-i18n-label``,
``data-i18n-title``, ``data-i18n-placeholder`` and ``data-i18n-doc`` attributes.

>>> import io
>>> page = b'<p data-i18n="Open tables">Open tables</p><b data-i18n-label="Your hand">'
>>> [m[2] for m in extract_html(io.BytesIO(page), [], [], {})]
['Open tables', 'Your hand']
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import IO, Any

_ATTR = re.compile(r'data-i18n(?:-label|-title|-placeholder|-doc)?="([^"]*)"')


def extract_html(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Yield ``(line, funcname, message, comments)`` for every marked text (Babel's API)."""
    text = fileobj.read().decode("utf-8")
    for match in _ATTR.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        yield line, "", html.unescape(match.group(1)), []
