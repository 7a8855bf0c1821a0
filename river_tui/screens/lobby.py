"""The lobby an SSH player sees first: the server's tables, and a way to sit at one.

Each row is a table: its game, its seats (who holds each, which are free), who
is looking at it now, and whose turn it is. Enter sits down (in your own seat if
your key holds one there, else in the first free seat, else you watch), ``w``
watches, ``n`` starts a new table.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Footer, Header, Label, Select, Static

from ..net.auth import Identity
from ..net.presence import your_move_mark, your_move_notice
from ..net.tables import SeatTable, SharedTable, TableRegistry
from ..rules.registry import GameEntry, available, get_game
from ..safe_text import plain
from .registry import has_screen, screen_class

COLUMNS = ("#", "Game", "Seats", "Connected", "Turn")


def playable_games() -> list[GameEntry]:
    """The games that have both rules and a screen on this server."""
    return [entry for entry in available() if has_screen(entry.id)]


def seats_text(shared: SharedTable, viewer: Identity) -> str:
    """Each seat as the lobby shows it: its holder, "free", or the computer."""
    parts = []
    for index, seat in enumerate(shared.table.seats):
        if not seat.is_human:
            parts.append(f"{seat.name} (computer)")
        elif shared.owners[index] is None:
            parts.append(f"{seat.name} (free)")
        elif viewer.fingerprint is not None and shared.owners[index] == viewer.fingerprint:
            parts.append(f"{seat.name} (you)")
        else:
            parts.append(seat.name)
    return ", ".join(parts)


class LobbyScreen(Screen[None]):
    """The tables on this server; sit, watch or start one."""

    CSS_PATH = Path(__file__).with_name("lobby.tcss")

    BINDINGS = [
        Binding("enter", "join", "Sit down", id="lobby_join"),
        Binding("w", "watch", "Watch", id="lobby_watch"),
        Binding("n", "new_table", "New table", id="lobby_new"),
        Binding("question_mark", "help", "Help", id="lobby_help"),
        Binding("q", "quit", "Leave", id="lobby_quit"),
    ]

    def __init__(self, registry: TableRegistry, identity: Identity) -> None:
        super().__init__()
        self.registry = registry
        self.identity = identity
        self.title = "River TUI: tables on this server"
        self._told_moves = False

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(Text(self._greeting()), id="greeting")  # Text: the user's name, as typed
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield Static("", id="empty")
        yield Footer()

    def _greeting(self) -> str:
        if self.identity.is_guest:
            return f"Welcome, {self.identity.name}. You are a guest: you may watch any table, but not play."
        return f"Welcome, {self.identity.name}. Enter sits you at a table, w watches it, n starts a new one."

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns(*COLUMNS)

    def on_screen_resume(self) -> None:
        self.registry.watch_lobby(self.app, self.refresh_tables)
        self.refresh_tables()
        if not self._told_moves:
            self._told_moves = True
            notice = your_move_notice(self.registry.your_moves(self.identity))
            if notice:
                self.notify(notice, markup=False)

    def on_screen_suspend(self) -> None:
        self.registry.watch_lobby(self.app, None)

    def refresh_tables(self) -> None:
        """Rebuild the rows, keeping the cursor on the same table."""
        grid = self.query_one(DataTable)
        chosen = self.chosen()
        grid.clear()
        mine = {shared.number for shared in self.registry.your_moves(self.identity)}
        for number, shared in sorted(self.registry.tables.items(), key=lambda item: (item[0] not in mine, item[0])):
            # Text cells: a str cell would be read as markup, and the names are the players' own.
            cells = (your_move_mark(number, mine), shared.title, seats_text(shared, self.identity),
                     ", ".join(shared.connected()) or "-", shared.turn())  # fmt: skip
            grid.add_row(*map(Text, cells), key=str(number))
        for index, broken in enumerate(self.registry.broken):  # tables that could not be restored, and why
            cells = ("!", plain(broken.name, 40), plain(broken.reason, 200), "-", "cannot be opened")
            grid.add_row(*map(Text, cells), key=f"broken-{index}")
        if chosen is not None and chosen.number in self.registry.tables:
            grid.move_cursor(row=grid.get_row_index(str(chosen.number)))
        empty = "" if self.registry.tables or self.registry.broken else "No tables yet. Press n to start one."
        self.query_one("#empty", Static).update(empty)

    def chosen(self) -> SharedTable | None:
        """The table under the cursor."""
        grid = self.query_one(DataTable)
        if not grid.row_count:
            return None
        key = str(grid.coordinate_to_cell_key(grid.cursor_coordinate).row_key.value)
        return self.registry.tables.get(int(key)) if key.isdigit() else None

    # --- actions ---------------------------------------------------------------------
    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_join()

    def action_join(self) -> None:
        shared = self.chosen()
        if shared is not None:
            self.open(self.registry.join(shared, self.app, self.identity))
        else:
            self._say_why_broken()

    def action_watch(self) -> None:
        shared = self.chosen()
        if shared is not None:
            self.open(self.registry.watch(shared, self.app, self.identity))
        else:
            self._say_why_broken()

    def _say_why_broken(self) -> None:
        grid = self.query_one(DataTable)
        if grid.row_count:
            key = str(grid.coordinate_to_cell_key(grid.cursor_coordinate).row_key.value)
            index = int(key.removeprefix("broken-")) if key.startswith("broken-") else -1
            if 0 <= index < len(self.registry.broken):
                reason = plain(self.registry.broken[index].reason, 300).rstrip(".")
                self.notify(f"This table cannot be opened: {reason}.", severity="error", markup=False)

    def open(self, window: SeatTable) -> None:
        """Show the table's game screen from the window's seat (or as a spectator)."""
        game_id = window.shared.table.game.id
        if not has_screen(game_id):
            self.notify(f"{window.shared.title} cannot be shown on this server.", severity="error", markup=False)
            return
        local = set() if window.seat is None else {window.seat}
        if window.took_over:
            self.notify("You took your seat from your other session, which now watches.", markup=False)
        if window.seat is None and window.shared.seat_of(self.identity) is None and window.shared.free_seats():
            reason = "guests only watch" if self.identity.is_guest else "you chose to watch"
            self.notify(f"Watching {window.shared.title} ({reason}).", markup=False)
        self.app.push_screen(screen_class(game_id)(window, local_seats=local, drives_bots=False))

    def action_new_table(self) -> None:
        if self.identity.is_guest:
            self.notify("Guests may watch tables but not start them.", severity="warning")
            return
        if not playable_games():
            self.notify("No game can be played on this server yet.", severity="error")
            return
        self.app.push_screen(NewTableScreen(), self._create)

    def _create(self, choice: tuple[str, int, int, str | None] | None) -> None:
        if choice is None:
            return
        game_id, seats, bots, variant = choice
        try:
            shared = self.registry.create(self.identity, game_id, seats, bots, variant)
        except ValueError as err:
            self.notify(str(err), title="Cannot start this table", severity="error", markup=False)
            return
        self.open(self.registry.join(shared, self.app, self.identity))

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_quit(self) -> None:
        self.app.exit()


class NewTableScreen(ModalScreen[tuple[str, int, int, str | None] | None]):
    """Choose a game, how many seats, how many the computer plays, and a variant."""

    BINDINGS = [
        Binding("ctrl+s", "start", "Start", id="new_table_start"),
        Binding("escape", "cancel", "Cancel", id="new_table_cancel"),
    ]

    def compose(self) -> ComposeResult:
        games = playable_games()
        with Vertical(id="dialog"):
            yield Static("New table", id="dialog-title")
            with Horizontal(classes="field"):
                yield Label("Game")
                yield Select([(g.title, g.id) for g in games], value=games[0].id, allow_blank=False, id="game")
            with Horizontal(classes="field"):
                yield Label("Seats")
                yield Select([], allow_blank=True, id="seats")
            with Horizontal(classes="field"):
                yield Label("Computers")
                yield Select([], allow_blank=True, id="bots")
            with Horizontal(classes="field"):
                yield Label("Variant")
                yield Select([], allow_blank=True, id="variant")
            with Horizontal(id="buttons"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self._game_chosen(str(self.query_one("#game", Select).value))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game" and event.value is not Select.NULL:
            self._game_chosen(str(event.value))
        elif event.select.id == "seats" and event.value is not Select.NULL:
            self._seats_chosen(int(event.value))  # type: ignore[arg-type]

    def _game_chosen(self, game_id: str) -> None:
        game = get_game(game_id)
        seats = self.query_one("#seats", Select)
        counts = range(game.min_seats, game.max_seats + 1)
        seats.set_options([(str(n), n) for n in counts])
        seats.value = max(game.min_seats, min(2, game.max_seats))
        variants = self.query_one("#variant", Select)
        variants.set_options([(v.title, v.id) for v in game.variants])
        if game.variants:
            variants.value = game.variants[0].id
        self._seats_chosen(int(seats.value))  # type: ignore[arg-type]

    def _seats_chosen(self, count: int) -> None:
        bots = self.query_one("#bots", Select)
        bots.set_options([(str(n), n) for n in range(count)])
        bots.value = 0
        game = get_game(str(self.query_one("#game", Select).value))
        default = game.default_variant(count)
        if default is not None:
            self.query_one("#variant", Select).value = default

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.dismiss(None)

    def action_start(self) -> None:
        variant = self.query_one("#variant", Select).value
        self.dismiss(
            (
                str(self.query_one("#game", Select).value),
                int(self.query_one("#seats", Select).value),  # type: ignore[arg-type]
                int(self.query_one("#bots", Select).value),  # type: ignore[arg-type]
                None if variant is Select.NULL else str(variant),
            )
        )

    def action_cancel(self) -> None:
        self.dismiss(None)
