"""The list of what the viewing seat may do now, grouped under headings."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from itertools import groupby, zip_longest
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Region, Size, clamp
from textual.message import Message
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style
from textual.visual import visualize

from ..border_text import set_border_subtitle, set_border_title
from ..scroll_range import ScrollRangeOnly
from .choice_lines import drawn, words_of
from ...rules.we_all_take.actions import Done
from .choices import Choice, OpenTrade
from .drawn_scrollbar import DrawnScrollBar

if TYPE_CHECKING:
    from typing_extensions import Self

WRAPPING = Console(width=200, color_system=None)
"""Measures the cells of a choice's words to wrap them (Rich's wrap asks a console)."""


def kind_of(choice: Choice) -> tuple[str, str]:
    """What a run of choices has in common: its heading and its first word
    ("Red camp on W4", "Harvest"); ←/→ jump from one run to the next."""
    words = choice.label.plain.split(maxsplit=1)
    return choice.group, words[0] if words else ""


def indented(label: Text, width: int, mark: str = "  ") -> Text:
    """A choice under its heading, indented by two (its first line by ``mark``) and
    wrapped to ``width`` with its wrapped lines indented too: on a narrow list a long
    choice takes three lines and must not read as the next one."""
    lines = label.wrap(WRAPPING, max(width - 2, 8)) if width > 0 else [label]
    return Text("\n").join(Text(mark if n == 0 else "  ").append_text(line) for n, line in enumerate(lines))


def fitting(choice: Choice, width: int) -> Text:
    """A choice's words for a list ``width`` wide: its short words (`Choice.short`)
    where the whole ones would not fit on one line under their heading's indent (at
    80 columns the side is 25 wide); the list gives the choices of its kind the short
    words too (`ChoiceList._words_for`). A choice that explains a policy
    (`Choice.explains`) keeps its whole words on a wide list (120 columns)."""
    if choice.short is None or width <= 0 or choice.label.cell_len + 2 <= width or (choice.explains and width >= WIDE):
        return choice.label
    return choice.short


WIDE = 40
"""A list this wide (at 120 columns) has the room for a policy's whole words."""
HEADING, HIGHLIGHTED, HOVER = "choice-list--heading", "choice-list--highlighted", "choice-list--hover"
"""The looks of a row besides a plain choice's (``choice-list--choice``)."""
BORDER_ROOM = 6
"""Cells of a border's width its words may not take: Textual keeps the two corners and
a blank beside each, and draws the words between the ends of its edge line."""
PICKED, PICKED_MARK = "picked", "↵ "
"""The look of the highlighted choice once picked: highlighted, with ``PICKED_MARK``
in place of its indent (Enter does it)."""


def _next_after(gone: Choice | None, choices: list[Choice], spends: Callable[[Choice], bool]) -> int:
    """Where the highlight goes when its choice is gone (done, or no longer allowed),
    or on a new list: what the player most likely does next, and never a choice that
    spends something (``spends``) or ends a structure's actions (a move) while one
    that does neither is listed, so Enter twice without looking spends nothing and
    moves nothing away (after a camp's harvest: its boat's harvest, not the camp's
    move). First the choices of the same structure or step
    when it has more (a camp's next harvest, not its move nor "End these structures'
    actions"), then the list in order, which lists what a turn is about before
    trading and finishing (after proposing a policy: the vote); finishing the step and
    then the trade form come last (an Enter twice on the trade form opened it, to a
    newcomer's surprise). With nothing but spending choices: the first of them as
    that order has it."""
    def rank(at: int) -> tuple[bool, bool, bool, int]:
        choice = choices[at]
        same = gone is not None and choice.group == gone.group
        return (not same, isinstance(choice.action, (OpenTrade, Done)), isinstance(choice.action, OpenTrade), at)

    order = sorted(range(len(choices)), key=rank)
    return next((at for at in order if not choices[at].ends_actions and not spends(choices[at])), order[0])


