"""What the terminal tables of every game share: sitting down (the person's seat, name,
language, seed and bots), the turn loop, the in-game commands, refusals, saving and resuming,
and the end of a session."""

from __future__ import annotations

import argparse
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence

from rich.console import Console

from tapete.cli.common import LEFT_TEXT, game_from_args, make_bots, table_randomness
from tapete.cli.prompt import command_of, command_word, default_language, refusal_text
from tapete.cli.texts import Texts
from tapete.cli.words import rules_text, session_end
from tapete.engine import CHANCE, Game, GameRecord, State, load_game
from tapete.engine.chance import sample_chance
from tapete.errors import ConfigError, NotationError, TapeteError
from tapete.players import Player


def table_game(args: argparse.Namespace, name: str, **extra: object) -> Game:
    """The game of a table: the resumed record's (``--resume``), else ``name`` with the
    ``-p`` parameters and ``extra`` (those not None)."""
    record = getattr(args, "record", None)
    if record is not None:
        return load_game(record.game, **dict(record.params))
    return game_from_args(name, getattr(args, "param", []), **extra)


def play_table(make: Callable[[], TerminalTable], args: argparse.Namespace) -> int:
    """Build a table, resume the saved game if there is one, and play; a table that cannot be
    set up as asked (a bad option or parameter) is one line on the standard error, status 2."""
    try:
        table = make()
        record = getattr(args, "record", None)
        if record is not None:
            table.resume(record)
        return table.run()
    except (ConfigError, NotationError) as e:
        Console(stderr=True).print(f"error: {e}", markup=False)
        return 2


#: The words after ``rules`` that ask for every option (``rules all``).
EVERY = ("all", "todo", "todas", "все", "всё")
#: Answers to the save offer that mean "do not save".
NO_WORDS = ("n", "no", "н", "нет", "q")


class TerminalTable(ABC):
    """A person at ``me`` against ``bots``: chance from ``deal_rng``, the bots' choices from
    their views with ``bot_rng``, the person's turns through :meth:`_ask`.

    Subclasses print what happens through the hooks.
    """

    #: The game family (``pocha``, ``ombre``...): its rules page and its action words.
    family: str
    game: Game
    state: State
    read: Callable[[str], str]
    me: int
    bots: dict[int, Player]
    deal_rng: random.Random
    bot_rng: random.Random
    console: Console

    def _sit_down(
        self,
        args: argparse.Namespace,
        console: Console,
        read: Callable[[str], str],
        label: Callable[[int], str] = str,
    ) -> None:
        """Seat the person at ``args.seat`` and a bot in every other seat of the game (named
        ``<bot>-<label(seat)>``), in the language of ``--lang`` (else the locale's), with the
        seed of ``--seed`` (else a fresh one, shown)."""
        n = self.game.num_players()
        self.me = args.seat
        self.read = read
        self.lang = getattr(args, "lang", None) or default_language()
        self.t = Texts(self.lang)
        self.seed, self.deal_rng, self.bot_rng = table_randomness(args.seed)
        self.person = args.name or self.t("you")
        #: Whether the person gave a name (the opening line says it; without one it says the seat)
        self.named = bool(args.name) and args.name != self.t("you")
        self.table_options = {
            "seat": args.seat,
            "name": self.person,
            "bots": args.bots,
            "lang": self.lang,
        }
        self.bots = make_bots(args.bots or "rule", [s for s in range(n) if s != self.me])
        for seat, bot in self.bots.items():
            bot.start(self.game, seat)
        self.names = [
            self.person if s == self.me else f"{self.bots[s].name}-{label(s)}" for s in range(n)
        ]
        self.reveal = bool(args.reveal)
        self.console = console

    @abstractmethod
    def run(self) -> int:
        """Play the whole game or session; the exit status (``LEFT_STATUS`` if the person
        left)."""

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

    def _table_command(self, answer: str) -> bool:
        """Answer ``rules`` (``rules all``) and the table's own commands (``last``, ``money``,
        ``sheet``: :meth:`_show`); False when ``answer`` is none of them."""
        if answer in ("rules", "rules all"):
            text = rules_text(self.game, self.family, self.t, answer == "rules all")
            self.console.print(text, markup=False)
            return True
        if answer not in self.commands:
            return False
        if answer == "last":
            self.console.print(self._last_trick_text or self.t("no trick has been played yet"))
        else:
            self._show(answer)
        return True

    def _show(self, command: str) -> None:
        """Show what an in-game command of :attr:`commands` other than ``last`` asks for."""
        raise NotImplementedError(command)

    #: The last trick as ``last`` shows it (``""`` before the first).
    _last_trick_text = ""

    def _keep_last_trick(self, played: Sequence[tuple[int, str]], winner: int) -> None:
        """Keep a finished trick for ``last``: ``played`` is each seat with its card (as
        printed, styled)."""
        cards = ", ".join(f"{self.names[seat]} {card}" for seat, card in played)
        self._last_trick_text = self.t("last trick: {cards}", cards=cards) + (
            f" → {self.names[winner]}"
        )

    def _refuse(self, error: TapeteError, answer: str = "") -> None:
        """Say in one sentence why ``answer`` was refused (the table then asks again)."""
        text = refusal_text(error, self.lang, self.names, self.me, answer)
        self.console.print(text, style="red", markup=False)

    def _print_winners(self, scores: Sequence[float], before: str = "") -> None:
        """The end of a session: the winners (the best ``scores``) and the person's seat."""
        best = max(scores)
        winners = [seat for seat, score in enumerate(scores) if score == best]
        self.console.print(before + session_end(self.names, self.me, winners, self.t),
                           markup=False)  # fmt: skip

    names: list[str]
    seed: int
    t: Texts
    lang: str
    person: str
    reveal: bool
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

    def _progress(self) -> int:
        """A number that changes when a deal ends (passed to :meth:`_after_action`): the
        deal's index in the session."""
        return int(getattr(self.state.view(self.me), "deal_index", 0))

    def _after_chance(self, phase: str, text: str) -> None:
        """Show a chance action that was just applied in ``phase``."""
        self._catch_up()

    @abstractmethod
    def _catch_up(self) -> None:
        """Print what happened that the person has not been shown yet (from its events)."""

    @abstractmethod
    def _ask(self) -> bool:
        """The person's turn: ask until a legal action is applied; False to leave."""

    def _announce(self, seat: int, text: str) -> None:
        """Show a bot's action (already applied)."""
        self._catch_up()

    def _after_action(self, progress_before: int) -> None:
        """Show what the last action finished (a trick, a deal)."""
        self._catch_up()
