"""The river of six tiles flowing into the lake, as it lies on the table.

Each tile, between borders, shows its number in the river (1 at the start, 6
beside the lake), its shape, its stones (•) and the pieces on it (up to six, then
"+N"); the lake shows its pieces and the
bag how many are left. The screen moves a cursor over the tiles or the lake
pieces and marks which tiles its current choice may use.
"""

from __future__ import annotations

from collections.abc import Collection

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ...rules.glassworks.components import RIVER_TILES, SHAPES
from .pieces import CURSOR, PIECE_CELLS, SELECTED, piece_text
from ..last_move import LAST_MARK

STONES = dict(RIVER_TILES)
TILE_WIDTH = 9
"""A tile's cells: its left border and three pieces ("│C♥ C◆ W■")."""
PIECES_PER_LINE = 3
PIECE_LINES = 2
BORDER = "│"
"""Between two tiles, so their pieces never run together, in any colour or none."""
BORDER_STYLE = "dim"


class GlassRiver(Widget):
    """Six river tiles and the lake, four lines high.

    ``targets`` are the tiles the current choice may use (drawn bright, the rest
    dim); ``placed`` is the tile placed on this turn; ``tile_cursor`` is a river
    position, ``lake_cursor`` and ``lake_selected`` index the lake's pieces;
    tiles and the lake the last moves changed carry `LAST_MARK`, reversed.
    """

    DEFAULT_CSS = """
    GlassRiver { height: 4; width: 100%; }
    """

    class TileClicked(Message):
        """A click on the river tile at ``position`` (0 is the start of the river)."""

        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    class LakeClicked(Message):
        """A click on the lake piece at ``index``."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.river: tuple[int, ...] = ()
        self.tiles: tuple[tuple[int, ...], ...] = ()
        self.lake: tuple[int, ...] = ()
        self.bag = 0
        self.tile_cursor: int | None = None
        self.targets: Collection[int] | None = None
        self.placed: int | None = None
        self.lake_cursor: int | None = None
        self.lake_selected: frozenset[int] = frozenset()
        self.last: frozenset = frozenset()

    def show(
        self,
        state,
        *,
        tile_cursor: int | None = None,
        targets: Collection[int] | None = None,
        lake_cursor: int | None = None,
        lake_selected: frozenset[int] = frozenset(),
        last: frozenset = frozenset(),
    ) -> None:
        """``last``: what the last moves changed (``("river", shape)``, ``("lake",)``),
        marked with `LAST_MARK` until the viewing seat acts."""
        shown = (state.river, state.tiles, state.lake, len(state.bag), state.placed,
                 tile_cursor, targets, lake_cursor, lake_selected, last)  # fmt: skip
        if shown == self._shown():
            return  # nothing here changed (a cursor moved elsewhere)
        self.river, self.tiles, self.lake, self.bag = state.river, state.tiles, state.lake, len(state.bag)
        self.placed = state.placed
        self.tile_cursor, self.targets = tile_cursor, targets
        self.lake_cursor, self.lake_selected = lake_cursor, lake_selected
        self.last = last
        self.refresh()

    def _shown(self) -> tuple:
        return (self.river, self.tiles, self.lake, self.bag, self.placed,
                self.tile_cursor, self.targets, self.lake_cursor, self.lake_selected, self.last)  # fmt: skip

    def render(self) -> Text:
        lines = [Text() for _ in range(2 + PIECE_LINES)]
        for position, tile in enumerate(self.river):
            self._draw_tile(lines, position, tile)
        self._draw_lake(lines)
        return Text("\n").join(lines)

    def _draw_tile(self, lines: list[Text], position: int, tile: int) -> None:
        on_cursor = position == self.tile_cursor
        changed = ("river", tile) in self.last
        if self.targets is None or tile in self.targets or changed:
            style = "bold"
        else:
            style = "dim"
        if tile == self.placed:
            style += " underline"
        head = Text(BORDER, style=BORDER_STYLE)
        head.append(_mark(on_cursor, changed), style="bold reverse" if on_cursor or changed else "")
        head.append(f"{position + 1}{SHAPES[tile].glyph} {'•' * STONES[tile]}", style=style)
        lines[0].append_text(_pad(head))
        pieces = self.tiles[tile]
        shown = PIECES_PER_LINE * PIECE_LINES
        if len(pieces) > shown:
            shown -= 1
        for line in range(PIECE_LINES):
            row = Text(BORDER, style=BORDER_STYLE)
            chunk = pieces[line * PIECES_PER_LINE : min(shown, (line + 1) * PIECES_PER_LINE)]
            row.append_text(Text(" ").join(piece_text(p) for p in chunk))
            if line == PIECE_LINES - 1 and len(pieces) > shown:
                row.append(f" +{len(pieces) - shown}", style="bold")
            lines[1 + line].append_text(_pad(row))
        flow = "─" * (TILE_WIDTH - 1) + ("►" if position == len(self.river) - 1 else "─")
        lines[-1].append(flow, style="blue")

    def _draw_lake(self, lines: list[Text]) -> None:
        changed = ("lake",) in self.last
        lines[0].append("│", style="bold")
        lines[0].append(_mark(False, changed), style="bold reverse" if changed else "")
        lines[0].append(f"Lake {len(self.lake)}/5  bag {self.bag}", style="bold")
        row = Text("│")
        for i, piece in enumerate(self.lake):
            on_cursor = i == self.lake_cursor
            row.append(CURSOR if on_cursor else " ", style="bold reverse" if on_cursor else "")
            row.append_text(piece_text(piece))
            row.append(SELECTED if i in self.lake_selected else " ", style="bold")
        if not self.lake:
            row.append(" empty", style="dim")
        lines[1].append_text(row)
        lines[2].append("│")
        lines[3].append("┘ into the lake", style="blue")


    def on_click(self, event: events.Click) -> None:
        river_width = len(self.river) * TILE_WIDTH
        if event.x < river_width:
            self.post_message(self.TileClicked(event.x // TILE_WIDTH))
            return
        index = (event.x - river_width - 1) // PIECE_CELLS  # the lake's pieces follow its "│"
        if event.y == 1 and 0 <= index < len(self.lake):
            self.post_message(self.LakeClicked(index))


def _mark(on_cursor: bool, changed: bool) -> str:
    """The cell before a tile or the lake: the cursor, else the last move's mark."""
    return CURSOR if on_cursor else LAST_MARK if changed else " "


def _pad(text: Text) -> Text:
    text.truncate(TILE_WIDTH)
    text.pad_right(TILE_WIDTH - text.cell_len)
    return text
