"""The new-game screen: game, seats, names, human or computer, variant.

It opens on the last setup the player started (see `last_setup`), with the game
choice focused, and every choice has a real value (no blank "Select")."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, OptionList, Select

from . import last_setup
from ..rules.bots import LEVELS, bot_catalogue
from ..rules.registry import available, get_game
from ..saves.schema import MAX_NAME
from ..play.table import HUMAN, Seat, Table
from .registry import has_screen

_DEFAULT_NAME = re.compile(r"(Player|Computer|Seat) \d+")
PRINTABLE = r"[^\x00-\x1f\x7f-\x9f]*"
"""A name's characters: a paste holding control characters is refused."""


def default_names(kinds: list[str]) -> list[str]:
    """"Player 1", "Computer 1", "Computer 2", ...: people and computers counted apart."""
    counts = {True: 0, False: 0}
    names = []
    for kind in kinds:
        human = kind == HUMAN
        counts[human] += 1
        names.append(f"{'Player' if human else 'Computer'} {counts[human]}")
    return names


def computer_kinds(game_id: str) -> list[str]:
    """The game's computer players as offered: the difficulty levels, the game's
    other bots, random last (where it has one); "greedy" is offered as "easy", the same player."""
    bots = bot_catalogue(get_game(game_id))
    hidden = {"random", *LEVELS} | ({"greedy"} if "easy" in bots else set())
    shown = [name for name in LEVELS if name in bots] + [name for name in sorted(bots) if name not in hidden]
    return shown + ["random"] * ("random" in bots)


def default_computer(game_id: str) -> str:
    """The computer player a new computer seat starts with: normal, what a player
    expects first (else the game's first computer player)."""
    kinds = computer_kinds(game_id)
    return "normal" if "normal" in kinds else (kinds[0] if kinds else HUMAN)


def kind_choices(game_id: str) -> list[tuple[str, str]]:
    """Human, then each computer player (`computer_kinds`)."""
    return [("Human", HUMAN)] + [(f"Computer ({name})", name) for name in computer_kinds(game_id)]


class Dropdown(Select):
    """A choice whose ↓ and ↑ count from its value: on a closed dropdown they open
    it and already move one (Textual's open it and only highlight the value, so
    ↓ ↓ Enter picked the next value, not the one two below)."""

    BINDINGS = [
        Binding("down", "open_and_move(1)", "Next", id="dropdown_next", show=False),
        Binding("up", "open_and_move(-1)", "Previous", id="dropdown_previous", show=False),
    ]

    def action_open_and_move(self, step: int) -> None:
        self.action_show_overlay()
        overlay = self.query_one(OptionList)  # the open list (Select's overlay)
        (overlay.action_cursor_down if step > 0 else overlay.action_cursor_up)()


class SeatRow(Horizontal):
    """One seat: its name and whether a person or the computer plays it."""

    DEFAULT_CSS = """
    SeatRow { height: 3; }
    SeatRow Label { width: 12; padding: 1 0; }
    SeatRow Input { width: 1fr; }
    SeatRow Select { width: 28; }
    """

    def __init__(self, index: int, game_id: str, name: str, kind: str) -> None:
        super().__init__(classes="seat-row")
        self.index = index
        self.game_id = game_id
        self.start_name = name
        self.start_kind = kind

    def compose(self) -> ComposeResult:
        yield Label(f"Seat {self.index + 1}")
        yield Input(value=self.start_name, placeholder=f"Seat {self.index + 1} name", id=f"name-{self.index}",
                    max_length=MAX_NAME, restrict=PRINTABLE)
        yield Dropdown(kind_choices(self.game_id), value=self.start_kind, allow_blank=False, id=f"kind-{self.index}")

    @property
    def kind(self) -> str:
        return str(self.query_one(Select).value)

    @property
    def typed_name(self) -> str | None:
        """The name the player typed; None while it is empty or a default one."""
        name = self.query_one(Input).value.strip()
        return None if not name or _DEFAULT_NAME.fullmatch(name) else self.query_one(Input).value

    def rename_if_default(self, name: str) -> None:
        """Give the seat ``name`` unless the player has typed one of their own."""
        if self.typed_name is None:
            self.query_one(Input).value = name

    def seat(self) -> Seat:
        name = self.query_one(Input).value.strip() or f"Seat {self.index + 1}"
        return Seat(name, self.kind)


