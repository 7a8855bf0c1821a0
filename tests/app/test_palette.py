"""The games' colours: 4.5:1 on every look's backgrounds, players apart in 256 and
16 colours, and the light look really drawn in the light inks."""

from __future__ import annotations

from itertools import combinations

import pytest
from rich.color import Color, ColorSystem

from river_tui.app.river_app import RiverApp
from river_tui.play.table import Seat, Table
from river_tui.app.themes import THEME_CYCLE
from river_tui.widgets.palette import INKS
from support.recap import put_away_recaps

PLAYERS = {
    "we-all-take": ("red", "orange", "yellow", "purple", "blue"),
    "flow": ("magenta", "lemon", "cyan", "green", "blue"),
}


def luminance(hex_colour: str) -> float:
    """WCAG 2's relative luminance."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = Color.parse(hex_colour).get_truecolor()
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def on_look(name: str, dark: bool) -> str:
    return INKS[name].dark if dark else INKS[name].light


@pytest.mark.parametrize("theme", THEME_CYCLE)
async def test_every_game_colour_reads_on_every_background_of_every_look(theme):
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme
        await pilot.pause()
        variables = app.get_css_variables()
        dark = app.current_theme.dark
        for background in ("background", "surface", "panel"):
            for name in INKS:
                ink = on_look(name, dark)
                ratio = contrast(ink, variables[background])
                assert ratio >= 4.5, f"{name} ({ink}) on {theme}'s {background} {variables[background]}: {ratio:.2f}"


@pytest.mark.parametrize("game", list(PLAYERS))
@pytest.mark.parametrize("dark", [True, False])
@pytest.mark.parametrize("system", [ColorSystem.EIGHT_BIT, ColorSystem.STANDARD])
def test_the_five_player_colours_stay_apart_when_a_terminal_reduces_them(game, dark, system):
    reduced = {name: Color.parse(on_look(name, dark)).downgrade(system).number for name in PLAYERS[game]}
    for a, b in combinations(PLAYERS[game], 2):
        assert reduced[a] != reduced[b], f"{a} and {b} both become colour {reduced[a]} ({system.name})"


def test_dark_inks_are_all_different():
    darks = [Color.parse(ink.dark).triplet for ink in INKS.values()]
    assert len(set(darks)) == len(darks)


async def test_the_light_look_draws_each_camp_in_its_light_ink():
    table = Table.create("we-all-take", [Seat("Ann"), Seat("Computer 1", "greedy")], {}, seed=4, autosave=False)
    table.apply(0, next(a for a in table.legal_actions(0) if type(a).__name__ == "PlaceCamp"))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await put_away_recaps(pilot)
        dark_svg = app.export_screenshot()
        app.theme = "textual-light"
        await pilot.pause()
        light_svg = app.export_screenshot()
    used = [name for name in ("red", "orange", "yellow", "purple", "blue") if INKS[name].dark in dark_svg]
    assert used, "the dark look draws a camp colour"
    for name in used:
        assert INKS[name].dark not in light_svg and INKS[name].light in light_svg, name
