// Tresillo: four seats, the dealer sits out; the auction (entrada, vuelta, solo, each maybe
// in the palo de favor), the vuelta's turned card, the exchange, surrender and defence, the
// plate of puestas and the endings (sacada, codillo, puesta). The cards, the matadors and the
// exchange are drawn as Ombre's (games/ombre.js).

import { h } from "../api.js";
import { cardElement, cardName, suitName } from "../cards.js";
import { t, tp } from "../i18n.js";
import ombre from "./ombre.js";
import { balancesPanel, balancesResults, finalSession, infoBox, isMatch, lastDealSummary, moneyLead, moneyNow, seatShortOrNone, sessionSheet, splitAction, suitLabel, tricksPanel } from "./common.js";
import { withTerms } from "../terms.js";

/** A contract's name for people (entrada, vuelta, solo; "de favor" when in the favour suit). */
export function contractText(contract) {
  switch (contract) {
    case "entrada": return t("Entrada");
    case "entrada-favor": case "entrada_favor": return t("Entrada de favor");
    case "vuelta": return t("Vuelta");
    case "solo": return tp("tresillo", "Solo"); // Danish l'hombre's "Solo" stays Danish in Russian
    case "solo-favor": case "solo_favor": return t("Solo de favor");
    default: return contract ? String(contract) : "";
  }
}

/** An ending's sentence for people. */
export function outcomeText(outcome) {
  switch (outcome) {
    case "sacada": return t("Sacada: the player wins the game");
    case "codillo": return t("Codillo: a defender beats the player");
    case "puesta": return t("Puesta: the player pays onto the plate");
    case "surrendered": return t("The player surrendered: puesta");
    case "vuelta_surrendered": return t("The vuelta was surrendered: puesta");
    case "defended": return t("Defended: the defender wins the puesta");
    case "defended_codillo": return t("Defended: codillo to the mano pobre");
    case "defended_saved": return t("Defended: the first player's puesta is saved");
    case "defended_puesta": return t("Defended and lost: two puestas on the plate");
    case "codillo_split": return t("Codillo shared: one trick against four and four");
    case "all_pass": return t("Everybody passed: the deal is thrown in");
    default: return outcome ? String(outcome) : "";
  }
}

/** The payments beyond the game (issue 29): the polla, the estuches, the bola; "" when none.
 *  `r` is a deal's view once over, or a session's deal result. */
export function paymentsText(r) {
  const parts = [];
  if (r.polla && r.polla_by === "dealer") parts.push(t("Polla: {amount} from the dealer onto the plate", { amount: r.polla }));
  else if (r.polla) parts.push(t("Polla: {amount} from each onto the plate", { amount: r.polla }));
  if (r.estuche_paid > 0) parts.push(t("Estuches ({n}): each of the others pays {amount}", { n: r.estuches, amount: r.estuche_paid }));
  if (r.estuche_paid < 0) parts.push(t("Estuches ({n}): the player pays {amount} to each", { n: r.estuches, amount: -r.estuche_paid }));
  if (r.bola && r.bola_paid >= 0) parts.push(t("Bola made: each of the others pays {amount}", { amount: r.bola_paid }));
  if (r.bola && r.bola_paid < 0) parts.push(t("Bola missed: the player pays {amount} to each", { amount: -r.bola_paid }));
  return parts.join(" · ");
}

function withPayments(text, r) {
  const paid = paymentsText(r);
  return paid ? `${text} · ${paid}` : text;
}

function outcomeClass(outcome) {
  const o = String(outcome || "");
  if (o === "sacada" || o === "defended") return "sacardo";
  if (o.includes("codillo")) return "codille";
  return "puesta";
}

// at a table of four the dealer sits out; at three (n_players = 3) everybody plays
const seats = (live) => (live.cards_held || []).length || 4;
const sitsOut = (live, seat) => seat === live.dealer && seats(live) === 4;

