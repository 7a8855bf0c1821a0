"""We All Take's list of choices draws its scrollbar in its own last column: a list
growing past its height after a move, or shrinking back, lays nothing out (Textual's
scrollbar coming and going laid out the whole screen, on every seat's screen at the
table), and the bar still shows where the list is and scrolls it: the wheel, a click
above or below the thumb, the thumb dragged."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.screen import Screen

from river_tui.app.river_app import RiverApp
from river_tui.rules.we_all_take import actions as A
from river_tui.rules.we_all_take.state import ACTIONS
from river_tui.widgets.we_all_take.choice_list import PICKED_MARK, ChoiceList
from river_tui.widgets.we_all_take.choices import Choice

from support.screen_text import on_screen
from widgets.test_we_all_take_choice_list import TAKE_A, TAKE_B, TAKE_C, ChoicesApp
from screens.test_we_all_take_screen import a_long_list, solo_until
from support.waiting import wait_until

MANY = [Choice(n, Text(f"Take {n}"), "Moves") for n in range(20)]


def layouts_counted(monkeypatch) -> list[int]:
    """From now on, each layout of a whole screen."""
    laid: list[int] = []
    layout = Screen._refresh_layout
    monkeypatch.setattr(Screen, "_refresh_layout", lambda screen, *a, **k: laid.append(1) or layout(screen, *a, **k))
    return laid


def bar_column(box: ChoiceList) -> list[tuple]:
    """The look of each cell of the list's last column (its scrollbar's) on the screen."""
    region = box.scrollable_content_region
    styles = [box.app.screen.get_style_at(region.right - 1, y) for y in range(region.y, region.bottom)]
    return [(style.color, style.bgcolor, style.reverse) for style in styles]


def thumb(box: ChoiceList) -> list[int]:
    """The lines of the list the bar's thumb takes (none while nothing overflows)."""
    cells = bar_column(box)
    track = max(set(cells), key=cells.count)
    return [y for y, cell in enumerate(cells) if cell != track] if len(set(cells)) > 1 else []


def words(box: ChoiceList, choice: Choice) -> str:
    """A choice's words as the list shows them (short ones where the whole would wrap)."""
    return " ".join(box.shown_words(choice).plain.split())


@pytest.mark.patches  # what a patch bought: without the patches Textual does more
async def test_a_list_growing_past_its_height_and_back_lays_nothing_out(monkeypatch):
    app = ChoicesApp()
    app.CSS = "ChoiceList { height: 8; }"
    async with app.run_test(size=(60, 20)) as pilot:
        box = app.query_one(ChoiceList)
        box.show([TAKE_A, TAKE_B, TAKE_C], "What you may do", "Do")
        await pilot.pause()
        words = box.text_width
        assert thumb(box) == []  # no bar while every choice shows
        laid = layouts_counted(monkeypatch)
        box.show(MANY, "What you may do", "Do")
        await pilot.pause()
        assert laid == [] and box.max_scroll_y > 0 and box.text_width == words  # nor rewrapped
        assert thumb(box)[0] == 0  # the bar shows the list at its top
        box.point_at(19)
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y  # the last choice scrolled into view
        assert thumb(box)[-1] == box.scrollable_content_region.height - 1 and laid == []
        box.show([TAKE_A, TAKE_B], "What you may do", "Do")
        await pilot.pause()
        assert laid == [] and thumb(box) == [] and box.scroll_y == 0


async def wheel(pilot, box: ChoiceList, down: bool = True) -> None:
    """A turn of the mouse wheel over the list's words."""
    await pilot._post_mouse_events([events.MouseScrollDown if down else events.MouseScrollUp], box, (4, 3))


