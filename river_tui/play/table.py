"""A game in progress: the game, its seats, its action log and where it is saved.

The `Table` is what screens, the CLI and the SSH server hold. Every action goes
through `Game.apply`; every applied action is autosaved at once, so no move is
ever lost. Loading a save replays its log through the rules, which validates it.
Undo steps back through the log, never over a roll or draw that showed something.
"""

from __future__ import annotations

import random
import re
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .. import __version__
from ..records.players import FinishedGame, FinishedSeat, game_key, record_game
from ..rules.bots import bot_catalogue
from ..rules.changes import Changes, Recent, summarize
from ..rules.core import Action, Game, IllegalAction, State, encode_action, seen_changes
from ..rules.registry import get_game
from ..safe_text import plain
from ..saves import lock, store
from ..saves.format import SaveData, SaveError, SeatRecord
from ..saves.schema import MAX_NAME

HUMAN = "human"
RECENT_MOVES = 200
"""A summary looks this many moves back at most (a seat that has not acted for long)."""
_SEAT_WORD = re.compile(r"\bSeat (\d+)\b")


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = HUMAN  # "human" or the name of one of the game's bots

    def __post_init__(self) -> None:
        # A name comes from a person or a file: one line, no control characters.
        object.__setattr__(self, "name", plain(self.name, MAX_NAME))

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


class HintsAsked:
    """The seats that asked for a hint (`TableWindow.hints`): a game played with
    hints says so on its scores and is recorded apart (`WITH_HINTS`)."""

    def __init__(self, seats: frozenset[int] = frozenset()) -> None:
        self.seats = set(seats)

    def note(self, seat: int) -> None:
        self.seats.add(seat)


WITH_HINTS = " (with hints)"
"""What a player's name is followed by in the records of the games they asked hints in."""


class CannotSave(ValueError):
    """A new game that cannot be saved where saves go; ``str()`` is one sentence.
    (A ValueError: like a refused choice, the game is not started.)"""


class UndoRefused(Exception):
    """Undo is not possible; ``str()`` says why in one sentence."""


def not_saved_sentence(problem: str) -> str:
    """What a player is told, once, when their game's saves start failing."""
    return f"The game is not being saved: {problem}; play goes on, and it is saved as soon as it can be."


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _unreplayable(name: str, game: Game, data: SaveData, why: str) -> SaveError:
    """A save whose moves the rules refuse: damaged, or made under other rules
    (saves without a rules version were made under version 1)."""
    made_under = data.extra.get("rules", 1)
    if made_under != game.rules_version:
        when = "a newer" if isinstance(made_under, int) and made_under > game.rules_version else "an earlier"
        return SaveError(f"{name} was made under {when} version of the rules of {game.title}: {why}.")
    return SaveError(f"{name} is damaged: {why}.")


_REPLAY_FAILURES = (ValueError, TypeError, ArithmeticError, LookupError, AttributeError, RecursionError)
"""What a move from a file may set off in the rules besides IllegalAction: decoding
refuses wrong types, but values of the right type may still be far out of range."""


def _check_seat_kinds(game: Game, data: SaveData, name: str) -> None:
    """Every seat is a person or one of the game's computer players."""
    known = bot_catalogue(game)
    for number, seat in enumerate(data.seats, start=1):
        if seat.kind != HUMAN and seat.kind not in known:
            raise SaveError(
                f"{name} gives seat {number} a computer player {game.title} does not have ({plain(seat.kind, 40)})."
            )


