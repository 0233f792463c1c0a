// Which pack a game's cards are drawn from. Tresillo is played with the Spanish 40-card pack
// (oros, copas, espadas, bastos; sota, caballo, rey), as its players know it; the engine writes
// its cards in Ombre's French notation (docs/tresillo.md), so they are drawn and named from the
// Spanish pack unless the player chose the French one (a setting of the page, remembered in
// localStorage: the rules are the same with either pack).

import { h } from "./api.js";
import { setSpanishPack } from "./cards.js";
import { onLanguageChange, t } from "./i18n.js";

/** The games that may be drawn with either pack, and the pack each is drawn with by default. */
const CHOICE = { tresillo: "spanish" };
const KEY = (base) => `tapete.pack.${base}`;

function baseOf(game) {
  return String(game || "").replace(/-match$/, "");
}

/** The pack `game`'s cards are drawn from: "spanish" or "french". */
export function packFor(game) {
  const base = baseOf(game);
  if (!CHOICE[base]) return "native";
  try {
    const saved = window.localStorage.getItem(KEY(base));
    if (saved === "spanish" || saved === "french") return saved;
  } catch {
    /* storage may be disabled */
  }
  return CHOICE[base];
}

/** Draw `game`'s cards from its pack (call before drawing the table). */
export function usePack(game) {
  setSpanishPack(packFor(game) === "spanish");
}

/**
 * A "Cards: Spanish pack / French pack" choice at the foot of the page's side panel, for a game
 * that has one
 * (none for the others): it switches the drawing, remembers the choice and calls `onChange`.
 */
export function mountPackPicker(game, onChange) {
  const base = baseOf(game);
  if (!CHOICE[base] || document.getElementById("pack")) return null;
  const select = h("select", { id: "pack" });
  const label = h("span", {});
  const fill = () => {
    label.textContent = t("Cards");
    select.setAttribute("aria-label", t("Cards"));
    select.replaceChildren(
      h("option", { value: "spanish" }, t("Spanish pack")),
      h("option", { value: "french" }, t("French pack")),
    );
    select.value = packFor(game);
  };
  fill();
  onLanguageChange(fill);
  select.addEventListener("change", () => {
    try {
      window.localStorage.setItem(KEY(base), select.value);
    } catch {
      /* storage may be disabled: the choice holds for this page */
    }
    setSpanishPack(select.value === "spanish");
    onChange?.(select.value);
  });
  // at the foot of the side panel (the top bar has no room for it on a phone)
  const picker = h("section", { class: "pack-picker" }, h("label", {}, label, " ", select));
  const side = document.querySelector("aside.side");
  if (side) side.append(picker);
  else document.body.append(picker);
  return picker;
}
