// The table page: /t/{table_id}. Plays a seat (token kept in localStorage) or watches.

import { api, ApiError, adminToken, h, playerName, seatToken, setPlayerName, setSeatToken, TableSocket } from "./api.js";
import { cardElement, cardName, parseCard, shownAliases } from "./cards.js";
import { formatClock, gameModule, gameName, gameTitle, knownGame, renderFelt, seatLevelFrom, seatNameFrom, seatShortFrom, sweepTrick, unknownGameBanner } from "./felt.js";
import { currentLanguage, mountLanguagePicker, N_, onLanguageChange, preferredLanguage, reasonText, setLanguage, t } from "./i18n.js";
import { splitAction } from "./games/common.js";
import { hintSentence, markHinted } from "./hints.js";
import { mountPackPicker, usePack } from "./pack.js";
import { mountRulesLink } from "./terms.js";
import { chatMessage, mountChat } from "./chat.js";
import { ranking, winnerText } from "./names.js"; // the end's ranking and winner, shared with the replay

/**
 * The page's element with this id.
 * @param {string} id
 * @returns {HTMLElement}
 */
const $ = (id) => document.getElementById(id);
const tableId = new URL(window.location.href).searchParams.get("table") || decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop() || "");
const watchOnly = new URL(window.location.href).searchParams.has("watch");

const page = {
  info: null, // TableInfo
  msg: null, // the last `state` message
  seat: null, // this connection's seat (null: spectator)
  socket: null,
  selected: [], // Ombre's chosen discards
  queue: [], // action texts to send one after another (the exchange)
  clockAt: 0,
  logCount: 0,
  lastTricks: -1,
  hintOk: false, // shown once the server answers a hint probe
  hintProbe: false,
  thinking: null, // the state number a hint was asked for, until it comes
  focusKey: null,
  typed: "",
  typedAt: 0,
  online: false, // the socket is open (after its first opening: offline shows a banner)
  everOnline: false,
  outbox: null, // a choice made while offline: {state, text, entryText, label}, sent when back
  swept: null, // the key of the finished trick swept to its winner (no longer on the felt)
  wasMine: false,
  turnNotice: false, // the tab's title says "Your turn" (the tab was hidden when it came)
};

// -- pacing ----------------------------------------------------------------------------------
// States are applied in the order they come, never dropped. A state that completes a trick
// keeps the trick on the felt for holdMs(), then the trick sweeps to its winner (sweepMs()),
// and only then is the next state drawn; states that come meanwhile wait in `pace.incoming`.
// No state is drawn sooner than gapMs() after the one before, so bots never play faster than
// a person can follow. The state answering this seat's own action (its `ack`), a hidden tab,
// and a click on the page while states wait apply everything at once. The server's bots wait
// as long after a trick (table/clock.py, trick_pause), so the page is rarely behind.
//
// For tests and tools: `window.__tapete` ({state, pending, holding, sweeping, swept, holdMs,
// sweepMs, online, outbox}), `body[data-state]`, `body[data-pending]`, and the document's
// events `tapete:state` (detail {state, synthetic, trickDone}) and `tapete:sweep`.
const pace = { incoming: [], nextAt: 0, sweepAt: null, sweepEnd: null, timer: null };

const reducedMotion = () => !!window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

function botDelay() {
  const d = Number(page.info?.bot_delay);
  return Number.isFinite(d) && d >= 0 ? d : 0.5;
}

/** How long a finished trick stays on the felt (ms): 2.2 × the bots' delay, at most 1.5 s
 *  (Normal, 0.6 s a move: 1.32 s); none in a hidden tab. */
function holdMs() {
  return document.hidden ? 0 : Math.min(1500, 2200 * botDelay());
}

/** How long the sweep of a trick to its winner takes (ms); none with reduced motion. */
function sweepMs() {
  return document.hidden || reducedMotion() ? 0 : Math.min(350, 1000 * botDelay());
}

/** The least time between two states drawn (ms). */
function gapMs() {
  return document.hidden ? 0 : Math.min(400, 1000 * botDelay());
}

function announce(text) {
  if (!text) return;
  const live = $("announcer");
  // a fresh node so that screen readers read each change once
  live.append(h("p", {}, text));
  while (live.childNodes.length > 5) live.firstChild.remove();
}

function ctxFor(msg) {
  const view = msg.view;
  const mod = gameModule(view.game);
  const live = mod.live(view);
  const seats = msg.seats || page.info?.seats || [];
  const n = live.n_players || (mod.cardsHeld(live) || []).length || seats.length;
  return {
    view, mod, live, n,
    mySeat: page.seat,
    tableParams: page.info?.params || {},
    selected: page.selected,
    seatName: (s) => (s === null || s === undefined || s < 0 ? t("The dealer") : seatNameFrom(seats, s)),
    seatShort: (s) => seatShortFrom(seats, s),
    seatLevel: (s) => seatLevelFrom(seats, s),
    legal: msg.legal || [],
    seatInfo: (s) => seats.find((x) => x.seat === s) || {},
  };
}

/** A deal's end drawn between deals (`splitAtDealEnd`): the match's view comes from after it,
 *  its count of deals already at the next one ("Bank 2 of 2" stood beside bank 1's end); drawn
 *  with the ended deal's count. The deal's key (`dealSummary`) still reads the view as sent. */
function endedDealView(view) {
  return view.phase !== "over" && view.deal_index > 0 ? { ...view, deal_index: view.deal_index - 1 } : view;
}

// -- drawing -------------------------------------------------------------------------------

/** The top bar's title: the whole one ("Tresillo: whole match"), and on a phone the game's
 *  name alone in sight (the whole title was cut to "Tresillo: …"; it stays for screen readers). */
function showGameTitle(game) {
  const el = $("title");
  const whole = gameTitle(game);
  if (el.dataset.whole !== whole) {
    el.dataset.whole = whole;
    el.replaceChildren(h("span", { class: "title-whole" }, whole), h("span", { class: "title-short", "aria-hidden": "true" }, gameName(game)));
  }
  fitGameTitle(); // the seat's note and the connection's beside it change too
}

/** Where the whole title does not fit beside the seat's note ("Tresillo a cuatro: partida
 *  com…" on a desktop, with a long name), the game's name alone is shown (the whole title
 *  stays for screen readers), as on a phone. */
function fitGameTitle() {
  const el = $("title");
  el.classList.remove("fit-short");
  if (el.scrollWidth > el.clientWidth + 1) el.classList.add("fit-short");
}

