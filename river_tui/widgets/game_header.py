"""The header of a game screen: the game's name and where the game stands, or only
where it stands when both would not fit ("We All Take from the River — Season 10
of 10, turn 5 (the est…" at 80 columns): the part that changes is never cut."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Header

from ..patches import steady_header


class GameHeader(Header):
    """Textual's header, leaving the title out where title and subtitle do not fit."""

    def compose(self) -> ComposeResult:
        yield from steady_header(super().compose())

    def format_title(self) -> Content:
        whole = super().format_title()
        room = self.query_one("HeaderTitle").size.width if self.is_mounted else 0
        if not room or whole.cell_length <= room or not self.screen_sub_title:
            return whole
        return Content(self.screen_sub_title)

    def on_resize(self) -> None:
        self.call_after_refresh(lambda: self.query_one("HeaderTitle").update(self.format_title()))
