"""Observation tensors of views, written straight into a caller's numpy buffer.

The layout of a game's tensor is derived from its view's dataclass fields and type hints
(nothing is written per game): cards and sets of cards are planes over the pack's
*deck-local* indices, seats are one-hot, counts and amounts are scalars (their value),
strings (phases, outcomes) are one-hot over the values the game uses, tricks are one plane
per seat of the cards it played, a match view's live deal is encoded with its own layout,
and the event log (``view.events``) is the *perfect-recall* part of the information state:
its *opening* (the deal: the leading chance events that deal one card each, see
:func:`opening_key`) as planes, per kind and recipient, of the cards shown and one cell per
hidden card (the order of the deal is not kept: it is the shuffle's), then one slot per
later event with its actor, kind, action and public seat values (a hidden action keeps only
what the seat may see: who received the card). There are as many slots as the game's
``max_view_events`` when it declares one (Trynka: a view's events are the deal in progress,
so one deal's bound), else its ``max_game_length`` (a match: its deals'), less the shortest
opening seen, at most ``max_events`` (256 by default); past that the latest events are kept.

:class:`Encoder` is built once per game (``Encoder(game)``; cached by :func:`encoder_for`)
and then writes any view of that game into a buffer:

>>> import random, numpy as np, tapete
>>> game = tapete.load_game('pocha', n_players=3, hand_size=2)
>>> enc = encoder_for(game)
>>> state = tapete.engine.random_playout(game.new_initial_state(), random.Random(1))
>>> buf = np.zeros(enc.size, np.float32)
>>> enc.encode(state.view(0), buf) is buf
True
>>> enc.decode(buf)['hand'] == state.view(0).hand
True

The encoder is incremental: it keeps a tensor per *stream* (one seat's views of one game,
told apart by the seat and the view's first event) and the field values it encodes; a new
view of the stream rewrites only the fields that changed (a card plane by the cards that
came and went, the event log and the trick list by what was appended, any other field by
its few cells), then the stream's tensor is copied into the caller's buffer. Any view may
come in any order: what is written is always the view's own tensor (the tests compare each
with a fresh encoding), only the cost depends on how close it is to the stream's last one.

Where the wheel built its C extension, :mod:`tapete.rl._cells` (see :func:`native_module`),
a stream's tensor is its ``Cells`` block and the event log's comparison, opening and new
slots, the per-seat numbers and the copy into the caller's buffer are one native call each;
``Encoder(game, native=False)`` (and any install without the extension: an editable one)
takes the pure path, numpy arrays set through memoryviews, which writes the same bytes.

``Encoder(game, perfect_recall=False)`` leaves the event log out (an *observation*);
:meth:`Encoder.describe` lists every part (its offset, size and meaning) and
:meth:`Encoder.decode` reads a tensor back into the values it encodes (the tests compare
them with the views). Fields whose size the layout cannot bound (a match's score sheet, the
list of finished deals) are not encoded; :attr:`Encoder.skipped` names them and why.

The closed vocabularies come from the views' types: a string field (a phase, an outcome, a
contract) is typed with a ``Literal`` of its values (or a ``StrEnum``), and its one-hot is
over them in declared order (:func:`declared_strings`); the event slots' kind one-hot is over
the ``EVENT_KINDS`` the view class declares (:func:`declared_kinds`). A value that seeded
random games never reach has its cell all the same. Some values are not fixed by the types:
the length of a tuple (one per seat or not), the view class of a match's live deal, which
event values are seats, how a log opens (the deal). The encoder learns them from a few
seeded random games of the same game (``discovery``, made once per game and cached); a
string field typed plain ``str`` and a view class without ``EVENT_KINDS`` (none among the
built-in games) fall back to the values and kinds seen there, and a value never seen goes
to the part's ``other`` cell (see :mod:`~tapete.rl.encoding.layout`).

The package's modules, by job: :mod:`~tapete.rl.encoding.survey` (what a few random games
show of the views), :mod:`~tapete.rl.encoding.layout` (the parts, from the types),
:mod:`~tapete.rl.encoding.stream` (the incremental per-stream tensors and the native
bridge) and :mod:`~tapete.rl.encoding.encoder` (:class:`Encoder`, the layouts' Markdown);
this module names what they offer.
"""

from __future__ import annotations

from tapete.rl.encoding.encoder import (
    COUNT_FIELDS,
    EVENT_FIELDS,
    TENSORS,
    Encoder,
    action_mask,
    encoder_for,
    events_tensor,
    layout_section,
    main,
)
from tapete.rl.encoding.layout import (
    MAX_EVENT_SLOTS,
    SEAT_NAMES,
    Buffer,
    Index,
    Part,
    Reader,
    Writer,
    declared_kinds,
    declared_strings,
)
from tapete.rl.encoding.stream import (
    MAX_CACHED_VALUES,
    MAX_KNOWN_EVENTS,
    MAX_SPARE_BYTES,
    MAX_SPARE_STREAMS,
    MAX_STREAM_BYTES,
    MAX_STREAMS,
    NATIVE,
    NATIVE_CELLS,
    native_module,
)
from tapete.rl.encoding.survey import (
    IGNORED,
    Discovery,
    EncodingError,
    discover,
    discovery,
    find_deck,
    opening_key,
)

__all__ = [
    "COUNT_FIELDS",
    "EVENT_FIELDS",
    "IGNORED",
    "MAX_CACHED_VALUES",
    "MAX_EVENT_SLOTS",
    "MAX_KNOWN_EVENTS",
    "MAX_SPARE_BYTES",
    "MAX_SPARE_STREAMS",
    "MAX_STREAMS",
    "MAX_STREAM_BYTES",
    "NATIVE",
    "NATIVE_CELLS",
    "SEAT_NAMES",
    "TENSORS",
    "Buffer",
    "Discovery",
    "Encoder",
    "EncodingError",
    "Index",
    "Part",
    "Reader",
    "Writer",
    "action_mask",
    "declared_kinds",
    "declared_strings",
    "discover",
    "discovery",
    "encoder_for",
    "events_tensor",
    "find_deck",
    "layout_section",
    "main",
    "native_module",
    "opening_key",
]
