"""What Flow's side says under the score track, and needs least: in the last rounds
what is still at stake, the animals' names, the key that lights up the territories. Beside an 80x24 board the side's rows run short when the preview
grows (a placement that closes territories and ends Lairs): then the notes least
needed are left out, whole, rather than the track's last line hidden."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.widget import Widget
from textual.widgets import Static


class TrackNotes(Static):
    """Notes in parts, the most needed first, given the rows the side leaves
    (``height: 1fr``): the first parts that fit whole are shown, the rest left out;
    never a part cut. With the class ``-all`` it takes the rows all of them need
    (where the log below takes what is left)."""

    DEFAULT_CSS = """
    TrackNotes {
        height: 1fr;
    }
    TrackNotes.-all {
        height: auto;
    }
    """

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("markup", False)
        super().__init__(*args, **kwargs)
        self.parts: tuple[Text, ...] = ()
        """Every note, the most needed first."""

    def show(self, parts: Sequence[Text]) -> None:
        """Say ``parts`` (each one or more lines, the most needed first), as many as fit."""
        self.parts = tuple(parts)
        self._fit()
        self.call_after_refresh(self._fit)  # once the side is laid out around the new words

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def take_all_rows(self, whole: bool) -> None:
        """``whole``: take the rows every note needs (a log below takes what is left);
        else the rows the side leaves, showing the notes that fit there."""
        self.set_class(whole, "-all")
        self._fit()

    def _room(self) -> int:
        """The rows given, inside the side: where none are left, Textual still gives a
        fraction a row, below the side's edge."""
        mine = self.content_region
        bottom = mine.bottom
        if isinstance(self.parent, Widget):
            bottom = min(bottom, self.parent.content_region.bottom)
        return max(0, bottom - mine.y)

    def _fit(self) -> None:
        if self.has_class("-all"):
            self.update(Text("\n").join(self.parts))
            return
        width, room = self.content_size.width, self._room()
        shown: list[Text] = []
        for part in self.parts:
            rows = len(part.wrap(self.app.console, width)) if width else room + 1
            if rows > room:
                break
            shown.append(part)
            room -= rows
        self.update(Text("\n").join(shown), layout=False)