function render() {
  const msg = page.msg;
  if (!msg) return;
  const ctx = ctxFor(msg.synthetic ? { ...msg, view: endedDealView(msg.view) } : msg);
  const { view, mod, live } = ctx;
  const mine = page.seat !== null && msg.to_move === page.seat && msg.legal.length > 0;
  rememberFocus();

  showGameTitle(view.game);
  setTitle();
  // a deal's end between deals: its outcome is told in the turn line, under the felt (stacked
  // with "X takes the trick" over the last trick it hid the cards, a phone's wholly)
  const over = msg.to_move === -4 || msg.status === "finished";
  /** @type {{cls: string, text: string | Node} | null} the deal's outcome told in the turn line */
  let outcome = null;
  const outcomeAside = (ann) => (msg.synthetic && !over && msg.status !== "open" ? ((outcome = ann), true) : false);
  // "X takes the trick" too, where it could only lie over the trick's cards (a phone's): at a
  // deal's end, and mid-deal while the finished trick pauses (it lay over the cards' middles)
  let taker = null;
  const labelAside = (text) => (!over && msg.status !== "open" ? ((taker = text), true) : false);
  renderFelt($("felt"), { view, live, mod, ctx, bottomSeat: page.seat ?? 0, toMove: msg.to_move, clock: clockNow(msg), doneSwept: page.swept !== null && page.swept === doneTrickKey(ctx), beforeTrick: fitHint, outcomeAside, labelAside });

  // whose turn
  const turn = $("turn");
  turn.classList.toggle("mine", mine);
  if (msg.status === "open") turn.textContent = t("Waiting for players…");
  else if (over) turn.textContent = t("The game is over");
  else if (msg.synthetic) {
    turn.replaceChildren(h("span", {}, t("This deal is over")),
      taker ? h("span", { class: "tag gold trick-taker", "data-testid": "trick-winner" }, taker) : "",
      outcome ? h("span", { class: "announce deal-outcome " + outcome.cls, "data-testid": "announcement" }, outcome.text) : "");
  }
  else {
    // a text, or a node with its words linked (terms.js); the paused trick's taker beside it
    turn.replaceChildren(taker ? h("span", { class: "tag gold trick-taker inline", "data-testid": "trick-winner" }, taker) : "", mod.turnText(live, ctx, mine) || "");
  }

  renderHand(ctx, mine);
  renderActions(ctx, mine);
  renderSide(ctx);
  renderBanner(ctx);
  renderOffline();
  restoreFocus(mine);
  markHinted(page.hinted?.state === msg.state ? page.hinted.text : null); // the hint's card or button (hints.js)
}

/** Wider than a phone the hint lies over the felt's bottom left corner (tapete.css): as wide
 *  as the room left of the bottom seat, and no taller than the room under the seats above it.
 *  A longer hint scrolls in its box, which then takes the keyboard's focus (on a phone too). */
function fitHint() {
  const box = $("hint");
  const card = /** @type {HTMLElement | null} */ (box.firstElementChild);
  box.style.maxWidth = "";
  if (!card) return;
  card.style.maxHeight = "";
  card.removeAttribute("tabindex");
  if (getComputedStyle(box).position !== "absolute" || !box.offsetParent) {
    // a phone: under the choices, its height capped (tapete.css); a longer one scrolls
    if (card.scrollHeight > card.clientHeight + 1) card.tabIndex = 0;
    return;
  }
  const felt = $("felt");
  const F = felt.getBoundingClientRect();
  const bottomSeat = felt.querySelector(`.seat[data-seat="${page.seat ?? 0}"]`);
  const right = (bottomSeat ? bottomSeat.getBoundingClientRect().left : F.left + F.width / 2 - 100) - 12;
  const left = box.getBoundingClientRect().left;
  box.style.maxWidth = `${Math.max(180, right - left)}px`;
  const b = box.getBoundingClientRect();
  let top = F.top + 8;
  for (const el of felt.querySelectorAll(":scope > .seat, :scope > .corner-info > *")) {
    const r = el.getBoundingClientRect();
    if (r.left < b.right && r.right > b.left && r.bottom < b.bottom) top = Math.max(top, r.bottom + 8);
  }
  card.style.maxHeight = `${Math.max(64, b.bottom - top)}px`;
  if (card.scrollHeight > card.clientHeight + 1) card.tabIndex = 0;
}

/** The page's title: the game, and "Your turn" while the tab was hidden when the turn came. */
function setTitle() {
  const game = page.msg?.view?.game || page.info?.game;
  const base = game ? `${gameTitle(game)} · tapete` : "tapete";
  document.title = page.turnNotice ? `● ${t("Your turn")} · ${base}` : base;
}

/** The key of the finished trick the felt shows (none while a trick is being played). */
function doneTrickKey(ctx) {
  const { mod, live } = ctx;
  const trick = mod.trick(live);
  const finished = mod.finishedTricks(live);
  if ((trick && trick.cards && trick.cards.length) || !finished.length) return null;
  const last = finished[finished.length - 1];
  return `${page.dealKey ?? ""}|${live.dealer ?? ""}|${finished.length}|${last.leader}|${(last.cards || []).join(",")}`;
}

function legalCardMap(legal) {
  const map = new Map();
  for (const a of legal) {
    const [verb, arg] = splitAction(a.text);
    if ((verb === "play" || verb === "discard") && parseCard(arg)) map.set(cardKey(arg), a);
  }
  return map;
}

function cardKey(code) {
  const c = parseCard(code);
  return c ? `${c.rank}|${c.suit}` : String(code);
}

function renderHand(ctx, mine) {
  const { live, mod } = ctx;
  const handEl = $("hand");
  handEl.replaceChildren();
  if (page.seat === null) {
    handEl.setAttribute("aria-label", t("Spectator: only public cards are shown"));
    handEl.append(h("p", { class: "empty", style: "color:#fff" }, t("You are watching: only the cards everybody may see are shown.")));
    return;
  }
  handEl.setAttribute("aria-label", t("Your hand"));
  handEl.classList.toggle("offline", page.everOnline && !page.online);
  if (page.everOnline && !page.online) handEl.setAttribute("aria-disabled", "true");
  else handEl.removeAttribute("aria-disabled");
  const cards = mod.handOf(live);
  const legalCards = legalCardMap(page.msg.legal);
  const selecting = mod.selectsCards?.(live, page.msg.legal) && mine;
  if (mod.handHidden?.(live)) {
    const count = (mod.cardsHeld(live) || [])[page.seat] || 0;
    // a card you may play without seeing it (La Pocha's ronda india and ronda ciega): the one
    // legal play is sent when the face-down card is clicked; its text is not shown. The server
    // sends that play sealed (protocol.md, *Sealed actions*): no card, a placeholder to send back
    const plays = mine && mod.playHidden?.(live) ? page.msg.legal.filter((a) => splitAction(a.text)[0] === "play") : [];
    for (let i = 0; i < count; i++) {
      if (plays.length === 1) {
        const el = cardElement(null, { legal: true, label: t("Your card, face down: play it"), onPick: () => send(plays[0].sealed ? plays[0].action : plays[0].text) });
        el.setAttribute("aria-label", t("Your card, face down: play it"));
        el.dataset.key = "card:hidden:" + i;
        el.dataset.hidden = "1";
        el.tabIndex = i === 0 ? 0 : -1;
        handEl.append(el);
      } else handEl.append(cardElement(null));
    }
    handEl.append(h("span", { class: "sr-only" }, t("Your cards are face down")));
    return;
  }
  const verb = mod.cardVerb(live);
  handEl.classList.toggle("few", cards.length <= (window.innerWidth < 600 ? 5 : 9));
  cards.forEach((code) => {
    const legal = mine && legalCards.has(cardKey(code));
    const selected = page.selected.some((c) => cardKey(c) === cardKey(code));
    const mark = mod.cardMark?.(live, code, ctx);
    const label = cardName(code) + (mark ? ` (${mark})` : "") + (legal ? "" : verb && mine ? `, ${t("not playable now")}` : "");
    const el = cardElement(code, {
      legal: legal && !selecting ? true : legal,
      selected,
      label,
      onPick: (c, node) => pickCard(c, node, ctx, selecting),
    });
    if (mark) el.classList.add(mod.markClass?.(live, code) || "matador");
    if (mine && verb && !legal) el.classList.add("dim");
    if (page.handSeen && !page.handSeen.has(code)) el.classList.add("deal-in");
    el.dataset.key = "card:" + cardKey(code);
    el.tabIndex = -1;
    handEl.append(el);
  });
  page.handSeen = new Set(cards);
  // one tab stop in the hand (roving tabindex): the focused, else first legal, else first card
  const btns = [.../** @type {NodeListOf<HTMLButtonElement>} */ (handEl.querySelectorAll("button.card"))];
  const first = btns.find((b) => b.classList.contains("legal")) || btns[0];
  if (first) first.tabIndex = 0;
}

