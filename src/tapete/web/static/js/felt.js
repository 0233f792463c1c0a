// The felt: seats around the table, the trick in the middle, the corner boxes. Shared by the
// table page and the replay viewer; each game's specifics come from its module.

import { h } from "./api.js";
import { cardElement, cardImageURL } from "./cards.js";
import { t, tn } from "./i18n.js";
import { botLevelName, botSeatName } from "./names.js";
import lhombre from "./games/lhombre.js";
import ombre from "./games/ombre.js";
import pocha from "./games/pocha.js";
import tresillo from "./games/tresillo.js";
import trynka from "./games/trynka.js";

const MODULES = { pocha, ombre, trynka, tresillo, lhombre };
let lastTrick = { key: "", count: 0 };

/** The module that draws a game ("pocha-match" -> pocha); an `UnknownGame` error for a game
 *  this page cannot draw (a server newer than its pages), never another game's drawing. */
export function gameModule(game) {
  const base = String(game || "").replace(/-match$/, "");
  const mod = MODULES[base];
  if (!mod) throw new UnknownGame(game);
  return mod;
}

/** A game this page has no drawing for. */
export class UnknownGame extends Error {
  constructor(game) {
    super(`this page cannot draw the game ${game}`);
    this.game = game;
  }
}

/** True when this page can draw `game`. */
export function knownGame(game) {
  return String(game || "").replace(/-match$/, "") in MODULES;
}

/** The felt's words for a game this page cannot draw. */
export function unknownGameBanner(game) {
  return h("div", { class: "banner", role: "alert", "data-testid": "unknown-game" },
    h("h2", {}, t("This page cannot draw this game")),
    h("p", {}, t("The server plays {game}, which these pages do not know: they may be older than the server. Reload the page; if it stays, tell the server's host.", { game: String(game) })));
}

/** The game's name alone ("Tresillo"), where the whole title does not fit (a phone's top bar). */
export function gameName(game) {
  const base = String(game || "").replace(/-match$/, "");
  return { pocha: t("La Pocha"), ombre: t("Ombre"), trynka: t("Trynka"), tresillo: t("Tresillo"), lhombre: t("Danish l'hombre") }[base] || base;
}

/** The game's name for people. */
export function gameTitle(game) {
  const base = String(game || "").replace(/-match$/, "");
  const name = gameName(game);
  if (base === "trynka") return String(game || "").endsWith("-match") ? t("{game}: a session of banks", { game: name }) : t("{game}: one bank", { game: name });
  return String(game || "").endsWith("-match") ? t("{game}: whole match", { game: name }) : t("{game}: one deal", { game: name });
}

/** Screen position (percent) of the seat `offset` places after the bottom seat. */
function seatPosition(offset, n, compact) {
  const phi = (2 * Math.PI * offset) / n;
  // on a phone the corner boxes sit above the felt (.felt-info): the ring is narrower
  if (compact) return { x: 50 + 36 * Math.sin(phi), y: 50 + 36 * Math.cos(phi) };
  // three seats: the two others sit lower and wider, clear of the top left corner's boxes
  // (La Pocha's trump card is tall) and of the trick's cards
  if (n === 3 && offset !== 0) return { x: 50 + 44 * Math.sin(phi), y: 43 };
  return { x: 50 + 41 * Math.sin(phi), y: 51 + 35 * Math.cos(phi) };
}

/** A trick card's place in the middle box (percent of it): `spread` is how far (percent of the
 *  box's height) the bottom and top seats' cards sit from its middle. */
function trickPosition(offset, n, spread = 22) {
  const phi = (2 * Math.PI * offset) / n;
  return { x: 50 + 30 * Math.sin(phi), y: 50 + spread * Math.cos(phi) };
}

/** The seats that played a trick's `count` cards, in order: from its leader round the table,
 *  past a seat that sits the deal out (`out`: four-handed Tresillo's dealer plays no card; the
 *  card after his right-hand neighbour's lay at his place). */
function trickSeats(leader, count, n, out) {
  const seats = [];
  for (let k = 0; seats.length < count && k < count * n; k++) {
    const s = (leader + k) % n;
    if (k === 0 || !out(s)) seats.push(s);
  }
  return seats;
}

