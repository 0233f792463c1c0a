// The tournaments (docs/tournaments.md): /tournaments lists them and, for a signed-in account,
// creates one; /tournaments/{name} shows one: its settings, entrants, the register and
// withdraw buttons, its director's controls (add bots, start), each round's tables with
// their links (watch; play one's own seat), the standings, polled every two seconds while
// the tournament runs, the director's corrections and penalties (its form, everyone's list),
// and the exports.

import { ApiError, api, h, setSeatToken } from "./api.js";
import { gameTitle } from "./felt.js";
import { drawAnswer, errorText, startAnswerPage } from "./page.js";
import { paramField, paramValues, widenParamFields } from "./params.js";
import { currentLanguage, formatNumber, t } from "./i18n.js";

/**
 * The page's element with this id.
 * @param {string} id
 * @returns {HTMLElement}
 */
const $ = (id) => document.getElementById(id);
const GUARD = { "X-Tapete-CSRF": "1" };
const POLL_MS = 2000;
const parts = window.location.pathname.split("/").filter(Boolean);
const tournamentName = parts[1] ? decodeURIComponent(parts[1]) : null;
const apiPath = tournamentName ? "/api/tournaments/" + encodeURIComponent(tournamentName) : "/api/tournaments";

/** @type {any} the server's answer (a tournament, or {tournaments}), or an ApiError */
let answer = null;
/** @type {string} the answer as last drawn (a poll that brings nothing new draws nothing) */
let drawn = "";
/** @type {any} the signed-in account ({name}), or null */
let me = null;
/** @type {any[]} the games the server offers (/api/games) */
let games = [];
/** @type {any} the last refused change, shown above the controls */
let refused = null;
/** What the director and the create form had typed, kept across redraws. */
const typed = { bots: "2", fill: false, adjRound: "", adjEntrant: "", adjPoints: "", adjReason: "" };

function refusedNotice() {
  return refused ? h("div", { class: "notice error", role: "alert", "data-testid": "tournament-error" }, refusalText(refused)) : null;
}

/** A refusal in words; for settings the server refuses, its detail too (which option, why). */
function refusalText(e) {
  const sentence = errorText(e);
  const named = e instanceof ApiError && (e.code === "bad_tournament" || e.code === "bad_params") && e.detail && e.detail !== sentence;
  return named ? [sentence, " ", h("span", { class: "detail" }, e.detail)] : [sentence];
}

/** Send a change; then show the tournament as it is after it (or go to `next`). */
async function change(path, body, next = null) {
  try {
    const res = await api(path, { method: "POST", body, headers: GUARD });
    refused = null;
    if (next) {
      window.location.href = next;
      return;
    }
    if (res && res.name && tournamentName) answer = res;
    else await refresh();
  } catch (e) {
    refused = e;
  }
  render(true);
}

/** A wide table in a box that scrolls sideways on a narrow screen (focusable, named, so a
 *  keyboard can scroll it too). */
function scrollBox(label, table) {
  return h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": label }, table);
}

/** A score written the page's way (two decimals at most). */
function score(value) {
  if (value === null || value === undefined || value === "") return "–";
  const rounded = Math.round(Number(value) * 100) / 100;
  return formatNumber(rounded === 0 ? 0 : rounded); // never "-0"
}

function statusWord(status) {
  return { registering: t("registration open"), running: t("under way"), finished: t("over") }[status] || String(status);
}

function tableStatusWord(status) {
  return { waiting: t("waiting"), open: t("waiting"), playing: t("playing"), finished: t("finished"), closed: t("closed") }[status] || String(status || "");
}

function methodWord(method) {
  return method === "round_robin" ? t("Round robin") : t("Swiss");
}

