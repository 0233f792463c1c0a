// The lobby's words for every game parameter, by its stable name (the code the server
// lists in /api/games): a label, a help sentence and the words for its choices. The server's
// English help is the fallback for a parameter this file does not know yet.

import { h } from "./api.js";
import { N_, t } from "./i18n.js";

const P = (label, help, choices = null) => ({ label, help, choices });

const COMMON = {
  n_players: P(N_("Players"), N_("How many players sit at the table.")),
  dealer: P(N_("First dealer"), N_("The seat that deals first (empty: the last seat, so the first seat plays first).")),
  deck: P(N_("Pack"), N_("Which cards are used.")),
  balances: P(N_("Starting balances"), N_("Each player's balance before play, separated by commas or slashes (empty: zero each).")),
  ante: P(N_("Ante"), N_("What each player puts into the pool at the start of every deal.")),
  pool: P(N_("Pool"), N_("What is in the pool before this deal's antes.")),
};

const TEXTS = {
  pocha: {
    ...COMMON,
    hand_size: P(N_("Cards each"), N_("Cards dealt to each player (empty: as many as the pack allows).")),
    deck: P(N_("Pack"), N_("auto: 36 cards (no twos) for 3 or 6 players, else the 40-card Spanish pack.")),
    rank_order: P(N_("Card order"), N_("How the cards rank within a suit."), { tute: N_("tute: A 3 R C S 7…2"), natural: N_("natural: A R C S 7…2") }),
    trump_when_no_stock: P(N_("Trumps when the pack is dealt out"), N_("When no card is left to turn up: the dealer's last card shows the trumps, or there are none."), { dealer_last_card: N_("the dealer's last card"), none: N_("no trumps") }),
    seven_swap: P(N_("Seven swap"), N_("The holder of the seven of trumps may take the turned-up card for it.")),
    dealer_restriction: P(N_("Dealer's forbidden bid"), N_("The dealer, bidding last, may not make the bids add up to the cards dealt.")),
    play_rules: P(N_("Play rules"), N_("What a player must play to a trick."), { seed: N_("follow, overtake, trump, overtrump"), follow_only: N_("only follow suit") }),
    undertrump: P(N_("Undertrumping"), N_("A player void in the suit led who cannot overtrump: any card, or still a trump."), { free: N_("any card"), must: N_("a trump") }),
    exact_base: P(N_("Points for an exact bid"), N_("Points scored by a player who takes exactly the tricks bid.")),
    per_trick_exact: P(N_("Points per trick (exact bid)"), N_("Points per trick taken, added for an exact bid.")),
    per_trick_miss: P(N_("Points lost per trick missed"), N_("Points lost for each trick more or fewer than the bid.")),
    hand_sequence: P(N_("Hand sizes of the match"), N_("The cards per hand, hand after hand: standard (ones, up, the most, down, ones), up_only, full_only, or a list like 1,2,3.")),
    first_dealer: P(N_("First dealer by lot"), N_("How the first dealer of the match is chosen."), { random: N_("a random seat"), high_card: N_("the highest card drawn") }),
    ronda_india: P(N_("Ronda india"), N_("One-card hands held to the forehead: each player sees every card but his own."), { off: N_("off"), opening: N_("the opening one-card hands"), every_one_card: N_("every one-card hand") }),
    ronda_ciega: P(N_("Ronda ciega"), N_("A one-card hand played blind: nobody sees a card before it is played."), { auto: N_("in the podrida sequence only"), off: N_("off"), last: N_("the last hand") }),
    ronda_subastada: P(N_("Ronda subastada"), N_("Trumps auctioned for a number of tricks instead of turned up."), { off: N_("off"), full_hands: N_("the largest hands"), closing_hands: N_("the closing hands, any size") }),
    final_tie: P(N_("Equal totals at the end"), N_("Players with the same final total share the win."), { shared: N_("share the win") }),
  },
  ombre: {
    ...COMMON,
    dealer: P(N_("First dealer"), N_("The dealer's seat (the seat after him is eldest hand).")),
    auction: P(N_("Auction"), N_("What may be bid."), { simple: N_("I play, or pass"), sans_prendre: N_("also sans prendre (no exchange)") }),
    all_pass: P(N_("When all pass"), N_("What happens when nobody plays."), { throw_in: N_("the deal is thrown in"), forced_spadille: N_("the holder of Spadille must play"), throw_in_pay_two: N_("thrown in, each adds two to the pool") }),
    min_discard_ombre: P(N_("Ombre's fewest discards"), N_("The fewest cards ombre must exchange.")),
    talon_rest_visible: P(N_("Who sees the rest of the stock"), N_("Who may look at the cards left in the stock after the exchange."), { none: N_("nobody"), ombre: N_("ombre"), all: N_("everybody"), last_exchanger: N_("the last to exchange") }),
    trump_timing: P(N_("When trumps are named"), N_("Ombre names the trump suit before or after the exchange."), { after_exchange: N_("after the exchange"), before_exchange: N_("before the exchange") }),
    first_lead: P(N_("First lead"), N_("Who leads the first trick."), { ombre: N_("ombre"), eldest: N_("eldest hand") }),
    matador_privilege: P(N_("Matadors' privilege"), N_("Matadors (Spadille, Manille, Basto) need not follow a trump lead that does not force them.")),
    tie_441: P(N_("Tricks 4-4-1"), N_("When ombre and a defender take four tricks each."), { puesta: N_("puesta"), codille_split: N_("ombre pays the pool to both") }),
    vole: P(N_("Vole"), N_("Ombre may announce vole (all nine tricks) after winning the first five.")),
    vole_bonus: P(N_("Vole bonus"), N_("Paid by or to each defender for a vole (empty: the ante).")),
    matador_payments: P(N_("Matador payments"), N_("Ombre's run of matadors is paid for.")),
    matador_unit: P(N_("Payment per matador"), N_("Paid for each matador of the run (empty: the ante).")),
    sans_prendre_bonus: P(N_("Sans prendre bonus"), N_("Paid by or to each defender for sans prendre (empty: the ante).")),
    num_deals: P(N_("Deals"), N_("How many deals the session has.")),
    leftover_pool: P(N_("The pool after the last deal"), N_("What happens to what is left in the pool."), { split_equally: N_("split equally"), play_until_empty: N_("play on until it is empty") }),
    max_extra_deals: P(N_("Most extra deals"), N_("Playing on until the pool is empty: at most this many deals more, then it is split.")),
    initial_selector: P(N_("Who finds the first dealer"), N_("The seat that deals cards face up until a black ace shows the first dealer.")),
    dealer_selection: P(N_("Next dealers"), N_("How each deal's dealer is chosen."), { black_ace_each_deal: N_("a black ace every deal"), rotate: N_("the deal passes to the right") }),
    exclude_previous_dealer: P(N_("Skip the previous dealer"), N_("A black ace dealt to the previous dealer does not count.")),
  },
  trynka: {
    ...COMMON,
    dealer: P(N_("First dealer"), N_("The dealer's seat (-1: the last seat, so the first seat speaks first).")),
    stake: P(N_("Stake"), N_("The stake unit, in chips.")),
    ante: P(N_("Ante"), N_("Each player puts one stake into the bank at every normal deal.")),
    deck: P(N_("Pack"), N_("24 cards (6 to 10 and aces), 32 (Seka's: 7 to aces, no sixes) or 36 (jacks, queens and kings count 10).")),
    flash_limit: P(N_("Cards face up"), N_("How many times a player may ask for a card face up in a deal.")),
    accidental_exposure_rate: P(N_("Accidental exposure"), N_("The chance that a card not asked for face up is exposed by accident.")),
    dark_max: P(N_("Largest blind"), N_("The largest blind stake, in stakes.")),
    blind_chain: P(N_("Over-blind chain"), N_("Each following player may over-blind in turn.")),
    level_cap: P(N_("Table limit"), N_("The highest blind or bet, in stakes.")),
    dark_reveal_cost: P(N_("A blind player's reveal"), N_("What a blind player pays to reveal."), { level: N_("the current level"), own_blind: N_("his own blind, until a raise") }),
    closing: P(N_("When everybody has bet the level"), N_("What follows once all have matched the level."), { forced_reveal: N_("no more bets: reveals"), showdown: N_("everybody shows") }),
    reveal_without_blind: P(N_("A reveal with nobody blind"), N_("What a sighted reveal costs when nobody went blind."), { double: N_("twice the level"), single: N_("the level (Seka)") }),
    reveal_basis: P(N_("What reveals are priced on"), N_("The current level, or the blind stakes whatever the raises."), { level: N_("the current level"), blind_stakes: N_("the blind stakes") }),
    overblind_level: P(N_("After an over-blind"), N_("Whether an over-blind sets the level for everybody."), { raises: N_("it sets the level"), first_blind: N_("the others play against the first blind") }),
    first_round_reveal: P(N_("Reveals in the first round"), N_("A reveal is allowed before everybody has acted once (no: Seka).")),
    sighted_stakes: P(N_("Sighted stakes"), N_("While a blind player has not looked, a sighted player stakes double (Seka)."), { single: N_("single"), double_while_blind: N_("double while someone is blind") }),
    trynka_flush: P(N_("Trynka (three of a suit)"), N_("Three cards of one suit beat every plain suit total.")),
    reveal_tie: P(N_("A tied reveal"), N_("With others still in, the player who revealed is out."), { revealer_out: N_("the revealer is out") }),
    reveal_public: P(N_("Public reveals"), N_("A reveal shows both hands to everybody, not only to the two players.")),
    sixes_over_aces: P(N_("Three sixes over three aces"), N_("Three sixes beat three aces.")),
    two_aces_22: P(N_("Two aces count 22"), N_("A hand with two aces counts 22 points.")),
    trips_score: P(N_("Three of a kind"), N_("Three of a kind counts the sum of its cards (no redeal for three tens).")),
    redeal_players: P(N_("Redeal after three tens"), N_("Who is dealt in again after a three-tens claim."), { active: N_("the players still in"), all: N_("everybody") }),
    tens_claim_any_time: P(N_("Three tens at a svara"), N_("Three tens may also be claimed when answering a svara proposal.")),
    svara_join_fraction: P(N_("Svara buy-in"), N_("What joining a svara costs, as a share of the bank (0: nobody may join).")),
    agreed_svara: P(N_("Agreed svara"), N_("The last two players may agree on a svara.")),
    max_svara_chain: P(N_("Svaras in a row"), N_("After this many svaras in a row a tie splits the bank.")),
    joker: P(N_("Joker (Seka)"), N_("The seven of clubs stands for the card that makes the hand worth most.")),
    tens_claim_moment: P(N_("When three tens are claimed"), N_("On one's own turn, or also before any other player's decision."), { own_turn: N_("on one's turn"), any_moment: N_("at any moment") }),
    start_balance: P(N_("Starting chips"), N_("Each player's chips at the start when no balances are given.")),
    dealer_method: P(N_("First dealer"), N_("How the first dealer is found (automatic: the highest card for up to 3 players, else counting to the first ace)."), { auto: N_("automatic"), high_card: N_("the highest card"), count_to_ace: N_("counting to the first ace") }),
    initial_host: P(N_("Host"), N_("The player who turns the cards when counting to the first ace.")),
    next_dealer: P(N_("Next dealer"), N_("Who deals the next bank."), { winner: N_("the winner of the bank"), rotate: N_("the next player to the left") }),
    banks: P(N_("Banks"), N_("How many banks the session has.")),
    stop_when_broke: P(N_("Stop when broke"), N_("The session ends as soon as a player has no chips left.")),
  },
  tresillo: {
    ...COMMON,
    dealer: P(N_("Dealer"), N_("The dealer's seat: he sits out this deal (the seat after him is mano).")),
    first_dealer: P(N_("First dealer"), N_("The seat that deals first; the deal passes on after each deal.")),
    num_deals: P(N_("Deals"), N_("How many deals the session has (12: each seat deals three).")),
    plate: P(N_("Plate"), N_("The puestas on the plate before play, oldest first, like 6/3 (empty: none).")),
    balances: P(N_("Starting balances"), N_("The four balances before play, like 5/0/-2/0 (empty: zero each).")),
    palo_de_favor: P(N_("Palo de favor"), N_("The preferred suit: its entrada and solo outbid the plain ones and pay more."), { none: N_("none"), clubs: N_("bastos (clubs)"), diamonds: N_("oros (diamonds)"), hearts: N_("copas (hearts)"), spades: N_("espadas (spades)") }),
    entrada_value: P(N_("Entrada pays"), N_("What each other player pays for a won entrada.")),
    vuelta_value: P(N_("Vuelta pays"), N_("What each other player pays for a won vuelta.")),
    solo_value: P(N_("Solo pays"), N_("What each other player pays for a won solo.")),
    favor_extra: P(N_("Favour extra"), N_("Added to a game's value when trumps are the palo de favor.")),
    surrender: P(N_("Surrender"), N_("The player of an entrada or a vuelta may give up before his card to the fourth trick.")),
    plate_payout: P(N_("Plate payout"), N_("What a won game takes from the plate."), { first: N_("the oldest puesta"), all: N_("the whole plate") }),
    matador_privilege: P(N_("Matadors' privilege"), N_("Matadors (Spadille, Manille, Basto) need not follow a trump lead that does not force them.")),
    tie_441: P(N_("Tricks 1-4-4"), N_("When the player takes one trick and each defender four."), { puesta: N_("puesta"), codille_split: N_("a codillo for both defenders") }),
    bola: P(N_("Bola"), N_("The player who has won the first five tricks may announce bola: all nine.")),
    bola_bonus: P(N_("Bola pays"), N_("Paid by or to each of the three others for a bola made or missed.")),
    estuches: P(N_("Estuches"), N_("The player's run of top trumps (espada, mala, basto and the trumps after them without a gap) is paid for.")),
    estuche_unit: P(N_("Payment per estuche"), N_("What each of the three others pays for each card of the run.")),
    polla: P(N_("Polla"), N_("What each of the four puts on the plate at the start of every deal (0: none).")),
    polla_by: P(N_("Polla from"), N_("Who puts the polla on the plate: each of the four, or the dealer alone."), { each: N_("each of the four"), dealer: N_("the dealer alone") }),
  },
  lhombre: {
    ...COMMON,
    dealer: P(N_("Dealer"), N_("The dealer's seat, rear hand (the seat after him is forehand and bids first).")),
    first_dealer: P(N_("First dealer"), N_("The seat that deals first; the deal passes to the right after each deal.")),
    num_deals: P(N_("Deals"), N_("How many deals the session has (12: each seat deals four).")),
    balances: P(N_("Starting scores"), N_("The three scores before play, like 5/0/-5 (empty: zero each).")),
    auction: P(N_("Auction"), N_("The Union's: the spil games one step at a time, solo and the nolos straight away; or every bid one step, then any game of that step or higher."), { union: N_("the Union's ladder"), steps: N_("one step per bid") }),
    points: P(N_("Points"), N_("Won/bet/kruk for each game: spil, bedre spil, tourné, købe nolo, tourné-respekt, solo, solo spar, ren nolo, nolo ouvert. Tourné-respekt is played as a tourné of higher rank and value: a guess, as no source read here says what else sets it apart.")),
    settlement: P(N_("Who pays whom"), N_("Each defender pays or is paid the points, only the player's score changes, or the player takes from and pays into a pot."), { each: N_("each defender"), player: N_("the player only"), pot: N_("a pot") }),
    pot_ante: P(N_("Pot ante"), N_("With a pot: what each player puts in when a deal begins with the pot empty.")),
    pot: P(N_("Pot"), N_("With a pot: what it holds before this deal.")),
    tout: P(N_("Tout"), N_("After winning the first five tricks of a trump game the player may undertake to take all nine.")),
    tout_points: P(N_("Tout points"), N_("What a tout adds when made, and costs when missed.")),
    matador_privilege: P(N_("Matadors' privilege"), N_("Matadors (Spadille, Manille, Basta) need not follow an ordinary trump led.")),
  },
};

