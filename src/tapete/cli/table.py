"""The turn loop shared by the terminal tables of La Pocha and Ombre."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable

from rich.console import Console

from tapete.cli.prompt import command_of
from tapete.engine import CHANCE, State
from tapete.engine.chance import sample_chance
from tapete.players import Player


class TerminalTable(ABC):
    """A person at ``me`` against ``bots``: chance from ``deal_rng``, the bots' choices from
    their views with ``bot_rng``, the person's turns through :meth:`_ask`.

    Subclasses print what happens through the hooks.
    """

    state: State
    read: Callable[[str], str]
    me: int
    bots: dict[int, Player]
    deal_rng: random.Random
    bot_rng: random.Random
    console: Console

    def play_turns(self) -> bool:
        """Play until the game ends; False if the person left the table."""
        state = self.state
        while not state.is_terminal():
            marker = self._progress()
            seat = state.current_player()
            if seat == CHANCE:
                phase = state.phase()
                action = sample_chance(state, self.deal_rng)
                text = state.action_to_string(action)
                state.apply_action(action)
                self._after_chance(phase, text)
            elif seat == self.me:
                if not self._ask():
                    self.console.print("You left the table.")
                    return False
            else:
                view = state.view(seat)
                action = self.bots[seat].choose(view, state.legal_actions(), self.bot_rng)
                text = state.action_to_string(action)
                state.apply_action(action)
                self._announce(seat, text)
            self._after_action(marker)
        return True

    #: The in-game commands this table answers besides ``help`` and ``quit``.
    commands: tuple[str, ...] = ("last", "rules")

    def _read_answer(self, prompt: str, legal_texts: list[str]) -> str | None:
        """The person's answer; ``None`` when they leave (``quit`` in any of the table's
        languages, end of input). ``help`` lists the in-game commands and the legal moves and
        asks again; another in-game command comes back as its English name (``sheet``...)."""
        while True:
            try:
                answer = self.read(prompt).strip()
            except EOFError:
                return None
            command = command_of(answer)
            if command == "quit":
                return None
            if command != "help":
                return command or answer
            self.console.print(
                "commands: " + ", ".join(("help", *self.commands, "quit"))
                + "\nlegal: " + ", ".join(legal_texts)
            )  # fmt: skip

    @abstractmethod
    def _progress(self) -> int:
        """A number that changes when a deal ends (passed to :meth:`_after_action`)."""

    @abstractmethod
    def _after_chance(self, phase: str, text: str) -> None:
        """Show a chance action that was just applied in ``phase``."""

    @abstractmethod
    def _ask(self) -> bool:
        """The person's turn: ask until a legal action is applied; False to leave."""

    @abstractmethod
    def _announce(self, seat: int, text: str) -> None:
        """Show a bot's action (already applied)."""

    @abstractmethod
    def _after_action(self, progress_before: int) -> None:
        """Show what the last action finished (a trick, a deal)."""
