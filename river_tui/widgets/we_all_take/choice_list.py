"""The list of what the viewing seat may do now, grouped under headings."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ..border_text import set_border_title
from ..scroll_range import ScrollRangeOnly
from .choices import Choice

WRAPPING = Console(width=200, color_system=None)
"""Measures the cells of a choice's words to wrap them (Rich's wrap asks a console)."""


def kind_of(choice: Choice) -> tuple[str, str]:
    """What a run of choices has in common: its heading and its first word
    ("Red camp on W4", "Harvest"); ←/→ jump from one run to the next."""
    words = choice.label.plain.split(maxsplit=1)
    return choice.group, words[0] if words else ""


def indented(label: Text, width: int) -> Text:
    """A choice under its heading, indented by two and wrapped to ``width`` with its
    wrapped lines indented too: on a narrow list a long choice takes three lines and
    must not read as the next one."""
    lines = label.wrap(WRAPPING, max(width - 2, 8)) if width > 0 else [label]
    return Text("\n").join(Text("  ").append_text(line) for line in lines)


class ChoiceList(ScrollRangeOnly, OptionList):
    """Choices under their headings; highlighting one tells the map what it touches,
    Enter picks it; ←/→ jump to the previous or next kind of choice. Its height is the
    screen's: a new list of choices lays nothing out (`ScrollRangeOnly`)."""

    BINDINGS = [
        Binding("j", "cursor_down", "Down", id="choices_down", show=False),
        Binding("k", "cursor_up", "Up", id="choices_up", show=False),
        Binding("right", "kind(1)", "Next kind", id="choices_next_kind", show=False),
        Binding("left", "kind(-1)", "Previous kind", id="choices_previous_kind", show=False),
    ]

    DEFAULT_CSS = """
    ChoiceList {
        height: 1fr; min-height: 4; border: round $panel-lighten-2; border-title-color: $accent;
        scrollbar-gutter: stable;  /* a scrollbar that comes and goes would rewrap the choices under the lines counted */
        scrollbar-size-vertical: 1; padding: 0 0 0 1;  /* the words get the room at 80 columns */
    }
    ChoiceList:focus { border: round $accent; }
    """

    class Pointed(Message):
        """A choice is highlighted (``None``: the list is empty)."""

        def __init__(self, choice: Choice | None) -> None:
            super().__init__()
            self.choice = choice

    class Picked(Message):
        """A choice was picked with Enter or a click."""

        def __init__(self, choice: Choice) -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.choices: list[Choice] = []
        self._wrapped_to = 0  # the width the options were wrapped to
        self._titles = ("What you may do", "What you may do")  # whole, and short for a narrow list

    def on_mount(self) -> None:
        self._fit_title()

    def _fit_title(self) -> None:
        """The whole title ("Ann: what you may do") where it fits on the border, else
        the short one (the status line above names who acts): never one cut short."""
        title, short = self._titles
        room = self.size.width - 4  # the corners and a space each side
        set_border_title(self, Content(title if not self.size.width or cell_len(title) <= room else short))  # plain: a name

    def show(self, choices: list[Choice], title: str, short_title: str) -> None:
        """Replace the list; keep the highlight on the same action when it is still
        there, else where it stood (the list does not jump back to its top). A list
        under another title (your turn after waiting, the next player's) starts at
        its top. The same choices under the same title (a seat waiting while others
        move) change nothing: no redraw, no layout."""
        if choices == self.choices and (title, short_title) == self._titles:
            return
        same_list = self._titles[0] == title
        kept = self.current() if same_list else None
        kept_at = self.choices.index(kept) if kept in self.choices else 0
        self._titles = (title, short_title)
        self._fit_title()
        self.choices = choices
        self._list_options()
        same = [i for i, c in enumerate(choices) if kept is not None and c.action == kept.action]
        self.point_at(same[0] if same else min(kept_at, max(len(choices) - 1, 0)))

    def _list_options(self) -> None:
        """The options for the choices, wrapped to the list's width as it is now."""
        self._wrapped_to = width = self.scrollable_content_region.width
        options: list[Option] = []
        group = None
        for index, choice in enumerate(self.choices):
            if choice.group != group:
                group = choice.group
                options.append(Option(Text(group, style="bold underline"), disabled=True))
            options.append(Option(indented(choice.label, width), id=str(index)))
        self.set_options(options)

    def on_resize(self) -> None:
        """The choices are wrapped again to a new width; as the list grows or shrinks
        with the panels above it, the highlighted choice stays in view (OptionList
        scrolls to it only when it changes)."""
        self._fit_title()
        if self.scrollable_content_region.width != self._wrapped_to:
            highlighted = self.highlighted
            self._list_options()
            self.highlighted = highlighted
        self.call_after_refresh(self.scroll_to_highlight)

    def current(self) -> Choice | None:
        option = self.highlighted_option
        return self.choices[int(option.id)] if option is not None and option.id is not None else None

    def point_at(self, index: int) -> None:
        """Highlight choice ``index`` (an index into ``choices``)."""
        if not self.choices:
            self.highlighted = None
            self.post_message(self.Pointed(None))
            return
        self.highlighted = self.get_option_index(str(index))

    def action_kind(self, direction: int) -> None:
        """Highlight the first choice of the next (or previous) kind, round the list."""
        current = self.current()
        if current is None:
            return
        at = self.choices.index(current)
        starts = [i for i, c in enumerate(self.choices) if i == 0 or kind_of(c) != kind_of(self.choices[i - 1])]
        mine = max(i for i in starts if i <= at)
        where = starts.index(mine)
        if direction < 0 and at != mine:
            self.point_at(mine)  # back to the start of this run first
            return
        self.point_at(starts[(where + direction) % len(starts)])

    def next_touching(self, tile: int, after: Choice | None = None) -> int | None:
        """The first choice that touches ``tile`` after ``after`` (round the list), or the
        first of all when ``after`` is None."""
        start = self.choices.index(after) + 1 if after in self.choices else 0
        order = list(range(start, len(self.choices))) + list(range(start))
        return next((i for i in order if tile in self.choices[i].tiles), None)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        choice = self._listed(event)
        if choice is not None:
            self.post_message(self.Pointed(choice))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = self._listed(event)
        if choice is not None:
            self.post_message(self.Picked(choice))

    def _listed(self, event: OptionList.OptionMessage) -> Choice | None:
        """The choice ``event``'s option stands for; None for a heading, or for an
        option the list no longer shows: the event waited in the queue while the list
        was shown anew (another seat moved), and its number now means another choice,
        or none (an index past the end had closed the session)."""
        option, index = event.option, event.option_index
        if option.id is None or index >= self.option_count or self.get_option_at_index(index) is not option:
            return None
        return self.choices[int(option.id)]