/** The parameters whose value is a seat (0 the first): the lobby shows them as "Seat 1"... */
const SEAT_PARAMS = new Set(["dealer", "first_dealer", "initial_selector", "initial_host"]);

/** Whether parameter `name` names a seat by its index (numbers, not choices). */
export function isSeatParam(name) {
  return SEAT_PARAMS.has(name);
}

function entry(game, name) {
  const family = String(game || "").split("-")[0];
  return TEXTS[family]?.[name] || null;
}

/** The label of parameter `name` of `game` ("pocha-match"), in the page's language. */
export function paramLabel(game, name) {
  const e = entry(game, name);
  return e ? t(e.label) : name;
}

/** The help sentence of a parameter (the server's English text if this file lacks it). */
export function paramHelp(game, name, fallback = "") {
  const e = entry(game, name);
  return e ? t(e.help) : fallback || "";
}

/** The words for one of a parameter's choices (its code if none). */
export function choiceLabel(game, name, value) {
  const e = entry(game, name);
  const text = e?.choices?.[String(value)];
  return text ? t(text) : String(value);
}

/** The most seats a table has (La Pocha's eight): a seat parameter without bounds offers them. */
const MAX_SEATS = 8;

/** A game parameter's field (the lobby's and the tournament form's): a <select> or an <input>
 *  marked data-param (its name), data-default and, when not text, data-kind, with its label
 *  and help. `p` is one of /api/games' params of `game`; its element's id is `prefix` and the
 *  name; `onChange` runs when the value changes.
 *  @param {any} p
 *  @param {string} game
 *  @param {{ prefix?: string, onChange?: ((name: string) => void) | null }} [options]
 *  @returns {HTMLElement} */
