// Ombre: who is ombre and the contract, the exchange (choose the discards), the trump suit
// with the matadors marked, tricks per side, the pool and the balances, and the outcome
// (sacardo, codille, puesta) announced.

import { h } from "../api.js";
import { cardName, parseCard, suitName, suitSymbol, suitWord, SUIT_SYMBOL } from "../cards.js";
import { t } from "../i18n.js";
import { balancesPanel, balancesResults, finalSession, infoBox, isMatch, lastDealSummary, moneyLead, moneyNow, seatShortOrNone, sessionSheet, splitAction, trickTaking, tricksPanel } from "./common.js";
import { withTerms } from "../terms.js";

/** The matadors' cards for a trump suit: Spadille, Manille (the 2 of a black trump suit,
 *  the 7 of a red one) and Basto, as the engine names them (games/ombre_family/tables.py). */
export function matadors(trumps) {
  const suit = suitName(trumps);
  if (!suit) return {};
  const black = suit === "spades" || suit === "clubs";
  const sym = SUIT_SYMBOL[suit];
  const named = { "♠A": "Spadille", "♣A": "Basto" };
  named[black ? `${sym}2` : `${sym}7`] = "Manille";
  return named;
}

/** Names of the outcomes, translated. */
export function outcomeText(outcome) {
  switch (outcome) {
    case "sacardo": return t("Sacardo: ombre wins the pool");
    case "codille": return t("Codille: a defender beats ombre");
    case "codille_split": return t("Codille, shared by the defenders");
    case "puesta": return t("Puesta: ombre pays into the pool");
    case "all_pass": return t("Everybody passed: the deal is thrown in");
    default: return outcome ? String(outcome) : "";
  }
}

/** The exchange's button: discard the chosen cards, then draw (the primary button once a card
 *  is chosen; "Draw without discarding" is not primary). While a player must still throw
 *  away a card first (the server's legal actions have discards and no `draw` yet), the button
 *  waits for a chosen card; the draw is sent once the discards have made it legal. */
export function exchangeButton(legal, ctx) {
  const draw = legal.find((a) => a.text === "draw");
  const discards = legal.some((a) => splitAction(a.text)[0] === "discard");
  if (!draw && !discards) return null;
  const n = ctx.selected.length;
  const title = t("Throw away the chosen cards and draw as many from the stock");
  // with nothing chosen, drawing without discarding is a plain button: the primary one would be
  // easy to press by mistake before choosing the discards
  if (draw) return { action: draw, primary: n > 0, exchange: true, label: n ? t("Discard {n} and draw", { n }) : t("Draw without discarding"), title };
  return { action: n ? { text: "draw" } : null, primary: n > 0, exchange: true, label: n ? t("Discard {n} and draw", { n }) : t("Choose the cards to throw away"), title };
}

function sameCard(a, b) {
  const x = parseCard(a), y = parseCard(b);
  return !!x && !!y && x.suit === y.suit && x.rank === y.rank;
}

