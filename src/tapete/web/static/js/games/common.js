// Helpers shared by the three games' view renderers. Views are the engine's
// `view.to_dict()`; field names are read through `pick` so that a renamed field
// (hand_counts -> cards_held, hand -> deal) keeps working.

import { h } from "../api.js";
import { cardElement } from "../cards.js";
import { t } from "../i18n.js";

/** The first of `names` present (not undefined) in `obj`. */
export function pick(obj, ...names) {
  if (!obj) return undefined;
  for (const name of names) if (obj[name] !== undefined) return obj[name];
  return undefined;
}

/** The live deal of a view: a match view's `deal` (formerly `hand`), else the view itself. */
export function liveDeal(view) {
  if (!view) return view;
  for (const key of ["deal", "live", "hand"]) {
    const v = view[key];
    if (v && typeof v === "object" && !Array.isArray(v)) return v;
  }
  return view;
}

/** Cards given as a list of texts, or as one space-separated text. */
export function cardList(value) {
  if (!value) return [];
  if (Array.isArray(value)) return value.filter((c) => c !== null && c !== undefined).map(String);
  return String(value).split(/\s+/).filter(Boolean);
}

/** The number of cards each seat holds. */
export function cardsHeld(live) {
  return pick(live, "cards_held", "hand_counts", "hand_sizes", "card_counts") || [];
}

/** An action text split into its verb and argument: "play Rc" -> ["play", "Rc"]. */
export function splitAction(text) {
  const s = String(text || "").trim();
  const i = s.indexOf(" ");
  return i < 0 ? [s, ""] : [s.slice(0, i), s.slice(i + 1).trim()];
}

/** Is this match view's game a whole match ("pocha-match")? */
export function isMatch(view) {
  return String(view?.game || "").endsWith("-match");
}

/** The game parameters in force (from the view's spec, else the table's). */
export function params(view, ctx) {
  return { ...(ctx?.tableParams || {}), ...(view?.spec?.params || {}) };
}

/** An info box for the felt's corners. */
export function infoBox(label, ...content) {
  return h("div", { class: "info-box" }, h("span", { class: "label" }, label), ...content);
}

/** A small face-up card, not clickable. */
export function smallCard(code, extraClass = "") {
  const el = cardElement(code, { small: true });
  if (extraClass) el.classList.add(extraClass);
  return el;
}

/** A button description for an amount range ("bet 3..10"). */
export function amountGroups(legal, verbs) {
  const groups = {};
  const rest = [];
  for (const a of legal) {
    const [verb, arg] = splitAction(a.text);
    if (verbs.includes(verb) && /^\d+$/.test(arg)) {
      (groups[verb] ||= []).push({ amount: Number(arg), action: a });
    } else rest.push(a);
  }
  return { groups, rest };
}

/** "+3" / "-2" / "0" for balances. */
export function signed(n) {
  if (n === null || n === undefined) return "";
  return n > 0 ? `+${n}` : String(n);
}

/** The generic texts of a deal's end: each seat's result. */
export function resultsTable(returns, ctx, unitLabel = null) {
  if (!returns) return null;
  const rows = returns.map((r, s) =>
    h("tr", {}, h("th", { scope: "row" }, ctx.seatName(s)), h("td", {}, signed(r))),
  );
  return h("table", {}, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col" }, unitLabel || t("Result")))), h("tbody", {}, rows));
}

/**
 * A session's score sheet as a side panel: "Deals (n of total)", one row per finished deal
 * (its number, the `cells` of the game, each seat's change), "No deal finished yet." before.
 * `headers` are the game's own column titles; the sheet scrolls (and takes the focus) when long.
 */
export function sessionSheet(view, ctx, headers, cells, testid = "deal-sheet") {
  const results = view.results || [];
  const n = Math.min((view.deal_index ?? view.deal_number ?? results.length) + 1, view.num_deals ?? Infinity);
  const title = t("Deals ({n} of {total})", { n, total: view.num_deals ?? "?" });
  if (!results.length) return { title, node: h("p", { class: "empty", style: "margin:0" }, t("No deal finished yet.")) };
  const seats = (results[0].changes || []).map((_, s) => h("th", {}, ctx.seatShort(s)));
  const rows = results.map((r, i) => h("tr", {}, h("td", {}, String(i + 1)), ...cells(r).map((c) => h("td", {}, c)), ...(r.changes || []).map((c) => h("td", {}, signed(c)))));
  return {
    title,
    node: h("div", { class: "sheet-wrap", tabindex: "0", role: "region", "aria-label": title },
      h("table", { class: "sheet", "data-testid": testid },
        h("thead", {}, h("tr", {}, h("th", {}, "#"), ...headers.map((x) => h("th", {}, x)), ...seats)),
        h("tbody", {}, rows))),
  };
}

/** "Tricks per side": the player's tricks (`player-tricks`), then each other seat's that
 *  `plays(seat)` (every seat but the player's by default), as a side panel. */
export function tricksPanel(live, ctx, plays = () => true) {
  const tw = live.tricks_won || [];
  const others = tw.flatMap((n, s) => (s === live.player || !plays(s) ? [] : [h("dt", {}, "· " + ctx.seatName(s)), h("dd", {}, String(n))]));
  return {
    title: t("Tricks per side"),
    node: h("dl", { class: "kv" }, h("dt", {}, t("Player ({who})", { who: ctx.seatName(live.player) })),
      h("dd", { "data-testid": "player-tricks" }, String(tw[live.player] ?? 0)), ...others),
  };
}
