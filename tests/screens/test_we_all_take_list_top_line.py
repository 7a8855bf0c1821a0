"""The list of what you may do never starts its visible part in the middle of a
choice: at 80x24 a choice takes two or three lines, and scrolling the least that
showed the highlight left "west bank below row 1 for ∝1 fee + ♣1" at the top, the
rest of its words above the edge."""

from __future__ import annotations

from river_tui.app.river_app import RiverApp
from river_tui.widgets.we_all_take.choice_list import ChoiceList

from screens.test_we_all_take_screen import many_choices, solo_until
from support.recap import put_away_recaps


def top_line_of_a_row(box: ChoiceList) -> bool:
    """Whether the list's first visible line is the first line of a choice or heading
    (or the list cannot scroll any further down to make it so)."""
    y = round(box.scroll_y)
    return y in box._tops or y >= box.max_scroll_y


async def test_moving_down_the_list_at_80x24_keeps_whole_choices_at_its_top():
    table = solo_until(15, many_choices)
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