/** A rectangle grown by `m` pixels on each side. */
function grow(r, m) {
  return { left: r.left - m, top: r.top - m, right: r.right + m, bottom: r.bottom + m };
}

/** The area two rectangles share (0 when apart). */
function overlap(a, b) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Keep every seat's box inside the felt (a tall box at the bottom or top, a wide one at a
 *  side, would run over its edge and over what is under the felt: the turn line), and under
 *  the corner boxes it would cover (a tall side seat of three under the Last trick box). */
function clampSeats(felt) {
  const F = felt.getBoundingClientRect();
  if (!F.width || !F.height) return;
  const pad = 4;
  const corners = [...felt.querySelectorAll(":scope > .corner-info > *")].map((el) => el.getBoundingClientRect());
  for (const seat of felt.querySelectorAll(":scope > .seat")) {
    const r = seat.getBoundingClientRect();
    let dx = 0;
    let dy = 0;
    if (r.height <= F.height - 2 * pad) {
      if (r.top < F.top + pad) dy = F.top + pad - r.top;
      else if (r.bottom > F.bottom - pad) dy = F.bottom - pad - r.bottom;
    }
    for (const c of corners) {
      const moved = { left: r.left, right: r.right, top: r.top + dy, bottom: r.bottom + dy };
      if (!overlap(moved, grow(c, 4))) continue;
      const down = c.bottom + 6 - moved.top;
      if (moved.bottom + down <= F.bottom - pad) dy += down;
    }
    if (r.width <= F.width - 2 * pad) {
      if (r.left < F.left + pad) dx = F.left + pad - r.left;
      else if (r.right > F.right - pad) dx = F.right - pad - r.right;
    }
    if (dx) seat.style.left = `calc(${seat.style.left} + ${dx}px)`;
    if (dy) seat.style.top = `calc(${seat.style.top} + ${dy}px)`;
  }
}

/**
 * Place the trick's cards (`placed`, each with its player's seat: data-trick-seat) so that none
 * covers a seat's box, a corner box or another card, each toward its player's side: the cards are brought
 * nearer the middle, then made smaller, until they fit (measured: long names make tall seat
 * boxes, a phone's felt is low). Positions are set in percent of the middle box.
 */
