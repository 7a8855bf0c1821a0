"""The focused hexagon in words: what it is, its slots and tokens, who is on it, what
it touches, and its flood, protection and city."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from ...rules.we_all_take.components import (
    ACROSS, CITY_NEEDS, EMPTY, FISH, GRAVEL, HALF, KINDS, LAND, NET, NET_SLOTS, SLOTS, TILES, TREE,
    WATER, WETLANDS,
)
from ...rules.we_all_take.structures import bridge_between
from ...rules.we_all_take.state import WeState
from ...rules.we_all_take.water import effective_elevation
from ..position_drawings import drawings_of
from .panel import Panel
from .glyphs import EMPTY_GLYPH, EMPTY_STYLE, STRUCTURE_LETTER, counts_text, owner_letter, owner_style, token
from ..palette import ink


def tile_lines(s: WeState, tile: int) -> list[Text]:
    return [_title(s, tile), _slots(s, tile), *_structures(s, tile), *_surroundings(s, tile)]


def _title(s: WeState, tile: int) -> Text:
    info = TILES[tile]
    text = Text.assemble((info.code, "bold"), f" {info.label}")
    if info.kind == LAND:
        extra = effective_elevation(s, tile) - info.elevation
        if extra > 0:
            text.append(f", {info.elevation + extra} with levees")
        if tile in WETLANDS and tile != s.city:
            text.append(", wetlands")
    if info.kind == HALF:
        text.append(": never erodes, floods or takes pollution; holds no structures")
    if tile in s.flooded:
        text.append(" ≋ flooded: structures here may only move off", style="bold")
    if tile in s.protected:
        text.append(" ◈ protected: only pollution is harvested", style="bold")
    return text


def _slots(s: WeState, tile: int) -> Text:
    info = TILES[tile]
    if tile == s.city:
        if s.city_complete:
            return Text("▦ The city: pollutes on its turn; gold buys tokens")
        text = Text("▣ The city's site (no slots): ")
        for k in (FISH, TREE, GRAVEL):
            text.append_text(token(k))
            text.append(f"{s.site[k]}/{CITY_NEEDS[k]} ")
        return text
    text = Text("Slots: ")
    for slot in info.slots:
        held = s.slots[slot]
        kind = SLOTS[slot].kind
        if held == EMPTY:
            text.append(f"{EMPTY_GLYPH[kind]} empty {KINDS[kind]}", style=EMPTY_STYLE)
        else:
            text.append_text(token(held))
            text.append(f" {KINDS[held]}" + (f" (in a {KINDS[kind]} slot)" if held != kind else ""))
        if SLOTS[slot].red:
            text.append(" (red mill)", style=ink("red"))
        text.append("  ")
    if info.kind == WATER:
        loose = s.tile_tokens(tile)
        slotted = [0, 0, 0, 0]
        for slot in info.slots:
            if s.slots[slot] >= 0:
                slotted[s.slots[slot]] += 1
        unslotted = [a - b for a, b in zip(loose, slotted)]
        text.append("· loose in the river: ")
        text.append_text(counts_text(unslotted))
    return text


def _structures(s: WeState, tile: int) -> list[Text]:
    here = s.on_tile(tile)
    if not here:
        return [] if TILES[tile].kind == HALF else [Text("No structures.", style="dim")]
    text = Text("On it: ")
    for n, st in enumerate(here):
        colour = s.colours[st.owner]
        if n:
            text.append(", ")
        text.append(f"{owner_letter(colour)}{STRUCTURE_LETTER[st.kind]}", style=owner_style(colour))
        text.append(f" {colour}'s {st.kind}")
        if st.id in s.exhausted:
            text.append(" (moved: no more actions)", style="dim")
        elif st.id in s.fresh:
            text.append(" (new: acts next turn)", style="dim")
    return [text]


def _surroundings(s: WeState, tile: int) -> list[Text]:
    info = TILES[tile]
    out = []
    if info.adjacent:
        text = Text("Beside it: " + ", ".join(TILES[t].code for t in info.adjacent))
        if info.kind == LAND and bridge_between(s, info.row):
            text.append(f", and {TILES[ACROSS[tile]].code} across the bridge")
        out.append(text)
    if info.kind == LAND:
        nets = []
        for net_slot in NET_SLOTS:
            if net_slot.row != info.row or net_slot.side != info.side:
                continue
            net = next((st for st in s.structures.values() if st.kind == NET and st.place == net_slot.id), None)
            if net is not None:
                nets.append(Text(f"{s.colours[net.owner]}'s net", style=owner_style(s.colours[net.owner])))
            else:
                nets.append(Text(f"free{' (' + net_slot.colour + ' only)' if net_slot.colour else ''}", style="dim"))
        line = Text("Net slots below: ")
        line.append_text(Text(" │ ").join(nets))
        out.append(line)
    return out


ROWS = 6
"""The rows of words the panel under the map keeps (its min-height, borders aside)."""


class TileDetail(Widget):
    """The detail panel of the hexagon under the map's cursor, drawn with the Line API:
    its lines are rendered once per move and handed out as they are (six rows, so moving
    the cursor repaints this panel alone, never the layout; a hex whose words need more
    takes more, and lays the screen out). It is shown the
    watchers' view, and a hexagon's lines are kept with that position for every seat's
    panel that shows them (`position_drawings`)."""

    DEFAULT_CSS = """
    TileDetail { height: auto; min-height: 8; padding: 0 1; border: round $panel-lighten-2; border-title-color: $text-primary; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._shown: tuple | None = None
        self._strips: list[Strip] = []
        self._last: tuple[tuple, list[Strip]] | None = None  # the words last drawn, and their lines

    def on_mount(self) -> None:
        self.border_title = "The hex under the cursor"

    def show(self, s: WeState, tile: int) -> None:
        """Show ``tile``; only the lines that differ from the hex shown before repaint."""
        self._shown = (s, tile)
        width = self.content_size.width
        if not width or not self._strips:
            self._strips = []
            self.refresh()
            return
        before, self._strips = self._strips, self._lines_for(s, tile, width)
        if max(len(self._strips), ROWS) != self.content_size.height:
            self.refresh(layout=True)  # more words than its rows, or fewer again
            return
        for y in range(min(max(len(before), len(self._strips)), self.content_size.height)):
            if y >= len(before) or y >= len(self._strips) or before[y] != self._strips[y]:
                self.refresh(Region(0, y, width, 1))

    def on_resize(self) -> None:
        self._strips = []

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips, self._last = [], None

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The rows the hex's words take (six at least: the stylesheet's min-height)."""
        return len(self._lines_for(*self._shown, width)) if self._shown is not None and width > 0 else 0

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        if not self._strips and self._shown is not None and width > 0:
            self._strips = self._lines_for(*self._shown, width)
        return self._strips[y] if y < len(self._strips) else Strip.blank(width, self.rich_style)

    def _lines_for(self, s: WeState, tile: int, width: int) -> list[Strip]:
        """The hex's lines, drawn once per position (coming back to a hex costs nothing),
        theme and width, for every seat's panel; and not drawn again when a move left
        the hex as this panel last drew it (most moves change another hex)."""
        drawn, style = drawings_of(s), self.rich_style  # (worked out from every ancestor's styles: once)
        key = ("tile detail", tile, width, style)
        strips = drawn.get(key)
        if strips is None:
            texts = tile_lines(s, tile)
            words = (width, style, *((text.plain, tuple(text.spans), text.style) for text in texts))
            if self._last is not None and self._last[0] == words:
                strips = self._last[1]
            else:
                console = self.app.console
                options = console.options.update_width(width)
                lines = console.render_lines(Group(*texts), options, style=style, pad=True)
                strips = [Strip(line, width) for line in lines]
            self._last = (words, strips)
            drawn[key] = strips
        return strips


class HexPanel(Panel):
    """The hexagon under the map's cursor in words, as a panel of the side: on a small
    terminal "i" shows it there, beside the map, rather than under the map, where it
    would take the map's lower rows away."""

    TITLE = "Under the cursor"

    def show(self, s: WeState, tile: int) -> None:
        self.show_lines(tile_lines(s, tile))
