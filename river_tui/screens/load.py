"""The saves list: every save, newest first; damaged ones say what is wrong."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from ..rules.registry import GAMES
from ..saves import store

TITLES = {entry.id: entry.title for entry in GAMES}


class LoadScreen(Screen[None]):
    """Pick a save to resume."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="load_back"),
        Binding("r", "replay", "Replay", id="load_replay"),
    ]

    DEFAULT_CSS = """
    LoadScreen #empty { padding: 1 2; }
    LoadScreen DataTable { height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="empty")
        yield DataTable(id="saves", cursor_type="row")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Load a save"
        self.listings = store.list_saves()
        grid = self.query_one(DataTable)
        grid.add_columns("Game", "Seats", "Where", "Last played", "File")
        for index, item in enumerate(self.listings):
            if item.data is None:
                grid.add_row(*map(Text, ("(unreadable)", item.error or "", "", "", item.path.name)), key=str(index))
                continue
            data = item.data
            seats = ", ".join(s.name for s in data.seats)
            where = "finished" if data.finished else data.turn
            # Text cells: a str cell would be read as markup, and names and file names are the players' own.
            cells = (TITLES.get(data.game, data.game), seats, where, data.updated[:16].replace("T", " "), item.path.name)
            grid.add_row(*map(Text, cells), key=str(index))
        if not self.listings:
            self.query_one("#empty", Static).update("There are no saves yet. Start a new game from the menu.")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        item = self.listings[int(event.row_key.value)]
        if item.data is None:
            self.notify(item.error or "That save cannot be read.", severity="error", markup=False)
            return
        self.app.open_save(item.path)

    def action_replay(self) -> None:
        """Step through the highlighted save move by move."""
        if not self.listings:
            return
        grid = self.query_one(DataTable)
        item = self.listings[int(grid.coordinate_to_cell_key(grid.cursor_coordinate).row_key.value)]
        if item.data is None:
            self.notify(item.error or "That save cannot be read.", severity="error", markup=False)
            return
        from .replay import open_replay_of_save

        open_replay_of_save(self.app, item.path)

    def action_back(self) -> None:
        self.app.pop_screen()
