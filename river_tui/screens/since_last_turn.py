"""What happened since a seat last acted, shown when its turn comes after others
moved (and after every handover); any key puts it away, and the game screen's
"Recap" key brings it back."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static

from ..safe_text import plain


class SinceLastTurnScreen(ModalScreen[None]):
    """The summary of the others' moves since a seat last acted (lines from
    `Table.recent`, grouped under the game's headings).

    An app has one, kept once shown (`show`): a summary comes at nearly every turn,
    and building and mounting the screen afresh each time cost a server's loop
    three layouts and frames of the whole screen for each (bench/ssh_redraw_cost.py).
    """

    NAME = "since-last-turn"
    """The name an app keeps its summary screen under."""

    DEFAULT_CSS = """
    SinceLastTurnScreen { background: $background 60%; align: center middle; }
    SinceLastTurnScreen #since {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        padding: 0 1; border: round $accent; background: $surface;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._text = Text()

    @classmethod
    def show(cls, app: App[object], seat_name: str, lines: tuple[str, ...]) -> None:
        """Show ``app``'s summary screen, saying what happened since ``seat_name``'s last turn."""
        if not app.is_screen_installed(cls.NAME):
            app.install_screen(cls(), cls.NAME)
        screen = app.get_screen(cls.NAME)
        assert isinstance(screen, cls)
        screen.tell(seat_name, lines)
        if screen not in app.screen_stack:
            app.push_screen(screen)

    def tell(self, seat_name: str, lines: tuple[str, ...]) -> None:
        """Say what happened since ``seat_name``'s last turn."""
        text = Text(f"Since {plain(seat_name, 40)}'s last turn\n", style="bold")
        for line in lines:
            heading, _, rest = plain(line).partition(": ")
            text.append("\n")
            text.append(f"{heading}: ", style="bold")
            text.append(rest)
        text.append("\n\nAny key to go on.", style="italic")
        self._text = text
        if self.is_mounted:
            self.query_one("#since", Static).update(text)

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self._text, id="since", markup=False)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()  # the key only puts the summary away: it plays nothing
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)
