"""A Riverside score sheet, laid out like the printed one.

Five guide boats side by side, each with its royal power's activation box
(``[ ]`` not yet, ``[✓]`` activated, ``[×]`` used), four rows of seats (○ vacant,
● crossed, ◇/◆ royal seats), each row's ticket points (✓ once crossed) and bonus
(``+2W``: 2 seats on the white boat; ``!`` while it waits), and the excursion
boxes under the boat (while a village is weighed, › before the boxes of its
colours and their last score reversed: the score to beat). Below: the fire symbols (▲ free, × crossed), the "+1"
symbols, the stave church boat, and the points as they stand. What the last
moves changed is marked until the player acts: ✦ (reversed) before a row with new
crosses, whose new seats are underlined, before the fire or "+1" symbols crossed
and before a boat's new excursion scores (underlined, as new church scores are).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable

from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from ...safe_text import shortened
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
from .kept import kept
from ..palette import ink

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
        self.now: tuple[int, int, tuple[str, str]] | None = None
        self.weighed: frozenset[int | None] = frozenset()
        self._keys: list[Hashable] = []  # what each line is drawn from
        self._lines: list[Text] = []
        self._keep_lines()

    def show(self, sheet: Sheet, name: str, *, cursor: tuple[int, int] | None = None,
             waiting: Collection[tuple[int, int]] = (), filling: int | None = None,
             last: frozenset = frozenset(), now: tuple[int, int, tuple[str, str]] | None = None,
             weighed: Collection[int | None] = ()) -> None:  # fmt: skip
        """``cursor``: (boat, row) pointed at; ``waiting``: completed rows whose
        bonus waits; ``filling``: the boat being filled now; ``last``: what the last
        moves changed on this sheet (the marks of rules/riverside/narration.py
        without their seat: ``("row", boat, row, crossed before)``...); ``now``: the
        final score were the game to end now, its captain reward (the rules'
        `scores_now`) and why, long and short (`reward_reasons`); ``weighed``: the
        boats (None: the stave church's) of the village being weighed, whose last
        score a new one must beat."""
        shown = (sheet, name, cursor, tuple(waiting), filling, last, now, frozenset(weighed))
        if shown == (self.sheet, self.name_, self.cursor, tuple(self.waiting), self.filling, self.last, self.now,
                     self.weighed):
            return  # a cursor moved elsewhere: the sheet stays as drawn
        self.sheet, self.name_, self.cursor, self.waiting, self.filling, self.last, self.now, self.weighed = shown
        self._draw()

    # --- the Line API: a move redraws the lines it changed, not the sheet -------------------
    def _draw(self) -> None:
        """Find the sheet's lines again and refresh those that changed. Only the points'
        line (a long name puts the captain's points under it) may take a line more or
        less: the whole screen is laid out only then."""
        before = self._keys
        self._keep_lines()
        if len(before) != len(self._keys):
            self.refresh(layout=True)
        else:
            for y, (old, new) in enumerate(zip(before, self._keys)):
                if old != new:
                    self.refresh(Region(0, y, self.size.width, 1))

    def _keep_lines(self) -> None:
        """Each line's key (all it shows of the sheet, its marks and cursor) and its text,
        kept under that key for every sheet in the process (`kept`): a line that reads as
        one drawn before, on this sheet or another, is not written again."""
        sheet, last, cursor, waiting = self.sheet, self.last, self.cursor, self.waiting
        powers = tuple(boat for boat in range(len(BOATS)) if ("power", boat) in last)
        keys: list[tuple] = [("heads", sheet.used, sheet.activated, self.filling, powers)]
        for row in range(ROWS_PER_BOAT):
            seats = sheet.filled[row::ROWS_PER_BOAT]
            at = cursor[0] if cursor is not None and cursor[1] == row else None
            before = tuple(next((m[3] for m in last if m[:3] == ("row", boat, row)), None) for boat in range(len(BOATS)))
            keys.append(("row", row, seats, at, before, tuple((boat, row) in waiting for boat in range(len(BOATS)))))
        new = tuple(frozenset(m[2] for m in last if m[:2] == ("excursion", boat)) for boat in range(len(BOATS)))
        weighed = tuple(boat in self.weighed for boat in range(len(BOATS)))
        keys.append(("excursions", sheet.excursions, new, weighed))
        church = frozenset(m[1] for m in last if m[0] == "church")
        keys.append(("fire", (sheet.fire, sheet.fire_left), (sheet.plus_ones, sheet.plus_ones_left), sheet.church, ("fire",) in last, ("plus",) in last, church, None in self.weighed))
        boats = tuple(guide_boat_points(sheet, boat) for boat in range(len(BOATS)))
        points = ("points", self.name_, boats, sum(sheet.church), captain_points(sheet), self.now,
                  self.size.width or SHEET_WIDTH)
        texts = [kept(key, lambda key=key: DRAW[key[0]](*key[1:])) for key in keys]
        texts.extend(kept(points, lambda: _points(*points[1:])))
        self._keys = [*keys, *((points, y) for y in range(len(texts) - len(keys)))]
        self._lines = texts

    def render(self) -> Text:
        """The whole sheet as one text (drawn line by line by `render_line`)."""
        return Text("\n").join(self._lines)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines)

    def render_line(self, y: int) -> Strip:
        """Line ``y`` drawn at the sheet's width in its look, kept for every sheet."""
        width, style = self.size.width, self.rich_style
        if y >= len(self._lines):
            return Strip.blank(width, style)
        text = self._lines[y]

        def draw() -> Strip:
            strip = Strip(text.render(self.app.console), text.cell_len).apply_style(style)
            return strip.adjust_cell_length(width, style)

        return kept((self._keys[y], width, style), draw)

    def on_resize(self) -> None:
        self._draw()  # the captain's points may now fit beside the name, or not

    def on_click(self, event: events.Click) -> None:
        boat, row = event.x // (BOAT_WIDTH + 1), event.y - 1  # the boats' heads take the first line
        if 0 <= row < ROWS_PER_BOAT and boat < len(BOATS):
            self.post_message(self.Clicked(boat, row))


# --- the lines, each drawn from its key alone ---------------------------------------------
def _heads(used: tuple[int, ...], activated: tuple[int, ...], filling: int | None, changed: tuple[int, ...]) -> Text:
    """The boats' heads: colour, royal power and its box; ``changed``: powers the last moves
    activated or used."""
    line = Text()
    for boat, spec in enumerate(BOATS):
        mark = "×" if used[boat] else "✓" if activated[boat] else " "
        head = tag(spec.colour, f" {spec.colour:<6}", "underline" if boat == filling else "")
        underline = " underline" if boat in changed else ""
        head.append(f" [{mark}]{POWER_ABBREVIATIONS[spec.power]}", style=("bold" if mark == "✓" else "") + underline)
        line.append_text(_cell(head))
    return line


def _row_line(row: int, crossed: tuple[int, ...], cursor: int | None, before: tuple[int | None, ...],
              waiting: tuple[bool, ...]) -> Text:  # fmt: skip
    """Row ``row`` of every boat: ``crossed`` seats of each, the boat at the ``cursor``, the
    seats crossed ``before`` the last moves crossed more (None: none did), the bonuses waiting."""
    line = Text()
    for boat, spec in enumerate(BOATS):
        seats, size, earlier = crossed[boat], spec.rows[row].seats, before[boat]
        royal = {seat for r, seat in spec.royal_seats if r == row}
        cell = Text()
        lead = CURSOR if cursor == boat else LAST_MARK if earlier is not None else " "
        cell.append(lead, style="bold reverse" if lead != " " else "")
        for seat in range(size):
            done = seat < seats
            glyph = (ROYAL_CROSSED if done else ROYAL_EMPTY) if seat in royal else (SEAT_CROSSED if done else SEAT_EMPTY)
            new = " underline bold" if earlier is not None and earlier <= seat < seats else ""
            cell.append(glyph, style=(STYLES[CHURCH] if seat in royal else STYLES[spec.colour]) + new)
        cell.append(" " * (7 - size))
        ticket = spec.rows[row]
        earned = seats == size
        cell.append(f"{'✓' if earned else ' '}{ticket.ticket}", style="bold reverse" if earned else "dim")
        cell.append(" ")
        bonus = f"+{ticket.bonus_seats}{LETTERS[COLOURS[ticket.bonus_boat]]}"
        cell.append(bonus + ("!" if waiting[boat] else ""), style="bold" if earned else "dim")
        line.append_text(_cell(cell))
    return line


def _excursions(excursions: tuple[tuple[int, ...], ...], new: tuple[frozenset[int], ...],
                weighed: tuple[bool, ...]) -> Text:  # fmt: skip
    """Every boat's excursion boxes; ``new``: each boat's boxes the last moves wrote;
    ``weighed``: the boats of the village being weighed (› and the score to beat)."""
    line = Text()
    for boat in range(len(BOATS)):
        if weighed[boat]:
            cell = Text()
            cell.append(CURSOR, style="bold reverse")
        else:
            cell = Text(LAST_MARK if new[boat] else " ", style="bold reverse" if new[boat] else "")
        cell.append_text(_boxes(excursions[boat], EXCURSION_BOXES, new[boat], weighed[boat]))
        line.append_text(_cell(cell))
    return line


def _fire_line(fire: tuple[int, int], plus_ones: tuple[int, int], church: tuple[int, ...], fire_marked: bool,
               plus_marked: bool, church_new: frozenset[int], church_weighed: bool) -> Text:  # fmt: skip
    """The fire symbols and the "+1" symbols (each: crossed, left), the stave church boat,
    with the last moves' marks."""
    (fire, fire_left), (plus_ones, plus_ones_left) = fire, plus_ones
    line = Text()
    line.append_text(_sign(fire_marked))
    line.append("Fire ", style="bold")
    line.append("×" * fire, style="dim")
    line.append("▲" * fire_left, style=f"bold {ink('red')}")
    line.append(f" {fire_left:>2} left   ")
    line.append_text(_sign(plus_marked))
    line.append('"+1" ', style="bold")
    line.append("×" * plus_ones, style="dim")
    line.append("+" * plus_ones_left, style="bold")
    line.append("   ")
    line.append_text(tag(CHURCH, " church "))
    if church_weighed:
        line.append(CURSOR, style="bold reverse")
    line.append_text(_boxes(church, CHURCH_BOXES, church_new, church_weighed))
    return line


def _sign(marked: bool) -> Text:
    return Text(LAST_MARK, style="bold reverse") if marked else Text()


def _points(name: str, boats: tuple[int, ...], church: int, captain: int,
            now: tuple[int, int, tuple[str, str]] | None, width: int) -> tuple[Text, ...]:
    """The points as they stand (each guide boat's, the stave church's, the captain's,
    and the final score were the game to end now, as "Game End" adds them up: the
    boats, the captain's points and the ±15 reward, and why it is what it is): one
    line, or two where it would pass ``width``, the captain's and the score's on the second."""
    tally = Text("boats ")
    for boat, points in enumerate(boats):
        tally.append_text(tag(COLOURS[boat], points))
        tally.append(" ")
    tally.append(f"= {sum(boats)}")
    room = width - len(": ") - tally.cell_len  # a long name gives way to the points, ending "…"
    line = Text().append(f"{shortened(name, max(room, 2))}: ", style="bold").append_text(tally)
    rest = Text(f"captain {captain} (church {church} + lowest {min(boats)})")
    if now is None:
        return _on_one_line_or_two(line, rest, width)
    score, reward, (why, short_why) = now
    # The reward says why, in the rulebook's words, where the sheet has room
    for words in (f"reward {reward:+d}: {why}", f"{short_why} {reward:+d}", f"reward {reward:+d}"):
        said = rest.copy().append(f" · {words} · ").append(f"score {score}", style="bold")
        if 2 + said.cell_len <= width:
            break
    return _on_one_line_or_two(line, said, width)


def _on_one_line_or_two(line: Text, rest: Text, width: int) -> tuple[Text, ...]:
    if line.cell_len + len(" · ") + rest.cell_len <= width:
        return (line.append(" · ").append_text(rest),)
    return line, Text("  ").append_text(rest)  # the captain's and the score's line under it


DRAW = {"heads": _heads, "row": _row_line, "excursions": _excursions, "fire": _fire_line}
"""Each line's drawing by the first word of its key (the rest are its arguments)."""


def _boxes(scores: tuple[int, ...], count: int, new: Collection[int] = (), weighed: bool = False) -> Text:
    """Score boxes; those in ``new`` (written by the last moves) underlined; with
    ``weighed``, the last score (the one to beat) reversed."""
    text = Text()
    for i in range(count):
        if i:
            text.append(" ")
        if i < len(scores):
            beat = " reverse" if weighed and i == len(scores) - 1 else ""
            text.append(f"{scores[i]:>2}", style=("bold underline" if i in new else "bold") + beat)
        else:
            text.append("··", style="dim")
    return text


def _cell(text: Text) -> Text:
    text.truncate(BOAT_WIDTH)
    text.pad_right(BOAT_WIDTH - text.cell_len + 1)
    return text
