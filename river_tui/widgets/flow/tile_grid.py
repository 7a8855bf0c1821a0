"""The Flow board, drawn with the Line API: each square is three lines of five
cells (five lines of nine on big terminals), and each tile's rivers are drawn with
box-drawing characters so a river can be followed by eye from tile to tile::

        A     B     C     D     E
      │     ╰╮    ╰D                │
   1──┼──  ─╮ ╰─ ─────   C2       ─ ◆ ─
      │      ╰╮   ╭◦                │
    crossing double lair   empty   start
             bend   tile   square  tile

A river leaves a tile at the middle of a side. A Lair is its owner's letter in its
owner's colour, a River End is ◦; each sits at the end of a short stub of river
from its side (on a compact tile, a north or south one turns aside into it), so
which way it runs is never in doubt. The start tile's four rivers are stubs around
its ◆. Column letters run along the top and row numbers down the left, the cursor's
reversed, so its square's name reads off the edges under a tile too. Empty squares show their name; a reserved one
shows the owner's letter in brackets, a locked square a ╳, and in the first round
the outer ring a row of dots under its names. The viewing seat's own Lair rivers
that may still close are drawn heavy (``━┃┏``) in its colour. The cursor square is tinted (reversed without
colour) and shows the tile in hand as it would lie (green if it may go there, red
with a ✗ in its top-right corner if not). On demand, the rivers of completed
Territories are lit up.

The board is one `ScrollView`; the cursor is a reactive square whose watcher
repaints only the two squares that changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.strip import Strip

from ...rules.flow.board import PLAYABLE, RINGS, START_CODE, segments, square_name
from ...rules.flow.components import BOARD_SIZE, CENTRE, END, LAIR, LOCKED_SQUARES, SPECIES, E, N, S, W
from ...rules.flow.state import FlowState
from ..board_cursor import BoardCursor, PlaceMessage, arrow_bindings
from ..last_move import LAST_MARK
from ..palette import ink

SCALES = {1: (3, 5), 2: (5, 9)}
"""Lines and cells of one square at each scale: compact for 80x24, roomy for big terminals."""
LAND = -1  # a cell with no river
CROSSING_CENTRE = 9  # the cell both rivers of a crossing pass
LAIR_MARK = "\0"  # replaced by the owner's letter when drawn
END_MARK = "◦"
BLOCKED_MARK = "✗"  # the tile in hand may not go where the cursor is

Cell = tuple[str, int]  # (character, key of the river drawn there, or LAND)
Grid = list[list[Cell]]

CORNER = {frozenset((N, E)): "╰", frozenset((N, W)): "╯", frozenset((S, E)): "╭", frozenset((S, W)): "╮"}
HEAVY = str.maketrans("─│╭╮╯╰┼", "━┃┏┓┛┗╋")
"""A river drawn heavy: the viewing seat's own Lair rivers still open (glyphs, not colour alone)."""


