"""A Riverside score sheet, laid out like the printed one.

Five guide boats side by side, each with its royal power's activation box
(``[ ]`` not yet, ``[✓]`` activated, ``[×]`` used), four rows of seats (○ vacant,
● crossed, ◇/◆ royal seats), each row's ticket points (✓ once crossed) and bonus
(``+2W``: 2 seats on the white boat; ``!`` while it waits), and the excursion
boxes under the boat. Below: the fire symbols (▲ free, × crossed), the "+1"
symbols, the stave church boat, and the points as they stand. What the last
moves changed is marked until the player acts: ✦ (reversed) before a row with new
crosses, whose new seats are underlined, before the fire or "+1" symbols crossed
and before a boat's new excursion scores (underlined, as new church scores are).
"""

from __future__ import annotations

from collections.abc import Collection

from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from ...rules.riverside.components import (
    BOATS,
    CHURCH,
    CHURCH_BOXES,
    COLOURS,
    EXCURSION_BOXES,
    LETTERS,
    ROWS_PER_BOAT,
)
from ...rules.riverside.scoring import captain_points, guide_boat_points
from ...rules.riverside.state import Sheet
from ..last_move import LAST_MARK
from .glyphs import CURSOR, ROYAL_CROSSED, ROYAL_EMPTY, SEAT_CROSSED, SEAT_EMPTY, STYLES, tag

BOAT_WIDTH = 15
SHEET_WIDTH = 79
POWER_ABBREVIATIONS = {
    "early_birds": "ERL",
    "fan_base": "FAN",
    "prize_ticket": "PRZ",
    "warm_night": "WRM",
    "speed_boat": "SPD",
}


