// A player's profile: /players/{name}. Ratings per game, the rating history as a chart (an
// inline SVG drawn here), the rated games with their replays, and the game's own counts.
// docs/ratings.md.

import { ApiError, h } from "./api.js";
import { gameName, gameTitle } from "./felt.js";
import { formatNumber, reasonText, t, tn } from "./i18n.js";
import { playerLabel, ranking } from "./names.js";
import { startAnswerPage } from "./page.js";

/**
 * The page's element with this id.
 * @param {string} id
 * @returns {HTMLElement}
 */
const $ = (id) => document.getElementById(id);
const name = decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] || "");
const SVG = "http://www.w3.org/2000/svg";

/** @type {any} the server's answer (GET /api/players/{name}), or an error */
let profile = null;
/** The game whose history the chart shows. */
let charted = null;

/** A rating as people read it (one decimal). */
function ratingText(value) {
  return formatNumber(Math.round(Number(value) * 10) / 10);
}

/** A share as a percentage ("42 %" the page's way). */
function percent(part, whole) {
  try {
    return new Intl.NumberFormat(document.documentElement.lang, { style: "percent", maximumFractionDigits: 1 }).format(part / whole);
  } catch {
    return `${Math.round((1000 * part) / whole) / 10}%`;
  }
}

/**
 * An SVG element.
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 * @param {...Node} children
 */
function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  for (const child of children) el.append(child);
  return el;
}

/** A date for people (the server's UTC ISO time). */
function dateText(iso) {
  if (!iso) return "";
  try {
    return new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  } catch {
    return iso;
  }
}

/**
 * The rating history of one game as a line chart: one point per rated game (its rating
 * after), the first point the rating before the first game; the y axis from the lowest to
 * the highest rating, labelled at both ends.
 * @param {Array<{rating: number, before: number, at: string}>} points
 * @param {string} game
 */
export function historyChart(points, game) {
  const values = points.length ? [points[0].before, ...points.map((p) => p.rating)] : [];
  const W = 520, H = 220, left = 46, right = 12, top = 14, bottom = 30;
  let lo = Math.min(...values), hi = Math.max(...values);
  if (hi - lo < 1) { lo -= 1; hi += 1; }
  const x = (i) => left + ((W - left - right) * i) / Math.max(1, values.length - 1);
  const y = (v) => top + ((H - top - bottom) * (hi - v)) / (hi - lo);
  const label = t("Rating history of {game}: from {first} to {last}", { game: gameName(game), first: ratingText(values[0]), last: ratingText(values[values.length - 1]) }) + " (" + tn("{n} rated game", "{n} rated games", points.length, { n: points.length }) + ")";
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-chart", role: "img", "aria-label": label, "data-testid": "rating-chart", "data-points": values.length });
  chart.append(svg("title", {}, document.createTextNode(label)));
  for (const v of [lo, hi]) {
    chart.append(svg("line", { class: "grid", x1: left, x2: W - right, y1: y(v), y2: y(v) }));
    chart.append(svg("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end" }, document.createTextNode(ratingText(v))));
  }
  chart.append(svg("line", { class: "axis", x1: left, x2: left, y1: top, y2: H - bottom }));
  chart.append(svg("line", { class: "axis", x1: left, x2: W - right, y1: H - bottom, y2: H - bottom }));
  chart.append(svg("text", { x: left, y: H - 8 }, document.createTextNode(t("start"))));
  chart.append(svg("text", { x: W - right, y: H - 8, "text-anchor": "end" }, document.createTextNode(tn("{n} game", "{n} games", points.length, { n: points.length }))));
  const path = values.map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  chart.append(svg("path", { class: "line", d: path }));
  values.forEach((v, i) => {
    const dot = svg("circle", { class: "dot", cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 3.5 });
    dot.append(svg("title", {}, document.createTextNode(i ? `${ratingText(v)} · ${dateText(points[i - 1].at)}` : ratingText(v))));
    chart.append(dot);
  });
  return chart;
}

/** The game's own counts as sentences (docs/ratings.md). */
function statLines(game, s) {
  const out = [tn("{n} rated game", "{n} rated games", s.games, { n: s.games })];
  if (game === "pocha" && s.bids) out.push(t("Bids made exactly: {k} of {n} ({share})", { k: s.exact, n: s.bids, share: percent(s.exact, s.bids) }));
  if (game === "ombre") out.push(s.as_ombre ? t("Sacardo as ombre: {k} of {n} ({share})", { k: s.sacardo, n: s.as_ombre, share: percent(s.sacardo, s.as_ombre) }) : t("Never played as ombre yet"));
  if (game === "trynka") out.push(t("Chips won: {chips}", { chips: (s.chips > 0 ? "+" : "") + formatNumber(s.chips) }));
  return out;
}