/** /tournaments: the list and the form that creates one. */
function listView() {
  const rows = answer.tournaments || [];
  const list = rows.length
    ? scrollBox(t("Tournaments"), h("table", { class: "rank-table", "data-testid": "tournaments" },
      h("caption", { class: "sr-only" }, t("Tournaments")),
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("Tournament")),
        h("th", { scope: "col" }, t("Game")),
        h("th", { scope: "col" }, t("Status")),
        h("th", { scope: "col", class: "num" }, t("Round")),
        h("th", { scope: "col", class: "num" }, t("Entrants")))),
      h("tbody", {}, rows.map((x) => h("tr", { "data-tournament": x.name },
        h("td", {}, h("a", { href: "/tournaments/" + encodeURIComponent(x.name) }, x.name)),
        h("td", {}, gameTitle(x.game)),
        h("td", {}, statusWord(x.status)),
        h("td", { class: "num" }, t("{round} of {rounds}", { round: formatNumber(x.round || 0), rounds: formatNumber(x.rounds) })),
        h("td", { class: "num" }, formatNumber(x.entrants)))))))
    : h("p", { "data-testid": "no-tournaments" }, t("No tournament yet."));
  return [list, refusedNotice(), me ? createForm() : h("p", { class: "help", "data-testid": "sign-in-to-create" }, t("Sign in in the lobby to create a tournament."))];
}

/** A labelled field of the create form. */
function field(id, label, input, help = null) {
  return h("div", { class: "field" }, h("label", { for: id }, label), input, help ? h("span", { class: "help", id: id + "-help" }, help) : null);
}

/** @type {HTMLFormElement | null} the create form, made once: a refusal keeps what was typed */
let createFormNode = null;

function createForm() {
  if (!createFormNode) createFormNode = makeCreateForm();
  return createFormNode;
}

function makeCreateForm() {
  const name = h("input", { id: "new-t-name", maxlength: "32", required: true });
  const game = h("select", { id: "new-t-game" }, games.map((g) => h("option", { value: g.name }, gameTitle(g.name))));
  if (games.some((g) => g.name === "pocha")) game.value = "pocha";
  // the chosen game's options, as the lobby shows them (its defaults unless changed)
  const params = h("div", { class: "params-grid", id: "new-t-params" });
  const spec = () => games.find((g) => g.name === game.value);
  const drawParams = () => {
    const found = spec();
    // the players at each table are the tournament's own setting (its table size)
    const shown = (found?.params || []).filter((p) => p.name !== "n_players");
    params.replaceChildren(...shown.map((p) => paramField(p, found.name, { prefix: "new-t-param-" })));
    widenParamFields(params);
  };
  game.addEventListener("change", drawParams);
  drawParams();
  const size = h("input", { id: "new-t-table-size", type: "number", min: "2", max: "8", value: "3" });
  const rounds = h("input", { id: "new-t-rounds", type: "number", min: "1", max: "99", value: "3" });
  const deals = h("input", { id: "new-t-deals", type: "number", min: "1", max: "99", value: "1" });
  const clock = h("input", { id: "new-t-clock", type: "number", min: "5", max: "3600", value: "60" });
  const method = h("select", { id: "new-t-method" }, h("option", { value: "swiss" }, t("Swiss")), h("option", { value: "round_robin" }, t("Round robin")));
  const duplicate = h("input", { id: "new-t-duplicate", type: "checkbox", checked: true });
  const formError = h("div", { class: "refusal", role: "alert" });
  const form = h("form", { class: "panel", "data-testid": "create-tournament", onsubmit: (e) => {
    e.preventDefault();
    const options = paramValues(params, spec());
    const n = name.value.trim();
    change("/api/tournaments", {
      name: n, game: game.value, params: options, table_size: Number(size.value), rounds: Number(rounds.value),
      deals_per_round: Number(deals.value), clock: Number(clock.value), method: method.value, duplicate: duplicate.checked,
    }, "/tournaments/" + encodeURIComponent(n));
  } },
  h("h2", {}, t("Create a tournament")),
  field("new-t-name", t("Tournament name"), name),
  field("new-t-game", t("Game"), game),
  h("details", { class: "advanced", id: "new-t-options", ontoggle: () => widenParamFields(params) }, h("summary", {}, t("Game options")),
    h("p", { class: "help" }, t("The rules' defaults unless you change them.")), params),
  field("new-t-table-size", t("Players at each table"), size),
  field("new-t-rounds", t("Rounds"), rounds),
  field("new-t-deals", t("Deals per round"), deals),
  field("new-t-clock", t("Move clock (seconds)"), clock),
  field("new-t-method", t("Seating"), method),
  h("div", { class: "field check-field" }, h("label", { class: "check", for: "new-t-duplicate" }, duplicate, " ", h("span", {}, t("Duplicate: every table of a round plays the same deals")))),
  formError,
  h("button", { class: "btn primary", type: "submit", id: "create-tournament" }, t("Create the tournament")));
  return form;
}

