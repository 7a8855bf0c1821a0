"""The new-game screen: game, seats, names, human or computer, variant."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Select

from ..rules.bots import LEVELS, bot_catalogue
from ..rules.registry import available, get_game
from ..table import HUMAN, Seat, Table
from .registry import has_screen


def kind_choices(game_id: str) -> list[tuple[str, str]]:
    """Human, the difficulty levels, the game's other bots, random last; "greedy"
    is offered as "easy", the same player."""
    bots = bot_catalogue(get_game(game_id))
    hidden = {"random", *LEVELS} | ({"greedy"} if "easy" in bots else set())
    shown = [name for name in LEVELS if name in bots] + [name for name in sorted(bots) if name not in hidden]
    return [("Human", HUMAN)] + [(f"Computer ({name})", name) for name in shown] + [
        ("Computer (random)", "random")
    ]


class SeatRow(Horizontal):
    """One seat: its name and whether a person or the computer plays it."""

    DEFAULT_CSS = """
    SeatRow { height: 3; }
    SeatRow Label { width: 12; padding: 1 0; }
    SeatRow Input { width: 1fr; }
    SeatRow Select { width: 28; }
    """

    def __init__(self, index: int, game_id: str) -> None:
        super().__init__(classes="seat-row")
        self.index = index
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        kinds = kind_choices(self.game_id)
        default = HUMAN if self.index == 0 else (kinds[1][1] if len(kinds) > 1 else HUMAN)
        name = "Player 1" if self.index == 0 else f"Computer {self.index}"
        yield Label(f"Seat {self.index + 1}")
        yield Input(value=name, placeholder=f"Seat {self.index + 1} name", id=f"name-{self.index}")
        yield Select(kinds, value=default, allow_blank=False, id=f"kind-{self.index}")

    def seat(self) -> Seat:
        name = self.query_one(Input).value.strip() or f"Seat {self.index + 1}"
        return Seat(name, str(self.query_one(Select).value))


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
    SetupScreen #variant-help { color: $text-muted; height: auto; padding: 0 0 1 12; }
    SetupScreen #start { margin: 1 0; }
    """

    def compose(self) -> ComposeResult:
        games = [entry for entry in available() if has_screen(entry.id)]
        self.games = {entry.id: entry for entry in games}
        yield Header()
        with VerticalScroll():
            with Horizontal(classes="field"):
                yield Label("Game")
                yield Select([(e.title, e.id) for e in games], value=games[0].id if games else Select.NULL,
                             allow_blank=not games, id="game")
            with Horizontal(classes="field"):
                yield Label("Seats")
                yield Select([], id="seats", allow_blank=True)
            with Horizontal(classes="field", id="variant-field"):
                yield Label("Variant")
                yield Select([], id="variant", allow_blank=True)
            yield Label("", id="variant-help")
            yield Vertical(id="seat-rows")
            yield Button("Start the game", variant="primary", id="start")
        yield Footer()

    _rows_for: tuple[str | None, int] = (None, 0)

    async def on_mount(self) -> None:
        self.title = "New game"
        if self.games:
            await self._game_chosen(next(iter(self.games)))
        else:
            self.notify("No games are installed.", severity="error")

    @property
    def game_id(self) -> str | None:
        value = self.query_one("#game", Select).value
        return None if value is Select.NULL else str(value)

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game" and self.game_id:
            await self._game_chosen(self.game_id)
        elif event.select.id == "seats" and event.value is not Select.NULL:
            await self._seats_chosen(int(event.value))
        elif event.select.id == "variant":
            self._show_variant_help()

    async def _game_chosen(self, game_id: str) -> None:
        entry = self.games[game_id]
        low, high = entry.seats
        seats = self.query_one("#seats", Select)
        with seats.prevent(Select.Changed):
            seats.set_options([(str(n), n) for n in range(low, high + 1)])
            seats.value = max(low, min(2, high))
        await self._seats_chosen(int(seats.value))

    async def _seats_chosen(self, count: int) -> None:
        if self._rows_for == (self.game_id, count):
            return
        self._rows_for = (self.game_id, count)
        game = get_game(self.game_id)
        variant = self.query_one("#variant", Select)
        variant.set_options([(v.title, v.id) for v in game.variants])
        self.query_one("#variant-field").display = bool(game.variants)
        if game.variants:
            variant.value = game.default_variant(count)
        self._show_variant_help()
        rows = self.query_one("#seat-rows", Vertical)
        await rows.remove_children()
        await rows.mount_all(SeatRow(index, self.game_id) for index in range(count))

    def _show_variant_help(self) -> None:
        game = get_game(self.game_id)
        value = self.query_one("#variant", Select).value
        text = next((v.description for v in game.variants if v.id == value), "")
        self.query_one("#variant-help", Label).update(text)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def action_start(self) -> None:
        if not self.game_id:
            return
        seats = [row.seat() for row in self.query(SeatRow)]
        variant = self.query_one("#variant", Select).value
        options = {} if variant is Select.NULL else {"variant": variant}
        try:
            table = Table.create(self.game_id, seats, options)
        except ValueError as err:
            self.notify(str(err), severity="error", markup=False)
            return
        self.app.pop_screen()
        self.app.open_table(table)

    def action_back(self) -> None:
        self.app.pop_screen()
