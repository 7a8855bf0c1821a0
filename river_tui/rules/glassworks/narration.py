"""Log lines in the game's language: what a player did, and what the rules did
by themselves (the river refilled, the lake refilled, the end triggered)."""

from __future__ import annotations

from collections import Counter

from .actions import Draw, Gather, NewColumn, Overflow, Pass, Place
from .components import COLOURS, END_TRIGGER, SHAPES
from .pieces import names
from .state import BY_INVENTORY, GATHER, ORDER, OVERFLOW, TURN, GlassState


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


def describe(s: GlassState, seat: int, action) -> str:
    who = seat_name(seat)
    if isinstance(action, Place):
        return f"{who} placed {names(action.pieces)} on the {SHAPES[action.tile].name} tile"
    if isinstance(action, Gather):
        return f"{who} gathered {names(s.tiles[action.tile])} from the {SHAPES[action.tile].name} tile"
    if isinstance(action, NewColumn):
        column = len(s.boards[seat].columns) + 1
        return f"{who} put {COLOURS[action.colour].name} in column {column}"
    if isinstance(action, Draw):
        return f"{who} drew {names(action.pieces)} from the lake"
    if isinstance(action, Overflow):
        return f"{who} sent {names((action.piece,))} to overflow (-3 VP)"
    if isinstance(action, Pass):
        return f"{who} can neither place nor draw, and passes"
    return f"{who}: {action}"


def events(before: GlassState, after: GlassState) -> list[str]:
    lines: list[str] = []
    seat = before.current
    if before.phase in (GATHER, ORDER):
        grew = len(after.boards[seat].overflow) - len(before.boards[seat].overflow)
        if grew:
            lines.append(f"{seat_name(seat)} had no room for {grew} piece(s): overflow ({grew * -3} VP)")
    if before.phase == GATHER:
        start = after.river[0]
        lines.append(
            f"The {SHAPES[start].name} tile flows to the start of the river;"
            f" the bag refills it with {names(after.tiles[start])}"
        )
    if before.phase in (TURN, OVERFLOW) and after.phase != OVERFLOW and after.lake != before.lake:
        kept = Counter(before.lake)
        if before.phase == TURN:
            kept -= Counter(after.satchels[seat]) - Counter(before.satchels[seat])
        refill = Counter(after.lake) - kept
        lines.append(f"The lake is refilled with {names(refill.elements())}")
    if before.turns_left is None and after.turns_left is not None:
        lines.extend(end_trigger_lines(before, after))
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
