// The games' words where the table shows them: a short definition as a tooltip and a link to
// the word in the game's rules page (/rules/{game}#term-{id}, opened in a new tab, in the
// page's language). The long explanations are the rules pages' own (static/rules/{lang}/);
// here only the one-line definitions of the words the table pages use.
//
// term(game, id, text)      the text as a link to the word (the text stays as it was)
// termHelp(game, id)        a small "?" link to put after a sentence (the turn line)
// termTitle(game, id)       the definition alone, for a button's title
// Every (game, id) used must be in TERMS and be an anchor `term-{id}` of the game's rules
// page in every language (tests/browser/test_rules_pages.py and tests/web/test_rules_content.py).

import { h } from "./api.js";
import { currentLanguage, N_, onLanguageChange, t } from "./i18n.js";

/** The games that have a rules page, in the lobby's order. */
export const RULE_GAMES = ["pocha", "ombre", "trynka", "tresillo", "lhombre"];

/** The definitions of the words the table pages link, by game and anchor id. */
export const TERMS = {
  pocha: {
    apuesta: N_("The bid: how many tricks you say you will win, exactly. You score only if you win that many."),
    postre: N_("The dealer bids last, and may not make the bids add up to the number of tricks: somebody must fail."),
    muestra: N_("The card turned up after the deal: its suit is trumps for the hand."),
    "ronda-india": N_("A one-card hand with the card on your forehead: you see everybody's card but your own."),
    "ronda-ciega": N_("A one-card hand played blind: nobody sees a card before it is played."),
  },
  ombre: {
    ombre: N_("Ombre is the player who says “I play”: he plays alone against the other two and must take more tricks than each of them."),
    "sans-prendre": N_("Playing without exchanging any card: it outranks a plain “I play” and wins or pays a little more."),
    vole: N_("After the first five tricks, ombre may undertake to take all nine."),
    sacardo: N_("Ombre took more tricks than each defender: he wins the pool."),
    codille: N_("A defender took more tricks than ombre: ombre pays him what the pool holds."),
    puesta: N_("Ombre tied with a defender: he pays the pool's amount into the pool, which doubles."),
    matadors: N_("The three top trumps: Spadille (♠A), Manille (the 2 of black trumps, the 7 of red ones) and Basto (♣A)."),
  },
  trynka: {
    "face-up": N_("A card dealt face up is seen by everybody; you may keep it or have it replaced from the pack. Players ask for it to change their luck or to unsettle the others."),
    blind: N_("Темню: staking without looking at your cards. Only the first player after the dealer may; the others must then stake at least as much."),
    overblind: N_("Перетемнить: the next player raises the blind stake, also without looking."),
    fold: N_("Упал: you throw your cards in unseen and are out of this bank."),
    reveal: N_("Вскрываюсь: you pay double and compare hands with the player on your right; the lower hand is out."),
    svara: N_("Свара: a tie. The bank stays and is played again by the tied players; the others may buy in."),
    "three-tens": N_("Three tens are worth only 10, but their holder may show them and have the bank redealt."),
  },
  tresillo: {
    entrada: N_("The lowest game: the player names trumps, then changes cards with the stock."),
    vuelta: N_("The top card of the stock is turned up: its suit is trumps. Worth more than an entrada."),
    solo: N_("The player names trumps and plays his nine cards without exchanging. The highest game."),
    "palo-de-favor": N_("The favour suit: a game with it as trumps outranks the same game in another suit and pays more."),
    sacada: N_("The player took more tricks than each defender: the others pay him and he takes a puesta from the plate."),
    codillo: N_("A defender took more tricks than the player: the player pays him what he would have won."),
    puesta: N_("The player tied a defender: he puts three times the game's value on the plate."),
    plato: N_("The plate: the puestas wait there, oldest first, until a won game takes one."),
    "me-rindo": N_("Me rindo: the player of an entrada or a vuelta gives up before the fourth trick and pays a puesta."),
    "la-defiendo": N_("La defiendo: a defender takes a surrendered entrada over and plays it on."),
  },
  lhombre: {
    ladder: N_("The bids go up a ladder of seven steps, from spil to nolo ouvert; the highest bidder plays alone against the other two."),
    spil: N_("The lowest game: the player names trumps and buys cards from the talon."),
    "bedre-spil": N_("A spil with spades as trumps: it outbids a plain spil."),
    tourne: N_("The talon's top card is turned up: its suit is trumps."),
    "kobe-nolo": N_("A nolo with buying: the player must take no trick, with no trumps."),
    "tourne-respekt": N_("A tourné of higher rank and value."),
    solo: N_("The player names trumps and plays without buying."),
    "solo-spar": N_("A solo with spades as trumps."),
    "ren-nolo": N_("A nolo without buying: no trick may be taken, with the hand as dealt."),
    "nolo-ouvert": N_("A ren nolo with the player's hand laid open on the table."),
    bet: N_("The player lost without kruk: a tie in tricks (4-4-1, 3-3-3), or one trick in a nolo."),
    kruk: N_("The player's heavy loss: a defender took more tricks, or two or more tricks in a nolo."),
    tout: N_("After the first five tricks, the player undertakes to take all nine."),
  },
};

/** A game's name ("ombre-match") as the game of its rules page ("ombre"), or null. */
export function rulesGame(game) {
  const base = String(game || "").replace(/-match$/, "");
  return RULE_GAMES.includes(base) ? base : null;
}

/** The address of a game's rules page in the page's language, at the word `id` if given. */
export function rulesHref(game, id = null) {
  const base = rulesGame(game) || "pocha";
  const lang = encodeURIComponent(currentLanguage());
  return `/rules/${base}?lang=${lang}` + (id ? `#term-${encodeURIComponent(id)}` : "");
}