function pickCard(code, node, ctx, selecting) {
  if (pace.incoming.length) {
    // the page was still showing a finished trick: catch up, then take the click there
    catchUp();
    const now = ctxFor(page.msg);
    const mine = page.seat !== null && page.msg.to_move === page.seat && page.msg.legal.length > 0;
    return pickCard(code, null, now, !!(now.mod.selectsCards?.(now.live, page.msg.legal) && mine));
  }
  const msg = page.msg;
  const { live, mod } = ctx;
  if (selecting) {
    const k = cardKey(code);
    const i = page.selected.findIndex((c) => cardKey(c) === k);
    if (i >= 0) page.selected.splice(i, 1);
    else if (legalCardMap(msg.legal).has(k)) page.selected.push(code);
    else return refuseLocally(node, t("You cannot throw that card away now"));
    page.focusKey = "card:" + k;
    render();
    announce(i >= 0 ? t("{card} kept", { card: cardName(code) }) : t("{card} chosen to throw away", { card: cardName(code) }));
    return;
  }
  const action = legalCardMap(msg.legal).get(cardKey(code));
  if (action) return send(action.text);
  const verb = mod.cardVerb(live);
  if (page.seat === null) return refuseLocally(node, t("You are watching this table"));
  if (msg.to_move !== page.seat) return refuseLocally(node, reasonText("not_your_turn", t("It is not your turn")));
  if (!verb) return refuseLocally(node, t("No card is played now"));
  // ask the engine: the server refuses with the rule's reason
  node.classList.add("shake");
  setTimeout(() => node.classList.remove("shake"), 400);
  send(`${verb} ${code}`);
}

function refuseLocally(node, text) {
  if (node) {
    node.classList.add("shake");
    setTimeout(() => node.classList.remove("shake"), 400);
  }
  showRefusal(text);
}

function showRefusal(text) {
  const el = $("refusal");
  el.replaceChildren(text ? h("span", { role: "alert" }, text) : "");
  if (text) announce(text);
}

function renderActions(ctx, mine) {
  const { live, mod } = ctx;
  const box = $("actions");
  box.replaceChildren();
  box.classList.toggle("offline", page.everOnline && !page.online);
  if (!mine) return;
  const buttons = mod.actionButtons(page.msg.legal, live, ctx);
  for (const b of buttons) {
    if (b.amounts) {
      box.append(amountControl(b));
      continue;
    }
    const label = [b.label];
    const btn = h("button", {
      type: "button",
      class: "btn" + (b.primary ? " primary" : ""),
      disabled: b.disabled || !b.action,
      title: b.title || null,
      "data-action": b.action?.text || null,
      onclick: () => {
        if (b.exchange) return exchange(b.action);
        send(b.action.text);
      },
    }, ...label, b.cost !== undefined && b.cost !== null ? h("span", { class: "cost", "aria-label": t("costs {n}", { n: b.cost }) }, String(b.cost)) : null);
    btn.dataset.key = "act:" + (b.action?.text || b.label);
    if (page.everOnline && !page.online) btn.setAttribute("aria-disabled", "true"); // offline: a click waits (send)
    box.append(btn);
  }
  // TableInfo.hints === false: a table where hints are off (a rated game)
  if (page.hintOk && page.seat !== null && page.info?.hints !== false) {
    const busy = page.thinking === page.msg.state;
    box.append(h("button", { type: "button", class: "btn quiet hint-btn", "data-key": "hint", "aria-disabled": busy ? "true" : null, "aria-describedby": "hint", onclick: askHint }, busy ? t("Thinking…") : t("Hint")));
  }
}

function amountControl(b) {
  const items = b.amounts;
  const min = items[0].amount;
  const max = items[items.length - 1].amount;
  const id = `amount-${b.verb}`;
  const wrap = h("div", { class: "amount", role: "group", "aria-label": b.label });
  const output = h("output", { for: id, id: id + "-out" }, String(min));
  const btn = h("button", { type: "button", class: "btn primary", "data-key": "act:" + b.verb, "data-verb": b.verb }, b.label + " ", h("span", { class: "cost" }, String(min)));
  const choose = (value) => {
    const item = items.find((x) => x.amount === Number(value)) || items[0];
    output.textContent = String(item.amount);
    btn.querySelector(".cost").textContent = String(item.amount);
    btn.onclick = () => send(item.action.text);
    btn.dataset.action = item.action.text;
  };
  if (items.length > 1) {
    const range = h("input", { type: "range", id, min: String(min), max: String(max), step: "1", value: String(min), "aria-label": t("Amount"), "data-key": "range:" + b.verb });
    range.addEventListener("input", () => choose(range.value));
    wrap.append(range, output);
  }
  wrap.append(btn);
  choose(min);
  return wrap;
}

function exchange(drawAction) {
  const discards = page.selected.map((c) => `discard ${c}`);
  page.queue = [...discards.slice(1), drawAction.text];
  page.selected = [];
  if (discards.length) send(discards[0]);
  else {
    page.queue = [];
    send(drawAction.text);
  }
}

function renderSide(ctx) {
  const { view, live, mod } = ctx;
  const box = $("panels");
  box.replaceChildren();
  for (const p of mod.panels(view, live, ctx)) {
    box.append(h("section", { "aria-label": p.title }, h("h2", {}, p.title), p.node));
  }
  markScrolling(box);
}

/** A sheet wider than its box scrolls sideways in it (Tresillo's four seats in the side panel):
 *  marked, so that a shade at its right edge says so where the scroll bar is thin or hidden. */
function markScrolling(root) {
  for (const wrap of root.querySelectorAll(".sheet-wrap")) wrap.classList.toggle("scrolls", wrap.scrollWidth > wrap.clientWidth + 1);
}

// The address friends open (GET /api/server, docs/hosting.md): the server's public URL,
// else its network address when this browser used a loopback one, else this browser's.
function shareBase() {
  const s = page.server || {};
  if (s.public_url) return { base: s.public_url };
  const host = window.location.hostname.replace(/^\[|\]$/g, "");
  if (!(host === "localhost" || host === "::1" || host.startsWith("127."))) return { base: window.location.origin };
  if (s.lan?.length) {
    const others = s.lan.slice(1).join(", ");
    return { base: s.lan[0], note: others ? t("Other addresses of this server: {list}", { list: others }) : null };
  }
  const note = s.local_only ? t("Only this computer can open this link. To play with friends on your network, start the server with --host 0.0.0.0 (docs/hosting.md).") : null;
  return { base: window.location.origin, note };
}

