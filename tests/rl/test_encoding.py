"""The observation encoders against the views they encode: every cell explained by the view,
no card the seat may not know, batches equal to single encodings."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from tapete.cards import Card, CardSet  # noqa: E402
from tapete.engine import PlayerView  # noqa: E402
from tapete.engine.api import CHANCE, Trick, cards_in  # noqa: E402
from tapete.engine.match import MatchView  # noqa: E402
from tapete.rl.encoding import Encoder, EncodingError, encoder_for  # noqa: E402

from .conftest import GAMES, load_ready, sample_states  # noqa: E402

ONE_HOT = {"seat", "card", "suit", "string"}


def field_value(view: Any, path: str) -> Any:
    """The value at ``path`` (``deal.bids[2]``) of ``view``, read independently of the
    encoder (``None`` past a missing live deal)."""
    value = view
    for step in path.rstrip("?").split("."):
        if value is None:
            return None
        if step == "opening":  # the event log's opening: read from the log itself
            continue
        match = re.fullmatch(r"(\w+)\[(\d+)\]", step)
        if match:
            items = getattr(value, match.group(1))
            index = int(match.group(2))
            value = None if items is None or index >= len(items) else items[index]
        else:
            value = getattr(value, step)
    return value


def opening_rows(enc: Encoder, log: str) -> list[tuple[str, int]]:
    """The ``(kind, recipient)`` rows of the event log ``log``'s opening part (none: [])."""
    for part in enc.parts:
        if part.name == log + ".opening":
            rows = []
            for label in part.labels:
                kind, _, to = label.partition(" to ")
                rows.append((kind, int(to) if to else -1))
            return rows
    return []


def split_opening(events: Any, rows: list[tuple[str, int]], enc: Encoder) -> tuple[int, Any]:
    """The log's opening as the layout documents it, read independently of the encoder:
    its length and, per row, the cards shown and the count of hidden ones. The opening is
    the log's leading chance events that deal one card to a row's recipient (shown: the
    ``card`` argument, with the card's deck-local index as action; hidden: no action), up
    to a card already shown in its row or more hidden cards than the pack holds."""
    d = len(enc.deck)
    shown = dict.fromkeys(rows, 0)
    hidden = dict.fromkeys(rows, 0)
    run = 0
    for event in events:
        args = dict(event.args)
        to = args.get("to", -1)
        if event.actor != CHANCE or set(args) - {"to", "card"} or type(to) is not int:
            break
        if "to" in args and to < 0:
            break
        row = (event.kind, to)
        card = args.get("card")
        if row not in shown:
            break
        if event.hidden:
            if event.action is not None or "card" in args or hidden[row] >= d:
                break
            hidden[row] += 1
        else:
            if not isinstance(card, Card) or event.action != enc.deck.index_of[card]:
                break
            if shown[row] >> card & 1:
                break
            shown[row] |= 1 << card
        run += 1
    planes = tuple((k, t, CardSet(shown[k, t]), hidden[k, t]) for k, t in rows)
    return run, planes


