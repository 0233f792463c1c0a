"""A game the pages cannot draw is refused with words, never drawn as another game (felt.js
drew La Pocha for any name it did not know)."""

from __future__ import annotations

from typing import Any

from .conftest import Server, no_js_errors, watch_errors

PROBE = """async () => {
  const m = await import('/static/js/felt.js');
  let refused = null;
  try { m.gameModule('bridge-match'); } catch (e) { refused = [e.name, e.message, e.game]; }
  const banner = m.unknownGameBanner('bridge');
  return {
    refused, known: [m.knownGame('bridge'), m.knownGame('pocha-match'), m.knownGame('lhombre')],
    drawn: ['pocha', 'ombre-match', 'trynka', 'tresillo', 'lhombre']
      .map((g) => typeof m.gameModule(g).live),
    banner: banner.innerText || banner.textContent, role: banner.getAttribute('role'),
  };
}"""


def test_an_unknown_game_is_refused_not_drawn_as_la_pocha(
    server: Server, context_factory: Any
) -> None:
    page = context_factory().new_page()
    watch_errors(page)
    page.goto(server.base + "/?lang=en")
    page.wait_for_selector("#game-choice input")
    got = page.evaluate(PROBE)
    assert got["refused"] is not None and "bridge-match" in got["refused"][1]
    assert got["refused"][2] == "bridge-match"
    assert got["known"] == [False, True, True]
    assert got["drawn"] == ["function"] * 5
    assert "cannot draw" in got["banner"] and "bridge" in got["banner"]
    assert got["role"] == "alert"
    no_js_errors(page)
