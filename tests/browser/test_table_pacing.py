"""The table's pacing: a finished trick stays on the felt (holdMs, scaled by the table's bot
speed), then sweeps to its winner before the next state is drawn; states are never lost or
reordered, even when they come together; the trick's label is over its cards and the cards
clear the seats; a hidden tab holds nothing; reduced motion has no sweep; the end of a hand
is told in the side panel, never over the felt.

The tests wait on what the page emits (``window.__tapete``, the ``tapete:state`` and
``tapete:sweep`` events), never on time. The page's own clock (``performance.now()``) is
read only to check the order and the least hold the page keeps, which a slower machine only
lengthens."""

from __future__ import annotations

import json
from typing import Any

from .conftest import DESKTOP, Server, axe_serious, no_js_errors, watch_errors

BOT = {"kind": "bot", "player": "rule"}

# every state and sweep the page applies, with the page's clock; and, at each completed
# trick, whether its label is the topmost element at its middle and whether a trick card
# overlaps a seat's box
RECORDER = """
window.__log = [];
document.addEventListener('tapete:state', (e) => {
  const row = {kind: 'state', t: performance.now(), ...e.detail, hold: window.__tapete.holdMs};
  if (e.detail.trickDone) {
    const label = document.querySelector('#felt [data-testid=trick-winner] .tag');
    // told in the turn line where the felt has no room clear of the cards (table.js labelAside)
    row.labelAside = !!document.querySelector('#turn .trick-taker');
    if (label) {
      const r = label.getBoundingClientRect();
      const box = label.closest('.center-info');
      box.style.pointerEvents = 'auto'; // (it lets clicks through: hit-tested here only)
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      box.style.pointerEvents = '';
      row.labelOnTop = !!top && label.contains(top);
    }
    const seats = [...document.querySelectorAll('#felt > .seat')]
      .map((s) => s.getBoundingClientRect());
    row.overlaps = 0;
    for (const c of document.querySelectorAll('#felt .trick-card')) {
      const a = c.getBoundingClientRect();
      for (const b of seats) {
        const meet = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        if (meet) row.overlaps++;
      }
    }
    row.summaryOnFelt = !!document.querySelector(
      '#felt .toast, #felt [data-testid=deal-summary-text]');
  }
  __log.push(row);
});
document.addEventListener('tapete:sweep',
  (e) => __log.push({kind: 'sweep', t: performance.now(), ...e.detail}));
"""


def _open(server: Server, game: str, n: int, **extra: Any) -> dict[str, Any]:
    """A table of bots with one seat free: it waits until :func:`_start` (so that a page
    opened before sees the game from its first card)."""
    return server.create(game, [{"kind": "human"}] + [BOT] * (n - 1), **extra)


def _start(server: Server, page: Any, created: dict[str, Any]) -> None:
    page.wait_for_selector("#felt .banner")  # waiting for players
    table_id = created["table"]["id"]
    server.call("POST", f"/api/tables/{table_id}/start", {"admin_token": created["admin_token"]})


def _watch(context_factory: Any, server: Server, created: dict[str, Any], **kw: Any) -> Any:
    page = context_factory(viewport=kw.pop("viewport", DESKTOP)).new_page()
    watch_errors(page)
    page.add_init_script(RECORDER + kw.pop("script", ""))
    page.goto(server.table_url(created["table"]["id"]) + "?watch=1")
    _start(server, page, created)
    return page


def _check_paced(log: list[dict[str, Any]], sweeps: bool = True) -> int:
    """Every completed trick is held at least its hold, then (with ``sweeps``) swept, before the
    next state; the states come in order. Returns the number of completed tricks seen."""
    states = [r for r in log if r["kind"] == "state"]
    numbers = [r["state"] for r in states]
    assert numbers == sorted(numbers), numbers
    done = 0
    for i, row in enumerate(log):
        if row["kind"] != "state" or not row["trickDone"]:
            continue
        done += 1
        later = log[i + 1 :]
        nxt = next((r for r in later if r["kind"] == "state"), None)
        if nxt is None:
            continue
        between = [r["phase"] for r in later[: later.index(nxt)] if r["kind"] == "sweep"]
        assert between == (["start", "end"] if sweeps else ["end"]), between
        assert nxt["t"] - row["t"] >= row["hold"] > 0, (row, nxt)
    return done