function placeTrick(felt, center, placed, n, bottomSeat) {
  const F = felt.getBoundingClientRect();
  const C = center.getBoundingClientRect();
  const first = placed[0]?.querySelector(".card");
  if (!F.width || !C.width || !first) return;
  const card = first.getBoundingClientRect();
  // the seats, the corner boxes, and what the page draws over the felt (the hint: data-over-felt)
  const over = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-over-felt]"))].filter((el) => el.offsetParent !== null);
  const obstacles = [...felt.querySelectorAll(":scope > .seat, :scope > .corner-info > *"), ...over]
    .map((el) => grow(el.getBoundingClientRect(), 5))
    .filter((r) => overlap(r, F) > 0);
  const inside = grow(F, -4);
  const offsets = placed.map((wrap) => (Number(wrap.dataset.trickSeat) - bottomSeat + n) % n);
  const mx = C.left + C.width / 2;
  // the middle height: halfway between the top seat's box (or the middle box's top) and the
  // bottom seat's box, which may lie under the middle box (a phone's low felt: the room down
  // to the bottom seat is used, the cards are not made smaller for it)
  let top = C.top;
  let bottom = F.bottom;
  let seatAbove = false;
  for (const el of felt.querySelectorAll(":scope > .seat")) {
    const r = el.getBoundingClientRect();
    if (r.right < C.left + C.width * 0.3 || r.left > C.right - C.width * 0.3) continue; // a side seat
    if (r.bottom <= C.top + C.height / 2) {
      top = Math.max(top, r.bottom);
      seatAbove = true;
    } else if (r.top >= C.top + C.height / 2) bottom = Math.min(bottom, r.top);
  }
  const middles = [bottom > top ? (top + bottom) / 2 : C.top + C.height / 2];
  // no seat above the middle (three seats): the room up to the felt's edge, tried second (a
  // phone's tall bottom seat left the bottom card some 28px wide)
  if (!seatAbove && bottom > F.top) middles.push((F.top + 4 + bottom) / 2);
  const rects = (w, h, rx, ry, my) => offsets.map((o) => {
    const phi = (2 * Math.PI * o) / n;
    const x = mx + rx * Math.sin(phi);
    const y = my + ry * Math.cos(phi);
    return { x, y, left: x - w / 2, right: x + w / 2, top: y - h / 2, bottom: y + h / 2 };
  });
  const cost = (cards) => {
    let c = 0;
    cards.forEach((r, i) => {
      c += Math.max(0, inside.left - r.left) + Math.max(0, r.right - inside.right);
      c += Math.max(0, inside.top - r.top) + Math.max(0, r.bottom - inside.bottom);
      for (const o of obstacles) c += overlap(r, o);
      for (let j = 0; j < i; j++) c += overlap(grow(r, 2), cards[j]);
    });
    return c;
  };
  let best = null;
  search: for (const scale of [1, 0.92, 0.84, 0.76, 0.68, 0.6, 0.52, 0.45]) {
    const w = card.width * scale;
    const h = card.height * scale;
    for (const my of middles) {
      for (const fy of [1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4]) {
        for (const fx of [1, 0.9, 0.8, 0.7, 0.6]) {
          const cards = rects(w, h, C.width * 0.3 * fx, Math.max(h / 2 + 3, C.height * 0.22 * fy), my);
          const c = cost(cards);
          if (!best || c < best.c) best = { c, cards, scale };
          if (c === 0) break search;
        }
      }
    }
  }
  if (best.scale < 1) center.style.setProperty("--trick-w", `${(card.width * best.scale).toFixed(1)}px`);
  placed.forEach((wrap, i) => {
    const r = best.cards[i];
    wrap.style.transition = "none"; // placed, not moved
    wrap.style.left = `${(((r.x - C.left) / C.width) * 100).toFixed(2)}%`;
    wrap.style.top = `${(((r.y - C.top) / C.height) * 100).toFixed(2)}%`;
  });
  void center.offsetWidth;
  placed.forEach((wrap) => (wrap.style.transition = ""));
}

/**
 * Sweep the finished trick on the felt toward its winner's seat in `ms` milliseconds (the
 * cards shrink and fade on their way). Returns false when there is nothing to sweep.
 */
export function sweepTrick(felt, winner, ms) {
  const cards = [...felt.querySelectorAll(".center .trick-card")];
  const seat = felt.querySelector(`.seat[data-seat="${winner}"]`);
  if (!cards.length || !seat) return false;
  const to = seat.getBoundingClientRect();
  for (const el of cards) {
    const r = el.getBoundingClientRect();
    el.style.setProperty("--sx", `${to.left + to.width / 2 - (r.left + r.width / 2)}px`);
    el.style.setProperty("--sy", `${to.top + to.height / 2 - (r.top + r.height / 2)}px`);
    el.style.setProperty("--sweep-ms", `${ms}ms`);
    el.classList.remove("enter");
    void el.offsetWidth; // start the transition from where the card lies
    el.classList.add("sweep");
  }
  felt.querySelector(".center .trick-label")?.classList.add("sweep");
  return true;
}

/**
 * Draw the felt for a view.
 * opts: {view, live, mod, ctx, bottomSeat, toMove, clock, openHands (list per seat or null)}
 */
