"""Every seat at the table: its stockpile, the structures it has left to build, its
camp's tile and elevation, and its place in this turn's acting order."""

from __future__ import annotations

from rich.text import Text

from ...rules.we_all_take.components import CAMP, GOLD, KINDS, SUPPLY, TILES
from ...rules.we_all_take.state import ACTIONS, PROPOSE, VOTE, WeState
from ..position_drawings import drawings_of
from .glyphs import STRUCTURE_LETTER, TOKEN_GLYPH, TOKEN_STYLE
from .panel import Panel
from .river import seat_tag


class PlayersPanel(Panel):
    """One line per seat: the seat to act is marked ▶, the viewing seat "you"; the
    stockpile, the camp's tile and elevation ("E4^4"), the structures left to build
    ("b5x5…": five boats, five excavators, …) and the seat's place in this turn's order.
    Where a line does not fit (80 columns), each seat takes a few lines that name
    what they hold instead of a table whose columns would wrap into each other."""

    TITLE = "Players"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._shown: tuple | None = None  # what `show` was given, to lay it out again at another width

    def show(self, s: WeState, names: list[str], viewer: int | None, acting: frozenset[int]) -> None:
        """Show the position ``s``, the watchers' view of it (the panel shows nothing
        secret): its rows are drawn once for every seat's panel (`position_drawings`)."""
        self._shown = (s, list(names), viewer, acting)
        wide = _table_lines(s, names, viewer, acting)
        width = self.content_size.width
        fits = not width or all(line.cell_len <= width for line in wide)
        self.show_lines(wide if fits else _stacked_lines(s, names, viewer, acting))

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)


def _who(tag: Text, acts: bool, you: bool) -> Text:
    """"▶ R Ann you": the seat to act marked, its colour and name (``tag``), "you" for the viewer."""
    line = Text("▶ " if acts else "  ")
    line.append_text(tag)
    if you:
        line.append(" you", style="dim")
    return line


def _camp_and_left(s: WeState, seat: int) -> tuple[str, str]:
    """The camp's tile and elevation ("E4^4", "—" before it is placed) and the structures
    left to build ("b5x5m5n5f5k5l5=2")."""
    camp = s.camp_of(seat)
    where = f"{TILES[camp.place].code}^{TILES[camp.place].elevation}" if camp is not None else "—"
    return where, "".join(f"{STRUCTURE_LETTER[k]}{s.supply[seat][k]}" for k in SUPPLY if k != CAMP)


def _table_lines(s: WeState, names: list[str], viewer: int | None, acting: frozenset[int]) -> list[Text]:
    """The head and a row per seat, kept with the position ``s`` for the other seats'
    panels: each keyed by all it shows that the position does not hold (the names, the
    columns' width, whether the seat acts, whether it is the viewer's)."""
    drawn, named = drawings_of(s), tuple(names)
    tags = drawn.get(("players: tags", named))
    if tags is None:
        tags = drawn[("players: tags", named)] = [seat_tag(s, seat, names) for seat in range(s.seats)]
    you = len(" you")
    width = max(max(2 + tag.cell_len + (you if seat == viewer else 0) for seat, tag in enumerate(tags)),
                2 + tags[0].cell_len + you) + 1  # fmt: skip
    columns = _columns(s)
    head = drawn.get(("players: head", width, columns))
    if head is None:
        head = drawn[("players: head", width, columns)] = Text(" " * width)
        for kind in range(len(KINDS)):
            head.append(f"{TOKEN_GLYPH[kind]:>{columns[kind]}}", style=TOKEN_STYLE[kind])
        head.append("  camp  left to build    order", style="dim")
    lines = [head]
    order: dict[int, str] | None = None
    for seat, tag in enumerate(tags):
        key = ("players: row", seat, named, width, seat in acting, seat == viewer)
        line = drawn.get(key)
        if line is None:
            order = _turn_order(s) if order is None else order
            line = _row(s, seat, _who(tag, seat in acting, seat == viewer), width, columns, order.get(seat, ""))
            drawn[key] = line
        lines.append(line)
    return lines


def _columns(s: WeState) -> tuple[int, ...]:
    """Each token's column: its largest count and a blank before it (two columns of one
    cell each read a pollution of 0 beside a gold of 12 as "012")."""
    return tuple(1 + max(len(str(stock[kind])) for stock in s.stock) for kind in range(len(KINDS)))


def _row(s: WeState, seat: int, line: Text, width: int, columns: tuple[int, ...], order: str) -> Text:
    """A seat's row of the table: ``line`` (who it is, `_who`) padded to ``width``, then
    its stockpile (each count in its column), camp, structures left to build and places
    in the order."""
    line.append(" " * (width - line.cell_len))
    for kind, n in enumerate(s.stock[seat]):
        line.append(f"{n:>{columns[kind]}}", style="bold" if kind == GOLD and n else "")
    where, left = _camp_and_left(s, seat)
    line.append(f"  {where:<5} ")
    line.append(f"{left:<16}", style="dim")
    line.append(f" {order}")
    return line


def _stacked_lines(s: WeState, names: list[str], viewer: int | None, acting: frozenset[int]) -> list[Text]:
    lines = []
    order = _turn_order(s)
    for seat in range(s.seats):
        lines.append(_who(seat_tag(s, seat, names), seat in acting, seat == viewer))
        stock = Text("  ")
        for kind, n in enumerate(s.stock[seat]):
            stock.append(TOKEN_GLYPH[kind], style=TOKEN_STYLE[kind])
            stock.append(f"{n} ", style="bold" if kind == GOLD and n else "")
        lines.append(stock)
        where, left = _camp_and_left(s, seat)
        place = f" order {order[seat]}" if seat in order else ""
        lines.append(Text(f"  camp {where}{place}"))
        lines += [Text("  left to build:"), Text(f"  {left}", style="dim")]
    return lines


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