function renderBanner(ctx) {
  const msg = page.msg;
  const felt = $("felt");
  if (msg.status === "open") {
    const share = shareBase();
    const url = share.base + "/t/" + encodeURIComponent(tableId);
    const admin = adminToken(tableId);
    const banner = h("div", { class: "banner", role: "dialog", "aria-label": t("Waiting for players") },
      h("h2", {}, t("Waiting for players")),
      h("p", {}, t("Send this link to the friends who will play:")),
      h("div", { class: "share-box" }, h("input", { readonly: true, value: url, "aria-label": t("Link to this table"), onclick: (e) => e.target.select() }),
        h("button", { type: "button", class: "btn", onclick: (e) => {
          const btn = e.currentTarget;
          Promise.resolve(navigator.clipboard?.writeText(url)).then(() => { btn.textContent = t("Copied"); announce(t("Copied")); }, () => {});
        } }, t("Copy"))),
      share.note ? h("p", { "data-testid": "share-note", style: "font-size:.9rem" }, share.note) : null,
      admin ? h("p", {}, h("button", { type: "button", class: "btn primary", id: "start", "data-key": "start", onclick: startTable }, t("Start now (bots take the free seats)"))) : null);
    felt.append(banner);
    return;
  }
  if (msg.status === "closed") {
    felt.append(h("div", { class: "banner", role: "dialog", "aria-label": t("This table was closed: nobody was left.") },
      h("h2", {}, t("This table was closed: nobody was left.")),
      h("p", { class: "row", style: "justify-content:center" },
        h("a", { class: "btn", href: "/replay/" + encodeURIComponent(tableId) }, t("Watch the replay")),
        h("a", { class: "btn quiet", href: "/" }, t("Lobby")))));
    return;
  }
  const res = ctx.mod.results(ctx.view, ctx.live, ctx);
  // the last trick is seen before the result covers the felt: it comes after the hold
  const held = pace.sweepAt !== null || pace.sweepEnd !== null;
  if ((msg.to_move === -4 || msg.status === "finished") && (res || msg.returns) && !held) {
    const values = msg.returns || res?.values || [];
    const admin = adminToken(tableId);
    const toggle = (hidden) => () => {
      page.bannerHidden = hidden;
      page.focusKey = hidden ? "show-result" : "hide-result";
      render();
      // "See the table" brings the table in sight: under the dialog a phone's page may have been
      // scrolled down to the side panel's sheets
      const top = $("felt").getBoundingClientRect().top;
      if (hidden && (top < 0 || top > window.innerHeight / 2)) document.querySelector(".play-area").scrollIntoView({ block: "start" });
    };
    if (page.bannerHidden) {
      // under the felt, in the turn line: the seats stay uncovered
      $("turn").replaceChildren(h("div", { class: "banner mini", role: "region", "aria-label": t("The game is over"), "data-testid": "game-over" },
        h("h2", {}, res?.title || t("The game is over")),
        h("button", { type: "button", class: "btn", "data-key": "show-result", onclick: toggle(false) }, t("Show the result"))));
      return;
    }
    const order = ranking(values);
    // the dialog's sheet shows names whole where they fit, wrapped in their columns ("Anastasi…"
    // was cut to 9 letters in an 820px dialog), else cut to 22 letters, else as the side panel's
    const seats = msg.seats || page.info?.seats || [];
    const sheetWith = (most) => ctx.mod.finalSheet?.(ctx.view, ctx.live, most ? { ...ctx, seatShort: (s) => seatShortFrom(seats, s, most) } : ctx) || null;
    const sheet = sheetWith(Infinity);
    const rows = order.map((r) => h("tr", { class: r.place === 1 ? "first" : null },
      h("td", { class: "place" }, String(r.place)), h("th", { scope: "row" }, ctx.seatName(r.seat)), h("td", {}, (r.value > 0 && !res?.stacks ? "+" : "") + r.value))); // chip stacks unsigned
    const dialog = h("div", { class: "end-dialog" + (sheet ? " with-sheet" : ""), role: "dialog", "aria-labelledby": "end-title", "data-testid": "game-over" },
      h("h2", { id: "end-title", tabindex: "-1" }, res?.title || t("The game is over")),
      h("p", { class: "winner", "data-testid": "winner" }, winnerText(order, ctx)),
      h("table", { class: "ranking", "aria-label": t("Ranking") },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Place")), h("th", { scope: "col" }, t("Player")), h("th", { scope: "col" }, t("Result")))),
        h("tbody", {}, rows)),
      h("p", { class: "row end-buttons" },
        msg.rematch ? h("a", { class: "btn primary", href: "/t/" + encodeURIComponent(msg.rematch), onclick: () => carryToken(msg.rematch) }, t("Go to the rematch")) :
          admin ? h("button", { type: "button", class: "btn primary", onclick: rematch }, t("Rematch")) : null,
        h("a", { class: "btn", href: "/replay/" + encodeURIComponent(tableId), "data-key": "replay" }, t("Watch the replay")),
        h("a", { class: "btn quiet", href: "/" }, t("Lobby")),
        h("button", { type: "button", class: "btn quiet", "data-key": "hide-result", onclick: toggle(true) }, t("See the table"))),
      sheet ? h("section", { class: "end-sheet", "aria-label": t("Score sheet") }, h("h3", {}, t("Score sheet")), sheet) : null);
    const layer = h("div", { class: "end-layer" }, dialog);
    felt.append(layer);
    // a sheet wider than its box scrolls: shorter names then (Tresillo's eight columns on a phone)
    const section = dialog.querySelector(".end-sheet");
    for (const most of [22, null]) {
      const wrap = section?.querySelector(".sheet-wrap");
      if (!wrap || wrap.scrollWidth <= wrap.clientWidth + 1) break;
      section.lastElementChild.replaceWith(sheetWith(most));
    }
    markScrolling(dialog);
    if (page.endShown !== msg.state) {
      // the end is a moment: the dialog takes the focus once
      page.endShown = msg.state;
      dialog.querySelector("h2").focus({ preventScroll: true });
    }
  }
}

function carryToken(newId) {
  const tok = seatToken(tableId);
  if (tok) setSeatToken(newId, tok);
  const adm = adminToken(tableId);
  if (adm) window.localStorage.setItem(`tapete.admin.${newId}`, adm);
}

function clockNow(msg) {
  const c = msg.clock;
  if (!c || c.remaining === null || c.remaining === undefined) return c;
  return { ...c, remaining: c.remaining - (performance.now() - page.clockAt) / 1000 };
}

function tickClock() {
  const msg = page.msg;
  if (!msg) return;
  const c = clockNow(msg);
  const el = document.querySelector("[data-clock]");
  if (el && c && c.remaining !== null) el.textContent = formatClock(c.remaining);
}

// -- focus: never lost across re-renders -----------------------------------------------------

const REDRAWN = ["felt", "hand", "actions", "panels", "refusal"];

function rememberFocus() {
  const el = /** @type {HTMLElement | null} */ (document.activeElement);
  page.hadFocus = !!el && REDRAWN.some((id) => $(id).contains(el));
  if (el && el.dataset && el.dataset.key) page.focusKey = el.dataset.key;
  else if (page.hadFocus) page.focusKey = null;
}

function restoreFocus(mine) {
  const active = document.activeElement;
  const onFallback = active === $("hand");
  if (active && active !== document.body && !onFallback && document.contains(active)) return;
  if (!page.hadFocus && !onFallback) return;
  let target = page.focusKey ? document.querySelector(`[data-key="${CSS.escape(page.focusKey)}"]`) : null;
  if (!target && mine) target = document.querySelector("#hand button.card.legal") || document.querySelector("#actions button:not([disabled])");
  if (!target) target = document.querySelector("#felt .banner a, #felt .banner button, #felt .end-dialog a, #felt .end-dialog button");
  if (!target) target = $("hand");
  /** @type {HTMLElement} */ (target).focus({ preventScroll: true });
}

// -- keyboard -------------------------------------------------------------------------------

function cardAliases(code) {
  const c = parseCard(code);
  if (!c) return [];
  if (c.spanish) return [`${c.rank}${code.slice(-1)}`.toLowerCase()];
  const letter = { clubs: "c", diamonds: "d", hearts: "h", spades: "s" }[c.suit];
  const ranks = [c.rank.toLowerCase()];
  if (c.rank === "10") ranks.push("t");
  const out = [];
  for (const r of ranks) out.push(letter + r, r + letter);
  return [...out, ...shownAliases(code)]; // a Tresillo card drawn Spanish: "rc" too
}