/** The entrant keys of the tournament mapped to their names. */
function namesOf(tour) {
  const names = new Map();
  for (const e of tour.entrants || []) names.set(e.key, e.name);
  return names;
}

/** The account's own entrant key in the tournament, or null. */
function myKey(tour) {
  if (!me) return null;
  const mine = (tour.entrants || []).find((e) => !e.bot && e.name === me.name);
  return mine ? mine.key : null;
}

function settingsView(tour) {
  const row = (label, value, id) => [h("dt", {}, label), h("dd", { "data-testid": id }, value)];
  const options = Object.entries(tour.params || {}).map(([k, v]) => `${k}=${v}`).join(", ");
  return h("section", { class: "panel", "aria-labelledby": "settings-title" },
    h("h2", { id: "settings-title" }, t("Settings")),
    h("dl", { class: "settings-list", "data-testid": "settings" },
      row(t("Game"), gameTitle(tour.game), "game"),
      row(t("Game options"), options || t("the rules' defaults"), "params"),
      row(t("Status"), statusWord(tour.status), "status"),
      row(t("Round"), t("{round} of {rounds}", { round: formatNumber(tour.current_round || 0), rounds: formatNumber(tour.rounds) }), "round"),
      row(t("Deals per round"), formatNumber(tour.deals_per_round), "deals"),
      row(t("Move clock"), t("{n} s", { n: formatNumber(tour.clock) }), "clock"),
      row(t("Seating"), methodWord(tour.method), "method"),
      row(t("Duplicate"), tour.duplicate ? t("yes") : t("no"), "duplicate"),
      row(t("Director"), tour.director || "–", "director")));
}

function entrantsView(tour) {
  const mine = myKey(tour);
  const registering = tour.status === "registering";
  const base = "/api/tournaments/" + encodeURIComponent(tour.name);
  let action = null;
  if (registering && me && !mine) {
    action = h("button", { type: "button", class: "btn primary", id: "register", onclick: () => change(base + "/register", {}) }, t("Register"));
  } else if (registering && mine) {
    action = h("button", { type: "button", class: "btn", id: "withdraw", onclick: () => change(base + "/withdraw", {}) }, t("Withdraw"));
  } else if (registering && !me) {
    action = h("p", { class: "help" }, t("Sign in in the lobby to register."));
  }
  const entrants = tour.entrants || [];
  return h("section", { class: "panel", "aria-labelledby": "entrants-title" },
    h("h2", { id: "entrants-title" }, t("Entrants ({n})", { n: formatNumber(entrants.length) })),
    entrants.length
      ? h("ul", { class: "stat-list", "data-testid": "entrants" }, entrants.map((e) => h("li", { "data-entrant": e.key },
        e.name, e.bot ? [" ", h("span", { class: "badge" }, t("bot"))] : null, e.key === mine ? [" ", h("span", { class: "badge" }, t("you"))] : null)))
      : h("p", {}, t("Nobody has registered yet.")),
    action);
}

function directorView(tour) {
  if (!me || me.name !== tour.director || tour.status !== "registering") return null;
  const base = "/api/tournaments/" + encodeURIComponent(tour.name);
  const count = h("input", { id: "bot-count", type: "number", min: "1", max: "64", value: typed.bots, oninput: () => { typed.bots = count.value; } });
  const fill = h("input", { id: "fill-bots", type: "checkbox", checked: typed.fill, onchange: () => { typed.fill = fill.checked; } });
  return h("section", { class: "panel", "aria-labelledby": "director-title", "data-testid": "director-controls" },
    h("h2", { id: "director-title" }, t("Director")),
    h("form", { class: "inline-form", onsubmit: (e) => { e.preventDefault(); change(base + "/bots", { bot: "rule", count: Number(count.value) }); } },
      h("div", { class: "field" }, h("label", { for: "bot-count" }, t("Bots to add")), count),
      h("button", { type: "submit", class: "btn", id: "add-bots" }, t("Add bots"))),
    h("div", { class: "field check-field" }, h("label", { class: "check", for: "fill-bots" }, fill, " ", h("span", {}, t("Fill the last table with bots")))),
    h("button", { type: "button", class: "btn primary", id: "start", onclick: () => change(base + "/start", typed.fill ? { fill_with: "rule" } : {}) }, t("Start the tournament")));
}

