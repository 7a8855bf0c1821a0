"""The saves list: every save, newest first; damaged ones say what is wrong.

The table fits the terminal's width: each save shows its game, its seats, where
the game stands and when it was last played ("today 09:12", "2 Dec 14:03"). The
file names get a column of their own when there is room for them whole;
otherwise the line under the table names the highlighted save's file. Where the
rows do not fit, the games go by their short names and the seats and the
positions wrap (word by word) so every column stays whole at 80 columns. Names
are shown as typed, brackets and all (cells are Text, never markup).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Header, Static
from textual.worker import Worker, WorkerState

from ..rules.registry import GAMES
from ..safe_text import plain
from ..saves import store
from .fitted_table import FittedTableScreen
from .records import short_title

TITLES = {entry.id: entry.title for entry in GAMES}
HEADS = ("Game", "Seats", "Where", "Last played", "File")
GAME, SEATS, WHERE, WHEN, FILE = range(5)
ROOM = 2
"""Columns of the screen the table does not get: its scrollbar."""
NARROWEST = 20
"""The seats and the positions wrap down to this width before the games take their short names."""


def last_played(updated: str, now: datetime | None = None) -> str:
    """A save's ISO time stamp, in local time and as a player says it: "today 09:12",
    "yesterday 18:40", "2 Dec 14:03", or "2 Dec 2025" in another year."""
    try:
        when = datetime.fromisoformat(updated)
    except ValueError:
        return updated[:16].replace("T", " ")
    when = when.astimezone() if when.tzinfo else when
    now = now or datetime.now(when.tzinfo)
    clock = f"{when:%H:%M}"
    if when.date() == now.date():
        return f"today {clock}"
    if when.date() == now.date() - timedelta(days=1):
        return f"yesterday {clock}"
    if when.year == now.year:
        return f"{when.day} {when:%b} {clock}"
    return f"{when.day} {when:%b %Y}"


def fit_widths(seats: int, where: int, room: int) -> tuple[int, int]:
    """Widths of the seats and the positions so both fit ``room``: whichever is
    shorter stays whole if it can, else they share the room half and half."""
    if seats + where <= room:
        return seats, where
    seats_width = min(seats, max(room - where, room // 2))
    where_width = min(where, room - seats_width)
    return min(seats, room - where_width), where_width


MOST_SAVES = 500
"""Saves listed at most, those played last: the folder of a player of many years
may hold thousands, more than one table lays out at once."""


def listed() -> tuple[list[store.Listing], list[tuple[str, ...]], list[str], int]:
    """The saves the list shows (`MOST_SAVES` played last), their rows, their
    games, and how many older saves are left out."""
    listings = store.list_saves()
    shown, left_out = listings[:MOST_SAVES], max(len(listings) - MOST_SAVES, 0)
    rows, game_ids = [], []
    for item in shown:
        if item.data is None:
            cells = ("(unreadable)", item.error or "", "", "", item.path.name)
            game_ids.append("")
        else:
            data = item.data
            seats = ", ".join(s.name for s in data.seats)
            where = "finished" if data.finished else data.turn
            cells = (TITLES.get(data.game, data.game), seats, where, last_played(data.updated), item.path.name)
            game_ids.append(data.game)
        # Names, file names and reasons come from files: no control characters.
        rows.append(tuple(plain(cell) for cell in cells))
    return shown, rows, game_ids, left_out


class LoadScreen(FittedTableScreen):
    """Pick a save to resume. The saves are listed in a thread: however many there
    are, the screen is drawn at once and its keys answer (``filled`` once listed)."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="load_back"),
        Binding("r", "replay", "Replay", id="load_replay"),
    ]

    DEFAULT_CSS = """
    LoadScreen #empty { padding: 1 2; }
    LoadScreen #empty.-hidden { display: none; }
    LoadScreen DataTable { height: 1fr; }
    LoadScreen #file { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.filled = False
        self.listings: list[store.Listing] = []
        self.rows: list[tuple[str, ...]] = []
        self.game_ids: list[str] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="empty")
        yield DataTable(id="saves", cursor_type="row")
        yield Static("", id="file")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Load a save"
        self.query_one("#empty", Static).update("Reading the saves…")
        # after the first frame: a folder of thousands of saves takes seconds to list
        self.call_after_refresh(self.run_worker, listed, thread=True, name="saves", exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "saves" or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        note = self.query_one("#empty", Static)
        if event.state == WorkerState.ERROR:  # a bug, not a file: each file's problem is in its row
            note.update("The saves cannot be listed.")
            return
        self.listings, self.rows, self.game_ids, left_out = event.worker.result
        if not self.listings:
            note.update("There are no saves yet. Start a new game from the menu.")
        elif left_out:
            note.update(f"The {MOST_SAVES:,} saves played last are shown; {left_out:,} older ones are not "
                        "('river-tui saves' lists every one).")
        else:
            note.add_class("-hidden")
        self.filled = True
        self.refill()

    def fill(self, grid: DataTable, width: int) -> None:
        """Every column whole on one line if they fit; else without the file names
        (named under the table); else with the seats and positions wrapped; else,
        where that would leave them too narrow, with the games' short names too."""
        rows = self.rows

        def widths_of(rows: list[tuple[str, ...]], count: int) -> list[int]:
            return [max([cell_len(HEADS[c]), *(cell_len(cells[c]) for cells in rows)]) for c in range(count)]

        def room(count: int) -> int:
            return width - ROOM - 2 * grid.cell_padding * count

        widths = widths_of(rows, 5)
        if sum(widths) > room(5):
            widths = widths[:4]
            rest = room(4) - widths[GAME] - widths[WHEN]
            if sum(widths) > room(4) and rest < min(widths[SEATS], NARROWEST) + min(widths[WHERE], NARROWEST):
                rows = [(short_title(game_id) if game_id else cells[0], *cells[1:])
                        for game_id, cells in zip(self.game_ids, rows)]  # fmt: skip
                widths = widths_of(rows, 4)
                rest = room(4) - widths[GAME] - widths[WHEN]
            widths[SEATS], widths[WHERE] = fit_widths(widths[SEATS], widths[WHERE], rest)
        self.file_column = len(widths) == 5
        for head, column_width in zip(HEADS, widths):
            grid.add_column(Text(head), width=column_width)
        for index, cells in enumerate(rows):
            # Text cells: a str cell would be read as markup, and names and file names are the players' own.
            grid.add_row(*(Text(cell, overflow="fold") for cell in cells[: len(widths)]), height=None, key=str(index))

    def lay_out(self, width: int) -> None:
        super().lay_out(width)
        self.show_file()

    def highlighted(self) -> store.Listing | None:
        grid = self.query_one(DataTable)
        if not self.listings or grid.row_count == 0:
            return None
        return self.listings[int(grid.coordinate_to_cell_key(grid.cursor_coordinate).row_key.value)]

    def show_file(self) -> None:
        """Under the table: the highlighted save's file, when the table has no room for it."""
        item = self.highlighted()
        line = self.query_one("#file", Static)
        line.display = item is not None and not self.file_column
        if line.display:
            line.update(Text(f"File: {plain(item.path.name)}", overflow="fold"))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_file()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        item = self.listings[int(event.row_key.value)]
        if item.data is None:
            self.notify(item.error or "That save cannot be read.", severity="error", markup=False)
            return
        self.app.open_save(item.path)

    def action_replay(self) -> None:
        """Step through the highlighted save move by move."""
        item = self.highlighted()
        if item is None:
            return
        if item.data is None:
            self.notify(item.error or "That save cannot be read.", severity="error", markup=False)
            return
        from .replay import open_replay_of_save

        open_replay_of_save(self.app, item.path)

    def action_back(self) -> None:
        self.app.pop_screen()