function render() {
  const main = $("profile");
  if (profile instanceof Error) {
    const why = profile instanceof ApiError ? reasonText(profile.code, t("Something went wrong on the server.")) : String(profile);
    main.replaceChildren(h("h1", {}, name), h("div", { class: "notice error", role: "alert" }, why), h("p", {}, h("a", { href: "/ratings" }, t("Leaderboards"))));
    document.body.dataset.ready = "yes";
    return;
  }
  if (!profile) return;
  document.title = t("{name} · tapete", { name: profile.name });
  const games = profile.ratings.map((r) => r.game);
  if (!charted || !games.includes(charted)) charted = games[0] || null;
  const ratings = h("section", { class: "panel", "aria-labelledby": "ratings-title" },
    h("h2", { id: "ratings-title" }, t("Ratings")),
    profile.ratings.length ? h("table", { class: "rank-table", "data-testid": "ratings" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("Game")),
        h("th", { scope: "col", class: "num" }, t("Rating")),
        h("th", { scope: "col", class: "num" }, t("Rank")),
        h("th", { scope: "col", class: "num" }, t("Rated games")))),
      h("tbody", {}, profile.ratings.map((r) => h("tr", { "data-game": r.game },
        h("td", {}, h("a", { href: "/ratings/" + encodeURIComponent(r.game) }, gameName(r.game))),
        h("td", { class: "num" }, ratingText(r.rating)),
        h("td", { class: "num" }, r.rank ? formatNumber(r.rank) : "–"),
        h("td", { class: "num" }, formatNumber(r.games)))))) : h("p", {}, t("No rated games yet.")));
  const points = profile.history.filter((p) => p.game === charted);
  const history = h("section", { class: "panel", "aria-labelledby": "history-title" },
    h("h2", { id: "history-title" }, t("Rating history")),
    games.length > 1 ? h("div", { class: "game-tabs", role: "group", "aria-label": t("Games") }, games.map((g) => h("button", { type: "button", class: "btn" + (g === charted ? " primary" : ""), "aria-pressed": g === charted ? "true" : "false", onclick: () => { charted = g; render(); } }, gameName(g)))) : null,
    points.length ? historyChart(points, charted) : h("p", {}, t("No rated games yet.")));
  const stats = h("section", { class: "panel", "aria-labelledby": "stats-title" },
    h("h2", { id: "stats-title" }, t("Statistics")),
    Object.keys(profile.stats).length ? Object.entries(profile.stats).map(([game, s]) => h("div", { "data-game": game },
      h("h3", {}, gameName(game)),
      h("ul", { class: "stat-list", "data-testid": "stats-" + game }, statLines(game, s).map((line) => h("li", {}, line))))) : h("p", {}, t("No rated games yet.")));
  const recent = h("section", { class: "panel", "aria-labelledby": "games-title" },
    h("h2", { id: "games-title" }, t("Rated games")),
    profile.games.length ? h("ul", { class: "table-list", "data-testid": "games" }, profile.games.map((g) => {
      const place = g.result ? ranking(g.result).find((r) => r.seat === g.seat)?.place : null;
      const change = g.rating_after - g.rating_before;
      return h("li", { class: "table-item" },
        h("span", { class: "what" },
          h("strong", {}, gameTitle(g.game)),
          h("span", { class: "who" }, g.players.map((p, i) => playerLabel(p, i)).join(", ")),
          h("span", { class: "who" }, dateText(g.finished_at), " · ",
            place ? t("Place {n}", { n: place }) + " · " : "",
            t("Rating {before} → {after}", { before: ratingText(g.rating_before), after: ratingText(g.rating_after) }), " ",
            h("span", { class: change >= 0 ? "up" : "down" }, `(${change >= 0 ? "+" : ""}${ratingText(change)})`))),
        h("a", { class: "btn", href: g.replay }, t("Replay")));
    })) : h("p", {}, t("No rated games yet.")));
  main.replaceChildren(
    h("h1", { "data-testid": "player-name" }, profile.name),
    h("p", {}, h("a", { href: "/ratings" }, t("Leaderboards")), " · ", h("a", { href: "/" }, t("Back to the lobby"))),
    h("div", { class: "profile-grid" }, ratings, stats),
    history,
    recent);
  document.body.dataset.ready = "yes";
}

startAnswerPage("/api/players/" + encodeURIComponent(name), (answer) => { profile = answer; }, render);