class SetupScreen(Screen[None]):
    """Choose everything a new game needs, then start it."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="setup_back"),
        Binding("ctrl+s", "start", "Start", id="setup_start"),
    ]

    DEFAULT_CSS = """
    SetupScreen VerticalScroll { padding: 0 2; }
    SetupScreen .field { height: 3; }
    SetupScreen .field Label { width: 12; padding: 1 0; }
    SetupScreen .field Select { width: 1fr; }
    SetupScreen #variant-help { color: $text-muted; width: 1fr; height: auto; padding: 0 0 1 12; }
    SetupScreen #seat-rows { height: auto; }
    SetupScreen #start { margin: 1 0; }
    """

    def compose(self) -> ComposeResult:
        games = [entry for entry in available() if has_screen(entry.id)]
        self.games = {entry.id: entry for entry in games}
        self.remembered = last_setup.load()
        if self.remembered and not (
            self.remembered.game in self.games and self._remembered_for(self.remembered.game)
        ):
            self.remembered = None  # a setup that no longer fits is forgotten whole
        first = self.remembered.game if self.remembered else (games[0].id if games else Select.NULL)
        yield Header()
        with VerticalScroll():
            with Horizontal(classes="field"):
                yield Label("Game")
                yield Dropdown([(e.title, e.id) for e in games], value=first, allow_blank=not games, id="game")
            with Horizontal(classes="field"):
                yield Label("Seats")
                yield Dropdown(self._seat_counts(first) or [("1", 1)], id="seats", allow_blank=False)
            with Horizontal(classes="field", id="variant-field"):
                yield Label("Variant")  # its Select is mounted for a game that has variants
            yield Label("", id="variant-help")
            yield Vertical(id="seat-rows")
            yield Button("Start the game", variant="primary", id="start")
        yield Footer()

    _rows_for: tuple[str | None, int] = (None, 0)

    async def on_mount(self) -> None:
        self.title = "New game"
        if self.games:
            await self._game_chosen(self.game_id)
            self.query_one("#game", Select).focus()
        else:
            self.notify("No games are installed.", severity="error")

    def _seat_counts(self, game_id) -> list[tuple[str, int]]:
        if game_id not in self.games:
            return []
        low, high = self.games[game_id].seats
        return [(str(n), n) for n in range(low, high + 1)]

    @property
    def game_id(self) -> str | None:
        value = self.query_one("#game", Select).value
        return None if value is Select.NULL else str(value)

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game" and self.game_id:
            await self._game_chosen(self.game_id)
        elif event.select.id == "seats":
            # The select's value now, not the event's: a change posted while the
            # screen set up may arrive after the count was chosen.
            await self._seats_chosen(int(event.select.value))
        elif event.select.id == "variant":
            self._show_variant_help()
        elif event.select.id and event.select.id.startswith("kind-"):
            rows = list(self.query(SeatRow))
            for row, name in zip(rows, default_names([row.kind for row in rows])):
                row.rename_if_default(name)

    def _remembered_for(self, game_id: str) -> last_setup.LastSetup | None:
        """The last setup if it was of this game and still fits it."""
        setup = self.remembered
        if setup is None or setup.game != game_id:
            return None
        low, high = self.games[game_id].seats
        offered = {kind for _, kind in kind_choices(game_id)}
        if not low <= len(setup.kinds) <= high or not set(setup.kinds) <= offered:
            return None
        return setup

    async def _game_chosen(self, game_id: str) -> None:
        low, high = self.games[game_id].seats
        remembered = self._remembered_for(game_id)
        rows = len(self.query(SeatRow))
        seats = self.query_one("#seats", Select)
        with seats.prevent(Select.Changed):
            seats.set_options(self._seat_counts(game_id))
            if rows:  # another game chosen: as many seats as before, where the game takes them
                seats.value = max(low, min(rows, high))
            else:
                seats.value = len(remembered.kinds) if remembered else max(low, min(2, high))
        await self._seats_chosen(int(seats.value))

    async def _seats_chosen(self, count: int) -> None:
        if self._rows_for == (self.game_id, count):
            return
        self._rows_for = (self.game_id, count)
        game = get_game(self.game_id)
        remembered = self._remembered_for(self.game_id)
        if remembered and len(remembered.kinds) != count:
            remembered = None
        field = self.query_one("#variant-field")
        await field.query("#variant").remove()
        field.display = bool(game.variants)
        if game.variants:
            ids = {v.id for v in game.variants}
            wanted = remembered.variant if remembered else None
            value = wanted if wanted in ids else game.default_variant(count)
            await field.mount(Dropdown([(v.title, v.id) for v in game.variants], value=value,
                                     allow_blank=False, id="variant"))
        self._show_variant_help()
        seats = [(row.typed_name, row.kind) for row in self.query(SeatRow)]
        if seats:  # another game or count: the seats keep the names typed and the kinds chosen
            names, kinds = self._carried(seats, count)
        elif remembered:
            names, kinds = list(remembered.names), list(remembered.kinds)
        else:
            kinds = [HUMAN] + [default_computer(self.game_id)] * (count - 1)
            names = default_names(kinds)
        rows = self.query_one("#seat-rows", Vertical)
        await rows.remove_children()
        await rows.mount_all(
            SeatRow(index, self.game_id, name, kind) for index, (name, kind) in enumerate(zip(names, kinds))
        )

    def _carried(self, seats: list[tuple[str | None, str]], count: int) -> tuple[list[str], list[str]]:
        """The names and kinds of ``count`` seats from the rows on show (typed name or
        None, kind): a kind the game does not offer becomes its default computer
        player, new seats are computer seats, and default names are counted again."""
        offered = {kind for _, kind in kind_choices(self.game_id)}
        computer = default_computer(self.game_id)
        seats = seats[:count] + [(None, computer)] * (count - len(seats))
        kinds = [kind if kind in offered else computer for _, kind in seats]
        names = [typed or default for (typed, _), default in zip(seats, default_names(kinds))]
        return names, kinds

    @property
    def variant(self) -> str | None:
        chosen = self.query("#variant").first(Select) if self.query("#variant") else None
        return None if chosen is None else str(chosen.value)

    def _show_variant_help(self) -> None:
        game = get_game(self.game_id)
        text = next((v.description for v in game.variants if v.id == self.variant), "")
        self.query_one("#variant-help", Label).update(text)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def action_start(self) -> None:
        if not self.game_id:
            return
        seats = [row.seat() for row in self.query(SeatRow)]
        variant = self.variant
        options = {} if variant is None else {"variant": variant}
        try:
            table = Table.create(self.game_id, seats, options)
        except ValueError as err:
            self.notify(str(err), severity="error", markup=False)
            return
        last_setup.remember_table(table)
        self.app.pop_screen()
        self.app.open_table(table)

    def action_back(self) -> None:
        self.app.pop_screen()
