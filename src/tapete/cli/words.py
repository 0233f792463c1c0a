"""Texts the terminal tables share: the rules in force (``rules`` at the table) and the end
of a session (who won, which seat was yours), in the table's language.

>>> from tapete.engine import load_game
>>> text = rules_text(load_game("pocha-match", n_players=5), "pocha")
>>> "n_players = 5" in text and "docs/pocha.md" in text
True
>>> rules_text(load_game("trynka", two_aces_22=True), "trynka", Texts("es")).splitlines()[0]
'Trynka, una banca: apuestas a ciegas, apuestas, descubrirse a la derecha, svara.'
>>> session_end(["you", "rule-1"], 0, [1])
'Winner: rule-1. You played as you (seat 0).'
>>> session_end(["tú", "rule-1"], 0, [0, 1], Texts("es"))
'Ganan: tú, rule-1. Jugabas como tú (asiento 0).'
"""

from __future__ import annotations

from collections.abc import Sequence

from tapete.cli.prompt import command_word
from tapete.cli.texts import Texts
from tapete.engine import Game
from tapete.i18n.rules import rule_text

ENGLISH = Texts("en")

#: The word after ``rules`` that asks for every option, in each language.
ALL_WORDS = {"en": "all", "es": "todo", "ru": "все"}
#: Where the full rules of each game are, in the project's own words.
RULES_PAGES = {
    "pocha": "docs/pocha.md",
    "ombre": "docs/ombre.md",
    "trynka": "docs/trynka.md",
    "tresillo": "docs/tresillo.md",
}


def rules_text(game: Game, family: str, t: Texts = ENGLISH, every: bool = False) -> str:
    """A short summary of the rules in force: the game's summary, the options chosen (those
    not at their default) with their meaning, how many are at their default, and where the
    full rules are; ``every`` (``rules all`` at the table) lists every option.

    >>> from tapete.engine import load_game
    >>> text = rules_text(load_game("ombre-match", num_deals=3), "ombre")
    >>> "num_deals = 3" in text and "ante =" not in text and "'rules all'" in text
    True
    >>> "  ante = 1:" in rules_text(load_game("ombre-match"), "ombre", every=True)
    True
    """
    cls = type(game)
    params = getattr(game, "params", {})
    lines = [f"{rule_text(t.lang, cls.summary)}."]
    chosen = [p for p in cls.parameters if params.get(p.name, p.default) != p.default]
    shown = cls.parameters if every else chosen
    if every:
        lines.append(t("Rules in force (* = not the default):"))
    elif chosen:
        lines.append(t("The options chosen:"))
    for p in shown:
        mark = "*" if p in chosen and every else " "
        value = params.get(p.name, p.default)
        lines.append(f" {mark} {p.name} = {value}: {rule_text(t.lang, p.help)}")
    if not every:
        rest = len(cls.parameters) - len(chosen)
        command = f"{command_word('rules', t.lang)} {ALL_WORDS[t.lang]}"
        lines.append(t.ngettext("{n} other option at its default: '{command}' lists them all.",
                                "{n} other options at their defaults: '{command}' lists them "
                                "all.", rest, command=command))  # fmt: skip
    lines.append(t("The full rules: {page} in tapete's sources.", page=RULES_PAGES[family]))
    return "\n".join(lines)


def session_end(names: Sequence[str], me: int, winners: Sequence[int], t: Texts = ENGLISH) -> str:
    """One line at the end of a session: the winner(s) and the person's seat."""
    who = ", ".join(names[w] for w in winners)
    won = t("Winners: {who}.", who=who) if len(winners) > 1 else t("Winner: {who}.", who=who)
    return won + " " + t("You played as {name} (seat {seat}).", name=names[me], seat=me)