/** Open the account's seat at the current round's table. */
async function playSeat(tour) {
  try {
    const seat = await api("/api/tournaments/" + encodeURIComponent(tour.name) + "/seat");
    setSeatToken(seat.table_id, seat.token);
    window.location.href = "/t/" + encodeURIComponent(seat.table_id);
  } catch (e) {
    refused = e;
    render(true);
  }
}

function roundsView(tour) {
  const names = namesOf(tour);
  const mine = myKey(tour);
  const played = tour.rounds_played || [];
  if (!played.length) return null;
  return h("section", { class: "panel", "aria-labelledby": "rounds-title" },
    h("h2", { id: "rounds-title" }, t("Rounds")),
    [...played].reverse().map((r) => scrollBox(t("Round {n}", { n: formatNumber(r.round) }), h("table", { class: "rank-table", "data-testid": "round", "data-round": String(r.round) },
      h("caption", {}, t("Round {n}", { n: formatNumber(r.round) })),
      h("thead", {}, h("tr", {},
        h("th", { scope: "col", class: "num" }, t("Table")),
        h("th", { scope: "col" }, t("Players and scores")),
        h("th", { scope: "col" }, t("Status")),
        h("th", { scope: "col" }, h("span", { class: "sr-only" }, t("Links"))))),
      h("tbody", {}, r.tables.map((tb) => {
        const seated = mine !== null && tb.seats.includes(mine);
        const live = tb.status !== "finished" && tb.status !== "closed" && r.round === tour.current_round;
        // a duplicate round being played: its tables are for signed-in accounts not entered
        const sealed = tour.duplicate && tour.status === "running" && r.round === tour.current_round && (!me || mine !== null);
        return h("tr", { "data-table": tb.table_id, "data-index": String(tb.index) },
          h("td", { class: "num" }, formatNumber(tb.index + 1)),
          h("td", {}, h("ul", { class: "seat-scores" }, tb.seats.map((key, s) => h("li", { "data-entrant": key },
            names.get(key) || key,
            tb.result ? [" ", h("span", { class: "score" }, score(tb.result[s]))] : null,
            tb.scores && tour.duplicate ? [" ", h("span", { class: "duplicate", title: t("duplicate score") }, "(", score(tb.scores[s]), ")")] : null)))),
          h("td", {}, tableStatusWord(tb.status)),
          h("td", {},
            sealed
              ? (seated ? null : h("span", { class: "help", "data-testid": "sealed" }, t("watched once the round is over")))
              : tb.status === "finished"
                ? h("a", { href: "/replay/" + encodeURIComponent(tb.table_id), "data-testid": "replay" }, t("Replay"))
                : h("a", { href: "/t/" + encodeURIComponent(tb.table_id) + "?watch=1", "data-testid": "watch" }, t("Watch")),
            seated && live ? [" ", h("span", { class: "badge" }, t("your table"))] : null));
      }))))));
}