def test_a_finished_trick_is_held_then_swept_to_its_winner(
    server: Server, context_factory: Any
) -> None:
    # a whole session of two hands: the last trick of the first hand is shown too (the deal's
    # end, before the next deal), and the session's end names the winner
    created = _open(server, "pocha-match", 4, params={"hand_sequence": "3,2"}, bot_delay=0.3)
    page = _watch(context_factory, server, created)
    page.wait_for_selector("[data-testid=game-over]", timeout=120_000)
    log = page.evaluate("() => __log")
    tricks = [r for r in log if r["kind"] == "state" and r["trickDone"]]
    assert _check_paced(log) == 5  # 3 + 2 tricks, the last of each hand included
    # the deal's end is drawn before the next deal: its own state, its last trick held
    assert sum(1 for r in tricks if r["synthetic"]) == 2
    # scaled by the bot speed: 0.3 s a move holds 2.2 x 0.3 s
    assert all(r["hold"] == 660 for r in tricks)
    # the label over the cards (or under the felt); the cards clear the seats; no summary over
    # the felt
    assert all(r.get("labelOnTop") or r["labelAside"] for r in tricks), tricks
    assert all(r["overlaps"] == 0 for r in tricks), tricks
    assert not any(r["summaryOnFelt"] for r in tricks)
    # the end of the first hand is in the side panel
    summary = page.locator("#deal-summary")
    assert summary.is_visible() and "Hand of 2 cards over" in summary.inner_text()
    assert not page.locator("#felt .toast").count()
    assert not axe_serious(page)
    no_js_errors(page)


def test_states_that_come_together_wait_their_turn(server: Server, context_factory: Any) -> None:
    """The server's messages are held back and let through two at a time: the page still
    draws every state, in order, and keeps each finished trick for its hold and sweep."""
    created = _open(server, "pocha", 4, params={"hand_size": 3}, bot_delay=0.1)
    received: list[int] = []

    def relay(ws: Any) -> None:
        held: list[str] = []
        upstream = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") != "state" or not received:
                if data.get("type") == "state":
                    received.append(data["state"])
                ws.send(message)
                return
            received.append(data["state"])
            held.append(str(message))
            if len(held) == 2 or data.get("to_move") == -4:
                for m in held:
                    ws.send(m)
                held.clear()

        upstream.on_message(from_server)
        ws.on_message(lambda m: upstream.send(m))

    page = context_factory().new_page()
    watch_errors(page)
    page.add_init_script(RECORDER)
    page.route_web_socket("**/ws/**", relay)
    page.goto(server.table_url(created["table"]["id"]) + "?watch=1")
    _start(server, page, created)
    page.wait_for_selector("[data-testid=game-over]", timeout=120_000)
    log = page.evaluate("() => __log")
    drawn = [r["state"] for r in log if r["kind"] == "state"]
    assert drawn == received, (drawn, received)  # none lost, none reordered
    # at least one finished trick had the next state waiting behind it
    assert _check_paced(log) == 3
    assert page.evaluate("() => window.__tapete.pending") == 0
    no_js_errors(page)


def test_a_hidden_tab_holds_nothing(server: Server, context_factory: Any) -> None:
    hidden = """
      Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
      Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'hidden'});
    """
    created = _open(server, "pocha", 4, params={"hand_size": 2}, bot_delay=0.3)
    page = _watch(context_factory, server, created, script=hidden)
    page.wait_for_selector("[data-testid=game-over]", state="attached", timeout=60_000)
    log = page.evaluate("() => __log")
    tricks = [r for r in log if r["kind"] == "state" and r["trickDone"]]
    assert len(tricks) == 2 and all(r["hold"] == 0 for r in tricks)
    assert not [r for r in log if r["kind"] == "sweep" and r["phase"] == "start"]
    no_js_errors(page)


def test_reduced_motion_holds_without_a_sweep(server: Server, context_factory: Any) -> None:
    created = _open(server, "pocha", 4, params={"hand_size": 2}, bot_delay=0.2)
    page = context_factory().new_page()
    watch_errors(page)
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(RECORDER)
    page.goto(server.table_url(created["table"]["id"]) + "?watch=1")
    _start(server, page, created)
    page.wait_for_selector("[data-testid=game-over]", timeout=60_000)
    assert page.evaluate("() => window.__tapete.sweepMs") == 0
    log = page.evaluate("() => __log")
    assert _check_paced(log, sweeps=False) == 2
    no_js_errors(page)
