"""Checks of client messages (the schemas of ``docs/protocol.md``) and the protocol limits.

>>> check_client_message({"type": "action", "state": 3, "action": 12})["action"]
12
>>> check_client_message({"type": "action", "state": "3", "action": 12})
Traceback (most recent call last):
...
tapete.web.protocol.MessageError: action.state must be an integer >= 0
>>> encode_message({"type": "pong", "id": "ñ", "n": [1, 2.5, None]})
'{"type":"pong","id":"ñ","n":[1,2.5,null]}'
"""

from __future__ import annotations

import json
from typing import Any

from tapete.errors import TapeteError
from tapete.table import PROTOCOL_VERSION
from tapete.table.chat import PHRASES

__all__ = [
    "MAX_HTTP_BODY",
    "MAX_MESSAGE",
    "PROTOCOL_VERSION",
    "MessageError",
    "check_client_message",
    "encode_message",
]

try:
    import orjson
except ImportError:  # pragma: no cover - a base dependency; json does the same, slower
    orjson = None  # type: ignore[assignment]

#: Largest WebSocket message the server reads (bytes of UTF-8).
MAX_MESSAGE = 4096
#: Largest HTTP request body.
MAX_HTTP_BODY = 16 * 1024
#: Rate limit per connection: messages per second and burst.
RATE = 20.0
BURST = 40.0
#: Dropped messages after which a flooding connection is closed.
MAX_DROPPED = 200

_FIELDS: dict[str, frozenset[str]] = {
    "hello": frozenset({"type", "protocol", "token"}),
    "action": frozenset({"type", "state", "action", "text", "id"}),
    "back": frozenset({"type"}),
    "ping": frozenset({"type", "id"}),
    "hint": frozenset({"type", "state"}),
    "chat": frozenset({"type", "text", "phrase", "id"}),
}


def encode_message(message: dict[str, Any]) -> str:
    """The compact JSON text of a server message (UTF-8 characters as they are).

    With ``orjson`` (a dependency: about ten times faster on a match's views), else, or
    for what it does not take (integers beyond 64 bits), with :func:`json.dumps`; both write
    the same JSON values."""
    if orjson is not None:
        try:
            text: str = orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:
            pass
        else:
            return text
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


class MessageError(TapeteError, ValueError):
    """A client message that breaks its schema; ``code`` is ``bad_message`` or
    ``unknown_type``."""

    def __init__(self, detail: str, code: str = "bad_message") -> None:
        super().__init__(detail)
        self.code = code


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_id(kind: str, message: dict[str, Any]) -> None:
    if "id" in message:
        ident = message["id"]
        if not (
            (_is_int(ident) and abs(ident) < 2**53) or (isinstance(ident, str) and len(ident) <= 64)
        ):
            raise MessageError(f"{kind}.id must be a string of at most 64 characters or an integer")


def check_client_message(message: Any) -> dict[str, Any]:
    """``message`` if it matches its schema, else :class:`MessageError`."""
    if not isinstance(message, dict):
        raise MessageError("a message must be a JSON object")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise MessageError("a message needs a string field type")
    fields = _FIELDS.get(kind)
    if fields is None:
        raise MessageError(f"unknown message type {kind[:40]!r}", "unknown_type")
    extra = set(message) - fields
    if extra:
        raise MessageError(f"{kind} has no field {', '.join(sorted(str(k)[:40] for k in extra))}")
    if kind == "hello":
        token = message.get("token")
        if token is not None and not (isinstance(token, str) and len(token) <= 200):
            raise MessageError("hello.token must be a string (at most 200 characters) or null")
        if "protocol" in message and not (
            _is_int(message["protocol"]) and message["protocol"] >= 1
        ):
            raise MessageError("hello.protocol must be an integer >= 1")
    elif kind == "action":
        state = message.get("state")
        if not (isinstance(state, int) and _is_int(state) and state >= 0):
            raise MessageError("action.state must be an integer >= 0")
        has_action, has_text = "action" in message, "text" in message
        if has_action == has_text:
            raise MessageError("action needs exactly one of action (a number) or text")
        chosen: Any = message.get("action")
        if (
            has_action
            and not (_is_int(chosen) and 0 <= chosen < 2**31)
            and not (isinstance(chosen, str) and len(chosen) <= 64)  # a sealed placeholder
        ):
            raise MessageError("action.action must be an integer >= 0 or a sealed placeholder")
        if has_text and not (isinstance(message["text"], str) and len(message["text"]) <= 200):
            raise MessageError("action.text must be a string of at most 200 characters")
        _check_id(kind, message)
    elif kind == "ping":
        _check_id(kind, message)
    elif kind == "hint":
        state = message.get("state")
        if not (isinstance(state, int) and _is_int(state) and state >= 0):
            raise MessageError("hint.state must be an integer >= 0")
    elif kind == "chat":
        has_text, has_phrase = "text" in message, "phrase" in message
        if has_text == has_phrase:
            raise MessageError("chat needs exactly one of text or phrase")
        if has_text and not isinstance(message["text"], str):
            raise MessageError("chat.text must be a string")
        if has_phrase and message["phrase"] not in PHRASES:
            raise MessageError(f"chat.phrase must be one of {', '.join(PHRASES)}")
        _check_id(kind, message)
    return message
