// Danish l'hombre: forehand, middle hand and rear hand; the Union's ladder of bids (spil,
// bedre, tourné, respekt, solo, ren nolo, nolo ouvert), the game the winner declares, trumps
// named or turned up (the tourné), the buying from the talon, a nolo ouvert's open hand, the
// tout, and the deal won, bet or kruk with the points of the Union's table. The cards, the
// matadors, the exchange and the rest of the log are drawn as Ombre's (games/ombre.js).
// Every word for people is a t() text; the games, bids and outcomes come as the engine's codes.

import { h } from "../api.js";
import { cardElement, cardName, parseCard, suitName, suitWord, SUIT_SYMBOL } from "../cards.js";
import { N_, t } from "../i18n.js";
import ombre, { exchangeButton, matadors } from "./ombre.js";
import { finalSession, infoBox, isMatch, params, sessionSheet, signed, splitAction, tricksPanel } from "./common.js";
import { withTerms } from "../terms.js";

/** The nine games in the order of the Union's table (the engine's GAMES and the `points`
 *  option): the view's code, the word that declares it, its name for people, its step. */
export const GAMES = [
  { code: "spil", word: "spil", name: N_("Spil"), step: 1, trumps: true },
  { code: "bedre_spil", word: "bedre-spil", name: N_("Bedre spil"), step: 2, trumps: true },
  { code: "tourne", word: "tourné", name: N_("Tourné"), step: 3, trumps: true },
  { code: "kobe_nolo", word: "købe-nolo", name: N_("Købe nolo"), step: 3, trumps: false },
  { code: "tourne_respekt", word: "tourné-respekt", name: N_("Tourné-respekt"), step: 4, trumps: true },
  { code: "solo", word: "solo", name: N_("Solo"), step: 5, trumps: true },
  { code: "solo_spar", word: "solo-spar", name: N_("Solo spar"), step: 6, trumps: true },
  { code: "ren_nolo", word: "ren-nolo", name: N_("Ren nolo"), step: 6, trumps: false },
  { code: "nolo_ouvert", word: "nolo-ouvert", name: N_("Nolo ouvert"), step: 7, trumps: false },
];

/** The ladder's bids, step 1 to 7: the word said and its name for people. */
export const BIDS = [
  { word: "spil", name: N_("Spil") },
  { word: "bedre", name: N_("Bedre") },
  { word: "tourné", name: N_("Tourné") },
  { word: "respekt", name: N_("Respekt") },
  { word: "solo", name: N_("Solo") },
  { word: "ren-nolo", name: N_("Ren nolo") },
  { word: "nolo-ouvert", name: N_("Nolo ouvert") },
];

/** A game given by its code ("kobe_nolo") or its word ("købe-nolo", "kobe-nolo"). */
export function gameOf(value) {
  if (value === null || value === undefined) return null;
  const v = String(value);
  const plain = (s) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ø/g, "o").replace(/-/g, "_");
  return GAMES.find((g) => g.code === v || g.word === v || plain(g.word) === plain(v)) || null;
}

/** A bid's word ("tourné", "tourne", "respekt") as its step's entry, or null. */
export function bidOf(word) {
  const plain = (s) => String(s).normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return BIDS.find((b) => b.word === word || plain(b.word) === plain(word)) || null;
}

/** A game's name for people ("Købe nolo"); the code itself when unknown. */
export function gameText(value) {
  const g = gameOf(value);
  return g ? t(g.name) : value ? String(value) : "";
}

/** A bid's name for people ("Bedre"). */
export function bidText(word) {
  const b = bidOf(word);
  return b ? t(b.name) : word ? String(word) : "";
}

/** Each game's [won, bet, kruk] from the `points` option in the view's spec ("1/1/2 1/1/2 …",
 *  the Union's table unless the table changed it); null when the view does not say. */
export function pointsTable(ps) {
  if (!ps?.points) return null;
  const triples = String(ps.points).trim().split(/\s+/).map((x) => x.split("/").map(Number));
  const out = {};
  GAMES.forEach((g, i) => { out[g.code] = triples[i] && triples[i].length === 3 ? triples[i] : null; });
  return out;
}

/** The deal's ending for people: "Solo won by Ana", "Spil lost by Ana: kruk". */
/** `text` with the pot's part (settlement = pot, issue 29): the antes of an empty pot, what
 *  the player took from it or paid into it, the pot after; `r` is a deal's view or result. */
export function withPot(text, r) {
  const parts = [];
  if (r.ante) parts.push(t("Each put {amount} into the empty pot", { amount: r.ante }));
  if (r.pot_paid > 0) parts.push(t("The player takes {amount} from the pot", { amount: r.pot_paid }));
  if (r.pot_paid < 0) parts.push(t("The player pays {amount} into the pot", { amount: -r.pot_paid }));
  const pot = r.pot ?? r.pot_after;
  if (r.ante || r.pot_paid || pot) parts.push(t("Pot: {pot}", { pot: pot ?? 0 }));
  return parts.length ? `${text} · ${parts.join(" · ")}` : text;
}

