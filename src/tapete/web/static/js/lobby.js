// The lobby: create a table, join an open one, watch, and find your past games.

import { paramField, paramValues, widenParamFields } from "./params.js";
import { api, ApiError, allSeatTokens, h, playerName, setAdminToken, setPlayerName, setSeatToken } from "./api.js";
import { cardElement } from "./cards.js";
import { gameTitle } from "./felt.js";
import { rulesHref } from "./terms.js";
import { currentLanguage, mountLanguagePicker, N_, onLanguageChange, preferredLanguage, reasonText, setLanguage, t, tn } from "./i18n.js";
import { playerLabel } from "./names.js";
import { mountAccount } from "./account.js";

/**
 * The page's element with this id.
 * @param {string} id
 * @returns {HTMLElement}
 */
const $ = (id) => document.getElementById(id);

/** A game parameter's field in the form (paramField): a <select> or an <input>, marked
 *  data-param (its name), data-default and, when not text, data-kind.
 *  @typedef {HTMLSelectElement | HTMLInputElement} ParamField */

/** The form's parameter fields (under `root`).
 *  @param {ParentNode} root
 *  @returns {NodeListOf<ParamField>} */
const paramFields = (root) => root.querySelectorAll("[data-param]");

// Named variants: a few well-known ways to play, each a set of parameters.
const PRESETS = {
  pocha: [
    { name: N_("Classic"), params: {} },
    { name: N_("Natural card order (A R C S 7…2)"), params: { rank_order: "natural" } },
    { name: N_("Seven swap"), params: { seven_swap: true } },
    { name: N_("Up only (1 to 10 cards)"), params: { hand_sequence: "up_only" }, match: true },
    { name: N_("Quick hand (3 cards)"), params: { hand_size: 3 }, deal: true },
  ],
  ombre: [
    { name: N_("Classic"), params: {} },
    { name: N_("Sans prendre allowed"), params: { auction: "sans_prendre" } },
    { name: N_("Forced Spadille when all pass"), params: { all_pass: "forced_spadille" } },
    { name: N_("Short session (4 deals)"), params: { num_deals: 4 }, match: true },
  ],
  trynka: [
    { name: N_("Classic"), params: {} },
    { name: N_("Showdown when betting closes"), params: { closing: "showdown" } },
    { name: N_("36 cards"), params: { deck: 36 } },
    { name: N_("Short session (5 banks)"), params: { banks: 5 }, match: true },
  ],
  tresillo: [
    { name: N_("Classic"), params: {} },
    { name: N_("Palo de favor: oros (diamonds)"), params: { palo_de_favor: "diamonds" } },
    { name: N_("No surrender"), params: { surrender: false } },
    { name: N_("Short session (4 deals)"), params: { num_deals: 4 }, match: true },
  ],
  lhombre: [
    { name: N_("The Union's rules"), params: {} },
    { name: N_("Every bid one step up"), params: { auction: "steps" } },
    { name: N_("Only the player scores"), params: { settlement: "player" } },
    { name: N_("Short session (3 deals)"), params: { num_deals: 3 }, match: true },
  ],
};
const GAME_INFO = {
  pocha: { cards: ["Ao", "3c", "Re", "Cb"], blurb: N_("Exact bids, follow and overtake: 3 to 8 players") },
  ombre: { cards: ["♠A", "♣A", "♥K", "♦Q"], blurb: N_("Ombre against two: the classic 3-player game") },
  trynka: { cards: ["A♠", "10♥", "9♥"], blurb: N_("Blind stakes, reveals and svaras: 2 to 8 players") },
  // Tresillo is drawn from the Spanish pack (its table page may show the French one: pack.js)
  tresillo: { cards: ["Ae", "Ab", "7o", "Rc"], blurb: N_("Four at the table, the dealer sits out: entrada, vuelta, solo") },
  lhombre: { cards: ["♠A", "♣A", "♥7", "♦K"], blurb: N_("The Danish ladder, three players: spil, tourné, solo and the nolo games") },
};

const state = { games: [], players: ["rule", "random"], chosen: "pocha", match: true };

function gameSpec(name) {
  return state.games.find((g) => g.name === name) || null;
}

