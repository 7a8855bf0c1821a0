"""What happened since a seat last acted, over the middle of its game screen: shown
when its turn comes after others moved (and after every handover); any key or click
puts it away (the app's own priority keys still act), and the game screen's "Recap"
key brings it back.

It is a box on the game screen's top layer, not a screen of its own: a screen pushed
and popped at nearly every turn made every seat's terminal redraw whole twice
(bench/ssh_redraw_cost.py: a third of what a server wrote per move), where the box
redraws only the lines it covers.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..safe_text import plain


class SinceLastTurn(Static):
    """The summary of the others' moves since a seat last acted (lines from
    `Table.recent`, grouped under the game's headings). Hidden until told."""

    DEFAULT_CSS = """
    SinceLastTurn {
        layer: recap; display: none;
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        padding: 0 1; border: round $accent; background: $surface;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(markup=False, **kwargs)

    @property
    def shown(self) -> bool:
        """Whether the summary is on show."""
        return self.display

    def tell(self, seat_name: str, lines: tuple[str, ...]) -> None:
        """Show what happened since ``seat_name``'s last turn."""
        text = Text(f"Since {plain(seat_name, 40)}'s last turn\n", style="bold")
        for line in lines:
            heading, _, rest = plain(line).partition(": ")
            text.append("\n")
            text.append(f"{heading}: ", style="bold")
            text.append(rest)
        text.append("\n\nAny key to go on.", style="italic")
        self.update(text)
        if not self.display:  # Textual lays the screen out again on every set, the same or not
            self.display = True

    def on_click(self) -> None:
        """A click on the box (one the app did not take first) puts it away too."""
        self.put_away()

    def put_away(self) -> bool:
        """Hide the summary; whether it was on show."""
        shown = self.display
        if shown:
            self.display = False
        return shown
