// The clubs (docs/clubs.md): /clubs lists the account's clubs and creates one; /clubs/{name}
// shows a club to its members: members and roles, the standings of its season, and for its
// administrators the form that adds a member.

import { api, h } from "./api.js";
import { drawAnswer, errorText, startAnswerPage } from "./page.js";
import { formatNumber, t } from "./i18n.js";

/**
 * The page's element with this id.
 * @param {string} id
 * @returns {HTMLElement}
 */
const $ = (id) => document.getElementById(id);
const GUARD = { "X-Tapete-CSRF": "1" };
const parts = window.location.pathname.split("/").filter(Boolean);
const clubName = parts[1] ? decodeURIComponent(parts[1]) : null;

/** @type {any} the server's answer (a club, or {clubs}), or an ApiError */
let answer = null;
/** @type {any} the last refused change, shown above its form */
let refused = null;

/** Send a change, then show the club (or the list) as it is after it. */
async function change(path, body, next = null) {
  try {
    const res = await api(path, { method: "POST", body, headers: GUARD });
    refused = null;
    if (next) {
      window.location.href = next;
      return;
    }
    answer = res;
  } catch (e) {
    refused = e;
  }
  render();
}

function refusedNotice() {
  return refused ? h("div", { class: "notice error", role: "alert", "data-testid": "club-error" }, errorText(refused)) : null;
}

function roleWord(role) {
  return role === "admin" ? t("administrator") : t("member");
}

function number(value) {
  return formatNumber(Math.round(Number(value) * 10) / 10);
}

/** /clubs: the account's clubs and the form that creates one. */
function listView() {
  const name = h("input", { id: "new-club-name", maxlength: "32", required: true });
  const start = h("input", { id: "new-club-start", type: "date" });
  const end = h("input", { id: "new-club-end", type: "date" });
  const mode = h("select", { id: "new-club-standings" },
    h("option", { value: "scores" }, t("Sum of scores")), h("option", { value: "ratings" }, t("Ratings within the club")));
  const form = h("form", { class: "panel", "data-testid": "create-club", onsubmit: (e) => {
    e.preventDefault();
    const n = name.value.trim();
    change("/api/clubs", { name: n, season_start: start.value || null, season_end: end.value || null, standings: mode.value }, "/clubs/" + encodeURIComponent(n));
  } },
  h("h2", {}, t("Create a club")),
  h("div", { class: "field" }, h("label", { for: "new-club-name" }, t("Club name")), name),
  h("div", { class: "field" }, h("label", { for: "new-club-start" }, t("Season starts")), start),
  h("div", { class: "field" }, h("label", { for: "new-club-end" }, t("Season ends")), end),
  h("div", { class: "field" }, h("label", { for: "new-club-standings" }, t("Standings")), mode),
  h("button", { class: "btn primary", type: "submit", id: "create-club" }, t("Create the club")));
  const clubs = answer.clubs;
  return [
    clubs.length
      ? h("ul", { class: "table-list", "data-testid": "my-clubs" }, clubs.map((c) => h("li", { class: "table-item", "data-club": c.name },
        h("a", { href: "/clubs/" + encodeURIComponent(c.name) }, c.name), " ", h("span", { class: "badge" }, roleWord(c.role)))))
      : h("p", { "data-testid": "no-clubs" }, t("You are not a member of any club yet.")),
    refusedNotice(),
    form,
  ];
}

/** /clubs/{name}: the club as its members see it. */
function clubView() {
  const club = answer;
  const admin = club.role === "admin";
  const season = club.season_start || club.season_end
    ? t("Season: {start} to {end}", { start: club.season_start || "…", end: club.season_end || "…" })
    : t("Season: every game");
  const byRatings = club.standings_mode === "ratings";
  const members = h("table", { class: "rank-table", "data-testid": "club-members" },
    h("caption", {}, t("Members")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col" }, t("Role")), admin ? h("th", { scope: "col" }, h("span", { class: "sr-only" }, t("Actions"))) : null)),
    h("tbody", {}, club.members.map((m) => h("tr", { "data-member": m.name },
      h("td", {}, h("a", { href: "/players/" + encodeURIComponent(m.name) }, m.name)),
      h("td", { "data-testid": "role" }, roleWord(m.role)),
      admin ? h("td", {},
        m.role !== "admin" ? h("button", { type: "button", class: "btn", onclick: () => change(`/api/clubs/${encodeURIComponent(club.name)}/members`, { name: m.name, role: "admin" }) }, t("Make administrator")) : null,
        m.name !== club.me ? h("button", { type: "button", class: "btn", onclick: () => change(`/api/clubs/${encodeURIComponent(club.name)}/members/${encodeURIComponent(m.name)}/remove`, undefined) }, t("Remove")) : null) : null))));
  const standings = h("table", { class: "rank-table", "data-testid": "club-standings" },
    h("caption", {}, byRatings ? t("Standings: ratings within the club") : t("Standings: sum of scores")),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "num" }, t("Rank")),
      h("th", { scope: "col" }, t("Player")),
      h("th", { scope: "col", class: "num" }, byRatings ? t("Rating") : t("Score")),
      h("th", { scope: "col", class: "num" }, t("Games")))),
    h("tbody", {}, club.standings.map((s) => h("tr", { "data-player": s.name },
      h("td", { class: "num" }, formatNumber(s.rank)),
      h("td", {}, s.name),
      h("td", { class: "num", "data-testid": "standing" }, number(byRatings ? s.rating : s.score)),
      h("td", { class: "num" }, formatNumber(s.games))))));
  const newName = h("input", { id: "member-name", maxlength: "32", required: true });
  const role = h("select", { id: "member-role" }, h("option", { value: "member" }, t("member")), h("option", { value: "admin" }, t("administrator")));
  const addForm = admin ? h("form", { class: "panel", "data-testid": "add-member", onsubmit: (e) => {
    e.preventDefault();
    change(`/api/clubs/${encodeURIComponent(club.name)}/members`, { name: newName.value.trim(), role: role.value });
  } },
  h("h2", {}, t("Add a member")),
  h("div", { class: "field" }, h("label", { for: "member-name" }, t("Account name")), newName),
  h("div", { class: "field" }, h("label", { for: "member-role" }, t("Role")), role),
  h("button", { class: "btn primary", type: "submit", id: "add-member" }, t("Add"))) : null;
  const leave = h("button", { type: "button", class: "btn", id: "leave-club", onclick: () => change(`/api/clubs/${encodeURIComponent(club.name)}/leave`, undefined, "/clubs") }, t("Leave the club"));
  return [h("p", { "data-testid": "season" }, season), refusedNotice(), h("div", { class: "profile-grid" }, h("section", { class: "panel" }, standings), h("section", { class: "panel" }, members)), addForm, h("p", {}, leave)];
}

function render() {
  drawAnswer($("club"), answer, "club-error", $("club-title"),
    () => (clubName ? t("Club: {club}", { club: answer.name }) : t("My clubs")),
    () => (clubName ? clubView() : listView()));
}

startAnswerPage(clubName ? "/api/clubs/" + encodeURIComponent(clubName) : "/api/clubs", (a) => { answer = a; }, render);