def mouth(side: int, height: int, width: int) -> tuple[int, int]:
    """The cell where a river leaves the tile through ``side``: the side's middle."""
    return {N: (0, width // 2), E: (height // 2, width - 1), S: (height - 1, width // 2), W: (height // 2, 0)}[side]


def arm(side: int, height: int, width: int) -> list[tuple[int, int, str]]:
    """The straight run of river from the middle of ``side`` up to the centre cell."""
    cy, cx = height // 2, width // 2
    if side == N:
        return [(row, cx, "│") for row in range(cy)]
    if side == S:
        return [(row, cx, "│") for row in range(cy + 1, height)]
    if side == E:
        return [(cy, col, "─") for col in range(cx + 1, width)]
    return [(cy, col, "─") for col in range(cx)]


def stairs(pair: frozenset[int], height: int, width: int) -> list[tuple[int, int, str]]:
    """A double bend's river between two neighbouring sides: it keeps to its corner
    of the tile, turning twice like a little staircase."""
    cy, cx = height // 2, width // 2
    vertical, horizontal = (N if N in pair else S), (E if E in pair else W)
    step_row = cy - 1 if vertical == N else cy + 1
    step_col = cx + 1 if horizontal == E else cx - 1
    down_run = range(cy - 1) if vertical == N else range(cy + 2, height)
    across = range(cx + 2, width) if horizontal == E else range(cx - 1)
    turns = {
        frozenset((N, E)): "╰╮╰", frozenset((N, W)): "╯╭╯",
        frozenset((S, E)): "╭╯╭", frozenset((S, W)): "╮╰╮",
    }[pair]
    return [
        *((row, cx, "│") for row in down_run),
        (step_row, cx, turns[0]), (step_row, step_col, turns[1]), (cy, step_col, turns[2]),
        *((cy, col, "─") for col in across),
    ]


@lru_cache(maxsize=None)
def tile_picture(tile_code: int, scale: int = 1) -> tuple[tuple[Cell, ...], ...]:
    """The rows of cells that draw a placed tile at ``scale``."""
    height, width = SCALES[scale]
    cy, cx = height // 2, width // 2
    grid: Grid = [[(" ", LAND)] * width for _ in range(height)]
    rivers = segments(tile_code)
    bends = [(side, held) for side, held in rivers if 0 <= held < 4 and (held - side) % 2]
    if tile_code == START_CODE:
        _start(grid, height, width)
        return tuple(tuple(row) for row in grid)
    for side, held in rivers:
        if held in (LAIR, END):
            _terminal(grid, side, LAIR_MARK if held == LAIR else END_MARK, height, width)
        elif len(bends) == 2 and (held - side) % 2:
            _draw(grid, stairs(frozenset((side, held)), height, width), side)
        else:
            _draw(grid, arm(side, height, width) + arm(held, height, width), side)
            if (held - side) % 2:
                grid[cy][cx] = (CORNER[frozenset((side, held))], side)
            elif grid[cy][cx][0] != " ":
                grid[cy][cx] = ("┼", CROSSING_CENTRE)
            else:
                grid[cy][cx] = ("│" if side == N else "─", side)
    return tuple(tuple(row) for row in grid)


def _draw(grid: Grid, cells: list[tuple[int, int, str]], key: int) -> None:
    for row, col, char in cells:
        grid[row][col] = (char, key)


def _terminal(grid: Grid, side: int, mark: str, height: int, width: int) -> None:
    """A Lair or River End one cell in from its side, after a stub of river from the
    side's middle. A compact tile has no room between a north or south mouth and
    its centre, so there the stub turns east into the mark (``╰D``, ``╭◦``)."""
    row, col = mouth(side, height, width)
    if height == SCALES[1][0] and side in (N, S):
        grid[row][col] = ("╰" if side == N else "╭", side)
        grid[row][col + 1] = (mark, side)
        return
    grid[row][col] = ("│" if side in (N, S) else "─", side)
    row += {N: 1, S: -1}.get(side, 0)
    col += {E: -1, W: 1}.get(side, 0)
    grid[row][col] = (mark, side)


def _start(grid: Grid, height: int, width: int) -> None:
    """The start tile: four stubs of river around its ◆ (a River End at each on a
    roomy tile, where there is room to keep them apart)."""
    if height > SCALES[1][0]:
        for side in (N, E, S, W):
            _terminal(grid, side, END_MARK, height, width)
    else:
        for side in (N, E, S, W):
            row, col = mouth(side, height, width)
            grid[row][col] = ("│" if side in (N, S) else "─", side)
    grid[height // 2][width // 2] = ("◆", LAND)


RULER_LINES = 1
"""The line of column letters above the squares."""
GUTTER = 2
"""The column of row numbers left of the squares."""
COLUMNS = "ABCDEFG"


def square_region(square: int, scale: int = 1) -> Region:
    height, width = SCALES[scale]
    row, col = divmod(square, BOARD_SIZE)
    return Region(GUTTER + col * width, RULER_LINES + row * height, width, height)


def board_size(scale: int) -> Size:
    """The whole board's cells at ``scale``, with its ruler and gutter."""
    height, width = SCALES[scale]
    return Size(GUTTER + BOARD_SIZE * width, RULER_LINES + BOARD_SIZE * height)


def square_at(x: int, y: int, scale: int) -> int | None:
    """The square drawn at cell (``x``, ``y``) of the board, if any."""
    height, width = SCALES[scale]
    col, row = (x - GUTTER) // width, (y - RULER_LINES) // height
    if x < GUTTER or y < RULER_LINES or not (0 <= col < BOARD_SIZE and 0 <= row < BOARD_SIZE):
        return None
    return row * BOARD_SIZE + col


def _passes(passes: frozenset[tuple[int, int]], square: int, key: int) -> bool:
    """Whether the river drawn with ``key`` on ``square`` is one of ``passes`` (a
    crossing's centre: where either of its rivers is)."""
    return (square, key) in passes or (key == CROSSING_CENTRE and bool({(square, N), (square, E)} & passes))


def _heavy(char: str, passes: frozenset[tuple[int, int]], square: int, key: int) -> str:
    """``char`` drawn heavy; at a crossing's centre, heavy along the river of ``passes`` only."""
    if key == CROSSING_CENTRE and not {(square, N), (square, E)} <= passes:
        return "╂" if (square, N) in passes else "┿"
    return char.translate(HEAVY)


def _shade(name: str, square: int) -> str:
    """Every other square takes the "-alt" shade, like a chess board."""
    row, col = divmod(square, BOARD_SIZE)
    return f"{name}-alt" if (row + col) % 2 else name


SPECIES_INKS = {"magenta": "magenta", "yellow": "lemon", "cyan": "cyan", "green": "green", "blue": "blue"}
"""Each species' colour (as the components name it) in the palette's inks."""


def species_style(seat: int) -> Style:
    return Style(color=ink(SPECIES_INKS[SPECIES[seat].colour]), bold=True)


@dataclass(frozen=True)
class Ghost:
    """The tile in hand drawn at the cursor: its placed code, whether it may go
    there, and the seat whose Lair it would be."""

    tile_code: int
    allowed: bool
    owner: int | None


class TileGrid(BoardCursor):
    """The board: tiles with their rivers, Lairs, River Ends, reservations, the
    locked squares and rings, the first-round limit, and a cursor to pick a square."""

    BINDINGS: list[BindingType] = [
        *arrow_bindings("tile_grid"),
        Binding("enter", "choose", "Place", id="tile_grid_choose"),
    ]

    COMPONENT_CLASSES = {
        "tile-grid--land", "tile-grid--land-alt", "tile-grid--river", "tile-grid--end",
        "tile-grid--inner", "tile-grid--inner-alt", "tile-grid--outer", "tile-grid--outer-alt",
        "tile-grid--shut", "tile-grid--name", "tile-grid--reserved", "tile-grid--cursor",
        "tile-grid--ghost", "tile-grid--blocked", "tile-grid--territory", "tile-grid--last",
        "tile-grid--last-mark", "tile-grid--lair", "tile-grid--cursor-label",
    }
    """Placed tiles' land (two shades, like a chess board, so neighbours stand apart),
    rivers and River Ends; empty squares of the inner rings and of the outer ring (two
    shades each); squares closed now (locked, or the outer ring in the first round),
    square names, reservations; the cursor, the tile in hand where it may or may not
    go; the rivers of completed Territories; and what the last moves changed (the
    squares, underlined, with `LAST_MARK` in their corner, and the rivers of the
    territories they closed); the cursor's column letter and row number, so its
    square's name reads off the edges even where a tile covers the name."""

    DRAWN_OVER = frozenset(
        {"river", "end", "ghost", "blocked", "territory", "last", "last-mark", "name", "lair", "cursor-label"}
    )
    """The looks drawn over a square's own (its land, its ring, the cursor): their
    background, where they set none, is the square's, not the board's."""

    DEFAULT_CSS = """
    TileGrid { background: $surface; scrollbar-size: 1 1; }
    TileGrid > .tile-grid--land { background: $primary-background-darken-1; }
    TileGrid > .tile-grid--land-alt { background: $primary-background-darken-2; }
    /* The light look's land is its own dark blue: a light tint instead, the words dark on it. */
    TileGrid:light > .tile-grid--land { background: $primary 12%; }
    TileGrid:light > .tile-grid--land-alt { background: $primary 6%; }
    TileGrid > .tile-grid--river { color: $text-primary; text-style: bold; }
    TileGrid > .tile-grid--end { color: $text-secondary; text-style: bold; }
    TileGrid > .tile-grid--inner { background: $surface-lighten-1; color: $foreground-darken-3; }
    TileGrid > .tile-grid--inner-alt { background: $surface-lighten-2; color: $foreground-darken-3; }
    TileGrid > .tile-grid--outer { background: $panel-darken-1; color: $foreground-darken-3; }
    TileGrid > .tile-grid--outer-alt { background: $panel-darken-2; color: $foreground-darken-3; }
    TileGrid > .tile-grid--shut { background: $background; color: $foreground-darken-3; }
    TileGrid > .tile-grid--name { color: $foreground-muted; }
    TileGrid > .tile-grid--cursor-label { text-style: bold reverse; }
    TileGrid > .tile-grid--reserved { background: $secondary-muted; }
    TileGrid > .tile-grid--cursor { background: $accent-muted; }
    TileGrid > .tile-grid--ghost { color: $text-success; text-style: bold; }
    TileGrid > .tile-grid--blocked { color: $error; text-style: bold; }
    TileGrid > .tile-grid--territory { color: $warning; text-style: bold reverse; }
    TileGrid > .tile-grid--last { text-style: bold underline; }
    TileGrid > .tile-grid--last-mark { color: $text-accent; text-style: bold reverse; }
    TileGrid:nocolor > .tile-grid--cursor { text-style: reverse; }
    /* A Lair's letter: bold in its owner's colour; without colour, reversed, so a Lair
       tile stands out from the rivers around it. */
    TileGrid > .tile-grid--lair { text-style: bold; }
    TileGrid:nocolor > .tile-grid--lair { text-style: bold reverse; }
    """

    cursor: reactive[int] = reactive(CENTRE - BOARD_SIZE, init=False)
    """The square under the cursor (0-48, row by row from the north-west)."""

    scale: reactive[int] = reactive(1, init=False)
    """1: squares of 3 lines by 5 cells; 2: 5 lines by 9 cells, for big terminals."""

    COMPONENT_PREFIX = "tile-grid"

    class CursorMoved(PlaceMessage):
        """The cursor moved to the square ``place``."""

    class Chosen(BoardCursor.Chosen):
        """Enter, or a click on the cursor square, chose the square ``place``."""

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.state: FlowState | None = None
        self.ghost: Ghost | None = None
        self.highlight: frozenset[tuple[int, int]] = frozenset()
        self.last: frozenset = frozenset()
        self.own_rivers: frozenset[tuple[int, int]] = frozenset()
        """The river passes of the viewing seat's open Lair rivers, drawn heavy in its colour."""
        self.viewer: int | None = None
        self._lines: dict[int, Strip]  # line -> strip
        self.virtual_size = board_size(1)

    # --- what is shown -------------------------------------------------------------------------
    def show(
        self, state: FlowState, ghost: Ghost | None = None, highlight: frozenset[tuple[int, int]] = frozenset(),
        last: frozenset = frozenset(), own_rivers: frozenset[tuple[int, int]] = frozenset(),
        viewer: int | None = None,
    ) -> None:
        """Draw ``state`` (a seat's view) with ``ghost`` at the cursor, lighting up the
        river passes (square, river key) in ``highlight``, marking what the last
        moves changed (``last``: the marks of rules/flow/narration.py) and drawing
        ``viewer``'s open Lair rivers (``own_rivers``, passes) heavy in its colour."""
        self.state = state
        self.ghost = ghost
        self.highlight = highlight
        self.last = last
        self.own_rivers, self.viewer = own_rivers, viewer
        self._lines.clear()
        self.refresh()

    def set_ghost(self, ghost: Ghost | None) -> None:
        """Change the tile drawn at the cursor; repaint only the cursor square."""
        if ghost != self.ghost:
            self.ghost = ghost
            self._repaint((self.cursor,))

    def place_region(self, place: int) -> Region:
        return square_region(place, self.scale)

    def watch_cursor(self, old: int, new: int) -> None:
        super().watch_cursor(old, new)
        self._repaint_labels(old, new)
        self.post_message(self.CursorMoved(self, new))

    def _repaint_labels(self, old: int, new: int) -> None:
        """Draw again the column letters and the row numbers of the squares the cursor
        left and came to (only their lines)."""
        height = SCALES[self.scale][0]
        lines = {0, *(RULER_LINES + square // BOARD_SIZE * height + height // 2 for square in (old, new))}
        width = board_size(self.scale).width
        for y in lines:
            self._lines.pop(y, None)
            self.refresh(Region(0, y, width, 1).translate(-self.scroll_offset))

    def watch_scale(self, scale: int) -> None:
        self.virtual_size = board_size(scale)
        self._lines.clear()
        self.refresh()

    # --- keys and mouse ----------------------------------------------------------------------------
    def action_move(self, drow: int, dcol: int) -> None:
        row, col = divmod(self.cursor, BOARD_SIZE)
        row = min(max(row + drow, 0), BOARD_SIZE - 1)
        col = min(max(col + dcol, 0), BOARD_SIZE - 1)
        self.cursor = row * BOARD_SIZE + col

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The screen says whether its board's Enter places a tile (a watcher's does not)."""
        if action == "choose":
            return self.screen.check_action(action, parameters)
        return True

    def on_click(self, event: events.Click) -> None:
        square = square_at(event.x + self.scroll_offset.x, event.y + self.scroll_offset.y, self.scale)
        if square is None:
            return
        if square == self.cursor:
            self.post_message(self.Chosen(self, square))
        else:
            self.cursor = square

    # --- the Line API ----------------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = y + scroll_y
        strip = self._lines.get(line)
        if strip is None:
            strip = self._lines[line] = self._render_board_line(line)
        return strip.crop_extend(scroll_x, scroll_x + self.size.width, self._style(""))

    def _render_board_line(self, line: int) -> Strip:
        size = board_size(self.scale)
        if self.state is None or line >= size.height:
            return Strip.blank(size.width, Style())
        height, width = SCALES[self.scale]
        label = self._style("") + self._style("name")
        at_cursor = label + self._style("cursor-label")
        cursor_row, cursor_col = divmod(self.cursor, BOARD_SIZE)
        if line < RULER_LINES:
            letters = [Segment(f"{c:^{width}}", at_cursor if n == cursor_col else label) for n, c in enumerate(COLUMNS)]
            return Strip([Segment(" " * GUTTER, label), *letters], size.width)
        board_row, cell_row = divmod(line - RULER_LINES, height)
        number = str(board_row + 1) if cell_row == height // 2 else ""
        segments_out: list[Segment] = [
            Segment(f"{number:<{GUTTER}}", at_cursor if number and board_row == cursor_row else label)
        ]
        for col in range(BOARD_SIZE):
            segments_out += self._square_line(board_row * BOARD_SIZE + col, cell_row)
        return Strip(segments_out, size.width)

    def _style(self, name: str) -> Style:
        if name not in self.DRAWN_OVER:
            return super()._style(name)
        style = self._styles.get(name)
        if style is None:
            style = self._styles[name] = self.get_component_rich_style(f"tile-grid--{name}", partial=True)
        return style

    def _square_line(self, square: int, cell_row: int) -> list[Segment]:
        state = self.state
        tile = state.tiles[square]
        ghost = self.ghost if square == self.cursor and tile < 0 else None
        if tile >= 0:
            out = self._tile_line(square, tile, cell_row, self._style(_shade("land", square)), None)
        elif ghost is not None:
            base = self._empty_style(square) + self._style("cursor")
            mark = self._style("ghost" if ghost.allowed else "blocked")
            out = self._tile_line(square, ghost.tile_code, cell_row, base, (mark, ghost.owner))
            if not ghost.allowed and cell_row == 0:  # not by colour alone: the top-right corner (land) says so
                out[-1] = Segment(BLOCKED_MARK, out[-1].style + mark)
        else:
            out = self._empty_line(square, cell_row)
        if ("square", square) in self.last:
            out = self._marked_last(out, cell_row)
        if square == self.cursor and ghost is None:
            cursor = self._style("cursor")
            out = [Segment(text, style + cursor) for text, style, _ in out]
        return out

    def _marked_last(self, out: list[Segment], cell_row: int) -> list[Segment]:
        """A square the last moves changed: underlined, `LAST_MARK` in its top-left corner."""
        last = self._style("last")
        out = [Segment(text, style + last) for text, style, _ in out]
        if cell_row == 0 and out:
            (text, style, _), *rest = out
            out = [Segment(LAST_MARK, style + self._style("last-mark")), Segment(text[1:], style), *rest]
        return out

    def _tile_line(
        self, square: int, tile: int, cell_row: int, base: Style, ghost: tuple[Style, int | None] | None
    ) -> list[Segment]:
        out = []
        for char, key in tile_picture(tile, self.scale)[cell_row]:
            style = base
            if key != LAND:
                style += self._style("end" if char == END_MARK else "river")
                if ghost is not None:
                    style += ghost[0]
                elif _passes(self.highlight, square, key):
                    style += self._style("territory")
                elif _passes(self.own_rivers, square, key):
                    style += species_style(self.viewer)
                    char = _heavy(char, self.own_rivers, square, key)
                elif ("pass", square, key) in self.last:  # a territory the last moves closed
                    style += self._style("last")
            if char == LAIR_MARK:
                owner = ghost[1] if ghost is not None else self.state.lair_owner[square]
                char = SPECIES[owner].glyph if owner is not None and owner >= 0 else "?"
                if owner is not None and owner >= 0:
                    style += species_style(owner) + self._style("lair")
            out.append(Segment(char, style))
        return out

    def _empty_style(self, square: int) -> Style:
        if self._shut(square):
            return self._style("shut")
        return self._style(_shade("outer" if RINGS[square] == 0 else "inner", square))

    def _shut(self, square: int) -> bool:
        """No tile may go here now: a locked square kept shut, or the outer ring in
        the first round."""
        state = self.state
        if not PLAYABLE[state.locked_open][square]:
            return True
        return state.first_round and RINGS[square] == 0

    def _empty_line(self, square: int, cell_row: int) -> list[Segment]:
        state = self.state
        height, width = SCALES[self.scale]
        middle = cell_row == height // 2
        base = self._empty_style(square)
        if square in LOCKED_SQUARES and not state.locked_open:  # one ╳ in the middle: a hatch was most of the board's ink
            return [Segment(("╳" if middle else " ").center(width), base)]
        holder = state.reservations.index(square) if square in state.reservations else -1
        if holder >= 0:
            base += self._style("reserved")
            if middle:
                left = (width - 3) // 2
                mark = species_style(holder)
                return [Segment(" " * left + "[", base), Segment(SPECIES[holder].glyph, base + mark),
                        Segment("]" + " " * (width - left - 3), base)]
            return [Segment(" " * width, base)]
        if middle:
            return [Segment(f" {square_name(square)}".ljust(width), base + self._style("name"))]
        if self._shut(square) and cell_row == height - 1:  # a row of dots under its name, not two
            return [Segment(("· " * width)[:width], base)]
        return [Segment(" " * width, base)]
