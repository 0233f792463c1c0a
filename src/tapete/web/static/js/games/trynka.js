// Trynka: the bank, the level, the cost of each choice on its button, blind (темню) and
// over-blind (перетемнить), reveals (вскрываюсь: the two hands shown to the two players),
// svara (свара: who may join and for how much), and every player's chips.

import { h } from "../api.js";
import { cardElement, cardName, parseCard } from "../cards.js";
import { t, tn } from "../i18n.js";
import { amountGroups, cardList, dealReaders, infoBox, isMatch, liveDeal, params as rulesOf, sheetBox, signed, splitAction } from "./common.js";
import { withTerms } from "../terms.js";

/** What a reveal costs the seat to act: the server's figure (the view's `reveal_cost`, priced
 * under the rules in force: dark_reveal_cost, reveal_basis, reveal_without_blind…). */
export function revealCost(live) {
  return typeof live.reveal_cost === "number" && live.reveal_cost > 0 ? live.reveal_cost : null;
}

/** The svara's joining round: players out of the bank may buy in now. */
function joining(live) {
  return live.phase === "svara_join";
}

const POINTS = { 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, J: 10, Q: 10, K: 10, A: 11 };

/**
 * A three-card hand's value as tapete.games.trynka.hand_value computes it:
 * {category, points} (3 three aces, 2 three sixes, 1 the best one-suit total).
 */
export function handValue(cards, params = {}) {
  const parsed = cards.map(parseCard).filter(Boolean);
  if (parsed.length !== 3) return null;
  const ranks = parsed.map((c) => c.rank);
  const total = ranks.reduce((a, r) => a + (POINTS[r] || 0), 0);
  const count = (r) => ranks.filter((x) => x === r).length;
  const sixesOver = params.sixes_over_aces === true;
  if (count("A") === 3) return { category: sixesOver ? 2 : 3, points: total };
  if (count("6") === 3) return { category: sixesOver ? 3 : 2, points: total };
  if (params.trips_score === true && ranks[0] === ranks[1] && ranks[1] === ranks[2]) return { category: 1, points: total };
  const bySuit = {};
  for (const c of parsed) bySuit[c.suit] = (bySuit[c.suit] || 0) + (POINTS[c.rank] || 0);
  let points = Math.max(...Object.values(bySuit));
  if (params.two_aces_22 === true && count("A") === 2) points = Math.max(points, 22);
  return { category: 1, points };
}

/** A hand's value for people: "three aces", "three sixes", "29 points", "three tens". */
export function handValueText(cards, params = {}) {
  // Seka's joker (the 7♣ wild) is valued by the server's rules only: no value of the page's
  if (params.joker === true && cards.some((c) => isJoker(c))) return t("(with the joker)");
  const v = handValue(cards, params);
  if (!v) return "";
  const ranks = cards.map(parseCard).map((c) => c && c.rank);
  if (v.category > 1) return ranks[0] === "A" ? t("three aces") : t("three sixes");
  if (ranks.every((r) => r === "10") && params.trips_score !== true) return t("three tens: {n} points, a redeal may be claimed", { n: v.points });
  return tn("{n} point", "{n} points", v.points);
}

/** Is this card Seka's joker (the seven of clubs, when the rules have `joker`)? */
export function isJoker(code) {
  const c = parseCard(code);
  return !!c && c.rank === "7" && c.suit === "clubs";
}

