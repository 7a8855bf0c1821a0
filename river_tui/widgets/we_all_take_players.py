"""Every seat at the table: its stockpile, the structures it has left to build, its
camp's tile and elevation, and its place in this turn's acting order."""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text
from textual.widgets import Static

from ..rules.we_all_take.components import BUILDABLE, GOLD, KINDS, TILES
from ..rules.we_all_take.state import ACTIONS, PROPOSE, VOTE, WeState
from .we_all_take_glyphs import STRUCTURE_LETTER, TOKEN_GLYPH, TOKEN_STYLE
from .we_all_take_river import seat_tag


class PlayersPanel(Static):
    """One line per seat; the seat to act is marked ▶, the viewing seat "(you)"."""

    DEFAULT_CSS = """
    PlayersPanel { height: auto; padding: 0 1; border: round $panel-lighten-2; border-title-color: $accent; }
    """

    def on_mount(self) -> None:
        self.border_title = "Players"

    def show(self, s: WeState, names: list[str], viewer: int | None, acting: frozenset[int]) -> None:
        grid = RichTable.grid(padding=(0, 1))
        grid.add_column()
        for kind in range(len(KINDS)):
            grid.add_column(justify="right", header_style=TOKEN_STYLE[kind])
        grid.add_column()
        grid.add_column()
        grid.add_column(justify="right")
        grid.add_row(
            Text(""), *(Text(TOKEN_GLYPH[k], style=TOKEN_STYLE[k]) for k in range(len(KINDS))),
            Text("camp", style="dim"), Text("left to build", style="dim"), Text("order", style="dim"),
        )
        order = _turn_order(s)
        for seat in range(s.seats):
            tag = Text("▶ " if seat in acting else "  ")
            tag.append_text(seat_tag(s, seat, names))
            if seat == viewer:
                tag.append(" (you)", style="dim")
            camp = s.camp_of(seat)
            where = f"{TILES[camp.place].code} ↑{TILES[camp.place].elevation}" if camp is not None else "—"
            left = " ".join(f"{STRUCTURE_LETTER[k]}{s.supply[seat][k]}" for k in BUILDABLE)
            grid.add_row(
                tag, *(Text(str(n), style="bold" if k == GOLD and n else "") for k, n in enumerate(s.stock[seat])),
                Text(where), Text(left, style="dim"), Text(order.get(seat, "")),
            )
        self.update(grid)


def _turn_order(s: WeState) -> dict[int, str]:
    """Seat -> its places in the rest of this turn's acting order ("1,3"), or in the order of
    proposing or voting ("by descending order of camp elevation")."""
    if s.phase == ACTIONS:
        places: dict[int, list[str]] = {}
        for n, (seat, _) in enumerate(s.groups, start=1):
            places.setdefault(seat, []).append(str(n))
        return {seat: ",".join(p) for seat, p in places.items()}
    if s.phase == VOTE:
        return {seat: str(n) for n, seat in enumerate(s.voters, start=1)}
    if s.phase == PROPOSE:
        return {seat: str(n) for n, seat in enumerate(s.proposers, start=1)}
    return {}
