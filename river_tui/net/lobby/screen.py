"""The lobby an SSH player sees first: the server's tables, and a way to sit at one.

Each row is a table: its game, its seats (who holds each, which are free), who
is looking at it now, and whose turn it is. Enter sits down (in your own seat if
your key holds one there, else in the first free seat, else you watch), ``w``
watches, ``n`` starts a new table, ``a`` archives a finished one of yours, ``r``
shows the server's ratings and records. The columns share the screen's width: a long cell
wraps onto more lines of its row, so every column is whole at 80 columns.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Header, Label, Select, Static

from ...records import players, ratings
from ...rules.registry import GameEntry, available, get_game
from ...safe_text import plain
from ...screens.box_screen import BoxScreen
from ...screens.records import short_title
from ...widgets.key_bindings import bound_to
from ...screens.registry import has_screen
from ...screens.setup import computer_kinds, default_computer
from ...widgets.chat_pane import ChatPane
from ..auth import Identity
from ..chat import LobbyWindow
from ..durations import for_how_long
from ..presence import your_move_mark, your_move_notice
from ..tables import GRACE, SeatTable, SharedTable, TableRegistry
from .table_timing import chosen_times, grace_select, timer_select

LOBBY_HELP = Path(__file__).with_suffix(".md").read_text(encoding="utf-8")
"""The lobby's keys and who may do what there, for the help screen."""
COLUMNS = ("#", "Game", "Seats", "Connected", "Turn")
ROOM = 4 + 2
"""Columns of the screen the list does not get: its margins and the scrollbar."""
PLAYERS_ONLY = frozenset({"new_table", "archive"})
"""The lobby's actions a guest has not: out of a guest's footer."""
CHAT_ALWAYS = 30
"""Rows from which the lobby always shows its chat pane (below, once it has a line)."""
WAITING_CHECK = 60.0
"""Seconds between two looks at the tables' waiting times while the lobby is shown."""
NARROWEST = 6
"""The narrowest a column gets where the list is too wide (its heading stays whole)."""


def playable_games() -> list[GameEntry]:
    """The games that have both rules and a screen on this server."""
    return [entry for entry in available() if has_screen(entry.id)]


def seats_text(shared: SharedTable, viewer: Identity) -> str:
    """Each seat as the lobby shows it: its holder, "free", or the computer (also one
    standing in for a gone player)."""
    parts = []
    for index, seat in enumerate(shared.table.seats):
        if not seat.is_human:
            parts.append(f"{seat.name} (computer)")
        elif shared.owners[index] is None:
            parts.append(f"{seat.name} (free)")
        elif viewer.fingerprint is not None and shared.owners[index] == viewer.fingerprint:
            parts.append(f"{seat.name} (you{', computer plays' if index in shared.stand_ins else ''})")
        else:
            parts.append(f"{seat.name} (computer plays)" if index in shared.stand_ins else seat.name)
    return ", ".join(parts)


def turn_text(shared: SharedTable, now: float) -> str:
    """Whose turn it is, and for how long the table has waited for them: "bob (waiting 12 minutes)"."""
    turn = shared.turn()
    waited = shared.waited(now)
    return turn if shared.table.finished or waited < 60 else f"{turn} (waiting {for_how_long(waited)})"


def opening_notices(window: SeatTable, identity: Identity) -> list[str]:
    """What a player is told as a table opens: that they took their seat from their
    other session, or that they watch although a seat is free."""
    notices = []
    if window.took_over:
        notices.append("You took your seat from your other session, which now watches.")
    if window.seat is None and window.shared.seat_of(identity) is None and window.shared.free_seats():
        reason = "guests only watch" if identity.is_guest else "you chose to watch"
        notices.append(f"Watching {window.shared.title} ({reason}).")
    return notices


def fitted_widths(rows: list[tuple[str, ...]], heads: tuple[str, ...], room: int) -> list[int]:
    """Each column's width so that all fit in ``room``: as wide as its widest cell
    where they fit, else the widest column gives way, one column at a time, down
    to its heading's width (the first, the table's number, never does)."""
    widths = [max([len(head), *(len(cells[c]) for cells in rows)]) for c, head in enumerate(heads)]
    floors = [widths[0]] + [max(len(head), NARROWEST) for head in heads[1:]]
    while sum(widths) > room:
        shrinkable = [c for c in range(len(widths)) if widths[c] > floors[c]]
        if not shrinkable:
            break
        widest = max(shrinkable, key=lambda c: widths[c] - floors[c])
        widths[widest] -= 1
    return widths


