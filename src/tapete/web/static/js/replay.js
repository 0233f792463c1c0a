// The replay viewer: /replay/{table_id}. Steps through every action of a finished game,
// forwards and backwards, with every hand face up; downloads the record.

import { api, h } from "./api.js";
import { cardElement, cardName, parseCard, suitWord } from "./cards.js";
import { gameModule, gameName, gameTitle, knownGame, renderFelt, unknownGameBanner } from "./felt.js";
import { mountLanguagePicker, N_, onLanguageChange, preferredLanguage, reasonText, setLanguage, t } from "./i18n.js";
import { splitAction } from "./games/common.js";
import { mountPackPicker, usePack } from "./pack.js";
import { botLevelName, playerLabel, ranking, winnerText } from "./names.js";
import { showReplayChat } from "./chat.js";

/**
 * The page's element with this id.
 * @param {string} id
 * @returns {HTMLElement}
 */
const $ = (id) => document.getElementById(id);
const tableId = new URL(window.location.href).searchParams.get("table") || decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop() || "");

// steps: the server's list of who took each action and where deals start and tricks end
// (GET /api/tables/{id}/steps), null when it has none
const rp = { record: null, info: null, move: 0, total: 0, frames: new Map(), framesOk: true, timer: null, loading: null, steps: null };

function seatName(s) {
  const players = rp.record?.players || [];
  if (s === null || s === undefined || s < 0) return t("The dealer");
  const name = players[s];
  if (!name) return t("Seat {n}", { n: s + 1 });
  return playerLabel(name, s);
}

/** A seat's short name for narrow columns: "Bot 2" for a bot, a person's name cut. */
function seatShort(s) {
  if (String(rp.record?.players?.[s] ?? "").startsWith("bot:")) return t("Bot {n}", { n: s + 1 });
  const name = seatName(s);
  return name.length > 9 ? name.slice(0, 8) + "…" : name;
}

// The actions' verbs as people read them (the record keeps the engine's notation).
const VERBS = {
  deal: N_("deal"), turn: N_("trump card"), bid: N_("bid"), play: N_("play"), pass: N_("pass"),
  swap: N_("swap the seven"), ombre: N_("I play (ombre)"), "sans-prendre": N_("sans prendre"),
  discard: N_("discard"), draw: N_("draw"), stock: N_("draws"), rest: N_("left in the stock"),
  trumps: N_("trumps"), vole: N_("vole"), show: N_("turned up"), flash: N_("face up, please"),
  "no-flash": N_("face down"), keep: N_("keep"), replace: N_("replace"), blind: N_("blind"),
  overblind: N_("over-blind"), decline: N_("decline"), bet: N_("bet"), fold: N_("fold"),
  reveal: N_("reveal"), "claim-tens": N_("three tens"), "propose-svara": N_("svara"),
  accept: N_("accept"), refuse: N_("refuse"), join: N_("join"), dealer: N_("first dealer"),
  // Danish l'hombre (the bids and games are the Danish words, as they are)
  declare: N_("declare"), tout: N_("tout: all nine tricks"),
};

function actionLabel(text) {
  const [verb, rawArg] = splitAction(text);
  const up = / up$/.test(rawArg);
  const arg = rawArg.replace(/ up$/, "");
  const word = VERBS[verb] ? t(VERBS[verb]) : verb;
  if (verb === "trumps") return `${word}: ${suitWord(arg)}`;
  if (verb === "dealer") return `${word}: ${seatName(Number(arg))}`;
  const c = parseCard(arg);
  const tail = up ? ` ${t("face up")}` : "";
  if (!c) return [word, arg].filter(Boolean).join(" ") + tail;
  // a card after a verb: the sentences the table's log uses ('ход — тройка монет'; 'сыграть
  // тройка монет' put the card in the wrong case), else the verb and the card apart
  const card = cardName(arg);
  if (verb === "play") return t("play {card}", { card }) + tail;
  if (verb === "discard") return t("discard {card}", { card }) + tail;
  if (verb === "turn") return t("trump card: {card}", { card }) + tail;
  return `${word}: ${card}${tail}`;
}

async function frame(n) {
  if (rp.frames.has(n)) return rp.frames.get(n);
  const f = await api(`/api/tables/${encodeURIComponent(tableId)}/frames/${n}`);
  rp.frames.set(n, f);
  return f;
}