def expected(kind: str, value: Any, part: Any, view: Any, enc: Encoder) -> Any:
    """What the encoder's ``decode`` must give for a part of ``kind`` holding ``value``."""
    n = enc.game.num_players()
    if kind == "opening":
        log = part.name.removesuffix(".opening")
        return split_opening(value or (), opening_rows(enc, log), enc)[1]
    if kind == "bool":
        return bool(value)
    if kind == "seat_values":
        values = [float(v) for v in (value or ())][:n]
        return tuple(values + [0.0] * (n - len(values)))
    if kind == "seat_flags":
        flags = [bool(v) for v in (value or ())][:n]
        return tuple(flags + [False] * (n - len(flags)))
    if kind in ("scalar",):
        return 0.0 if value is None else float(value)
    if kind == "optional":
        return None if value is None else float(value)
    if kind == "string":
        if value is None:
            return None
        return value if value in part.labels else "<other>"
    if kind == "cardset":
        return CardSet(0) if value is None else value
    if kind == "tricks":
        planes = [0] * n
        for trick in value or ():
            for k, card in enumerate(trick.cards):
                planes[(trick.leader + k) % n] |= 1 << card
        return tuple(CardSet(m) for m in planes)
    if kind == "trick":  # who is winning it so far is the rules' to say: not encoded
        return None if value is None else dataclasses.replace(value, winning=None)
    if kind == "seat_cards":
        entries = value or ()
        slots = (
            [j for j, item in enumerate(entries[0]) if isinstance(item, Card)] if entries else []
        )
        width = part.shape[0]
        planes = [[0] * (n + 1) for _ in range(width)]
        for entry in entries:
            cards = [item for item in entry[1:] if isinstance(item, Card) or item is None]
            row = entry[0] if 0 <= entry[0] < n else n  # a card for nobody in particular
            for slot, card in enumerate(cards[:width]):
                if card is not None:
                    planes[slot][row] |= 1 << card
        del slots
        return tuple(tuple(CardSet(m) for m in row) for row in planes)
    if kind == "events":
        slots = part.shape[0]
        run, _ = split_opening(value or (), opening_rows(enc, part.name), enc)
        events = (value or ())[run:][-slots:]
        out = []
        for e in events:
            actor = e.actor if e.actor >= 0 else CHANCE
            seats = tuple(
                (k, v) for k, v in e.args if k in part.labels and type(v) is int and 0 <= v < n
            )
            out.append((actor, e.kind, e.action, e.hidden, seats))
        return tuple(out)
    return value  # seat, card, suit


@pytest.mark.parametrize("name", GAMES)
def test_every_part_decodes_to_what_the_view_shows(name: str) -> None:
    game = load_ready(name)
    enc = encoder_for(game)
    checked = 0
    for state in sample_states(game, seed=11, limit=250):
        for seat in range(game.num_players()):
            view = state.view(seat)
            tensor = enc.encode(view)
            decoded = enc.decode(tensor)
            for part in enc.parts:
                value = field_value(view, part.name)
                want = expected(part.kind, value, part, view, enc)
                got = decoded[part.name]
                assert got == want, (name, part.name, state.history())
                cells = tensor[part.offset : part.offset + part.size]
                if part.kind in ONE_HOT:
                    assert cells.sum() <= 1, (name, part.name)
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("name", GAMES)
def test_no_card_the_seat_may_not_know(name: str) -> None:
    game = load_ready(name)
    enc = encoder_for(game)
    deck = enc.deck
    for state in sample_states(game, seed=5, limit=250):
        for seat in range(game.num_players()):
            hidden = state.hidden_cards(seat)
            decoded = enc.decode(enc.encode(state.view(seat)))
            shown = CardSet(0)
            # a match view also shows past deals' cards (the first-dealer draw), gathered
            # and dealt again since: the live deal's part is what must hide nothing
            live = "deal." if isinstance(state.view(seat), MatchView) else ""
            for part in enc.parts:
                if not part.name.startswith(live):
                    continue
                value = decoded[part.name]
                if part.kind == "events":
                    for _actor, _kind, action, hidden_flag, _seats in value:
                        if hidden_flag:
                            assert action is None
                else:
                    shown = shown | CardSet(sum(1 << c for c in cards_in(value)))
            assert not (shown & hidden), (name, seat, str(shown & hidden))
            # the seat's own hand is there, whole
            hand = getattr(state.view(seat).live_part(), "hand", None)
            if isinstance(hand, CardSet):
                assert hand.mask & ~shown.mask == 0
            assert all(deck.index_of[c] >= 0 for c in cards_in(decoded.values()))