const trynka = {
  ...dealReaders,
  pack: "french",
  trick: () => null,
  finishedTricks: () => [],
  cardVerb: () => null,
  /** The 7♣ under Seka's joker carries a mark on the card. */
  cardMark: (live, code, ctx) => (rulesOf(live, ctx).joker === true && isJoker(code) ? t("joker") : null),
  markClass: () => "joker",

  seatTags(live, seat) {
    const tags = [];
    if (seat === live.dealer) tags.push({ text: t("Dealer") });
    if ((live.dark || [])[seat]) tags.push({ text: t("Blind"), cls: "gold" });
    const active = (live.active || [])[seat];
    const inBank = (live.participants || []).includes(seat);
    if (inBank && active === false) tags.push({ text: t("Out"), cls: "red" });
    if (!inBank && live.participants) tags.push({ text: t("Sitting out") });
    return tags;
  },

  seatOut: (live, seat) => (live.active || [])[seat] === false,

  seatStat(live, seat, ctx) {
    const chips = (live.balances || [])[seat];
    const paid = (live.paid || [])[seat] ?? 0;
    // a session counts chip stacks; a single bank counts what each won or lost
    const shown = isMatch(ctx?.view) ? String(chips ?? "") : signed(chips);
    const stat = t("Chips {chips} · bet {paid}", { chips: shown, paid });
    // a hand this seat can see whole: its value
    const known = seat === live.seat ? cardList(live.hand) : cardList((live.shown || [])[seat]);
    const value = known.length === 3 ? handValueText(known, rulesOf(live, ctx)) : "";
    return value ? `${stat} · ${value}` : stat;
  },

  /** Cards of another seat that this seat may see (exposed, or shown at a reveal). */
  shownCards: (live, seat) => cardList((live.shown || [])[seat]),

  cornerInfo(live) {
    const boxes = [];
    boxes.push(infoBox(t("Bank"), h("span", { class: "chip-stack value" }, h("span", { class: "chip", "aria-hidden": "true" }), h("span", { "data-testid": "bank" }, String(live.bank ?? 0)))));
    // no level before a bank is dealt (a replay's step 0: the first dealer still to be drawn)
    if (live.level !== undefined && live.level !== null) boxes.push(infoBox(t("Level"), h("span", { class: "value" }, t("{level} (cap {cap})", { level: live.level, cap: live.level_cap }))));
    if (live.svara_count) {
      boxes.push(infoBox(t("Svara"), h("span", { class: "value" }, t("No. {n}", { n: live.svara_count })),
        live.join_fee && joining(live) ? h("span", { class: "value" }, t("join for {fee}", { fee: live.join_fee })) : null));
    }
    const bottom = cardList(live.bottom);
    if (bottom.length) boxes.push(infoBox(t("Bottom of the pack"), h("div", { class: "last-trick" }, bottom.map((c) => cardElement(c, { small: true })))));
    return boxes;
  },

  actionButtons(legal, live) {
    const out = [];
    const { groups, rest } = amountGroups(legal, ["bet", "blind", "overblind"]);
    for (const [verb, items] of Object.entries(groups)) {
      items.sort((a, b) => a.amount - b.amount);
      const label = verb === "bet" ? t("Bet") : verb === "blind" ? t("Play blind") : t("Over-blind");
      out.push({ amounts: items, verb, label });
    }
    for (const a of rest) {
      const [verb] = splitAction(a.text);
      switch (verb) {
        case "fold": out.push({ action: a, label: t("Fold"), cost: 0 }); break;
        case "reveal": out.push({ action: a, label: t("Reveal"), cost: revealCost(live) }); break;
        case "show": out.push({ action: a, label: t("Show my cards") }); break;
        case "claim-tens": out.push({ action: a, label: t("Three tens: redeal"), primary: true }); break;
        case "propose-svara": out.push({ action: a, label: t("Propose a svara") }); break;
        case "accept": out.push({ action: a, label: t("Accept the svara"), primary: true }); break;
        case "refuse": out.push({ action: a, label: t("Refuse the svara") }); break;
        case "join": out.push({ action: a, label: t("Join the svara"), cost: live.join_fee }); break;
        case "decline": out.push({ action: a, label: String(live.phase).startsWith("svara") ? t("Do not join") : live.phase === "tens_window" ? t("No claim: play on") : t("No blind: look at my cards") }); break;
        case "flash": out.push({ action: a, label: t("Deal it face up") }); break;
        case "no-flash": out.push({ action: a, label: t("Deal it face down"), primary: true }); break;
        case "keep": out.push({ action: a, label: t("Keep the exposed card") }); break;
        case "replace": out.push({ action: a, label: t("Replace it") }); break;
        default: out.push({ action: a, label: a.text });
      }
    }
    return out;
  },

  turnText(live, ctx, mine) {
    const who = ctx.seatName(live.current_player);
    if (!mine) return live.current_player >= 0 ? t("{who} is to act", { who }) : "";
    const verbs = (ctx.legal || []).map((a) => splitAction(a.text)[0]);
    if (verbs.includes("flash")) return t("Have your next card dealt face up?");
    if (verbs.includes("keep")) return t("Your card was dealt face up: keep it or have it replaced?");
    // asked of every player who has looked, so that the question tells nobody who holds them
    if (live.phase === "tens_window") return t("Before the next bet: claim three tens for a redeal, or play on?");
    if (String(live.phase).startsWith("svara")) return t("A svara: join, accept or refuse");
    if ((live.looked || [])[live.seat] === false) return t("Your cards are face down: play blind or look");
    return t("Your turn: bet, reveal or fold");
  },

  handHidden: (live) => (live.looked || [])[live.seat] === false && (live.card_counts || live.cards_held || [])[live.seat] > 0,

  panels(view, live, ctx) {
    const n = live.n_players || (live.balances || []).length;
    const rows = [];
    for (let s = 0; s < n; s++) {
      const state = (live.active || [])[s] === false ? t("out") : (live.dark || [])[s] ? t("blind") : (live.participants || []).includes(s) ? t("in") : "–";
      const chips = (live.balances || [])[s];
      rows.push(h("tr", {}, h("th", { scope: "row" }, ctx.seatName(s)), h("td", {}, isMatch(view) ? String(chips ?? "") : signed(chips)), h("td", {}, String((live.paid || [])[s] ?? 0)), h("td", {}, state)));
    }
    /** @type {import("./common.js").Panel[]} */
    const panels = [{
      title: t("Chips"),
      node: h("table", { class: "sheet" }, h("thead", {}, h("tr", {}, h("th", {}, t("Player")), h("th", {}, t("Chips")), h("th", {}, t("In the bank")), h("th", {}, t("State")))), h("tbody", {}, rows)),
    }];
    if (live.svara_count) {
      const joiners = [];
      for (let s = 0; s < n; s++) if ((live.active || [])[s] === false) joiners.push(ctx.seatName(s));
      const players = [];
      for (let s = 0; s < n; s++) if ((live.active || [])[s]) players.push(ctx.seatName(s));
      let text;
      if (joining(live)) text = live.join_fee ? t("Players out of the bank may join for {fee}: {who}", { fee: live.join_fee, who: joiners.join(", ") || "–" }) : t("Nobody may join this svara");
      else text = t("Svara No. {n}, played by {who}", { n: live.svara_count, who: players.join(", ") });
      panels.push({ title: t("Svara"), node: h("p", { "data-testid": "svara" }, text) });
    }
    if (isMatch(view)) {
      // once the last bank is over the index is past it ("Bank 3 of 2" was shown at the end)
      const index = Math.min(view.deal_index ?? live.bank_number ?? 0, view.banks ? view.banks - 1 : Infinity);
      const of = view.banks ? t("Bank {n} of {total}", { n: index + 1, total: view.banks }) : t("Bank {n}", { n: index + 1 });
      panels.push({ title: t("Session"), node: h("p", {}, of) });
    }
    return panels;
  },

  results(view, live) {
    // a session counts chip stacks (no sign), a bank what each won or lost
    if (isMatch(view)) return view.current_player === -4 ? { title: t("Final chips"), values: view.balances || live.balances, stacks: true } : null;
    if (live.phase !== "over" && view.current_player !== -4) return null;
    return { title: t("Chips won and lost"), values: live.balances };
  },

  /** The replay's jumps by deal name its unit: a bank. */
  dealJumps: { prev: () => t("Previous bank"), next: () => t("Next bank") },
  dealIndex: (view) => (isMatch(view) ? view.deal_index ?? view.bank_number ?? null : null),

  /** The session's every bank: who took it, its size, each seat's chips after it. */
  finalSheet(view, live, ctx) {
    const banks = view.finished || [];
    if (!isMatch(view) || !banks.length) return null;
    const n = (banks[0].standings || []).length;
    const rows = banks.map((b, i) => {
      const d = Object.fromEntries(b.details || []);
      return h("tr", {}, h("td", {}, String(i + 1)), h("td", {}, d.winner === undefined || d.winner === null ? "–" : ctx.seatShort(d.winner)),
        h("td", {}, d.bank === undefined ? "" : String(d.bank)),
        ...(b.standings || []).map((c, s) => h("td", { title: signed((b.returns || [])[s]) }, String(c))));
    });
    return sheetBox(t("Chips"), h("table", { class: "sheet", "data-testid": "final-sheet" },
      h("caption", { class: "sheet-key" }, t("Each bank: who took it, the bank, each player's chips after it")),
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("Took the bank")), h("th", {}, t("Bank")), ...Array.from({ length: n }, (_, s) => h("th", { title: ctx.seatName(s) }, ctx.seatShort(s))))),
      h("tbody", {}, rows)));
  },

  dealSummary(view, ctx) {
    const last = (view.finished || [])[(view.finished || []).length - 1];
    const details = Object.fromEntries((last && last.details) || []);
    // each seat's chips after the bank that ended (the view's are the next bank's, its ante paid)
    const balances = (last && last.standings) || view.balances || liveDeal(view).balances || [];
    const chips = balances.map((c, s) => `${ctx.seatName(s)} ${c}`).join(", ");
    if (details.winner !== undefined && details.bank !== undefined) {
      return t("{who} takes the bank of {bank}. Chips: {chips}", { who: ctx.seatName(details.winner), bank: details.bank, chips });
    }
    return t("Bank over. Chips: {chips}", { chips });
  },

  describe(ev, ctx) {
    const base = describeAction(ev, ctx);
    // the engine's public outcomes of the action (who is out, a svara, who takes the bank)
    const args = ev.args || {};
    const extra = [];
    if (args.out !== undefined && args.out !== null) extra.push(t("{who} is out", { who: ctx.seatName(args.out) }));
    if (Array.isArray(args.svara)) extra.push(t("a svara between {who}", { who: args.svara.map((s) => ctx.seatName(s)).join(", ") }));
    if (args.winner !== undefined && args.winner !== null) extra.push(t("{who} takes the bank of {bank}", { who: ctx.seatName(args.winner), bank: args.won ?? "" }));
    if (!extra.length) return base;
    return base ? `${base}: ${extra.join("; ")}` : extra.join("; ");
  },
};