class TableList(DataTable, inherit_bindings=False):
    """The lobby's list of tables: a DataTable whose Enter is the lobby's ("Sit down",
    in the footer). Enter is an ordinary key like the arrows, so keys typed together
    (Down then Enter, in one read over a slow link) act in the order typed: a priority
    Enter acted before the list had moved its cursor, and sat at the row it left."""

    BINDINGS = [binding for binding in DataTable.BINDINGS if binding.key != "enter"]


class LobbyScreen(Screen[None]):
    """The tables on this server; sit, watch or start one."""

    # DEFAULT_CSS, not a CSS_PATH: Textual reads a screen's CSS file only when the
    # screen is pushed, never for an app's first screen, which the lobby is.
    DEFAULT_CSS = """
    LobbyScreen #greeting { padding: 1 2 0 2; color: $text-muted; }
    LobbyScreen #on-server { padding: 0 2 1 2; color: $text-muted; }
    LobbyScreen #tables { height: auto; max-height: 1fr; margin: 0 2; scrollbar-gutter: stable; }
    LobbyScreen #empty { padding: 1 2; color: $text-muted; }
    LobbyScreen ChatPane { dock: bottom; height: 5; border-left: none; }
    """

    BINDINGS = [
        Binding("enter", "join", "Sit down", id="lobby_join"),
        Binding("w", "watch", "Watch", id="lobby_watch"),
        Binding("n", "new_table", "New table", id="lobby_new"),
        Binding("a", "archive", "Archive", id="lobby_archive"),
        Binding("r", "records", "Records", id="lobby_records"),
        Binding("c", "chat", "Chat", id="lobby_chat"),
        Binding("question_mark", "help", "Help", id="lobby_help"),
        Binding("q", "quit", "Leave", id="lobby_quit"),
    ]

    def __init__(self, registry: TableRegistry, identity: Identity) -> None:
        super().__init__()
        self.registry = registry
        self.identity = identity
        self.title = "River TUI: tables on this server"
        self._told_moves = False
        self._shown: tuple[list[tuple[str, tuple[str, ...]]], int] | None = None
        """The rows listed and the room they were fitted to."""
        self._left: int | None = None
        """The table this session went to from here, until it is back."""
        self._on_server = ""
        """The line saying who is on the server, as shown."""
        self.chat: LobbyWindow | None = None
        """This session's side of the lobby's chat (once composed)."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(Text(self._greeting()), id="greeting")  # Text: the user's name, as typed
        yield Static("", id="on-server")
        yield TableList(id="tables", cursor_type="row", zebra_stripes=True)
        yield Static("", id="empty")
        self.chat = LobbyWindow(self.registry.lobby_chat, self.app, self.identity)
        yield ChatPane(self.chat, lambda seat: Style(bold=True), id="lobby-chat")
        yield Footer()

    def _greeting(self) -> str:
        if self.identity.is_guest:
            return f"Welcome, {self.identity.name}. You are a guest: you may watch any table, but not play."
        return f"Welcome, {self.identity.name}. Enter sits you at a table, w watches it, n starts a new one, ? tells more."

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A guest's lobby offers only what a guest may do (`on_key` says why the rest does nothing)."""
        return not (self.identity.is_guest and action in PLAYERS_ONLY)

    def on_key(self, event: events.Key) -> None:
        if self.identity.is_guest and any(
            binding.action in PLAYERS_ONLY for binding in bound_to(self, event.key, self.app.keymap_entries)
        ):
            event.stop()
            self.notify("Guests may watch tables but not start them or archive them.", severity="warning")

    def on_mount(self) -> None:
        # Waiting times grow with no event to say so: the list looks again each minute.
        self.set_interval(WAITING_CHECK, self._refresh_if_shown)
        if self.chat is not None:
            self.chat.listen(self._chat_heard)
        self._fit_chat()

    def on_unmount(self) -> None:
        if self.chat is not None:
            self.chat.stop(self._chat_heard)

    def _chat_heard(self, line: object) -> None:
        self._fit_chat()

    def _fit_chat(self) -> None:
        """The chat pane takes rows from the list: on a short terminal, only once
        there is something to read (a line then comes as a notice until it is)."""
        if self.chat is not None:
            self.query_one("#lobby-chat").display = self.size.height >= CHAT_ALWAYS or bool(self.chat.history())

    def _refresh_if_shown(self) -> None:
        if self.app.screen is self:
            self.refresh_tables()

    def on_screen_resume(self) -> None:
        if self.app.screen is not self:
            return  # the new-table form closed and its table opened at once: the lobby stays hidden
        self.registry.watch_lobby(self.app, self.refresh_tables)
        self.refresh_tables()
        if not self._told_moves:
            self._told_moves = True
            notice = your_move_notice(self.registry.your_moves(self.identity))
            if notice:
                self.notify(notice, markup=False)
        left, self._left = self._left, None
        if left is not None:
            self._cursor_off(left)

    def _cursor_off(self, left: int) -> None:
        """Back from table ``left``: the cursor goes to the top of the list, where
        you are wanted first, unless that is the table you left (then the next)."""
        grid = self.query_one(DataTable)
        keys = [str(row.key.value) for row in grid.ordered_rows]
        others = [row for row, key in enumerate(keys) if key != str(left)]
        if others:
            grid.move_cursor(row=others[0])

    def on_resize(self, event: events.Resize) -> None:
        self._fit_chat()
        self.refresh_tables()

    def on_screen_suspend(self) -> None:
        self.registry.watch_lobby(self.app, None)

    def rows(self) -> list[tuple[str, tuple[str, ...]]]:
        """Each row's key and cells: the tables where it is your move first, then the
        others by number, then those that could not be restored."""
        mine = {shared.number for shared in self.registry.your_moves(self.identity)}
        now = self.registry.clock()
        rows = [
            (str(number), (your_move_mark(number, mine), shared.title + (" (hints)" if shared.hints else ""),
                           seats_text(shared, self.identity),
                           ", ".join(shared.connected()) or "-", turn_text(shared, now)))
            for number, shared in sorted(self.registry.tables.items(), key=lambda item: (item[0] not in mine, item[0]))
        ]  # fmt: skip
        for index, broken in enumerate(self.registry.broken):  # and why
            rows.append((f"broken-{index}", ("!", plain(broken.name, 40), plain(broken.reason, 200), "-",
                                             "cannot be opened")))  # fmt: skip
        return rows

    def refresh_tables(self) -> None:
        """Rebuild the list for the screen's width, keeping the cursor on the same table."""
        self._show_who_is_on()
        grid = self.query_one(DataTable)
        rows = self.rows()
        room = (self.size.width or 80) - ROOM - 2 * grid.cell_padding * len(COLUMNS)
        if (rows, room) == self._shown:
            return  # as shown: a move that changed nothing listed costs the lobbies nothing
        self._shown = (rows, room)
        under_cursor = self._cursor_key()
        if sum(fitted_widths([cells for _, cells in rows], COLUMNS, 10**6)) > room:
            titles = {str(n): short_title(shared.table.game.id) for n, shared in self.registry.tables.items()}
            rows = [(key, (cells[0], titles.get(key, cells[1]), *cells[2:])) for key, cells in rows]
        widths = fitted_widths([cells for _, cells in rows], COLUMNS, room)
        grid.clear(columns=True)
        for head, width in zip(COLUMNS, widths):
            grid.add_column(head, width=width)
        for key, cells in rows:
            # Text cells: a str cell would be read as markup, and the names are the players' own.
            grid.add_row(*(Text(cell, overflow="fold") for cell in cells), key=key, height=None)
        if under_cursor in {key for key, _ in rows}:
            grid.move_cursor(row=grid.get_row_index(under_cursor))  # a table's row or a broken file's
        empty = self.query_one("#empty", Static)
        empty.display = not rows
        empty.update("" if rows else self._nothing_listed())

    def _show_who_is_on(self) -> None:
        """Who is on the server now, and where: also when no table is open."""
        line = "On the server now: " + ", ".join(self.registry.whereabouts())
        if line != self._on_server:
            self._on_server = line
            self.query_one("#on-server", Static).update(Text(line))  # Text: the names are the players' own

    def _nothing_listed(self) -> str:
        if self.identity.is_guest:
            return "No tables yet. Once a player starts one, you may watch it here."
        return "No tables yet. Press n to start one."

    def chosen(self) -> SharedTable | None:
        """The table under the cursor."""
        key = self._cursor_key()
        return self.registry.tables.get(int(key)) if key is not None and key.isdigit() else None

    def _cursor_key(self) -> str | None:
        """The key of the row under the cursor: a table's number, or a broken file's row."""
        grid = self.query_one(DataTable)
        if not grid.row_count:
            return None
        return str(grid.coordinate_to_cell_key(grid.cursor_coordinate).row_key.value)

    # --- actions ---------------------------------------------------------------------
    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_join()  # a click on a row

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

    def action_archive(self) -> None:
        shared = self.chosen()
        if shared is None:
            self.notify("Choose a finished table of yours to archive.", severity="warning")
            return
        try:
            self.registry.archive(shared, self.identity)
        except ValueError as err:
            self.notify(str(err), title="Archive", severity="warning", markup=False)
            return
        self.refresh_tables()
        self.notify(f"Table {shared.number} is archived: it left the list; its game stays in the records.", markup=False)

    def action_records(self) -> None:
        self.run_worker(self._show_records(), group="records", exclusive=True)

    async def _show_records(self) -> None:
        """The server's records, read in a worker thread (the file may be large, and
        every session shares this loop)."""
        from ...screens.records import RecordsScreen

        records = await asyncio.to_thread(players.load)
        rated = await asyncio.to_thread(ratings.load)
        you = None if self.identity.is_guest else self.identity.name
        if self.app.screen is self:  # still here (not at a table, nor gone)
            self.app.push_screen(RecordsScreen(records, served=True, rated=rated, you=you, show_ratings=True))

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
        self._left = window.shared.number
        for sentence in opening_notices(window, self.identity):
            self.notify(sentence, markup=False)
        self.app.push_screen(self.registry.table_screen(window, local))

    def action_new_table(self) -> None:
        if not playable_games():
            self.notify("No game can be played on this server yet.", severity="error")
            return
        self.app.push_screen(NewTableScreen(), self._create)

    def _create(self, choice: NewTable | None) -> None:
        if choice is None:
            return
        try:
            shared = self.registry.create(
                self.identity, choice.game_id, choice.seats, choice.bots, choice.variant, computer=choice.computer,
                grace=choice.grace, timer=choice.timer, hints=choice.hints,
            )
        except ValueError as err:
            self.notify(str(err), title="Cannot start this table", severity="error", markup=False)
            return
        self.open(self.registry.join(shared, self.app, self.identity))

    def action_chat(self) -> None:
        from ...screens.chat_input import ChatInputScreen

        if self.chat is not None:
            self.app.push_screen(ChatInputScreen(self.chat))

    def action_help(self) -> None:
        from ...screens.help import HelpScreen

        self.app.push_screen(HelpScreen(keys=LOBBY_HELP))

    def action_quit(self) -> None:
        self.app.exit()


