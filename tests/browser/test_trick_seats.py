"""A trick's cards lie at their players' places on the felt: four-handed Tresillo's dealer
sits the deal out, and the cards go round the three who play (issue 28, screenshots round I:
at a deal's end Ana's card lay at the dealer's place, Bot 2's at Ana's)."""

from __future__ import annotations

from typing import Any

from .conftest import Server, no_js_errors, watch_errors


def _finished(server: Server) -> str:
    return server.finished("tresillo-match", 4, {"num_deals": 1}, bot_delay=0)


def _players(trick: dict[str, Any], dealer: int) -> list[int]:
    """The seats that played the trick's cards, in order: from its leader round the table,
    past the dealer (the game's rule, not the page's)."""
    playing = [s for s in range(4) if s != dealer]
    first = playing.index(trick["leader"])
    return [playing[(first + k) % 3] for k in range(len(trick["cards"]))]


def test_a_tresillo_tricks_cards_lie_at_their_players_places(
    server: Server, context_factory: Any
) -> None:
    # a session whose deal is played (not passed out), with a trick that goes past the dealer
    steps: list[tuple[int, list[int]]] = []
    for _ in range(10):
        table_id = _finished(server)
        total = server.call("GET", f"/api/tables/{table_id}/frames/0")["total"]
        for n in range(total + 1):
            deal = server.call("GET", f"/api/tables/{table_id}/frames/{n}")["spectator"]["deal"]
            trick = (deal or {}).get("current_trick")
            # a trick being played (a finished one leaves current_trick at once)
            if not trick or len(trick["cards"]) < 2:
                continue
            seats = _players(trick, deal["dealer"])
            if seats != [(trick["leader"] + k) % 4 for k in range(len(seats))]:
                steps.append((n, seats))
        if steps:
            break
    assert steps, "no trick went past the dealer"
    page = context_factory().new_page()
    watch_errors(page)
    page.goto(server.replay_url(table_id))
    page.wait_for_selector("body[data-frame='0']", state="attached")
    for n, seats in steps[:3]:
        page.evaluate(
            "n => { const s = document.getElementById('slider'); s.value = String(n);"
            " s.dispatchEvent(new Event('input')); }",
            n,
        )
        page.wait_for_selector(f"body[data-frame='{n}']", state="attached")
        # each card lies toward the place of the seat that played it: of the four seats' boxes,
        # its own is the one most in the card's direction from the trick's middle
        toward = page.evaluate(
            """() => {
              const mid = (el) => { const r = el.getBoundingClientRect();
                return [r.left + r.width / 2, r.top + r.height / 2]; };
              const [cx, cy] = mid(document.querySelector('.center'));
              const seats = [...document.querySelectorAll('.seat[data-seat]')].map((el) => {
                const [x, y] = mid(el); const d = Math.hypot(x - cx, y - cy);
                return [Number(el.dataset.seat), (x - cx) / d, (y - cy) / d]; });
              return [...document.querySelectorAll('.center .trick-card')].map((card) => {
                const [x, y] = mid(card);
                const dot = ([s, ux, uy]) => [s, (x - cx) * ux + (y - cy) * uy];
                return seats.map(dot).sort((a, b) => b[1] - a[1])[0][0];
              });
            }"""
        )
        assert toward == seats, (n, toward, seats)
    no_js_errors(page)
