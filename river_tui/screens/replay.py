"""Replays: a game's own screen in read-only mode, with a move list.

`open_replay` builds the game's screen around a `Replay` (records/replay.py):
the base `GameScreen` then draws the replay's position instead of the live table,
accepts no moves, and shows this module's `MoveList` in place of the game log.
The move list is the control: up/down step one action, Home/End jump to the
start or the end, [ and ] to the previous or next round, g picks a round, and in
a finished game v looks through the next seat's eyes, A analyses the game
(screens/analysis.py: its moves are then marked ?!, ?, ??) and B shows a marked
move's better choice on the board.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..play import analysis
from ..play.replay import History, Replay, TableAtPosition
from ..saves.format import SaveError
from ..play.table import Table
from .box_screen import BoxScreen
from .registry import has_screen, screen_class


INDENT = 6
"""The width of a row's number ("  12. "): the row's text, wrapped or on its next
lines, stays to the right of it."""


class Hanging:
    """A move list row: its number, then its text with a hanging indent, so lines
    that wrap start under the text, not under the number."""

    def __init__(self, number: str, body: Text) -> None:
        self.number = Text(number.ljust(INDENT))
        self.body = body

    def __str__(self) -> str:
        return self.number.plain + self.body.plain

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        indent = min(INDENT, max(options.max_width - 1, 0))
        lines = self.body.wrap(console, max(options.max_width - indent, 1))
        for index, line in enumerate(lines):
            row = Text()
            row.append_text(self.number if index == 0 else Text(" " * indent))
            row.append_text(line)
            yield row


class MoveList(OptionList):
    """Every position of a replay: the setup, then each action in the game's own
    words with the rules steps it set off. The highlighted row is the position
    the board shows."""

    STEP = Binding.Group("Step", compact=True)
    ROUND = Binding.Group("Round", compact=True)
    """The footer shows each pair as one entry ("↑↓ Step"): with the game's own
    viewing keys it must fit in 80 columns."""

    BINDINGS: list[BindingType] = [
        Binding("up,k", "cursor_up", "Back", id="replay_back", group=STEP),
        Binding("down,j", "cursor_down", "Forward", id="replay_forward", group=STEP),
        Binding("home", "first", "Start", id="replay_start", show=False),
        Binding("end", "last", "End", id="replay_end", show=False),
        Binding("left_square_bracket", "round(-1)", "Round back", id="replay_round_back", group=ROUND),
        Binding("right_square_bracket", "round(1)", "Round on", id="replay_round_on", group=ROUND),
        Binding("g", "pick_round", "Jump", id="replay_jump"),
        Binding("v", "next_viewer", "Seat", id="replay_viewer"),
        Binding("A", "analyse", "Analyse", id="replay_analyse"),
        Binding("B", "better", "Better move", id="replay_better"),
    ]

    DEFAULT_CSS = """
    MoveList, MoveList:focus {
        height: 8;
        border: none;
        border-top: solid $panel-lighten-2;
        padding: 0;
        scrollbar-size-vertical: 1;
    }
    /* Hidden (L, or a board that needs the lines), it stays in the screen with no
       height: it keeps the focus, so its keys still step (the status line then
       says the move). */
    MoveList.-hidden, MoveList.-hidden:focus {
        height: 0;
        border-top: none;
    }
    """

    class Changed(Message):
        """The replay went to another position, or is seen by another seat."""

        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, replay: Replay, **kwargs) -> None:
        self.replay = replay
        super().__init__(*(Option(self.entry(replay, p)) for p in range(replay.length + 1)), **kwargs)

    @staticmethod
    def entry(replay: Replay, position: int, judged: tuple[str, str] | None = None) -> Hanging:
        """One row: the action that led to ``position``, its rules steps, and the
        round that begins there, each line (and each wrapped line) indented under
        the first line's text; ``judged``: the move's mark and what was better."""
        seats = replay.table.seats
        text = Text()
        if position == 0:
            text.append("The game is set up.")
        else:
            seat, _ = replay.table.log[position - 1]
            first, *rest = replay.lines_at(position) or [""]
            if judged is not None:
                text.append(f"{judged[0]} ", style="bold reverse")
            if seats[seat].name not in first:  # the rules' words may name the seat already
                text.append(f"{seats[seat].name}: ", style="bold")
            text.append(first)
            for line in rest:
                text.append(f"\n{line}", style="italic")
            if judged is not None:
                text.append(f"\n{judged[1]}", style="bold")
        label = replay.labels[position]
        if label and (position == 0 or label != replay.labels[position - 1]):
            text.append(f"\n── {label} ──", style="dim")
        return Hanging(f"{position:>4}. ", text)

    def show_analysis(self, result: analysis.Analysis | None) -> None:
        """Mark the moves that lost points (the rows and the status line's words)."""
        if result is None:
            return
        self.replay.analysis = result
        replay, judging = self.replay, analysis.judging_of(self.replay.game)
        for move, mark in result.marks(judging).items():
            decision = result.decisions[move]
            grade = analysis.GRADE_NAMES[decision.grade(judging)]
            lost = f"{mark} {grade}: {judging.amount(decision.loss)} {judging.unit} lost"
            better = analysis.better_words(replay.table, decision)
            replay.notes[move + 1] = f"{lost} (B: the better choice)"
            self.replace_option_prompt_at_index(move + 1, self.entry(replay, move + 1, (mark, f"{lost}; better: {better}")))
        self.post_message(self.Changed(replay.position))
        self.refresh_bindings()

    def on_mount(self) -> None:
        self.highlighted = self.replay.position
        self.call_after_refresh(self.scroll_to_highlight)
        if self.replay.analysis is not None:  # analysed on the scores screen
            self.show_analysis(self.replay.analysis)

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        # OptionList highlights its first row while it is built: not a move yet.
        if self.is_mounted and highlighted is not None and highlighted != self.replay.position:
            self.post_message(self.Changed(self.replay.go(highlighted)))

    # One action at a time, never wrapping round from the end to the start.
    def action_cursor_up(self) -> None:
        self.highlighted = max(0, self.replay.position - 1)

    def action_cursor_down(self) -> None:
        self.highlighted = min(self.replay.length, self.replay.position + 1)

    def action_round(self, direction: int) -> None:
        replay = self.replay
        self.highlighted = replay.next_round_start() if direction > 0 else replay.previous_round_start()

    def action_pick_round(self) -> None:
        def jump(position: int | None) -> None:
            if position is not None:
                self.highlighted = position

        self.app.push_screen(RoundPicker(self.replay), jump)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Other seats' secrets stay hidden until the game is over; the footer offers
        # the analysis of a finished game, and B once a move is marked.
        if action in ("next_viewer", "analyse"):
            return self.replay.reveal_all
        if action == "better":
            return self.replay.analysis is not None
        return True

    def action_next_viewer(self) -> None:
        self.replay.next_viewer()
        self.post_message(self.Changed(self.replay.position))

    def action_analyse(self) -> None:
        """Analyse the finished game (or show the analysis kept beside its save)."""
        from .analysis import AnalysisScreen

        path = self.replay.table.path
        if not self.replay.reveal_all or path is None:
            self.app.notify("Only a finished game that is saved can be analysed.", severity="warning")
            return
        self.app.push_screen(AnalysisScreen(self.replay.table, path), self.show_analysis)

    def action_better(self) -> None:
        """At a move the analysis marked: its better choice on the board, or back."""
        replay = self.replay
        result = replay.analysis
        decision = result.decisions.get(replay.position - 1) if result else None
        if replay.instead is not None:
            replay.show_instead(None)
        elif decision is None or replay.position - 1 not in result.marks(analysis.judging_of(replay.game)):
            self.app.notify("B shows the better choice at a move the analysis marked (A analyses the game).")
            return
        else:
            replay.show_instead(decision.best)
        self.post_message(self.Changed(replay.position))


PICKER_WIDTH = 52
"""The round picker's least width (its keys' line wraps to it)."""
PICKER_FRAME = 12
"""The picker's columns around an entry: its border and padding, the list's border,
padding and scrollbar."""


class RoundPicker(BoxScreen[int | None]):
    """Choose a season, round or turn to jump to."""

    CSS_PATH = Path(__file__).with_name("replay.tcss")
    BINDINGS = [Binding("escape", "cancel", "Back", id="replay_pick_cancel")]

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay

    def compose(self) -> ComposeResult:
        labels = [f"{label or 'Start'}  (move {p})" for p, label in self.replay.round_starts]
        options = [Option(Text(label), id=str(p)) for label, (p, _) in zip(labels, self.replay.round_starts)]
        picker = Vertical(id="picker")
        # Each entry on one line where the screen has the room: its border, padding and scrollbar besides.
        picker.styles.width = max(PICKER_WIDTH, max(map(len, labels), default=0) + PICKER_FRAME)
        with picker:
            yield Static("Jump to the start of:", id="picker-title")
            yield OptionList(*options, id="rounds")
            yield Static("In the replay: [ and ] step a round, Home and End go to the start and the end.",
                         id="picker-keys", markup=False)

    def on_mount(self) -> None:
        starts = self.replay.round_starts
        current = max(i for i, (p, _) in enumerate(starts) if p <= self.replay.position)
        self.query_one("#rounds", OptionList).highlighted = current

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(int(event.option.id))

    def action_cancel(self) -> None:
        self.dismiss(None)


def open_replay(app: App, table: History, position: int | None = None, judged: analysis.Analysis | None = None) -> None:
    """Show ``table``'s game in its own screen, read-only, at its end or at ``position``;
    ``judged``: its analysis, whose marks the move list shows."""
    if not has_screen(table.game.id):
        app.notify(f"{table.game.title} has no screen yet.", severity="error")
        return
    replay = Replay(table, position)
    replay.analysis = judged
    app.push_screen(screen_class(table.game.id)(TableAtPosition(replay)))


def open_replay_of_save(app: App, path: Path) -> None:
    """Load a save and show its replay; a save that cannot be read says why."""
    try:
        table = Table.load(path, read_only=True)
    except SaveError as err:
        app.notify(str(err), title="Cannot open this save", severity="error", markup=False)
        return
    open_replay(app, table)