/** A word's definition in the page's language ("" for an unknown word). */
export function termTitle(game, id) {
  const text = (TERMS[rulesGame(game)] || {})[id];
  return text ? t(text) : "";
}

/** `text` as a link to the word `id` of the game's rules (a new tab), titled with its definition. */
export function term(game, id, text) {
  return h("a", {
    class: "term",
    href: rulesHref(game, id),
    target: "_blank",
    rel: "noopener",
    title: termTitle(game, id) || null,
    "data-term": `${rulesGame(game)}#${id}`,
  }, text);
}

/** A sentence whose words before the first colon ("Sacardo: ombre wins the pool") are the
 *  word `id`: those words become its link, the rest stays text. */
export function termLead(game, id, sentence) {
  const text = String(sentence || "");
  const i = text.indexOf(":");
  if (i <= 0) return h("span", {}, term(game, id, text));
  return h("span", {}, term(game, id, text.slice(0, i)), text.slice(i));
}

/** A small "?" link to the word `id` of the game's rules, to follow a sentence. */
export function termHelp(game, id) {
  return h("a", {
    class: "term-help",
    href: rulesHref(game, id),
    target: "_blank",
    rel: "noopener",
    title: termTitle(game, id) || null,
    "aria-label": t("What does this mean? The rules, in a new tab"),
    "data-term": `${rulesGame(game)}#${id}`,
  }, "?");
}

/** A sentence followed by its "?" link (for the turn line), and by `why` when given (one
 *  sentence saying why the question is asked). */
export function withHelp(sentence, game, id, why = null) {
  if (!sentence) return sentence;
  return h("span", {}, sentence, " ", why ? h("span", { class: "why", "data-testid": "why" }, why, " ") : null, termHelp(game, id));
}

/** Every word the table pages link, as [game, id] (filled by `withTerms`; the tests check
 *  each against the rules pages' anchors). */
export const USED = [];

/**
 * Give a game's table module (games/*.js) its words, without changing how it draws:
 * `buttons` maps an action's text or verb to a word (the button's title gets the definition);
 * `turn` maps my turn's phase to a word, or is `(live, ctx, mine) => id` (then list its ids in
 * `turnIds`), for a "?" after the turn line (`why[id]`: a sentence of why, already translated
 * by the caller's `t()` at the time of drawing: give a function); `results` maps the deal's
 * `outcome` to the word that the result's title begins with (one deal, not a match's final
 * result); `corner` is `(live) => id` for the word shown as `[data-testid=contract]` in the
 * corner; `panels` maps a panel's `data-testid` to a word for a "?" at its end.
 */
export function withTerms(mod, game, { buttons = {}, turn = null, turnIds = [], why = {}, results = {}, corner = null, cornerIds = [], panels = {} } = {}) {
  const ids = [...Object.values(buttons), ...(turn && typeof turn === "object" ? Object.values(turn) : []), ...turnIds,
    ...Object.values(results), ...cornerIds, ...Object.values(panels)];
  for (const id of new Set(ids)) {
    USED.push([game, id]);
    if (!(TERMS[game] || {})[id]) console.error(`terms.js: ${game} has no word ${id}`);
  }
  const plainButtons = mod.actionButtons;
  mod.actionButtons = function (legal, live, ctx) {
    return plainButtons.call(this, legal, live, ctx).map((b) => {
      const text = b.action?.text || "";
      const id = buttons[text] || buttons[text.split(" ")[0]] || (b.verb ? buttons[b.verb] : null);
      if (!id) return b;
      const def = termTitle(game, id);
      return { ...b, title: b.title ? `${b.title}. ${def}` : def };
    });
  };
  if (turn) {
    const plainTurn = mod.turnText;
    mod.turnText = function (live, ctx, mine) {
      const text = plainTurn.call(this, live, ctx, mine);
      const id = typeof turn === "function" ? turn(live, ctx, mine) : mine ? turn[live.phase] : null;
      if (!id || !text) return text;
      return withHelp(text, game, id, why[id] ? why[id]() : null);
    };
  }
  if (Object.keys(results).length) {
    const plainResults = mod.results;
    mod.results = function (view, live, ctx) {
      const r = plainResults.call(this, view, live, ctx);
      const id = results[live?.outcome];
      if (!r || !id || typeof r.title !== "string" || String(view?.game || "").endsWith("-match")) return r;
      return { ...r, title: termLead(game, id, r.title) };
    };
  }
  if (corner) {
    const plainCorner = mod.cornerInfo;
    mod.cornerInfo = function (live, ctx) {
      const boxes = plainCorner.call(this, live, ctx);
      const id = corner(live);
      if (!id) return boxes;
      for (const box of boxes) {
        const el = box.querySelector?.("[data-testid=contract]");
        if (el) el.replaceChildren(term(game, id, el.textContent));
      }
      return boxes;
    };
  }
  if (Object.keys(panels).length) {
    const plainPanels = mod.panels;
    mod.panels = function (view, live, ctx) {
      const list = plainPanels.call(this, view, live, ctx);
      for (const p of list) {
        const node = p.node;
        const el = node?.dataset?.testid && panels[node.dataset.testid] ? node : null;
        if (el) el.append(" ", termHelp(game, panels[el.dataset.testid]));
      }
      return list;
    };
  }
  return mod;
}

/** The table header's "How to play" link: the game's rules in the page's language (kept in
 *  step when the language changes). */
export function mountRulesLink(link, game) {
  if (!link || !rulesGame(game)) return;
  const update = () => {
    link.href = rulesHref(game);
  };
  update();
  link.hidden = false;
  onLanguageChange(update);
}
