"""Learn to play River Valley Glassworks: the rules of a first game, each told in
the rulebook's words the first time it applies to the learner (see rules/guides.py),
and what a move does for a seat, in one line (the hint's reason)."""

from __future__ import annotations

from ..guides import Guide, LastMove, Lesson
from .actions import Draw, Gather, NewColumn, Overflow, Pass, Place
from .bots import gain
from .components import COLOURS, COLUMN_VP, COLUMNS, OVERFLOW_VP, ROWS, SATCHEL_LIMIT, SHAPES
from .legal import legal_actions
from .pieces import names
from .river import adjacent_tiles
from .state import GATHER, OVERFLOW, TURN, GlassState

SEED = 6
"""The guided game's seed: with a greedy learner, every lesson but the end comes up by its
seventh decision, the game over after about twenty."""


def _my_turn(view: GlassState, seat: int, last: LastMove) -> bool:
    return view.current == seat and view.phase == TURN


def _gathering(view: GlassState, seat: int, last: LastMove) -> bool:
    return view.current == seat and view.phase == GATHER


def _adjacent(view: GlassState, seat: int) -> frozenset:
    return frozenset(("river", tile) for tile in adjacent_tiles(view.river, view.placed)) if view.placed is not None else frozenset()


def _own_gather(view: GlassState, seat: int, last: LastMove) -> bool:
    return last is not None and last[0] == seat and isinstance(last[1], Gather)


def _columns(view: GlassState, seat: int) -> frozenset:
    return frozenset(("column", seat, column) for column in range(len(view.boards[seat].columns)))


def _others_gathered(view: GlassState, seat: int, last: LastMove) -> bool:
    return last is not None and last[0] != seat and isinstance(last[1], Gather)


def _river_start(view: GlassState, seat: int) -> frozenset:
    return frozenset({("river", view.river[0])})


def _short_of_glass(view: GlassState, seat: int, last: LastMove) -> bool:
    drew = last is not None and last[0] == seat and isinstance(last[1], Draw)
    return drew or (_my_turn(view, seat, last) and len(view.satchels[seat]) <= 1)


def _lake(view: GlassState, seat: int) -> frozenset:
    return frozenset({("lake",), ("satchel", seat)})


def _overflowing(view: GlassState, seat: int, last: LastMove) -> bool:
    full = any(len(column) == ROWS for column in view.boards[seat].columns)
    spilled = any(board.overflow for board in view.boards)
    return full or spilled or (view.current == seat and view.phase == OVERFLOW)


def _overflows(view: GlassState, seat: int) -> frozenset:
    return frozenset(("overflow", other) for other, board in enumerate(view.boards) if board.overflow)


def _end_triggered(view: GlassState, seat: int, last: LastMove) -> bool:
    return view.turns_left is not None


def _row_scores(view: GlassState, seat: int, last: LastMove) -> bool:
    """Three columns make a row worth counting; at the end, the rows score whatever they hold."""
    return len(view.boards[seat].columns) >= 3 or _end_triggered(view, seat, last)


def _tall_column(view: GlassState, seat: int, last: LastMove) -> bool:
    """A column three high; at the end, the columns score whatever their height."""
    return any(len(column) >= 3 for column in view.boards[seat].columns) or _end_triggered(view, seat, last)


