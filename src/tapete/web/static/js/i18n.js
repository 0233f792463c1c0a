// Texts for people, in English, Spanish or Russian. The catalogs are gettext .po files
// (src/tapete/locale), compiled to JSON next to the pages by `python -m tapete.i18n build`.
// Message ids are the English texts; calls of t() and N_() and the pages
// data-i18n attributes are what pybabel extracts.

export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "es", name: "Español" },
  { code: "ru", name: "Русский" },
];
const CODES = LANGUAGES.map((l) => l.code);
const STORE_KEY = "tapete.lang";

let messages = {};
let plurals = {};
let reasons = {};
let lang = "en";
const listeners = [];

/** Mark a text for extraction without translating it now (translate later with t()). */
export function N_(text) {
  return text;
}

/** The translation of `msgid`, with {name} placeholders filled from `params`. */
export function t(msgid, params = null) {
  let text = messages[msgid] || msgid;
  if (params) {
    text = text.replace(/\{(\w+)\}/g, (all, key) => (key in params ? String(params[key]) : all));
  }
  return text;
}

/** The translation of `msgid` in `context` (gettext's msgctxt), for a word two games say
 *  differently (Tresillo's "Solo" is Russian "Соло", Danish l'hombre's stays Danish): the
 *  catalogs key it "context\u0004msgid"; else the English msgid, {name} filled as t() does. */
export function tp(context, msgid, params = null) {
  const text = messages[`${context}\u0004${msgid}`] || msgid;
  return params ? text.replace(/\{(\w+)\}/g, (all, key) => (key in params ? String(params[key]) : all)) : text;
}

/** Which plural form (an index into a catalog's forms) the language `code` uses for the count
 *  `n`: the Plural-Forms of its .po catalog, as Babel writes them (English: one, other;
 *  Spanish: one, many (a million), other; Russian: one, few, many). */
export function pluralIndex(code, n) {
  const k = Math.abs(Math.trunc(Number(n)));
  if (code === "ru") {
    if (k % 10 === 1 && k % 100 !== 11) return 0;
    if (k % 10 >= 2 && k % 10 <= 4 && (k % 100 < 12 || k % 100 > 14)) return 1;
    return 2;
  }
  if (code === "es") return k === 1 ? 0 : k !== 0 && k % 1000000 === 0 ? 1 : 2;
  return k === 1 ? 0 : 1;
}

/**
 * The form of `singular`/`plural` (English message ids) that the page's language uses for the
 * count `n` (Russian: 1, 21 карта; 2, 22 карты; 5, 11 карт), {name} placeholders filled from
 * `params`; {n} is the count unless `params` give another n.
 */
export function tn(singular, plural, n, params = null) {
  const forms = plurals[singular];
  const index = pluralIndex(lang, n);
  let text = forms && forms[index] ? forms[index] : pluralIndex("en", n) === 0 ? singular : plural;
  const values = { n, ...(params || {}) };
  return text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
}

/** The page's language code. */
export function currentLanguage() {
  return lang;
}

/** The language to use: the one chosen before, else the browser's, else English. */
export function preferredLanguage() {
  const url = new URL(window.location.href).searchParams.get("lang");
  if (url && CODES.includes(url)) {
    // a language asked for in the address stays chosen on the pages opened from this one
    // (the table created from a /?lang=es lobby is in Spanish too)
    try {
      window.localStorage.setItem(STORE_KEY, url);
    } catch {
      /* storage may be disabled */
    }
    return url;
  }
  try {
    const saved = window.localStorage.getItem(STORE_KEY);
    if (saved && CODES.includes(saved)) return saved;
  } catch {
    /* storage may be disabled */
  }
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (CODES.includes(base)) return base;
  }
  return "en";
}

/** A refusal's reason code (from the server or the engine) as a sentence for people. */
export function reasonText(code, fallback = "") {
  if (code && reasons[code]) return reasons[code];
  return fallback || code || "";
}

function catalogURL(code) {
  return new URL(`../i18n/${code}.json`, import.meta.url).href;
}

/** Load a language, translate the page's marked texts and tell every listener. */
export async function setLanguage(code, { remember = true } = {}) {
  if (!CODES.includes(code)) code = "en";
  try {
    const response = await fetch(catalogURL(code), { cache: "no-cache" });
    const data = response.ok ? await response.json() : {};
    messages = data.messages || {};
    plurals = data.plurals || {};
    reasons = data.reasons || {};
  } catch {
    messages = {};
    plurals = {};
    reasons = {};
  }
  lang = code;
  if (remember) {
    try {
      window.localStorage.setItem(STORE_KEY, code);
    } catch {
      /* storage may be disabled */
    }
  }
  document.documentElement.lang = code;
  translatePage(document);
  for (const fn of listeners) fn(code);
}

/** Run `fn(lang)` after every language change. */
export function onLanguageChange(fn) {
  listeners.push(fn);
}

/** Translate the elements marked data-i18n (text), data-i18n-label, -title, -placeholder. */
export function translatePage(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    if (!el.dataset.i18nSource) el.dataset.i18nSource = el.dataset.i18n;
    el.textContent = t(el.dataset.i18nSource);
  }
  for (const [attr, target] of [["i18nLabel", "aria-label"], ["i18nTitle", "title"], ["i18nPlaceholder", "placeholder"]]) {
    const sel = "[data-" + attr.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()) + "]";
    for (const el of root.querySelectorAll(sel)) el.setAttribute(target, t(el.dataset[attr]));
  }
  const title = /** @type {HTMLTitleElement | null} */ (document.querySelector("title[data-i18n-doc]"));
  if (title) document.title = t(title.dataset.i18nDoc);
}

/** Fill a <select> with the languages and switch when it changes. */
export function mountLanguagePicker(select) {
  select.innerHTML = "";
  for (const l of LANGUAGES) {
    const o = document.createElement("option");
    o.value = l.code;
    o.textContent = l.name;
    o.lang = l.code;
    select.appendChild(o);
  }
  select.value = lang;
  select.addEventListener("change", () => setLanguage(select.value));
  onLanguageChange((code) => (select.value = code));
}

/** A number written the page's way. */
export function formatNumber(n) {
  try {
    return new Intl.NumberFormat(lang).format(n);
  } catch {
    return String(n);
  }
}
