"""The dice tray: the green die and the base dice around the captain tile.

As on the table, the heating area above the captain tile holds the green die and
the base dice above the temperature; the other base dice lie below the tile.
While a player chooses dice, the dice of the choice under the cursor are shown in
brackets (``[Y2]``) and the last line says what that choice would do. Drawn with the
Line API: a new die pointed at, or a new note, repaints only the lines it changes.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from ...rules.riverside.components import COLOURS
from ..last_move import LAST_MARK
from .glyphs import tag
from .kept import kept

DIE_WIDTH = 4
GREEN = -1
"""What `Clicked` carries for the green die (base dice are their colour's index)."""


def tray_rows(dice: tuple[int, ...], temperature: int) -> tuple[list[int], list[int]]:
    """The base dice (colour indexes) as the tray lays them out: in the heating area
    those above the temperature, below the captain tile the others, each row in
    colour order. ``dice``: the green die's value, then the base dice's."""
    heat = [i for i in range(len(COLOURS)) if dice[1 + i] > temperature]
    return heat, [i for i in range(len(COLOURS)) if dice[1 + i] <= temperature]


class DiceTray(Widget):
    """Five lines: round and temperature, heating area, captain tile, the dice
    below it, and a note about the choice under the cursor."""

    DEFAULT_CSS = """
    DiceTray { height: 5; width: 26; }
    """

    class Clicked(Message):
        """A click on a die: a base die's colour index, or `GREEN`."""

        def __init__(self, die: int) -> None:
            super().__init__()
            self.die = die

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.round = 0
        self.temperature = 0
        self.dice: tuple[int, ...] = ()
        self.over = False
        self.rolled = False
        self.cursor: int | None = None
        self.green = False
        self.note = Text()
        self._places: dict[tuple[int, int], int] = {}  # (line, first cell) of each die drawn
        self._lines: list[Text] = []
        self._strips: dict[int, Strip] = {}  # line -> drawn, until it changes

    def show(self, state, *, cursor: int | None = None, green: bool = False, note: Text | str = "",
             rolled: bool = False) -> None:  # fmt: skip
        """``cursor``: the base die (by colour index) being pointed at; ``green``:
        whether the green die is added to it; ``rolled``: the dice were rolled since
        the player last acted (the head is marked)."""
        note = note if isinstance(note, Text) else Text(note, style="italic")
        shown = (state.round, state.temperature, state.dice, state.over, cursor, green, note, rolled)
        if shown == (self.round, self.temperature, self.dice, self.over, self.cursor, self.green, self.note, self.rolled):
            return  # another seat's move within the round: the tray stays as drawn
        self.round, self.temperature, self.dice, self.over, self.cursor, self.green, self.note, self.rolled = shown
        lines = self._tray_lines()
        for y in range(max(len(lines), len(self._lines))):
            if y >= len(lines) or y >= len(self._lines) or not _same(lines[y], self._lines[y]):
                self._strips.pop(y, None)
                self.refresh(Region(0, y, self.size.width, 1))
        self._lines = lines

    def render(self) -> Text:
        """The whole tray as one text (drawn line by line by `render_line`)."""
        return Text("\n").join(self._lines)

    def render_line(self, y: int) -> Strip:
        """Line ``y``, drawn once for every tray showing it alike (`kept`): the round's
        head and dice read the same on every seat's tray but for the die pointed at."""
        strip = self._strips.get(y)
        if strip is None:
            text = self._lines[y] if y < len(self._lines) else Text()
            width, style = self.size.width, self.visual_style
            key = ("tray", text.plain, tuple(text.spans), text.style, width, style, self.app.ansi_theme)
            strip = self._strips[y] = kept(key, lambda: self._drawn(text))
        return strip

    def _drawn(self, text: Text) -> Strip:
        drawn = Visual.to_strips(self, visualize(self, text), self.size.width, 1, self.visual_style)
        return drawn[0] if drawn else Strip.blank(self.size.width, self.rich_style)

    def on_resize(self) -> None:
        self._strips.clear()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()

    def _tray_lines(self) -> list[Text]:
        if not self.dice:
            return []
        head = Text.assemble((f"{LAST_MARK} ", "bold reverse") if self.rolled else "",
                             (f"Round {self.round} · temperature {self.temperature}", "bold"))
        heat = Text()
        heat.append("heat ", style="dim")
        self._places = {(1, heat.cell_len): GREEN}
        heat.append_text(self._die("green", self.dice[0], self.green))
        below = Text("     ")
        rows = tray_rows(self.dice, self.temperature)
        for line, text, row in ((1, heat, rows[0]), (3, below, rows[1])):
            for i in row:
                self._places[line, text.cell_len] = i
                text.append_text(self._die(COLOURS[i], self.dice[1 + i], i == self.cursor))
        captain = Text("━━━━ captain tile ━━━━", style="dim")
        note = Text("The ship is at the anchor.", style="bold") if self.over else self.note
        return [head, heat, captain, below, note]

    def _die(self, colour: str, value: int, chosen: bool) -> Text:
        if chosen:
            return Text.assemble("[", tag(colour, value, "reverse"), "]")
        return Text.assemble(" ", tag(colour, value), " ")

    def on_click(self, event: events.Click) -> None:
        for (line, first), die in self._places.items():
            if line == event.y and first <= event.x < first + DIE_WIDTH:
                self.post_message(self.Clicked(die))
                return


def _same(one: Text, other: Text) -> bool:
    """Whether two lines read and look alike (Rich's ``==`` leaves their base style out)."""
    return one == other and one.style == other.style
