"""The records screen: every seat name's games played and won, best and mean
scores, per game, and the Riverside achievements reached.

The table fits the terminal's width: where the game titles, names and
achievements do not fit on one line, the widest of them wrap (word by word)
and their rows grow, so every column stays whole at 80 columns. Names are
shown as typed, brackets and all (cells are Text, never markup).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Footer, Header, Static

from ..records import players
from ..rules.registry import available
from ..safe_text import plain
from .fitted_table import FittedTableScreen

HEADS = ("Game", "Player", "Played", "Won", "Best", "Mean", "Best achievement")
NUMBERS = (2, 3, 4, 5)
"""The columns of figures: right-aligned, never wrapped."""
ROOM = 4 + 2
"""Columns of the screen the table does not get: its margins and the scrollbar."""
PLAYER_WIDTH, REACHED_WIDTH = 12, 16
"""Where the table is too wide, the narrowest the names and the achievements get."""


def short_title(game_id: str) -> str:
    """The game's short name, from its id: "We All Take" (for "We All Take from the River")."""
    return game_id.replace("-", " ").replace("_", " ").title()


def fit_widths(game: int, player: int, reached: int, room: int) -> tuple[int, int]:
    """Widths of the names and the achievements so the row fits ``room`` beside a
    game column ``game`` wide: the names give way first (to a short name's width),
    then the achievements (to a few words), then the names again."""
    player_width = min(player, max(PLAYER_WIDTH, room - game - reached))
    reached_width = min(reached, max(REACHED_WIDTH, room - game - player_width))
    player_width = max(min(player_width, room - game - reached_width), min(player, 6))
    return player_width, reached_width


class RecordsScreen(FittedTableScreen):
    """The local record of finished games, read from the data folder; or, given
    ``records`` read already, a server's (``served``: shown to its SSH players)."""

    BINDINGS = [Binding("escape,q", "back", "Back", id="records_back")]

    DEFAULT_CSS = """
    RecordsScreen #records-note { padding: 1 2; }
    RecordsScreen DataTable { height: auto; margin: 0 2; }
    """

    def __init__(self, records: players.Records | None = None, served: bool = False) -> None:
        super().__init__()
        self.records = records
        self.served = served

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Static("", id="records-note")
            yield DataTable(id="records", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "This server's records" if self.served else "Records"
        records = players.load() if self.records is None else self.records
        note = self.query_one("#records-note", Static)
        if records.problem and self.served:  # the server's files are its operator's business
            note.update("The server's records cannot be read now; tell the server's operator.")
        elif records.problem:
            note.update(Text(f"Your records file {players.FILE_NAME} cannot be used ({plain(records.problem)}); "
                             "it will be kept aside, never deleted, when the next game ends."))
        elif not records.games and not records.computers:
            note.update("No finished games yet. Every game finished on this server is counted here." if self.served
                        else "No finished games yet. Every game you finish is counted here.")
        else:
            note.update(f"{len(records.counted)} finished game{'s' if len(records.counted) != 1 else ''}.")
        games = available()
        titles = {entry.id: entry.title for entry in games}
        order = [entry.id for entry in games]
        self.rows: list[tuple[str, ...]] = []
        self.game_ids: list[str] = []
        self.computer_rows: set[int] = set()
        """Rows of computer seats (by name and level), drawn in italics after the people's."""
        played = set(records.games) | set(records.computers)
        for game_id in sorted(played, key=lambda g: (order.index(g) if g in order else len(order), g)):
            for computers, tallies in ((False, records.games.get(game_id, {})), (True, records.computers.get(game_id, {}))):
                for name in sorted(tallies, key=lambda n: (-tallies[n].played, n)):
                    if computers:
                        self.computer_rows.add(len(self.rows))
                    self._add_row(titles, game_id, name, tallies[name])
        self.lay_out(self.size.width or 80)

    def _add_row(self, titles: dict[str, str], game_id: str, name: str, tally: players.SeatTally) -> None:
        reached = players.best_achievement(tally) if game_id == "riverside" else None
        self.rows.append((  # names and game ids come from the file: shown without control characters
            plain(titles.get(game_id, game_id)), plain(name), played_words(tally), str(tally.won),
            "" if tally.best is None else str(tally.best), f"{tally.mean:.1f}", reached or "",
        ))  # fmt: skip
        self.game_ids.append(plain(game_id))

    def fill(self, grid: DataTable, width: int) -> None:
        """Where the rows do not fit, the games go by their short names and the
        names and achievements wrap."""
        reached = any(cells[6] for cells in self.rows)
        columns = HEADS if reached else HEADS[:6]
        rows = [cells[: len(columns)] for cells in self.rows]
        widths = [max([len(head), *(len(cells[c]) for cells in rows)]) for c, head in enumerate(columns)]
        room = width - ROOM - 2 * grid.cell_padding * len(columns) - sum(widths[c] for c in NUMBERS)
        if sum(widths) - sum(widths[c] for c in NUMBERS) > room:
            rows = [(short_title(game_id), *cells[1:]) for game_id, cells in zip(self.game_ids, rows)]
            widths[0] = max([len(HEADS[0]), *(len(cells[0]) for cells in rows)])
            widths[1], reached_width = fit_widths(widths[0], widths[1], widths[6] if reached else 0, room)
            if reached:
                widths[6] = reached_width
        for c, (head, column_width) in enumerate(zip(columns, widths)):
            grid.add_column(Text(head, justify="right" if c in NUMBERS else "left"), width=column_width)
        for row, cells in enumerate(rows):
            # Text cells: a str cell would be read as markup, and the names are the players' own.
            grid.add_row(*(Text(cell, justify="right" if c in NUMBERS else "left", overflow="fold",
                                style="italic" if c == 1 and row in self.computer_rows else "")
                           for c, cell in enumerate(cells)), height=None)  # fmt: skip

    def action_back(self) -> None:
        self.app.pop_screen()


def played_words(tally: players.SeatTally) -> str:
    """Games played, and how many of them a computer played in for the person: "5 (1 with a stand-in)"."""
    return f"{tally.played} ({tally.stood_in} with a stand-in)" if tally.stood_in else str(tally.played)
