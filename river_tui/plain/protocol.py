"""The line protocol a program plays a seat through: JSON lines both ways.

River TUI writes one JSON object a line: ``hello`` (the game, the seats, which
is the program's), ``turn`` (a number, the seat's view as plain data, the legal
moves in the move notation, the time limit), ``moved`` (the log lines of every
move, as the app's log shows them), ``error`` (what was wrong with an answer, and
that the computer played that move), ``end`` (the scores). The program answers
each ``turn`` with one line: ``{"move": "place bend 90 C4"}`` (or ``{"index":
3}`` into the list), optionally with ``"turn"`` echoing the turn's number.

The program's output is untrusted: a line is read only up to `MOST_ANSWER`
bytes, must be UTF-8 JSON of at most `MOST_DEPTH` levels, an object, naming one
of the legal moves; anything else is refused with one sentence (`BadAnswer`).
docs/protocol.md describes it for authors of programs.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..rules.core import Action

PROTOCOL = 1
MOST_ANSWER = 4096
"""Bytes of one answer line read at most; more is "too much"."""
MOST_DEPTH = 4
"""Nesting of an answer's JSON at most."""
DEPTH_OF_VIEW = 64
"""Nesting of a view written out at most (a state is far shallower)."""


class BadAnswer(ValueError):
    """An answer that names no legal move; ``reason`` is one sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def as_data(value: Any, depth: int = 0) -> Any:
    """A view as plain JSON data: dataclasses as objects of their fields (never an
    RNG), tuples and lists as lists, sets sorted, mapping keys as strings."""
    if depth > DEPTH_OF_VIEW:
        raise ValueError("A view is nested too deep to write out.")
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: as_data(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value) if f.name != "rng"}
    if isinstance(value, Mapping):
        return {str(k): as_data(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((as_data(v, depth + 1) for v in value), key=repr)
    if isinstance(value, (list, tuple, Sequence)) and not isinstance(value, (str, bytes)):
        return [as_data(v, depth + 1) for v in value]
    return repr(value)


def line(message: Mapping[str, Any]) -> str:
    """One message as one line (JSON escapes every control character)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def read_answer(raw: bytes, turn: int, written: Sequence[str], legal: Sequence[Action]) -> Action | None:
    """The legal move an answer line names; None for an answer to an earlier turn
    (a late one, to be passed over); BadAnswer for anything else."""
    if len(raw) > MOST_ANSWER:
        raise BadAnswer(f"The answer was longer than {MOST_ANSWER} bytes.")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadAnswer("The answer is not UTF-8 text.") from None
    except (ValueError, RecursionError):
        raise BadAnswer('The answer is not JSON: answer one line such as {"move": "..."}.') from None
    if not isinstance(data, dict):
        raise BadAnswer('The answer is not a JSON object such as {"move": "..."}.')
    if _depth(data) > MOST_DEPTH:
        raise BadAnswer("The answer is nested too deep.")
    echoed = data.get("turn")
    if echoed is not None and echoed != turn:
        if isinstance(echoed, int) and not isinstance(echoed, bool) and echoed < turn:
            return None
        raise BadAnswer(f"The answer is for turn {str(echoed)[:20]}, not turn {turn}.")
    if "index" in data and "move" not in data:
        index = data["index"]
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(legal):
            raise BadAnswer(f"index must be a whole number from 0 to {len(legal) - 1}.")
        return legal[index]
    move = data.get("move")
    if not isinstance(move, str):
        raise BadAnswer('The answer names no move: send {"move": "..."} with one of the legal moves.')
    normal = " ".join(move.split())
    for text, action in zip(written, legal):
        if text == normal:
            return action
    folded = normal.lower()
    matches = [action for text, action in zip(written, legal) if text.lower() == folded]
    if len(matches) == 1:
        return matches[0]
    raise BadAnswer(f"{json.dumps(move[:60], ensure_ascii=True)} is not one of the legal moves.")


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0
