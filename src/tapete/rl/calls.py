"""What the OpenSpiel adapter's observers answer at every decision, compiled with the rules
core (mypyc; pure Python without it): no Python frame per call once bound with
:func:`functools.partial` (see :class:`tapete.rl.openspiel.ViewObserver`)."""

from __future__ import annotations

from typing import Any

from tapete.rl.encoding.encoder import Encoder


def encode_held(encoder: Encoder, out: Any, public: bool, held: Any, player: int) -> None:
    """``encoder.encode_state`` of the tapete state that ``held`` holds
    (``held._holder.state``, as the adapter's states hold theirs), for ``player`` (the
    spectator when ``public``), into ``out``: the adapter observer's ``set_from``.

    >>> import numpy as np, tapete
    >>> from types import SimpleNamespace
    >>> from tapete.rl.encoding import encoder_for
    >>> game = tapete.load_game('pocha', n_players=3, hand_size=2)
    >>> enc = encoder_for(game, events_only=True)
    >>> held = SimpleNamespace(_holder=SimpleNamespace(state=game.new_initial_state()))
    >>> out = np.zeros(enc.size, np.float32)
    >>> encode_held(enc, out, False, held, 0)
    >>> bool((out == enc.encode_state(held._holder.state, 0)).all())
    True
    """
    encoder.encode_state(held._holder.state, None if public else player, out)
