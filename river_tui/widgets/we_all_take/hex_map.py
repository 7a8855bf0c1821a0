"""The hex map of We All Take from the River, drawn with the Line API.

Five rows of hexagons, one per turn, from the top of the river to the estuary: a
west land tile, the river tile and an east land tile, with the half tiles on the
outer edges. Each hexagon is two lines of text between slanted edges::

     ╱W1 9 ♣♣♧  ╲╱R1 ∝∝   [6]╲╱E1 8 ♣♣   ╲
     ╲R⌂m       ╱╲∝1 Rb      ╱╲O⌂        ╱
        [ ] [b]      ↓ +         [ ] [o]

Below the map, its key. The first line of a hexagon holds the tile's code, its elevation, its slots (token glyphs, or
the glyph of an empty slot) and its flags (≋ flooded, ◈ protected, ▣/▦ the city);
the second the structures, by owner letter and kind letter, and for the river its
loose tokens. Between the rows: the net slots on each bank and the "+" lines. The
water-level die sits on the river tile of the current row.

The map is one `ScrollView`: no widget per hexagon. The cursor is a reactive tile
id whose watcher repaints only the two hexagons that changed. The map is drawn
from the watchers' view, and its lines (and hexagons) are kept with that position
(`position_drawings`): every seat's map at a server table draws the position, and
a line is drawn once for all the seats that see it alike (the rows that hold no
seat's own cursor, marks or recent changes).
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size, Spacing
from textual.reactive import reactive
from textual.strip import Strip

from ...rules.we_all_take.components import (
    CAMP, EAST, EMPTY, HALF, NET, NET_SLOTS, PLUS_LINES, ROW_HALVES, ROW_RIVER, ROWS, SLOTS, TILES, WATER, WEST,
    land,
)
from ...rules.we_all_take.state import WeState
from ..board_cursor import BoardCursor, arrow_bindings
from ..last_move import LAST_MARK
from ..position_drawings import drawings_of
from .glyphs import (
    EMPTY_GLYPH, EMPTY_STYLE, LEGEND, STRUCTURE_LETTER, TOKEN_GLYPH, TOKEN_STYLE, owner_letter, owner_style,
)

# --- geometry -------------------------------------------------------------------------------------
MARGIN = 3
HALF_WIDTH, LAND_WIDTH, RIVER_WIDTH = 4, 13, 14
COLUMN_X = (MARGIN, MARGIN + 5, MARGIN + 5 + LAND_WIDTH, MARGIN + 5 + LAND_WIDTH + RIVER_WIDTH,
            MARGIN + 6 + 2 * LAND_WIDTH + RIVER_WIDTH)
"""x of each column: west half, west land, river, east land, east half."""
COLUMN_WIDTH = (HALF_WIDTH, LAND_WIDTH, RIVER_WIDTH, LAND_WIDTH, HALF_WIDTH)
MAP_WIDTH = COLUMN_X[4] + HALF_WIDTH
ROW_LINES = 3
"""Two lines of hexagons, then the line below them (nets, "+")."""
MAP_HEIGHT = 1 + ROWS * ROW_LINES + len(LEGEND)
"""The header, the rows, and the key to the glyphs below them."""


def _grid() -> tuple[tuple[int | None, ...], ...]:
    rows = []
    for row in range(ROWS):
        halves = {TILES[h].side: h for h in ROW_HALVES[row]}
        rows.append((halves.get(WEST), land(row, WEST), ROW_RIVER[row], land(row, EAST), halves.get(EAST)))
    return tuple(rows)


GRID = _grid()
"""Tile ids by row and column (None where a row has no half tile)."""
PLACE = {tile: (row, col) for row, cols in enumerate(GRID) for col, tile in enumerate(cols) if tile is not None}
ROW_TILES = tuple(frozenset(tile for tile in cols if tile is not None) for cols in GRID)


def tile_region(tile: int) -> Region:
    """Where a hexagon is drawn, in map coordinates."""
    row, col = PLACE[tile]
    return Region(COLUMN_X[col], 1 + ROW_LINES * row, COLUMN_WIDTH[col], 2)


def step(tile: int, drow: int, dcol: int) -> int:
    """The tile the cursor reaches from ``tile`` by one step: sideways along the row
    (skipping missing half tiles), or up and down the river keeping the column (a
    missing half tile gives way to the land tile on its side)."""
    row, col = PLACE[tile]
    if dcol:
        col += dcol
        while 0 <= col < 5 and GRID[row][col] is None:
            col += dcol
        return GRID[row][col] if 0 <= col < 5 else tile
    row += drow
    if not 0 <= row < ROWS:
        return tile
    target = GRID[row][col]
    if target is None:
        target = GRID[row][1 if col == 0 else 3]
    return target


# --- the map widget -------------------------------------------------------------------------------------
class HexMap(BoardCursor):
    """The board: every hexagon's slots, tokens and structures, the nets, the "+" lines,
    the water level on the current row, and a cursor to pick a hexagon."""

    BINDINGS: list[BindingType] = [
        *arrow_bindings("hex"),
        Binding("enter", "choose", "Choose hex", id="hex_choose", show=False),
    ]

    COMPONENT_CLASSES = {
        "hex-map--land", "hex-map--river", "hex-map--half", "hex-map--flood", "hex-map--edge",
        "hex-map--current", "hex-map--cursor", "hex-map--mark", "hex-map--die", "hex-map--dim",
        "hex-map--flag", "hex-map--last",
    }
    """Backgrounds of land, river and half tiles and of flooded ones; the hexagons'
    edges, those of the current row, the cursor, hexagons marked as targets; the die."""

    DEFAULT_CSS = """
    HexMap { background: $surface; scrollbar-size: 1 1; }
    HexMap > .hex-map--land { background: $surface; color: $foreground; }
    /* Water is a tint of the surface, faint enough that every camp's ink and token
       reads on it (4.5:1, tests/app/test_every_colour_reads.py); the light look's inks are
       darker, so its tint is fainter. A flooded land tile is under water: the same. */
    HexMap > .hex-map--river { background: $primary 10%; color: $foreground; }
    HexMap > .hex-map--half { background: $surface; color: $foreground-muted; }
    HexMap > .hex-map--flood { background: $primary 10%; color: $foreground; }
    HexMap:light > .hex-map--river, HexMap:light > .hex-map--flood { background: $primary 6%; }
    HexMap > .hex-map--edge { color: $foreground-darken-3; }
    HexMap > .hex-map--current { color: $foreground; text-style: bold; }
    /* Whether the map has the keys reads without colour: its cursor is reversed, else underlined. */
    HexMap > .hex-map--cursor { text-style: underline; }
    HexMap:focus > .hex-map--cursor { text-style: reverse; }
    HexMap > .hex-map--mark { color: $text-warning; text-style: bold; }
    HexMap > .hex-map--die { background: $accent; color: #000000; text-style: bold; }  /* black reads on every look's accent */
    HexMap > .hex-map--dim { color: $foreground 70%; }
    HexMap > .hex-map--flag { color: $text-warning; text-style: bold; }
    HexMap > .hex-map--last { text-style: bold reverse; }
    """

    cursor: reactive[int] = reactive(land(0, WEST), init=False, repaint=False)
    """The tile id under the cursor (watch it to follow the cursor: a watcher runs in
    the same step as the move, so what it redraws lands in the same frame)."""

    COMPONENT_PREFIX = "hex-map"
    SCROLL_MARGIN = Spacing(1, 2, 1, 2)

    class Chosen(BoardCursor.Chosen):
        """Enter (or a click) chose the tile ``place``."""

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.state: WeState | None = None
        self.marks: frozenset[int] = frozenset()
        self.last: frozenset[int] = frozenset()
        self._lines: dict[int, tuple]  # line -> ((scroll x, width), its strip cropped to them, the whole line)
        self._drawings: dict = {}  # what is drawn of this position, for every seat's map (`position_drawings`)
        self._palette: tuple[Style, ...] | None = None  # the component styles, until the CSS changes
        self.virtual_size = Size(MAP_WIDTH, MAP_HEIGHT)

    # --- what is shown ---------------------------------------------------------------------------
    def show(self, state: WeState, marks: frozenset[int] = frozenset(), last: frozenset[int] = frozenset()) -> None:
        """Draw ``state`` (the watchers' view: what is drawn of it is shared with the
        other seats' maps), marking the hexagons in ``marks``, and those the last
        moves changed (``last``: ✦ for their top-left edge, their first line underlined)."""
        self.state = state
        self.marks = frozenset(marks)
        self.last = frozenset(last)
        self._drawings = drawings_of(state)
        self._redraw_changed_lines()

    def _redraw_changed_lines(self) -> None:
        """Refresh only the lines in sight that now read differently: a move changes a
        hexagon or two, and each seat's screen redraws after every move. Lines out of
        sight are drawn afresh when scrolled to."""
        drawn, self._lines = self._lines, {}
        top = self.scroll_offset.y
        for line in range(top, min(top + self.size.height, MAP_HEIGHT)):
            board_line = self._map_line(line)
            before = drawn.get(line)
            if before is not None and (before[2] is board_line or before[2] == board_line):
                self._lines[line] = before
            else:
                self._lines[line] = (None, None, board_line)  # cropped to the window when drawn
                self.refresh(Region(0, line - top, self.size.width, 1))

    def mark(self, tiles) -> None:
        """Mark the hexagons an action would touch; repaint only those that change."""
        tiles = frozenset(tiles)
        changed = tiles ^ self.marks
        self.marks = tiles
        self._repaint(changed)

    def place_region(self, place: int) -> Region:
        return tile_region(place)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._palette = None

    # --- keys and mouse ----------------------------------------------------------------------------
    def action_move(self, drow: int, dcol: int) -> None:
        self.cursor = step(self.cursor, drow, dcol)

    def on_click(self, event: events.Click) -> None:
        x, y = event.x + self.scroll_offset.x, event.y + self.scroll_offset.y
        for tile in PLACE:
            if tile_region(tile).contains(x, y):
                self.cursor = tile
                self.post_message(self.Chosen(self, tile))
                return

    # --- the Line API ----------------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = y + scroll_y
        window = (scroll_x, self.size.width)
        cached = self._lines.get(line)
        if cached is None or cached[0] != window:
            board_line = self._map_line(line) if cached is None else cached[2]
            strip = board_line.crop_extend(scroll_x, scroll_x + self.size.width, self._style(""))
            cached = self._lines[line] = (window, strip, board_line)
        return cached[1]

    def _map_line(self, line: int) -> Strip:
        """Board line ``line`` as this map shows it: drawn once per position for every
        map that shows it alike (the same theme, and on a row of hexagons the same
        cursor, marks and recent changes there, if any)."""
        if self.state is None or line >= MAP_HEIGHT:
            return Strip.blank(MAP_WIDTH, PLAIN)
        row, k = divmod(line - 1, ROW_LINES)
        if line and row < ROWS and k < 2:
            here = ROW_TILES[row]
            cursor = (self.cursor, self._style("cursor")) if self.cursor in here else None
            key = (line, self._styles_key(), cursor, self.marks & here, self.last & here)
        else:
            key = (line, self._styles_key())
        strip = self._drawings.get(key)
        if strip is None:
            # under every piece, the map's own colours: a gap or a net's letter drawn
            # without a background showed the terminal's own (black on the light look)
            strip = self._drawings[key] = self._render_map_line(line).apply_style(self._style(""))
        return strip

    def _styles_key(self) -> tuple[Style, ...]:
        """The component styles the map is drawn in (sessions may have other themes),
        but the cursor's: it differs with focus, and only the cursor's row shows it."""
        if self._palette is None:
            names = ("", *(name.split("--")[1] for name in sorted(self.COMPONENT_CLASSES) if name != "hex-map--cursor"))
            self._palette = tuple(self._style(name) for name in names)
        return self._palette

    def _render_map_line(self, line: int) -> Strip:
        if line == 0:
            return self._header()
        if line > ROWS * ROW_LINES:
            return Strip([Segment(" " + LEGEND[line - 1 - ROWS * ROW_LINES], self._style("dim"))])
        row, k = divmod(line - 1, ROW_LINES)
        if k == 2:
            return self._between(row)
        return self._hex_line(row, k)

    def _header(self) -> Strip:
        dim = self._style("dim")
        arrow = "↑ Storm" if self.state.storm else "↓"
        segments = [Segment(" " * COLUMN_X[1], PLAIN)]
        for col, text in ((1, "west bank"), (2, f"river {arrow}"), (3, "east bank")):
            segments.append(Segment(text.center(COLUMN_WIDTH[col])[: COLUMN_WIDTH[col]], dim))
        return Strip(segments)

    def _current_row(self) -> int | None:
        s = self.state
        return s.row if s.phase == "actions" else None

    def _hex_line(self, row: int, k: int) -> Strip:
        current = self._current_row() == row
        label = ("▶" if current else " ") + (str(row + 1) if k == 0 else " ") + " "
        segments = [Segment(label, self._style("current") if current else self._style("dim"))]
        x = MARGIN
        for col, tile in enumerate(GRID[row]):
            gap = COLUMN_X[col] - x
            if gap:
                segments.append(Segment(" " * gap, PLAIN))
            width = COLUMN_WIDTH[col]
            segments += self._cell(tile, k, width, current) if tile is not None else [Segment(" " * width, PLAIN)]
            x = COLUMN_X[col] + width
        return Strip(segments)

    def _cell(self, tile: int, k: int, width: int, current: bool) -> list[Segment]:
        """Line ``k`` of a hexagon; drawn once per position (and mark, and theme), so a
        cursor move only restyles the two hexagons it leaves and enters."""
        key = ("cell", tile, k, tile in self.marks, tile in self.last, self._styles_key())
        segments = self._drawings.get(key)
        if segments is None:
            segments = self._drawings[key] = self._draw_cell(tile, k, width, current)
        if tile == self.cursor:
            cursor = self._style("cursor")
            segments = [Segment(text, style + cursor) for text, style, _ in segments]
        return segments

    def _draw_cell(self, tile: int, k: int, width: int, current: bool) -> list[Segment]:
        info = TILES[tile]
        s = self.state
        if info.kind == HALF:
            base = self._style("half")
            inner = _half_line(s, tile, k)
            segments = [Segment(" ", base), *_paint(inner, width - 1, base)]
        else:
            base = self._style("flood" if tile in s.flooded else ("river" if info.kind == WATER else "land"))
            edge = base + (self._style("mark") if tile in self.marks else self._style("current" if current else "edge"))
            left, right = ("╱", "╲") if k == 0 else ("╲", "╱")
            if tile in self.marks:
                left, right = "◆", "◆"
            here = self._places()[0].get(tile, ())
            inner = (_river_line if info.kind == WATER else _land_line)(s, tile, k, here, self._style)
            if tile in self.last and k == 0:  # changed by the last moves
                return [Segment(LAST_MARK, edge + self._style("last")), *_paint(inner, width - 2, base + UNDERLINE),
                        Segment(right, edge)]
            segments = [Segment(left, edge), *_paint(inner, width - 2, base), Segment(right, edge)]
        return segments

    def _places(self) -> tuple[dict[int, list], dict[int, object]]:
        """Tile -> the structures on it (nets aside), and net slot -> the net on it."""
        places = self._drawings.get("places")
        if places is None:
            here: dict[int, list] = {}
            nets: dict[int, object] = {}
            for st in self.state.structures.values():
                if st.kind == NET:
                    nets[st.place] = st
                else:
                    here.setdefault(st.place, []).append(st)
            places = self._drawings["places"] = (here, nets)
        return places

    def _between(self, row: int) -> Strip:
        """The line below ``row``: each bank's net slots, the flow and the "+" line."""
        s = self.state
        dim = self._style("dim")
        segments = [Segment(" " * COLUMN_X[1], PLAIN)]
        for col, side in ((1, WEST), (2, None), (3, EAST)):
            if side is None:
                flow = "↑" if s.storm else "↓"
                text = f"{flow} {'+' if row in PLUS_LINES else ' '}" if row < ROWS - 1 else f"{flow} sea"
                plus = self._style("flag") if row in PLUS_LINES else dim
                segments.append(Segment(text.center(RIVER_WIDTH), plus))
                continue
            pieces: list[tuple[str, Style]] = [("  ", PLAIN)]
            for net_slot in (n for n in NET_SLOTS if n.row == row and n.side == side):
                pieces += _net_slot(s, net_slot, self._places()[1].get(net_slot.id), dim)
                pieces.append((" ", PLAIN))
            segments += _paint(pieces, COLUMN_WIDTH[col], PLAIN)
        return Strip(segments)


# --- what a hexagon holds, as (text, style) pieces ---------------------------------------------------------
Piece = tuple[str, Style]
PLAIN, BOLD, UNDERLINE = Style(), Style(bold=True), Style(underline=True)
TIRED = Style(italic=True)
"""A structure that has moved this season, and a net slot kept for a colour: italic, not
dim (a dimmed ink no longer reads on the water, nor becomes the light look's ink)."""


def _paint(pieces: list[Piece], width: int, base: Style) -> list[Segment]:
    """Exactly ``width`` cells of ``pieces`` on ``base``; what does not fit ends in "…"."""
    out: list[Segment] = []
    used = 0
    for text, style in pieces:
        if used + len(text) > width:
            room = width - used
            if room > 0:
                out.append(Segment(text[: room - 1] + "…", base + style))
            return out
        out.append(Segment(text, base + style))
        used += len(text)
    if used < width:
        out.append(Segment(" " * (width - used), base))
    return out


def _slot_piece(s: WeState, slot: int) -> Piece:
    held = s.slots[slot]
    info = SLOTS[slot]
    if held == EMPTY:
        style = EMPTY_STYLE
        text = EMPTY_GLYPH[info.kind]
    else:
        style = TOKEN_STYLE[held]
        text = TOKEN_GLYPH[held]
    if info.red:
        style = style + UNDERLINE
    return text, style


def _structures(s: WeState, here) -> list[Piece]:
    """"R⌂m O⌂": each owner's letter, then a letter per structure (italic once it has moved)."""
    by_owner: dict[int, list] = {}
    for st in here:
        by_owner.setdefault(st.owner, []).append(st)
    pieces: list[Piece] = []
    for owner in sorted(by_owner, key=lambda o: (not any(st.kind == CAMP for st in by_owner[o]), o)):
        colour = s.colours[owner]
        style = owner_style(colour)
        if pieces:
            pieces.append((" ", PLAIN))
        pieces.append((owner_letter(colour), style))
        for st in sorted(by_owner[owner], key=lambda st: st.kind != CAMP):
            tired = st.id in s.exhausted
            pieces.append((STRUCTURE_LETTER[st.kind], style + TIRED if tired else style))
    return pieces


def _land_line(s: WeState, tile: int, k: int, here, style) -> list[Piece]:
    info = TILES[tile]
    if k == 1:
        return _structures(s, here)
    pieces: list[Piece] = [(info.code, BOLD), (f" {info.elevation} ", PLAIN)]
    flags = ("≋" if tile in s.flooded else "") + ("◈" if tile in s.protected else "")
    if tile == s.city:
        # "▣site≋" when flooded (no room for a space), "▣ ≋◈" when protected too: the
        # flags always show whole (the panel below the map names the site).
        word = "▦city" if s.city_complete else "▣site"
        room = LAND_WIDTH - 2 - sum(len(t) for t, _ in pieces) - len(flags)
        if len(word) > room:
            word = word[0]
        pieces.append((word, style("flag")))
    else:
        pieces += [_slot_piece(s, slot) for slot in info.slots]
    if flags:
        used = sum(len(t) for t, _ in pieces)
        pad = LAND_WIDTH - 2 - used - len(flags)
        pieces.append((" " * max(1 if pad > 0 else 0, pad) + flags, style("flag")))
    return pieces


def _river_line(s: WeState, tile: int, k: int, here, style) -> list[Piece]:
    info = TILES[tile]
    if k == 1:
        base = 4 * info.row
        pieces: list[Piece] = []
        for kind in range(4):
            n = s.loose[base + kind]
            if n:
                pieces += [(TOKEN_GLYPH[kind], TOKEN_STYLE[kind]), (f"{n} ", PLAIN)]
        pieces += _structures(s, here)
        return pieces
    pieces = [(info.code, BOLD), (" ", PLAIN)]
    pieces += [_slot_piece(s, slot) for slot in info.slots]
    flags = "◈" if tile in s.protected else ""
    die = ""
    if s.phase == "actions" and s.row == info.row:
        # In tutorial mode the die shows "the number of seasons that have passed".
        die = f"[{s.season - 1 if s.tutorial else s.water}]"
    used = sum(len(t) for t, _ in pieces)
    pad = RIVER_WIDTH - 2 - used - len(flags) - len(die)
    if flags:
        pieces.append((" " * max(1, pad) + flags, style("flag")))
        pad = 0
    if die:
        pieces += [(" " * max(0, pad), PLAIN), (die, style("die"))]
    return pieces


def _half_line(s: WeState, tile: int, k: int) -> list[Piece]:
    info = TILES[tile]
    if k == 0:
        return [(info.code, BOLD)]
    return [(" ", PLAIN), _slot_piece(s, info.slots[0])]


def _net_slot(s: WeState, net_slot, net, dim: Style) -> list[Piece]:
    """"[ ]" a free net slot, "[o]" one highlighted for Orange's camps, "[R]" Red's net."""
    if net is not None:
        colour = s.colours[net.owner]
        return [("[", dim), (owner_letter(colour), owner_style(colour)), ("]", dim)]
    if net_slot.colour:
        return [("[", dim), (net_slot.colour[0].lower(), owner_style(net_slot.colour) + TIRED), ("]", dim)]
    return [("[ ]", dim)]

