"""The scores screen: the full breakdown, the way the rulebook scores.

One column per seat (its name, ★ for a winner), its total first, then each line of
the breakdown. The table fits the terminal's width: long labels, names and details
wrap rather than push a seat off the screen, so at 80 columns six seats still show;
the breakdown and the notes below scroll (arrows, PgUp/PgDn, the wheel).

Rows group lines that mean the same thing for every seat. When every label reads
"Kind: figures" and no seat has two lines of a kind (We All Take's "Capital: 4 gold,
the richest other player 6"), each kind (objective) makes one row and each seat's
cell holds its points and its own figures, "0 (4 gold, the richest other player
6)". Otherwise (Riverside's "Red guide boat: tickets" and "...: excursions", Flow's
territories) each label makes a row and a seat's cell the sum of its points there.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich import box
from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from ..rules.core import ScoreLine
from ..play.table import WITH_HINTS
from ..play.window import TableWindow
from ..widgets.every_press import EveryPressScrolls


@dataclass(frozen=True)
class Cell:
    """A seat's points on one row, and the figures behind them where the row's label
    leaves them out."""

    points: int
    detail: str = ""


@dataclass(frozen=True)
class Row:
    label: str
    cells: tuple[Cell | None, ...]  # per seat; None: the seat has no such line


def _split(label: str) -> tuple[str, str]:
    head, sep, detail = label.partition(": ")
    return (head, detail) if sep else (label, "")


def group_rows(breakdown: tuple[tuple[ScoreLine, ...], ...]) -> list[Row]:
    """The breakdown's rows, in the order their labels first appear: one per kind of
    line ("Capital") when every label reads "Kind: figures" and no seat has two lines
    of a kind, each cell then holding the seat's figures; else one per label."""
    by_kind = all(_split(line.label)[1] for lines in breakdown for line in lines) and all(
        len({_split(line.label)[0] for line in lines}) == len(lines) for lines in breakdown
    )
    rows: list[Row] = []
    seen: set[str] = set()
    for lines in breakdown:
        for line in lines:
            key = _split(line.label)[0] if by_kind else line.label
            if key in seen:
                continue
            seen.add(key)
            cells: list[Cell | None] = []
            for seat_lines in breakdown:
                mine = [ln for ln in seat_lines if (_split(ln.label)[0] if by_kind else ln.label) == key]
                if not mine:
                    cells.append(None)
                elif by_kind:
                    cells.append(Cell(mine[0].points, _split(mine[0].label)[1]))
                else:
                    cells.append(Cell(sum(ln.points for ln in mine)))
            rows.append(Row(key, tuple(cells)))
    return rows


class ScoresScroll(EveryPressScrolls, VerticalScroll):
    """The headline, the table and the notes, scrolled by the arrows (named in the
    footer), every press of a quick burst too."""

    BINDINGS = [Binding("down", "scroll_down", "Scroll", key_display="↑↓", id="scores_scroll")]


