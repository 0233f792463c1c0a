// Helpers shared by the games' view renderers (games/*.js). Views are the engine's
// `view.to_dict()` (protocol.md): the fields are read by the names the server sends.

import { h } from "../api.js";
import { cardElement, suitName, suitSymbol, suitWord } from "../cards.js";
import { t } from "../i18n.js";

/**
 * A box of the side panel (a game's `panels()`): its heading and its content.
 * @typedef {{title: string, node: HTMLElement}} Panel
 */

/** The live deal of a view: a match view's `deal`, else the view itself. A match view with
 *  no live deal (before the first deal, between deals, the match over) gives an empty deal
 *  (`between`: no cards, no trumps, no bids), never the match's own fields read as a deal's
 *  (its `hand_sizes` are not cards held). */
export function liveDeal(view) {
  if (!view) return view;
  if (view.deal && typeof view.deal === "object") return view.deal;
  if (isMatch(view) || ("deal" in view && view.deal === null)) {
    const { phase, seat, n_players, current_player, balances, pool, plate } = view;
    return { between: true, phase, seat, n_players, current_player, balances, pool, plate };
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
  return live.cards_held || [];
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

/** The view readers every game's renderer starts from: the live deal, the player's hand,
 *  each seat's cards held, the dealer. A renderer spreads them and adds its own. */
export const dealReaders = {
  live: liveDeal,
  handOf: (live) => cardList(live.hand),
  cardsHeld,
  dealer: (live) => live.dealer,
};

/** The readers of the trick-taking games (La Pocha, Ombre and the games drawn as Ombre's):
 *  `dealReaders`, the trick on the table and the finished ones. */
export const trickTaking = {
  ...dealReaders,
  trick: (live) => live.current_trick || null,
  finishedTricks: (live) => live.finished_tricks || [],
};

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

/** A seat's short name for a sheet's cell, "–" for none (a deal nobody played). */
export function seatShortOrNone(ctx, seat) {
  return seat === null || seat === undefined ? "–" : ctx.seatShort(seat);
}

/** A French suit's symbol and word ("♦ diamonds"; "oros" alone while the Spanish pack is
 *  drawn), "" for none. */
export function suitLabel(suit) {
  const s = suitName(suit);
  return s ? [suitSymbol(s), suitWord(s)].filter(Boolean).join(" ") : "";
}

/** A sheet's box in a side panel: it scrolls when the sheet is longer or wider than the panel,
 *  and takes the focus then as a region named `label`, so that the keyboard scrolls it too. */
export function sheetBox(label, ...content) {
  return h("div", { class: "sheet-wrap", tabindex: "0", role: "region", "aria-label": label }, ...content);
}

/**
 * A session's score sheet as a side panel: "Deals (n of total)", one row per finished deal
 * (its number, the `cells` of the game, each seat's change), "No deal finished yet." before.
 * `headers` are the game's own column titles; the sheet is in a `sheetBox`.
 */
export function sessionSheet(view, ctx, headers, cells, { testid = "deal-sheet" } = {}) {
  const results = view.results || [];
  const n = Math.min((view.deal_index ?? results.length) + 1, view.num_deals ?? Infinity);
  const title = t("Deals ({n} of {total})", { n, total: view.num_deals ?? "?" });
  if (!results.length) return { title, node: h("p", { class: "empty", style: "margin:0" }, t("No deal finished yet.")) };
  const seats = (results[0].changes || []).map((_, s) => h("th", { title: ctx.seatName(s) }, ctx.seatShort(s)));
  const rows = results.map((r, i) => h("tr", {}, h("td", {}, String(i + 1)), ...cells(r).map((c) => h("td", {}, c)), ...(r.changes || []).map((c) => h("td", {}, signed(c)))));
  return {
    title,
    node: sheetBox(title,
      h("table", { class: "sheet", "data-testid": testid },
        h("thead", {}, h("tr", {}, h("th", {}, "#"), ...headers.map((x) => h("th", {}, x)), ...seats)),
        h("tbody", {}, rows))),
  };
}

/**
 * "Tricks per side" as a side panel: the playing seat's tricks (`player-tricks`; `seat`, the
 * view's `player` by default, under `heading`, "Player (Ana)" by default), with `defenders`
 * the other seats' sum ("Defenders"), then each other seat's that `plays(seat)` (every seat
 * but the playing one by default), marked "·" as parts of that sum when it is shown.
 * @param {object} live
 * @param {object} ctx
 * @param {{seat?: number, heading?: string | null, defenders?: boolean, plays?: (seat: number) => boolean}} [options]
 */
export function tricksPanel(live, ctx, { seat = live.player, heading = null, defenders = false, plays = () => true } = {}) {
  const tw = live.tricks_won || [];
  const own = tw[seat] ?? 0;
  const others = tw.flatMap((n, s) => (s === seat || !plays(s) ? [] : [h("dt", {}, (defenders ? "· " : "") + ctx.seatName(s)), h("dd", {}, String(n))]));
  const sum = defenders ? [h("dt", {}, t("Defenders")), h("dd", {}, String(tw.reduce((a, b) => a + b, 0) - own))] : [];
  return {
    title: t("Tricks per side"),
    node: h("dl", { class: "kv" }, h("dt", {}, heading ?? t("Player ({who})", { who: ctx.seatName(seat) })),
      h("dd", { "data-testid": "player-tricks" }, String(own)), ...sum, ...others),
  };
}

/** What was left on the table at a session's end (the last deal's pool, plate or pot), shared
 *  equally, and what did not divide, which stays there: pairs of label and value (none before
 *  a deal ended, or where nothing was left). The sheet's rows do not add up to the final
 *  balances without them (Ombre's pool of 6 gave each 2; Tresillo's said "Plate: empty"
 *  while the balances added up to 3 less than they began). */
export function sharedOut(view) {
  if (!isMatch(view) || !(view.results || []).length) return [];
  const last = view.results[view.results.length - 1];
  const left = last.pool_after ?? (Array.isArray(last.plate_after) ? last.plate_after.reduce((a, b) => a + b, 0) : last.pot_after) ?? 0;
  const each = Math.floor((left - (view.unassigned || 0)) / Math.max(1, (last.changes || []).length));
  const pairs = [];
  if (each > 0) pairs.push([t("Shared out at the end"), t("{n} each", { n: each })]);
  if (view.unassigned) pairs.push([t("Not shared out"), String(view.unassigned)]);
  return pairs;
}

/** A session's whole sheet for its final score (`sessionSheet`'s rows, not cut to a scrolling
 *  box), after the `lead` pairs of label and value (the pool, the plate); null for one deal or
 *  before the first deal ended. */
export function finalSession(view, ctx, headers, cells, { lead = [] } = {}) {
  if (!isMatch(view) || !(view.results || []).length) return null;
  const sheet = sessionSheet(view, ctx, headers, cells, { testid: "final-sheet" });
  lead = [...lead, ...sharedOut(view)];
  return h("div", { class: "final-session" },
    lead.length ? h("dl", { class: "kv", "data-testid": "final-money" }, ...lead.flatMap(([label, value]) => [h("dt", {}, label), h("dd", {}, value)])) : null,
    sheet.node);
}

/** Each seat's balance as a side panel under `title` (a list of the seats' names and signed
 *  balances), after the `lead` pairs of label and value (the pool, the plate). */
export function balancesPanel(title, balances, ctx, { lead = [], testid = null } = {}) {
  return {
    title,
    node: h("dl", { class: "kv", "data-testid": testid }, ...lead.flatMap(([label, value]) => [h("dt", {}, label), h("dd", {}, value)]),
      ...(balances || []).flatMap((b, s) => [h("dt", {}, ctx.seatName(s)), h("dd", {}, signed(b))])),
  };
}

/** A session's money (`balances`, `pool`, `plate`) as the side panel shows it: the live deal's
 *  (with this deal's antes), else the session's; once the session is over, the session's own
 *  (what was left on the table shared out), though the felt still shows the last deal. */
export function moneyNow(view, live, name) {
  if (isMatch(view) && view.current_player === -4) return view[name];
  return live[name] ?? view[name];
}

/** The balances panel's `lead` pairs (the pool, the plate) and, once the session is over, what
 *  was left on the table shared out (`sharedOut`): the panel's money is then the session's,
 *  though the felt still shows the last deal's pool (a replay's end said "Pool 6" on the felt,
 *  "Pool 0" in the panel and nothing of the 2 each). */
export function moneyLead(view, lead) {
  return isMatch(view) && view.current_player === -4 ? [...lead, ...sharedOut(view)] : lead;
}

/** The results of a game counted in balances: a session's final balances once it is over, a
 *  deal's balances under `titleOf(live)` once it has an outcome; else null. */
export function balancesResults(view, live, titleOf) {
  if (isMatch(view)) return view.current_player === -4 ? { title: t("Final balances"), values: view.balances } : null;
  return live.outcome ? { title: titleOf(live), values: live.balances } : null;
}

/** The session's last finished deal in a sentence: `textOf(result)`, then each seat's change
 *  ("Sacardo: ombre wins the pool. Ana +5, Bea -2, Cid -3"); null before the first. */
export function lastDealSummary(view, ctx, textOf) {
  const results = view.results || [];
  const r = results[results.length - 1];
  if (!r) return null;
  const changes = (r.changes || []).map((c, s) => `${ctx.seatName(s)} ${signed(c)}`).join(", ");
  return `${textOf(r)}. ${changes}`;
}
