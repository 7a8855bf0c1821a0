"""The terminal's cursor shown, where the app puts it on the thing in focus
(widgets/terminal_cursor.py), for screen readers and magnifiers that follow it.

Textual's terminal driver hides the cursor when it starts; this one shows it
again after, unless ``RIVER_TUI_CURSOR=hidden`` (then Textual's own is used)."""

from __future__ import annotations

from textual.drivers.linux_driver import LinuxDriver

SHOW_CURSOR = "\x1b[?25h"


class ShownCursorDriver(LinuxDriver):
    """Textual's driver for Linux and macOS terminals, with the cursor shown."""

    def start_application_mode(self) -> None:
        super().start_application_mode()
        self.write(SHOW_CURSOR)
