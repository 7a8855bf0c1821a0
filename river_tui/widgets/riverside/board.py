"""The river board: the west tile, two rows of river tiles and the east tile.

The ship's track runs along the north row from the west space to the east tile,
turns, and runs back along the south row to the anchor (⚑). Each tile shows its
three spaces; a village's pier is a round space (○) with the village's colours
and values printed beside it (``P6Y5``), north villages above the river and
south villages below. ┊ marks a column's north/south passage. The ship is ◆.
While a player chooses a village, spaces within their range are drawn bold (•, ◉)
and villages within range in reverse, but for those where nothing would score
now (their pier ◌, their letters dim); the village under the cursor is underlined
and marked ▾ or ▴. After a roll, the space the ship sailed from is ✦ and the
spaces it passed are underlined, until the player acts.
"""

from __future__ import annotations

from collections.abc import Collection

from rich.text import Text
from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from ...rules.riverside.board import Board
from ...rules.riverside.components import SPACES_PER_TILE, TILES
from ..last_move import LAST_MARK
from .glyphs import village_label
from .kept import kept

TILE_WIDTH = 2 * SPACES_PER_TILE + 2
EDGE = 3
"""Width of the west and east tiles."""
SHIP, ANCHOR = "◆", "⚑"
BARREN_PIER = "◌"
"""A pier in range where nothing would score now."""


