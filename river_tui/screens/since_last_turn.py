"""What happened since a seat last acted, shown when its turn comes after others
moved (and after every handover); any key puts it away, and the game screen's
"Recap" key brings it back."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static

from ..safe_text import plain


class SinceLastTurnScreen(ModalScreen[None]):
    """The summary of the others' moves since ``seat_name`` last acted (lines from
    `Table.recent`, grouped under the game's headings)."""

    DEFAULT_CSS = """
    SinceLastTurnScreen { background: $background 60%; align: center middle; }
    SinceLastTurnScreen #since {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        padding: 0 1; border: round $accent; background: $surface;
    }
    """

    def __init__(self, seat_name: str, lines: tuple[str, ...]) -> None:
        super().__init__()
        self.seat_name = seat_name
        self.lines = lines

    def compose(self) -> ComposeResult:
        text = Text(f"Since {plain(self.seat_name, 40)}'s last turn\n", style="bold")
        for line in self.lines:
            heading, _, rest = plain(line).partition(": ")
            text.append("\n")
            text.append(f"{heading}: ", style="bold")
            text.append(rest)
        text.append("\n\nAny key to go on.", style="italic")
        with Middle(), Center():
            yield Static(text, id="since", markup=False)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()  # the key only puts the summary away: it plays nothing
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)
