"""The records screen: every seat name's games played and won, best and mean
scores, per game, and the achievements reached (Riverside's table of them);
`t` turns to the ratings: each game's ladder, people by name and computers by
level, the highest first, with each one's trend over its last games.

The table fits the terminal's width: where the game titles, names and
achievements do not fit on one line, the widest of them wrap (word by word)
and their rows grow, so every column stays whole at 80 columns. Names are
shown as typed, brackets and all (cells are Text, never markup).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Footer, Header, Static
from textual.worker import Worker, WorkerState

from ..records import players, ratings
from ..rules.registry import available, get_game, is_known
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


MOST_PER_GAME = 50
"""Rows of one game's people (and of its computers) shown at most: those who played most."""
MOST_ROWS = 300
"""Rows shown at most: a records file may name 10,000 players in each of 64 games,
more than anyone reads and more than a table lays out at once."""


@dataclass
class Shown:
    """What the records screen shows of some records, worked out away from the screen."""

    note: str | Text
    rows: list[tuple[str, ...]][tuple[str, ...]] = field(default_factory=list)
    game_ids: list[str] = field(default_factory=list)
    computer_rows: set[int] = field(default_factory=set)
    """Rows of computer seats (by name and level), drawn in italics after the people's."""


RATING_HEADS = ("Game", "#", "Player", "Rating", "Games", "Trend")
RATING_NUMBERS = (1, 3, 4)
SPARK = "▁▂▃▄▅▆▇█"
"""The trend's glyphs, lowest to highest (a shape, never colour alone)."""


def trend_words(rating: ratings.Rating) -> str:
    """The shown rating over the kept games as a little line of bars, and its
    change since the first of them: "▁▃▅▇ ↑4.2"."""
    change = rating.change()
    if change is None:
        return "new"
    low, high = min(rating.trend), max(rating.trend)
    span = high - low or 1.0
    bars = "".join(SPARK[round((t - low) / span * (len(SPARK) - 1))] for t in rating.trend)
    arrow = "↑" if change > 0.05 else "↓" if change < -0.05 else "→"
    return f"{bars} {arrow}{abs(change):.1f}"


def ladder_shown(table: ratings.Ratings, served: bool, you: str | None = None) -> Shown:
    """Each game's ladder, the highest first (at most `MOST_PER_GAME` rows a game),
    and a note with ``you``'s own rating and place in each game they are rated in."""
    games = available()
    titles = {entry.id: entry.title for entry in games}
    order = [entry.id for entry in games]
    out = Shown(_ladder_note(table, served, you))
    for game_id in sorted(table.ladders, key=lambda g: (order.index(g) if g in order else len(order), g)):
        for place, (name, computer, rating) in enumerate(table.ladders[game_id].ranked()[:MOST_PER_GAME], start=1):
            if computer:
                out.computer_rows.add(len(out.rows))
            out.rows.append((plain(titles.get(game_id, game_id)), str(place), plain(name) + (" (computer)" if computer else ""),
                             f"{rating.shown:.1f}", str(rating.games), trend_words(rating)))
            out.game_ids.append(plain(game_id))
    return out


def _ladder_note(table: ratings.Ratings, served: bool, you: str | None) -> str:
    if table.problem:
        return ("The server's ratings cannot be read now; tell the server's operator." if served
                else f"Your ratings file {ratings.FILE_NAME} cannot be used ({plain(table.problem)}); it will be kept "
                     "aside, never deleted, when the next game ends.")
    if not table.ladders:
        return "No rated games yet: a finished game between two or more rated seats rates them."
    note = ("Ratings by openskill: mu - 3 sigma, 0 for a newcomer; people by name, computers by level. "
            "Not rated: seats with hints or a stand-in (t: the records).")
    mine = []
    for game_id, ladder in table.ladders.items():
        place = ladder.rank_of(you) if you else None
        if place is not None:
            mine.append(f"{short_title(game_id)} {ladder.people[you].shown:.1f} ({place[0]} of {place[1]})")
    if mine:
        note = f"Your ratings: {'; '.join(mine)}. " + note
    return plain(note)


