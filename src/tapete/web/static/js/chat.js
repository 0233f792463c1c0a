// Chat at the table (docs/protocol.md, *Chat*): the side panel's message list, the input
// with its length counter, the quick phrases, muting a person (kept in localStorage per
// table), and the replay's chat. Every text people wrote is put in the page with
// textContent (through h()), never as HTML.

import { h } from "./api.js";
import { N_, onLanguageChange, reasonText, t } from "./i18n.js";

/** The longest message (characters, once trimmed; the server counts the same way). */
export const MAX_CHAT = 300;

/** The quick phrases: their codes and the texts each reader's page says. */
export const PHRASES = { gg: N_("Good game"), wp: N_("Well played"), thanks: N_("Thanks") };

const chat = {
  root: null,
  tableId: "",
  /** @type {(message: object) => boolean} sends a message on the table's socket (false: not open) */
  send: () => false,
  seat: null, // this connection's seat (null: a spectator)
  spectator: null, // a spectator's number (its name in the chat)
  mode: "all", // the table's setting: all, seats, off
  messages: new Map(), // id -> the server's chat message
  items: new Map(), // id -> its <li>
  muted: new Set(), // the authors muted at this table (keys of authorKey)
  pending: new Map(), // a sent message's id -> its text (put back if refused)
  nextId: 1,
  els: {},
};

/** Who said a message, as a key for muting: a seat with its name, or a spectator. */
export function authorKey(msg) {
  const from = msg.from || {};
  if (from.seat !== null && from.seat !== undefined) return `seat:${from.seat}:${from.name || ""}`;
  return `spectator:${from.spectator}`;
}

/** Who said a message, for people. */
export function authorName(msg) {
  const from = msg.from || {};
  if (from.seat !== null && from.seat !== undefined) return from.name || t("Seat {n}", { n: from.seat + 1 });
  return t("Spectator {n}", { n: from.spectator ?? "?" });
}

/** What a message says, in this page's language (a quick phrase is translated). */
export function messageText(msg) {
  if (msg.phrase) return PHRASES[msg.phrase] ? t(PHRASES[msg.phrase]) : msg.phrase;
  return String(msg.text ?? "");
}

/** One message as a list item: its author and its words, both as text. */
export function chatLine(msg) {
  return h("li", { class: "chat-line" + (msg.phrase ? " phrase" : ""), "data-chat-id": String(msg.id), "data-author": authorKey(msg) },
    h("strong", { class: "chat-who" }, authorName(msg)), ": ",
    h("span", { class: "chat-text" }, messageText(msg)));
}

/** The replay's chat: the messages said up to the step shown (none: the section hides). */
export function showReplayChat(section, list, messages) {
  const said = messages || [];
  section.hidden = said.length === 0;
  list.replaceChildren(...said.map(chatLine));
  list.scrollTop = list.scrollHeight;
}

function muteKey() {
  return `tapete.mute.${chat.tableId}`;
}

function loadMuted() {
  try {
    const saved = JSON.parse(window.localStorage.getItem(muteKey()) || "[]");
    return new Set(Array.isArray(saved) ? saved.map(String) : []);
  } catch {
    return new Set();
  }
}

function saveMuted() {
  try {
    if (chat.muted.size) window.localStorage.setItem(muteKey(), JSON.stringify([...chat.muted]));
    else window.localStorage.removeItem(muteKey());
  } catch {
    /* storage disabled: the mute lasts as long as the page */
  }
}

/**
 * Build the chat panel in `root` (a <section>) for table `tableId`; `send(message)` sends a
 * protocol message on the table's socket and says whether it could.
 */
export function mountChat(root, { tableId, send }) {
  chat.root = root;
  chat.tableId = tableId;
  chat.send = send;
  chat.muted = loadMuted();
  const list = h("ol", { class: "chat-list", id: "chat-list", tabindex: "0", "aria-live": "polite", "aria-relevant": "additions", "aria-labelledby": "chat-title" });
  const note = h("p", { class: "chat-note", id: "chat-note" });
  const input = h("input", { id: "chat-input", type: "text", maxlength: String(MAX_CHAT), autocomplete: "off", "aria-describedby": "chat-count" });
  const count = h("span", { class: "chat-count", id: "chat-count" });
  const sendBtn = h("button", { type: "submit", class: "btn small chat-send", id: "chat-send" });
  const label = h("label", { for: "chat-input", class: "sr-only", id: "chat-input-label" });
  const form = h("form", { class: "chat-form", id: "chat-form" }, label, input, sendBtn, count);
  const phrases = h("div", { class: "chat-phrases", role: "group", id: "chat-phrases" });
  const people = h("div", { class: "chat-people", role: "group", id: "chat-people" });
  const refusal = h("p", { class: "chat-refusal", id: "chat-refusal", role: "status" });
  const title = h("h2", { id: "chat-title" });
  root.replaceChildren(title, note, list, refusal, form, phrases, people);
  chat.els = { title, list, note, input, count, sendBtn, label, form, phrases, people, refusal };
  input.addEventListener("input", updateCount);
  // the page's keyboard shortcuts (typing a card) do not apply while writing
  input.addEventListener("keydown", (e) => e.stopPropagation());
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const id = `c${chat.nextId++}`;
    if (chat.send({ type: "chat", text, id })) {
      chat.pending.set(id, text);
      if (chat.pending.size > 20) chat.pending.delete(chat.pending.keys().next().value);
      input.value = "";
      updateCount();
      showRefusal("");
    }
  });
  onLanguageChange(() => redraw());
  redraw();
}

