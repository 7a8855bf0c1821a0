"""An app's line filters are applied as one: every line Textual draws passes one
filter object, which draws exactly what the filters one by one would, and server
sessions with the same settings share it (and so what it made of their common lines)."""

from __future__ import annotations

import pytest
from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style
from rich.terminal_theme import MONOKAI
from textual.color import Color
from textual.filter import ANSIToTruecolor
from textual.strip import Strip

from river_tui.app.river_app import GREYS, RiverApp
from river_tui.app.colour_depth import DEPTH_FILTERS
from river_tui.app.control_filter import DROP_CONTROLS
from river_tui.app.filter_chain import FilterChain, chained
from river_tui.app.readable_inks import readable_inks
from river_tui.net.auth import Identity
from river_tui.net.remote_app import RemoteApp
from river_tui.net.tables import TableRegistry
from river_tui.widgets.palette import LightInks

LINE = [
    Segment("red ", Style(color="red", bgcolor="rgb(10,120,200)")),
    Segment("in\x1bside", Style(color="rgb(250,200,3)", bold=True)),
    Segment(" ", Style()),
]


def test_a_chain_draws_what_its_filters_draw_one_by_one():
    filters = (ANSIToTruecolor(MONOKAI), DROP_CONTROLS, DEPTH_FILTERS["256"])
    background = Color(20, 20, 30)
    one_by_one = LINE
    for line_filter in filters:
        one_by_one = line_filter.apply(one_by_one, background)
    assert FilterChain(filters).apply(LINE, background) == one_by_one
    assert "\x1b" not in "".join(segment.text for segment in one_by_one)


PLAIN_LINE = [
    Segment("dim ", Style(color="green", dim=True)),
    Segment("none", None),
    Segment(" null ", Style()),
    Segment("ansi on rgb", Style(color="bright_blue", bgcolor="rgb(10,120,200)", underline=True)),
    Segment("dim ", Style(color="green", dim=True)),  # the same style again
    Segment("rgb", Style(color="rgb(176,50,50)", bgcolor="black")),
    Segment("──", Style(color="rgb(60,60,60)", bgcolor="rgb(40,40,40)")),  # a frame, kept as it is
    Segment("faint", Style(color="rgb(60,60,60)", bgcolor="rgb(40,40,40)")),  # the same style on words: moved
]


def test_a_line_without_control_characters_is_restyled_as_by_the_filters_one_by_one():
    """Every chain the app makes (dark, light, without colour, at each depth) restyles
    such a line in one pass, to the same segments, the first time and the next."""
    truecolour = ANSIToTruecolor(MONOKAI)
    chains = [
        (truecolour, DROP_CONTROLS, DEPTH_FILTERS["256"]),
        (truecolour, DROP_CONTROLS, DEPTH_FILTERS["standard"]),
        (truecolour, DROP_CONTROLS, LightInks(), DEPTH_FILTERS["256"]),
        (truecolour, DROP_CONTROLS, GREYS),
        (DROP_CONTROLS, LightInks(), GREYS, DEPTH_FILTERS["standard"]),
        (truecolour, DROP_CONTROLS, readable_inks(ColorSystem.TRUECOLOR, MONOKAI)),
        (truecolour, DROP_CONTROLS, LightInks(), DEPTH_FILTERS["256"], readable_inks(ColorSystem.EIGHT_BIT, MONOKAI)),
        (truecolour, DROP_CONTROLS, DEPTH_FILTERS["standard"], readable_inks(ColorSystem.STANDARD, MONOKAI)),
    ]
    for filters in chains:
        chain = FilterChain(filters)
        for background in (Color(20, 20, 30), Color(240, 240, 240), Color(20, 20, 30)):
            one_by_one = PLAIN_LINE
            for line_filter in filters:
                one_by_one = line_filter.apply(one_by_one, background)
            assert chain.apply(PLAIN_LINE, background) == one_by_one, filters


def test_the_same_filters_make_the_same_chain_and_one_filter_is_left_alone():
    filters = [ANSIToTruecolor(MONOKAI), DROP_CONTROLS]
    assert chained(filters)[0] is chained(list(filters))[0]
    assert chained([DROP_CONTROLS]) == [DROP_CONTROLS]


async def test_every_line_drawn_passes_one_filter(monkeypatch):
    used = []
    original = Strip.apply_filter

    def apply_filter(self, line_filter, background):
        used.append(line_filter)
        return original(self, line_filter, background)

    monkeypatch.setattr(Strip, "apply_filter", apply_filter)
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert used, "the menu was drawn through no filter"
        assert {id(f) for f in used} == {id(app.get_line_filters()[0])}
        assert list(used[0].filters) == app.filters_in_order()


@pytest.mark.patches  # what a patch bought: without the patches Textual does more
def test_server_sessions_with_the_same_settings_share_one_chain(tmp_path):
    registry = TableRegistry(tmp_path)
    ann, bob = (RemoteApp(Identity(name, f"fp-{name}", "key"), registry) for name in ("ann", "bob"))
    [chain] = ann.get_line_filters()
    assert bob.get_line_filters() == [chain]
    assert isinstance(chain, FilterChain)