function standingsView(tour) {
  const lines = tour.standings || [];
  if (!lines.length) return null;
  const mine = myKey(tour);
  return h("section", { class: "panel", "aria-labelledby": "standings-title" },
    h("h2", { id: "standings-title" }, tour.status === "finished" ? t("Final standings") : t("Standings")),
    scrollBox(t("Standings"), h("table", { class: "rank-table", "data-testid": "standings" },
      h("caption", { class: "sr-only" }, t("Standings")),
      h("thead", {}, h("tr", {},
        h("th", { scope: "col", class: "num" }, t("Rank")),
        h("th", { scope: "col" }, t("Player")),
        h("th", { scope: "col", class: "num" }, t("Total")),
        h("th", { scope: "col", class: "num" }, t("Opponents' totals")),
        h("th", { scope: "col", class: "num" }, t("Tables won")),
        h("th", { scope: "col", class: "num" }, t("Rounds")))),
      h("tbody", {}, lines.map((s) => h("tr", { "data-entrant": s.entrant, "data-total": String(s.total), class: s.entrant === mine ? "me" : null },
        h("td", { class: "num", "data-testid": "rank" }, formatNumber(s.rank)),
        h("td", {}, s.name || s.entrant),
        h("td", { class: "num", "data-testid": "total" }, score(s.total)),
        h("td", { class: "num" }, score(s.opponents_total)),
        h("td", { class: "num" }, formatNumber(s.firsts)),
        h("td", { class: "num" }, formatNumber(s.rounds))))))),
    h("p", { class: "help" }, t("Ties are broken by the totals of the opponents met, then by the tables won.")));
}

/** The director's form that adds points to (or takes them from) an entrant's round score. */
function adjustForm(tour) {
  if (!me || me.name !== tour.director || !(tour.current_round >= 1)) return null;
  const base = "/api/tournaments/" + encodeURIComponent(tour.name);
  const numbers = Array.from({ length: tour.current_round }, (_, i) => i + 1);
  const round = h("select", { id: "adj-round", onchange: () => { typed.adjRound = round.value; } },
    numbers.map((n) => h("option", { value: String(n) }, formatNumber(n))));
  round.value = typed.adjRound && Number(typed.adjRound) <= tour.current_round ? typed.adjRound : String(tour.current_round);
  const entrant = h("select", { id: "adj-entrant", onchange: () => { typed.adjEntrant = entrant.value; } },
    (tour.entrants || []).map((e) => h("option", { value: e.key }, e.name)));
  if (typed.adjEntrant) entrant.value = typed.adjEntrant;
  const points = h("input", { id: "adj-points", type: "number", step: "any", min: "-1000000", max: "1000000", required: true,
    value: typed.adjPoints, "aria-describedby": "adj-help", oninput: () => { typed.adjPoints = points.value; } });
  const reason = h("input", { id: "adj-reason", maxlength: "200", required: true, value: typed.adjReason,
    oninput: () => { typed.adjReason = reason.value; } });
  return h("form", { class: "inline-form", "data-testid": "adjust-form", onsubmit: (e) => {
    e.preventDefault();
    typed.adjRound = round.value;
    typed.adjEntrant = entrant.value;
    change(base + "/adjust", { round: Number(round.value), entrant: entrant.value, points: Number(points.value), reason: reason.value })
      .then(() => { if (!refused) { typed.adjPoints = ""; typed.adjReason = ""; render(true); } });
  } },
  h("h3", { class: "form-title" }, t("Adjust a score")),
  h("div", { class: "field" }, h("label", { for: "adj-round" }, t("Round")), round),
  h("div", { class: "field" }, h("label", { for: "adj-entrant" }, t("Player")), entrant),
  h("div", { class: "field" }, h("label", { for: "adj-points" }, t("Points")), points),
  h("div", { class: "field" }, h("label", { for: "adj-reason" }, t("Reason")), reason),
  h("button", { type: "submit", class: "btn", id: "adjust" }, t("Adjust the score")));
}

