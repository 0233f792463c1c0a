"""Chat at the table (protocol.md, *Chat*): who may write and read, the checks of a message,
the rate limit of a connection, and the live table's part that stores and sends it
(:class:`TableChat`).

A table's ``chat`` setting is ``all`` (everyone at the table, seats and spectators, reads and
writes), ``seats`` (only the seats read and write: a spectator never receives a seat's
message and cannot write) or ``off`` (nobody writes). A message is text (at most
:data:`MAX_CHAT` characters once trimmed, no control characters) or a quick phrase, a code
(:data:`PHRASES`) that each reader's page says in its own language.

>>> clean_text("  hola  ")
'hola'
>>> clean_text("a\\nb")
Traceback (most recent call last):
...
tapete.table.chat.ChatRefusal: a chat message may not hold control characters
>>> may_read("seats", None), may_read("seats", 2), may_read("all", None)
(False, True, True)
"""

from __future__ import annotations

import collections
import logging
import time
import unicodedata
from typing import Any, Final

from tapete.errors import TapeteError
from tapete.storage import store as st
from tapete.storage.store import ChatData, iso
from tapete.table.base import TableBase, Watcher

log = logging.getLogger("tapete.table")

#: The table settings: everyone, the seats only, nobody.
CHAT_MODES: Final = ("all", "seats", "off")
#: The quick phrases (codes; the pages translate them): Good game, Well played, Thanks.
PHRASES: Final = ("gg", "wp", "thanks")
#: Most characters of a message, once trimmed.
MAX_CHAT: Final = 300
#: Messages a connection may send per second, and its burst.
CHAT_RATE: Final = 1.0
CHAT_BURST: Final = 5.0
#: The messages a newcomer receives (the last ones it may read), and a replay frame shows.
HISTORY: Final = 50

