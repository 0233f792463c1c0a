"""Issue 29's payments in the browser's end-of-deal texts, in each language: Tresillo's
result with the polla, the estuches and the bola (and the shared codillo), Danish
l'hombre's with the pot; the page's own modules called with a finished deal's values."""

from __future__ import annotations

from typing import Any

from .conftest import Server, lobby_page, no_js_errors

PROBE = """async (lang) => {
  const i18n = await import('/static/js/i18n.js');
  await i18n.setLanguage(lang, { remember: false });
  const tres = await import('/static/js/games/tresillo.js');
  const lh = await import('/static/js/games/lhombre.js');
  const names = ['Ana', 'Bo', 'Cy', 'Di'];
  const ctx = { seatName: (s) => names[s], seatShort: (s) => names[s] };
  const won = { outcome: 'sacada', polla: 1, estuches: 3, estuche_paid: 3, bola: true,
    bola_paid: 2, balances: [20, -6, -6, -6] };
  const lost = { outcome: 'codillo', polla: 0, estuches: 4, estuche_paid: -4, bola: false,
    bola_paid: 0, balances: [-21, 13, 4, 4] };
  const missed = { ...won, estuche_paid: 0, estuches: 0, polla: 0, bola_paid: -2 };
  const dealers = { outcome: 'sacada', polla: 5, polla_by: 'dealer', estuches: 0,
    estuche_paid: 0, bola: false, bola_paid: 0, balances: [20, -3, -3, -8] };
  const plain = { outcome: 'puesta', polla: 0, estuches: 0, estuche_paid: 0, bola: false,
    bola_paid: 0, balances: [-3, 0, 0, 0] };
  // a title may come as a node (the game's words linked to the rules): its text
  const text = (x) => (typeof x === 'string' ? x : x.textContent);
  const title = (l) => text(tres.default.results({}, l, ctx).title);
  const pot = (l) => text(lh.default.results({}, { player: 0, contract: 'solo', ...l }, ctx).title);
  return {
    tresillo: [title(won), title(lost), title(missed), title(plain),
      tres.outcomeText('codillo_split'), title(dealers)],
    lhombre: [pot({ outcome: 'won', ante: 2, pot: 3, pot_paid: 3, balances: [1, -2, -2] }),
      pot({ outcome: 'kruk', ante: 0, pot: 9, pot_paid: -4, balances: [-4, 0, 0] }),
      pot({ outcome: 'won', ante: 0, pot: 0, pot_paid: 0, balances: [2, -1, -1] })],
  };
}"""


def test_the_payments_in_the_deals_result_in_each_language(
    server: Server, context_factory: Any
) -> None:
    page = lobby_page(context_factory, server)
    said = {lang: page.evaluate(PROBE, lang) for lang in ("en", "es", "ru")}
    en = said["en"]
    assert en["tresillo"] == [
        "Sacada: the player wins the game · Polla: 1 from each onto the plate · Estuches (3): "
        "each of the others pays 3 · Bola made: each of the others pays 2",
        "Codillo: a defender beats the player · Estuches (4): the player pays 4 to each",
        "Sacada: the player wins the game · Bola missed: the player pays 2 to each",
        "Puesta: the player pays onto the plate",
        "Codillo shared: one trick against four and four",
        "Sacada: the player wins the game · Polla: 5 from the dealer onto the plate",
    ]
    assert en["lhombre"][0].endswith(
        " · Each put 2 into the empty pot · The player takes 3 from the pot · Pot: 3"
    )
    assert en["lhombre"][1].endswith(" · The player pays 4 into the pot · Pot: 9")
    assert "pot" not in en["lhombre"][2].lower()  # the Union's settlement: no pot
    for lang in ("es", "ru"):
        for mine, english in zip(
            said[lang]["tresillo"] + said[lang]["lhombre"][:2],
            en["tresillo"] + en["lhombre"][:2],
            strict=True,
        ):
            assert mine and mine != english and "{" not in mine, (lang, mine)
    assert "Polla: 1 de cada uno al plato" in said["es"]["tresillo"][0]
    assert "Polla: 5 del que da al plato" in said["es"]["tresillo"][5]
    assert "Полья: 5 от сдающего на тарелку" in said["ru"]["tresillo"][5]
    assert "Банк: 9" in said["ru"]["lhombre"][1]
    no_js_errors(page)
