"""The records screen: every seat name's games played and won, best and mean
scores, per game, and the Riverside achievements reached."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from ..records import players
from ..rules.registry import available


class RecordsScreen(Screen[None]):
    """The local record of finished games, read from the data folder."""

    BINDINGS = [Binding("escape,q", "back", "Back", id="records_back")]

    DEFAULT_CSS = """
    RecordsScreen #records-note { padding: 1 2; }
    RecordsScreen DataTable { height: auto; margin: 0 2; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Static("", id="records-note")
            yield DataTable(id="records", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Records"
        records = players.load()
        note = self.query_one("#records-note", Static)
        if records.problem:
            note.update(f"{records.problem} It will be kept aside when the next game ends.")
        elif not records.games:
            note.update("No finished games yet. Every game you finish is counted here.")
        else:
            note.update(f"{len(records.counted)} finished game{'s' if len(records.counted) != 1 else ''}.")
        grid = self.query_one(DataTable)
        grid.add_columns("Game", "Player", "Played", "Won", "Best", "Mean", "Best achievement")
        games = available()
        titles = {entry.id: entry.title for entry in games}
        order = [entry.id for entry in games]
        for game_id in sorted(records.games, key=lambda g: (order.index(g) if g in order else len(order), g)):
            tallies = records.games[game_id]
            for name in sorted(tallies, key=lambda n: (-tallies[n].played, n)):
                tally = tallies[name]
                reached = players.best_achievement(tally) if game_id == "riverside" else None
                grid.add_row(
                    titles.get(game_id, game_id), name, str(tally.played), str(tally.won),
                    "" if tally.best is None else str(tally.best), f"{tally.mean:.1f}", reached or "",
                )

    def action_back(self) -> None:
        self.app.pop_screen()