export function outcomeText(outcome, contract, player) {
  const c = gameText(contract);
  switch (outcome) {
    case "won": return t("{contract} won by {player}", { contract: c, player });
    case "bet": return t("{contract} lost by {player}: bet", { contract: c, player });
    case "kruk": return t("{contract} lost by {player}: kruk", { contract: c, player });
    case "tout_won": return t("{contract} won by {player} with the tout: all nine tricks", { contract: c, player });
    case "tout_lost": return t("{contract} won by {player}, but the tout failed", { contract: c, player });
    case "all_pass": return t("Everybody passed: the deal is thrown in");
    default: return outcome ? String(outcome) : "";
  }
}

/** The ending announced on the felt (who played is on the seat's tag). */
export function endingText(outcome, contract) {
  const c = gameText(contract);
  switch (outcome) {
    case "won": return t("{contract} is won", { contract: c });
    case "bet": return t("{contract} is bet: lost on a tie", { contract: c });
    case "kruk": return t("{contract} is kruk: lost, and dearer", { contract: c });
    case "tout_won": return t("{contract} is won with the tout: all nine tricks", { contract: c });
    case "tout_lost": return t("{contract} is won, but the tout failed", { contract: c });
    default: return outcomeText(outcome, contract, "");
  }
}

/** An ending's short word for the session's sheet. */
function outcomeWord(outcome) {
  switch (outcome) {
    case "won": return t("game won");
    case "bet": return t("bet (lost)");
    case "kruk": return t("kruk (lost)");
    case "tout_won": return t("tout made");
    case "tout_lost": return t("tout missed");
    case "all_pass": return t("all passed");
    default: return outcome ? String(outcome) : "";
  }
}

function outcomeClass(outcome) {
  if (outcome === "won" || outcome === "tout_won") return "sacardo";
  if (outcome === "kruk") return "codille";
  return "puesta";
}

/** The three seats' places at this deal: forehand after the dealer, rear hand the dealer. */
function handTag(live, seat) {
  const dealer = live.dealer ?? 2;
  if (seat === dealer) return t("Rear hand (dealer)");
  return seat === (dealer + 1) % 3 ? t("Forehand") : t("Middle hand");
}

function suitLabel(suit) {
  const s = suitName(suit);
  return s ? `${SUIT_SYMBOL[s]} ${suitWord(s)}` : "";
}

/** How many more cards this seat must throw away before it may draw: the player of a spil,
 *  a bedre spil or a købe nolo buys at least one card, of a tourné one beyond the turned card
 *  (docs/lhombre.md, *Buying*). Only a hint for the button: the server's legal `draw` rules. */
function discardsWanted(live, ctx) {
  if (live.player !== ctx.mySeat) return 0;
  return Math.max(0, leastDiscards(live.contract) - (live.discards || []).length);
}

/** The fewest cards the player of a game throws away (0: he does not buy). */
export function leastDiscards(contract) {
  return { spil: 1, bedre_spil: 1, kobe_nolo: 1, tourne: 2, tourne_respekt: 2 }[contract] ?? 0;
}

/** How many more cards this seat may throw away: as many as the talon can give back (the
 *  tourné's player one more, the turned card being his first). */
function discardsAllowed(live, ctx) {
  const turned = live.player === ctx.mySeat && (live.contract === "tourne" || live.contract === "tourne_respekt");
  return Math.max(0, (live.stock_left ?? 0) + (turned ? 1 : 0) - (live.discards || []).length);
}

/** The games a bid's step holds ("Tourné / Købe nolo"), for the bid buttons' titles. */
function stepGames(step) {
  return GAMES.filter((g) => g.step === step).map((g) => t(g.name)).join(" / ");
}