function fullName() {
  return state.match ? `${state.chosen}-match` : state.chosen;
}

function nPlayers() {
  const input = /** @type {ParamField | null} */ (document.querySelector('[data-param="n_players"]'));
  if (input && input.value) return Number(input.value);
  if (state.chosen === "ombre" || state.chosen === "lhombre") return 3;
  if (state.chosen === "tresillo") return 4;
  const spec = gameSpec(fullName());
  const p = spec?.params?.find((x) => x.name === "n_players");
  return Number(p?.default ?? 4);
}

function renderGameChoice() {
  const box = $("game-choice");
  box.replaceChildren();
  for (const g of ["pocha", "ombre", "trynka", "tresillo", "lhombre"]) {
    if (state.games.length && !state.games.some((x) => x.name === g)) continue;
    const input = h("input", { type: "radio", name: "game", value: g, checked: g === state.chosen, onchange: () => chooseGame(g) });
    const name = { pocha: t("La Pocha"), ombre: t("Ombre"), trynka: t("Trynka"), tresillo: t("Tresillo"), lhombre: t("Danish l'hombre") }[g];
    box.append(h("div", { class: "game-opt" }, h("label", {}, input,
      h("span", { class: "mini-cards", "aria-hidden": "true" }, GAME_INFO[g].cards.map((c) => cardElement(c, { small: true }))),
      h("span", {}, h("strong", {}, name), h("br"), h("small", {}, t(GAME_INFO[g].blurb)))),
      // the game's rules page, in a new tab, in the page's language (terms.js)
      h("a", { class: "rules-link", href: rulesHref(g), target: "_blank", rel: "noopener", "data-rules": g, "aria-label": t("How to play {game} (a new tab)", { game: name }) }, t("How to play"))));
  }
}

/** The game `g` chosen (a click, a tap or the arrow keys): the form is drawn again for it, the
 * keyboard stays on the game's choice, and its card is in sight (clear of the Create bar). */
function chooseGame(g) {
  const focused = /** @type {HTMLInputElement | null} */ (document.activeElement)?.name === "game";
  state.chosen = g;
  renderForm();
  const input = /** @type {HTMLInputElement | null} */ (document.querySelector(`#game-choice input[value="${g}"]`));
  if (focused && input) input.focus({ preventScroll: true });
  keepChoiceInSight();
}

/** Scroll so that the chosen game's card (and its How to play link) lies wholly above the
 * sticky Create bar and below the window's top: nothing one may choose stays under the bar. */
function keepChoiceInSight() {
  const card = document.querySelector("#game-choice input:checked")?.closest(".game-opt");
  const bar = document.querySelector("#create .create-bar");
  if (!card || !bar) return;
  const box = card.getBoundingClientRect();
  const room = 8;
  const barTop = bar.getBoundingClientRect().top;
  if (box.bottom + room > barTop) window.scrollBy({ top: box.bottom + room - barTop, behavior: "instant" });
  else if (box.top < room) window.scrollBy({ top: box.top - room, behavior: "instant" });
}

function renderForm() {
  renderGameChoice();
  // whole match or one deal
  /** @type {HTMLInputElement} */ ($("kind-match")).checked = state.match;
  /** @type {HTMLInputElement} */ ($("kind-deal")).checked = !state.match;
  // presets
  const sel = $("preset");
  sel.replaceChildren();
  PRESETS[state.chosen].forEach((p, i) => {
    if ((p.match && !state.match) || (p.deal && state.match)) return;
    sel.append(h("option", { value: String(i) }, t(p.name)));
  });
  renderParams();
  renderSeats();
}

function renderParams() {
  const box = $("params");
  box.replaceChildren();
  const spec = gameSpec(fullName());
  if (!spec) {
    box.append(h("p", { class: "empty" }, t("The parameters could not be loaded.")));
    return;
  }
  const onChange = (name) => { if (name === "n_players") { renderSeats(); fitSeatParams(); } };
  for (const p of spec.params || []) box.append(paramField(p, spec.name, { onChange }));
  applyPreset();
  fitSeatParams();
  widenParams();
}