async function show(n) {
  n = Math.max(0, Math.min(rp.total, n));
  rp.move = n;
  $("pos").textContent = `${n} / ${rp.total}`;
  /** @type {HTMLInputElement} */ ($("slider")).value = String(n);
  $("slider").setAttribute("aria-valuetext", t("Action {n} of {total}", { n, total: rp.total }));
  const text = n > 0 ? rp.record.actions[n - 1] : null;
  rp.aside = [];
  nowLine(text ? t("Action {n}: {text}", { n, text: actionLabel(text) }) : t("The start of the game"));
  for (const li of /** @type {HTMLCollectionOf<HTMLLIElement>} */ ($("transcript").children)) li.classList.toggle("now", Number(li.dataset.move) === n);
  keepInList($("transcript").querySelector("li.now"));
  updateJumps();
  if (!rp.framesOk) return;
  try {
    const f = await frame(n);
    if (rp.move !== n) return;
    drawFrame(f);
    // the action with who took it, and what the felt put aside (drawFrame)
    if (text && f.actor !== null && f.actor !== undefined && f.actor >= 0) {
      nowLine(t("Action {n}: {text}", { n, text: `${seatName(f.actor)}: ${actionLabel(text)}` }));
    } else {
      nowLine($("now").firstChild?.textContent || "");
    }
    showReplayChat($("replay-chat"), $("replay-chat-list"), f.chat); // said up to this step
    keepInList($("transcript").querySelector("li.now")); // the panels above it may have grown
    await settled();
    if (rp.move !== n) return;
    document.body.dataset.frame = String(n); // this step's table, drawn and still (for tests)
  } catch {
    rp.framesOk = false;
    $("felt").replaceChildren(h("div", { class: "banner" }, h("h2", {}, t("Step through the record")), h("p", {}, t("This server does not draw the table for each step: the actions are listed on the right."))));
  }
}

/** The line under the felt: the step's action, then what the felt could not show clear of the
 *  last trick's cards (the deal's outcome, the trick's taker where it had no room), as the
 *  table's turn line does: over the cards the two hid them (Tresillo's caballo). */
function nowLine(text) {
  $("now").replaceChildren(h("span", {}, text), ...(rp.aside || []));
}

/** A frame with its match's last finished deal in place of the live one, where none is live
 *  (the match over) or this step's action ended it (the next deal begun, nothing dealt: a jump
 *  to the next deal showed an empty table, the deal's last trick never seen): the felt shows
 *  the last trick and the counts, as the table does. */
function withLastDeal(f) {
  const last = f.last_deal;
  const base = f.spectator || (f.views || [])[0];
  if (!last || !base || (base.deal && last.move !== f.move)) return f;
  // the match's count of deals played counts the deal shown as live (Trynka's Session box said
  // "Bank 2 of 2" at bank 1's end); at the match's end its counts are final
  const ended = (v) => (base.phase !== "over" && v.deal_index > 0 ? { ...v, deal_index: v.deal_index - 1 } : v);
  return {
    ...f,
    spectator: f.spectator ? { ...ended(f.spectator), deal: last.spectator } : f.spectator,
    views: (f.views || []).map((v, s) => ({ ...ended(v), deal: (last.views || [])[s] || last.spectator })),
    hands: last.hands || f.hands,
  };
}

function drawFrame(frameIn) {
  const f = withLastDeal(frameIn);
  const views = f.views || [];
  const base = f.spectator || views[0];
  if (!base) return;
  if (!knownGame(base.game)) {
    $("felt").replaceChildren(unknownGameBanner(base.game));
    return;
  }
  const mod = gameModule(base.game);
  const live = mod.live(base);
  const n = live.n_players || views.length;
  const ctx = {
    view: base, mod, live, n, mySeat: null, tableParams: rp.record.params || {}, selected: [],
    seatName, seatShort, seatInfo: () => ({}), legal: [],
    // on a phone a bot's level goes on a line of its own under "Bot 2" (as on the table page)
    seatLevel: (s) => (String(rp.record.players?.[s] ?? "").startsWith("bot:") ? botLevelName(rp.record.players[s].slice(4)) : null),
  };
  // each seat's cards: the server's true hands, else the seat's own view, else what the others
  // see of it (La Pocha's ronda india: the card on its forehead)
  const seenByOthers = (s) => views.map((v) => (mod.live(v).foreheads || [])[s]).find((c) => c) || null;
  const openHands = views.map((v, s) => {
    if (f.hands && f.hands[s] && f.hands[s].length) return f.hands[s];
    const own = mod.handOf(mod.live(v));
    if (own.length) return own;
    const forehead = seenByOthers(s);
    return forehead ? [forehead] : own;
  });
  // on a phone the hands face up do not fit on the seats: they are listed under the table
  const compact = ($("felt").clientWidth || window.innerWidth) < 600;
  const aside = [];
  const outcomeAside = (ann) => (aside.push(h("span", { class: "announce deal-outcome " + ann.cls, "data-testid": "announcement" }, ann.text)), true);
  const labelAside = (text) => (aside.unshift(h("span", { class: "tag gold trick-taker", "data-testid": "trick-winner" }, text)), true);
  renderFelt($("felt"), { view: base, live, mod, ctx, bottomSeat: 0, toMove: live.current_player, clock: null, openHands: compact ? null : openHands, outcomeAside, labelAside });
  rp.aside = aside;
  // before the deal (step 0 of every game): not an empty table but words, and a way to the deal
  const dealt = openHands.some((cards) => cards && cards.length) || $("felt").querySelector(".card");
  if (!dealt) $("felt").append(notDealt(f.move ?? rp.move));
  const panels = $("panels");
  const sections = mod.panels(base, live, ctx).map((p) => h("section", { "aria-label": p.title }, h("h2", {}, p.title), p.node));
  // the hands as the deal ended; none listed where every hand is played out (a list of names)
  if (compact && openHands.some((cards) => cards && cards.length)) {
    const rows = openHands.map((cards, s) => h("li", { class: "hand-row" }, h("strong", {}, seatName(s)),
      h("span", { class: "open-hand" }, (cards || []).map((c) => cardElement(c, { small: true })))));
    sections.unshift(h("section", { "aria-label": t("Every hand") }, h("h2", {}, t("Every hand")), h("ul", { class: "hand-rows", "data-testid": "open-hands" }, rows)));
  }
  panels.replaceChildren(...sections);
}