@pytest.mark.parametrize("recall", [False, True])
@pytest.mark.parametrize("name", GAMES)
def test_batch_equals_single_encodings(name: str, recall: bool) -> None:
    game = load_ready(name)
    enc = encoder_for(game, perfect_recall=recall)
    views = [s.view(s.move_number() % game.num_players()) for s in sample_states(game, 3, 120)]
    batch = enc.encode_batch(views)
    assert batch.shape == (len(views), enc.size)
    for row, view in zip(batch, views, strict=True):
        assert np.array_equal(row, enc.encode(view))
    out = np.full((len(views), enc.size), 7.0, np.float32)  # stale values are cleared
    assert np.array_equal(enc.encode_batch(views, out), batch)


def test_observation_is_the_information_state_without_the_event_log() -> None:
    game = load_ready("pocha")
    full, obs = encoder_for(game), encoder_for(game, perfect_recall=False)
    log = ("events", "opening")
    assert [p.name for p in full.parts if p.kind not in log] == [p.name for p in obs.parts]
    assert [p.kind for p in full.parts if p.kind in log] == ["opening", "events"]
    view = sample_states(game, 2, 30)[-1].view(0)
    a, b = full.decode(full.encode(view)), obs.decode(obs.encode(view))
    assert {k: v for k, v in a.items() if not k.startswith("events")} == b


def test_refuses_another_games_view_and_a_wrong_buffer() -> None:
    game = load_ready("pocha")
    enc = encoder_for(game)
    view = game.new_initial_state().view(0)
    with pytest.raises(EncodingError, match="shape"):
        enc.encode(view, np.zeros(enc.size + 1, np.float32))

    @dataclasses.dataclass(frozen=True)
    class OtherView(PlayerView):
        pass

    with pytest.raises(EncodingError, match="OtherView"):
        enc.encode(OtherView("x", 0, 0))


def test_markdown_lists_every_part() -> None:
    enc = encoder_for(load_ready("pocha"))
    table = enc.markdown()
    assert all(f"`{p.name}`" in table for p in enc.parts)
    assert sum(p.size for p in enc.parts) == enc.size
    offsets = [p.offset for p in enc.parts]
    assert offsets == sorted(offsets) and offsets[0] == 0


def test_a_trick_decodes_in_playing_order() -> None:
    game = load_ready("pocha")
    enc = encoder_for(game)
    for state in sample_states(game, 8, 200):
        trick = getattr(state.view(0), "current_trick", None)
        if isinstance(trick, Trick) and len(trick.cards) >= 2:
            decoded = enc.decode(enc.encode(state.view(0)))["current_trick"]
            assert decoded == dataclasses.replace(trick, winning=None)
            return
    pytest.fail("no trick of two cards in the sampled states")


def live_views(game: Any, seed: int, games: int = 2) -> list[Any]:
    """Views of every seat at every step of seeded random games, taken from the live state
    (views of one seat share their event objects: the encoder's incremental path)."""
    import random

    from tapete.engine import sample_chance

    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal() and steps < 300:
            out.extend(state.view(seat) for seat in range(game.num_players()))
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        out.extend(state.view(seat) for seat in range(game.num_players()))
    return out


@pytest.mark.parametrize("recall", [True, False])
@pytest.mark.parametrize("name", GAMES)
def test_incremental_encodings_equal_fresh_ones(name: str, recall: bool) -> None:
    """A stream's tensor brought from view to view (forward, backward, across seats and
    games, and again) is the tensor a new encoder writes for the view alone."""
    import random

    game = load_ready(name)
    views = live_views(game, seed=21)
    rng = random.Random(5)
    order = list(range(len(views)))  # forward in time: each stream's common case
    order += [rng.randrange(len(views)) for _ in range(150)]  # jumps back and forth
    enc = Encoder(game, perfect_recall=recall)
    fresh = Encoder(game, perfect_recall=recall)
    out = np.full(enc.size, 3.0, np.float32)  # stale values are overwritten

    def alone(view: Any) -> Any:
        fresh.forget()  # no stream: the view written whole
        return fresh.encode(view)

    for index in order:
        assert np.array_equal(enc.encode(views[index], out), alone(views[index])), (name, index)
    batch = enc.encode_batch([views[i] for i in order[-40:]])
    for row, i in zip(batch, order[-40:], strict=True):
        assert np.array_equal(row, alone(views[i]))