LESSONS = (
    Lesson(
        "turns", "Your turn", "Game Turns",
        "On your turn, you must do one of these two actions. Place & Gather: place glass from "
        "your satchel into the river, then gather glass for your glassworks. Draw: restock your "
        "satchel with glass from the lake.",
        "Pick a satchel piece (Space) and Enter on the river tile of its shape, or d to draw.",
        _my_turn, _lake,
    ),
    Lesson(
        "gather", "Gathering from the river", "Gathering from the River",
        "Only shapes matter when placing & gathering, not colors. You placed a piece on the tile "
        "with its shape (or 2 pieces of one shape on any tile); now choose 1 adjacent river tile "
        "and gather all glass pieces from it. The lake isn't considered a river tile.",
        "Choose one of the marked tiles beside it and press Enter.",
        _gathering, _adjacent,
    ),
    Lesson(
        "adding", "Adding to your glassworks", "Adding to Your Glassworks",
        "Only colors matter when adding to your glassworks. A new color goes in the next empty "
        "column, left to right (gathering several new colors, you choose their order); a color "
        "you already have goes in its column, filling from bottom to top.",
        "If asked, choose which new colour takes the next column (Enter); then the computer plays.",
        _own_gather, _columns,
    ),
    Lesson(
        "flow", "The river flows", "Gathering from the River",
        "Move the empty river tile to the start of the river (furthest from the lake) and flow "
        "the river forward to fill the gap. Check how many stones are on the next tile in the "
        "river and place that many pieces from the bag on the empty tile.",
        "The marked tile is the river's new start; watch it on your next turn.",
        _others_gathered, _river_start,
    ),
    Lesson(
        "lake", "Drawing from the lake", "Drawing from the Lake",
        "Choose 4 pieces and add them to your satchel (not your glassworks). Your satchel can "
        "only hold 5 pieces: if you go over, place pieces of your choice in overflow. Then the "
        "lake is refilled to 5 pieces from the bag.",
        "With 0 or 1 pieces left, d goes to the lake: Space picks 4, Enter draws them.",
        _short_of_glass, _lake,
    ),
    Lesson(
        "overflow", "Overflow", "Adding to Your Glassworks; Drawing from the Lake",
        "Your satchel can only hold 5 pieces: if you go over, place pieces of your choice in "
        "overflow. If you can't fit a piece because its column is full or you already have 7 "
        "other colors, place it in overflow too. At the end you lose 3 VP for each piece in your "
        "overflow (Final Scoring, step 3).",
        "b shows each glassworks and its overflow (-3 VP a piece); draw with 0 or 1 pieces left.",
        _overflowing, _overflows,
    ),
    Lesson(
        "rows", "Rows score", "Final Scoring",
        "Score each row in your glassworks: each row scores based on how many spaces you filled "
        "from left to right without any gaps. If the first space in a row is empty, it scores 0 VP.",
        "Your marked columns make your bottom row; fill rows without gaps.",
        _row_scores, _columns,
    ),
    Lesson(
        "columns", "Columns score", "Final Scoring",
        "Score only the 2 tallest filled columns in your glassworks; each scores the VP on its "
        "highest filled space. If there are any ties, score the leftmost tied column(s) first.",
        "Columns further right are worth more; balance rows and columns.",
        _tall_column, _columns,
    ),
    Lesson(
        "end", "The end is near", "Game End",
        "When a player reaches or passes 17 on their inventory track, they trigger the end of the "
        "game. Finish the current round of turns, then take 1 final turn each. Afterwards, each "
        "player scores their glassworks.",
        "Make your last turns count: fill the rows and columns that score most.",
        _end_triggered,
    ),
)


def teach(view: GlassState, seat: int, learner: int) -> Draw | None:
    """A computer seat's first turn: it draws from the lake past its satchel's 5 pieces,
    so overflow is seen early whatever the learner plays ("sometimes it's worth taking
    overflow pieces to get the shapes you want!", Tips & Reminders)."""
    first_turn = view.phase == TURN and view.current == seat and not view.boards[seat].columns
    if not first_turn or any(board.overflow for board in view.boards):
        return None
    room = SATCHEL_LIMIT - len(view.satchels[seat])
    return next((move for move in legal_actions(view, seat) if isinstance(move, Draw) and len(move.pieces) > room), None)


def why(view: GlassState, seat: int, action) -> str:
    """What ``action`` does for ``seat``, in one line of the game's words: what the
    hint's words for the move (`describe_as_advice`, beside it) do not say already."""
    board = view.boards[seat]
    if isinstance(action, Place):
        best = max(adjacent_tiles(view.river, action.tile), key=lambda tile: gain(board, view.tiles[tile]), default=None)
        if best is None:
            return "nothing to gather beside it"
        plus = gain(board, view.tiles[best])
        return f"to gather the {SHAPES[best].name} tile ({names(view.tiles[best])}): {plus:+d} VP"
    if isinstance(action, Gather):
        return f"{gain(board, view.tiles[action.tile]):+d} VP to your glassworks"
    if isinstance(action, NewColumn):
        # "The rarity chart ... shows how likely you are to see more of each color."
        column, colour = len(board.columns), COLOURS[action.colour]
        rarity = f"{colour.count} {colour.name} pieces in the game"
        return f"{rarity}; column {column + 1} scores up to {COLUMN_VP[column][-1]} VP, {ROWS} tall" if column < COLUMNS else rarity
    if isinstance(action, Draw):
        total = len(view.satchels[seat]) + len(action.pieces)
        over = total - SATCHEL_LIMIT  # "can only hold 5 pieces"
        if over > 0:
            return f"fills the satchel to {SATCHEL_LIMIT}, then {over} to overflow: {over * OVERFLOW_VP} VP"
        return f"the satchel then holds {total}"
    if isinstance(action, Overflow):
        return f"{OVERFLOW_VP} VP"
    if isinstance(action, Pass):
        return "nothing can be placed or drawn"
    return ""


GUIDE = Guide(
    seed=SEED,
    seats=2,
    lessons=LESSONS,
    why=why,
    teach=teach,
    points_name="VP",
    scoring={
        "All Rows": "Final Scoring 1, Score All Rows: each row scores by the spaces filled from the left without gaps.",
        "Tallest 2 Columns": "Final Scoring 2, Score Tallest 2 Columns: each scores the VP on its highest filled space.",
        "Overflow": "Final Scoring 3, Score Overflow: lose 3 VP for each piece in your overflow.",
    },
)