/** A rule that names a seat offers only the seats the table has (Tresillo for three has no
 *  Seat 4 to deal first); a seat chosen beyond them goes back to the rule's default. */
function fitSeatParams() {
  const n = nPlayers();
  for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ ($("params").querySelectorAll("select[data-seat]"))) {
    for (const option of select.options) {
      const beyond = option.value !== "" && Number(option.value) >= n;
      option.hidden = option.disabled = beyond;
    }
    if (select.selectedOptions[0]?.disabled) select.value = select.dataset.default;
    if (select.selectedOptions[0]?.disabled) select.value = [...select.options].filter((o) => !o.disabled).pop()?.value ?? "";
  }
}

function widenParams() {
  widenParamFields($("params"));
}

function applyPreset() {
  const preset = PRESETS[state.chosen][Number(/** @type {HTMLSelectElement} */ ($("preset")).value || 0)] || { params: {} };
  for (const input of paramFields(document)) {
    const name = input.dataset.param;
    const v = name in preset.params ? String(preset.params[name]) : input.dataset.default;
    input.value = v;
  }
}

function renderSeats() {
  const box = $("seats");
  box.replaceChildren();
  const n = nPlayers();
  for (let s = 0; s < n; s++) {
    const kind = h("select", { id: `seat-kind-${s}`, "aria-label": t("Seat {n}", { n: s + 1 }) },
      h("option", { value: "me", selected: s === 0 }, t("Me")),
      h("option", { value: "human" }, t("A friend (free seat)")),
      h("option", { value: "bot", selected: s > 0 }, t("Bot")));
    const level = h("select", { id: `seat-bot-${s}`, "aria-label": t("Bot for seat {n}", { n: s + 1 }) },
      botsFor(state.chosen).map((p) => h("option", { value: p, selected: p === "rule" }, botLabel(p))));
    const sync = () => { level.disabled = kind.value !== "bot"; };
    kind.addEventListener("change", () => {
      if (kind.value === "me") for (const other of /** @type {NodeListOf<HTMLSelectElement>} */ (box.querySelectorAll("select[id^=seat-kind-]"))) if (other !== kind && other.value === "me") other.value = "human";
      sync();
    });
    sync();
    box.append(h("div", { class: "seat-row" }, h("span", {}, t("Seat {n}", { n: s + 1 })), kind, level));
  }
  const note = missingBotsNote(state.chosen);
  if (note) box.append(note);
  if (state.loading && (BOT_ORDER[state.chosen] || []).some((p) => p.startsWith("search") || p === "trynka-cfr")) {
    box.append(h("p", { class: "note", id: "bots-loading" }, t("The strong bots are getting ready on this server: their first moves may take a moment.")));
  }
}

// The bots a seat may take, strongest first, as the server registers them ("search" is
// "search-normal" again; at Trynka the search bot plays the CFR strategy).
const BOT_ORDER = {
  pocha: ["search-strong", "search-normal", "search-easy", "rule", "random"],
  ombre: ["search-strong", "search-normal", "search-easy", "rule", "random"],
  trynka: ["trynka-cfr", "rule", "random"],
  tresillo: ["search-strong", "search-normal", "search-easy", "rule", "random"],
  lhombre: ["search-strong", "search-normal", "search-easy", "rule", "random"],
};

/** A note under the seats when some of the game's bots cannot run on this server. */
function missingBotsNote(game) {
  const known = BOT_ORDER[game] || [];
  const missing = (state.unavailable || []).filter((u) => known.includes(u.name));
  if (!missing.length) return null;
  const modules = [...new Set(missing.flatMap((u) => u.missing || []))].join(", ");
  return h("p", { class: "note", id: "missing-bots", role: "note" },
    t("Not offered on this server: {bots} (missing: {modules}).", { bots: missing.map((u) => botLabel(u.name)).join(", "), modules }));
}

function botsFor(game) {
  const known = BOT_ORDER[game] || [];
  const listed = known.filter((p) => state.players.includes(p));
  const others = state.players.filter((p) => !Object.values(BOT_ORDER).flat().includes(p) && p !== "search");
  return [...listed, ...others];
}

