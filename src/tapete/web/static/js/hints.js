// The hint's sentences: the server sends the bot's choice and its reasons as codes with
// values (tapete.web.hints); the words are made here, in the page's language.

import { cardName, parseCard, suitWord } from "./cards.js";
import { currentLanguage, t, tn } from "./i18n.js";

/** The hinting bot's name for people. */
export function hintPlayerName(player) {
  switch (player) {
    case "search": return t("search bot");
    case "trynka-cfr": return t("CFR strategy bot");
    case "rule": return t("rule bot");
    case "random": return t("random bot");
    default: return String(player || "");
  }
}

// a number as the page's language writes it ("0.6" in English, "0,6" in Spanish and Russian):
// whole numbers as they are, others with `digits` decimals at most (one by default)
const decimals = (x, digits) => new Intl.NumberFormat(currentLanguage(), { minimumFractionDigits: Math.min(1, digits), maximumFractionDigits: digits, useGrouping: false }).format(x);
const num = (x, digits = 1) => (typeof x === "number" ? (Number.isInteger(x) ? String(x) : decimals(x, digits)) : String(x ?? ""));
// the count whose plural form goes with a number as num() writes it: a fraction takes the form
// of 2 (English and Spanish "1.2 tricks", Russian "1,2 взятки")
const formOf = (x, digits = 1) => {
  const shown = typeof x === "number" ? Number(x.toFixed(digits)) : Number(x);
  return Number.isInteger(shown) ? shown : 2;
};

/** One reason ({code, ...values}) as a sentence; `actionText` makes an action's words. */
export function reasonSentence(r, actionText) {
  const card = r.card ? cardName(r.card) : "";
  switch (r.code) {
    case "bid_count": {
      const trumps = tn("{n} trump", "{n} trumps", r.trumps);
      return tn("Your hand counts about {n} trick ({trumps}).", "Your hand counts about {n} tricks ({trumps}).", formOf(r.tricks), { n: num(r.tricks), trumps });
    }
    case "dealer_forbidden": return t("As dealer you may not bid {bid}: the bids would add up to the cards.", { bid: r.bid });
    case "need_tricks": return r.need === 1 ? t("You need one more trick.") : tn("You need {n} more trick.", "You need {n} more tricks.", r.need);
    case "bid_made": return r.bid === 0 ? t("You bid no tricks: any trick you take breaks the bid.") : tn("You have the {n} trick you bid: another one would break the bid.", "You have the {n} tricks you bid: another one would break the bid.", r.bid);
    case "lead_top": return t("The {card} is the highest card of its suit still out.", { card });
    case "lead_low": return t("The {card} can be beaten: a lead that gives the trick away.", { card });
    case "lead_trump": return t("Leading the {card}, a trump, draws the others' trumps.", { card });
    case "takes_trick": return r.only ? t("Every card you may play takes this trick; the {card} does it.", { card }) : t("The {card} takes this trick.", { card });
    case "lets_go": return r.only ? t("None of your cards can take this trick: the {card} goes.", { card }) : t("The {card} lets this trick go.", { card });
    case "partner_wins": return t("Your partner is winning this trick: the {card} leaves it to him.", { card });
    case "ombre_hand": return tn("Your hand counts about {n} trick with {suit} as trumps; about {needed} are wanted to play.", "Your hand counts about {n} tricks with {suit} as trumps; about {needed} are wanted to play.", formOf(r.tricks), { n: num(r.tricks), suit: suitWord(r.suit), needed: num(r.needed) });
    case "ombre_searched": {
      const head = t("Simulating {deals} possible deals, the exchange included: playing scores {value} on average (sacardo +1, codille -1), passing {pass}.", { deals: r.deals, value: num(r.value), pass: num(r.pass) });
      if (typeof r.margin !== "number") return head;
      return head + " " + t("The simulated defenders see every card, which real ones do not: it plays hands up to {margin} below passing.", { margin: num(r.margin) });
    }
    case "exchange_searched":
      if (r.scale === "payment") {  // Tresillo, Danish l'hombre: the mean payment
        if (typeof r.next !== "number") return t("Simulating {deals} possible deals: this discard is worth {value} on average.", { deals: r.deals, value: num(r.value, 2) });
        return t("Simulating {deals} possible deals: this discard is worth {value} on average, the next best {next}.", { deals: r.deals, value: num(r.value, 2), next: num(r.next, 2) });
      }
      if (typeof r.next !== "number") return t("Simulating {deals} possible deals: this discard scores {value} on average (sacardo +1, codille -1).", { deals: r.deals, value: num(r.value) });
      return t("Simulating {deals} possible deals: this discard scores {value} on average (sacardo +1, codille -1), the next best {next}.", { deals: r.deals, value: num(r.value), next: num(r.next) });
    case "trumps_searched":
      if (r.scale === "payment") return t("Simulating {deals} possible deals: {suit} as trumps is worth {value} on average, the next best suit {next}.", { deals: r.deals, suit: suitWord(r.suit), value: num(r.value, 2), next: num(r.next, 2) });
      return t("Simulating {deals} possible deals: {suit} as trumps scores {value} on average (sacardo +1, codille -1), the next best suit {next}.", { deals: r.deals, suit: suitWord(r.suit), value: num(r.value), next: num(r.next) });
    case "player_side": return r.mine ? tn("You have {n} trick, the defenders {defenders}.", "You have {n} tricks, the defenders {defenders}.", r.player, { defenders: r.defenders }) : tn("The player has {n} trick, the defenders {defenders}.", "The player has {n} tricks, the defenders {defenders}.", r.player, { defenders: r.defenders });
    case "ombre_side": return r.mine ? tn("You have {n} trick, the defenders {defenders}.", "You have {n} tricks, the defenders {defenders}.", r.ombre, { defenders: r.defenders }) : tn("Ombre has {n} trick, the defenders {defenders}.", "Ombre has {n} tricks, the defenders {defenders}.", r.ombre, { defenders: r.defenders });
    case "exchange_keep": return r.ombre ? t("The {card} goes: ombre keeps trumps, kings and guarded queens.", { card }) : t("The {card} goes: a low card of a short suit.", { card });
    case "exchange_done": return tn("{n} card thrown away: time to draw.", "{n} cards thrown away: time to draw.", r.count);
    case "trynka_dark": return t("Your cards are face down: nobody knows them yet.");
    case "trynka_strength": return tn("Your hand beats {pct}% of hands: about {win}% against {n} opponent.", "Your hand beats {pct}% of hands: about {win}% against {n} opponents.", r.opponents, { pct: r.pct, win: r.win });
    case "trynka_price": return r.cost ? t("It costs {cost} against a bank of {bank}.", { cost: r.cost, bank: r.bank }) : t("It costs nothing more; the bank holds {bank}.", { bank: r.bank });
    case "searched": {
      if (r.unit === "outcome" && r.scale === "won_lost") {
        // Tresillo, Danish l'hombre: the side's mean result, the game won +1 … lost -1
        if (r.value === r.next) return t("Searching possible deals: its mean result for your side is {value} (game won +1, lost -1), as good as {other}.", { value: num(r.value, 2), other: actionText(r.next_text) });
        return t("Searching possible deals: its mean result for your side is {value} (game won +1, lost -1), against {next} for {other}.", { value: num(r.value, 2), next: num(r.next, 2), other: actionText(r.next_text) });
      }
      if (r.unit === "outcome") {
        // Ombre: the side's mean result over the deals searched, sacardo +1 … codille -1
        if (r.value === r.next) return t("Searching possible deals: its mean result for your side is {value} (sacardo +1, codille -1), as good as {other}.", { value: num(r.value, 2), other: actionText(r.next_text) });
        return t("Searching possible deals: its mean result for your side is {value} (sacardo +1, codille -1), against {next} for {other}.", { value: num(r.value, 2), next: num(r.next, 2), other: actionText(r.next_text) });
      }
      // "7.57 points", Russian "7,57 очка": the unit's plural form goes with the value
      const unit = tn("point", "points", formOf(r.value, 2));
      if (r.value === r.next) return t("Searching possible deals: it scores {value} {unit} on average, as good as {other}.", { value: num(r.value, 2), unit, other: actionText(r.next_text) });
      return t("Searching possible deals: it scores {value} {unit} on average, against {next} for {other}.", { value: num(r.value, 2), next: num(r.next, 2), unit, other: actionText(r.next_text) });
    }
    default: return "";
  }
}