def shown(records: players.Records, served: bool) -> Shown:
    """The note and the rows for ``records``: each game's people, then its
    computers, those who played most first, at most `MOST_PER_GAME` of each and
    `MOST_ROWS` in all; the note says how many more the file holds."""
    games = available()
    titles = {entry.id: entry.title for entry in games}
    order = [entry.id for entry in games]
    out = Shown(_note(records, served))
    left_out = 0
    played = set(records.games) | set(records.computers)
    tables = {game_id: get_game(game_id).achievements for game_id in played if is_known(game_id)}
    for game_id in sorted(played, key=lambda g: (order.index(g) if g in order else len(order), g)):
        for computers, tallies in ((False, records.games.get(game_id, {})), (True, records.computers.get(game_id, {}))):
            room = min(MOST_PER_GAME, MOST_ROWS - len(out.rows))
            names = heapq.nsmallest(room, tallies, key=lambda n: (-tallies[n].played, n))
            left_out += len(tallies) - len(names)
            for name in names:
                if computers:
                    out.computer_rows.add(len(out.rows))
                out.rows.append(_row(titles, tables.get(game_id, ()), game_id, name, tallies[name]))
                out.game_ids.append(plain(game_id))
    if left_out:
        out.note = Text.assemble(out.note, f" Shown: each game's {MOST_PER_GAME} who played most, {MOST_ROWS} rows "
                                           f"in all; {left_out:,} more are in the file.")
    return out


def _note(records: players.Records, served: bool) -> str | Text:
    if records.problem and served:  # the server's files are its operator's business
        return "The server's records cannot be read now; tell the server's operator."
    if records.problem:
        return Text(f"Your records file {players.FILE_NAME} cannot be used ({plain(records.problem)}); "
                    "it will be kept aside, never deleted, when the next game ends.")
    if not records.games and not records.computers:
        return ("No finished games yet. Every game finished on this server is counted here." if served
                else "No finished games yet. Every game you finish is counted here.")
    return f"{len(records.counted)} finished game{'s' if len(records.counted) != 1 else ''}."


def _row(titles: dict[str, str], achievements: tuple[str, ...], game_id: str, name: str,
         tally: players.SeatTally) -> tuple[str, ...]:
    reached = players.best_achievement(tally, achievements)
    return (  # names and game ids come from the file: shown without control characters
        plain(titles.get(game_id, game_id)), plain(name), played_words(tally), str(tally.won),
        "" if tally.best is None else str(tally.best), f"{tally.mean:.1f}", reached or "",
    )  # fmt: skip