function onKey(event) {
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const hand = $("hand");
  if ((event.key === "ArrowLeft" || event.key === "ArrowRight") && hand.contains(document.activeElement)) {
    const cards = [.../** @type {NodeListOf<HTMLButtonElement>} */ (hand.querySelectorAll("button.card"))];
    const i = /** @type {Element[]} */ (cards).indexOf(document.activeElement);
    if (i >= 0) {
      const next = cards[(i + (event.key === "ArrowRight" ? 1 : -1) + cards.length) % cards.length];
      cards.forEach((c) => (c.tabIndex = -1));
      next.tabIndex = 0;
      next.focus();
      event.preventDefault();
    }
    return;
  }
  if (event.key.length !== 1 || !/[0-9a-zA-Z♣♦♥♠]/.test(event.key)) return;
  const now = performance.now();
  page.typed = (now - page.typedAt > 1500 ? "" : page.typed) + event.key.toLowerCase();
  page.typedAt = now;
  // a card by its notation: focus it (Enter plays it)
  const cards = [.../** @type {NodeListOf<HTMLButtonElement>} */ (hand.querySelectorAll("button.card"))];
  const matches = cards.filter((b) => cardAliases(b.dataset.card).includes(page.typed));
  if (matches.length === 1) {
    cards.forEach((c) => (c.tabIndex = -1));
    matches[0].tabIndex = 0;
    matches[0].focus();
    page.typed = "";
    event.preventDefault();
    return;
  }
  // a bid or an amount by its number
  if (/^\d+$/.test(page.typed)) {
    const btn = [.../** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#actions button[data-action]"))].find((b) => splitAction(b.dataset.action)[1] === page.typed);
    if (btn) {
      btn.focus();
      event.preventDefault();
    }
  }
}

// -- talking to the server -------------------------------------------------------------------

function send(text) {
  if (!page.msg || !page.socket) return;
  showRefusal("");
  clearHint();
  if (page.online && page.socket.act(page.msg.state, text) !== null) return;
  // not connected: nothing clicked is lost. The choice waits and is sent once the connection
  // is back, if the table is still where it was when it was made (renderOffline says so)
  const entry = page.msg.legal.find((a) => a.text === text || a.action === text);
  page.outbox = { state: page.msg.state, text, entryText: entry ? entry.text : text, label: actionText(entry ? entry.text : text) };
  page.queue = [];
  announce(t("Not connected: your choice «{choice}» will be sent when the connection is back", { choice: page.outbox.label }));
  renderOffline();
  page.socket.reconnectNow?.();
}

/** After a reconnection: send the choice made while offline if the table has not moved. */
function sendOutbox() {
  const box = page.outbox;
  if (!box || !page.msg || !page.online) return;
  page.outbox = null;
  const entry = page.msg.state === box.state && page.msg.to_move === page.seat ? page.msg.legal.find((a) => a.text === box.entryText) : null;
  if (entry) send(entry.sealed ? entry.action : entry.text);
  else showRefusal(t("Your choice «{choice}» was not sent: the table moved on while you were not connected", { choice: box.label }));
  renderOffline();
}

/** The banner over the play area while the connection is lost: the hand and the buttons are
 *  marked disabled; a choice made meanwhile is named, to be sent when the connection is back. */
function renderOffline() {
  let el = $("offline");
  const offline = page.everOnline && !page.online;
  if (!offline) {
    if (el) el.remove();
    document.body.classList.remove("offline");
    publish();
    return;
  }
  document.body.classList.add("offline");
  if (!el) {
    // made once: the retries redraw the page, and the banner's button must stay the same node
    // (a click or the keyboard's focus on it is not lost); only its words change
    el = h("div", { id: "offline", class: "offline-banner", role: "alert", "data-testid": "offline" },
      h("span", { class: "spinner", "aria-hidden": "true" }),
      h("strong", { "data-part": "title" }), " ",
      h("span", { "data-part": "note" }), " ",
      h("button", { type: "button", class: "btn small", "data-testid": "reconnect", onclick: () => page.socket?.reconnectNow?.() }));
    const area = document.querySelector(".play-area");
    area.insertBefore(el, area.firstChild);
  }
  const words = {
    title: t("Connection lost: reconnecting…"),
    note: page.outbox ? t("Your choice «{choice}» will be sent when the connection is back.", { choice: page.outbox.label }) : t("Your cards and buttons wait until it is back."),
  };
  for (const [part, text] of Object.entries(words)) {
    const node = el.querySelector(`[data-part=${part}]`);
    if (node.textContent !== text) node.textContent = text;
  }
  const button = el.querySelector("[data-testid=reconnect]");
  if (button.textContent !== t("Try now")) button.textContent = t("Try now");
  publish();
}

function askHint() {
  if (!page.msg || page.thinking === page.msg.state) return;
  page.thinking = page.msg.state;
  const box = $("hint");
  box.setAttribute("aria-busy", "true");
  box.replaceChildren(h("span", { class: "thinking", "data-over-felt": "1" }, h("span", { class: "spinner", "aria-hidden": "true" }), t("The bot is thinking…")));
  announce(t("The bot is thinking…"));
  page.socket.send({ type: "hint", state: page.msg.state });
  render();
}

function showHint(msg) {
  page.thinking = null;
  const box = $("hint");
  box.removeAttribute("aria-busy");
  const { head, reasons } = hintSentence(msg, actionText);
  page.hinted = { state: msg.state, text: msg.text };
  box.replaceChildren(h("div", { class: "hint-card", "data-testid": "hint", "data-over-felt": "1" },
    h("strong", {}, head),
    reasons.length ? h("ul", {}, reasons.map((r) => h("li", {}, r))) : null));
  announce([head, ...reasons].join(" "));
  render();
}

function clearHint() {
  page.thinking = null;
  $("hint").removeAttribute("aria-busy");
  $("hint").replaceChildren();
}

async function leaveTable() {
  if (!window.confirm(t("Leave this table? A bot plays your seat until someone takes it."))) return;
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/leave`, { method: "POST", body: { token: seatToken(tableId) } });
  } catch (e) {
    showRefusal(errorText(e));
    return;
  }
  setSeatToken(tableId, null);
  window.location.href = "/";
}

async function startTable() {
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/start`, { method: "POST", body: { admin_token: adminToken(tableId) } });
  } catch (e) {
    showRefusal(errorText(e));
  }
}

async function rematch() {
  try {
    const res = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, { method: "POST", body: { admin_token: adminToken(tableId) } });
    carryToken(res.table.id);
    window.location.href = "/t/" + encodeURIComponent(res.table.id);
  } catch (e) {
    showRefusal(errorText(e));
  }
}

function errorText(e) {
  if (e instanceof ApiError) return reasonText(e.code, e.detail);
  return String(e);
}

