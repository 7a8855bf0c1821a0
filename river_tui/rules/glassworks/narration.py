"""Log lines in the game's language: what a player did, and what the rules did
by themselves (the river refilled, the lake refilled, the end triggered); and what
a move changed, as a seat's view shows it (`changes`)."""

from __future__ import annotations

from collections import Counter

from ..changes import Changes
from ..voice import ADVICE, Voice

from .actions import Draw, Gather, NewColumn, Overflow, Pass, Place
from .components import COLOURS, END_TRIGGER, SHAPES
from .pieces import names
from .state import BY_INVENTORY, GATHER, ORDER, OVERFLOW, TURN, GlassState


RIVER, LAKE, GLASSWORKS, END = "River", "Lake", "Glassworks", "The end"
HEADINGS = (END, RIVER, LAKE, GLASSWORKS)
"""The headings of the "since your last turn" summary: the end triggered first (the
news that brings the box up alone at the table, read before any scrolling)."""


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


def describe(s: GlassState, seat: int, action, voice: Voice | None = None) -> str:
    """The log's line for ``action`` ("Seat 2 placed ..."), or, in the `ADVICE`
    voice, what to do ("Place ...")."""
    v = voice or Voice(seat_name(seat))
    if isinstance(action, Place):
        return f"{v.did('placed', 'place')} {names(action.pieces)} on the {SHAPES[action.tile].name} tile"
    if isinstance(action, Gather):
        return f"{v.did('gathered', 'gather')} {names(s.tiles[action.tile])} from the {SHAPES[action.tile].name} tile"
    if isinstance(action, NewColumn):
        column = len(s.boards[seat].columns) + 1
        return f"{v.did('put', 'start')} {COLOURS[action.colour].name} in column {column}"
    if isinstance(action, Draw):
        return f"{v.did('drew', 'draw')} {names(action.pieces)} from the lake"
    if isinstance(action, Overflow):
        return f"{v.did('sent', 'send')} {names((action.piece,))} to overflow (-3 VP)"
    if isinstance(action, Pass):
        return f"{v.did('can neither place nor draw, and passes', 'pass: you can neither place nor draw')}"
    return f"{v.did('played', 'play')} {action}"


def describe_as_advice(s: GlassState, seat: int, action) -> str:
    return describe(s, seat, action, ADVICE)


def events(before: GlassState, after: GlassState) -> list[str]:
    return [line for _, line in rules_steps(before, after)]


def rules_steps(before: GlassState, after: GlassState) -> list[tuple[str, str]]:
    """What the rules did by themselves, each under its summary heading."""
    lines: list[tuple[str, str]] = []
    seat = before.current
    if before.phase in (GATHER, ORDER):
        grew = len(after.boards[seat].overflow) - len(before.boards[seat].overflow)
        if grew:
            pieces = "1 piece" if grew == 1 else f"{grew} pieces"
            lines.append((GLASSWORKS, f"{seat_name(seat)} had no room for {pieces}: overflow ({grew * -3} VP)"))
    if before.phase == GATHER:
        start = after.river[0]
        lines.append((RIVER,
            f"The {SHAPES[start].name} tile flows to the start of the river;"
            f" the bag refills it with {names(after.tiles[start])}"
        ))
    if before.phase in (TURN, OVERFLOW) and after.phase != OVERFLOW and after.lake != before.lake:
        kept = Counter(before.lake)
        if before.phase == TURN:
            kept -= Counter(after.satchels[seat]) - Counter(before.satchels[seat])
        refill = Counter(after.lake) - kept
        lines.append((LAKE, f"The lake is refilled with {names(refill.elements())}"))
    if before.turns_left is None and after.turns_left is not None:
        lines.extend((END, line) for line in end_trigger_lines(before, after))
    return lines


def end_trigger_lines(before: GlassState, after: GlassState) -> list[str]:
    if after.end_cause == BY_INVENTORY:
        cause = f"{seat_name(after.end_seat)} reached {END_TRIGGER} on the inventory track"
    else:
        cause = "The bag ran out"
    lines = [
        f"{cause}: the end is triggered. The round finishes, then 1 final turn each"
        f" ({after.turns_left} turns left)"
    ]
    if after.end_cause == BY_INVENTORY:
        for seat in range(after.seats):
            topped = Counter(after.satchels[seat]) - Counter(before.satchels[seat])
            if topped:
                lines.append(f"{seat_name(seat)} tops up the satchel with {names(topped.elements())}")
    return lines


def round_label(s: GlassState) -> str:
    label = f"Round {s.round}"
    if s.turns_left is not None:
        label += f" · end triggered, {s.turns_left} turn{'s' if s.turns_left != 1 else ''} left"
    return label


# --- what a move changed, as a seat's view shows it (rules/changes.py) ------------------


def changes(before: GlassState, after: GlassState, actor: int) -> Changes:
    """The river tiles, lake, satchels, columns and overflow the move changed
    (marks ``("river", shape)``, ``("lake",)``, ``("satchel", seat)``,
    ``("column", seat, column)``, ``("overflow", seat)``), and in words what left
    the river and the lake and where it went."""
    marks = {("river", shape) for shape, (old, new) in enumerate(zip(before.tiles, after.tiles)) if old != new}
    if before.lake != after.lake:
        marks.add(("lake",))
    for seat, (old, new) in enumerate(zip(before.boards, after.boards)):
        marks.update(("column", seat, c) for c, column in enumerate(new.columns) if old.columns[c:c + 1] != (column,))
        if old.overflow != new.overflow:
            marks.add(("overflow", seat))
    marks.update(("satchel", seat) for seat, (old, new) in enumerate(zip(before.satchels, after.satchels)) if old != new)
    # The river and the lake refilled from the bag show on the board (marked); in
    # words, only what the players did, pieces sent to overflow and the end.
    steps = [(heading, line) for heading, line in rules_steps(before, after) if heading in (GLASSWORKS, END)]
    return Changes(frozenset(marks), (_deed(before, after, actor), *steps))


def _deed(before: GlassState, after: GlassState, actor: int) -> tuple[str, str]:
    """What the mover did, from what changed."""
    who = seat_name(actor)
    if before.phase == TURN and after.placed is not None and after.phase == GATHER:
        placed = Counter(after.tiles[after.placed]) - Counter(before.tiles[after.placed])
        return RIVER, f"{who} placed {names(placed.elements())} on the {SHAPES[after.placed].name} tile"
    if before.phase == GATHER:
        gathered = after.river[0]  # the emptied tile flows to the start of the river
        return RIVER, f"{who} gathered {names(before.tiles[gathered])} from the {SHAPES[gathered].name} tile"
    if before.phase == ORDER:
        column = next(c for c, col in enumerate(after.boards[actor].columns) if before.boards[actor].columns[c:c + 1] != (col,))
        colour = COLOURS[after.boards[actor].columns[column][0] >> 3].name
        return GLASSWORKS, f"{who} put {colour} in column {column + 1}"
    if before.phase == OVERFLOW:
        sent = Counter(before.satchels[actor]) - Counter(after.satchels[actor])
        return GLASSWORKS, f"{who} sent {names(sent.elements())} to overflow (-3 VP)"
    drawn = Counter(after.satchels[actor]) - Counter(before.satchels[actor])
    if drawn:
        return LAKE, f"{who} drew {names(drawn.elements())} from the lake"
    return GLASSWORKS, f"{who} could neither place nor draw, and passed"