export function paramField(p, game, { prefix = "param-", onChange = null } = {}) {
  const id = `${prefix}${p.name}`;
  let input;
  const value = p.default;
  if (p.choices && p.choices.length) {
    input = h("select", { id, "data-param": p.name }, p.choices.map((c) => h("option", { value: String(c), selected: String(c) === String(value) }, choiceLabel(game, p.name, c))));
  } else if (isSeatParam(p.name) && (typeof value === "number" || value === null)) {
    // a seat, counted from 1 as the seats are (its value is the seat's index)
    const last = p.high ?? MAX_SEATS - 1;
    const options = [];
    if (value === null) options.push(h("option", { value: "", selected: true }, t("default")));
    if (value === -1) options.push(h("option", { value: "-1", selected: value === -1 }, t("the last seat")));
    for (let s = Math.max(0, p.low ?? 0); s <= last; s++) {
      options.push(h("option", { value: String(s), selected: value === s }, t("Seat {n}", { n: s + 1 })));
    }
    input = h("select", { id, "data-param": p.name, "data-kind": "number", "data-seat": "" }, options);
  } else if (typeof value === "boolean") {
    input = h("select", { id, "data-param": p.name, "data-kind": "bool" }, h("option", { value: "true", selected: value === true }, t("yes")), h("option", { value: "false", selected: value === false }, t("no")));
  } else if (typeof value === "number" || p.low !== null && p.low !== undefined) {
    input = h("input", { id, type: "number", "data-param": p.name, "data-kind": "number", value: value === null || value === undefined ? "" : String(value), min: p.low ?? null, max: p.high ?? null, step: Number.isInteger(value ?? 0) ? "1" : "any", placeholder: value === null ? t("default") : null });
  } else {
    input = h("input", { id, type: "text", "data-param": p.name, value: value === null || value === undefined ? "" : String(value), placeholder: value === null ? t("default") : null });
  }
  input.dataset.default = value === null || value === undefined ? "" : String(value);
  if (onChange) input.addEventListener("change", () => onChange(p.name));
  const help = paramHelp(game, p.name, p.help);
  const helpId = `${id}-help`;
  if (help) input.setAttribute("aria-describedby", helpId);
  return h("div", { class: "field" }, h("label", { for: id }, paramLabel(game, p.name), " ", h("code", { class: "param-code" }, p.name)), input,
    help ? h("span", { class: "help", id: helpId }, help) : null);
}