class RecordsScreen(FittedTableScreen):
    """The local record of finished games, read from the data folder; or, given
    ``records`` read already, a server's (``served``: shown to its SSH players).
    The file is read and its rows worked out in a thread: however big the file,
    the screen is drawn at once and its keys answer (``filled`` once the rows are in)."""

    BINDINGS = [
        Binding("escape,q", "back", "Back", id="records_back"),
        Binding("t", "toggle_ratings", "Ratings", id="records_ratings"),
    ]

    DEFAULT_CSS = """
    RecordsScreen #records-note { padding: 1 2; }
    RecordsScreen DataTable { height: auto; margin: 0 2; }
    """

    def __init__(self, records: players.Records | None = None, served: bool = False,
                 rated: ratings.Ratings | None = None, you: str | None = None, show_ratings: bool = False) -> None:
        super().__init__()
        self.records = records
        self.rated = rated
        self.served = served
        self.you = you
        """The player looking (on a server): their own ratings and places are in the note."""
        self.show_ratings = show_ratings
        """The ladders, not the records."""
        self.filled = False
        self.rows: list[tuple[str, ...]][tuple[str, ...]] = []
        self.game_ids: list[str] = []
        self.computer_rows: set[int] = set()
        self.worked_out: tuple[Shown, Shown] | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Static("Reading the records…", id="records-note")
            yield DataTable(id="records", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "This server's records" if self.served else "Records"  # until they are read
        # after the first frame: parsing a big file holds the interpreter for a moment
        self.call_after_refresh(self.run_worker, self._work_out, thread=True, name="records", exit_on_error=False)

    def _work_out(self) -> tuple[Shown, Shown]:
        records = shown(players.load() if self.records is None else self.records, self.served)
        return records, ladder_shown(ratings.load() if self.rated is None else self.rated, self.served, self.you)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "records" or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        if event.state == WorkerState.ERROR:  # a bug, not the file: the file's problems are in the note
            self.query_one("#records-note", Static).update("The records cannot be shown.")
            return
        self.worked_out = event.worker.result
        self.filled = True
        self._show()

    def _show(self) -> None:
        done = self.worked_out[1 if self.show_ratings else 0]
        kind = "ratings" if self.show_ratings else "records"
        self.title = f"This server's {kind}" if self.served else kind.title()
        self.query_one("#records-note", Static).update(done.note)
        self.rows, self.game_ids, self.computer_rows = done.rows, done.game_ids, done.computer_rows
        self.refill()

    def action_toggle_ratings(self) -> None:
        """Between the records and the ratings."""
        self.show_ratings = not self.show_ratings
        if self.worked_out is not None:
            self._show()

    def fill(self, grid: DataTable, width: int) -> None:
        """Where the rows do not fit, the games go by their short names and the
        names and achievements wrap."""
        if self.show_ratings:
            self._fill_ladders(grid, width)
            return
        reached = any(cells[6] for cells in self.rows)
        columns = HEADS if reached else HEADS[:6]
        rows = [cells[: len(columns)] for cells in self.rows]
        widths = _widths(columns, rows)
        room = width - ROOM - 2 * grid.cell_padding * len(columns) - sum(widths[c] for c in NUMBERS)
        if sum(widths) - sum(widths[c] for c in NUMBERS) > room:
            rows = _short_titled(rows, self.game_ids)
            widths[0] = _widths(columns[:1], rows)[0]
            widths[1], reached_width = fit_widths(widths[0], widths[1], widths[6] if reached else 0, room)
            if reached:
                widths[6] = reached_width
        _add_all(grid, columns, NUMBERS, widths, rows, self.computer_rows, name_column=1)

    def _fill_ladders(self, grid: DataTable, width: int) -> None:
        """The ladders: the games by their short names where the rows do not fit,
        the names wrapping."""
        rows = self.rows
        widths = _widths(RATING_HEADS, rows)
        room = width - ROOM - 2 * grid.cell_padding * len(RATING_HEADS)
        if sum(widths) > room:
            rows = _short_titled(rows, self.game_ids)
            widths[0] = _widths(RATING_HEADS[:1], rows)[0]
            widths[2] = max(PLAYER_WIDTH, min(widths[2], room - sum(widths) + widths[2]))
        _add_all(grid, RATING_HEADS, RATING_NUMBERS, widths, rows, self.computer_rows, name_column=2)

    def action_back(self) -> None:
        self.app.pop_screen()


def _widths(heads: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[int]:
    """Each column's width: its longest cell or its head."""
    return [max([len(head), *(len(cells[c]) for cells in rows)]) for c, head in enumerate(heads)]


def _short_titled(rows: list[tuple[str, ...]], game_ids: list[str]) -> list[tuple[str, ...]]:
    """The rows with each game by its short name."""
    return [(short_title(game_id), *cells[1:]) for game_id, cells in zip(game_ids, rows)]


def _add_all(grid: DataTable, heads: tuple[str, ...], numbers: tuple[int, ...], widths: list[int],
             rows: list[tuple[str, ...]], computer_rows: set[int], name_column: int) -> None:
    """The columns and the rows: the numbers to the right, every cell wrapping, a
    computer's name in italics."""
    for c, (head, column_width) in enumerate(zip(heads, widths)):
        grid.add_column(Text(head, justify="right" if c in numbers else "left"), width=column_width)
    for row, cells in enumerate(rows):
        # Text cells: a str cell would be read as markup, and the names are the players' own.
        grid.add_row(*(Text(cell, justify="right" if c in numbers else "left", overflow="fold",
                            style="italic" if c == name_column and row in computer_rows else "")
                       for c, cell in enumerate(cells)), height=None)  # fmt: skip


def played_words(tally: players.SeatTally) -> str:
    """Games played, and how many of them a computer played in for the person: "5 (1 with a stand-in)"."""
    return f"{tally.played} ({tally.stood_in} with a stand-in)" if tally.stood_in else str(tally.played)
