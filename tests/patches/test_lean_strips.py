"""Strips make their caches when first used (patches/lean_strips.py): a strip that is
never cropped or styled holds none, and one that is gives the same lines as Textual's
own strip, remembered as Textual remembers them."""

from __future__ import annotations

import pytest
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from river_tui.app.river_app import RiverApp
from river_tui.patches.lean_strips import CACHE_SIZES

pytestmark = pytest.mark.patches  # checks a patch: skipped when they are off

RED = Style(color="red")


def empty_caches(strip: Strip) -> list[str]:
    """The caches the strip has not made yet (read past `__getattr__`)."""
    empty = []
    for name in CACHE_SIZES:
        try:
            getattr(Strip, name).__get__(strip, Strip)
        except AttributeError:
            empty.append(name)
    return empty


def test_a_strip_makes_a_cache_only_when_a_method_needs_it():
    RiverApp()  # the app has strips made lean
    strip = Strip([Segment("river "), Segment("boat", RED)])
    assert empty_caches(strip) == list(CACHE_SIZES)
    cropped = strip.crop(2, 8)
    assert cropped is strip.crop(2, 8)  # remembered, as by Textual
    assert cropped.text == "ver bo"
    assert empty_caches(strip) == [name for name in CACHE_SIZES if name != "_crop_cache"]
    with pytest.raises(AttributeError):
        strip.no_such_thing  # noqa: B018


def test_a_lean_strip_draws_what_textuals_strip_draws():
    RiverApp()
    lean = Strip([Segment("river "), Segment("boat", RED)])
    assert lean.divide([3, 10]) == [Strip([Segment("riv")]), Strip([Segment("er "), Segment("boat", RED)])]
    assert lean.apply_style(Style(bold=True)).text == "river boat"
    assert lean.crop_extend(0, 12, None).cell_length == 12
    assert lean.extend_cell_length(12).cell_length == 12
    assert lean.simplify().text == "river boat"
