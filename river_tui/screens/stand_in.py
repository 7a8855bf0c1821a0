"""At a server table: choose whose seat a computer plays while its player is
gone, and at which level (the seat goes back to its player when they return)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from .box_screen import BoxScreen


class StandInScreen(BoxScreen[tuple[int, str] | None]):
    """One choice per gone seat and computer level; Enter hands it over, Esc keeps waiting."""

    DEFAULT_CSS = """
    StandInScreen { background: $background 60%; align: center middle; }
    StandInScreen #stand-in { width: 60; max-width: 100%; height: auto; border: round $accent; background: $surface; }
    StandInScreen OptionList { height: auto; max-height: 12; }
    """

    BINDINGS = [Binding("escape", "cancel", "Keep waiting", id="stand_in_cancel")]

    def __init__(self, seats: list[tuple[int, str]], levels: list[str]) -> None:
        super().__init__()
        self.seats = seats
        self.levels = levels

    def compose(self) -> ComposeResult:
        options = [
            Option(Text(f"{name}: the {level} computer plays until {name} returns"), id=f"{seat}:{level}")
            for seat, name in self.seats
            for level in self.levels
        ]
        with Vertical(id="stand-in"):
            yield Static("Hand a gone player's seat to a computer", markup=False)
            yield OptionList(*options)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        seat, _, level = str(event.option.id).partition(":")
        self.dismiss((int(seat), level))

    def action_cancel(self) -> None:
        self.dismiss(None)
