"""We All Take's list of choices when another seat's move lists other choices while
the player's Enter (or a highlight) still waits to be handled: the stale event picks
nothing rather than whatever choice now has its number, and never ends the session.
And what a new list costs the screen: the same choices again nothing, new ones no
layout of the whole screen unless the list's scrollbar comes or goes."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import OptionList

from river_tui.widgets.we_all_take.choice_list import ChoiceList
from river_tui.widgets.we_all_take.choices import Choice

from ui.layouts import refreshes_asked

TAKE_A, TAKE_B, TAKE_C = (Choice(name, Text(f"Take {name}"), "Moves") for name in "ABC")


class ChoicesApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.picked: list[Choice] = []
        self.pointed: list[Choice | None] = []

    def compose(self) -> ComposeResult:
        yield ChoiceList()

    def on_choice_list_picked(self, message: ChoiceList.Picked) -> None:
        self.picked.append(message.choice)

    def on_choice_list_pointed(self, message: ChoiceList.Pointed) -> None:
        self.pointed.append(message.choice)


async def test_an_enter_on_a_choice_listed_no_more_picks_nothing():
    app = ChoicesApp()
    async with app.run_test() as pilot:
        box = app.query_one(ChoiceList)
        box.show([TAKE_A, TAKE_B], "What you may do", "Do")
        await pilot.pause()
        at = box.get_option_index("1")  # Take B
        box.post_message(OptionList.OptionSelected(box, box.get_option_at_index(at), at))  # Enter on it...
        box.show([TAKE_C, TAKE_A], "What you may do", "Do")  # ...and another seat's move lists other choices
        await pilot.pause()
        assert app.picked == []  # not Take A, the choice now numbered as Take B was
        box.post_message(OptionList.OptionSelected(box, box.get_option_at_index(at), at))
        await pilot.pause()
        assert app.picked == [TAKE_A]  # an Enter on the list as shown picks as ever


async def test_a_highlight_past_a_shorter_list_leaves_the_session_running():
    app = ChoicesApp()
    async with app.run_test() as pilot:
        box = app.query_one(ChoiceList)
        box.show([TAKE_A, TAKE_B, TAKE_C], "What you may do", "Do")
        await pilot.pause()
        at = box.get_option_index("2")
        box.post_message(OptionList.OptionHighlighted(box, box.get_option_at_index(at), at))
        box.show([], "Waiting", "Waiting")  # an offer withdrawn: nothing left to do
        await pilot.pause()
        assert app.is_running
        assert TAKE_C not in app.pointed


async def test_the_same_choices_again_redraw_nothing():
    """A seat waiting while the others move is listed the same choices again."""
    app = ChoicesApp()
    async with app.run_test() as pilot:
        box = app.query_one(ChoiceList)
        box.show([TAKE_A, TAKE_B], "Ann: waiting", "Waiting")
        await pilot.pause()
        asked = refreshes_asked(box)
        box.show([TAKE_A, TAKE_B], "Ann: waiting", "Waiting")
        await pilot.pause()
        assert asked == []
        assert box.current() == TAKE_A


async def test_more_choices_lay_the_screen_out_only_when_the_scrollbar_comes():
    app = ChoicesApp()
    app.CSS = "ChoiceList { height: 8; }"
    async with app.run_test(size=(60, 20)) as pilot:
        box = app.query_one(ChoiceList)
        box.show([TAKE_A], "What you may do", "Do")
        await pilot.pause()
        asked = refreshes_asked(box)
        box.show([TAKE_A, TAKE_B, TAKE_C], "What you may do", "Do")
        await pilot.pause()
        assert asked and not any(asked) and not box.show_vertical_scrollbar
        many = [Choice(n, Text(f"Take {n}"), "Moves") for n in range(20)]
        box.show(many, "What you may do", "Do")
        await pilot.pause()
        assert any(asked) and box.show_vertical_scrollbar  # the list's room narrowed: laid out
        box.point_at(19)
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y > 0  # the last choice scrolled into view
