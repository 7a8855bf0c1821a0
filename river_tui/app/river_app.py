"""The Textual app: registers screens, themes and the keymap; opens tables."""

from __future__ import annotations

import os
import sys
import time
from typing import NamedTuple
from pathlib import Path
from typing import TYPE_CHECKING

from rich.color import ColorSystem
from textual import events
from textual.app import App
from textual.await_complete import AwaitComplete
from textual.content import Content
from textual.filter import LineFilter, Monochrome, NoColor
from textual.geometry import Size
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList

from .control_filter import DROP_CONTROLS
from .filter_chain import chained
from .keymap import load_keymap
from ..safe_text import plain
from ..screens.menu import MenuScreen
from ..screens.registry import has_screen, screen_class
from ..screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from .colour_depth import DEPTH_FILTERS, SYSTEMS
from .readable_greys import ReadableGreys
from .readable_inks import readable_inks
from .terminal_colours import local_no_colour
from .themes import THEME_CYCLE, THEME_WORDS, THEMES
from .. import patches
from ..widgets.key_bindings import bound_to
from ..widgets.palette import LightInks
from ..widgets.terminal_cursor import cursor_shown, follow

if TYPE_CHECKING:
    from textual.widgets import DataTable

    from ..play.table import Table

MESSAGE_LIMIT = 400
"""The longest notification, in characters (a message may quote a whole file name)."""
MOST_TOASTS = 4
"""Notifications on show at once (the oldest goes when a fifth comes)."""
TERMINAL_CHECK = 2.0
"""Seconds between two looks at whether the app's terminal is still there."""
RECAP_ONLY_KEYS = frozenset({"enter", "space", "escape"})
"""The keys that only put the "since your last turn" box away (every other key also acts)."""
LIGHT_INKS = LightInks()


class Notice(NamedTuple):
    """A toast on show: its words, when it goes, how it was asked for, and the screen
    it was said on (the top one but for boxes over it: help, an offer, a handover)."""

    message: str
    title: str
    until: float
    options: dict
    screen: Screen | None = None
    for_now: bool = False


GREYS, WITHOUT_ANSI_COLOUR = ReadableGreys(), NoColor()
"""How the app draws without colour: readable greys, or for an ANSI theme the
terminal's own colours (as Textual does for NO_COLOR)."""