const lhombre = {
  ...ombre,

  cardMark(live, code) {
    if (!suitName(live.trumps)) return null;
    const c = parseCard(code);
    const name = Object.entries(matadors(live.trumps)).find(([card]) => {
      const m = parseCard(card);
      return !!c && m.suit === c.suit && m.rank === c.rank;
    })?.[1];
    switch (name) {
      case "Spadille": return t("Spadille");
      case "Manille": return t("Manille");
      case "Basto": return t("Basta");
      default: return null;
    }
  },

  seatTags(live, seat) {
    const tags = [{ text: handTag(live, seat) }];
    if (live.player === seat) tags.push({ text: t("Player"), cls: "gold" });
    if (live.phase === "auction" && live.bidder === seat && live.bid) tags.push({ text: bidText(live.bid) });
    if (live.phase === "auction" && (live.passed || []).includes(seat)) tags.push({ text: t("Passed") });
    if (live.tout && live.player === seat) tags.push({ text: t("Tout"), cls: "gold" });
    if (live.player === seat && (live.open_hand || []).length) tags.push({ text: t("Open hand (nolo ouvert)") });
    return tags;
  },

  // a nolo ouvert's open hand lies on the table for everybody
  shownCards: (live, seat) => (seat === live.player && Array.isArray(live.open_hand) ? live.open_hand : []),
  shownLabel: () => t("Open hand (nolo ouvert)"),

  cornerInfo(live, ctx) {
    const boxes = [];
    const contract = live.contract || (live.phase === "auction" || live.phase === "declare" ? live.bid : null);
    const suit = suitName(live.trumps);
    if (contract || suit) {
      const name = live.contract ? gameText(live.contract) : bidText(live.bid);
      boxes.push(infoBox(live.contract ? t("Game") : t("Highest bid"),
        contract ? h("span", { class: "value", "data-testid": "contract" }, name) : null,
        suit ? h("span", { class: "value", "data-testid": "trumps", title: t("Trumps") }, suitLabel(suit)) : null,
        live.contract && !gameOf(live.contract)?.trumps ? h("span", { class: "value" }, t("no trumps")) : null));
    }
    const points = live.contract ? pointsTable(params(ctx?.view, ctx))?.[live.contract] : null;
    if (points) {
      boxes.push(infoBox(t("Points"), h("span", { class: "value", "data-testid": "points" },
        t("won {won} · bet {bet} · kruk {kruk}", { won: points[0], bet: points[1], kruk: points[2] }))));
    }
    if (live.turned) boxes.push(infoBox(t("Tourné card"), cardElement(live.turned, { small: true }), h("span", { class: "sr-only", "data-testid": "turned" }, cardName(live.turned))));
    if (live.phase === "exchange") boxes.push(infoBox(t("Talon"), h("span", { class: "value", "data-testid": "talon" }, String(live.stock_left ?? 0))));
    return boxes;
  },

  actionButtons(legal, live, ctx) {
    const out = [];
    for (const a of legal) {
      const [verb, arg] = splitAction(a.text);
      const bid = bidOf(verb);
      if (verb === "pass") out.push({ action: a, label: t("Pass") });
      else if (bid) {
        const step = BIDS.indexOf(bid) + 1;
        out.push({ action: a, label: t(bid.name), primary: step === 1, title: t("Step {n} of the ladder: {games}", { n: step, games: stepGames(step) }) });
      } else if (verb === "declare") out.push({ action: a, label: gameText(arg), primary: true, title: t("Declare {game}", { game: gameText(arg) }) });
      else if (verb === "trumps") {
        const s = suitName(arg);
        out.push({ action: a, label: suitLabel(s) || arg, title: t("Name {suit} trumps", { suit: suitWord(s) }) });
      } else if (verb === "tout") out.push({ action: a, label: t("Tout: I take all nine tricks") });
    }
    const draw = exchangeButton(legal, ctx);
    if (!draw) return out;
    const chosen = ctx.selected.length;
    const short = legal.some((a) => a.text === "draw") ? 0 : discardsWanted(live, ctx) - chosen;
    const most = discardsAllowed(live, ctx);
    if (chosen && short > 0) out.push({ ...draw, action: null, label: t("Choose {n} more to throw away", { n: short }) });
    else if (chosen > most) out.push({ ...draw, action: null, label: t("Choose at most {n}: the talon holds {left}", { n: most, left: live.stock_left ?? 0 }) });
    else out.push(draw);
    return out;
  },

  turnText(live, ctx, mine) {
    const who = ctx.seatName(live.current_player);
    switch (live.phase) {
      case "auction": return mine ? t("Bid (spil, solo, a nolo…) or pass") : t("{who} is bidding", { who });
      case "declare": return mine ? t("You won the auction: declare your game") : t("{who} declares the game", { who });
      case "trumps": return mine ? t("Name the trump suit") : t("{who} names trumps", { who });
      case "exchange": return mine ? t("Choose the cards to throw away, then draw") : t("{who} exchanges", { who });
      case "play": {
        if (mine && (ctx.legal || []).some((a) => a.text === "tout")) return t("Your turn: play a card, or declare the tout");
        return mine ? t("Your turn: play a card") : t("{who} is to play", { who });
      }
      default: return "";
    }
  },

  panels(view, live, ctx) {
    const panels = [];
    if (live.player !== null && live.player !== undefined && live.contract) panels.push(tricksPanel(live, ctx));
    const points = pointsTable(params(view, ctx));
    if (points) panels.push({ title: t("The Union's table"), node: ladderTable(points, live.contract) });
    const balances = live.balances ?? view.balances;
    panels.push({
      title: t("Scores"),
      node: h("dl", { class: "kv", "data-testid": "scores" }, ...(balances || []).flatMap((b, s) => [h("dt", {}, ctx.seatName(s)), h("dd", {}, signed(b))])),
    });
    if (isMatch(view)) panels.push(dealSheet(view, ctx));
    return panels;
  },

  announcement(live) {
    if (!live.outcome) return null;
    return { cls: outcomeClass(live.outcome), text: endingText(live.outcome, live.contract) };
  },

  results(view, live, ctx) {
    if (isMatch(view)) return view.current_player === -4 ? { title: t("Final balances"), values: view.balances } : null;
    if (!live.outcome) return null;
    const player = live.player === null || live.player === undefined ? "" : ctx.seatName(live.player);
    return { title: withPot(outcomeText(live.outcome, live.contract, player), live), values: live.balances };
  },

  /** The session's every deal (player, game and ending, each seat's change). */
  finalSheet(view, live, ctx) {
    const who = (s) => (s === null || s === undefined ? "–" : ctx.seatShort(s));
    return finalSession(view, ctx, [t("Player"), t("Game")], (r) => [who(r.player),
      [r.contract ? gameText(r.contract) : "–", h("br"), h("small", {}, outcomeWord(r.outcome))]]);
  },

  dealSummary(view, ctx) {
    const r = (view.results || [])[(view.results || []).length - 1];
    if (!r) return null;
    const player = r.player === null || r.player === undefined ? "" : ctx.seatName(r.player);
    const changes = (r.changes || []).map((c, s) => `${ctx.seatName(s)} ${signed(c)}`).join(", ");
    return `${withPot(outcomeText(r.outcome, r.contract, player), r)}. ${changes}`;
  },

  describe(ev, ctx) {
    const [verb, arg] = splitAction(ev.text);
    const who = ctx.seatName(ev.actor);
    if (bidOf(verb)) return t("{who} bids {bid}", { who, bid: bidText(verb) });
    switch (verb) {
      case "declare": {
        const game = gameOf(arg);
        // bedre spil and solo spar are played in spades: no suit is named after them
        if (game && (game.code === "bedre_spil" || game.code === "solo_spar")) return t("{who} declares {game}: spades are trumps", { who, game: gameText(arg) });
        return t("{who} declares {game}", { who, game: gameText(arg) });
      }
      case "turn": return t("the tourné turns up {card}: trumps are {suit}", { card: cardName(arg), suit: suitWord(parseCard(arg)?.suit) });
      case "tout": return t("{who} declares the tout: all nine tricks", { who });
      default: return ombre.describe(ev, ctx);
    }
  },
};

