"""What stands beside a glassworks board: its overflow, the live score preview,
every player's inventory track, the rarity chart, and the end-game countdown."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

from ..rules.glassworks.components import COLOURS, END_TRIGGER, RARITY_CHART
from ..rules.glassworks.scoring import column_points, overflow_points, row_points, score
from ..rules.glassworks.state import BY_INVENTORY
from .glass_pieces import colour_text, pieces_text

COLOUR_BY_NAME = {c.name: i for i, c in enumerate(COLOURS)}


class GlassInfo(Static):
    """Overflow, score now, inventory tracks, rarity chart, end mark."""

    DEFAULT_CSS = """
    GlassInfo { height: auto; }
    """

    def show(self, state, seat: int, names: Sequence[str]) -> None:
        board = state.boards[seat]
        lines = [
            overflow_line(board),
            score_line(board),
            inventory_line(state, names),
            rarity_line(state.seats),
            end_line(state, names),
        ]
        self.update(Text("\n").join(lines))


def overflow_line(board) -> Text:
    line = Text(f"Overflow {len(board.overflow)} ({overflow_points(board)} VP) ", style="bold")
    line.append_text(pieces_text(board.overflow))
    return line


def score_line(board) -> Text:
    """"Score now": the board as it stands, scored as at the end."""
    rows, columns = sum(row_points(board)), sum(column_points(board))
    line = Text("Now ", style="bold")
    line.append(f"{score(board)} VP", style="bold")
    line.append(f" = rows {rows} + columns {columns} + overflow {overflow_points(board)}")
    return line


def inventory_line(state, names: Sequence[str]) -> Text:
    """Every inventory track; ▸ marks the player to act, ⚑ a track at 17 or more."""
    line = Text(f"Inventory (end at {END_TRIGGER}) ", style="bold")
    for seat, board in enumerate(state.boards):
        if seat:
            line.append(" · ")
        mark = "▸" if seat == state.current and state.phase != "over" else ""
        line.append(f"{mark}{names[seat][:8]} {board.inventory}")
        if board.inventory >= END_TRIGGER:
            line.append("⚑", style="bold red")
    return line


def rarity_line(seats: int) -> Text:
    """The rarity chart: colours from most to least plentiful, with how many
    pieces of each the game holds (black only at 5 seats)."""
    line = Text("Rarity", style="bold")
    for _tier, colour_names in RARITY_CHART:
        colours = [COLOUR_BY_NAME[n] for n in colour_names]
        colours = [c for c in colours if not COLOURS[c].five_players_only or seats >= 5]
        line.append("  ")
        for c in colours:
            line.append_text(colour_text(c))
        line.append(f" {COLOURS[colours[0]].count}")
    return line


def end_line(state, names: Sequence[str]) -> Text:
    if state.turns_left is None:
        return Text(f"Round {state.round} · reaching {END_TRIGGER} ends the game", style="dim")
    if state.end_cause == BY_INVENTORY:
        cause = f"{names[state.end_seat]} reached {END_TRIGGER}"
    else:
        cause = "the bag ran out"
    if state.phase == "over":
        return Text(f"⚑ GAME OVER ({cause})", style="bold reverse red")
    left = state.turns_left
    return Text(f"⚑ END TRIGGERED: {cause} · {left} turn{'s' if left != 1 else ''} left", style="bold reverse red")