function botLabel(p) {
  switch (p) {
    case "search-strong": return t("Strong (searches 1 s a move)");
    case "search-normal": return t("Good (searches briefly)");
    case "search-easy": return t("Fair (a quick search)");
    case "trynka-cfr": return t("Strong (CFR strategy)");
    case "rule": return t("Club player (rules of thumb)");
    case "random": return t("Beginner (random)");
    default: return p;
  }
}

function collectParams() {
  return paramValues(document, gameSpec(fullName()));
}

async function createTable(event) {
  event.preventDefault();
  const err = $("create-error");
  err.replaceChildren();
  const name = /** @type {HTMLInputElement} */ ($("my-name")).value.trim();
  const n = nPlayers();
  const seats = [];
  let mySeat = null;
  for (let s = 0; s < n; s++) {
    const kind = /** @type {HTMLSelectElement} */ ($(`seat-kind-${s}`)).value;
    if (kind === "bot") seats.push({ kind: "bot", player: /** @type {HTMLSelectElement} */ ($(`seat-bot-${s}`)).value });
    else seats.push({ kind: "human" });
    if (kind === "me") mySeat = s;
  }
  const rated = /** @type {HTMLInputElement} */ ($("rated")).checked;
  const club = /** @type {HTMLSelectElement} */ ($("club")).value; // docs/clubs.md
  if (mySeat !== null && !name && !rated && !club) { // a rated or club table seats the account under its name
    err.append(h("div", { class: "notice error", role: "alert" }, t("Write your name to take a seat.")));
    $("my-name").focus();
    return;
  }
  const clock = /** @type {HTMLSelectElement} */ ($("clock")).value;
  const body = { game: fullName(), params: collectParams(), seats, clock: clock ? Number(clock) : null, bot_delay: Number(/** @type {HTMLSelectElement} */ ($("bot-delay")).value), hints: /** @type {HTMLInputElement} */ ($("hints")).checked, chat: /** @type {HTMLSelectElement | null} */ ($("chat-mode"))?.value || "all" };
  if (mySeat !== null) Object.assign(body, { name: name || "-", seat: mySeat });
  if (rated) Object.assign(body, { rated: true, hints: false }); // docs/ratings.md
  if (club) Object.assign(body, { club });
  if (state.creating) return; // one table per click: the first request is still on its way
  setCreating(true);
  try {
    const res = await api("/api/tables", { method: "POST", body, headers: rated || club ? { "X-Tapete-CSRF": "1" } : {} });
    const id = res.table.id;
    setAdminToken(id, res.admin_token);
    if (res.token) setSeatToken(id, res.token);
    if (name) setPlayerName(name);
    window.location.href = "/t/" + encodeURIComponent(id);
  } catch (e) {
    setCreating(false);
    err.append(h("div", { class: "notice error", role: "alert", "data-code": e instanceof ApiError ? e.code : "" }, ...lobbyErrorText(e)));
  }
}

/** A rated table has hints off and a move clock (docs/ratings.md): checking "Rated game"
 *  turns hints off (and keeps them off) and sets a clock when there is none. */
function syncRated() {
  const rated = /** @type {HTMLInputElement} */ ($("rated")).checked;
  const hints = /** @type {HTMLInputElement} */ ($("hints"));
  const clock = /** @type {HTMLSelectElement} */ ($("clock"));
  if (rated) {
    hints.checked = false;
    if (!clock.value) clock.value = "45";
  }
  hints.disabled = rated;
  /** @type {HTMLOptionElement} */ (clock.querySelector("option[value='']")).disabled = rated;
}

/** The lobby's busy state while a table is being created: the button is disabled and
 * says so (a second click would make a second table). */
function setCreating(on) {
  state.creating = on;
  const button = /** @type {HTMLButtonElement} */ ($("create-button"));
  button.disabled = on;
  button.setAttribute("aria-busy", on ? "true" : "false");
  button.replaceChildren(...(on ? [h("span", { class: "spinner", "aria-hidden": "true" }), t("Creating the table…")] : [t("Create the table")]));
}

/** A lobby error as the reader's sentence, from the server's code and values (never its
 * English detail, but for the game's own message about bad parameters). */