// what a seat chooses while Trynka's cards are dealt (each says "face up?" and may change its card)
const WHILE_DEALT = new Set(["flash", "no-flash", "keep", "replace"]);

/** The step where the cards from step `n` on are dealt: before the first action a seat takes
 *  after a card is dealt, other than a choice made while they are dealt (the trump is turned
 *  then too); null when the server gave no list of who acted or no deal follows. */
function dealtStep(n) {
  const actors = rp.steps?.actors || [];
  let dealing = false;
  for (let i = n; i < actors.length; i++) {
    const verb = splitAction(rp.record.actions[i] || "")[0];
    if (actors[i] >= 0 && dealing && !WHILE_DEALT.has(verb)) return i;
    dealing ||= verb === "deal";
  }
  return null;
}

/** What the felt says where no card is dealt yet (issue 28: La Pocha's step 0 was an empty
 *  table): what the next actions do, and a button to the step where the cards are dealt. */
function notDealt(n) {
  const next = splitAction(rp.record.actions[n] || "")[0];
  // the first dealer found by lot: La Pocha's 'dealer', Ombre's cards turned up, Trynka's draws
  const lot = next === "dealer" || next === "show" || (next === "draw" && n === 0);
  const target = dealtStep(n);
  return h("div", { class: "not-dealt", "data-testid": "not-dealt", role: "note" },
    h("h2", {}, t("No cards dealt yet")),
    h("p", {}, lot ? t("The next actions find the first dealer, then deal the cards one by one.") : t("The next actions deal the cards one by one.")),
    target === null ? null : h("button", { type: "button", class: "btn", "data-testid": "to-dealt", onclick: () => show(target) }, t("Show the cards dealt")));
}

/** The cards' entries and moves of the step drawn, finished (the page's finite animations and
 *  transitions; a spinner's never end): until then a card just played is half faded. */
async function settled() {
  const running = document.getAnimations().filter((a) => {
    const end = a.effect?.getComputedTiming?.().endTime;
    return typeof end === "number" && Number.isFinite(end) && a.playState === "running";
  });
  await Promise.all(running.map((a) => a.finished.catch(() => null)));
}

/** The part of `el` a person sees: its box cut by the side panel when that scrolls in
 *  itself (a desktop's) and by the window. */
function seenPart(el) {
  const box = el.getBoundingClientRect();
  let top = Math.max(box.top, 0);
  let bottom = Math.min(box.bottom, window.innerHeight);
  const side = el.closest(".side");
  if (side && side.scrollHeight > side.clientHeight + 1) {
    const s = side.getBoundingClientRect();
    top = Math.max(top, s.top);
    bottom = Math.min(bottom, s.bottom);
  }
  return { top, bottom };
}

/** Scroll the list of actions (never the page) so that `item` is in it, where it is seen: on a
 *  desktop the side panel scrolls in itself and the list's lower part may lie below it (the
 *  current action was out of sight there); the panel is scrolled to show a few of the list's
 *  lines if need be. On a phone the list may be below the window: it follows in itself. */
