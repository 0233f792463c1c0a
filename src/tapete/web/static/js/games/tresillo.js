// Tresillo: four seats, the dealer sits out; the auction (entrada, vuelta, solo, each maybe
// in the palo de favor), the vuelta's turned card, the exchange, surrender and defence, the
// plate of puestas and the endings (sacada, codillo, puesta). The cards, the matadors and the
// exchange are drawn as Ombre's (games/ombre.js).

import { h } from "../api.js";
import { cardElement, cardName, suitName, suitWord, SUIT_SYMBOL } from "../cards.js";
import { t } from "../i18n.js";
import ombre, { exchangeButton } from "./ombre.js";
import { infoBox, isMatch, signed, splitAction } from "./common.js";

/** A contract's name for people (entrada, vuelta, solo; "de favor" when in the favour suit). */
export function contractText(contract) {
  switch (contract) {
    case "entrada": return t("Entrada");
    case "entrada-favor": case "entrada_favor": return t("Entrada de favor");
    case "vuelta": return t("Vuelta");
    case "solo": return t("Solo");
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
    case "all_pass": return t("Everybody passed: the deal is thrown in");
    default: return outcome ? String(outcome) : "";
  }
}

function outcomeClass(outcome) {
  const o = String(outcome || "");
  if (o === "sacada" || o === "defended") return "sacardo";
  if (o.includes("codillo")) return "codille";
  return "puesta";
}

