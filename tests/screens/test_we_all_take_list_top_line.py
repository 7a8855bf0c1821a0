"""The list of what you may do never starts its visible part in the middle of a
choice: at 80x24 a choice takes two or three lines, and scrolling the least that
showed the highlight left "west bank below row 1 for ∝1 fee + ♣1" at the top, the
rest of its words above the edge."""

from __future__ import annotations

from river_tui.app.river_app import RiverApp
from river_tui.widgets.we_all_take.choice_list import ChoiceList

from screens.test_we_all_take_screen import a_long_list, many_choices, solo_until
from support.recap import put_away_recaps
from support.screen_text import on_screen


def top_line_of_a_row(box: ChoiceList) -> bool:
    """Whether the list's first visible line is the first line of a choice or heading
    (or the list cannot scroll any further down to make it so)."""
    y = round(box.scroll_y)
    return y in box._tops or y >= box.max_scroll_y


async def test_moving_down_the_list_at_80x24_keeps_whole_choices_at_its_top():
    table = solo_until(7, a_long_list)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await put_away_recaps(pilot)
        box = app.screen.query_one(ChoiceList)
        box.focus()
        scrolled = False
        for _ in range(len(box.choices) - 1):
            await pilot.press("down")
            await pilot.pause()
            scrolled = scrolled or box.scroll_y > 0
            assert top_line_of_a_row(box), (box.current().label.plain, box.scroll_y)
        assert scrolled  # the list is taller than its room: the presses scrolled it


async def test_at_80x24_a_choice_reads_on_one_line_where_it_can():
    """The side is 25 columns wide at 80x24: a choice's whole words ("Harvest ♣ from E2
    (slot 1)", "Build a boat on R2 for ∝1 fee + ♣1") took two or three lines each; its
    short words (the cost, and that a move ends the structure's actions, are on the
    list's bottom border, the hex in the heading) read on one."""
    table = solo_until(15, many_choices)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await put_away_recaps(pilot)
        box = app.screen.query_one(ChoiceList)
        heights = [box._heights[row] for row in box._row_of]
        assert heights.count(1) >= 0.75 * len(heights) and max(heights) <= 2, [
            (box._rows[row][1].plain, box._heights[row]) for row in box._row_of]
        box.focus()
        assert any(choice.ends_actions for choice in box.choices)
        while not box.current().ends_actions:  # down to a move: the border says what it ends
            await pilot.press("down")
        await pilot.pause()
        assert "ends its actions" in on_screen(app, box.region)[-1], box.current().label.plain