class RiverApp(App[None]):
    """River TUI. Opens the menu, or straight into ``table`` when one is given."""

    TITLE = "River TUI"
    CSS_PATH = Path(__file__).with_name("app.tcss")
    BINDINGS = [Binding("ctrl+t", "cycle_theme", "Theme", id="cycle_theme", show=False)]
    BINDING_PACKAGES: tuple[str, ...] = ("river_tui.app.river_app", "river_tui.screens", "river_tui.widgets")
    """Where this app's bindings are, for the keymap to check its entries against."""

    def __init__(
        self, table: Table | None = None, *, bot_delay: float = 0.3, no_color: bool | None = None, **kwargs
    ) -> None:
        """``no_color``: draw without colour (None: as this process's terminal asks,
        by NO_COLOR or a TERM without colours; an SSH session's driver sets it)."""
        patches.install()
        if "driver_class" not in kwargs and cursor_shown() and sys.platform != "win32":
            from .shown_cursor import ShownCursorDriver  # (Linux and macOS: it needs termios)

            kwargs["driver_class"] = ShownCursorDriver  # an SSH session's app gets its session's driver instead
        super().__init__(**kwargs)
        self.no_color = local_no_colour() if no_color is None else no_color
        self.start_table = table
        self.bot_delay = bot_delay
        for theme in THEMES:
            self.register_theme(theme)
        # The stylesheet took its variables from Textual's own look of that name when the
        # app was made: the first look drawn must be the readable one too.
        self.stylesheet.set_variables(self.get_css_variables())
        self.keymap_entries: dict[str, str] = {}
        """The player's keymap as Textual was given it (binding id -> keys)."""
        self.notices_on_show: list[Notice] = []
        """The toasts on show as this app put them up, oldest first."""

    # --- the terminal's cursor on the thing in focus (widgets/terminal_cursor.py) ---------------
    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        follow(event.widget)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        follow(event.option_list)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        follow(event.data_table)

    def format_title(self, title: str, sub_title: str) -> Content:
        """Title and subtitle as Textual joins them, but not dimmed: a dimmed subtitle
        does not read on the light look's header (4.4:1)."""
        return Content.assemble(title, " — ", sub_title) if sub_title else Content(title)

    def notify(self, message: str, *, title: str = "", for_now: bool = False, **kwargs) -> None:
        """A notification, without control characters: messages name files and players.
        The same words again replace the toast on show (a key pressed ten times where it
        is not allowed), and at most ``MOST_TOASTS`` stand at once: a pile of toasts
        taller than the screen left pieces of itself on the terminal when it went.
        ``for_now``: it tells what may be done at this moment, and goes with it
        (`forget_notices_for_now`)."""
        message, title = plain(message, MESSAGE_LIMIT), plain(title, MESSAGE_LIMIT)
        now = time.monotonic()
        shown = [notice for notice in self.notices_on_show if notice.until > now]
        kept = [notice for notice in shown if (notice.message, notice.title) != (message, title)]
        self._keep_notices(kept[max(len(kept) - (MOST_TOASTS - 1), 0) :], now)
        timeout = kwargs.get("timeout") or self.NOTIFICATION_TIMEOUT
        said_on = next((screen for screen in reversed(self.screen_stack) if not screen.is_modal), None)
        self.notices_on_show.append(Notice(message, title, now + timeout, kwargs, said_on, for_now))
        super().notify(message, title=title, **kwargs)

    def _keep_notices(self, kept: list[Notice], now: float) -> None:
        """Only ``kept`` of the notices on show stay (Textual takes toasts away all at
        once: the kept ones come back, for the time they had left)."""
        shown = [notice for notice in self.notices_on_show if notice.until > now]
        if len(kept) < len(shown):
            super().clear_notifications()
            for notice in kept:
                super().notify(notice.message, title=notice.title, **{**notice.options, "timeout": notice.until - now})
        self.notices_on_show = list(kept)

    def _forget_notices_of_gone_screens(self) -> None:
        """A notice never outlives the screen it was said on: "No seat may move now."
        left with its game, not standing over the menu (also a refusal over the scores
        or the lobby, a hint over the next game)."""
        now, stack = time.monotonic(), self.screen_stack
        shown = [notice for notice in self.notices_on_show if notice.until > now]
        self._keep_notices([notice for notice in shown if notice.screen is None or notice.screen in stack], now)

    def forget_notices_for_now(self) -> None:
        """What may be done changed: the notices that told what could be done a moment
        ago go ("Nothing you may do now is on the map" after the colour was chosen and
        the map held the camp's places)."""
        now = time.monotonic()
        shown = [notice for notice in self.notices_on_show if notice.until > now]
        self._keep_notices([notice for notice in shown if not notice.for_now], now)

    def pop_screen(self) -> AwaitComplete:
        done = super().pop_screen()
        self._forget_notices_of_gone_screens()
        return done

    def switch_screen(self, screen: Screen | str) -> AwaitComplete:
        done = super().switch_screen(screen)
        self._forget_notices_of_gone_screens()
        return done

    def clear_notifications(self) -> None:
        self.notices_on_show = []
        super().clear_notifications()

    def get_line_filters(self) -> list[LineFilter]:
        """`filters_in_order`, applied as one (see filter_chain)."""
        return chained(self.filters_in_order())

    def filters_in_order(self) -> list[LineFilter]:
        """Textual's filters; the light look's inks; colour taken away as ``no_color``
        says now (Textual decides once, from this process's NO_COLOR alone, and draws
        its greys by luminance alone: a dark letter on a dark board vanished); then the
        colours brought down to the terminal's depth (see colour_depth), and every ink
        that does not read on its background there moved until it does (readable_inks)."""
        filters = [f for f in super().get_line_filters() if not isinstance(f, (Monochrome, NoColor))]
        filters.append(DROP_CONTROLS)
        if not self.current_theme.dark:
            filters.append(LIGHT_INKS)  # the games' colours in their inks for a light background
        if self.no_color:
            filters.append(WITHOUT_ANSI_COLOUR if self.native_ansi_color else GREYS)
        depth = DEPTH_FILTERS.get(self.console.color_system or "")
        if depth is not None:
            filters.append(depth)
        if not self.no_color:
            system = SYSTEMS.get(self.console.color_system or "", ColorSystem.TRUECOLOR)
            filters.append(readable_inks(system, self.ansi_theme))
        return filters

    def get_default_screen(self) -> MenuScreen:
        return MenuScreen()

    def on_mount(self) -> None:
        keymap, problem = load_keymap(self.BINDING_PACKAGES)
        if keymap:
            self.keymap_entries = keymap
            self.set_keymap(keymap)
        if problem:
            self.notify(problem, severity="warning", markup=False)
        if self.start_table is not None:
            self.open_table(self.start_table)
        self._check_size()
        self._watch_terminal()

    def _watch_terminal(self) -> None:
        """End the app when its terminal goes away (its window closed, the connection to
        it lost, tmux's server killed) and no hangup signal ends it: Textual then reads
        nothing from the terminal, again and again, forever, a core busy and the game's
        save locked against the next River TUI. (Every move is saved as it is made.)"""
        if self.is_headless:
            return
        try:
            terminal = sys.__stdin__.fileno()
        except (AttributeError, ValueError, OSError):
            return
        if os.isatty(terminal):
            self.set_interval(TERMINAL_CHECK, lambda: None if os.isatty(terminal) else self.exit())

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.MouseDown, events.MouseUp)) and not event.is_forwarded:
            if self._recap_takes(event):
                return
        await super().on_event(event)

    def _recap_takes(self, event: events.Key | events.MouseDown | events.MouseUp) -> bool:
        """While a game screen shows what happened since your last turn, a key puts it
        away and then does what it does (an arrow moves the cursor at once), but for
        the keys that only put it away: Enter and Space (the box came as the turn
        began: an Enter meant for what was there a moment before must not choose), Esc
        and the key that shows it. A click only puts it away (its press is let go of
        too, so it clicks nothing). The keys that scroll a summary taller than its room
        (↑↓, PgUp/PgDn, Home/End) scroll it; the app's own priority keys (quit) act."""
        stack = self.screen_stack
        # A game screen's, known by what it has (importing them all would slow the menu's start).
        if not stack or not getattr(stack[-1], "recap_shown", False):
            return False
        if isinstance(event, events.Key) and any(b.priority for b in bound_to(self, event.key, self.keymap_entries)):
            return False
        if isinstance(event, events.Key) and stack[-1].since.scroll(event.key):
            return True
        if isinstance(event, events.MouseDown):
            return True
        stack[-1].put_away_recap()
        return isinstance(event, events.MouseUp) or event.key in RECAP_ONLY_KEYS or any(
            b.action == "since_last_turn" for b in bound_to(stack[-1], event.key, self.keymap_entries))

    def _check_size(self, size: Size | None = None) -> None:
        size = size or self.size
        small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif showing and not small:
            self.pop_screen()

    def open_table(self, table: Table) -> None:
        """Show a table's own game screen for the human seats at this keyboard."""
        if not has_screen(table.game.id):
            self.notify(f"{table.game.title} has no screen yet.", severity="error")
            return
        self.push_screen(screen_class(table.game.id)(table))

    def open_save(self, path: Path) -> None:
        from ..saves.format import SaveError
        from ..play.table import Table

        try:
            table = Table.load(path)
        except SaveError as err:
            self.notify(str(err), title="Cannot open this save", severity="error", markup=False)
            return
        self.return_to_menu()
        self.open_table(table)

    def continue_latest(self) -> None:
        """Open the game played last; a save that will not open is passed over, saying why."""
        from ..play.table import resume_latest

        table, skipped = resume_latest()
        if table is None and not skipped:
            self.notify("There is no saved game to continue yet.", severity="warning")
            return
        if skipped:
            self.notify(skipped, title="Passed over", severity="warning", markup=False)
        if table is not None:
            self.return_to_menu()
            self.open_table(table)

    def return_to_menu(self) -> None:
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()

    def action_cycle_theme(self) -> None:
        index = THEME_CYCLE.index(self.theme) if self.theme in THEME_CYCLE else -1
        self.theme = THEME_CYCLE[(index + 1) % len(THEME_CYCLE)]
        self.notify(f"The {THEME_WORDS[self.theme]} look.")