function describeAction(ev, ctx) {
  {
    const [verb, arg] = splitAction(ev.text);
    const who = ctx.seatName(ev.actor);
    switch (verb) {
      case "blind": return t("{who} plays blind for {n}", { who, n: arg });
      case "overblind": return t("{who} over-blinds for {n}", { who, n: arg });
      case "decline": return t("{who} declines", { who });
      case "bet": return t("{who} bets {n}", { who, n: arg });
      case "fold": return t("{who} folds", { who });
      case "reveal": return t("{who} reveals", { who });
      case "show": return t("{who} shows the cards", { who });
      case "claim-tens": return t("{who} has three tens: redeal", { who });
      case "propose-svara": return t("{who} proposes a svara", { who });
      case "accept": return t("{who} accepts the svara", { who });
      case "refuse": return t("{who} refuses the svara", { who });
      case "join": return t("{who} joins the svara", { who });
      case "flash": return t("{who} asks for a card face up", { who });
      case "no-flash": return "";
      case "keep": return t("{who} keeps the exposed card", { who });
      case "replace": return t("{who} replaces the exposed card", { who });
      case "deal": return arg.endsWith(" up") ? t("{card} is dealt face up", { card: cardName(arg.slice(0, -3)) }) : null;
      case "draw": return t("{card} is turned for the first dealer", { card: cardName(arg) });
      default: return null;
    }
  }
}

// the game's words: definitions on the buttons, links to the rules (terms.js); the first
// question a bank asks (a card face up?) says why it is asked
withTerms(trynka, "trynka", {
  buttons: { blind: "blind", overblind: "overblind", fold: "fold", reveal: "reveal", "propose-svara": "svara", accept: "svara", refuse: "svara", join: "svara", flash: "face-up", "no-flash": "face-up", keep: "face-up", replace: "face-up", "claim-tens": "three-tens" },
  turn: (live, ctx, mine) => {
    if (!mine) return null;
    const verbs = (ctx.legal || []).map((a) => splitAction(a.text)[0]);
    if (verbs.includes("flash") || verbs.includes("keep")) return "face-up";
    if (live.phase === "tens_window") return "three-tens";
    if (String(live.phase).startsWith("svara")) return "svara";
    if ((live.looked || [])[live.seat] === false) return "blind";
    return "reveal";
  },
  turnIds: ["face-up", "three-tens", "svara", "blind", "reveal"],
  why: { "face-up": () => t("Everybody will see it; you may then keep it or have it replaced from the pack. Players ask for it to change their luck or to unsettle the others.") },
  panels: { svara: "svara" },
});

export default trynka;