const tresillo = {
  ...ombre,

  seatTags(live, seat) {
    const tags = [];
    if (sitsOut(live, seat)) tags.push({ text: t("Dealer: sits out") });
    else if (seat === (live.dealer + 1) % seats(live)) tags.push({ text: t("Mano") });
    if (live.player === seat) tags.push({ text: t("Player"), cls: "gold" });
    if (live.first_player === seat && live.player !== seat) tags.push({ text: t("Surrendered") });
    if (live.phase === "auction" && live.bidder === seat && live.bid) tags.push({ text: contractText(live.bid) });
    if ((live.passed || []).includes(seat) && live.phase === "auction") tags.push({ text: t("Passed") });
    return tags;
  },

  seatOut: sitsOut,

  // a dealer who sits out plays no trick: his seat says nothing
  seatStat: (live, seat) => (sitsOut(live, seat) ? "" : ombre.seatStat(live, seat)),

  cornerInfo(live) {
    // kept narrow: the top seat sits right of these boxes
    const boxes = [];
    const contract = live.contract || (live.phase === "auction" ? live.bid : null);
    const suit = suitName(live.trumps);
    if (contract || suit) {
      boxes.push(infoBox(live.contract ? t("Contract") : t("Highest bid"),
        contract ? h("span", { class: "value", "data-testid": "contract" }, contractText(contract)) : null,
        suit ? h("span", { class: "value", "data-testid": "trumps", title: t("Trumps") }, suitLabel(suit)) : null));
    }
    const favor = suitName(live.favor);
    if (favor) boxes.push(infoBox(t("Palo de favor"), h("span", { class: "value", "data-testid": "favor" }, suitLabel(favor))));
    if (live.turned) boxes.push(infoBox(t("Vuelta card"), cardElement(live.turned, { small: true }), h("span", { class: "sr-only", "data-testid": "turned" }, cardName(live.turned))));
    if (live.phase === "exchange") boxes.push(infoBox(t("Stock"), h("span", { class: "value" }, String(live.stock_left ?? 0))));
    boxes.push(infoBox(t("Plate"), h("span", { class: "value", "data-testid": "plate" }, plateText(live.plate))));
    return boxes;
  },

  actionButtons(legal, live, ctx) {
    const out = [];
    const rest = [];
    for (const a of legal) {
      const verb = splitAction(a.text)[0];
      switch (verb) {
        case "pass": out.push({ action: a, label: t("Pass") }); break;
        case "entrada": case "entrada-favor": case "vuelta": case "solo": case "solo-favor":
          out.push({ action: a, label: contractText(verb), primary: verb === "entrada" }); break;
        case "surrender": out.push({ action: a, label: t("Surrender (me rindo)") }); break;
        case "defend": out.push({ action: a, label: t("Defend it (la defiendo)"), primary: true }); break;
        case "accept": out.push({ action: a, label: t("Accept (bien)") }); break;
        case "bola": out.push({ action: a, label: t("Bola: I take all nine tricks") }); break;
        default: rest.push(a);
      }
    }
    // naming trumps and the exchange as Ombre's (they come in phases of their own)
    return [...out, ...ombre.actionButtons(rest, live, ctx)];
  },

  turnText(live, ctx, mine) {
    const who = ctx.seatName(live.current_player);
    switch (live.phase) {
      case "auction": return mine ? t("Bid a game (entrada, vuelta, solo) or pass") : tp("tresillo", "{who} is bidding", { who }); // not La Pocha's bet of tricks
      case "defence": return mine ? t("The player surrendered: defend the game or accept?") : t("{who} may defend the game", { who });
      default: return ombre.turnText(live, ctx, mine);
    }
  },

  panels(view, live, ctx) {
    const panels = [];
    if (live.player !== null && live.player !== undefined) panels.push(tricksPanel(live, ctx, { plays: (s) => !sitsOut(live, s) }));
    panels.push(balancesPanel(t("Plate and balances"), moneyNow(view, live, "balances"), ctx, { lead: moneyLead(view, [[t("Plate"), plateText(moneyNow(view, live, "plate"))]]) }));
    if (isMatch(view)) {
      panels.push(sessionSheet(view, ctx, [t("Player"), t("Contract"), t("Outcome")],
        (r) => [seatShortOrNone(ctx, r.player), contractText(r.contract), outcomeWord(r.outcome)]));
    }
    return panels;
  },

  announcement(live) {
    if (!live.outcome) return null;
    return { cls: outcomeClass(live.outcome), text: outcomeText(live.outcome) };
  },

  results: (view, live) => balancesResults(view, live, (l) => withPayments(outcomeText(l.outcome), l)),

  /** The session's every deal (player, contract, outcome, each seat's change) and the plate. */
  finalSheet: (view, live, ctx) => finalSession(view, ctx, [t("Player"), t("Contract"), t("Outcome")],
    (r) => [seatShortOrNone(ctx, r.player), contractText(r.contract), outcomeWord(r.outcome)], { lead: [[t("Plate"), plateText(view.plate)]] }),

  dealSummary: (view, ctx) => lastDealSummary(view, ctx, (r) => withPayments(outcomeText(r.outcome), r)),

  describe(ev, ctx) {
    const [verb, arg] = splitAction(ev.text);
    const who = ctx.seatName(ev.actor);
    switch (verb) {
      case "entrada": case "entrada-favor": case "vuelta": case "solo": case "solo-favor":
        return t("{who} bids {contract}", { who, contract: contractText(verb) });
      case "turn": return t("The vuelta turns {card}", { card: cardName(arg) });
      case "surrender": return t("{who} surrenders (me rindo)", { who });
      case "defend": return t("{who} defends the game (la defiendo)", { who });
      case "accept": return t("{who} accepts (bien)", { who });
      case "bola": return t("{who} announces bola: all nine tricks", { who });
      default: return ombre.describe(ev, ctx);
    }
  },
};

function plateText(plate) {
  const items = plate || [];
  if (!items.length) return t("empty");
  const total = items.reduce((a, b) => a + b, 0);
  return items.length === 1 ? String(total) : `${total} (${items.join(" + ")})`;
}

function outcomeWord(outcome) {
  switch (outcome) {
    case "sacada": return t("sacada");
    case "codillo": case "defended_codillo": case "codillo_split": return t("codillo");
    case "puesta": case "surrendered": case "vuelta_surrendered": case "defended_puesta": return t("puesta");
    case "defended": case "defended_saved": return t("defended");
    case "all_pass": return t("all passed");
    default: return outcome || "";
  }
}

// the game's words: definitions on the buttons, links to the rules (terms.js)
const CONTRACT_TERM = { entrada: "entrada", entrada_favor: "palo-de-favor", "entrada-favor": "palo-de-favor", vuelta: "vuelta", solo: "solo", solo_favor: "palo-de-favor", "solo-favor": "palo-de-favor" };
withTerms(tresillo, "tresillo", {
  buttons: { entrada: "entrada", "entrada-favor": "palo-de-favor", vuelta: "vuelta", solo: "solo", "solo-favor": "palo-de-favor", surrender: "me-rindo", defend: "la-defiendo", accept: "la-defiendo" },
  turn: { auction: "entrada", defence: "la-defiendo" },
  results: { sacada: "sacada", codillo: "codillo", puesta: "puesta", surrendered: "puesta", vuelta_surrendered: "puesta", defended_puesta: "puesta", defended_codillo: "codillo" },
  corner: (live) => CONTRACT_TERM[live.contract || (live.phase === "auction" ? live.bid : null)] || null,
  cornerIds: Object.values(CONTRACT_TERM),
});

export default tresillo;
