"""What stands beside a glassworks board: its overflow, the live score preview,
every player's inventory track, the rarity chart, and the end-game countdown."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

from ...rules.glassworks.components import COLOURS, END_TRIGGER, RARITY_CHART
from ...rules.glassworks.scoring import column_points, overflow_points, row_points, score
from ...rules.glassworks.state import BY_INVENTORY
from .pieces import colour_text, pieces_text
from ..palette import ink

COLOUR_BY_NAME = {c.name: i for i, c in enumerate(COLOURS)}


class GlassInfo(Static):
    """End mark, score now, overflow, inventory tracks, rarity chart: each line fits
    the widget's width (the inventory tracks take more lines when they must)."""

    DEFAULT_CSS = """
    GlassInfo { height: auto; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._shown: tuple | None = None  # (state, seat, names, then) of the last `show`
        self._height = 0  # lines drawn last time

    def show(self, state, seat: int, names: Sequence[str], then: tuple[int, str] | None = None) -> None:
        """``seat``'s board beside the others' tracks; ``then``: the score the choice
        under the cursor leads to, and how it is said ("gathering from 2▲")."""
        shown = (state, seat, tuple(names), then)
        if shown != self._shown:
            self._shown = shown
            self._draw()

    def on_resize(self) -> None:
        if self._shown is not None:
            self._draw()

    def _draw(self) -> None:
        state, seat, names, then = self._shown
        board = state.boards[seat]
        lines = [
            *([end_line(state, names)] if state.turns_left is not None else []),
            score_line(board, then),
            overflow_line(board),
            *inventory_lines(state, names, self.size.width or 80),
            *rarity_lines(state.seats, self.size.width or 80),
        ]
        # Only a change in the number of lines can move what is below.
        self.update(Text("\n").join(lines), layout=len(lines) != self._height)
        self._height = len(lines)


def overflow_line(board) -> Text:
    line = Text(f"Overflow {len(board.overflow)} ({overflow_points(board)} VP) ", style="bold")
    line.append_text(pieces_text(board.overflow))
    return line


def score_line(board, then: tuple[int, str] | None = None) -> Text:
    """"Score now": the board as it stands, scored as at the end; while a choice is
    under the cursor, the score it leads to in its place ("Now 20 VP → 25 VP (+5)
    gathering from 2▲"), so choices compare by their points."""
    now = score(board)
    line = Text("Now ", style="bold")
    line.append(f"{now} VP", style="bold")
    if then is None:
        rows, columns = sum(row_points(board)), sum(column_points(board))
        return line.append(f" = rows {rows} + columns {columns} + overflow {overflow_points(board)}")
    after, words = then
    line.append(" → ")
    line.append(f"{after} VP ({after - now:+d})", style=f"bold {ink('green' if after >= now else 'red')}")
    return line.append(f" {words}")


def inventory_lines(state, names: Sequence[str], width: int) -> list[Text]:
    """Every inventory track, as many to a line as ``width`` holds (a name is never
    split); ▸ marks the player to act, ⚑ a track at 17 or more."""
    lines = [Text(f"Inventory ({END_TRIGGER} ends the game)", style="bold")]
    for seat, board in enumerate(state.boards):
        entry = Text("▸" if seat == state.current and state.phase != "over" else "")
        entry.append(f"{names[seat]}: {board.inventory}")
        if board.inventory >= END_TRIGGER:
            entry.append("⚑", style=f"bold {ink('red')}")
        _flow(lines, entry, " · " if seat else " ", width)
    return lines


def rarity_lines(seats: int, width: int) -> list[Text]:
    """The rarity chart ("how likely you are to see more of each color"): how many
    pieces of each colour the game holds, most first, each colour by its letter
    and its rulebook name ("22 each: W white, P purple"; black only at 5 seats).
    As many colours to a line as ``width`` holds; a name is never split."""
    lines = [Text.assemble(("Rarity chart", "bold"))]  # the words after it not bold
    for tier, (_name, colour_names) in enumerate(RARITY_CHART):
        colours = [COLOUR_BY_NAME[n] for n in colour_names]
        colours = [c for c in colours if not COLOURS[c].five_players_only or seats >= 5]
        for n, c in enumerate(colours):
            word = Text(f"{COLOURS[c].count} each: ") if n == 0 else Text()
            word.append_text(colour_text(c))
            word.append(f" {COLOURS[c].name}" + ("," if n < len(colours) - 1 else ""))
            _flow(lines, word, " · " if n == 0 and tier else " ", width)
    return lines


def _flow(lines: list[Text], word: Text, gap: str, width: int) -> None:
    """``word`` after the last line's words and ``gap``, or on a new line when it
    would not fit."""
    line = lines[-1]
    if line.cell_len + len(gap) + word.cell_len <= width:
        line.append(gap)
    else:
        lines.append(line := Text("  "))
    line.append_text(word)


def end_line(state, names: Sequence[str]) -> Text:
    """Once the end is triggered: why, and how many turns are left."""
    if state.end_cause == BY_INVENTORY:
        cause = f"{names[state.end_seat]} reached {END_TRIGGER}"
    else:
        cause = "the bag ran out"
    if state.phase == "over":
        return Text(f"⚑ GAME OVER: {cause}", style="bold reverse red")
    left = state.turns_left
    return Text(f"⚑ {left} turn{'s' if left != 1 else ''} left: {cause}", style="bold reverse red")