HINT_CHOICES = [("no hints", False), ("hints", True)]
"""Whether a new table's players may ask for hints (the computer's advice), none unless chosen."""

NO_VARIANT = ""
NO_VARIANTS = [("none", NO_VARIANT)]
"""The Variant list of a game without variants (nothing to choose: the list is
disabled). A game with variants lists only them, not a blank "none" beside them."""


@dataclass(frozen=True)
class NewTable:
    """What the new-table form chose: the game, its seats (people and computers),
    how many of them computers play and which computer player, and the variant."""

    game_id: str
    seats: int
    bots: int
    computer: str
    variant: str | None
    grace: float = GRACE
    """Seconds a gone player's move waits before the others may hand their seat to a computer."""
    timer: float | None = None
    """Seconds a turn may take before a computer plays it (None: no turn timer)."""
    hints: bool = False
    """Whether its players may ask for hints (the computer's advice)."""


class NewTableScreen(BoxScreen[NewTable | None]):
    """Choose a game, how many seats, how many the computer plays and how well, and a variant."""

    DEFAULT_CSS = """
    NewTableScreen { align: center middle; }
    NewTableScreen #dialog {
        width: 64; max-width: 100%; height: auto;
        border: round $primary; background: $surface; padding: 0 1;
    }
    NewTableScreen #dialog-title { text-style: bold; color: $accent; margin: 1 0; }
    NewTableScreen .field { height: 1; margin-bottom: 1; }
    NewTableScreen .field Label { width: 30; color: $text-muted; }
    NewTableScreen .field Select { width: 1fr; }
    NewTableScreen #dialog-note { color: $text-muted; }
    NewTableScreen #buttons { height: auto; margin: 1 0; align-horizontal: right; }
    NewTableScreen #buttons Button { margin-left: 2; }
    """

    BINDINGS = [
        Binding("ctrl+s", "start", "Start", id="new_table_start"),
        Binding("escape", "cancel", "Cancel", id="new_table_cancel"),
    ]

    def compose(self) -> ComposeResult:
        games = playable_games()
        with Vertical(id="dialog"):
            yield Static("New table", id="dialog-title")
            yield from self._field("Game", Select([(g.title, g.id) for g in games], value=games[0].id,
                                                  allow_blank=False, compact=True, id="game"))  # fmt: skip
            yield from self._field("Seats (people and computers)", Select([], compact=True, id="seats"))
            yield from self._field("Of them, computers", Select([], compact=True, id="bots"))
            with Horizontal(classes="field"):  # both on one line: the form fits 24 rows
                yield Label("Computer level; hints")
                yield Select([], compact=True, id="computer")
                yield Select(HINT_CHOICES, value=False, allow_blank=False, compact=True, id="hints")
            yield from self._field("Variant", Select(NO_VARIANTS, allow_blank=False, compact=True, id="variant"))
            with Horizontal(classes="field"):  # both on one line: the form fits 24 rows
                yield Label("Gone players' grace; timer")
                yield grace_select()
                yield timer_select()
            yield Static("You take the first seat; players who sit down take the others.", id="dialog-note")
            with Horizontal(id="buttons"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Cancel", id="cancel")

    @staticmethod
    def _field(label: str, select: Select) -> ComposeResult:
        with Horizontal(classes="field"):
            yield Label(label)
            yield select

    def on_mount(self) -> None:
        self._game_chosen(str(self.query_one("#game", Select).value))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.value is Select.NULL:
            return
        if event.select.id == "game":
            self._game_chosen(str(event.value))
        elif event.select.id == "seats":
            self._seats_chosen(int(event.value))  # type: ignore[arg-type]

    def _game_chosen(self, game_id: str) -> None:
        game = get_game(game_id)
        kinds = computer_kinds(game_id)
        # The fields set here say nothing (no Changed): a Changed handled later
        # would undo what the player chose meanwhile.
        with self.prevent(Select.Changed):
            seats = self.query_one("#seats", Select)
            seats.set_options([(str(n), n) for n in range(game.min_seats, game.max_seats + 1)])
            seats.value = max(game.min_seats, min(2, game.max_seats))
            variants = self.query_one("#variant", Select)
            variants.set_options([(v.title, v.id) for v in game.variants] or NO_VARIANTS)
            variants.disabled = not game.variants
            computers = self.query_one("#computer", Select)
            chosen = computers.value
            computers.set_options([(kind, kind) for kind in kinds])
            # The level chosen stays through a change of game where the new game has it.
            computers.value = chosen if chosen in kinds else default_computer(game_id)
        self._seats_chosen(int(seats.value))  # type: ignore[arg-type]

    def _seats_chosen(self, count: int) -> None:
        game = get_game(str(self.query_one("#game", Select).value))
        default = game.default_variant(count)
        with self.prevent(Select.Changed):
            bots = self.query_one("#bots", Select)
            bots.set_options([(str(n), n) for n in range(count)])
            bots.value = 0
            if default is not None:
                self.query_one("#variant", Select).value = default

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.dismiss(None)

    def action_start(self) -> None:
        variant = self.query_one("#variant", Select).value
        grace, timer = chosen_times(self.query_one("#grace", Select), self.query_one("#timer", Select))
        self.dismiss(
            NewTable(
                game_id=str(self.query_one("#game", Select).value),
                seats=int(self.query_one("#seats", Select).value),  # type: ignore[arg-type]
                bots=int(self.query_one("#bots", Select).value),  # type: ignore[arg-type]
                computer=str(self.query_one("#computer", Select).value),
                variant=None if variant == NO_VARIANT else str(variant),
                grace=grace,
                timer=timer,
                hints=bool(self.query_one("#hints", Select).value),
            )
        )

    def action_cancel(self) -> None:
        self.dismiss(None)