const tresillo = {
  ...ombre,

  seatTags(live, seat) {
    const tags = [];
    if (seat === live.dealer) tags.push({ text: t("Dealer: sits out") });
    else if (seat === (live.dealer + 1) % 4) tags.push({ text: t("Mano") });
    if (live.player === seat) tags.push({ text: t("Player"), cls: "gold" });
    if (live.first_player === seat && live.player !== seat) tags.push({ text: t("Surrendered") });
    if (live.phase === "auction" && live.bidder === seat && live.bid) tags.push({ text: contractText(live.bid) });
    if ((live.passed || []).includes(seat) && live.phase === "auction") tags.push({ text: t("Passed") });
    return tags;
  },

  seatOut: (live, seat) => seat === live.dealer,

  seatStat(live, seat) {
    if (seat === live.dealer) return "";
    const won = (live.tricks_won || [])[seat] ?? 0;
    const parts = [t("Tricks {n}", { n: won })];
    const d = (live.drawn || [])[seat];
    if (d) parts.push(t("drew {n}", { n: d }));
    return parts.join(" · ");
  },

  cornerInfo(live) {
    // kept narrow: the top seat sits right of these boxes
    const boxes = [];
    const contract = live.contract || (live.phase === "auction" ? live.bid : null);
    const suit = suitName(live.trumps);
    if (contract || suit) {
      boxes.push(infoBox(live.contract ? t("Contract") : t("Highest bid"),
        contract ? h("span", { class: "value", "data-testid": "contract" }, contractText(contract)) : null,
        suit ? h("span", { class: "value", "data-testid": "trumps", title: t("Trumps") }, `${SUIT_SYMBOL[suit]} ${suitWord(suit)}`) : null));
    }
    const favor = suitName(live.favor);
    if (favor) boxes.push(infoBox(t("Palo de favor"), h("span", { class: "value", "data-testid": "favor" }, `${SUIT_SYMBOL[favor]} ${suitWord(favor)}`)));
    if (live.turned) boxes.push(infoBox(t("Vuelta card"), cardElement(live.turned, { small: true }), h("span", { class: "sr-only", "data-testid": "turned" }, cardName(live.turned))));
    if (live.phase === "exchange") boxes.push(infoBox(t("Stock"), h("span", { class: "value" }, String(live.stock_left ?? 0))));
    boxes.push(infoBox(t("Plate"), h("span", { class: "value", "data-testid": "plate" }, plateText(live.plate))));
    return boxes;
  },

  actionButtons(legal, live, ctx) {
    const out = [];
    for (const a of legal) {
      const [verb, arg] = splitAction(a.text);
      switch (verb) {
        case "pass": out.push({ action: a, label: t("Pass") }); break;
        case "entrada": case "entrada-favor": case "vuelta": case "solo": case "solo-favor":
          out.push({ action: a, label: contractText(verb), primary: verb === "entrada" }); break;
        case "surrender": out.push({ action: a, label: t("Surrender (me rindo)") }); break;
        case "defend": out.push({ action: a, label: t("Defend it (la defiendo)"), primary: true }); break;
        case "accept": out.push({ action: a, label: t("Accept (bien)") }); break;
        case "trumps": {
          const s = suitName(arg);
          out.push({ action: a, label: `${SUIT_SYMBOL[s] || arg} ${suitWord(s)}`, title: t("Name {suit} trumps", { suit: suitWord(s) }) });
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
      case "auction": return mine ? t("Bid a game (entrada, vuelta, solo) or pass") : t("{who} is bidding", { who });
      case "trumps": return mine ? t("Name the trump suit") : t("{who} names trumps", { who });
      case "exchange": return mine ? t("Choose the cards to throw away, then draw") : t("{who} exchanges", { who });
      case "defence": return mine ? t("The player surrendered: defend the game or accept?") : t("{who} may defend the game", { who });
      case "play": return mine ? t("Your turn: play a card") : t("{who} is to play", { who });
      default: return "";
    }
  },

  panels(view, live, ctx) {
    const panels = [];
    const tw = live.tricks_won || [0, 0, 0, 0];
    if (live.player !== null && live.player !== undefined) {
      panels.push({
        title: t("Tricks per side"),
        node: h("dl", { class: "kv" },
          h("dt", {}, t("Player ({who})", { who: ctx.seatName(live.player) })), h("dd", { "data-testid": "player-tricks" }, String(tw[live.player])),
          ...tw.flatMap((n, s) => (s === live.player || s === live.dealer ? [] : [h("dt", {}, "· " + ctx.seatName(s)), h("dd", {}, String(n))]))),
      });
    }
    const balances = live.balances ?? view.balances;
    panels.push({
      title: t("Plate and balances"),
      node: h("dl", { class: "kv" }, h("dt", {}, t("Plate")), h("dd", {}, plateText(live.plate ?? view.plate)),
        ...(balances || []).flatMap((b, s) => [h("dt", {}, ctx.seatName(s)), h("dd", {}, signed(b))])),
    });
    if (isMatch(view)) {
      const results = view.results || [];
      const rows = results.map((r, i) => h("tr", {}, h("td", {}, String(i + 1)), h("td", {}, r.player === null || r.player === undefined ? "–" : ctx.seatShort(r.player)),
        h("td", {}, contractText(r.contract)), h("td", {}, outcomeWord(r.outcome)), ...(r.changes || []).map((c) => h("td", {}, signed(c)))));
      panels.push({
        title: t("Deals ({n} of {total})", { n: Math.min((view.deal_index ?? results.length) + 1, view.num_deals ?? Infinity), total: view.num_deals ?? "?" }),
        node: !rows.length ? h("p", { class: "empty", style: "margin:0" }, t("No deal finished yet.")) : h("div", { class: "sheet-wrap" }, h("table", { class: "sheet" },
          h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("Player")), h("th", {}, t("Contract")), h("th", {}, t("Outcome")), ...[0, 1, 2, 3].map((s) => h("th", {}, ctx.seatShort(s))))),
          h("tbody", {}, rows))),
      });
    }
    return panels;
  },

  announcement(live) {
    if (!live.outcome) return null;
    return { cls: outcomeClass(live.outcome), text: outcomeText(live.outcome) };
  },

  results(view, live) {
    if (isMatch(view)) return view.current_player === -4 ? { title: t("Final balances"), values: view.balances } : null;
    return live.outcome ? { title: outcomeText(live.outcome), values: live.balances } : null;
  },

  dealIndex: (view) => (isMatch(view) ? view.deal_index ?? (view.results || []).length : null),

  dealSummary(view, ctx) {
    const r = (view.results || [])[(view.results || []).length - 1];
    if (!r) return null;
    const changes = (r.changes || []).map((c, s) => `${ctx.seatName(s)} ${signed(c)}`).join(", ");
    return `${outcomeText(r.outcome)}. ${changes}`;
  },

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
    case "codillo": case "defended_codillo": return t("codillo");
    case "puesta": case "surrendered": case "vuelta_surrendered": case "defended_puesta": return t("puesta");
    case "defended": case "defended_saved": return t("defended");
    case "all_pass": return t("all passed");
    default: return outcome || "";
  }
}

export default tresillo;