function onMessage(msg) {
  if (chatMessage(msg)) return; // chat, chat_log and chat refusals (js/chat.js)
  switch (msg.type) {
    case "welcome":
      // a new connection's first state carries the whole log again
      page.freshLog = true;
      page.seat = msg.seat;
      page.info = msg.table;
      $("seat-note").textContent = page.seat === null ? t("Watching") : t("You play {seat}", { seat: seatNameFrom(msg.table.seats, page.seat) });
      fitGameTitle();
      $("leave").hidden = page.seat === null;
      $("key-help").hidden = page.seat === null; // a spectator has no cards to pick
      if ($("turn-sound")) $("turn-sound").closest("label").hidden = page.seat === null;
      return;
    case "state":
      receiveState(msg);
      return;
    case "presence": // a seat connected or left: the seat list only
      if (page.info) page.info.seats = msg.seats;
      if (page.msg) {
        page.msg.seats = msg.seats;
        render();
      }
      return;
    case "refused":
      if (msg.code === "hint_failed" && page.thinking !== null) { // the hint's own refusal
        clearHint();
        $("hint").replaceChildren(h("div", { class: "hint-card", "data-testid": "hint-failed", "data-over-felt": "1" }, reasonText(msg.code, msg.detail)));
        render();
        return;
      }
      page.queue = [];
      if (page.hintProbe && msg.id == null) { // (an action's refusal carries the action's id)
        page.hintProbe = false;
        page.hintOk = !["unknown_type", "hints_off", "bad_message"].includes(msg.code);
        render();
        return;
      }
      if (page.thinking !== null) clearHint();
      if (msg.code === "stale_state") return; // a newer state is on its way
      showRefusal(refusalText(msg));
      return;
    case "hint":
      if (page.hintProbe) {
        page.hintProbe = false;
        page.hintOk = true;
        render();
        return;
      }
      if (page.msg && msg.state !== page.msg.state) return; // the table moved on
      showHint(msg);
      return;
    case "error":
      if (page.hintProbe && (msg.code === "unknown_type" || msg.code === "bad_message")) {
        page.hintProbe = false;
        page.hintOk = false; // this server has no hints: the button stays hidden
        return;
      }
      if (msg.code === "bad_token") {
        setSeatToken(tableId, null);
        page.socket.hello(null);
        return;
      }
      showRefusal(reasonText(msg.code, msg.detail));
      return;
    default:
      return;
  }
}

/**
 * A refusal for people: the rule's sentence in the page's language; in English the engine's
 * own words follow, in other languages the cards that may be played (so nothing is English).
 */
function refusalText(msg) {
  if (msg.code !== "illegal" && msg.code !== "bad_notation") return reasonText(msg.code, msg.detail);
  const sentence = reasonText(msg.reason, msg.detail);
  if (currentLanguage() === "en") return msg.detail && msg.detail !== sentence ? `${sentence} (${msg.detail})` : sentence;
  const hidden = page.msg && ctxFor(page.msg).mod.handHidden?.(ctxFor(page.msg).live);
  const cards = (hidden ? [] : page.msg?.legal || [])
    .map((a) => splitAction(a.text))
    .filter(([verb, arg]) => (verb === "play" || verb === "discard") && parseCard(arg))
    .map(([, arg]) => cardName(arg));
  return cards.length ? `${sentence} ${t("You can play: {cards}.", { cards: cards.join(", ") })}` : sentence;
}

function actionText(text) {
  // a choice reads as its button does ("Bid 2", "Reveal (вскрываюсь)")
  if (page.msg) {
    const ctx = ctxFor(page.msg);
    for (const b of ctx.mod.actionButtons(page.msg.legal, ctx.live, ctx)) {
      if (b.action && b.action.text === text) return b.label;
      const item = (b.amounts || []).find((x) => x.action.text === text);
      if (item) return `${b.label} ${item.amount}`;
    }
  }
  const [verb, arg] = splitAction(text);
  // a card this seat may not see (La Pocha's ronda india and ciega) is not named
  if (verb === "play" && page.msg) {
    const ctx = ctxFor(page.msg);
    if (ctx.mod.handHidden?.(ctx.live)) return t("Play your face-down card");
  }
  // one phrase each, so that a language words it whole (Russian "ход — тройка треф": "сыграть
  // тройка треф" wanted the card's name in another case)
  if (verb === "play" && parseCard(arg)) return t("play {card}", { card: cardName(arg) });
  if (verb === "discard" && parseCard(arg)) return t("discard {card}", { card: cardName(arg) });
  return text;
}

/** The last deal's end in the side panel (never over the felt): its sentence, and the game's
 *  table of it where it has one; `fresh` marks it new for a moment. */
function showDealSummary(msg, text, fresh) {
  const box = $("deal-summary");
  if (!box || !text) return;
  const node = gameModule(msg.view.game).dealSummaryNode?.(msg.view, ctxFor(msg)) || null;
  box.replaceChildren(...[h("h2", {}, t("Last deal")), h("p", { "data-testid": "deal-summary-text" }, text), node].filter(Boolean));
  box.hidden = false;
  // the box takes room from the log below it: keep the log at its last line (logEvents put it there)
  const log = $("log");
  if (log) log.scrollTop = log.scrollHeight;
  box.classList.toggle("fresh", !!fresh);
  if (fresh) announce(text);
}

function dealSummary(msg) {
  const mod = gameModule(msg.view.game);
  if (!mod.dealIndex || !mod.dealSummary) return null;
  const key = mod.dealIndex(msg.view);
  const prev = page.dealKey;
  page.dealKey = key;
  if (prev === undefined || prev === null || key === prev) return null;
  return mod.dealSummary(msg.view, ctxFor(msg));
}

/** A `state` message from the server: split where a match's deal ended in it (the deal's end
 *  is shown first: its last trick, then the next deal), then queued (see *pacing*). */
function receiveState(msg) {
  const fresh = page.freshLog || !page.msg;
  const urgent = fresh || document.hidden || (msg.ack !== null && msg.ack !== undefined);
  for (const m of splitAtDealEnd(msg, fresh)) pace.incoming.push(m);
  if (urgent) catchUp();
  else pump();
}

/** The last state number queued or shown. */
function lastKnownState() {
  const last = pace.incoming[pace.incoming.length - 1] || page.msg;
  return last ? last.state : -1;
}

function splitAtDealEnd(msg, fresh) {
  const last = msg.last_deal;
  if (!last || !last.view) return [msg];
  // with no live deal (the match is over) the felt shows the deal that ended
  const whole = msg.view.deal ? msg : { ...msg, view: { ...msg.view, deal: last.view } };
  if (fresh || !(lastKnownState() < last.move && last.move <= msg.state)) return [whole];
  const events = msg.events || [];
  const end = {
    ...msg,
    state: last.move,
    view: { ...msg.view, deal: last.view },
    to_move: -2,
    legal: [],
    returns: null,
    status: "playing",
    events: events.filter((e) => e.move < last.move),
    synthetic: true,
  };
  return [end, { ...whole, events: events.filter((e) => e.move >= last.move) }];
}

/** Draw the waiting states as the pacing allows. */
function pump() {
  clearTimeout(pace.timer);
  pace.timer = null;
  for (;;) {
    const now = performance.now();
    if (pace.sweepAt !== null) {
      if (now < pace.sweepAt) return arm(pace.sweepAt - now);
      startSweep();
      continue;
    }
    if (pace.sweepEnd !== null) {
      if (now < pace.sweepEnd) return arm(pace.sweepEnd - now);
      endSweep();
      continue;
    }
    if (!pace.incoming.length) break;
    if (now < pace.nextAt) return arm(pace.nextAt - now);
    applyState(pace.incoming.shift());
  }
  publish();
}

function arm(ms) {
  pace.timer = setTimeout(pump, Math.max(0, ms));
  publish();
}

/** Draw every waiting state now (this seat's own action answered, a hidden tab, a click). */
function catchUp() {
  clearTimeout(pace.timer);
  pace.timer = null;
  while (pace.incoming.length) {
    // a trick held or being swept gives way to the states after it
    pace.sweepAt = pace.sweepEnd = null;
    pace.sweepKey = undefined;
    applyState(pace.incoming.shift());
  }
  pump();
}