class ScoreSheet(Widget):
    """Eight lines: the boats' heads, four rows of seats, excursions, the fire,
    "+1" and stave church line, and the points (on two lines where a long name
    would cut them: the sheet takes the screen's width, so at 80 columns)."""

    DEFAULT_CSS = f"""
    ScoreSheet {{ height: auto; width: 1fr; min-width: {SHEET_WIDTH}; }}
    """

    class Clicked(Message):
        """A click on a row of seats: (boat index, row)."""

        def __init__(self, boat: int, row: int) -> None:
            super().__init__()
            self.boat = boat
            self.row = row

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.sheet = Sheet.blank()
        self.name_ = ""
        self.cursor: tuple[int, int] | None = None
        self.waiting: Collection[tuple[int, int]] = ()
        self.filling: int | None = None
        self.last: frozenset = frozenset()
        self._lines: list[Text] = self._sheet_lines()
        self._strips: dict[int, Strip] = {}  # line -> drawn, until it changes

    def show(self, sheet: Sheet, name: str, *, cursor: tuple[int, int] | None = None,
             waiting: Collection[tuple[int, int]] = (), filling: int | None = None,
             last: frozenset = frozenset()) -> None:  # fmt: skip
        """``cursor``: (boat, row) pointed at; ``waiting``: completed rows whose
        bonus waits; ``filling``: the boat being filled now; ``last``: what the last
        moves changed on this sheet (the marks of rules/riverside/narration.py
        without their seat: ``("row", boat, row, crossed before)``...)."""
        shown = (sheet, name, cursor, tuple(waiting), filling, last)
        if shown == (self.sheet, self.name_, self.cursor, tuple(self.waiting), self.filling, self.last):
            return  # a cursor moved elsewhere: the sheet stays as drawn
        self.sheet, self.name_, self.cursor, self.waiting, self.filling, self.last = shown
        self._draw()

    # --- the Line API: a move redraws the lines it changed, not the sheet -------------------
    def _draw(self) -> None:
        """Write the sheet's lines again and refresh those that changed. Only the points'
        line (a long name puts the captain's points under it) may take a line more or
        less: the whole screen is laid out only then."""
        lines = self._sheet_lines()
        if len(lines) != len(self._lines):
            self._strips.clear()
            self.refresh(layout=True)
        else:
            for y, (old, new) in enumerate(zip(self._lines, lines)):
                if old != new:
                    self._strips.pop(y, None)
                    self.refresh(Region(0, y, self.size.width, 1))
        self._lines = lines

    def _sheet_lines(self) -> list[Text]:
        return [self._heads(), *(self._row_line(row) for row in range(ROWS_PER_BOAT)), self._excursions(),
                self._fire_line(), *self._points().split("\n")]  # fmt: skip

    def render(self) -> Text:
        """The whole sheet as one text (drawn line by line by `render_line`)."""
        return Text("\n").join(self._lines)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines)

    def render_line(self, y: int) -> Strip:
        strip = self._strips.get(y)
        if strip is None:
            text = self._lines[y] if y < len(self._lines) else Text()
            strip = Strip(text.render(self.app.console), text.cell_len).apply_style(self.rich_style)
            self._strips[y] = strip = strip.adjust_cell_length(self.size.width, self.rich_style)
        return strip

    def on_resize(self) -> None:
        self._strips.clear()
        self._draw()  # the captain's points may now fit beside the name, or not

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()

    def on_click(self, event: events.Click) -> None:
        boat, row = event.x // (BOAT_WIDTH + 1), event.y - 1  # the boats' heads take the first line
        if 0 <= row < ROWS_PER_BOAT and boat < len(BOATS):
            self.post_message(self.Clicked(boat, row))

    # --- the guide boats -------------------------------------------------------------
    def _heads(self) -> Text:
        line = Text()
        for boat, spec in enumerate(BOATS):
            mark = "×" if self.sheet.used[boat] else "✓" if self.sheet.activated[boat] else " "
            head = tag(spec.colour, f" {spec.colour:<6}", "underline" if boat == self.filling else "")
            changed = " underline" if ("power", boat) in self.last else ""
            head.append(f" [{mark}]{POWER_ABBREVIATIONS[spec.power]}", style=("bold" if mark == "✓" else "") + changed)
            line.append_text(_cell(head))
        return line

    def _row_line(self, row: int) -> Text:
        line = Text()
        for boat, spec in enumerate(BOATS):
            seats = self.sheet.seats(boat, row)
            size = spec.rows[row].seats
            royal = {seat for r, seat in spec.royal_seats if r == row}
            cell = Text()
            at_cursor = self.cursor == (boat, row)
            before = self._crossed_before(boat, row)
            lead = CURSOR if at_cursor else LAST_MARK if before is not None else " "
            cell.append(lead, style="bold reverse" if lead != " " else "")
            for seat in range(size):
                crossed = seat < seats
                glyph = (ROYAL_CROSSED if crossed else ROYAL_EMPTY) if seat in royal else (SEAT_CROSSED if crossed else SEAT_EMPTY)
                new = " underline bold" if before is not None and before <= seat < seats else ""
                cell.append(glyph, style=(STYLES[CHURCH] if seat in royal else STYLES[spec.colour]) + ("" if crossed else " dim") + new)
            cell.append(" " * (7 - size))
            ticket = spec.rows[row]
            earned = seats == size
            cell.append(f"{'✓' if earned else ' '}{ticket.ticket}", style="bold reverse" if earned else "dim")
            cell.append(" ")
            bonus = f"+{ticket.bonus_seats}{LETTERS[COLOURS[ticket.bonus_boat]]}"
            cell.append(bonus + ("!" if (boat, row) in self.waiting else ""), style="bold" if earned else "dim")
            line.append_text(_cell(cell))
        return line

    def _crossed_before(self, boat: int, row: int) -> int | None:
        """How many seats of the row were crossed before the last moves crossed more (None: none did)."""
        return next((mark[3] for mark in self.last if mark[:3] == ("row", boat, row)), None)

    def _excursions(self) -> Text:
        line = Text()
        for boat in range(len(BOATS)):
            new = {mark[2] for mark in self.last if mark[:2] == ("excursion", boat)}
            cell = Text(LAST_MARK if new else " ", style="bold reverse" if new else "")
            cell.append_text(_boxes(self.sheet.excursions[boat], EXCURSION_BOXES, new))
            line.append_text(_cell(cell))
        return line

    # --- the rest of the sheet ---------------------------------------------------------
    def _fire_line(self) -> Text:
        sheet = self.sheet
        line = Text()
        line.append_text(self._sign(("fire",)))
        line.append("Fire ", style="bold")
        line.append("×" * sheet.fire, style="dim")
        line.append("▲" * sheet.fire_left, style="bold red")
        line.append(f" {sheet.fire_left:>2} left   ")
        line.append_text(self._sign(("plus",)))
        line.append('"+1" ', style="bold")
        line.append("×" * sheet.plus_ones, style="dim")
        line.append("+" * sheet.plus_ones_left, style="bold")
        line.append("   ")
        line.append_text(tag(CHURCH, " church "))
        line.append_text(_boxes(sheet.church, CHURCH_BOXES, {mark[1] for mark in self.last if mark[0] == "church"}))
        return line

    def _sign(self, mark: tuple) -> Text:
        return Text(LAST_MARK, style="bold reverse") if mark in self.last else Text()

    def _points(self) -> Text:
        sheet = self.sheet
        boats = [guide_boat_points(sheet, b) for b in range(len(BOATS))]
        line = Text()
        line.append(f"{self.name_}: ", style="bold")
        line.append("boats ")
        for boat, points in enumerate(boats):
            line.append_text(tag(COLOURS[boat], points))
            line.append(" ")
        church = sum(sheet.church)
        line.append(f"= {sum(boats)}")
        captain = f"captain {captain_points(sheet)} (church {church} + lowest {min(boats)})"
        if line.cell_len + len(" · ") + len(captain) <= (self.size.width or SHEET_WIDTH):
            return line.append(f" · {captain}")
        return line.append(f"\n  {captain}")  # a long name: the captain's line under it


def _boxes(scores: tuple[int, ...], count: int, new: Collection[int] = ()) -> Text:
    """Score boxes; those in ``new`` (written by the last moves) underlined."""
    text = Text()
    for i in range(count):
        if i:
            text.append(" ")
        if i < len(scores):
            text.append(f"{scores[i]:>2}", style="bold underline" if i in new else "bold")
        else:
            text.append("··", style="dim")
    return text


def _cell(text: Text) -> Text:
    text.truncate(BOAT_WIDTH)
    text.pad_right(BOAT_WIDTH - text.cell_len + 1)
    return text
