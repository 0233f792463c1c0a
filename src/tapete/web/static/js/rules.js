// How to play: /rules/{game}. One game's rules in the page's language, read from the content
// files static/rules/{lang}/{game}.html (a file per game and language, written and reviewed
// apart from the code). The cards a file names (<span data-card="Ao"></span>) are drawn here
// with cards.js; <a data-link="every-rule"> goes to the lobby's *Every rule*, <a
// data-rules="ombre"> to another game's rules, both in the page's language.

import { h } from "./api.js";
import { cardElement } from "./cards.js";
import { currentLanguage, mountLanguagePicker, onLanguageChange, preferredLanguage, setLanguage, t } from "./i18n.js";
import { RULE_GAMES, rulesGame, rulesHref } from "./terms.js";

/**
 * The page's element with this id.
 * @param {string} id
 * @returns {HTMLElement}
 */
const $ = (id) => document.getElementById(id);
const game = rulesGame(decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop() || "")) || "pocha";

function gameName(g) {
  return { pocha: t("La Pocha"), ombre: t("Ombre"), trynka: t("Trynka"), tresillo: t("Tresillo"), lhombre: t("Danish l'hombre") }[g] || g;
}

/** The other games' rules, the lobby and the address bar, in the page's language. */
function renderLinks() {
  const lang = currentLanguage();
  $("games").replaceChildren(...RULE_GAMES.map((g) => h("li", {},
    h("a", { href: rulesHref(g), "aria-current": g === game ? "page" : null }, gameName(g)))));
  /** @type {HTMLAnchorElement} */ ($("to-lobby")).href = `/?lang=${encodeURIComponent(lang)}`;
  /** @type {HTMLAnchorElement} */ (document.querySelector(".topbar .brand")).href = `/?lang=${encodeURIComponent(lang)}`;
  const url = new URL(window.location.href);
  url.searchParams.set("lang", lang);
  window.history.replaceState(null, "", url.pathname + url.search + url.hash);
}

/** Draw the cards a content file names, as the tables draw them. */
function drawCards(root) {
  for (const slot of root.querySelectorAll("[data-card]")) {
    const code = slot.dataset.card;
    const el = cardElement(code === "back" ? null : code, { small: slot.classList.contains("small") });
    el.classList.add("rules-card");
    slot.replaceWith(el);
  }
}

function fixLinks(root) {
  const lang = encodeURIComponent(currentLanguage());
  for (const a of root.querySelectorAll("a[data-link=every-rule]")) {
    a.href = `/?lang=${lang}#create`;
    a.target = "_blank";
    a.rel = "noopener";
  }
  for (const a of root.querySelectorAll("a[data-rules]")) a.href = rulesHref(a.dataset.rules);
}

/** The page's table of contents: its sections' headings. */
function buildToc(root) {
  const items = [...root.querySelectorAll("section[id] > h2")].map((h2) =>
    h("li", {}, h("a", { href: `#${h2.parentElement.id}` }, h2.textContent)));
  $("toc").replaceChildren(...items);
}

/** Go to the word or section the address names (the content came after the navigation). */
function showTarget(root) {
  for (const el of root.querySelectorAll(".targeted")) el.classList.remove("targeted");
  const id = decodeURIComponent(window.location.hash.slice(1));
  if (!id) return;
  const el = document.getElementById(id);
  if (!el || !root.contains(el)) return;
  el.classList.add("targeted");
  el.scrollIntoView({ block: "start" });
}

let loading = 0;

async function load() {
  const lang = currentLanguage();
  const mine = ++loading;
  const article = $("rules");
  article.setAttribute("aria-busy", "true");
  let html = "";
  try {
    const response = await fetch(`/static/rules/${lang}/${game}.html`, { cache: "no-cache" });
    html = response.ok ? await response.text() : "";
  } catch {
    html = "";
  }
  if (mine !== loading) return; // a newer language was asked for meanwhile
  // the content files are the project's own static pages, never user input
  article.innerHTML = html || `<h1>${gameName(game)}</h1><p>${t("The rules could not be loaded.")}</p>`;
  article.lang = lang;
  drawCards(article);
  fixLinks(article);
  buildToc(article);
  renderLinks();
  const title = article.querySelector("h1");
  document.title = `${title ? title.textContent : gameName(game)} · tapete`;
  article.removeAttribute("aria-busy");
  showTarget(article);
  document.body.dataset.rules = `${lang}:${game}`; // the page is ready (tests wait for it)
}

async function main() {
  // on a phone the page's contents are folded: the rules' title comes in sight, not the list
  if (window.matchMedia("(max-width: 800px)").matches) /** @type {HTMLDetailsElement} */ ($("toc-box")).open = false;
  mountLanguagePicker($("lang"));
  await setLanguage(preferredLanguage(), { remember: false });
  onLanguageChange(() => load());
  window.addEventListener("hashchange", () => showTarget($("rules")));
  await load();
}

main();