/** The corrections and penalties (everyone sees them) and, for the director, the form. */
function adjustmentsView(tour) {
  const made = tour.adjustments || [];
  const form = adjustForm(tour);
  if (!made.length && !form) return null;
  const when = (iso) => {
    const moment = new Date(iso);
    return Number.isNaN(moment.getTime()) ? String(iso) : moment.toLocaleString(currentLanguage());
  };
  return h("section", { class: "panel", "aria-labelledby": "adjustments-title", "data-testid": "adjustments" },
    h("h2", { id: "adjustments-title" }, t("Corrections and penalties")),
    made.length
      ? scrollBox(t("Corrections and penalties"), h("table", { class: "rank-table", "data-testid": "adjustment-list" },
        h("caption", { class: "sr-only" }, t("Corrections and penalties")),
        h("thead", {}, h("tr", {},
          h("th", { scope: "col", class: "num" }, t("Round")),
          h("th", { scope: "col" }, t("Player")),
          h("th", { scope: "col", class: "num" }, t("Points")),
          h("th", { scope: "col" }, t("Reason")),
          h("th", { scope: "col" }, t("When")))),
        h("tbody", {}, made.map((a) => h("tr", { "data-entrant": a.entrant, "data-round": String(a.round) },
          h("td", { class: "num" }, formatNumber(a.round)),
          h("td", {}, a.name || a.entrant),
          h("td", { class: "num", "data-testid": "adjustment-points" }, (a.points > 0 ? "+" : "") + score(a.points)),
          h("td", {}, a.reason),
          h("td", {}, when(a.made_at)))))))
      : null,
    form ? h("p", { class: "help", id: "adj-help" }, t("Points are added to the player's score of that round: a negative number is a penalty. Every adjustment is listed here for all to see.")) : null,
    form);
}

function exportsView(tour) {
  const base = "/api/tournaments/" + encodeURIComponent(tour.name);
  return h("p", { "data-testid": "exports" }, t("Export:"), " ",
    h("a", { href: base + "/export.json", id: "export-json", download: true }, "JSON"), " · ",
    h("a", { href: base + "/export.csv", id: "export-csv", download: true }, "CSV"));
}

/** The account's table of the current round while it is played, or null. */
function myLiveTable(tour) {
  const mine = myKey(tour);
  if (mine === null || tour.status !== "running") return null;
  const current = (tour.rounds_played || []).find((r) => r.round === tour.current_round);
  const table = current ? current.tables.find((tb) => tb.seats.includes(mine)) : null;
  return table && table.status !== "finished" && table.status !== "closed" ? table : null;
}

/** A notice at the top while the account's table of the round waits for it. */
function playNotice(tour) {
  if (!myLiveTable(tour)) return null;
  return h("div", { class: "notice play-notice", "data-testid": "your-table" },
    h("span", {}, t("Round {n}: your table is ready.", { n: formatNumber(tour.current_round) })), " ",
    h("button", { type: "button", class: "btn primary", "data-testid": "play-seat", onclick: () => playSeat(tour) }, t("Play your seat")));
}

/** /tournaments/{name}: the tournament. */
function tournamentView() {
  const tour = answer;
  return [
    refusedNotice(),
    playNotice(tour),
    h("div", { class: "profile-grid" }, settingsView(tour), entrantsView(tour)),
    directorView(tour),
    standingsView(tour),
    adjustmentsView(tour),
    roundsView(tour),
    exportsView(tour),
  ];
}

/** Draw the answer (again only when it changed, unless `force`). */
function render(force = false) {
  const box = $("tournament");
  const text = JSON.stringify(answer instanceof Error ? String(answer) : answer);
  if (!force && text === drawn && document.body.dataset.ready === "yes") return;
  drawn = text;
  const drew = drawAnswer(box, answer, "tournament-error", $("tournament-title"),
    () => (tournamentName ? t("Tournament: {name}", { name: answer.name }) : t("Tournaments")),
    () => (tournamentName ? tournamentView() : listView()));
  if (!drew) return;
  if (tournamentName && answer && !(answer instanceof Error)) {
    document.body.dataset.status = answer.status;
    document.body.dataset.round = String(answer.current_round || 0);
  }
}

/** Fetch the answer again. */
async function refresh() {
  try {
    answer = await api(apiPath);
  } catch (e) {
    answer = e;
  }
}

/** Poll the tournament while it is not finished (a live page: rounds and standings). */
function poll() {
  setTimeout(async () => {
    if (answer && !(answer instanceof Error) && answer.status === "finished") return;
    if (answer instanceof ApiError && answer.status === 404) return;
    await refresh();
    render();
    poll();
  }, POLL_MS);
}

async function start() {
  try {
    me = (await api("/api/account/me")).account;
  } catch {
    me = null;
  }
  if (!tournamentName) {
    try {
      games = await api("/api/games");
    } catch {
      games = [];
    }
  }
  await startAnswerPage(apiPath, (a) => { answer = a; }, () => render(true));
  if (tournamentName) poll();
}

start();