/** The games with their points, the one being played marked. */
function ladderTable(points, contract) {
  const rows = GAMES.map((g) => h("tr", { class: g.code === contract ? "current" : null, "aria-current": g.code === contract ? "true" : null },
    h("th", { scope: "row" }, t(g.name)), ...(points[g.code] || ["", "", ""]).map((p) => h("td", {}, String(p)))));
  return h("table", { class: "sheet", "data-testid": "ladder" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Game")), h("th", { scope: "col" }, t("When won")), h("th", { scope: "col" }, t("When bet")), h("th", { scope: "col" }, t("When kruk")))),
    h("tbody", {}, rows));
}

/** The session's sheet: each finished deal's player, its game and ending (one column, so the
 *  sheet fits the side panel with three seats), each seat's change. */
function dealSheet(view, ctx) {
  const who = (s) => (s === null || s === undefined ? "–" : ctx.seatShort(s));
  return sessionSheet(view, ctx, [t("Player"), t("Game")], (r) => [who(r.player),
    [r.contract ? gameText(r.contract) : "–", h("br"), h("small", {}, outcomeWord(r.outcome))]]);
}

// the game's words: definitions on the buttons, links to the rules (terms.js)
const GAME_TERM = { spil: "spil", bedre_spil: "bedre-spil", tourne: "tourne", kobe_nolo: "kobe-nolo", tourne_respekt: "tourne-respekt", solo: "solo", solo_spar: "solo-spar", ren_nolo: "ren-nolo", nolo_ouvert: "nolo-ouvert" };
withTerms(lhombre, "lhombre", {
  buttons: { ...Object.fromEntries(GAMES.map((g) => [`declare ${g.word}`, GAME_TERM[g.code]])), tout: "tout" },
  turn: { auction: "ladder", declare: "ladder" },
  results: { bet: "bet", kruk: "kruk", tout_won: "tout", tout_lost: "tout" },
  corner: (live) => (live.contract ? GAME_TERM[gameOf(live.contract)?.code] || null : null),
  cornerIds: Object.values(GAME_TERM),
});

export default lhombre;
