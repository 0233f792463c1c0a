// A game's leaderboard: /ratings/{game} (/ratings: La Pocha's). docs/ratings.md.

import { ApiError, h } from "./api.js";
import { gameName } from "./felt.js";
import { startAnswerPage } from "./page.js";
import { formatNumber, reasonText, t } from "./i18n.js";

/**
 * The page's element with this id.
 * @param {string} id
 * @returns {HTMLElement}
 */
const $ = (id) => document.getElementById(id);
const parts = window.location.pathname.split("/").filter(Boolean);
const game = decodeURIComponent(parts[1] || "pocha");

/** @type {any} the server's answer (GET /api/ratings/{game}), or an ApiError */
let board = null;

/** A rating as people read it (one decimal). */
function ratingText(value) {
  return formatNumber(Math.round(Number(value) * 10) / 10);
}

function render() {
  const box = $("board");
  if (board instanceof ApiError || board instanceof Error) {
    const why = board instanceof ApiError ? reasonText(board.code, t("Something went wrong on the server.")) : String(board);
    box.replaceChildren(h("div", { class: "notice error", role: "alert" }, why));
    return;
  }
  if (!board) return;
  $("board-title").textContent = t("Leaderboard: {game}", { game: gameName(board.game) });
  $("games").replaceChildren(...board.games.map((g) => h("a", { href: "/ratings/" + encodeURIComponent(g), "aria-current": g === board.game ? "page" : null }, gameName(g))));
  if (!board.players.length) {
    box.replaceChildren(h("p", { "data-testid": "board-empty" }, t("No rated games of {game} yet.", { game: gameName(board.game) })));
  } else {
    box.replaceChildren(h("table", { class: "rank-table", "data-testid": "leaderboard" },
      h("caption", { class: "sr-only" }, t("Leaderboard: {game}", { game: gameName(board.game) })),
      h("thead", {}, h("tr", {},
        h("th", { scope: "col", class: "num" }, t("Rank")),
        h("th", { scope: "col" }, t("Player")),
        h("th", { scope: "col", class: "num" }, t("Rating")),
        h("th", { scope: "col", class: "num" }, t("Rated games")))),
      h("tbody", {}, board.players.map((p) => h("tr", { "data-player": p.name },
        h("td", { class: "num" }, formatNumber(p.rank)),
        h("td", {}, h("a", { href: "/players/" + encodeURIComponent(p.name) }, p.name)),
        h("td", { class: "num", "data-testid": "rating" }, ratingText(p.rating), " ",
          h("span", { class: "spread" }, t("({mu} ± {sigma})", { mu: ratingText(p.mu), sigma: ratingText(p.sigma) }))),
        h("td", { class: "num" }, formatNumber(p.games)))))));
  }
  document.body.dataset.ready = "yes";
}

startAnswerPage("/api/ratings/" + encodeURIComponent(game), (answer) => { board = answer; }, render);
