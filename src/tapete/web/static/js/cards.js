// Cards drawn as SVG by tapete: the French pack (Ombre, Trynka) and the Spanish pack
// (La Pocha; Tresillo, whose cards the engine writes in Ombre's French notation, is drawn from
// the Spanish pack while `setSpanishPack(true)`: see js/pack.js). Every shape here is drawn from scratch; suits differ by shape first
// (colour only helps), and every card carries its rank and suit in both corners.
//
// A card is given as text in its pack's notation: Spanish "Ro" "3c" "Sb" (rank then suit
// letter o c e b), French "♣7" (Ombre writes the suit first) or "10♥" (rank first).

import { t } from "./i18n.js";

const SPANISH_SUITS = { o: "oros", c: "copas", e: "espadas", b: "bastos" };
const FRENCH_SUITS = {
  "♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades",
  C: "clubs", D: "diamonds", H: "hearts", S: "spades",
  "♧": "clubs", "♢": "diamonds", "♡": "hearts", "♤": "spades",
};
export const SUIT_SYMBOL = { clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠" };
export const SUIT_LETTER = { oros: "o", copas: "c", espadas: "e", bastos: "b" };
// Suit numbers of tapete.cards.Suit (views may give a suit as this number).
const SUIT_BY_NUMBER = ["oros", "copas", "espadas", "bastos", "clubs", "diamonds", "hearts", "spades"];

const INK = {
  oros: "#9a6a00", copas: "#b3202a", espadas: "#1f4f9c", bastos: "#2c6b2f",
  clubs: "#1b1b1b", spades: "#1b1b1b", hearts: "#c0172a", diamonds: "#c0172a",
};
const FILL = {
  oros: "#f2b705", copas: "#d63a3a", espadas: "#4b86d1", bastos: "#4f9a45",
  clubs: "#1b1b1b", spades: "#1b1b1b", hearts: "#d21f33", diamonds: "#d21f33",
};

// Tresillo's cards are the Spanish pack written with Ombre's French suits and ranks
// (docs/tresillo.md): oros = ♦, copas = ♥, espadas = ♠, bastos = ♣; rey = K, caballo = Q, sota = J.
export const SPANISH_OF_FRENCH = { diamonds: "oros", hearts: "copas", spades: "espadas", clubs: "bastos" };
const SPANISH_RANK_OF_FRENCH = { K: "R", Q: "C", J: "S" };
let frenchAsSpanish = false;

/** Draw and name French-notated cards as the Spanish pack's (true) or as written (false). */
export function setSpanishPack(on) {
  frenchAsSpanish = !!on;
  imageCache.clear();
}

/** Are French-notated cards drawn as the Spanish pack's now? */
export function spanishPackShown() {
  return frenchAsSpanish;
}

/** The card as it is drawn and named: a French-notated card is the Spanish pack's while
 *  `setSpanishPack(true)` ("♥K" is the rey de copas), any other as parsed. */
export function shownCard(code) {
  const c = parseCard(code);
  if (!c || c.spanish || !frenchAsSpanish) return c;
  return { code: c.code, rank: SPANISH_RANK_OF_FRENCH[c.rank] || c.rank, suit: SPANISH_OF_FRENCH[c.suit], spanish: true };
}

/** The suit as it is drawn and named ("clubs" is "bastos" while the Spanish pack is shown). */
function shownSuit(suit) {
  const s = suitName(suit);
  return frenchAsSpanish && SPANISH_OF_FRENCH[s] ? SPANISH_OF_FRENCH[s] : s;
}

/** A suit's symbol for a label ("♣"), none for the Spanish suits (their word says it). */
export function suitSymbol(suit) {
  return SUIT_SYMBOL[shownSuit(suit)] || "";
}

/** The keys that pick a card from the keyboard as it is shown: a Tresillo card drawn from the
 *  Spanish pack is picked by its Spanish notation too ("rc" for ♥K). */
export function shownAliases(code) {
  const c = shownCard(code);
  const p = parseCard(code);
  if (!c || !p || p.spanish || !c.spanish) return [];
  return [`${c.rank}${SUIT_LETTER[c.suit]}`.toLowerCase()];
}

/** A suit given as a number, a name, a letter or a symbol -> its name (or null). */
export function suitName(suit) {
  if (suit === null || suit === undefined) return null;
  if (typeof suit === "number") return SUIT_BY_NUMBER[suit] ?? null;
  const s = String(suit).trim();
  if (SUIT_BY_NUMBER.includes(s.toLowerCase())) return s.toLowerCase();
  if (SPANISH_SUITS[s]) return SPANISH_SUITS[s];
  if (FRENCH_SUITS[s]) return FRENCH_SUITS[s];
  return null;
}

/** Parse a card's text: {code, rank, suit, spanish} or null when it is not a card. */
export function parseCard(code) {
  if (code === null || code === undefined) return null;
  const text = String(code).trim();
  if (!text) return null;
  const first = text[0];
  if (FRENCH_SUITS[first] && /^[♣♦♥♠♧♢♡♤]/.test(first)) {
    return { code: text, rank: text.slice(1), suit: FRENCH_SUITS[first], spanish: false };
  }
  const last = text[text.length - 1];
  if (/[♣♦♥♠♧♢♡♤]/.test(last)) {
    return { code: text, rank: text.slice(0, -1), suit: FRENCH_SUITS[last], spanish: false };
  }
  if (SPANISH_SUITS[last] && /^(A|[2-9]|S|C|R)$/.test(text.slice(0, -1))) {
    return { code: text, rank: text.slice(0, -1), suit: SPANISH_SUITS[last], spanish: true };
  }
  return null;
}

const RANK_NAMES = {
  A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
  9: "nine", 10: "ten", J: "jack", Q: "queen", K: "king", S: "sota", C: "caballo", R: "rey",
};

/** The card's spoken name in the page's language ("king of cups", "rey de copas"). */
export function cardName(code) {
  const c = shownCard(code);
  if (!c) return String(code);
  return t("{rank} {of_suit}", { rank: rankWord(c.rank), of_suit: ofSuitWord(c.suit) });
}

function rankWord(rank) {
  switch (RANK_NAMES[rank]) {
    case "ace": return t("ace");
    case "two": return t("two");
    case "three": return t("three");
    case "four": return t("four");
    case "five": return t("five");
    case "six": return t("six");
    case "seven": return t("seven");
    case "eight": return t("eight");
    case "nine": return t("nine");
    case "ten": return t("ten");
    case "jack": return t("jack");
    case "queen": return t("queen");
    case "king": return t("king");
    case "sota": return t("sota");
    case "caballo": return t("caballo");
    case "rey": return t("rey");
    default: return rank;
  }
}

function ofSuitWord(suit) {
  switch (suit) {
    case "oros": return t("of oros");
    case "copas": return t("of copas");
    case "espadas": return t("of espadas");
    case "bastos": return t("of bastos");
    case "clubs": return t("of clubs");
    case "diamonds": return t("of diamonds");
    case "hearts": return t("of hearts");
    case "spades": return t("of spades");
    default: return suit;
  }
}

/** A suit's name in the page's language (for "Trumps: copas"). */
export function suitWord(suit) {
  switch (shownSuit(suit)) {
    case "oros": return t("oros");
    case "copas": return t("copas");
    case "espadas": return t("espadas");
    case "bastos": return t("bastos");
    case "clubs": return t("clubs");
    case "diamonds": return t("diamonds");
    case "hearts": return t("hearts");
    case "spades": return t("spades");
    default: return String(suit ?? "");
  }
}

// -- suit shapes, each drawn in a 100 x 100 box ------------------------------------------

function suitShape(suit) {
  const ink = INK[suit];
  const fill = FILL[suit];
  switch (suit) {
    case "hearts":
      return `<path d="M50 92 C38 78 6 58 6 32 C6 16 18 6 31 6 C40 6 47 12 50 20 C53 12 60 6 69 6 C82 6 94 16 94 32 C94 58 62 78 50 92Z" fill="${fill}"/>`;
    case "diamonds":
      return `<path d="M50 3 C60 22 74 38 90 50 C74 62 60 78 50 97 C40 78 26 62 10 50 C26 38 40 22 50 3Z" fill="${fill}"/>`;
    case "spades":
      return `<path d="M50 4 C40 22 6 40 6 62 C6 76 17 84 28 84 C37 84 43 79 46 74 C45 84 41 91 33 96 L67 96 C59 91 55 84 54 74 C57 79 63 84 72 84 C83 84 94 76 94 62 C94 40 60 22 50 4Z" fill="${fill}"/>`;
    case "clubs":
      return `<g fill="${fill}"><circle cx="50" cy="26" r="21"/><circle cx="25" cy="60" r="21"/><circle cx="75" cy="60" r="21"/><path d="M44 50 L56 50 C56 74 60 86 68 96 L32 96 C40 86 44 74 44 50Z"/></g>`;
    case "oros":
      return `<g><circle cx="50" cy="50" r="44" fill="${fill}" stroke="${ink}" stroke-width="5"/><circle cx="50" cy="50" r="28" fill="none" stroke="${ink}" stroke-width="4"/><circle cx="50" cy="50" r="9" fill="${ink}"/><path d="M50 6 L50 22 M50 78 L50 94 M6 50 L22 50 M78 50 L94 50" stroke="${ink}" stroke-width="4"/></g>`;
    case "copas":
      return `<g stroke="${ink}" stroke-width="4" stroke-linejoin="round"><path d="M14 10 L86 10 C86 44 70 58 50 58 C30 58 14 44 14 10Z" fill="${fill}"/><path d="M14 20 L86 20" fill="none"/><rect x="44" y="58" width="12" height="22" fill="${fill}"/><path d="M24 94 C24 84 36 80 50 80 C64 80 76 84 76 94Z" fill="${fill}"/></g>`;
    case "espadas":
      return `<g stroke="${ink}" stroke-width="3.5" stroke-linejoin="round"><path d="M50 1 L62 17 L61 63 L39 63 L38 17Z" fill="#dfe8f5"/><path d="M50 9 L50 59" stroke="${ink}" stroke-width="3"/><path d="M14 63 L86 63 L80 76 L20 76Z" fill="${fill}"/><rect x="42" y="76" width="16" height="14" fill="${fill}"/><circle cx="50" cy="93" r="7" fill="${fill}"/></g>`;
    case "bastos":
      return `<g stroke="${ink}" stroke-width="3.5" stroke-linejoin="round"><path d="M28 10 C42 -2 72 0 75 16 C78 31 66 42 63 54 L61 97 L39 97 L35 54 C30 42 16 24 28 10Z" fill="${fill}"/><circle cx="42" cy="22" r="6" fill="#a5d49a"/><circle cx="60" cy="36" r="5.5" fill="#a5d49a"/><circle cx="47" cy="64" r="5" fill="#a5d49a"/><path d="M66 22 L80 14 M36 44 L22 38 M60 72 L73 67" stroke="${ink}" stroke-width="4"/></g>`;
    default:
      return "";
  }
}

function pip(suit, cx, cy, size, flip) {
  const s = size / 100;
  const rot = flip ? ` rotate(180 50 50)` : "";
  return `<g transform="translate(${cx - size / 2} ${cy - size / 2}) scale(${s})${rot}">${suitShape(suit)}</g>`;
}

// Pip positions (x, y, upside down) in a 200 x 280 card.
const L = 72, M = 100, R = 128;
const PIPS = {
  1: [[M, 140, 0]],
  2: [[M, 62, 0], [M, 218, 1]],
  3: [[M, 62, 0], [M, 140, 0], [M, 218, 1]],
  4: [[L, 62, 0], [R, 62, 0], [L, 218, 1], [R, 218, 1]],
  5: [[L, 62, 0], [R, 62, 0], [M, 140, 0], [L, 218, 1], [R, 218, 1]],
  6: [[L, 62, 0], [R, 62, 0], [L, 140, 0], [R, 140, 0], [L, 218, 1], [R, 218, 1]],
  7: [[L, 62, 0], [R, 62, 0], [M, 101, 0], [L, 140, 0], [R, 140, 0], [L, 218, 1], [R, 218, 1]],
  8: [[L, 62, 0], [R, 62, 0], [M, 101, 0], [L, 140, 0], [R, 140, 0], [M, 179, 1], [L, 218, 1], [R, 218, 1]],
  9: [[L, 58, 0], [R, 58, 0], [L, 112, 0], [R, 112, 0], [M, 140, 0], [L, 168, 1], [R, 168, 1], [L, 222, 1], [R, 222, 1]],
  10: [[L, 58, 0], [R, 58, 0], [M, 85, 0], [L, 112, 0], [R, 112, 0], [L, 168, 1], [R, 168, 1], [M, 195, 1], [L, 222, 1], [R, 222, 1]],
};

// The Spanish pack's "pinta": breaks in the frame line tell the suit at a glance
// (oros none, copas one, espadas two, bastos three).
const PINTA_BREAKS = { oros: 0, copas: 1, espadas: 2, bastos: 3 };

function pinta(suit) {
  const n = PINTA_BREAKS[suit];
  const ink = INK[suit];
  // the frame's top edge, broken n times
  const x0 = 46, x1 = 154, y = 22;
  const parts = [];
  if (n === 0) parts.push([x0, x1]);
  else {
    const gap = 9;
    const span = (x1 - x0 - gap * n) / (n + 1);
    let x = x0;
    for (let i = 0; i <= n; i++) {
      parts.push([x, x + span]);
      x += span + gap;
    }
  }
  const lines = (yy) => parts.map(([a, b]) => `<path d="M${a} ${yy} L${b} ${yy}" stroke="${ink}" stroke-width="4"/>`).join("");
  return lines(y) + lines(280 - y);
}

function faceFigure(c) {
  const ink = INK[c.suit];
  const fill = FILL[c.suit];
  const king = c.rank === "K" || c.rank === "R";
  const queen = c.rank === "Q";
  const horse = c.rank === "C";
  let hat = "";
  if (king) {
    hat = `<path d="M70 92 L70 62 L84 78 L100 56 L116 78 L130 62 L130 92Z" fill="#f2c230" stroke="#7a5a00" stroke-width="3" stroke-linejoin="round"/>`;
  } else if (queen) {
    hat = `<path d="M74 92 C74 70 88 62 100 62 C112 62 126 70 126 92Z" fill="#f2c230" stroke="#7a5a00" stroke-width="3"/><circle cx="100" cy="58" r="6" fill="${fill}" stroke="#7a5a00" stroke-width="2"/>`;
  } else if (horse) {
    // a horseshoe above the rider
    hat = `<path d="M78 94 L78 78 C78 60 122 60 122 78 L122 94 L110 94 L110 80 C110 72 90 72 90 80 L90 94Z" fill="#c9a36a" stroke="#6b4a1c" stroke-width="3"/>`;
  } else {
    hat = `<path d="M72 92 L128 92 L118 70 L86 74Z" fill="${fill}" stroke="${ink}" stroke-width="3"/><path d="M118 70 C128 56 140 58 142 66" fill="none" stroke="${ink}" stroke-width="3"/>`;
  }
  return `
    <rect x="46" y="30" width="108" height="220" rx="10" fill="#fbf6ea" stroke="${ink}" stroke-width="3"/>
    ${hat}
    <text x="100" y="168" text-anchor="middle" font-size="78" font-weight="700" fill="${ink}" font-family="Georgia, 'DejaVu Serif', serif">${c.rank}</text>
    ${pip(c.suit, 100, 212, 46, false)}`;
}

/**
 * The SVG markup of a card's face (or its back when code is null).
 * Sizes are set by CSS; the SVG itself is aria-hidden: the button around it is named.
 */
export function cardSVG(code, { back = "green" } = {}) {
  const c = shownCard(code);
  if (!c) return backSVG(back);
  const ink = INK[c.suit];
  const n = Number(c.rank === "A" ? 1 : c.rank);
  const isFace = !(n >= 1 && n <= 10);
  const indexRank = c.rank;
  const rankSize = indexRank.length > 1 ? 38 : 46;
  const corner = `
    <text x="${indexRank.length > 1 ? 24 : 22}" y="50" text-anchor="middle" font-size="${rankSize}" font-weight="700"
      fill="${ink}" font-family="'DejaVu Sans', Verdana, sans-serif" letter-spacing="-3">${indexRank}</text>
    ${pip(c.suit, 22, 76, 30, false)}`;
  let body = "";
  if (isFace) body = faceFigure(c);
  else if (n === 1) body = pip(c.suit, 100, 140, c.spanish ? 96 : 86, false);
  else {
    // the slender Spanish suits (swords, clubs) are drawn taller than the round ones
    const size = !c.spanish ? 38 : c.suit === "espadas" || c.suit === "bastos" ? (n >= 7 ? 46 : 54) : n >= 7 ? 40 : 44;
    body = PIPS[n].map(([x, y, f]) => pip(c.suit, x, y, size, f && !c.spanish)).join("");
  }
  const frame = c.spanish ? pinta(c.suit) : "";
  return `<svg class="card-svg" viewBox="0 0 200 280" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">
    <rect x="2" y="2" width="196" height="276" rx="16" fill="#fffdf8" stroke="#6d6d6d" stroke-width="3"/>
    ${frame}
    ${body}
    <g>${corner}</g>
    <g transform="rotate(180 100 140)">${corner}</g>
  </svg>`;
}

/** The back of a card (a woven pattern). */
export function backSVG(colour = "green") {
  const main = colour === "red" ? "#8e1b24" : "#1d4f8f";
  return `<svg class="card-svg" viewBox="0 0 200 280" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">
    <defs><pattern id="weave-${colour}" width="20" height="20" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="20" height="20" fill="${main}"/><path d="M0 10 H20 M10 0 V20" stroke="#ffffff" stroke-opacity="0.25" stroke-width="3"/></pattern></defs>
    <rect x="2" y="2" width="196" height="276" rx="16" fill="#fdfdfd" stroke="#6d6d6d" stroke-width="3"/>
    <rect x="14" y="14" width="172" height="252" rx="10" fill="url(#weave-${colour})"/>
    <rect x="14" y="14" width="172" height="252" rx="10" fill="none" stroke="#ffffff" stroke-width="4"/>
  </svg>`;
}

const imageCache = new Map();

/** A CSS url() of the card's face (or back) as an SVG image, built once per card. */
export function cardImageURL(code) {
  const key = code || "back";
  let url = imageCache.get(key);
  if (!url) {
    const svg = (code ? cardSVG(code) : backSVG()).replace(/\s+/g, " ");
    url = `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`;
    imageCache.set(key, url);
  }
  return url;
}

/**
 * A card element: a <button> when `onPick` is given (raised when `legal`), else a <div>.
 * Its accessible name is the card's spoken name; `data-card` keeps the notation.
 */
export function cardElement(code, { onPick = null, legal = false, selected = false, small = false, label = null } = {}) {
  const el = document.createElement(onPick ? "button" : "div");
  el.className = "card" + (small ? " card-small" : "") + (legal ? " legal" : "") + (selected ? " selected" : "");
  if (code) {
    el.dataset.card = code;
    el.setAttribute(onPick ? "aria-label" : "title", label || cardName(code));
    if (!onPick) el.setAttribute("role", "img"), el.setAttribute("aria-label", label || cardName(code));
  } else {
    el.classList.add("back");
    if (!onPick) el.setAttribute("aria-hidden", "true");
  }
  // the face is an image (no text nodes inside the button: its name is the card's name)
  const face = document.createElement("span");
  face.className = "card-face";
  face.style.backgroundImage = cardImageURL(code);
  el.appendChild(face);
  if (onPick) {
    /** @type {HTMLButtonElement} */ (el).type = "button";
    if (selected) el.setAttribute("aria-pressed", "true");
    el.addEventListener("click", () => onPick(code, el));
  }
  return el;
}
