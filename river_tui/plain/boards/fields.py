"""The board of a game without text of its own: the view's fields, one a line."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from . import Section


def sections(view: Any, seat: int | None, names: Sequence[str]) -> list[Section]:
    if not dataclasses.is_dataclass(view):
        return [("position", [repr(view)])]
    lines = [f"{f.name}: {getattr(view, f.name)!r}" for f in dataclasses.fields(view) if f.name != "rng"]
    return [("position", lines)]
