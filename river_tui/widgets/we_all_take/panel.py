"""The bordered text panels beside the map: they redraw only when their lines change,
and lay the screen out again only when their height may have changed (never while
hidden: showing them lays them out)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.widgets import Static


class Panel(Static):
    """A titled panel of text lines."""

    DEFAULT_CSS = """
    Panel { height: auto; padding: 0 1; border: round $panel-lighten-2; border-title-color: $accent; }
    """

    TITLE = ""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._lines: list[Text] = []

    def on_mount(self) -> None:
        self.border_title = self.TITLE

    def show_lines(self, lines: list[Text]) -> None:
        """Show ``lines``; nothing happens if they are the ones shown already."""
        if lines == self._lines:
            return
        height = self._height(lines)
        # A panel not shown (on a small terminal, until "i") has no width: it is laid out when shown.
        relayout = height is not None and height != self._height(self._lines)
        self._lines = lines
        self.update(Group(*lines), layout=relayout)

    def height_shown(self) -> int | None:
        """The panel's height with its border, as its lines ask (0 while hidden; None
        before it is laid out)."""
        if not self.display:
            return 0
        height = self._height(self._lines)
        return None if height is None else height + self.styles.gutter.height

    def _height(self, lines: list[Text]) -> int | None:
        """The number of lines ``lines`` take at the panel's width, wrapped as they are
        drawn (None: not laid out yet)."""
        width = self.content_size.width
        if not width:
            return None
        return sum(1 if line.cell_len <= width and "\n" not in line.plain else len(line.wrap(self.app.console, width))
                   for line in lines)  # fmt: skip
