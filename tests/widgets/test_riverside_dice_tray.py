"""Riverside's dice tray redraws when what it shows changes (the dice, the die pointed
at, the note), and not for another seat's move within the round."""

from __future__ import annotations

from typing import NamedTuple

from textual.app import App, ComposeResult

from river_tui.rules.riverside.components import COLOURS, LETTERS
from river_tui.widgets.riverside.dice_tray import DiceTray

from support.layouts import lines_refreshed, refreshes_asked
from support.screen_text import on_screen


class Dice(NamedTuple):
    round: int
    temperature: int
    dice: tuple[int, ...]
    over: bool = False


ROLL = Dice(2, 3, (4, *range(1, len(COLOURS) + 1)))


class TrayApp(App[None]):
    def compose(self) -> ComposeResult:
        yield DiceTray()


async def first_die_pointed_at(app: TrayApp, pilot) -> DiceTray:
    """The tray showing ``ROLL``, its first die pointed at."""
    tray = app.query_one(DiceTray)
    tray.show(ROLL, cursor=0, note="pick a die")
    await pilot.pause()
    return tray


async def test_the_same_dice_again_redraw_nothing_and_another_die_pointed_at_does():
    app = TrayApp()
    async with app.run_test(size=(80, 12)) as pilot:
        tray = await first_die_pointed_at(app, pilot)
        asked = refreshes_asked(tray)
        tray.show(Dice(*ROLL), cursor=0, note="pick a die")
        await pilot.pause()
        assert asked == []
        tray.show(ROLL, cursor=1, note="pick a die")
        await pilot.pause()
        assert asked and tray.cursor == 1
        assert f"[{LETTERS[COLOURS[1]]}{ROLL.dice[2]}]" in str(tray.render())  # the second colour's die, bracketed
        tray.show(ROLL, cursor=1, note="pick another")
        await pilot.pause()
        assert "pick another" in str(tray.render())


async def test_another_die_pointed_at_repaints_the_line_of_its_dice_and_the_note_alone():
    app = TrayApp()
    async with app.run_test(size=(80, 12)) as pilot:
        tray = await first_die_pointed_at(app, pilot)
        asked = lines_refreshed(tray)
        tray.show(ROLL, cursor=1, note="pick the other die")  # both dice lie below the captain tile
        await pilot.pause()
        assert asked == [{3}, {4}]
        assert on_screen(app, tray.region)[3:5] == [
            f"      {LETTERS[COLOURS[0]]}1 [{LETTERS[COLOURS[1]]}2] {LETTERS[COLOURS[2]]}3".ljust(tray.size.width),
            "pick the other die".ljust(tray.size.width),
        ]
