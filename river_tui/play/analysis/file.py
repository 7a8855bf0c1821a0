"""``NAME.analysis.json``: a game's analysis, kept beside its save.

The one reader and writer of the file. It is untrusted like any file from
outside (docs/decisions/0011): read as a regular file of at most
`MAX_FILE_BYTES`, its JSON numbers through `saves.numbers`, its shape checked
whole; it must be the analysis of this very game (its id, seed, number of moves
and final position's digest), and each decision a choice its seat had, with a
best move that is legal there. Anything else and the whole file is refused,
in a sentence, and the analysis is computed again (then written over the
refused file: it is only ever derived from the save). It is written
atomically, never through a link.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

from ...rules.core import IllegalAction, encode_action
from ...safe_text import plain
from ...saves.files import read_regular, write_atomically
from ...saves.numbers import loads_json
from ..replay import History
from .decision import Decision

FORMAT = "river-tui-analysis"
VERSION = 1
SUFFIX = ".analysis.json"
MAX_FILE_BYTES = 2 << 20
MAX_POINTS = 1e6
"""The largest estimate, either side of zero, a decision may hold."""
MAX_ACTION_VALUES = 64
"""Values of an encoded move, at any depth."""


def path_beside(save: Path) -> Path:
    """The analysis file of the game saved at ``save``."""
    return save.with_name(save.stem + SUFFIX)


def identity(table: History) -> dict[str, Any]:
    """What ties a file to its game."""
    game = table.game
    return {"game": game.id, "seed": table.seed, "moves": len(table.log),
            "digest": game.digest(table.state_at(len(table.log)))}


class _Refused(Exception):
    """The file is not this game's sound analysis; ``str()`` says how."""


def read(path: Path, table: History) -> tuple[dict[int, Decision], str | None]:
    """The decisions the file ``path`` holds for ``table``, and None; or none and
    the sentence saying why the file is not used (None too when there is no file)."""
    name = plain(path.name, 80)
    try:
        raw = read_regular(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        return {}, None
    except OSError as err:
        return {}, f"The analysis file {name} cannot be read ({plain(err.strerror or err, 100)}): it is computed again."
    try:
        return _decisions(raw, table), None
    except _Refused as why:
        return {}, f"The analysis file {name} is not used ({why}): it is computed again."


def _decisions(raw: bytes, table: History) -> dict[int, Decision]:
    if len(raw) > MAX_FILE_BYTES:
        raise _Refused(f"it is larger than {MAX_FILE_BYTES >> 20} MB")
    try:
        body = loads_json(raw)
    except (ValueError, RecursionError):
        raise _Refused("it is not JSON") from None
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise _Refused("it is not a River TUI analysis")
    if body.get("version") != VERSION:
        raise _Refused("it is of another version")
    if body.get("game") != identity(table):
        raise _Refused("it is of another game, or of this one before its last moves")
    entries = body.get("decisions")
    if not isinstance(entries, list) or len(entries) > len(table.log):
        raise _Refused("its decisions are not a list of at most one per move")
    out: dict[int, Decision] = {}
    for entry in entries:
        decision = _decision(entry, table)
        if decision.move in out:
            raise _Refused(f"move {decision.move + 1} is in it twice")
        out[decision.move] = decision
    return out


def _decision(entry: Any, table: History) -> Decision:
    if not isinstance(entry, dict) or set(entry) != {"move", "best", "best_points", "played_points"}:
        raise _Refused("a decision is not of the shape River TUI writes")
    move = entry["move"]
    if type(move) is not int or not 0 <= move < len(table.log):
        raise _Refused("a decision's move is not one of the game's")
    where = f"move {move + 1}'s"
    best_points = _points(entry["best_points"], where)
    played_points = None if entry["played_points"] is None else _points(entry["played_points"], where)
    game = table.game
    seat, played = table.log[move]
    state = table.state_at(move)
    encoded = entry["best"]
    if not isinstance(encoded, list) or _values(encoded, 0) > MAX_ACTION_VALUES:
        raise _Refused(f"{where} best move is not a move")
    try:
        best = game.decode_action(encoded)
        if len(game.legal_actions(state, seat)) < 2:
            raise _Refused(f"move {move + 1} was no choice")
        game.apply(state, seat, best)
    except (ValueError, TypeError, IllegalAction):
        raise _Refused(f"{where} best move is not a legal move there") from None
    return Decision(move, seat, best, best_points, played_points, best == played)


def _points(value: Any, where: str) -> float:
    if type(value) not in (int, float) or not math.isfinite(value) or abs(value) > MAX_POINTS:
        raise _Refused(f"{where} points are not a number in range")
    return float(value)


def _values(value: Any, depth: int) -> int:
    """How many values ``value`` holds at any depth (too deep counts as too many)."""
    if depth > 4:
        return MAX_ACTION_VALUES + 1
    if isinstance(value, list):
        return sum(_values(v, depth + 1) for v in value) + 1
    if value is None or type(value) in (bool, int, float, str):
        return 1
    return MAX_ACTION_VALUES + 1


def write(path: Path, table: History, decisions: dict[int, Decision]) -> str | None:
    """Write ``decisions`` of ``table`` to ``path``; the sentence saying why it
    could not be written (the analysis then lives in memory only), or None."""
    if os.path.islink(path):
        return f"The analysis is not kept: {plain(path.name, 80)} is a link."
    body = {
        "format": FORMAT,
        "version": VERSION,
        "game": identity(table),
        "decisions": [
            {"move": d.move, "best": encode_action(d.best), "best_points": d.best_points,
             "played_points": d.played_points}
            for d in sorted(decisions.values(), key=lambda d: d.move)
        ],
    }
    try:
        write_atomically(path, json.dumps(body).encode(), backup=False, within=path.parent)
    except OSError as err:
        return f"The analysis is not kept: {plain(path.name, 80)} cannot be written ({plain(err.strerror or err, 100)})."
    return None