class ScoresScreen(Screen[None]):
    """Final scores of a finished table: each seat's breakdown, winners, notes."""

    BINDINGS = [
        # Leaving is q or Esc, never Enter: the Enter that made the last move, pressed once
        # too often, would skip the scores. Enter here says which key leaves.
        Binding("q,escape", "menu", "Menu", key_display="q/Esc", id="scores_menu"),
        Binding("q,escape", "lobby", "Lobby", key_display="q/Esc", id="scores_lobby"),  # a server's table: back to its lobby
        Binding("enter", "how_to_leave", "", show=False, id="scores_enter"),
        Binding("r", "replay", "Replay", id="scores_replay"),  # every game's, as in Load
        Binding("b", "board", "Final board", id="scores_board"),
        Binding("A", "analyse", "Analyse", id="scores_analyse"),
    ]

    DEFAULT_CSS = """
    ScoresScreen #winner { padding: 1 2 0 2; text-style: bold; color: $text-success; }
    ScoresScreen #breakdown { margin: 1 1 0 1; }
    ScoresScreen #notes { padding: 1 2; }
    """

    def __init__(self, table: TableWindow) -> None:
        super().__init__()
        self.table = table
        self.served = table.presence is not None
        """A server's table (it tells who is at it): its players go back to the lobby, not a menu."""
        self.result = table.result()
        self.title = f"{table.game.title}: final scores"
        self.rows = group_rows(self.result.breakdown)
        self.analysis = None
        """The game's analysis, once asked for (A): the replay (r) then marks its moves."""

    def compose(self) -> ComposeResult:
        yield Header()
        with ScoresScroll():
            # Text, never markup: the names are shown as typed, brackets and all.
            yield Static(Text(self.headline()), id="winner")
            yield Static(id="breakdown")
            notes = [self.table.named(note) for note in self.result.notes]
            yield Static(Text("\n".join([*notes, *self.hints_note()])), id="notes")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(ScoresScroll).focus()
        self.watch(self.app, "theme", lambda _: self._draw_table(), init=False)  # its stripes are the look's

    def on_resize(self, event: events.Resize) -> None:
        self._draw_table()

    def _draw_table(self) -> None:
        # Less the margins and the scrollbar.
        self.query_one("#breakdown", Static).update(self.score_table(self.size.width - 4))

    def hints_note(self) -> list[str]:
        """Who played with hints: their game is recorded apart from those without."""
        hints = self.table.hints
        if hints is None or not hints.seats:
            return []
        names = ", ".join(self.table.seats[seat].name for seat in sorted(hints.seats))
        return [f"Played with hints: {names} (recorded apart, as \"name{WITH_HINTS}\")."]

    def headline(self) -> str:
        names = [self.table.seats[s].name for s in sorted(self.result.winners)]
        if self.result.summary:
            return self.table.named(self.result.summary)
        if not names:
            return "Nobody wins."
        if len(names) == 1:
            return f"{names[0]} wins!"
        return f"{', '.join(names[:-1])} and {names[-1]} share the victory."

    def score_table(self, width: int = 80) -> RichTable:
        """Seats side by side, the totals first; the label column and the cells wrap
        to ``width``. Where the whole names do not fit beside the labels, they wrap
        first (word by word), leaving the labels the room."""
        stripe = self.app.get_css_variables()["panel"]  # every look's words read on it
        detailed = any(cell is not None and cell.detail for row in self.rows for cell in row.cells)
        grid = RichTable(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False, collapse_padding=True,
                         row_styles=["", f"on {stripe}"], expand=detailed)  # fmt: skip
        if detailed:  # the kinds are short: the seats share the rest evenly
            grid.add_column("", no_wrap=True)
        else:
            grid.add_column("", min_width=10, overflow="fold")
        heads = [f"{seat.name}{' ★' if index in self.result.winners else ''}" for index, seat in enumerate(self.table.seats)]
        # A header given as a str would be read as markup: each is Text.
        labels = [self.table.named(row.label) for row in self.rows]
        narrow = not detailed and max(map(len, labels), default=0) + sum(len(h) + 1 for h in heads) > width
        for index, head in enumerate(heads):
            numbers = [str(self.result.scores[index])] + [str(row.cells[index].points) for row in self.rows
                                                          if row.cells[index] is not None]  # fmt: skip
            grid.add_column(
                Text(head), justify="left" if detailed else "right", min_width=4, overflow="fold",
                ratio=1 if detailed else None,
                max_width=max(max(map(len, head.split())), *map(len, numbers), 4) if narrow else None,
            )  # fmt: skip
        grid.add_row(Text("Total", style="bold"), *(Text(str(score), style="bold") for score in self.result.scores),
                     end_section=True)  # fmt: skip
        for label, row in zip(labels, self.rows):
            grid.add_row(Text(label), *(self._cell(cell) for cell in row.cells))
        return grid

    def _cell(self, cell: Cell | None) -> Text:
        if cell is None:
            return Text("")
        if not cell.detail:
            return Text(str(cell.points))
        text = Text()
        text.append(f"{cell.points} ", style="bold")
        text.append(f"({self.table.named(cell.detail)})")
        return text

    def action_replay(self) -> None:
        """Step through the game that just ended, every secret revealed."""
        from .replay import open_replay

        open_replay(self.app, self.table, judged=self.analysis)

    def action_analyse(self) -> None:
        """Where each player lost points (screens/analysis.py)."""
        from .analysis import AnalysisScreen

        def keep(result) -> None:
            self.analysis = result or self.analysis

        self.app.push_screen(AnalysisScreen(self.table, self.table.path), keep)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "analyse":  # a saved game at one keyboard (a server's CPU is everyone's)
            return self.table.path is not None and not self.served
        if action in ("menu", "lobby"):
            return (action == "lobby") == self.served
        if action == "board":  # the game's own screen is under the scores, with a key back to them
            stack = self.app.screen_stack
            below = stack[-2] if len(stack) > 1 else None
            return getattr(below, "table", None) is self.table and any(
                isinstance(binding, Binding) and binding.action == "scores" for binding in type(below).BINDINGS)
        return True

    def action_board(self) -> None:
        """Back to the game's final board (its Enter brings the scores back)."""
        self.app.pop_screen()

    def action_how_to_leave(self) -> None:
        where = "the lobby" if self.served else "the menu"
        self.notify(f"q or Esc goes back to {where}; the keys below say what else you may do.", markup=False)

    def action_menu(self) -> None:
        self.app.return_to_menu()

    def action_lobby(self) -> None:
        self.app.return_to_menu()  # the lobby is the first screen of a server's session