function lobbyErrorText(e) {
  if (!(e instanceof ApiError)) return [t("Something went wrong on the server.")];
  const fields = e.fields || {};
  if (e.code === "bad_player" && Number.isInteger(fields.seat)) {
    const why = reasonText(fields.reason || "bad_player", reasonText("bad_player"));
    const out = [t("Seat {n}: {reason}", { n: fields.seat + 1, reason: why })];
    if (Array.isArray(fields.missing) && fields.missing.length) out.push(" ", t("Missing: {modules}.", { modules: fields.missing.join(", ") }));
    return out;
  }
  const sentence = reasonText(e.code, "") || t("Something went wrong on the server.");
  if (e.code === "bad_params" && e.detail) return [sentence, " ", h("span", { class: "detail" }, e.detail)];
  return [sentence];
}

function tableItem(info, { join = false, replay = false } = {}) {
  const names = info.seats.map((s) => (s.kind === "bot" ? t("bot") : s.name || t("free seat"))).join(", ");
  const free = info.seats.filter((s) => s.kind === "human" && !s.taken).length;
  const href = "/t/" + encodeURIComponent(info.id);
  return h("li", { class: "table-item" },
    h("span", { class: "badge " + info.status }, statusWord(info.status)),
    h("span", { class: "what" }, h("strong", {}, gameTitle(info.game)), h("span", { class: "who" }, names)),
    info.club ? h("span", { class: "badge club", "data-club": info.club }, t("Club: {club}", { club: info.club })) : null,
    join && free ? h("a", { class: "btn primary", href }, t("Join")) : null,
    replay ? h("a", { class: "btn", href: "/replay/" + encodeURIComponent(info.id) }, t("Replay")) : h("a", { class: "btn", href: href + "?watch=1" }, t("Watch")));
}

/** The club choice of the create form: the signed-in account's clubs (docs/clubs.md). */
async function refreshClubs(account) {
  const select = /** @type {HTMLSelectElement} */ ($("club"));
  let clubs = [];
  if (account) {
    try {
      clubs = (await api("/api/clubs")).clubs;
    } catch {
      clubs = [];
    }
  }
  select.replaceChildren(select.options[0], ...clubs.map((c) => h("option", { value: c.name }, c.name)));
  $("club-field").hidden = !clubs.length;
}

function statusWord(s) {
  return { open: t("open"), playing: t("playing"), finished: t("finished"), closed: t("closed") }[s] || s;
}

/** The open, playing and finished tables, asked for together (each list says "Loading…" until
 *  its answer: "Recently finished" stood empty while the two before it were asked). */
async function refreshTables() {
  /** @type {Array<[string, string, {join?: boolean, replay?: boolean}]>} status, list id, tableItem's options */
  const lists = [["open", "open-tables", { join: true }], ["playing", "playing-tables", {}], ["finished", "finished-tables", { replay: true }]];
  await Promise.all(lists.map(async ([status, id, opts]) => {
    const list = $(id);
    try {
      const res = await api(`/api/tables?status=${status}&limit=12`);
      list.replaceChildren(...(res.tables.length ? res.tables.map((x) => tableItem(x, opts)) : [h("li", { class: "empty" }, status === "open" ? t("No open tables: create one!") : t("None right now."))]));
    } catch {
      list.replaceChildren(h("li", { class: "empty" }, t("The server did not answer.")));
    }
  }));
}

