"""A save's digest is the sha256 of `canonical_bytes` of the state: the bytes must never
change for the same state, or every save written before would fail its check."""

from __future__ import annotations

import dataclasses
import enum

from river_tui.rules.core import canonical_bytes


class Colour(enum.IntEnum):
    RED = 1


@dataclasses.dataclass(frozen=True)
class Inner:
    name: str
    flag: bool


@dataclasses.dataclass(frozen=True)
class Outer:
    counts: dict
    seen: frozenset
    order: tuple
    rest: list
    inner: Inner
    colour: Colour
    nothing: None = None
    share: float = 0.5


def test_every_kind_of_value_has_its_fixed_spelling():
    state = Outer(
        counts={"b": 2, "a": (1, 2)}, seen=frozenset({3, 1, 2}), order=(Inner("x", True), 7), rest=[{9}, []],
        inner=Inner("it's", False), colour=Colour.RED,
    )  # fmt: skip
    assert canonical_bytes(state) == (
        b"Outer({'a':[1,2,],'b':2,},{1,2,3},[Inner('x',True,),7,],[{9},[],],Inner(\"it's\",False,),"
        b"<Colour.RED: 1>,None,0.5,)"
    )


def test_a_class_is_spelled_by_its_repr_not_its_fields():
    assert canonical_bytes([Inner]) == f"[{Inner!r},]".encode()
