// La Pocha: how its views are drawn (trump card, bids against tricks, the dealer's forbidden
// bid, the score sheet) and how its actions and events read.

import { h } from "../api.js";
import { cardElement, cardName, suitWord } from "../cards.js";
import { t, tn } from "../i18n.js";
import { cardList, cardsHeld, infoBox, isMatch, sheetBox, signed, splitAction, trickTaking } from "./common.js";
import { withTerms } from "../terms.js";

/** The bid the last to bid may not make, as the view gives it (`forbidden_bid`: set while
 *  that seat is to bid, for every seat and spectator alike; the page does not work the rule
 *  out itself). */
export function forbiddenBid(live) {
  if (live.phase !== "bidding") return null;
  const f = live.forbidden_bid;
  return Number.isInteger(f) ? f : null;
}

/** Is this hand's trump suit auctioned (ronda subastada)? */
function auctioned(live) {
  return live.phase === "auction" || live.phase === "trumps" || (live.auction_winner !== null && live.auction_winner !== undefined);
}

/** Cards this seat cannot see in its own hand (ronda india: on its forehead; ronda ciega). */
function ownCardsHidden(live) {
  const held = (cardsHeld(live) || [])[live.seat] ?? 0;
  return held > 0 && cardList(live.hand).length === 0 && live.phase !== "deal";
}

/** The highest offer so far and who made it, or null. */
function bestOffer(live) {
  const who = live.auction_winner;
  if (who === null || who === undefined) return null;
  const n = (live.offers || [])[who];
  return n === null || n === undefined ? null : { who, n };
}

const SUITS = ["oros", "copas", "espadas", "bastos"];

/** The turn line of a phase ("Your bid: …", "{who} is to play"). */
function turnLine(live, ctx, mine) {
  if (live.phase === "bidding") return mine ? t("Your bid: how many tricks will you win?") : t("{who} is bidding", { who: ctx.seatName(live.current_player) });
  if (live.phase === "play") return mine ? t("Your turn: play a card") : t("{who} is to play", { who: ctx.seatName(live.current_player) });
  if (live.phase === "swap") return mine ? t("Swap your seven of trumps for the trump card?") : "";
  if (live.phase === "auction") return mine ? t("Trumps are auctioned: offer more tricks than the best offer, or pass") : t("{who} is bidding for trumps", { who: ctx.seatName(live.current_player) });
  if (live.phase === "trumps") return mine ? t("You won the auction: name the trump suit") : t("{who} names trumps", { who: ctx.seatName(live.current_player) });
  return "";
}

