// Names for people of the players at a table: a bot is named by its seat and its level
// ("Bot 3 · Club player"), never by the server's player name ("rule", "search-strong",
// "bot:rule"). Shared by the table, the replay and the lobby.

import { t } from "./i18n.js";

/** A bot's level for people, from the server's player name ("search-strong" -> "Strong"). */
export function botLevelName(player) {
  const base = String(player || "rule").split(":")[0];
  switch (base) {
    case "search-strong": return t("Strong");
    case "search": case "search-normal": return t("Good");
    case "search-easy": return t("Fair");
    case "trynka-cfr": return t("Strong");
    case "rule": return t("Club player");
    case "random": return t("Beginner");
    default: return base;
  }
}

/** A bot's name at its seat (numbered from 1 as people count): "Bot 3 · Club player". */
export function botSeatName(seat, player) {
  return t("Bot {n} · {level}", { n: seat + 1, level: botLevelName(player) });
}

/** A seat's label as the server keeps it in records and histories ("bot:rule", or a person's
 *  name) for people: a bot by its seat and level, a person by the name. */
export function playerLabel(label, seat) {
  const text = String(label ?? "");
  if (text.startsWith("bot:")) return botSeatName(seat, text.slice(4));
  return text;
}

/** The seats ranked by their result, highest first; equal results share a place (1, 1, 3). */
export function ranking(values) {
  const order = values.map((value, seat) => ({ seat, value: Number(value) })).sort((a, b) => b.value - a.value || a.seat - b.seat);
  order.forEach((r, i) => (r.place = i && r.value === order[i - 1].value ? order[i - 1].place : i + 1));
  return order;
}

/** "Ana wins", "Ana and Bea share the win", or a draw; `ctx.seatName(s)` names a seat. */
export function winnerText(order, ctx) {
  const top = order.filter((r) => r.place === 1);
  if (!order.length) return "";
  if (top.length === order.length && order.length > 1) return t("A draw: everybody ends level");
  if (top.length === 1) return t("{who} wins", { who: ctx.seatName(top[0].seat) });
  return t("{who} share the win", { who: top.map((r) => ctx.seatName(r.seat)).join(", ") });
}
