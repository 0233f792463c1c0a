"""The turn loop shared by the terminal tables of La Pocha and Ombre."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable

from rich.console import Console

from tapete.cli.common import LEFT_TEXT
from tapete.cli.prompt import command_of, command_word
from tapete.cli.texts import Texts
from tapete.engine import CHANCE, GameRecord, State
from tapete.engine.chance import sample_chance
from tapete.errors import TapeteError
from tapete.players import Player

#: The words after ``rules`` that ask for every option (``rules all``).
EVERY = ("all", "todo", "todas", "все", "всё")
#: Answers to the save offer that mean "do not save".
NO_WORDS = ("n", "no", "н", "нет", "q")


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
                    self.console.print(self.t(LEFT_TEXT), markup=False)
                    self._offer_save()
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

    def _read_answer(
        self, prompt: str, legal_texts: list[str], empty: str | None = None
    ) -> str | None:
        """The person's answer; ``None`` when they leave (``quit`` in any of the table's
        languages, end of input). ``help`` lists the in-game commands and the legal moves and
        asks again; another in-game command comes back as its English name (``sheet``...).
        An empty line asks again, or answers ``empty`` when one is given."""
        while True:
            try:
                answer = self.read(prompt).strip()
            except EOFError:
                self._quit_by_eof = True
                return None
            if not answer:  # an empty line asks again (no list of the engine's verbs)
                if empty is not None:
                    return empty
                continue
            command = command_of(answer)
            words = answer.lower().split()
            if len(words) == 2 and command_of(words[0]) == "rules" and words[1] in EVERY:
                return "rules all"
            if command == "quit":
                return None
            if command != "help":
                return command or answer
            t = self.t
            words = [command_word(name, t.lang) for name in ("help", *self.commands, "quit")]
            self.console.print(
                t("commands: {commands}", commands=", ".join(words))
                + "\n" + t("legal: {moves}", moves=", ".join(legal_texts)),
                markup=False,
            )  # fmt: skip

    names: list[str]
    seed: int
    t: Texts
    #: What ``--resume`` needs besides the record's actions (``seat``, ``bots``, ``name``...).
    table_options: dict[str, object]
    _quit_by_eof = False

    def record(self) -> GameRecord:
        """The game so far as a tapete record (``tapete play --resume FILE`` goes on with it)."""
        meta = {"table": {**self.table_options, "seed": self.seed}}
        return GameRecord.from_state(self.state, players=tuple(self.names), meta=meta)

    def _offer_save(self) -> None:
        """Offer to save the unfinished game (not when the input has ended)."""
        if self._quit_by_eof or self.state.is_terminal():
            return
        t = self.t
        default = f"tapete-{self.state.game.name}-{self.seed}.json"
        try:
            answer = self.read(
                t("save the game to resume it? file (Enter: {file}, n: no): ", file=default)
            )
        except EOFError:
            return
        answer = answer.strip()
        if answer.lower() in NO_WORDS or command_of(answer) == "quit":
            return  # "quit" again means: just quit (not a file called "quit")
        path = answer or default
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(self.record().to_json(indent=1) + "\n")
        except OSError as e:
            reason = e.strerror or str(e)
            self.console.print(t("cannot write {file}: {reason}", file=path, reason=reason),
                               markup=False)  # fmt: skip
            return
        resume = "tapete play --resume " + path
        self.console.print(t("saved: {command}", command=resume),
                           markup=False)  # fmt: skip

    def resume(self, record: GameRecord) -> None:
        """Replay an unfinished record's actions into the table's state (nothing printed).

        The cards and the bots' choices are drawn again from the table's seed as they were
        played, so that (the same seed, the same answers) the resumed game goes on exactly as
        the uninterrupted one would have; :attr:`in_step` says whether that held.
        """
        from tapete.errors import RecordError

        state = self.state
        if record.game != state.game.name:
            raise RecordError(f"the record is a game of {record.game}, not {state.game.name}")
        self.in_step = True
        for number, text in enumerate(record.actions, 1):
            try:
                action = state.string_to_action(text)
                if self.in_step:
                    self._draw_again(action)
                state.apply_action(action)
            except TapeteError as e:
                raise RecordError(f"action {number} ({text!r}) does not replay: {e}") from None
        if state.is_terminal():
            raise RecordError("the record is a finished game: nothing to resume")
        self._resumed()

    #: Whether a resumed game's randomness follows its seed (see :meth:`resume`).
    in_step = True

    def _draw_again(self, action: int) -> None:
        """Draw what the seed gave at this point (a card, a bot's choice), to keep the table's
        randomness in step; out of step (a record of another table) once it differs."""
        state = self.state
        seat = state.current_player()
        if seat == CHANCE:
            drawn = sample_chance(state, self.deal_rng)
        elif seat in self.bots:
            drawn = self.bots[seat].choose(state.view(seat), state.legal_actions(), self.bot_rng)
        else:
            return
        if drawn != action:
            self.in_step = False

    @abstractmethod
    def _resumed(self) -> None:
        """Set what the table tracks from the events as the resumed state has it."""

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