const pocha = {
  ...trickTaking,
  pack: "spanish",
  cardVerb: (live) => (live.phase === "play" ? "play" : null),
  // ronda india / ciega: your own card lies face down and is played by clicking it
  handHidden: ownCardsHidden,
  playHidden: (live) => live.phase === "play",
  /** ronda india: the card this seat sees on another seat's forehead. */
  shownCards: (live, seat) => cardList((live.foreheads || [])[seat] ? [live.foreheads[seat]] : []),
  shownLabel: (live) => ((live.foreheads || []).some((c) => c) ? t("on the forehead") : null),

  seatTags(live, seat) {
    const tags = [];
    const n = live.n_players || (live.bids || []).length;
    if (seat === live.dealer) tags.push({ text: t("Dealer"), cls: "gold" });
    if (n && seat === (live.dealer + 1) % n) tags.push({ text: t("Mano") });
    if (auctioned(live) && live.auction_winner === seat && live.phase !== "auction") tags.push({ text: live.phase === "trumps" ? t("Won the auction") : t("Named trumps"), cls: "gold" });
    return tags;
  },

  seatStat(live, seat) {
    const bid = (live.bids || [])[seat];
    const won = (live.tricks_won || [])[seat] ?? 0;
    const offer = (live.offers || [])[seat];
    if (live.phase === "auction" && offer !== null && offer !== undefined) return t("Offers {n}", { n: offer });
    if (bid === null || bid === undefined) return t("Won {won}", { won });
    return t("Bid {bid} · won {won}", { bid, won });
  },

  cornerInfo(live, ctx) {
    const boxes = [];
    if (live.trump_card) {
      boxes.push(infoBox(t("Trump card"), cardElement(live.trump_card, { small: true }),
        h("span", { class: "value" }, suitWord(live.trump_suit ?? live.trump_card.slice(-1)))));
    } else if (live.trump_suit !== null && live.trump_suit !== undefined) {
      boxes.push(infoBox(t("Trumps"), h("span", { class: "value" }, suitWord(live.trump_suit))));
    } else if (live.phase === "auction" || live.phase === "trumps") {
      const best = bestOffer(live);
      boxes.push(infoBox(t("Trumps auctioned"), h("span", { class: "value", "data-testid": "auction" },
        best ? t("{who} offers {n}", { who: ctx.seatName(best.who), n: best.n }) : t("No offer yet"))));
    } else if (live.phase && live.phase !== "deal" && !live.between) {
      boxes.push(infoBox(t("Trumps"), h("span", { class: "value" }, t("No trumps"))));
    }
    if (auctioned(live) && live.phase !== "auction" && live.trump_suit) {
      const best = bestOffer(live);
      if (best) boxes.push(infoBox(t("Trumps named by"), h("span", { class: "value", "data-testid": "auction" }, t("{who} for {n}", { who: ctx.seatName(best.who), n: best.n }))));
    }
    // the special one-card hands are named under the hand size; their rule is said in the turn
    // line under the felt
    const variant = (live.foreheads || []).some((c) => c) ? t("Ronda india") : ownCardsHidden(live) && live.seat !== null && live.seat !== undefined ? t("Ronda ciega") : null;
    const size = live.hand_size;
    if (size || variant) boxes.push(infoBox(t("Cards each"), h("span", { class: "value" }, String(size ?? 1)), variant ? h("span", { class: "note", "data-testid": "variant" }, variant) : null));
    const f = forbiddenBid(live);
    if (f !== null) {
      boxes.push(infoBox(t("Dealer may not bid"), h("span", { class: "value", "data-testid": "forbidden-bid" }, String(f))));
    }
    return boxes;
  },

  actionButtons(legal, live) {
    const out = [];
    const f = forbiddenBid(live);
    const bids = legal.filter((a) => splitAction(a.text)[0] === "bid");
    for (const a of legal) {
      const [verb, arg] = splitAction(a.text);
      if (verb === "bid") out.push({ action: a, label: t("Bid {n}", { n: arg }), key: arg });
      else if (verb === "swap") out.push({ action: a, label: t("Swap the seven for the trump card") });
      else if (verb === "pass") out.push({ action: a, label: auctioned(live) ? t("Pass") : t("Keep my seven") });
      else if (verb === "offer") out.push({ action: a, label: t("Offer {n}", { n: arg }), key: arg });
      else if (verb === "trumps") {
        const suit = SUITS.find((x) => x[0] === arg) || arg;
        out.push({ action: a, label: suitWord(suit), title: t("Name {suit} trumps", { suit: suitWord(suit) }) });
      }
    }
    if (bids.length && f !== null) {
      out.push({ action: null, label: t("Bid {n}", { n: f }), disabled: true, title: t("The dealer may not bid {n}: the bids would add up", { n: f }) });
      out.sort((x, y) => Number((x.key ?? x.label.replace(/\D/g, "")) || 0) - Number((y.key ?? y.label.replace(/\D/g, "")) || 0));
    }
    return out;
  },

  turnText(live, ctx, mine) {
    const text = turnLine(live, ctx, mine);
    if (!text || !mine) return text;
    if ((live.foreheads || []).some((c) => c)) return `${text} ${t("(ronda india: you see the others' cards, not yours)")}`;
    if (ownCardsHidden(live)) return `${text} ${t("(ronda ciega: nobody sees a card before it is played)")}`;
    return text;
  },

  panels(view, live, ctx) {
    const panels = [];
    const n = (live.bids || []).length;
    const rows = [];
    for (let s = 0; s < n; s++) {
      const bid = live.bids[s];
      const won = (live.tricks_won || [])[s] ?? 0;
      // made exactly: green; over or under: red (both lose points)
      const cls = bid === null || bid === undefined ? "" : won === bid ? "hit" : live.phase === "over" || won > bid ? "miss" : "";
      rows.push(h("tr", {}, h("th", { scope: "row" }, ctx.seatName(s)), h("td", {}, bid ?? "–"), h("td", { class: cls }, String(won))));
    }
    if (n) panels.push({
      title: t("Bids and tricks"),
      node: h("table", { class: "sheet" }, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col" }, t("Bid")), h("th", { scope: "col" }, t("Tricks")))), h("tbody", {}, rows)),
    });
    if (isMatch(view)) panels.push({ title: t("Score sheet"), node: scoreSheet(view, live, ctx) });
    return panels;
  },

  results(view, live) {
    if (isMatch(view) && view.current_player !== -4) return null;
    const scores = isMatch(view) ? view.totals || view.standings : live.scores;
    return scores ? { title: isMatch(view) ? t("Final score") : t("Points this hand"), values: scores } : null;
  },

  dealIndex: (view) => (isMatch(view) ? view.deal_index ?? view.hand_index ?? (view.sheet || []).length : null),

  /** The hand that ended, for the side panel: each seat's bid, tricks won and points. */
  dealSummaryNode(view, ctx) {
    const row = (view.sheet || [])[(view.sheet || []).length - 1];
    if (!row) return null;
    return h("table", { class: "sheet", "data-testid": "hand-summary" },
      h("caption", {}, tn("Hand of {n} card", "Hand of {n} cards", row.hand_size)),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col" }, t("Bid")), h("th", { scope: "col" }, t("Tricks")), h("th", { scope: "col" }, t("Points")))),
      h("tbody", {}, row.points.map((p, s) => h("tr", {}, h("th", { scope: "row" }, ctx.seatName(s)), h("td", {}, String(row.bids[s])), h("td", {}, String(row.won[s])),
        h("td", { class: row.bids[s] === row.won[s] ? "hit" : "miss" }, signed(p))))));
  },

  /** The whole match's sheet for the final score: every hand's bid/won and points, the
   *  running totals, the totals. */
  finalSheet(view, live, ctx) {
    if (!isMatch(view) || !(view.sheet || []).length) return null;
    return sheetTable(view, ctx, { points: true, testid: "final-sheet" });
  },

  dealSummary(view, ctx) {
    const row = (view.sheet || [])[(view.sheet || []).length - 1];
    if (!row) return null;
    const parts = row.points.map((p, s) => `${ctx.seatName(s)} ${p > 0 ? "+" : ""}${p}`);
    return tn("Hand of {n} card over: {points}", "Hand of {n} cards over: {points}", row.hand_size, { points: parts.join(", ") });
  },

  describe(ev, ctx) {
    const [verb, arg] = splitAction(ev.text);
    const who = ctx.seatName(ev.actor);
    switch (verb) {
      case "play": return t("{who} plays {card}", { who, card: cardName(arg) });
      case "bid": return t("{who} bids {n}", { who, n: arg });
      case "turn": return t("The trump card is {card}", { card: cardName(arg) });
      case "swap": return t("{who} swaps the seven of trumps", { who });
      case "pass": return auctioned(ctx.live || {}) ? t("{who} passes", { who }) : t("{who} keeps the seven", { who });
      case "offer": return tn("{who} offers {n} trick for trumps", "{who} offers {n} tricks for trumps", Number(arg), { who });
      case "trumps": return t("{who} names {suit} trumps", { who, suit: suitWord(SUITS.find((x) => x[0] === arg) || arg) });
      case "dealer": return t("{who} deals first", { who: ctx.seatName(Number(arg)) });
      case "draw": return t("{card} is drawn for the first deal", { card: cardName(arg) });
      default: return null;
    }
  },
};

/**
 * The score sheet as a table: a row for each hand played (its size, and for each seat the bid
 * and tricks won, "2/1", over the running total; with `points` the hand's points too), then
 * `extra` rows and the totals.
 */
function sheetTable(view, ctx, { points = false, extra = [], testid = null } = {}) {
  const sheet = view.sheet || [];
  const n = (view.totals || []).length;
  const head = h("tr", {}, h("th", { scope: "col" }, t("Cards")), ...Array.from({ length: n }, (_, s) => h("th", { scope: "col", title: ctx.seatName(s) }, ctx.seatShort(s))));
  const body = sheet.map((row) =>
    h("tr", {}, h("td", {}, row.hand_size),
      ...row.points.map((p, s) => h("td", { class: row.bids[s] === row.won[s] ? "hit" : "miss", title: t("bid {bid}, won {won}", { bid: row.bids[s], won: row.won[s] }) },
        h("span", { class: "bw", "aria-label": t("bid {bid}, won {won}", { bid: row.bids[s], won: row.won[s] }) }, `${row.bids[s]}/${row.won[s]}`), " ",
        points ? [h("span", { class: "pts" }, signed(p)), " "] : null,
        h("span", { class: "tot" }, `${row.totals[s]}`))),
    ),
  );
  const total = h("tr", {}, h("th", { scope: "row" }, t("Total")), ...(view.totals || []).map((v) => h("th", {}, String(v))));
  return h("table", { class: "sheet score-sheet", "aria-label": t("Score sheet"), "data-testid": testid },
    h("caption", { class: "sheet-key" }, points ? t("Each hand: bid/won, the hand's points, the total") : t("Each hand: bid/won and the total")),
    h("thead", {}, head), h("tbody", {}, body, extra), h("tfoot", {}, total));
}

function scoreSheet(view, live, ctx) {
  const sheet = view.sheet || [];
  const n = (view.totals || []).length;
  const sizes = view.hand_sizes || [];
  // a hand's row once it is in the sheet (a replay's hand that ended counts as played)
  const idx = Math.max(view.deal_index ?? view.hand_index ?? sheet.length, sheet.length);
  const extra = [];
  // the next hand's row: its bids as they come (while the hand that ended is still on the
  // felt, its bids are not the next hand's)
  const bids = live.phase === "over" ? [] : live.bids || [];
  if (idx < sizes.length && view.current_player !== -4) {
    extra.push(h("tr", { class: "current" }, h("td", {}, sizes[idx]), ...Array.from({ length: n }, (_, s) => h("td", {}, bids[s] ?? "·"))));
  }
  return sheetBox(t("Score sheet"), sheetTable(view, ctx, { extra }));
}

// the game's words: links to the rules (terms.js)
withTerms(pocha, "pocha", {
  turn: (live, ctx, mine) => {
    if (!mine) return null;
    if ((live.foreheads || []).some((c) => c)) return "ronda-india";
    if (ownCardsHidden(live)) return "ronda-ciega";
    return live.phase === "bidding" ? (forbiddenBid(live) !== null ? "postre" : "apuesta") : null;
  },
  turnIds: ["ronda-india", "ronda-ciega", "postre", "apuesta"],
});

export default pocha;