/** The values of the parameter fields under `root` that differ from their defaults, typed as
 *  the server wants them (numbers, booleans, text); `spec` is the game's /api/games entry.
 *  @param {ParentNode} root
 *  @param {any} spec
 *  @returns {Record<string, string | number | boolean>} */
export function paramValues(root, spec) {
  /** @type {Record<string, string | number | boolean>} */
  const out = {};
  for (const input of /** @type {NodeListOf<HTMLSelectElement | HTMLInputElement>} */ (root.querySelectorAll("[data-param]"))) {
    if (input.value === input.dataset.default || input.value === "") continue;
    /** @type {string | number | boolean} */
    let v = input.value;
    if (input.dataset.kind === "bool") v = v === "true";
    else if (input.dataset.kind === "number") v = Number(v);
    else if (/^-?\d+$/.test(v) && input.tagName === "SELECT" && typeof spec?.params?.find((/** @type {any} */ p) => p.name === input.dataset.param)?.default === "number") v = Number(v);
    out[input.dataset.param] = v;
  }
  return out;
}

/** Every parameter field under `box` whose longest choice (or value) does not fit its column
 *  takes the grid's whole width, so that no choice is cut ("the dealer's last car…").
 *  Measured while the fields' <details> is open (closed, they have no width): call it on
 *  opening, on drawing and when the window resizes.
 *  @param {HTMLElement} box */
export function widenParamFields(box) {
  if (!box.closest("details")?.open) return;
  const ctx = document.createElement("canvas").getContext("2d");
  if (!ctx) return;
  for (const input of /** @type {NodeListOf<HTMLSelectElement | HTMLInputElement>} */ (box.querySelectorAll("[data-param]"))) {
    const field = input.closest(".field");
    if (!field) continue;
    field.classList.remove("wide");
    if (input.type === "number") continue;
    const texts = input.tagName === "SELECT" ? [.../** @type {HTMLSelectElement} */ (input).options].map((o) => o.text) : [input.value];
    const style = getComputedStyle(input);
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const pad = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + (input.tagName === "SELECT" ? 20 : 0);
    const need = Math.max(0, ...texts.map((x) => ctx.measureText(x).width)) + pad;
    if (need > input.clientWidth) field.classList.add("wide");
  }
}