function keepInList(item) {
  if (!item) return;
  const list = $("transcript");
  const side = list.closest(".side");
  const line = item.getBoundingClientRect().height || 20;
  let seen = seenPart(list);
  if (side && side.scrollHeight > side.clientHeight + 1 && seen.bottom - seen.top < 4 * line) {
    // the list hardly shows in the panel: bring its top (at most its whole height) into it
    const want = Math.min(list.getBoundingClientRect().height, side.clientHeight);
    side.scrollTop += list.getBoundingClientRect().top + want - side.getBoundingClientRect().bottom;
    uncutTop(side, list, () => list.getBoundingClientRect().top + Math.min(4 * line, want));
    seen = seenPart(list);
  }
  if (seen.bottom - seen.top < 2 * line) seen = list.getBoundingClientRect(); // off screen
  const at = item.getBoundingClientRect();
  if (at.top < seen.top) list.scrollTop -= seen.top - at.top;
  else if (at.bottom > seen.bottom) list.scrollTop += at.bottom - seen.bottom;
  // the list at the end of its own scroll, the item still under the panel's edge
  const now = item.getBoundingClientRect();
  if (side && side.scrollHeight > side.clientHeight + 1 && now.bottom > seen.bottom) {
    side.scrollTop += now.bottom - seen.bottom;
    uncutTop(side, list, () => item.getBoundingClientRect().bottom);
  }
}

/** After the side panel is scrolled for the list: a section cut by the panel's top edge (Danish
 *  l'hombre's step 0 showed the Result's lines under half its title) goes out of sight whole,
 *  the panel scrolled on to the next section (given room at its bottom where it ends first);
 *  else back to its title where what must be seen stays in sight. The list's own section is left as it is. */
function uncutTop(side, list, keep) {
  const top = side.getBoundingClientRect().top;
  const sections = [...side.querySelectorAll(":scope > section, :scope > #panels > section")];
  const cut = sections.find((sec) => {
    const r = sec.getBoundingClientRect();
    return r.top < top - 0.5 && r.bottom > top + 0.5 && !sec.contains(list);
  });
  if (!cut) return;
  const next = sections.map((sec) => sec.getBoundingClientRect().top - top).filter((d) => d > 0.5);
  if (next.length) {
    // room under the list to scroll that far (the panel's end else stops it in the section)
    const short = side.scrollTop + Math.min(...next) - (side.scrollHeight - side.clientHeight);
    if (short > 0) side.style.paddingBottom = `${parseFloat(getComputedStyle(side).paddingBottom) + Math.ceil(short)}px`;
    side.scrollTop += Math.min(...next);
  }
  const still = cut.getBoundingClientRect();
  if (still.top < top - 0.5 && still.bottom > top + 0.5) {
    // back to its title, unless that takes the point `keep()` (the current action's bottom, or
    // the list's fourth line's) below the panel
    const was = side.scrollTop;
    side.scrollTop -= top - still.top;
    if (keep() > side.getBoundingClientRect().bottom + 0.5) side.scrollTop = was;
  }
}

/** Who took action `n` (1-based) for the list: a seat's name, "" for chance or unknown. */
function actorOf(n) {
  const seat = rp.steps?.actors?.[n - 1];
  return seat === undefined || seat === null || seat < 0 ? "" : seatName(seat);
}

function transcript() {
  const list = $("transcript");
  list.replaceChildren(h("li", { "data-move": "0", onclick: () => show(0) }, t("Start")));
  const dealStarts = new Set((rp.steps?.deals || []).filter((n) => n > 0));
  rp.record.actions.forEach((text, i) => {
    const who = actorOf(i + 1);
    const item = h("li", { "data-move": String(i + 1), onclick: () => show(i + 1) }, `${i + 1}. ${who ? who + ": " : ""}${actionLabel(text)}`);
    if (dealStarts.has(i)) item.classList.add("deal-start"); // the first action of a deal
    list.append(item);
  });
}

// -- jumps by trick and by deal ------------------------------------------------------------

function nextOf(list, n) {
  return (list || []).find((x) => x > n) ?? null;
}

function prevOf(list, n) {
  const before = (list || []).filter((x) => x < n);
  return before.length ? before[before.length - 1] : null;
}

/** The jump buttons: shown when the game has tricks (several deals), enabled when there is
 *  a trick (deal) to go to. */