function startSweep() {
  pace.sweepAt = null;
  const msg = page.msg;
  const ctx = msg ? ctxFor(msg) : null;
  const key = ctx ? doneTrickKey(ctx) : null;
  const ms = sweepMs();
  if (!key) return;
  const finished = ctx.mod.finishedTricks(ctx.live);
  const winner = finished[finished.length - 1].winner;
  if (ms > 0 && winner !== null && winner !== undefined && sweepTrick($("felt"), winner, ms)) {
    pace.sweepEnd = performance.now() + ms;
    pace.sweepKey = key;
    document.dispatchEvent(new CustomEvent("tapete:sweep", { detail: { state: msg.state, phase: "start", winner } }));
  } else {
    pace.sweepKey = key;
    endSweep();
  }
}

function endSweep() {
  pace.sweepEnd = null;
  if (pace.sweepKey === undefined) return;
  page.swept = pace.sweepKey;
  pace.sweepKey = undefined;
  if (page.msg) render();
  document.dispatchEvent(new CustomEvent("tapete:sweep", { detail: { state: page.msg?.state, phase: "end" } }));
}

/** What tests and tools may read of the page's pacing (see *pacing*). */
function publish() {
  const info = {
    state: page.msg ? page.msg.state : null,
    synthetic: !!page.msg?.synthetic,
    pending: pace.incoming.length,
    holding: pace.sweepAt !== null,
    sweeping: pace.sweepEnd !== null,
    swept: page.swept,
    holdMs: holdMs(),
    sweepMs: sweepMs(),
    online: page.online,
    outbox: page.outbox ? page.outbox.entryText : null,
    turnNotice: page.turnNotice,
  };
  window.__tapete = info;
  document.body.dataset.pending = String(info.pending);
  document.body.dataset.online = info.online ? "1" : "0";
}

/** Apply one state: draw it, log it, and start the hold when it completes a trick. */
function applyState(msg) {
  const prevTricks = page.lastTricks;
  const prevDeal = page.dealKey;
  onState(msg);
  const ctx = ctxFor(msg);
  const finished = ctx.mod.finishedTricks(ctx.live).length;
  const trickDone = doneTrickKey(ctx) !== null && prevTricks >= 0 && finished > prevTricks && (prevDeal === page.dealKey || msg.synthetic);
  const now = performance.now();
  const hold = trickDone ? holdMs() : 0;
  if (hold > 0) {
    pace.sweepAt = now + hold;
    pace.nextAt = now + hold;
  } else {
    pace.nextAt = now + gapMs();
    if (trickDone) pace.sweepAt = now; // a hidden tab: swept at once
  }
  const mine = page.seat !== null && msg.to_move === page.seat && msg.legal.length > 0;
  if (mine && !page.wasMine && document.hidden) notifyTurn();
  page.wasMine = mine;
  publish();
  document.dispatchEvent(new CustomEvent("tapete:state", { detail: { state: msg.state, synthetic: !!msg.synthetic, trickDone } }));
}

// -- your turn, noticed ------------------------------------------------------------------------

const SOUND_KEY = "tapete.turnSound";

function soundOn() {
  try {
    return window.localStorage.getItem(SOUND_KEY) === "1";
  } catch {
    return false;
  }
}

/** The turn came while the tab was hidden: the title says so, and a short tone if chosen. */
function notifyTurn() {
  page.turnNotice = true;
  setTitle();
  if (soundOn()) beep();
}

function beep() {
  try {
    page.audio ||= new (window.AudioContext || window.webkitAudioContext)();
    const ctx = page.audio;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.0001, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, ctx.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.35);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.4);
  } catch {
    /* no sound here */
  }
}

function mountSoundToggle() {
  const area = document.querySelector(".my-area");
  if (!area || $("turn-sound")) return;
  const box = h("input", { type: "checkbox", id: "turn-sound", checked: soundOn() });
  box.addEventListener("change", () => {
    try {
      window.localStorage.setItem(SOUND_KEY, box.checked ? "1" : "0");
    } catch {
      /* kept for this page only */
    }
    if (box.checked) {
      page.audio ||= new (window.AudioContext || window.webkitAudioContext)(); // made on a click: allowed to sound
      page.audio.resume?.();
    }
  });
  const label = h("label", { class: "turn-sound", for: "turn-sound" }, box, " ", h("span", { "data-i18n": "A sound when it is my turn and this tab is hidden" }, t("A sound when it is my turn and this tab is hidden")));
  area.append(label);
}

function onVisibility() {
  if (document.hidden) {
    catchUp(); // nothing waits in a hidden tab
    return;
  }
  if (page.turnNotice) {
    page.turnNotice = false;
    setTitle();
    publish();
  }
}

function onState(msg) {
  if (page.freshLog) {
    $("log").replaceChildren();
    page.lastTricks = -1;
  }
  const first = !page.msg || page.freshLog;
  page.freshLog = false;
  const prevState = page.msg?.state ?? -1;
  if (!knownGame(msg.view.game)) {
    // a game this page cannot draw: say so, never draw it as another game
    $("felt").replaceChildren(unknownGameBanner(msg.view.game));
    document.body.dataset.game = String(msg.view.game || "");
    return;
  }
  page.msg = msg;
  page.clockAt = performance.now();
  document.body.dataset.state = String(msg.state); // for tests and people who inspect the page
  document.body.dataset.game = String(msg.view.game || "");
  document.body.dataset.phase = String(gameModule(msg.view.game).live(msg.view).phase || "");
  if (msg.seats && page.info) page.info.seats = msg.seats;
  if (msg.state !== prevState) page.selected = page.selected.filter((c) => msg.legal.some((a) => a.text === `discard ${c}`));
  if (msg.state !== prevState && page.thinking !== null) clearHint();
  if (msg.state !== prevState && !page.thinking) $("hint").replaceChildren();
  logEvents(msg, first);
  const summary = dealSummary(msg);
  render();
  if (summary) showDealSummary(msg, summary, !first);
  else if (first && $("deal-summary")?.hidden) {
    // a page opened in the middle of a session: the last deal that ended, quietly
    const mod = gameModule(msg.view.game);
    const text = mod.dealIndex?.(msg.view) ? mod.dealSummary?.(msg.view, ctxFor(msg)) : null;
    if (text) showDealSummary(msg, text, false);
  }
  if (first && page.seat !== null) {
    // does this server give hints? A state number far ahead is refused (stale_state or
    // not_your_turn) without any bot thinking; a server without hints says unknown_type
    page.hintProbe = true;
    page.socket.send({ type: "hint", state: msg.state + 1000000 });
  }
  // the exchange: send the queued discards, then the draw, one state after another
  if (page.queue.length && msg.to_move === page.seat) {
    const next = page.queue[0];
    if (msg.legal.some((a) => a.text === next)) {
      page.queue.shift();
      send(next);
    } else page.queue = [];
  }
  if (first) sendOutbox();
}

// Actions that turn cards to find the first dealer (Ombre's "show", Trynka's "draw"): their
// log line lists the cards turned.
const TURNED = { show: N_("Turned up to find the first dealer: {cards}"), draw: N_("Turned for the first dealer: {cards}") };

