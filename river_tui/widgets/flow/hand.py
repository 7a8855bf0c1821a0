"""The tiles in a Flow player's hand, drawn as they would lie on the board."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ...rules.flow.board import FACE_INDEX
from ...rules.flow.components import SPECIES
from .tile_grid import LAIR_MARK, SCALES, species_style, tile_picture

TILE_HEIGHT, TILE_WIDTH = SCALES[1]

GAP = 2
SLOT_WIDTH = TILE_WIDTH + GAP
"""Each tile takes this many columns, its slot number centred below it."""


class FlowHand(Widget):
    """One row of tiles: the chosen one turned as it will be placed and marked."""

    DEFAULT_CSS = """
    FlowHand { height: 5; width: 1fr; }
    FlowHand > .flow-hand--tile { background: $boost; color: $primary-lighten-2; }
    /* The chosen tile: a faint tint every species' ink reads on, and underlined (it reads without colour). */
    FlowHand > .flow-hand--chosen { background: $primary 15%; color: $text; text-style: bold underline; }
    FlowHand:light > .flow-hand--chosen { background: $primary 6%; }
    FlowHand > .flow-hand--label { color: $foreground-muted; }
    """

    COMPONENT_CLASSES = {"flow-hand--tile", "flow-hand--chosen", "flow-hand--label"}
    """A tile in hand, the chosen tile, and the labels under the tiles."""

    class Selected(Message):
        """A click chose the tile in slot ``index``."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.hand: tuple[str, ...] = ()
        self.chosen = 0
        self.rotation = 0
        self.owner: int | None = None

    def show(self, hand: tuple[str, ...], chosen: int, rotation: int, owner: int | None) -> None:
        self.hand, self.chosen, self.rotation, self.owner = hand, chosen, rotation, owner
        self.refresh()

    def render(self) -> Text:
        if not self.hand:
            return Text("No tiles in hand.", style=self.get_component_rich_style("flow-hand--label"))
        lines = [Text() for _ in range(TILE_HEIGHT + 1)]
        label_style = self.get_component_rich_style("flow-hand--label")
        for index, tile in enumerate(self.hand):
            chosen = index == self.chosen
            style = self.get_component_rich_style("flow-hand--chosen" if chosen else "flow-hand--tile")
            rotation = self.rotation if chosen else 0
            picture = tile_picture(FACE_INDEX[tile] * 4 + rotation)
            for row, cells in enumerate(picture):
                for char, _ in cells:
                    lines[row].append(*self._cell(char, style))
                lines[row].append(" " * GAP)
            number = f"[{index + 1}]" if chosen else f"{index + 1}"
            lines[TILE_HEIGHT].append(f"{number:^{TILE_WIDTH}}{' ' * GAP}", label_style)
        return Text("\n").join(lines)

    def _cell(self, char: str, style: Style) -> tuple[str, Style]:
        if char != LAIR_MARK:
            return char, style
        if self.owner is None:
            return "?", style
        return SPECIES[self.owner].glyph, style + species_style(self.owner)

    def on_click(self, event: events.Click) -> None:
        index = event.x // SLOT_WIDTH
        if 0 <= index < len(self.hand):
            self.post_message(self.Selected(index))