class RiverBoard(Widget):
    """Five lines: north villages, the north row, passages, the south row, south villages."""

    DEFAULT_CSS = """
    RiverBoard { height: 5; width: auto; }
    """

    class Clicked(Message):
        """A click on a village's tile: its slot (north row first, west to east)."""

        def __init__(self, slot: int) -> None:
            super().__init__()
            self.slot = slot

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.board: Board | None = None
        self.ship = 0
        self.reach: int | None = None
        self.cursor: int | None = None
        self.visited: Collection[int] = ()
        self.barren: frozenset[int] = frozenset()
        self.sailed: tuple[int, int] | None = None
        self._strips: list[Strip] | None = None  # as drawn, until what is shown changes

    def show(self, board: Board, ship: int, *, reach: int | None = None, cursor: int | None = None,
             visited: Collection[int] = (), barren: Collection[int] = (),
             sailed: tuple[int, int] | None = None) -> None:  # fmt: skip
        """``reach``: draw the range of a player choosing a village; ``cursor``:
        the village slot pointed at; ``visited``: village slots already visited;
        ``barren``: village slots where nothing would score now; ``sailed``: (from,
        to) of the ship's last move, marked until the player acts."""
        shown = (board, ship, reach, cursor, tuple(visited), frozenset(barren), sailed)
        if shown == (self.board, self.ship, self.reach, self.cursor, tuple(self.visited), self.barren, self.sailed):
            return  # a cursor moved elsewhere: the river stays as drawn
        resized = self.board is None or board.columns != self.board.columns
        self.board, self.ship, self.reach, self.cursor, self.visited, self.barren, self.sailed = shown
        self._strips = None
        self.refresh(layout=resized)

    def get_content_width(self, container, viewport) -> int:
        columns = self.board.columns if self.board else 5
        return 2 * EDGE + columns * TILE_WIDTH

    def on_click(self, event: events.Click) -> None:
        """A click on a tile's villages or its row of river picks that tile."""
        if self.board is None:
            return
        column = (event.x - EDGE) // TILE_WIDTH
        row = 0 if event.y < 2 else 1 if event.y > 2 else None
        if row is not None and 0 <= column < self.board.columns and event.x >= EDGE:
            self.post_message(self.Clicked(row * self.board.columns + column))

    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the river as `render` writes it, drawn once for every screen
        showing this board with the ship, range, cursor and marks alike (`kept`): at a
        table the seats' screens mostly show the same river, at both sizes."""
        if self._strips is None:
            tiles = (self.board.north, self.board.south) if self.board is not None else None  # (all a board is made of)
            shown = (tiles, self.ship, self.reach, self.cursor, tuple(self.visited), self.barren, self.sailed)
            key = ("river", *shown, self.size, self.visual_style, self.app.ansi_theme)
            self._strips = kept(key, self._drawn)
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)

    def _drawn(self) -> list[Strip]:
        width, height = self.size
        return Visual.to_strips(self, visualize(self, self.render()), width, height, self.visual_style)

    def on_resize(self) -> None:
        self._strips = None

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips = None

    def render(self) -> Text:
        board = self.board
        if board is None:
            return Text()
        in_range = board.spaces_in_range(self.ship, self.reach) if self.reach is not None else frozenset()
        slots_in_range = set(board.in_range(self.ship, self.reach)) if self.reach is not None else set()
        piers = {space: slot for slot, space in enumerate(board.pier_space)}
        north, south = Text(" "), Text(" ")
        north.append_text(self._space(0, in_range, piers))
        north.append("─")
        south.append_text(Text(ANCHOR, style="bold" + (" reverse" if self.ship == board.anchor else "")))
        south.append("─")
        passages = Text(" " * EDGE)
        labels = [Text(" " * EDGE), Text(" " * EDGE)]
        for column in range(board.columns):
            for row, line in ((0, north), (1, south)):
                spaces = board.tile_spaces(row, column)
                on_screen = spaces if row == 0 else spaces[::-1]
                for space in on_screen:
                    line.append("─", style="blue")
                    line.append_text(self._space(space, in_range, piers))
                line.append("──", style="blue")
                slot = row * board.columns + column
                labels[row].append_text(self._label(slot, row, slots_in_range))
            top, bottom = TILES[board.north[column]], TILES[board.south[column]]
            link = top.passage is not None and bottom.passage is not None
            passages.append(" " * 3 + ("┊" if link else " ") + " " * (TILE_WIDTH - 4), style="blue")
        east = board.east_spaces()
        north.append_text(self._space(east[0], in_range, piers))
        north.append("╮", style="blue")
        south.append_text(self._space(east[-1], in_range, piers))
        south.append("╯", style="blue")
        passages.append(" " * (EDGE - 1) + "│", style="blue")
        return Text("\n").join([labels[0], north, passages, south, labels[1]])

    def _space(self, space: int, in_range: frozenset[int], piers: dict[int, int]) -> Text:
        if space == self.ship:
            return Text(SHIP, style="bold reverse")
        if self.sailed is not None and space == self.sailed[0]:
            return Text(LAST_MARK, style="bold reverse")  # where the ship sailed from
        near = space in in_range
        if space in piers:
            glyph = (BARREN_PIER if piers[space] in self.barren else "◉") if near else "○"
        else:
            glyph = "•" if near else "·"
        if self.sailed is not None and self.sailed[0] < space < self.sailed[1]:
            return Text(glyph, style="bold underline")  # passed by the ship
        return Text(glyph, style="bold" if near else "dim")

    def _label(self, slot: int, row: int, slots_in_range: set[int]) -> Text:
        """A tile's width of label: the village's letters from its pier's column
        (moved left if they would not fit), ▾/▴ before them at the cursor."""
        board = self.board
        tile = TILES[board.tiles[slot]]
        pier_column = 1 + 2 * (tile.pier if row == 0 else SPACES_PER_TILE - 1 - tile.pier)
        extra = "dim" if slot in self.barren else "reverse" if slot in slots_in_range else ""
        if slot in self.visited:
            extra += " strike"
        label = village_label(tile.village, extra)
        start = min(pier_column, TILE_WIDTH - label.cell_len)
        text = Text(" " * (start - 1))
        if slot == self.cursor:
            label.stylize("underline")
            text.append("▾" if row == 0 else "▴", style="bold")
        else:
            text.append(" ")
        text.append_text(label)
        text.pad_right(TILE_WIDTH - text.cell_len)
        return text