class Table:
    """One game being played, with its full history: what a screen at one keyboard
    holds (a `TableWindow`, table_window.py, without its capabilities)."""

    records_notice: str | None = None
    """One sentence for the players when the finished game's record could not be kept."""
    presence = chat = stand_ins = replay = None
    """A table at one keyboard has nobody else at it, no chat, no stand-ins, and is
    the game as it is now."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        options: Mapping[str, Any],
        seed: int,
        path: Path | None = None,
        created: str | None = None,
    ) -> None:
        game.check_seats(len(seats))
        game.check_options(options)
        self.game = game
        self.seats = list(seats)
        self.options = dict(options)
        self.seed = seed
        self.path = path
        self.created = created or _now()
        self.log: list[tuple[int, Action]] = []
        self.lines: list[str] = []  # the game log, one line per action and rules step
        self._rules_lines: list[str] = []  # the same lines as the rules wrote them ("Seat 2"), for renaming
        self._history: list[State] = [game.new(len(seats), self.options, seed)]
        self._stops: list[str | None] = []  # per logged action: why undo may not step back over it
        self._line_counts: list[int] = []
        self._seen: dict[tuple[int | None, int], Changes] = {}  # (seat, move index): what it changed for that seat
        self.stand_in_moves: set[int] = set()
        """Indexes in the log of the moves a computer made for a person's seat (a
        server's stand-in or turn timer): not the person's own, so a summary since
        their last turn tells them and undo never takes them back."""
        self.listeners: list[Callable[[Table], None]] = []
        self.hints = HintsAsked()
        """Who asked for a hint (at one keyboard every seat may)."""
        self.read_only = False
        """A table only looked at (a replay, an export): never saved."""
        self.save_problem: str | None = None
        """Why the game is not being saved, while its saves fail (a full disk, a
        read-only folder); None once a save succeeds."""
        self._problem_told = False
        self._lock: lock.SaveLock | None = None

    # --- creating and loading ----------------------------------------------
    @classmethod
    def create(
        cls, game_id: str, seats: Sequence[Seat], options: Mapping[str, Any], seed: int | None = None,
        autosave: bool = True,
    ) -> Table:
        game = get_game(game_id)
        options = dict(options)
        if options.get("variant") is None and game.variants:
            options["variant"] = game.default_variant(len(seats))
        seed = random.SystemRandom().randrange(2**63) if seed is None else seed
        if not autosave:
            return cls(game, seats, options, seed)
        try:
            path = store.new_path(game_id, datetime.now().strftime("%Y%m%d-%H%M%S"))
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise CannotSave(f"The new game cannot be saved: {store.write_problem(err, store.saves_dir())}.") from None
        table = cls(game, seats, options, seed, path)
        try:
            table.hold()
        except SaveError as err:
            raise CannotSave(str(err)) from None
        if not table.save():
            table.close()
            raise CannotSave(f"The new game cannot be saved: {table.save_problem}.")
        return table

    @classmethod
    def load(cls, path: Path, read_only: bool = False) -> Table:
        """Rebuild a table from its save by replaying every action; SaveError, with
        one sentence, if it won't (whatever the file holds), or if another process
        is playing it. A ``read_only`` table (a replay, an export) takes no lock
        and never writes."""
        name = store.file_name(path)
        store.read_header(path)  # a file that is no save (/etc/passwd) gets no lock file beside it
        held = None if read_only else lock.acquire(path, name)
        try:
            table = cls._replayed(path, name)
        except BaseException:
            if held is not None:
                held.release()
            raise
        table.read_only = read_only
        table._keep(held)
        return table

    @classmethod
    def _replayed(cls, path: Path, name: str) -> Table:
        data = store.read(path)
        game = get_game(data.game)  # the save's schema admits only games this River TUI has
        _check_seat_kinds(game, data, name)
        try:
            table = cls(game, [Seat(s.name, s.kind) for s in data.seats], data.options, data.seed, path, data.created)
        except ValueError as err:
            raise SaveError(f"{name} cannot be played: {plain(err)}") from None  # its quotes are short
        except _REPLAY_FAILURES:
            raise SaveError(f"{name} cannot be played: the rules cannot set up its options.") from None
        for number, (seat, encoded) in enumerate(data.log, start=1):
            try:
                table._advance(seat, game.decode_action(encoded))
            except (IllegalAction, ValueError) as err:  # the rules' reason, or what decoding refused
                raise _unreplayable(name, game, data, f"move {number} cannot be replayed ({plain(err)})") from None
            except _REPLAY_FAILURES:
                raise _unreplayable(name, game, data, f"move {number} cannot be replayed (the rules cannot apply it)") from None
        if game.digest(table.state) != data.digest:
            raise _unreplayable(name, game, data, "replaying it does not reach the position it recorded")
        hinted = data.extra.get("hinted", 0)
        table.hints = HintsAsked(frozenset(seat for seat in range(len(table.seats)) if hinted >> seat & 1))
        if table.finished != data.finished:  # what the list of saves showed, and Continue went by
            raise SaveError(f"{name} is damaged (it is listed as {'over' if data.finished else 'in play'}, "
                            f"but its moves {'end' if table.finished else 'do not end'} the game).")
        return table

    # --- the game -------------------------------------------------------------
    @property
    def state(self) -> State:
        return self._history[-1]

    def to_act(self) -> frozenset[int]:
        return self.game.to_act(self.state)

    def view(self, seat: int | None) -> State:
        return self.game.view(self.state, seat)

    def legal_actions(self, seat: int) -> Sequence[Action]:
        return self.game.legal_actions(self.state, seat)

    @property
    def finished(self) -> bool:
        return not self.to_act()

    def result(self):
        return self.game.result(self.state)

    def apply(self, seat: int, action: Action, stand_in: bool = False) -> None:
        """Play ``action`` for ``seat``, log it, autosave, tell listeners
        (``stand_in``: a computer plays it for the seat's person).
        Raises IllegalAction with the rules' reason and changes nothing."""
        if not self.game.may_act(self.state, seat):
            raise IllegalAction(f"It is not {self.seats[seat].name}'s turn.")
        if stand_in:
            self.stand_in_moves.add(len(self.log))
        self._advance(seat, action)
        self.save()
        if self.finished:
            self._record_finished()
        for listener in list(self.listeners):
            listener(self)

    def _record_finished(self) -> None:
        """Add a saved game that has just ended to the players' records (each game
        counts once, see records.players)."""
        if self.path is None:
            return  # never saved (a test, a benchmark): nobody's record; or served over SSH,
            # where the server saves it and so records it (net/tables.py)
        self.records_notice = record_game(self.finished_game()).notice  # a record that cannot be written never stops play

    def finished_game(self) -> FinishedGame | None:
        """The figures the players' records take of the game once it is over (None before)."""
        result = self.result()
        if result is None:
            return None
        seats = tuple(
            FinishedSeat(seat.name + (WITH_HINTS if index in self.hints.seats else ""),
                         None if seat.is_human else seat.kind, score, index in result.winners,
                         self.game.achievement(result, index), index in self.hints.seats)
            for index, (seat, score) in enumerate(zip(self.seats, result.scores))
        )
        return FinishedGame(self.game.id, game_key(self.game.id, self.created, self.seed), seats)

    def _advance(self, seat: int, action: Action) -> None:
        before = self.state
        after = self.game.apply(before, seat, action)
        self._line_counts.append(len(self.lines))
        self._rules_lines.append(self.game.describe(before, seat, action))
        self._rules_lines.extend(self.game.events(before, after))
        self.lines.extend(self.named(line) for line in self._rules_lines[len(self.lines):])
        self._history.append(after)
        self.log.append((seat, action))
        self._stops.append(self.game.undo_stop(before, after))

    def named(self, text: str) -> str:
        """The rules speak of "Seat 2"; at the table that seat has a name."""
        return _SEAT_WORD.sub(lambda m: self._seat_label(int(m.group(1))) or m.group(0), text)

    def seat_taken(self, seat: int, name: str) -> None:
        """A person took free ``seat`` (at an SSH table): from now on it bears their
        name everywhere, in the log lines written before too."""
        self.seats[seat] = Seat(name, HUMAN)
        self.lines = [self.named(line) for line in self._rules_lines]

    def _seat_label(self, number: int) -> str | None:
        return self.seats[number - 1].name if 1 <= number <= len(self.seats) else None

    def state_at(self, moves: int) -> State:
        """The position after the first ``moves`` actions."""
        return self._history[moves]

    @property
    def log_lines(self) -> list[str]:
        """The game log as the screen shows it: ``lines``, without each action's own
        line in a game that sums up its steps (`Game.logs_each_step`)."""
        if self.game.logs_each_step:
            return self.lines
        own = set(self._line_counts)  # where each action's lines begin: its describe line
        return [line for index, line in enumerate(self.lines) if index not in own]

    def lines_of(self, index: int) -> list[str]:
        """The log lines of the action at ``index`` of the log: what was done, then
        the rules steps it set off."""
        end = self._line_counts[index + 1] if index + 1 < len(self._line_counts) else len(self.lines)
        return self.lines[self._line_counts[index]:end]

    # --- what just happened ------------------------------------------------------
    def recent(self, seat: int | None, moves: int | None = None, public: bool = False) -> Recent:
        """What ``seat`` should be shown of the moves before the ``moves``-th (all by
        default; a replay passes its position): what the others' moves changed since
        it last acted, the last move, and a summary of what happened since (what its
        own last move set off, then the others' moves). Everything is seen through
        ``seat``'s view; a spectator sees the last move. ``public``: the same moves
        seen through a spectator's view, what anyone at the keyboard may read (the
        handover to ``seat`` shows it)."""
        eye = None if public else seat
        moves = len(self.log) if moves is None else moves
        start = moves
        if seat is not None:  # back to the seat's last own move (a computer standing in acts for no one)
            while start > max(0, moves - RECENT_MOVES) and (
                self.log[start - 1][0] != seat or start - 1 in self.stand_in_moves
            ):
                start -= 1
        steps = [self._step_seen(eye, index) for index in range(start, moves)]
        # the last move that showed something (another's step in a simultaneous phase shows nothing)
        seen = (self._step_seen(eye, index) for index in range(moves - 1, max(moves - RECENT_MOVES, 0) - 1, -1))
        last = next((changes for changes in seen if changes.headline), Changes())
        marks = frozenset().union(*(step.marks for step in steps)) if steps else last.marks
        acted = bool(start) and self.log[start - 1][0] == seat
        if acted and self.game.summary_own_aftermath:  # the rules steps its own last move set off
            steps.insert(0, Changes(lines=self._changes_seen(eye, start - 1).lines[1:]))
        if not acted and start:  # the last RECENT_MOVES are others': it may have moved before them
            acted = any(mover == seat for mover, _ in self.log[:start])
        summary = summarize(self.game.summary_headings, steps)
        others = moves - start
        return Recent(marks, self.named(last.headline), tuple(self.named(line) for line in summary), others,
                      acted or seat is None)

    def _step_seen(self, seat: int | None, index: int) -> Changes:
        """What move ``index`` changed for ``seat``, its first line marked when a
        computer made it for a person ("bob paddled 2 (computer standing in)")."""
        changes = self._changes_seen(seat, index)
        if index not in self.stand_in_moves or not changes.lines:
            return changes
        (heading, text), *rest = changes.lines
        return Changes(changes.marks, ((heading, f"{text} (computer standing in)"), *rest))

    def _changes_seen(self, seat: int | None, index: int) -> Changes:
        key = (seat, index)
        changes = self._seen.get(key)
        if changes is None:
            actor = self.log[index][0]
            changes = seen_changes(self.game, self._history[index], self._history[index + 1], actor, seat)
            self._seen[key] = changes
        return changes

    def move_words(self, index: int) -> str:
        """Move ``index`` of the log in the game's words, its seats by name ("alice paddled 2")."""
        seat, action = self.log[index]
        return self.named(self.game.describe(self._history[index], seat, action))

    # --- undo -----------------------------------------------------------------
    def undoable(self, seat: int | None = None) -> int:
        """How many actions `undo` would take back now; UndoRefused (saying why) if none."""
        count = 0
        for index in range(len(self.log) - 1, -1, -1):
            count += 1
            acted, _ = self.log[index]
            if self._stops[index]:
                raise UndoRefused(self.named(f"That move cannot be taken back: {self._stops[index]}."))
            if index in self.stand_in_moves:
                name = self.seats[acted].name
                raise UndoRefused(f"A computer made that move for {name}: it is not {name}'s to take back.")
            if self.seats[acted].is_human:
                break
        else:
            raise UndoRefused("There is no move of yours to take back.")
        if seat is not None and acted != seat:
            name = self.seats[acted].name
            raise UndoRefused(f"The last move was {name}'s; only {name} can take it back.")
        return count

    def undo(self, seat: int | None = None) -> int:
        """Take back the last move a person made, and every computer move after it,
        never past a move the game says stays (`Game.undo_stop`: a roll, a draw, an
        accepted trade). With ``seat``, only if that last move was this seat's own:
        nobody takes back another player's move. Returns how many actions were taken back."""
        count = self.undoable(seat)
        for _ in range(count):
            self.log.pop()
            self._history.pop()
            self._stops.pop()
            start = self._line_counts.pop()
            del self.lines[start:], self._rules_lines[start:]
        self.stand_in_moves = {index for index in self.stand_in_moves if index < len(self.log)}
        self._seen.clear()
        self.save()
        for listener in list(self.listeners):
            listener(self)
        return count

    # --- bots -----------------------------------------------------------------
    def bot_choice(self, seat: int, rng: random.Random, kind: str | None = None) -> Action:
        """What the computer seat would play, decided from its own view only
        (``kind``: another computer player than the seat's, e.g. one standing in for a person)."""
        bot = bot_catalogue(self.game, separate_process=True)[kind or self.seats[seat].kind]
        return bot.choose(self.game, self.view(seat), seat, rng)

    def bot_seats_to_act(self) -> list[int]:
        return sorted(s for s in self.to_act() if not self.seats[s].is_human)

    def human_seats_to_act(self) -> list[int]:
        return sorted(s for s in self.to_act() if self.seats[s].is_human)

    # --- saving ---------------------------------------------------------------
    def save_data(self) -> SaveData:
        return SaveData(
            game=self.game.id,
            app_version=__version__,
            created=self.created,
            updated=_now(),
            seats=[SeatRecord(s.name, s.kind) for s in self.seats],
            options=self.options,
            seed=self.seed,
            log=[(seat, encode_action(action)) for seat, action in self.log],
            digest=self.game.digest(self.state),
            turn=self.game.round_label(self.state),
            finished=self.finished,
            extra={"rules": self.game.rules_version,
                   **({"hinted": sum(1 << seat for seat in self.hints.seats)} if self.hints.seats else {})},
        )

    def save(self) -> bool:
        """Write the whole game to its save; False if that failed. A failed save
        never stops play: the game stays in memory, `save_problem` says why, and
        the next save that succeeds writes everything."""
        if self.path is None or self.read_only:
            return True
        try:
            store.save(self.path, self.save_data())
        except OSError as err:
            if self.save_problem is None:
                self._problem_told = False
            self.save_problem = store.write_problem(err, self.path.parent)
            return False
        self.save_problem = None
        return True

    def save_notice(self) -> str | None:
        """The sentence telling the player the game is not being saved: once, when
        saves start failing (again after one has succeeded); None otherwise."""
        if self.save_problem is None or self._problem_told:
            return None
        self._problem_told = True
        return not_saved_sentence(self.save_problem)

    # --- one writer ---------------------------------------------------------------
    def hold(self) -> None:
        """Lock the save for this process (SaveError if another holds it)."""
        if self.path is not None and self._lock is None:
            self._keep(lock.acquire(self.path, store.file_name(self.path)))

    def _keep(self, held: lock.SaveLock | None) -> None:
        self._lock = held
        if held is not None:
            weakref.finalize(self, held.release)  # a table nobody holds any more lets go of its save

    def close(self) -> None:
        """Let go of the save: another process may open it now."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None


def resume_latest() -> tuple[Table | None, str | None]:
    """The game played last that opens (games in play before finished ones), and
    why the first save passed over would not open (None if none was)."""
    skipped = None
    for path in store.resumable():
        try:
            return Table.load(path), skipped
        except SaveError as err:
            skipped = skipped or str(err)
    return None, skipped