/**
 * Mark on the page what the hint suggests: the card in the hand (`#hand`) or the choice's button
 * (`#actions`, an amount's group by its verb) gets the class `hinted`; `text` null clears the
 * mark. Returns the element marked (null when none is shown).
 */
export function markHinted(text) {
  for (const el of document.querySelectorAll(".hinted")) el.classList.remove("hinted");
  if (!text) return null;
  const s = String(text).trim();
  const i = s.indexOf(" ");
  const [verb, arg] = i < 0 ? [s, ""] : [s.slice(0, i), s.slice(i + 1).trim()];
  const card = parseCard(arg);
  let target = null;
  if (card) {
    target = [.../** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#hand button.card[data-card]"))].find((b) => {
      const c = parseCard(b.dataset.card);
      return c && c.rank === card.rank && c.suit === card.suit;
    }) || null;
  }
  if (!target) target = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#actions [data-action]"))].find((b) => b.dataset.action === s) || null;
  if (!target && arg) target = document.querySelector(`#actions [data-verb="${CSS.escape(verb)}"]`);
  if (target) target.classList.add("hinted");
  return target;
}

/** The whole hint: "The search bot would play the king of cups. Why: …". */
export function hintSentence(msg, actionText) {
  const head = t("The {player} would choose: {action}.", { player: hintPlayerName(msg.player), action: actionText(msg.text) });
  const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1); // "{card} takes…" in Spanish
  const reasons = (Array.isArray(msg.why) ? msg.why : []).map((r) => reasonSentence(r, actionText)).filter(Boolean).map(cap);
  return { head, reasons };
}