export function renderFelt(felt, opts) {
  const { live, mod, ctx, bottomSeat, toMove } = opts;
  const n = ctx.n;
  const compact = (felt.clientWidth || window.innerWidth) < 600;
  felt.replaceChildren();
  const held = mod.cardsHeld(live) || [];
  for (let s = 0; s < n; s++) {
    const offset = (s - bottomSeat + n) % n;
    const pos = seatPosition(offset, n, compact);
    const isMe = s === ctx.mySeat;
    const tagList = mod.seatTags(live, s, ctx);
    const leading = mod.trick(live);
    if (leading && leading.leader === s && live.phase === "play") tagList.push({ text: t("Leads") });
    const tags = tagList.map((tag) => h("span", { class: "tag " + (tag.cls || "") }, tag.text));
    const info = ctx.seatInfo(s);
    const dot = info.kind !== "human" ? null : h("span", { class: "dot" + (info.away ? " away" : info.connected === false ? " off" : ""), "aria-hidden": "true", title: info.connected === false ? t("not connected") : t("connected") });
    // on a phone the bottom seat (and the top one, at four seats or fewer) may be wider: its
    // name, tags and numbers take fewer lines, and the trick between them has more height
    const wide = compact && n <= 4 && Math.abs(pos.x - 50) < 1;
    // on a phone a bot's level goes on a line of its own under "Bot 3", in smaller letters:
    // "Bot 2 · Jugador de club" was cut to "Bot 2 · Jugador d…" in a side seat's box
    const level = compact ? ctx.seatLevel?.(s) : null;
    const nameText = level ? t("Bot {n}", { n: s + 1 }) : ctx.seatName(s);
    const seatEl = h("div", {
      class: "seat" + (s === toMove ? " turn" : "") + (isMe ? " me" : "") + (mod.seatOut?.(live, s) ? " out" : "") + (wide ? " wide" : "") + (info.kind === "bot" ? " bot" : ""),
      style: `left:${pos.x}%;top:${pos.y}%`,
      "data-seat": String(s),
      role: "group",
      "aria-label": ctx.seatName(s) + (s === toMove ? ", " + t("to move") : ""),
    },
    h("div", { class: "name" }, dot, h("span", { title: ctx.seatName(s) }, nameText + (isMe ? ` (${t("you")})` : ""))),
    level ? h("div", { class: "level", "aria-hidden": "true" }, level) : null,
    tags.length ? h("div", { class: "tags" }, tags) : null,
    h("div", { class: "stat" }, ...statParts(mod.seatStat(live, s, ctx))),
    );
    if (info.kind === "human" && info.taken === false) seatEl.append(h("div", { class: "tags" }, h("span", { class: "tag gold" }, t("free seat"))));
    if (info.away) seatEl.append(h("div", { class: "tags" }, h("span", { class: "tag" }, t("away: a bot plays"))));
    if (opts.clock && opts.clock.seat === s && opts.clock.remaining !== null && opts.clock.remaining !== undefined) {
      seatEl.append(h("div", { class: "clock", "data-clock": "1" }, formatClock(opts.clock.remaining)));
    }
    const open = opts.openHands ? opts.openHands[s] : null;
    if (open && open.length) {
      seatEl.append(h("div", { class: "open-hand" }, open.map((c) => cardElement(c, { small: true }))));
    } else if (!isMe) {
      const shown = mod.shownCards ? mod.shownCards(live, s) : [];
      const count = held[s] ?? 0;
      const backs = Math.max(0, count - shown.length);
      const shownLabel = mod.shownLabel?.(live) || t("cards shown");
      if (shown.length) seatEl.append(h("div", { class: "shown", "aria-label": shownLabel, title: shownLabel }, shown.map((c) => cardElement(c, { small: true }))));
      if (backs) {
        const row = h("div", { class: "backs", "aria-label": tn("{n} card", "{n} cards", count), role: "img" });
        for (let i = 0; i < Math.min(backs, 12); i++) {
          const b = h("div", { class: "card back", "aria-hidden": "true" }, h("span", { class: "card-face", style: `background-image:${cardImageURL(null)}` }));
          row.append(b);
        }
        seatEl.append(row);
      }
    }
    felt.append(seatEl);
  }

  // the trick in the middle (the finished one stays until the next card is led)
  const center = h("div", { class: "center", "aria-label": t("Trick"), role: "group" });
  let trick = mod.trick(live);
  let done = false;
  let label = null;
  const finished = mod.finishedTricks(live);
  if ((!trick || !trick.cards || trick.cards.length === 0) && finished.length) {
    // the finished trick stays until it is swept to its winner (opts.doneSwept) or the next
    // card is led
    trick = opts.doneSwept ? null : finished[finished.length - 1];
    done = !opts.doneSwept;
  }
  if (trick && trick.cards) {
    // cards new since the last drawing slide in from their player's side
    const key = `${trick.leader}|${trick.cards[0] || ""}`;
    const seen = lastTrick.key === key ? lastTrick.count : 0;
    lastTrick = { key, count: trick.cards.length };
    const seats = trickSeats(trick.leader, trick.cards.length, n, (s) => !!mod.seatOut?.(live, s));
    trick.cards.forEach((code, i) => {
      const seat = seats[i] ?? (trick.leader + i) % n;
      const offset = (seat - bottomSeat + n) % n;
      const pos = trickPosition(offset, n);
      const from = seatPosition(offset, n, compact);
      const fresh = i >= seen && !done;
      const wrap = h("div", {
        class: "trick-card" + (done && trick.winner === seat ? " winner" : "") + (fresh ? " enter" : ""),
        style: `left:${pos.x}%;top:${pos.y}%;z-index:${i + 1};--dx:${(from.x - pos.x) * 4}px;--dy:${(from.y - pos.y) * 4}px`,
        "data-trick-seat": String(seat),
      });
      wrap.append(cardElement(code));
      center.append(wrap);
    });
    if (done && trick.winner !== null && trick.winner !== undefined) {
      // over the cards, never under them
      label = h("div", { class: "center-info trick-label", "data-testid": "trick-winner" }, h("span", { class: "tag gold" }, t("{who} takes the trick", { who: ctx.seatName(trick.winner) })));
    }
  }
  const ann = mod.announcement ? mod.announcement(live) : null;
  const annEl = ann ? h("div", { class: "center-info" }, h("span", { class: "announce " + ann.cls, "data-testid": "announcement" }, ann.text)) : null;
  // the deal's last trick and its outcome: the page may show the outcome off the felt
  // (opts.outcomeAside, the table's turn line: stacked over the cards, the two hid them on a
  // phone), else one under the other, both over the cards
  if (label && ann && opts.outcomeAside?.(ann)) center.append(label);
  else if (label && annEl) center.append(h("div", { class: "center-info center-stack" }, label, annEl));
  else if (label || annEl) center.append(label || annEl);
  felt.append(center);
  // the game's corner boxes: on the felt's corners, or above the felt on a phone (where they
  // would cover the seats)
  const strip = felt.previousElementSibling?.classList.contains("felt-info") ? felt.previousElementSibling : null;
  const host = compact && strip ? strip : felt;
  if (strip) strip.replaceChildren();
  const corner = h("div", { class: "corner-info" }, mod.cornerInfo(live, ctx));
  host.append(corner);
  if (finished.length && !done) {
    const last = finished[finished.length - 1];
    // a phone names the winner short ("Bot 2"): the box keeps to the strip's one row
    const winner = compact && ctx.seatShort ? ctx.seatShort(last.winner) : ctx.seatName(last.winner);
    host.append(h("div", { class: "corner-info right" }, h("div", { class: "info-box" }, h("span", { class: "label" }, t("Last trick")),
      h("div", { class: "last-trick" }, last.cards.map((c) => cardElement(c, { small: true }))),
      h("span", { title: ctx.seatName(last.winner) }, winner))));
  }
  // measured, once everything is drawn: the seats inside the felt, the trick clear of them
  clampSeats(felt);
  opts.beforeTrick?.(); // what the page lays over the felt (the table's hint), seen by placeTrick
  const placed = [...center.querySelectorAll(".trick-card")];
  if (placed.length && trick) placeTrick(felt, center, placed, n, bottomSeat);
  // the trick's label and the deal's outcome (alone, or the two stacked); at a deal's end a label
  // that can only lie over the last trick's cards may go under the felt (opts.labelAside, the
  // table's turn line: on a phone "X takes the trick" hid the middle of two of its cards)
  for (const el of center.querySelectorAll(":scope > .center-info")) {
    if (!placeLabel(felt, center, el) && el === label && opts.labelAside?.(el.textContent)) el.remove();
  }
}

