"""Every seat at the table: its stockpile, the structures it has left to build, its
camp's tile and elevation, and its place in this turn's acting order."""

from __future__ import annotations

from rich.text import Text

from ..rules.we_all_take.components import CAMP, GOLD, KINDS, SUPPLY, TILES
from ..rules.we_all_take.state import ACTIONS, PROPOSE, VOTE, WeState
from .we_all_take_glyphs import STRUCTURE_LETTER, TOKEN_GLYPH, TOKEN_STYLE
from .we_all_take_panel import Panel
from .we_all_take_river import seat_tag


class PlayersPanel(Panel):
    """One line per seat: the seat to act is marked ▶, the viewing seat "you"; the
    stockpile, the camp's tile and elevation ("E4^4"), the structures left to build
    ("b5x5…": five boats, five excavators, …) and the seat's place in this turn's order."""

    TITLE = "Players"

    def show(self, s: WeState, names: list[str], viewer: int | None, acting: frozenset[int]) -> None:
        tags = [seat_tag(s, seat, names) for seat in range(s.seats)]
        width = 2 + max(tag.cell_len for tag in tags) + len(" you") + 1  # "▶ R Ann you" and a space
        head = Text(" " * width)
        for kind in range(len(KINDS)):
            head.append(f"{TOKEN_GLYPH[kind]:>2}", style=TOKEN_STYLE[kind])
        head.append("  camp  left to build    order", style="dim")
        lines = [head]
        order = _turn_order(s)
        for seat in range(s.seats):
            line = Text("▶ " if seat in acting else "  ")
            line.append_text(tags[seat])
            if seat == viewer:
                line.append(" you", style="dim")
            line.append(" " * (width - line.cell_len))
            for kind, n in enumerate(s.stock[seat]):
                line.append(f"{n:>2}", style="bold" if kind == GOLD and n else "")
            camp = s.camp_of(seat)
            where = f"{TILES[camp.place].code}^{TILES[camp.place].elevation}" if camp is not None else "—"
            left = "".join(f"{STRUCTURE_LETTER[k]}{s.supply[seat][k]}" for k in SUPPLY if k != CAMP)
            line.append(f"  {where:<5} ")
            line.append(f"{left:<16}", style="dim")
            line.append(f" {order.get(seat, '')}")
            lines.append(line)
        self.show_lines(lines)


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