function logEvents(msg, first) {
  const ctx = ctxFor(msg);
  const log = $("log");
  const said = [];
  let dealt = 0;
  const sep = () => {
    if (log.lastElementChild && log.lastElementChild.classList.contains("deal-sep")) return;
    log.append(h("li", { class: "deal-sep" }, t("Cards are dealt")));
  };
  const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);
  for (const ev of msg.events || []) {
    const [verb] = splitAction(ev.text || ev.kind || "");
    if (ev.text === null || ev.text === undefined) {
      if (ev.kind === "deal" || ev.kind === "hidden" || !ev.kind) dealt++; // another seat's card
      else if (ev.kind === "discard" && ev.actor !== page.seat) {
        const text = t("{who} discards a card", { who: ctx.seatName(ev.actor) });
        const last = log.lastElementChild;
        if (!last || last.textContent !== text) log.append(h("li", {}, text));
      }
      continue;
    }
    if (verb === "deal" || ev.kind === "deal") {
      const text = ev.text ? ctx.mod.describe(ev, ctx) : null;
      if (text) said.push(cap(text)), log.append(h("li", {}, cap(text)));
      else dealt++;
      continue;
    }
    if (dealt) {
      sep();
      dealt = 0;
    }
    // the cards turned to find the first dealer go on one line
    const turned = TURNED[verb] && ev.text ? splitAction(ev.text)[1] : null;
    if (turned && parseCard(turned)) {
      const last = /** @type {HTMLElement | null} */ (log.lastElementChild);
      if (last && last.dataset.turned === verb) {
        last.dataset.cards += " " + turned;
      } else {
        log.append(h("li", { "data-turned": verb, "data-cards": turned }));
      }
      const item = /** @type {HTMLElement} */ (log.lastElementChild);
      const names = item.dataset.cards.split(" ").map(cardName).join(", ");
      item.textContent = cap(t(TURNED[verb], { cards: names }));
      said.push(t(TURNED[verb], { cards: cardName(turned) }));
      continue;
    }
    const described = ctx.mod.describe(ev, ctx);
    if (described === "") continue;
    const text = described || (ev.text ? `${ctx.seatName(ev.actor)}: ${ev.text}` : null);
    if (!text) continue;
    log.append(h("li", {}, cap(text)));
    said.push(cap(text));
  }
  if (dealt) sep();
  // trick winners
  const finished = ctx.mod.finishedTricks(ctx.live);
  if (page.lastTricks >= 0 && finished.length > page.lastTricks) {
    const w = finished[finished.length - 1].winner;
    const text = t("{who} takes the trick", { who: ctx.seatName(w) });
    log.append(h("li", {}, text));
    said.push(text);
  }
  page.lastTricks = finished.length;
  // the deal's outcome (Ombre: sacardo, codille, puesta) is said once
  const ann = ctx.mod.announcement ? ctx.mod.announcement(ctx.live) : null;
  if (ann && ann.text !== page.lastAnnouncement && !first) {
    log.append(h("li", { class: "deal-sep" }, ann.text));
    said.push(ann.text);
  }
  page.lastAnnouncement = ann ? ann.text : null;
  // the end of the game, with its winner, once
  const over = msg.to_move === -4 || msg.status === "finished";
  if (over && !page.loggedEnd) {
    const res = ctx.mod.results(ctx.view, ctx.live, ctx);
    const values = msg.returns || res?.values;
    if (values) {
      const text = `${t("The game is over")}: ${winnerText(ranking(values), ctx)}`;
      log.append(h("li", { class: "deal-sep", "data-testid": "log-end" }, text));
      if (!first) said.push(text);
    }
  }
  page.loggedEnd = over;
  log.scrollTop = log.scrollHeight;
  if (first) {
    announce(t("Table {game}. {turn}", { game: gameTitle(msg.view.game), turn: "" }));
    return;
  }
  for (const s of said.slice(-4)) announce(s);
  if (msg.to_move === page.seat && msg.legal.length) announce(t("Your turn"));
}

// -- joining ---------------------------------------------------------------------------------

async function joinDialog(info) {
  const free = info.seats.filter((s) => s.kind === "human" && !s.taken);
  const dlg = $("join");
  if (!free.length || watchOnly || info.status === "finished" || info.status === "closed") return null;
  return new Promise((resolve) => {
    const name = h("input", { id: "join-name", value: playerName(), maxlength: "32", required: true, autocomplete: "nickname" });
    const seatSel = h("select", { id: "join-seat" }, free.map((s) => h("option", { value: String(s.seat) }, t("Seat {n}", { n: s.seat + 1 }))));
    const err = h("div", { class: "refusal" });
    const seated = info.seats.map((x) => (x.kind === "bot" ? t("bot") : x.name || t("free seat"))).join(", ");
    const form = h("form", { class: "panel", "aria-labelledby": "join-title" },
      h("h2", { id: "join-title" }, t("Take a seat")),
      h("p", { style: "margin-top:0" }, h("strong", {}, gameTitle(info.game)), h("br"), seated),
      info.rated ? h("p", { class: "help", id: "join-rated" }, t("A rated table: you sit under your account's name (sign in in the lobby first).")) : h("div", { class: "field" }, h("label", { for: "join-name" }, t("Your name")), name),
      h("div", { class: "field" }, h("label", { for: "join-seat" }, t("Seat")), seatSel),
      err,
      h("div", { class: "row" }, h("button", { type: "submit", class: "btn primary" }, t("Sit down")),
        h("button", { type: "button", class: "btn", onclick: () => { dlg.replaceChildren(); dlg.hidden = true; resolve(null); } }, t("Just watch"))));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      try {
        // a rated table's join carries the account's session: the forgery guard's header
        const res = await api(`/api/tables/${encodeURIComponent(tableId)}/join`, { method: "POST", body: { name: info.rated ? "-" : name.value.trim(), seat: Number(seatSel.value) }, headers: { "X-Tapete-CSRF": "1" } });
        if (!info.rated) setPlayerName(name.value.trim());
        setSeatToken(tableId, res.token);
        dlg.replaceChildren();
        dlg.hidden = true;
        resolve(res.token);
      } catch (ex) {
        err.replaceChildren(h("span", { role: "alert" }, errorText(ex)));
      }
    });
    dlg.replaceChildren(form);
    dlg.hidden = false;
    name.focus();
  });
}

async function main() {
  mountLanguagePicker($("lang"));
  await setLanguage(preferredLanguage(), { remember: false });
  onLanguageChange(() => render());
  window.addEventListener("resize", fitGameTitle);
  document.addEventListener("keydown", onKey);
  $("leave").addEventListener("click", leaveTable);
  setInterval(tickClock, 250);
  api("/api/server").then((s) => { page.server = s; if (page.msg) render(); }, () => {});
  let info;
  try {
    info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (e) {
    $("turn").textContent = errorText(e);
    return;
  }
  page.info = info;
  usePack(info.game); // Tresillo's cards from the Spanish pack unless the French one is chosen
  mountPackPicker(info.game, () => render());
  showGameTitle(info.game);
  mountRulesLink($("rules-link"), info.game); // How to play, in a new tab, in the page's language
  let token = seatToken(tableId);
  if (!token) token = await joinDialog(info);
  mountChat($("chat"), { tableId, send: (m) => Boolean(page.socket?.send(m)) });
  document.addEventListener("visibilitychange", onVisibility);
  mountSoundToggle();
  page.socket = new TableSocket(tableId, token, {
    onMessage,
    onStatus: (status) => {
      const el = $("conn");
      el.className = "conn " + status;
      el.textContent = status === "open" ? t("connected") : status === "connecting" ? t("connecting…") : t("disconnected");
      page.online = status === "open";
      if (page.online) page.everOnline = true;
      if (page.msg) render();
      else renderOffline();
    },
  });
}

main();