@pytest.mark.parametrize("name", ["pocha", "trynka"])
def test_incremental_event_window_equals_fresh(name: str) -> None:
    """With fewer event slots than events (the latest kept), streams still give the view's
    own tensor, and the log holds the latest events."""
    game = load_ready(name)
    views = live_views(game, seed=8)
    enc = Encoder(game, max_events=5)
    fresh = Encoder(game, max_events=5)
    assert any(len(v.events) > 5 for v in views)
    (log,) = [p for p in enc.parts if p.kind == "events"]
    rows = opening_rows(enc, log.name)
    for view in views + views[::-7]:
        fresh.forget()
        tensor = enc.encode(view)
        assert np.array_equal(tensor, fresh.encode(view))
        kept = enc.decode(tensor)[log.name]
        run, _ = split_opening(view.events, rows, enc)
        assert [e[2] for e in kept] == [e.action for e in view.events[run:][-5:]]


@pytest.mark.parametrize(
    "variant",
    [
        {"n_players": 4, "hand_size": 10},
        {"n_players": 4, "hand_size": 1, "ronda_india": True},
        {"n_players": 3, "hand_size": 1, "ronda_ciega": True},
        {"n_players": 4, "hand_size": 4, "ronda_subastada": True},
    ],
)
def test_incremental_pocha_variants_equal_fresh(variant: dict[str, Any]) -> None:
    """La Pocha's hand variants (foreheads, offers, the forbidden bid, an auction winner):
    each stream's tensor, brought from view to view in playing order, is the view's own."""
    import tapete

    game = tapete.load_game("pocha", **variant)
    enc, fresh = Encoder(game), Encoder(game)
    views = live_views(game, seed=3, games=3)
    decoded_fields = set()
    for view in views:
        fresh.forget()
        tensor = enc.encode(view)
        assert np.array_equal(tensor, fresh.encode(view))
        decoded = enc.decode(tensor)
        for part in enc.parts:
            if part.kind in ("bool", "scalar", "optional", "seat", "card", "cardset", "string"):
                value = field_value(view, part.name)
                assert decoded[part.name] == expected(part.kind, value, part, view, enc), part.name
                decoded_fields.add(part.name)
    assert {"hand", "trump_card", "dealer"} <= decoded_fields


def test_layout_covers_every_view_field() -> None:
    """Every field of the view is encoded, skipped with a reason, or one of the few never
    encoded (the game's name, the rules, the move number): the compiled core's base class
    does not hide one (its ``seat`` type once read as ``type``, and the seat went missing)."""
    from tapete.rl.encoding import IGNORED

    for name in GAMES:
        enc = encoder_for(load_ready(name))
        encoded = {p.name.split(".")[0].split("[")[0].rstrip("?") for p in enc.parts}
        skipped = {n.split(".")[0] for n, _ in enc.skipped}
        if issubclass(enc.view_class, MatchView):  # its events are its live deal's
            skipped.add("events")
        for f in dataclasses.fields(enc.view_class):
            assert f.name in encoded | skipped | IGNORED, (name, f.name)
        assert "seat" in encoded and "current_player" in encoded


def test_a_view_with_another_instance_dict_is_encoded_field_by_field() -> None:
    """A view whose instance dict is not its class's usual one (an attribute added) goes
    the field-by-field way, and the stream stays right for the next views."""
    game = load_ready("pocha")
    views = live_views(game, seed=4, games=1)
    enc, fresh = Encoder(game), Encoder(game)
    for k, view in enumerate(views):
        if k % 7 == 3:
            object.__setattr__(view, "extra", k)  # one more entry in the instance dict
        fresh.forget()
        assert np.array_equal(enc.encode(view), fresh.encode(view)), k