class ChoiceList(DrawnScrollBar, ScrollRangeOnly, ScrollView, can_focus=True):
    """Choices under their headings; highlighting one tells the map what it touches;
    ←/→ jump to the previous or next kind of choice.

    One Enter rule: Enter does the *picked* choice, marked ↵. A choice is picked by
    the player's own keys (moving the highlight to it, or Enter on it); the highlight
    the list places itself (a new list after a move) is not, so a first Enter there
    only picks it, and a second does it: no Enter spends what the player has not seen
    highlighted with its outcome. A click picks and does at once. Its
    height is the screen's and its scrollbar is drawn in its own last column: a new
    list of choices, longer or shorter than the list's height, lays nothing out
    (`ScrollRangeOnly`, `DrawnScrollBar`).

    It looks and answers keys as Textual's OptionList did, but draws cheaply on a
    shared server, where every seat's list is shown anew after most moves: a choice's
    lines are drawn once for every list in the process (`choice_lines`), and only the
    lines that look different are redrawn (a new turn's list mostly repeats the last)."""

    ALLOW_SELECT = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "cursor_down", "Down", show=False),
        Binding("up", "cursor_up", "Up", show=False),
        Binding("j", "cursor_down", "Down", id="choices_down", show=False),
        Binding("k", "cursor_up", "Up", id="choices_up", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("pageup", "page_up", "Page Up", show=False),
        Binding("pagedown", "page_down", "Page Down", show=False),
        Binding("enter", "select", "Select", show=False),
        Binding("right", "kind(1)", "Next kind", id="choices_next_kind", show=False),
        Binding("left", "kind(-1)", "Previous kind", id="choices_previous_kind", show=False),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {"choice-list--choice", HEADING, HIGHLIGHTED, HOVER}

    # As Textual's OptionList looks (its colours), with a round border and the room given to the words.
    DEFAULT_CSS = """
    ChoiceList {
        height: 1fr; min-height: 4; max-height: 100%;
        color: $foreground; background: $surface;
        overflow-x: hidden; overflow-y: hidden;  /* its scrollbar is its last column (`DrawnScrollBar`) */
        border: round $panel-lighten-2; border-title-color: $text-primary; border-subtitle-color: $foreground 70%;
        padding: 0 0 0 1;  /* the words get the room at 80 columns */
        /* The highlight is a faint tint, so every ink in a choice (a camp's letter, a
           token) reads on it, and underlined, so it reads without colour; with the keys,
           bold too. */
        & > .choice-list--highlighted {
            color: $foreground;
            background: $primary 10%;
            text-style: underline;
        }
        /* Whether the list has the keys reads without colour too: a heavy border. */
        &:focus {
            border: heavy $accent;
            background-tint: $foreground 5%;
            & > .choice-list--highlighted {
                color: $foreground;
                background: $primary 15%;
                text-style: bold underline;
            }
        }
        & > .choice-list--heading { color: $foreground 70%; }
        & > .choice-list--hover { background: $block-hover-background; }
        &:light > .choice-list--highlighted { background: $primary 6%; }
    }
    """

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)
    """A longer or shorter list redraws only the lines that change (`_redrawn`), not all."""

    class Pointed(Message):
        """A choice is highlighted (``None``: the list is empty)."""

        def __init__(self, choice: Choice | None) -> None:
            super().__init__()
            self.choice = choice

    class Picked(Message):
        """A picked choice is to be done: Enter on it, or a click."""

        def __init__(self, choice: Choice) -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.choices: list[Choice] = []
        self._titles = ("What you may do", "What you may do")  # whole, and short for a narrow list
        self._for_step: Hashable = None  # the step of the game the choices are for (`show`)
        self._rows: list[tuple[int | None, Text]] = []  # (choice index, its words) or (None, a heading)
        self._words: list[Hashable] = []  # each row's words, as its drawn lines are kept under them
        self._row_of: list[int] = []  # each choice's row
        self._tops: list[int] = []  # each row's first line
        self._heights: list[int] = []  # each row's lines
        self._lines: list[tuple[int, int]] = []  # (row, line of it) of each line of the list
        self._wrapped_to = 0  # the width the rows were wrapped to
        self._at: int | None = None  # the highlighted choice
        self.picked = False
        """Whether the player put the highlight where it is: then Enter does its choice."""
        self.spends: Callable[[Choice], bool] = lambda choice: False
        """Whether a choice would spend something of the player's: the screen asks the
        rules (a preview of the move); the highlight the list places avoids those."""
        self.refuses: Callable[[Choice], bool] = lambda choice: False
        """Whether Enter (or a click) on a choice is refused now, the screen having said
        why in one line (another seat's turn: a stray Enter neither picks nor opens a form)."""
        self._outcome = ""  # what the highlighted choice would do (`set_outcome`)
        self._hover: int | None = None  # the row under the mouse
        self._border_line: Region | None = None  # the one line of the border to redraw (`_border_only`)
        self._styles: dict[str, Style] = {}  # the looks' styles in this drawing
        self._drawing: list[Segment] = []  # the scrollbar's cells in this drawing
        self._drawing_width = 0  # the words' width in this drawing
        self._joined: dict[tuple, tuple[Strip, Strip]] = {}  # (id of a line's words, bar cell) -> (words, line)

    # --- what it lists ------------------------------------------------------------------------------
    @property
    def option_count(self) -> int:
        """The rows listed: headings and choices."""
        return len(self._rows)

    def show(self, choices: list[Choice], title: str, short_title: str, start: tuple[int, bool] | None = None,
             step: Hashable = None) -> None:
        """Replace the list; keep the highlight (and whether it is picked) on the same
        action when it is still there, else put it on what the player most likely
        does next (`_next_after`), not picked, or where ``start`` says: (the choice, and
        whether it is picked: a guided game's suggestion). A list under another title (your turn
        after waiting, the next player's) or for another ``step`` of the game (the
        next season's first turn after "Done adding to the city": its "End these
        structures' actions" is the same action, not the same choice) starts afresh.
        The same choices under the same title (a seat waiting while others move)
        change nothing: no redraw, no layout."""
        if choices == self.choices and (title, short_title) == self._titles and step == self._for_step:
            return
        same_list = self._titles[0] == title and self._for_step == step
        self._for_step = step
        kept = self.current() if same_list else None
        self._titles = (title, short_title)
        self._fit_title()
        same = [i for i, c in enumerate(choices) if kept is not None and c.action == kept.action]
        pointed = self.current()
        with self._redrawn():
            self.choices = choices
            self._rows, group = [], None
            for index, choice in enumerate(choices):
                if choice.group != group:
                    group = choice.group
                    self._rows.append((None, Text(group, style="bold underline")))
                self._rows.append((index, choice.label))
            self._row_of = [row for row, (at, _) in enumerate(self._rows) if at is not None]
            self._list_lines()
            if same or start is None:
                self._at = (same[0] if same else _next_after(kept, choices, self.spends)) if choices else None
                self.picked = self.picked and bool(same)
                if start is not None and start[0] == self._at:
                    self.picked = self.picked or start[1]  # the suggestion again: picked as a suggestion is
            else:
                self._at, self.picked = start
            self._scroll_from_top()
        if self.current() != pointed or not choices:  # the same choice again: the map shows it already
            self.post_message(self.Pointed(self.current()))

    def start_afresh(self) -> None:
        """The next `show` places the highlight as on a new list, not picked (after an
        undo: the highlight left on the list of the move taken back, on "End their
        actions" after a harvest, is no choice of the player's)."""
        self._for_step = object()

    def _list_lines(self) -> None:
        """The rows' lines, wrapped to the list's width as it is now, each choice in the
        words that fit it on one line (`fitting`)."""
        self._wrapped_to = width = self.text_width
        short = {kind_of(choice) for choice in self.choices if fitting(choice, width) is not choice.label}
        self._rows = [
            (at, self._heading(self.choices[self._rows[row + 1][0]], short) if at is None
             else self._words_for(self.choices[at], short))
            for row, (at, _) in enumerate(self._rows)
        ]
        self._words = [("heading" if at is None else "choice", words_of(text)) for at, text in self._rows]
        self._styles.clear()
        self._tops, self._heights, self._lines = [], [], []
        for row, (at, _) in enumerate(self._rows):
            height = len(self._drawn(row, HEADING if at is None else "", width)) if width > 0 else 0
            self._tops.append(len(self._lines))
            self._heights.append(height)
            self._lines += [(row, line) for line in range(height)]
        self.virtual_size = Size(width, len(self._lines))

    def shown_words(self, choice: Choice) -> Text:
        """The words the list shows for ``choice`` (one of its choices), at its width."""
        return self._rows[self._row_of[self.choices.index(choice)]][1]

    @staticmethod
    def _words_for(choice: Choice, short: set) -> Text:
        """A choice's short words where one of its kind (`kind_of`) needs them: the
        nets under a camp read alike, not one "by E2" and the next "on the east bank"."""
        return choice.short if choice.short is not None and kind_of(choice) in short else choice.label

    def _heading(self, first: Choice, short: set) -> Text:
        """The heading over ``first`` and the rest of its group: its short words
        (`Choice.short_group`) where its choices take theirs (a vote's "Your vote", not
        what the policy does over five lines at 80 columns)."""
        shortened = first.short_group is not None and any(
            kind_of(choice) in short for choice in self.choices if choice.group == first.group)
        return Text(first.short_group if shortened else first.group, style="bold underline")

    def current(self) -> Choice | None:
        return self.choices[self._at] if self._at is not None else None

    def point_at(self, index: int) -> None:
        """Highlight choice ``index`` (an index into ``choices``), picked: the player
        asked for it (Enter or n on the map)."""
        if not self.choices:
            self.post_message(self.Pointed(None))
            return
        self._highlight(index)

    def next_touching(self, tile: int, after: Choice | None = None) -> int | None:
        """The first choice that touches ``tile`` after ``after`` (round the list), or the
        first of all when ``after`` is None."""
        start = self.choices.index(after) + 1 if after in self.choices else 0
        order = list(range(start, len(self.choices))) + list(range(start))
        return next((i for i in order if self.choices[i].touches(tile)), None)

    # --- the title ------------------------------------------------------------------------------------
    def on_mount(self) -> None:
        self._fit_title()

    def _fit_title(self) -> None:
        """The whole title ("Ann: what you may do") where it fits on the border, else
        the short one (the status line above names who acts): never one cut short."""
        title, short = self._titles
        room = self.size.width - 4  # the corners and a space each side
        with self._border_only(0):
            set_border_title(self, Content(title if not self.size.width or cell_len(title) <= room else short))  # plain: a name

    def set_outcome(self, words: str) -> None:
        """What the highlighted choice would do, on the bottom border."""
        self._outcome = words
        self._say_outcome()

    def _say_outcome(self) -> None:
        """The outcome and what Enter does now ("Enter picks it", "Enter does it"), where
        both fit on the bottom border, else the outcome alone."""
        words = self._outcome
        if self.current() is not None:
            hint = "Enter does it" if self.picked else "Enter picks it"
            both = f"{words} · {hint}" if words else hint
            words = both if not self.size.width or cell_len(both) <= self.outer_size.width - BORDER_ROOM else words
        with self._border_only(self.outer_size.height - 1):
            set_border_subtitle(self, Content(words))  # plain: the engine's words

    @contextmanager
    def _border_only(self, y: int) -> Iterator[None]:
        """Within the block, a redraw of the whole list redraws line ``y`` of its border
        only: Textual redraws all of a widget when a border's words are set."""
        self._border_line = Region(0, y, self.outer_size.width, 1).translate(-self.content_offset)
        try:
            yield
        finally:
            self._border_line = None

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        if self._border_line is not None and not regions:
            regions = (self._border_line,)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    # --- keys and the mouse --------------------------------------------------------------------------
    def action_cursor_down(self) -> None:
        self._step(1)

    def action_cursor_up(self) -> None:
        self._step(-1)

    def _step(self, direction: int) -> None:
        """The next (or previous) choice, round the list."""
        if self.choices:
            start = len(self.choices) - 1 if direction > 0 else 0
            self._highlight(((self._at if self._at is not None else start) + direction) % len(self.choices))

    def action_first(self) -> None:
        if self.choices:
            self._highlight(0)

    def action_last(self) -> None:
        if self.choices:
            self._highlight(len(self.choices) - 1)

    def action_page_down(self) -> None:
        self._page(1)

    def action_page_up(self) -> None:
        self._page(-1)

    def _page(self, direction: int) -> None:
        """The choice a list's height below (or above) the highlighted one: the first
        choice from that line on (back, the last one up to it; the first choice at most)."""
        if self._at is None or not self._lines:
            self.action_last() if direction > 0 else self.action_first()
            return
        line = self._tops[self._row_of[self._at]] + direction * self.scrollable_content_region.height
        row = self._lines[clamp(line, 0, len(self._lines) - 1)][0]
        if direction > 0:
            self._highlight(next(i for i, r in enumerate(self._row_of) if r >= row))
        else:
            self._highlight(max([i for i, r in enumerate(self._row_of) if r <= row], default=0))

    def action_select(self) -> None:
        """Enter: do the picked choice; a highlight the list placed itself is picked first."""
        choice = self.current()
        if choice is None or self.refuses(choice):
            return
        if self.picked:
            self.post_message(self.Picked(choice))
            return
        with self._redrawn():
            self.picked = True
        self._say_outcome()

    def unpick(self) -> None:
        """The highlight stays where it is, no longer picked (its choice was just done)."""
        if self.picked:
            with self._redrawn():
                self.picked = False
            self._say_outcome()

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

    async def on_click(self, event: events.Click) -> None:
        row = self._row_at(event)
        if row is not None and self._rows[row][0] is not None:
            self._highlight(self._rows[row][0])
            self.action_select()

    def _on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover_on(None if self.drag_bar(event) else self._row_at(event))

    def on_leave(self, event: events.Leave) -> None:
        self._hover_on(None)
        self._bar_hovered(False)

    def _hover_on(self, row: int | None) -> None:
        if row != self._hover:
            with self._redrawn():
                self._hover = row

    def _row_at(self, event: events.MouseEvent) -> int | None:
        """The row under the mouse (None: a border, the margin, or below the rows)."""
        offset = event.get_content_offset(self)
        if offset is None or offset.x >= self.text_width:
            return None
        line = offset.y + self.scroll_offset.y
        return self._lines[line][0] if 0 <= line < len(self._lines) else None

    # --- messages that waited while the list changed ----------------------------------------------
    def on_choice_list_pointed(self, event: Pointed) -> None:
        self._drop_if_gone(event, event.choice)

    def on_choice_list_picked(self, event: Picked) -> None:
        self._drop_if_gone(event, event.choice)

    def _drop_if_gone(self, event: Message, choice: Choice | None) -> None:
        """A highlight or a pick that waited in the queue while the list was shown anew
        (another seat moved) goes no further: its choice is no longer the one listed
        there, though it may read the same."""
        if choice is not None and not any(listed is choice for listed in self.choices):
            event.stop()

    # --- the highlight and scrolling -------------------------------------------------------------------
    def _highlight(self, at: int) -> None:
        """Highlight choice ``at`` as the player's pick, scroll it into view and say so."""
        if at == self._at and self.picked:
            return
        moved = at != self._at
        with self._redrawn():
            self._at, self.picked = at, True
            self.scroll_to_highlight()
        if moved:
            self.post_message(self.Pointed(self.choices[at]))
        else:
            self._say_outcome()  # the same choice, picked now

    def scroll_to_highlight(self, top: bool = False) -> None:
        """Scroll the least that shows the highlighted choice, the list's top line the
        first of a choice or heading (`_entry_start`)."""
        if self._at is None or not self.is_mounted or not self._lines:
            return
        shown = self._highlight_region(self.text_width)
        window = Region(0, round(self.scroll_y), *self.scrollable_content_region.size)
        target = shown.y if top else window.y + Region.get_scroll_to_visible(window, shown).y
        target = self._entry_start(clamp(target, 0, self.max_scroll_y), shown)
        self.scroll_to(y=target, animate=False, force=True, immediate=True)

    def _entry_start(self, y: int, shown: Region) -> int:
        """``y`` moved down to the first line of a choice or heading, so the list's top
        line never starts in the middle of a choice ("west bank below row 1 for ∝1 fee"
        at the top at 80 columns), where the highlighted choice (``shown``) stays in
        sight and the list can scroll that far (at its end it cannot: it stays)."""
        start = next((top for top in self._tops if top >= y), y)
        return start if start <= shown.y and start <= self.max_scroll_y else y

    @property
    def max_scroll_y(self) -> int:
        """As far as the list scrolls: on to the first line of a choice or heading, so
        that at its end too its top line is never the middle of a choice (blank lines
        below the last one then)."""
        end = super().max_scroll_y
        return next((top for top in self._tops if top >= end), end)

    def validate_scroll_y(self, value: float) -> float:
        """Every scroll (the keys, the wheel, the scrollbar, a resize) stops on the first
        line of a choice or heading: on the next one down when scrolling down, else on
        the one at or above."""
        value = super().validate_scroll_y(value)
        tops = self._tops
        if not tops or value in tops:
            return value
        if value > self.scroll_y:
            return float(tops[min(bisect_left(tops, value), len(tops) - 1)])
        return float(tops[max(bisect_right(tops, value) - 1, 0)])

    def _highlight_region(self, width: int) -> Region:
        """The lines of the highlighted choice, with its heading when it is the first
        under it (Home, or a new list, showed "Propose the pollution subsidy" without
        the heading that says what kind of choice it is)."""
        row = self._row_of[self._at]
        first = row - 1 if row and self._rows[row - 1][0] is None else row
        return Region(0, self._tops[first], width, self._tops[row] + self._heights[row] - self._tops[first])

    def _scroll_from_top(self) -> None:
        """Scroll as a new list does: the least from its top that shows the highlighted choice."""
        target = 0
        if self._at is not None and self._lines:
            window = Region(0, 0, *self.scrollable_content_region.size)
            shown = self._highlight_region(window.width)
            target = self._entry_start(clamp(Region.get_scroll_to_visible(window, shown).y, 0, self.max_scroll_y), shown)
        self.scroll_to(y=target, animate=False, force=True)

    def on_show(self) -> None:
        self.scroll_to_highlight()

    def on_resize(self) -> None:
        """The choices are wrapped again to a new width; as the list grows or shrinks
        with the panels above it, the highlighted choice stays in view. The border's
        words are fitted again: what fits was guessed before the first layout."""
        self._fit_title()
        self._say_outcome()
        if self.text_width != self._wrapped_to:
            self._list_lines()
            self.refresh()  # drawn already perhaps, as the lines were before
        self.call_after_refresh(self.scroll_to_highlight)

    # --- drawing -----------------------------------------------------------------------------------------
    def notify_style_update(self) -> None:
        self.refresh()  # focus, a theme: the rows' colours
        super().notify_style_update()

    def render_line(self, y: int) -> Strip:
        """Line ``y``: its words and the scrollbar's cell (both kept: most lines drawn are
        drawn as they were)."""
        words = self._words_line(y)
        cell = self._drawing[y] if y < len(self._drawing) else Segment(" ", self.rich_style)
        key = (id(words), cell)
        kept = self._joined.get(key)
        if kept is None:
            if len(self._joined) > 4 * len(self._drawing) + 64:
                self._joined.clear()
            kept = self._joined[key] = (words, Strip.join((words, Strip((cell,), 1))))  # the words kept: their id too
        return kept[1]

    def _words_line(self, y: int) -> Strip:
        line = self.scroll_offset.y + y
        width = self._drawing_width
        if line < len(self._lines):
            row, offset = self._lines[line]
            strips = self._drawn(row, self._look(row), width)
            if offset < len(strips):
                return strips[offset]
        return Strip.blank(width, self._style("").rich_style)

    def _look(self, row: int) -> str:
        at = self._rows[row][0]
        if at is None:
            return HEADING
        if at == self._at:
            return PICKED if self.picked else HIGHLIGHTED
        return HOVER if row == self._hover else ""

    def render_lines(self, crop: Region) -> list[Strip]:
        self._styles.clear()
        self._drawing, self._drawing_width = self.bar_cells(), self.text_width
        return super().render_lines(crop)

    def _style(self, look: str) -> Style:
        """The style of ``look``, asked once in a drawing (`_styles` is emptied as one starts)."""
        style = self._styles.get(look)
        if style is None:
            classes = ("choice-list--choice", HIGHLIGHTED if look == PICKED else look) if look else ("choice-list--choice",)
            style = self._styles[look] = self.get_visual_style(*classes)
        return style

    def _drawn(self, row: int, look: str, width: int) -> list[Strip]:
        """Row ``row``'s lines in ``look`` at ``width``: kept for every list alike."""
        style = self._style(look)
        at, text = self._rows[row]

        mark = PICKED_MARK if look == PICKED else "  "

        def draw() -> list[Strip]:
            visual = visualize(self, text if at is None else indented(text, width, mark))
            strips = visual.to_strips(self, visual, width, None, style)
            return [strip.extend_cell_length(width, style.rich_style) for strip in strips]

        return drawn((self._words[row], mark, width, style, self.app.ansi_theme), draw)

    @contextmanager
    def _redrawn(self) -> Iterator[None]:
        """Redraw the lines that look different after the block (scrolling redraws all)."""
        before, scrolled = self._seen(), self.scroll_offset.y
        yield
        if self.scroll_offset.y != scrolled:
            return
        after = self._seen()
        changed = [y for y in range(max(len(before), len(after))) if before[y : y + 1] != after[y : y + 1]]
        width = self.scrollable_content_region.width
        for _, run in groupby(enumerate(changed), key=lambda pair: pair[1] - pair[0]):  # runs of lines
            lines = [y for _, y in run]
            self.refresh(Region(0, lines[0], width, len(lines)))

    def _seen(self) -> list[Hashable]:
        """What each line in view shows: its row's words, which of its lines, its look;
        and the scrollbar's cell beside it."""
        top = self.scroll_offset.y
        height = self.scrollable_content_region.height
        words = [(self._words[row], offset, self._look(row)) for row, offset in self._lines[top : top + height]]
        return list(zip_longest(words, self.bar_cells()))