async def test_the_wheel_and_the_bar_scroll_the_list():
    app = ChoicesApp()
    app.CSS = "ChoiceList { height: 8; }"
    async with app.run_test(size=(60, 20)) as pilot:
        box = app.query_one(ChoiceList)
        box.show(MANY, "What you may do", "Do")
        await pilot.pause()
        await wheel(pilot, box)
        await wheel(pilot, box)
        assert box.scroll_y > 0 and box.current() is MANY[0]  # the wheel scrolls, the highlight stays
        await wheel(pilot, box, down=False)
        await wheel(pilot, box, down=False)
        assert box.scroll_y == 0
        bar_x, height = box.outer_size.width - 2, box.scrollable_content_region.height  # inside the right border
        await pilot.click(box, offset=(bar_x, height))  # below the thumb: a page down
        assert box.scroll_y == height and app.picked == []
        await pilot.click(box, offset=(bar_x, 1))  # above it: a page up
        assert box.scroll_y == 0
        top = thumb(box)[0] + 1  # the thumb, dragged three lines down
        await pilot.mouse_down(box, offset=(bar_x, top))
        await pilot.hover(box, offset=(bar_x, top + 3))
        await pilot.mouse_up(box, offset=(bar_x, top + 3))
        assert abs(box.scroll_y - 3 * box.virtual_size.height / height) <= 1 and app.picked == []  # as far as the pointer went
        assert thumb(box)[0] > top - 1  # and the thumb with it


async def test_a_list_that_fits_lets_the_wheel_go_by():
    """Nothing to scroll: the wheel is the screen's (a list of two does not swallow it)."""
    app = ChoicesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        box = app.query_one(ChoiceList)
        box.show([TAKE_A, TAKE_B], "What you may do", "Do")
        await pilot.pause()
        assert not box.allow_vertical_scroll
        await wheel(pilot, box)
        assert box.scroll_y == 0 and thumb(box) == []


def side_layouts(monkeypatch) -> list[set[str]]:
    """From now on, the widgets of We All Take's side (the panels and the list) that
    each layout of the whole screen was asked for."""
    laid: list[set[str]] = []
    layout = Screen._refresh_layout

    def counted(screen, *args, **kwargs):
        sides = screen.query("#wat-side")  # the menu under the game screen is laid out now and then too
        if not sides:
            return layout(screen, *args, **kwargs)
        side = sides.first()
        asked = {f"{type(w).__name__}#{w.id}" for ws in screen._layout_widgets.values() for w in ws
                 if w is side or side in w.ancestors}  # fmt: skip
        if asked:
            laid.append(asked)
        return layout(screen, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    return laid


def shown(box: ChoiceList) -> str:
    """The highlighted choice's words where the list shows it ("": scrolled out of view)."""
    row = box._row_of[box.choices.index(box.current())]
    top, height, region = box._tops[row] - int(box.scroll_y), box._heights[row], box.scrollable_content_region
    if top < 0 or top + height > region.height:
        return ""
    words = " ".join(" ".join(on_screen(box.app, Region(region.x, region.y + top, box.text_width, height))).split())
    return words.removeprefix(PICKED_MARK)  # the player's pick is marked


@pytest.mark.patches  # what a patch bought: without the patches Textual does more
async def test_moves_that_shorten_the_list_past_its_height_lay_out_nothing_of_the_side(monkeypatch):
    """A player harvests and builds from a long list until it fits: the list's
    scrollbar goes without the screen being laid out, and the choice picked next is in view."""
    table = solo_until(7, a_long_list)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        box = app.screen.query_one(ChoiceList)
        await wait_until(lambda: box.max_scroll_y > 0, "a list longer than its height", pause=pilot.pause)
        box.focus()
        await pilot.pause()
        laid, moves = side_layouts(monkeypatch), len(table.log)
        while box.max_scroll_y > 0 and table.state.phase == ACTIONS:
            await pilot.press("end")  # the last choice: the list scrolls to it
            assert box.current() is box.choices[-1] and shown(box) == words(box, box.current())
            harvests = [c for c in box.choices if isinstance(c.action, (A.Harvest, A.Build, A.Plant))]
            assert harvests, "the list ran out of moves before it fitted"
            box.point_at(box.choices.index(harvests[0]))
            await pilot.pause()
            assert shown(box) == words(box, harvests[0])
            await pilot.press("enter")
            await wait_until(lambda: len(table.log) > moves, "the move made", pause=pilot.pause)
            moves = len(table.log)
        assert box.max_scroll_y == 0 and table.state.phase == ACTIONS and laid == []