function updateJumps() {
  const tricks = rp.steps?.tricks || [];
  const deals = rp.steps?.deals || [];
  const n = rp.move;
  const set = (id, shown, target) => {
    const b = /** @type {HTMLButtonElement} */ ($(id));
    b.hidden = !shown;
    b.disabled = target === null;
    b.dataset.target = target === null ? "" : String(target);
  };
  set("prev-trick", tricks.length > 0, prevOf(tricks, n));
  set("next-trick", tricks.length > 0, nextOf(tricks, n));
  set("prev-deal", deals.length > 1, prevOf(deals, n));
  // at the last deal's start the felt shows the deal before it ending: the next deal is the
  // step where its cards are dealt (Trynka's bank 1 end: "Next bank" was disabled)
  const dealt = n > 0 && deals.includes(n) && nextOf(deals, n) === null ? dealtStep(n) : null;
  set("next-deal", deals.length > 1, nextOf(deals, n) ?? (dealt !== null && dealt > n ? dealt : null));
}

function jump(id) {
  const target = $(id).dataset.target;
  if (target !== "" && target !== undefined) show(Number(target));
}

function play() {
  if (rp.timer) {
    clearInterval(rp.timer);
    rp.timer = null;
    $("play").textContent = t("Play");
    return;
  }
  $("play").textContent = t("Pause");
  rp.timer = setInterval(() => {
    if (rp.move >= rp.total) return play();
    show(rp.move + 1);
  }, 700);
}

function download() {
  const blob = new Blob([JSON.stringify(rp.record, null, 1)], { type: "application/json" });
  const a = h("a", { href: URL.createObjectURL(blob), download: `tapete-${tableId}.json` });
  document.body.append(a);
  a.click();
  a.remove();
}

function onKey(e) {
  if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT")) return;
  if (e.key === "ArrowRight") show(rp.move + 1);
  else if (e.key === "ArrowLeft") show(rp.move - 1);
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(rp.total);
  else if (e.key === "PageDown") jump(e.shiftKey ? "next-deal" : "next-trick");
  else if (e.key === "PageUp") jump(e.shiftKey ? "prev-deal" : "prev-trick");
  else return;
  e.preventDefault();
}

/** The game's title; a phone shows the game's name alone ("Replay: La Pocha: whole match" was
 *  cut), the whole title is read out (as on the table page). */
function showTitle() {
  const game = rp.record.game;
  // the jumps by deal in the game's own unit (Trynka's bank)
  const jumps = knownGame(game) ? gameModule(game).dealJumps : null;
  if (jumps) {
    $("prev-deal").textContent = jumps.prev();
    $("next-deal").textContent = jumps.next();
  }
  $("title").replaceChildren(h("span", { class: "title-whole" }, gameTitle(game)), h("span", { class: "title-short", "aria-hidden": "true" }, gameName(game)));
}

/** The Result: the winner named (as the table's end dialog says it), then each seat's result. */
function showResult() {
  const result = rp.record.result;
  if (!result) {
    $("result").textContent = t("Unfinished");
    return;
  }
  const values = result.map((r, s) => `${seatName(s)} ${r > 0 ? "+" : ""}${r}`).join(", ");
  $("result").replaceChildren(h("strong", { "data-testid": "winner" }, winnerText(ranking(result), { seatName })), h("br"), values);
}

async function main() {
  mountLanguagePicker($("lang"));
  await setLanguage(preferredLanguage(), { remember: false });
  try {
    rp.record = await api(`/api/tables/${encodeURIComponent(tableId)}/record`);
  } catch (e) {
    $("now").textContent = reasonText(e.code, e.detail);
    return;
  }
  rp.total = rp.record.actions.length;
  usePack(rp.record.game); // Tresillo's cards from the Spanish pack unless the French one is chosen
  mountPackPicker(rp.record.game, () => { transcript(); show(rp.move); });
  try {
    rp.steps = await api(`/api/tables/${encodeURIComponent(tableId)}/steps`);
  } catch {
    rp.steps = null; // a server without it: no names in the list, no jumps
  }
  showTitle();
  document.title = `${t("Replay")}: ${gameTitle(rp.record.game)} · tapete`;
  /** @type {HTMLInputElement} */ ($("slider")).max = String(rp.total);
  showResult();
  transcript();
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(rp.move - 1));
  $("next").addEventListener("click", () => show(rp.move + 1));
  $("last").addEventListener("click", () => show(rp.total));
  for (const id of ["prev-trick", "next-trick", "prev-deal", "next-deal"]) $(id).addEventListener("click", () => jump(id));
  $("play").addEventListener("click", play);
  $("slider").addEventListener("input", () => show(Number(/** @type {HTMLInputElement} */ ($("slider")).value)));
  $("download").addEventListener("click", download);
  document.addEventListener("keydown", onKey);
  onLanguageChange(() => { transcript(); show(rp.move); showResult(); showTitle(); });
  show(0);
}

main();