/** A past game's date and winner: "6 Dec 2026, 20:15 · Winner: Bot 2 · Club player". */
function pastGameLine(g) {
  const parts = [];
  const when = g.finished_at ? new Date(g.finished_at) : null;
  let date = null;
  if (when && !Number.isNaN(when.getTime())) {
    let text;
    try {
      text = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium", timeStyle: "short" }).format(when);
    } catch {
      text = when.toLocaleString();
    }
    date = h("time", { datetime: when.toISOString(), "data-testid": "past-date" }, text);
  }
  const result = Array.isArray(g.result) ? g.result : null;
  let outcome = null;
  if (result && result.length) {
    const best = Math.max(...result);
    const winners = result.flatMap((v, s) => (v === best ? [playerLabel((g.players || [])[s] ?? "", s) || t("Seat {n}", { n: s + 1 })] : []));
    // the winners on a line of their own: a bot's name has its own "·" ("Bot 3 · Club player")
    outcome = h("span", { class: "winners" }, winners.length < result.length
      ? tn("Winner: {who}", "Winners: {who}", winners.length, { who: winners.join(", ") }) : t("A draw"));
    const mine = result[g.seat];
    if (typeof mine === "number") parts.push(`${t("result")}: ${mine > 0 ? "+" : ""}${mine}`);
  }
  if (!date && !parts.length && !outcome) return null;
  return h("span", { class: "when", "data-testid": "past-line" }, date, date && parts.length ? " · " : null, parts.join(" · "), outcome);
}

async function refreshHistory() {
  const box = $("history");
  const name = /** @type {HTMLInputElement} */ ($("history-name")).value.trim() || playerName();
  const seen = new Map();
  const add = (games) => { for (const g of games || []) seen.set(g.table, g); };
  try {
    if (name) add((await api(`/api/history?name=${encodeURIComponent(name)}`)).games);
    for (const token of allSeatTokens().slice(0, 20)) add((await api("/api/history", { method: "POST", body: { token } })).games);
    if (state.account) add((await api("/api/account/games")).games); // the account's claimed games
  } catch {
    /* show what we have */
  }
  const games = [...seen.values()].sort((a, b) => String(b.finished_at).localeCompare(String(a.finished_at)));
  box.replaceChildren(...(games.length ? games.map((g) => h("li", { class: "table-item", "data-table": g.table },
    h("span", { class: "badge " + g.status }, statusWord(g.status)),
    h("span", { class: "what" }, h("strong", {}, gameTitle(g.game)),
      h("span", { class: "who" }, (g.players || []).map(playerLabel).join(", ")),
      pastGameLine(g)),
    h("a", { class: "btn", href: "/replay/" + encodeURIComponent(g.table) }, t("Replay")),
    h("a", { class: "btn quiet", href: `/api/tables/${encodeURIComponent(g.table)}/record`, download: `tapete-${g.table}.json` }, t("Record")))) : [h("li", { class: "empty" }, t("No past games yet."))]));
}

async function main() {
  mountLanguagePicker($("lang"));
  await setLanguage(preferredLanguage(), { remember: false });
  /** @type {HTMLInputElement} */ ($("my-name")).value = playerName();
  /** @type {HTMLInputElement} */ ($("history-name")).value = playerName();
  try {
    const [games, players] = await Promise.all([api("/api/games"), api("/api/bots").catch(() => api("/api/players")).catch(() => ["rule", "random"])]);
    state.games = Array.isArray(games) ? games : games.games || [];
    state.players = (Array.isArray(players) ? players : players.players || ["rule", "random"]).slice().sort((a, b) => (a === "rule" ? -1 : b === "rule" ? 1 : 0));
    state.unavailable = Array.isArray(players?.unavailable) ? players.unavailable : [];
    state.loading = players?.loading === true;
  } catch {
    state.games = [];
  }
  renderForm();
  onLanguageChange(() => { renderForm(); refreshTables(); refreshHistory(); });
  $("kind-match").addEventListener("change", () => { state.match = true; renderForm(); });
  $("kind-deal").addEventListener("change", () => { state.match = false; renderForm(); });
  $("preset").addEventListener("change", () => { applyPreset(); renderSeats(); widenParams(); });
  $("params").closest("details").addEventListener("toggle", widenParams);
  let resized = null;
  window.addEventListener("resize", () => { clearTimeout(resized); resized = setTimeout(widenParams, 100); });
  $("create").addEventListener("submit", createTable);
  $("rated").addEventListener("change", syncRated);
  $("history-form").addEventListener("submit", (e) => { e.preventDefault(); refreshHistory(); });
  refreshTables();
  refreshHistory();
  mountAccount($("account"), { onChange: (account) => { state.account = account; refreshHistory(); refreshClubs(account); refreshTables(); } });
  setInterval(refreshTables, 5000);
}

main();