/**
 * Keep the trick's label ("X takes the trick", with the deal's outcome under it) off the seats:
 * narrowed to the room between the side seats at its height (a phone's three seats sit close
 * to the middle), then moved up or down the middle box to where it is clear of the seats, the
 * corner boxes and the trick's cards; else clear of the cards' indices (their top-left corners,
 * which say what each card is); else clear of the seats alone. True where it covers no card.
 */
function placeLabel(felt, center, el) {
  if (!el) return true;
  const rects = (root, sel) => [...root.querySelectorAll(sel)].map((x) => x.getBoundingClientRect());
  const seats = rects(felt, ":scope > .seat").map((r) => grow(r, 4));
  const boxes = rects(felt, ":scope > .corner-info > *").map((r) => grow(r, 4));
  const cards = rects(center, ".trick-card .card");
  const indices = cards.map((c) => ({ left: c.left, top: c.top, right: c.left + c.width * 0.3, bottom: c.top + c.height * 0.3 }));
  const clearOf = (list, r) => !list.some((o) => overlap(o, r) > 0);
  let r = el.getBoundingClientRect();
  if (!clearOf(seats, r)) {
    const mid = (r.left + r.right) / 2;
    let left = -Infinity;
    let right = Infinity;
    for (const s of seats) {
      if (s.bottom <= r.top || s.top >= r.bottom) continue;
      if (s.right <= mid) left = Math.max(left, s.right);
      else if (s.left >= mid) right = Math.min(right, s.left);
    }
    const room = 2 * Math.min(mid - left, right - mid);
    if (room >= 90 && room < r.width) {
      el.style.maxWidth = `${Math.floor(room)}px`;
      for (const tag of el.querySelectorAll(".tag, .announce")) tag.style.whiteSpace = "normal";
      r = el.getBoundingClientRect();
    }
  }
  // moving its top moves the box by as much: the places are tried without drawing each
  const F = felt.getBoundingClientRect();
  const C = center.getBoundingClientRect();
  const at = (dy) => ({ left: r.left, right: r.right, top: r.top + dy, bottom: r.bottom + dy });
  const inFelt = (q) => q.top >= F.top + 4 && q.bottom <= F.bottom - 4;
  const lists = [[...seats, ...boxes, ...cards], [...seats, ...boxes, ...indices], seats];
  for (const list of lists) {
    for (let d = 0; d < C.height; d += 4) {
      for (const dy of d ? [d, -d] : [0]) {
        const q = at(dy);
        if (!clearOf(list, q) || (list !== seats && !inFelt(q))) continue;
        el.style.top = dy ? `calc(50% + ${dy}px)` : "";
        return list === lists[0] || !cards.length;
      }
    }
  }
  el.style.top = "";
  return !cards.length;
}

