"""The rules for account names and passwords, each refusal a stable code.

A name is 3 to 32 characters after Unicode NFKC normalisation: letters and digits of any
script, and ``_``, ``-``, ``.`` between them. Names are compared case-insensitively
(:func:`name_key`: NFKC and case folding), so ``Ana`` and ``ANA`` are one name. A password
is 8 to 1024 characters (any).

>>> check_name("  Ana_María ")
'Ana_María'
>>> name_key("Ana_María") == name_key("ANA_MARÍA")
True
>>> check_name("ab")
Traceback (most recent call last):
...
tapete.accounts.errors.AccountError: an account name is 3 to 32 characters
>>> check_name("ana maría")
Traceback (most recent call last):
...
tapete.accounts.errors.AccountError: an account name has letters, digits and _ - . only, \
and begins and ends with a letter or a digit

A club's (or an event's) name, :func:`check_title`, may also have single spaces and ``'`` ``&``
between its words:

>>> check_title("  Tresillistas   de Oviedo ", "club")
'Tresillistas de Oviedo'
>>> check_title("a <b>", "club")
Traceback (most recent call last):
...
tapete.accounts.errors.AccountError: a club name has letters, digits, spaces and _ - . ' & only, \
and begins and ends with a letter or a digit
"""

from __future__ import annotations

import unicodedata

from tapete.accounts.errors import AccountError

NAME_MIN = 3
NAME_MAX = 32
PASSWORD_MIN = 8
PASSWORD_MAX = 1024
#: The characters a name may have besides letters and digits (not first or last).
NAME_PUNCTUATION = "_-."
#: What a club's or an event's name may have besides letters and digits (not first or last).
TITLE_PUNCTUATION = "_-.'& "


def check_name(name: str) -> str:
    """``name`` normalised (NFKC, no spaces around), or :class:`AccountError`
    ``account_name_length`` / ``account_name_characters``."""
    name = unicodedata.normalize("NFKC", name).strip()
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise AccountError(
            "account_name_length", f"an account name is {NAME_MIN} to {NAME_MAX} characters"
        )
    allowed = all(c.isalnum() or c in NAME_PUNCTUATION for c in name)
    if not allowed or not (name[0].isalnum() and name[-1].isalnum()):
        raise AccountError(
            "account_name_characters",
            "an account name has letters, digits and _ - . only, "
            "and begins and ends with a letter or a digit",
        )
    return name


def check_title(name: str, kind: str) -> str:
    """A club's (``kind`` ``"club"``) or another named thing's name, normalised (NFKC, runs
    of spaces made one, none around): 3 to 32 characters, letters and digits of any script,
    and ``_ - . ' &`` and single spaces between them; else :class:`AccountError`
    ``{kind}_name_length`` / ``{kind}_name_characters``."""
    name = " ".join(unicodedata.normalize("NFKC", name).split())
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise AccountError(
            f"{kind}_name_length", f"a {kind} name is {NAME_MIN} to {NAME_MAX} characters"
        )
    allowed = all(c.isalnum() or c in TITLE_PUNCTUATION for c in name)
    if not allowed or not (name[0].isalnum() and name[-1].isalnum()):
        raise AccountError(
            f"{kind}_name_characters",
            f"a {kind} name has letters, digits, spaces and _ - . ' & only, "
            "and begins and ends with a letter or a digit",
        )
    return name


def name_key(name: str) -> str:
    """The form under which names are compared and kept unique (NFKC case folding).

    >>> name_key("Straße") == name_key("STRASSE")
    True
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())


def check_password(password: str) -> str:
    """``password`` unchanged, or :class:`AccountError` ``password_too_short`` /
    ``password_too_long``.

    >>> check_password("1234567")
    Traceback (most recent call last):
    ...
    tapete.accounts.errors.AccountError: a password has at least 8 characters
    """
    if len(password) < PASSWORD_MIN:
        raise AccountError(
            "password_too_short", f"a password has at least {PASSWORD_MIN} characters"
        )
    if len(password) > PASSWORD_MAX:
        raise AccountError("password_too_long", f"a password has at most {PASSWORD_MAX} characters")
    return password