#: Characters that turn the direction of the text around it (a line that reads otherwise
#: than it is written): refused like control characters.
_BIDI: Final = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class ChatRefusal(TapeteError, ValueError):
    """A chat message that is refused: ``code`` is a stable refusal code."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


def clean_text(text: str) -> str:
    """``text`` trimmed, or :class:`ChatRefusal` (``chat_empty``, ``chat_too_long``,
    ``chat_bad_text``). The text is kept as it was written otherwise (pages show it as text,
    never as HTML)."""
    trimmed = text.strip()
    if not trimmed:
        raise ChatRefusal("chat_empty", "a chat message may not be empty")
    if any(unicodedata.category(c) == "Cc" or c in _BIDI for c in trimmed):
        raise ChatRefusal("chat_bad_text", "a chat message may not hold control characters")
    if len(trimmed) > MAX_CHAT:
        raise ChatRefusal("chat_too_long", f"a chat message has at most {MAX_CHAT} characters")
    return trimmed


def may_write(mode: str, seat: int | None) -> str | None:
    """The refusal code for a connection at ``seat`` (``None``: a spectator) writing at a
    table whose chat is ``mode``, or ``None`` when it may write."""
    if mode == "off":
        return "chat_off"
    if mode == "seats" and seat is None:
        return "chat_seats_only"
    return None


def may_read(mode: str, seat: int | None) -> bool:
    """Whether a connection at ``seat`` receives the chat of a table whose chat is ``mode``
    (at a ``seats`` table only seats write, so a spectator receives nothing)."""
    return mode == "all" or (mode == "seats" and seat is not None)


class TokenBucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst``; each allowed message
    takes one (``clock``: the time source, for tests).

    >>> bucket = TokenBucket(rate=1.0, burst=2.0, clock=lambda: 0.0)
    >>> [bucket.allow() for _ in range(3)]
    [True, True, False]
    """

    def __init__(self, rate: float, burst: float, clock: Any = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = burst
        self.last: float = clock()

    def allow(self) -> bool:
        """True (and one token taken) if one more message may be handled now."""
        moment: float = self.clock()
        self.tokens = min(self.burst, self.tokens + (moment - self.last) * self.rate)
        self.last = moment
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class ChatLimit(TokenBucket):
    """One connection's token bucket for chat: :data:`CHAT_RATE` messages a second, bursts
    of :data:`CHAT_BURST` (on top of the protocol's limit on all messages).

    >>> limit = ChatLimit(rate=1.0, burst=2.0, clock=lambda: 0.0)
    >>> [limit.allow() for _ in range(3)]
    [True, True, False]
    """

    def __init__(
        self, rate: float = CHAT_RATE, burst: float = CHAT_BURST, clock: Any = time.monotonic
    ) -> None:
        super().__init__(rate, burst, clock)


def chat_message(line: ChatData) -> dict[str, Any]:
    """The server's ``chat`` message of a stored line (protocol.md, *Chat*)."""
    out: dict[str, Any] = {
        "type": "chat",
        "id": line.seq,
        "move": line.move,
        "from": {"seat": line.seat, "name": line.name, "spectator": line.spectator},
    }
    if line.phrase is not None:
        out["phrase"] = line.phrase
    else:
        out["text"] = line.text
    out["at"] = iso(line.at)
    return out


class TableChat(TableBase):
    """A live table's part that stores and sends its chat."""

    async def say(
        self, watcher: Watcher, message: dict[str, Any], limit: ChatLimit | None = None
    ) -> None:
        """A ``chat`` message from ``watcher`` (protocol.md, *Chat*): stored, then sent to
        every connection that may read it, or answered with a ``refused`` (only to it).
        ``limit`` is the connection's chat rate limit."""
        number = len(self.moves)

        def refuse(code: str, detail: str) -> None:
            watcher.subscriber.deliver(
                {
                    "type": "refused",
                    "code": code,
                    "reason": None,
                    "detail": detail,
                    "state": number,
                    "id": message.get("id"),
                }
            )

        if watcher not in self.watchers:
            return  # its seat was left meanwhile
        mode = self.data.chat
        refusal = may_write(mode, watcher.seat)
        if refusal == "chat_off":
            return refuse(refusal, "chat is off at this table")
        if refusal is not None:
            return refuse(refusal, "at this table only the seats chat")
        text: str | None = None
        phrase: str | None = None
        if "phrase" in message:
            phrase = str(message["phrase"])
            if phrase not in PHRASES:  # checked by the protocol already
                return refuse("chat_bad_text", f"quick phrases are {', '.join(PHRASES)}")
        else:
            try:
                text = clean_text(str(message.get("text", "")))
            except ChatRefusal as e:
                return refuse(e.code, e.detail)
        if limit is not None and not limit.allow():
            return refuse(
                "chat_rate_limited",
                f"at most {limit.rate:g} chat message a second (bursts of {limit.burst:g})",
            )
        said = await self._chat_lines()
        seat = watcher.seat
        line = st.ChatData(
            seq=self._chat_seq,
            move=number,
            seat=seat,
            name=self.data.seats[seat].name if seat is not None else None,
            spectator=watcher.spectator if seat is None else None,
            text=text,
            phrase=phrase,
            at=st.now(),
        )
        await self.store.awrite(st.insert_chat(self.data.id, line))
        self._chat_seq = line.seq + 1
        said.append(line)
        out = chat_message(line)
        for reader in list(self.watchers):
            if may_read(mode, reader.seat):
                try:
                    reader.subscriber.deliver(out)
                except Exception:
                    log.exception("table %s: could not send a chat message", self.data.id)

    async def _chat_lines(self) -> collections.deque[st.ChatData]:
        """The last :data:`~tapete.table.chat.HISTORY` chat messages (read once)."""
        if self._chat is None:
            table_id = self.data.id
            lines = await self.store.aread(lambda s: st.load_chat(s, table_id, limit=HISTORY))
            seq = await self.store.aread(lambda s: st.next_chat_seq(s, table_id))
            if self._chat is None:
                self._chat = collections.deque(lines, maxlen=HISTORY)
                self._chat_seq = max(self._chat_seq, seq)
        return self._chat

    async def replay_chat(self, move: int) -> list[dict[str, Any]]:
        """The chat shown in the public replay at step ``move``: the last messages said up
        to that state number, at a table where everyone could read them; none at a table
        whose chat was for the seats only (a replay is public)."""
        if self.data.chat != "all":
            return []
        table_id = self.data.id
        lines = await self.store.aread(
            lambda s: st.load_chat(s, table_id, limit=HISTORY, up_to_move=move)
        )
        return [chat_message(line) for line in lines]
