"""The chat pane of a table on a server: its lines, each with the writer's name in
their seat's colour (watchers' marked as such, whispers as whispers).

The pane shows the lines the table kept when it opens (as many as this seat may
see) and each new one as it comes. When it is hidden (``C``), a new line from
someone else comes up as a brief notice instead. A seated player may hide the
watchers' lines (``W``). Lines are `Text`, never markup: "[b]" stays "[b]".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual import events
from textual.reactive import reactive
from textual.widgets import RichLog

if TYPE_CHECKING:
    from ..net.chat import ChatLine, ChatWindow

WATCHER = Style(dim=True)
WHISPER = Style(italic=True)
WHEN = Style(dim=True)
NOTICE_SECONDS = 6
AGES_CHECKED = 60.0
"""Seconds between two redraws of the lines' ages ("4 min ago")."""


def ago(seconds: float) -> str:
    """How long ago a line was written, as the pane says it: "now", "4 min", "3 h", "2 d"."""
    if seconds < 60:
        return "now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min"
    if seconds < 48 * 3600:
        return f"{int(seconds // 3600)} h"
    return f"{int(seconds // 86400)} d"


class ChatPane(RichLog):
    """A table's chat as one window sees it (``chat``); ``seat_style`` colours a
    seat's name (None: a watcher's)."""

    DEFAULT_CSS = """
    ChatPane {
        height: 8;
        width: 1fr;
        border-top: solid $panel-lighten-2;
        border-left: vkey $panel-lighten-2;
        background: $surface;
    }
    """

    hide_watchers: reactive[bool] = reactive(False, init=False)
    """Whether the watchers' lines are left out (a seated player's choice)."""

    def __init__(self, chat: ChatWindow, seat_style: Callable[[int | None], Style], **kwargs) -> None:
        super().__init__(wrap=True, markup=False, max_lines=500, min_width=20, **kwargs)
        self.chat = chat
        self.seat_style = seat_style
        self.can_focus = False  # the board keeps the keys; the pane scrolls with the wheel
        self.border_title = "Chat (c)"
        self._wrapped_at = 0
        """The width the lines shown were wrapped at (0: not shown yet)."""

    def on_mount(self) -> None:
        self._show_kept()
        self.chat.listen(self._heard)
        self.set_interval(AGES_CHECKED, self._show_kept)  # "now" becomes "1 min", ...

    def on_unmount(self) -> None:
        self.chat.stop(self._heard)

    def watch_hide_watchers(self) -> None:
        self._show_kept()

    def on_resize(self, event: events.Resize) -> None:
        """A line is wrapped when it is written: at a new width (the log hidden with
        L, a resized terminal) the lines are written again."""
        if self._wrapped_at and event.size.width != self._wrapped_at:
            self._show_kept()
        self._wrapped_at = event.size.width

    def _show_kept(self) -> None:
        self.clear()
        for line in self.chat.history():
            if self._shows(line):
                self.write(self.line_text(line))

    def _shows(self, line: ChatLine) -> bool:
        return not (self.hide_watchers and line.seat is None)

    def _heard(self, line: ChatLine) -> None:
        if not self._shows(line):
            return
        self.write(self.line_text(line))
        if not self.display and not self.chat.wrote(line):  # a notice comes as the line is written: no time
            self.notify(self._said(line).plain, title="Chat", timeout=NOTICE_SECONDS, markup=False)

    def line_text(self, line: ChatLine) -> Text:
        """"4 min ann: words", "now visitor (watching): words", "1 h ann whispers: words",
        "2 d bob whispers to ann: words": each line after how long ago it was written."""
        when = Text("" if line.at is None else f"{ago(self.chat.now() - line.at)} ", style=WHEN)
        return when + self._said(line)

    def _said(self, line: ChatLine) -> Text:
        if line.seat is None and not self.chat.watchers_marked:  # the lobby: nobody is seated there
            return Text.assemble((line.sender, Style(bold=True)), ": ", line.text)
        if line.seat is None:
            return Text.assemble((line.sender, WATCHER + Style(bold=True)), (" (watching): ", WATCHER), (line.text, WATCHER))
        name = (line.sender, self.seat_style(line.seat))
        if line.to is None:
            return Text.assemble(name, ": ", line.text)
        if line.to == self.chat.seat and line.seat != self.chat.seat:
            return Text.assemble(name, (" whispers: ", WHISPER), (line.text, WHISPER))
        target = (self.chat.name(line.to), self.seat_style(line.to))
        return Text.assemble((f"{line.sender} whispers to ", WHISPER), target, (": ", WHISPER), (line.text, WHISPER))