const ombre = {
  ...trickTaking,
  pack: "french",
  cardVerb: (live) => (live.phase === "play" ? "play" : live.phase === "exchange" ? "discard" : null),
  selectsCards: (live, legal) => legal.some((a) => splitAction(a.text)[0] === "discard"),

  cardMark(live, code) {
    if (live.trumps === null || live.trumps === undefined) return null;
    const m = matadors(live.trumps);
    for (const [card, name] of Object.entries(m)) if (sameCard(card, code)) return matadorWord(name);
    return null;
  },

  seatTags(live, seat) {
    const tags = [];
    if (seat === live.dealer) tags.push({ text: t("Dealer") });
    if (seat === (live.dealer + 1) % 3) tags.push({ text: t("Eldest hand") });
    if (live.ombre === seat) tags.push({ text: t("Ombre"), cls: "gold" });
    return tags;
  },

  seatStat(live, seat) {
    const won = (live.tricks_won || [])[seat] ?? 0;
    const parts = [t("Tricks {n}", { n: won })];
    const d = (live.drawn || [])[seat];
    if (d) parts.push(t("drew {n}", { n: d }));
    return parts.join(" · ");
  },

  cornerInfo(live) {
    const boxes = [];
    if (live.ombre !== null && live.ombre !== undefined) {
      const contract = live.sans_prendre ? t("Sans prendre") : live.forced ? t("Forced Spadille") : t("With the exchange");
      boxes.push(infoBox(t("Contract"), h("span", { class: "value" }, contract)));
    }
    const suit = suitName(live.trumps);
    if (suit) {
      boxes.push(infoBox(t("Trumps"), h("span", { class: "value", style: "font-size:1.5rem" }, SUIT_SYMBOL[suit]), h("span", { class: "value" }, suitWord(suit))));
    }
    if (live.phase === "exchange" || (live.stock_left ?? 0) > 0) {
      boxes.push(infoBox(t("Stock"), h("span", { class: "value" }, String(live.stock_left ?? 0))));
    }
    if (live.pool !== undefined) boxes.push(infoBox(t("Pool"), h("span", { class: "value" }, String(live.pool))));
    return boxes;
  },

  actionButtons(legal, live, ctx) {
    const out = [];
    for (const a of legal) {
      const [verb, arg] = splitAction(a.text);
      switch (verb) {
        case "ombre": out.push({ action: a, label: t("I play (ombre)"), primary: true }); break;
        case "pass": out.push({ action: a, label: t("Pass") }); break;
        case "sans-prendre": out.push({ action: a, label: t("Sans prendre") }); break;
        case "vole": out.push({ action: a, label: t("Vole: I take all the tricks") }); break;
        case "trumps": {
          const s = suitName(arg);
          out.push({ action: a, label: [suitSymbol(s), s ? suitWord(s) : arg].filter(Boolean).join(" "), title: t("Name {suit} trumps", { suit: suitWord(s) }) });
          break;
        }
        default: break;
      }
    }
    const draw = exchangeButton(legal, ctx);
    if (draw) out.push(draw);
    return out;
  },

  turnText(live, ctx, mine) {
    const who = ctx.seatName(live.current_player);
    switch (live.phase) {
      case "auction": {
        if (!mine) return t("{who} is bidding", { who });
        // another seat holds the bid and nothing outbids it: only a pass is left
        const onlyPass = ctx.legal.length > 0 && ctx.legal.every((a) => splitAction(a.text)[0] === "pass");
        if (onlyPass && live.ombre !== null && live.ombre !== undefined && live.ombre !== ctx.mySeat) {
          return t("{who} plays as ombre: you can only pass", { who: ctx.seatName(live.ombre) });
        }
        return t("Will you play as ombre?");
      }
      case "exchange": return mine ? t("Choose the cards to throw away, then draw") : t("{who} exchanges", { who });
      case "trumps": return mine ? t("Name the trump suit") : t("{who} names trumps", { who });
      case "play": return mine ? t("Your turn: play a card") : t("{who} is to play", { who });
      default: return "";
    }
  },

  panels(view, live, ctx) {
    const panels = [];
    if (live.ombre !== null && live.ombre !== undefined) {
      panels.push(tricksPanel(live, ctx, { seat: live.ombre, heading: t("Ombre ({who})", { who: ctx.seatName(live.ombre) }), defenders: true }));
    }
    if (suitName(live.trumps)) {
      const m = matadors(live.trumps);
      panels.push({
        title: t("Matadors"),
        // a no-break space: a card and its name never part at a line's end ('♣2' / 'Манилья')
        node: h("p", { style: "margin:0" }, Object.entries(m).map(([card, name]) => `${card}\u00a0${matadorWord(name)}`).join(" · ")),
      });
    }
    // the live deal's pool and balances include this deal's antes
    const pool = moneyNow(view, live, "pool");
    panels.push(balancesPanel(t("Pool and balances"), moneyNow(view, live, "balances"), ctx, { lead: moneyLead(view, [[t("Pool"), String(pool ?? 0)]]) }));
    if (isMatch(view)) {
      panels.push(sessionSheet(view, ctx, [t("Ombre"), t("Outcome")],
        (r) => [seatShortOrNone(ctx, r.ombre), r.outcome ? outcomeWord(r.outcome) : ""]));
    }
    return panels;
  },

  announcement(live) {
    if (!live.outcome) return null;
    return { cls: live.outcome.startsWith("codille") ? "codille" : live.outcome, text: outcomeText(live.outcome) };
  },

  results: (view, live) => balancesResults(view, live, (l) => outcomeText(l.outcome)),

  /** The session's every deal (ombre, outcome, each seat's change) and the pool left. */
  finalSheet: (view, live, ctx) => finalSession(view, ctx, [t("Ombre"), t("Outcome")],
    (r) => [seatShortOrNone(ctx, r.ombre), r.outcome ? outcomeWord(r.outcome) : ""], { lead: [[t("Pool"), String(view.pool ?? 0)]] }),

  dealIndex: (view) => (isMatch(view) ? view.deal_index ?? (view.results || []).length : null),

  dealSummary: (view, ctx) => lastDealSummary(view, ctx, (r) => outcomeText(r.outcome)),

  describe(ev, ctx) {
    const [verb, arg] = splitAction(ev.text);
    const who = ctx.seatName(ev.actor);
    switch (verb) {
      case "ombre": return t("{who}: I play (ombre)", { who });
      case "pass": return t("{who} passes", { who });
      case "sans-prendre": return t("{who} plays sans prendre", { who });
      case "discard": return arg ? t("{who} discards {card}", { who, card: cardName(arg) }) : t("{who} discards a card", { who });
      case "draw": return t("{who} draws from the stock", { who });
      case "stock": return t("You draw {card}", { card: cardName(arg) });
      case "rest": return t("Left in the stock: {card}", { card: cardName(arg) });
      case "trumps": return t("{who} names {suit} trumps", { who, suit: suitWord(arg) });
      case "play": return t("{who} plays {card}", { who, card: cardName(arg) });
      case "vole": return t("{who} goes for the vole", { who });
      case "show": return t("{card} is turned up", { card: cardName(arg) });
      default: return null;
    }
  },
};

function matadorWord(name) {
  switch (name) {
    case "Spadille": return t("Spadille");
    case "Manille": return t("Manille");
    case "Basto": return t("Basto");
    default: return name;
  }
}

function outcomeWord(outcome) {
  switch (outcome) {
    case "sacardo": return t("sacardo");
    case "codille": case "codille_split": return t("codille");
    case "puesta": return t("puesta");
    case "all_pass": return t("all passed");
    default: return outcome;
  }
}

// the game's words: definitions on the buttons, links to the rules (terms.js)
withTerms(ombre, "ombre", {
  buttons: { ombre: "ombre", "sans-prendre": "sans-prendre", vole: "vole" },
  turn: (live, ctx, mine) => (mine && live.phase === "auction" && (ctx.legal || []).some((a) => a.text === "ombre") ? "ombre" : null),
  turnIds: ["ombre"],
  results: { sacardo: "sacardo", codille: "codille", codille_split: "codille", puesta: "puesta" },
});

export default ombre;