/** A seat's line "Chips 99 · bet 1 · 19 points" as pieces that wrap between, not inside. */
function statParts(text) {
  const parts = String(text ?? "").split(" · ").filter((x) => x !== "");
  return parts.flatMap((part, i) => [i ? " · " : null, h("span", { class: "nw" }, part)]).filter((x) => x !== null);
}

/** "1:05" from seconds. */
export function formatClock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A seat's display name from the table's seats (TableInfo) for people. */
export function seatNameFrom(seats, s) {
  const seat = (seats || []).find((x) => x.seat === s) || (seats || [])[s];
  if (!seat) return t("Seat {n}", { n: s + 1 });
  if (seat.name) return seat.name;
  if (seat.kind === "bot") return botSeatName(s, seat.player);
  return t("Seat {n}", { n: s + 1 });
}

/** A bot's level for people ("Club player") when the seat is named by it (a bot with no name
 *  of its own), else null: a phone shows it on a line of its own under "Bot 3". */
export function seatLevelFrom(seats, s) {
  const seat = (seats || []).find((x) => x.seat === s) || (seats || [])[s];
  return seat && !seat.name && seat.kind === "bot" ? botLevelName(seat.player) : null;
}

/** A short name for narrow columns (score sheets): a person's name cut to `most` letters (by
 *  default as a side panel's sheet has room for), at a word's end where one is near; "Bot 2"
 *  for a bot. */
export function seatShortFrom(seats, s, most = null) {
  const seat = (seats || []).find((x) => x.seat === s) || (seats || [])[s];
  if (seat && !seat.name && seat.kind === "bot") return t("Bot {n}", { n: s + 1 });
  const name = seatNameFrom(seats, s);
  // a phone's sheets have less room: "Anast…" (Tresillo's eight columns fit a 390px screen)
  const room = most ?? (window.innerWidth < 600 ? 6 : 9);
  if (name.length <= room) return name;
  const cut = name.slice(0, room - 1);
  const space = cut.lastIndexOf(" ");
  return (space >= room / 2 ? cut.slice(0, space) : cut) + "…";
}