function updateCount() {
  const { input, count, sendBtn } = chat.els;
  const n = input.value.length;
  count.textContent = t("{n} of {max}", { n, max: MAX_CHAT });
  sendBtn.disabled = input.value.trim().length === 0;
}

function showRefusal(text) {
  chat.els.refusal.textContent = text || "";
}

function canWrite() {
  return chat.mode === "all" || (chat.mode === "seats" && chat.seat !== null);
}

/** Redraw everything (a new language, a mute, the table's setting known). */
function redraw() {
  const els = chat.els;
  if (!els.list) return;
  els.title.textContent = t("Chat");
  els.label.textContent = t("Message");
  els.input.placeholder = t("Message");
  els.sendBtn.textContent = t("Send");
  els.phrases.setAttribute("aria-label", t("Quick phrases"));
  els.people.setAttribute("aria-label", t("Mute"));
  let note = "";
  if (chat.mode === "off") note = t("Chat is off at this table.");
  else if (chat.mode === "seats" && chat.seat === null) note = t("At this table only the players chat: you cannot read or write it.");
  else if (chat.mode === "seats") note = t("Only the players read this chat: spectators do not see it.");
  els.note.textContent = note;
  els.note.hidden = !note;
  const writes = canWrite();
  const reads = chat.mode !== "off" && writes;
  els.form.hidden = !writes;
  els.phrases.hidden = !writes;
  els.list.hidden = !reads;
  els.people.hidden = !reads;
  els.phrases.replaceChildren(...Object.keys(PHRASES).map((code) =>
    h("button", { type: "button", class: "btn small chat-phrase", "data-phrase": code, onclick: () => sendPhrase(code) }, t(PHRASES[code]))));
  chat.items.clear();
  const lines = [...chat.messages.values()].sort((a, b) => a.id - b.id).map((msg) => {
    const li = chatLine(msg);
    li.hidden = chat.muted.has(authorKey(msg));
    chat.items.set(msg.id, li);
    return li;
  });
  els.list.replaceChildren(...lines);
  els.list.scrollTop = els.list.scrollHeight;
  drawPeople();
  updateCount();
}

/** A mute button for each person who has written (but this page's own seat). */
function drawPeople() {
  const seen = new Map();
  for (const msg of chat.messages.values()) {
    const from = msg.from || {};
    if (chat.seat !== null && from.seat === chat.seat) continue; // not oneself
    if (chat.seat === null && from.seat === null && from.spectator === chat.spectator) continue;
    seen.set(authorKey(msg), authorName(msg));
  }
  const buttons = [...seen].map(([key, name]) => {
    const muted = chat.muted.has(key);
    return h("button", {
      type: "button",
      class: "btn small chat-mute" + (muted ? " muted" : ""),
      "aria-pressed": muted ? "true" : "false",
      "data-author": key,
      onclick: () => toggleMute(key),
    }, muted ? t("Unmute {name}", { name }) : t("Mute {name}", { name }));
  });
  chat.els.people.replaceChildren(...buttons);
  chat.els.people.hidden = chat.els.list.hidden || buttons.length === 0;
}

function toggleMute(key) {
  if (chat.muted.has(key)) chat.muted.delete(key);
  else chat.muted.add(key);
  saveMuted();
  for (const [id, li] of chat.items) li.hidden = chat.muted.has(authorKey(chat.messages.get(id)));
  drawPeople();
  const btn = chat.els.people.querySelector(`button[data-author="${CSS.escape(key)}"]`);
  if (btn) btn.focus();
}

function sendPhrase(code) {
  if (chat.send({ type: "chat", phrase: code, id: `c${chat.nextId++}` })) showRefusal("");
}

function add(msg) {
  if (typeof msg.id !== "number" || chat.messages.has(msg.id)) return;
  chat.messages.set(msg.id, msg);
  const list = chat.els.list;
  if (!list) return;
  const li = chatLine(msg);
  li.hidden = chat.muted.has(authorKey(msg));
  chat.items.set(msg.id, li);
  // messages come in order; one from the history may be older than the last shown
  const after = [...chat.items.keys()].filter((id) => id > msg.id).sort((a, b) => a - b)[0];
  const next = after === undefined ? null : chat.items.get(after);
  if (next && next.parentNode === list) list.insertBefore(li, next);
  else list.append(li);
  list.scrollTop = list.scrollHeight;
}

/**
 * A server message for the chat: `chat` and `chat_log` are shown, a `refused` chat_* is
 * said under the input; `welcome` tells the seat and the table's setting. Returns true when
 * the message was the chat's alone (the page need not look at it).
 */
export function chatMessage(msg) {
  if (!msg || !chat.root) return false;
  if (msg.type === "welcome") {
    chat.seat = msg.seat ?? null;
    chat.spectator = msg.spectator ?? null;
    chat.mode = msg.table?.chat || "all";
    chat.root.hidden = false;
    chat.root.dataset.mode = chat.mode;
    redraw();
    return false;
  }
  if (msg.type === "chat") {
    add(msg);
    drawPeople();
    return true;
  }
  if (msg.type === "chat_log") {
    for (const m of msg.messages || []) add(m);
    drawPeople();
    return true;
  }
  if (msg.type === "refused" && typeof msg.code === "string" && msg.code.startsWith("chat_")) {
    const text = chat.pending.get(msg.id);
    chat.pending.delete(msg.id);
    if (text && !chat.els.input.value) {
      chat.els.input.value = text; // said again later, as it was
      updateCount();
    }
    showRefusal(reasonText(msg.code, msg.detail));
    return true;
  }
  return false;
}
