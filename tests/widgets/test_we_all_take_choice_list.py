"""We All Take's list of choices when another seat's move lists other choices while
the player's Enter (or a highlight) still waits to be handled: the stale event picks
nothing rather than whatever choice now has its number, and never ends the session.
And what a new list costs the screen: the same choices again nothing, new ones no
layout of the whole screen (its scrollbar: test_we_all_take_list_scrollbar.py)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from river_tui.widgets.we_all_take.choice_list import ChoiceList
from river_tui.widgets.we_all_take.choices import Choice

from support.layouts import refreshes_asked
from support.screen_text import on_screen

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
        box.point_at(1)
        box.action_select()  # Enter on Take B...
        box.show([TAKE_C, TAKE_A], "What you may do", "Do")  # ...and another seat's move lists other choices
        await pilot.pause()
        assert app.picked == []  # not Take A, the choice now where Take B was
        box.action_select()
        await pilot.pause()
        assert app.picked == [] and box.picked  # the list placed the highlight: a first Enter picks it...
        box.action_select()
        await pilot.pause()
        assert app.picked == [TAKE_C]  # ...and the next does it (the first of the same kind: Take B is gone)


async def test_a_pick_of_the_same_words_from_a_list_shown_anew_picks_nothing():
    """The same words listed again by a later move are another choice (the move may
    mean something else now): a pick made before the list changed is dropped."""
    app = ChoicesApp()
    async with app.run_test() as pilot:
        box = app.query_one(ChoiceList)
        box.show([TAKE_A, TAKE_B], "What you may do", "Do")
        await pilot.pause()
        box.action_select()
        box.show([Choice("A", Text("Take A"), "Moves"), TAKE_C], "What you may do", "Do")
        await pilot.pause()
        assert app.picked == []


async def test_a_highlight_past_a_shorter_list_leaves_the_session_running():
    app = ChoicesApp()
    async with app.run_test() as pilot:
        box = app.query_one(ChoiceList)
        box.show([TAKE_A, TAKE_B, TAKE_C], "What you may do", "Do")
        await pilot.pause()
        box.point_at(2)  # Take C highlighted...
        box.show([], "Waiting", "Waiting")  # ...and an offer withdrawn: nothing left to do
        await pilot.pause()
        assert app.is_running
        assert TAKE_C not in app.pointed and app.pointed[-1] is None
        await pilot.press("down", "enter", "pagedown", "end")
        assert app.is_running and app.picked == []


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


def drawn_lines(monkeypatch) -> list[int]:
    """From now on, the lines of choices a list draws (its border's lines are not drawn by it)."""
    drawn: list[int] = []
    render_line = ChoiceList.render_line
    monkeypatch.setattr(ChoiceList, "render_line", lambda box, y: drawn.append(y) or render_line(box, y))
    return drawn


def words_in(box: ChoiceList) -> list[str]:
    """The list's lines of choices as the terminal shows them."""
    return [line.rstrip() for line in on_screen(box.app, box.scrollable_content_region)]


async def test_a_new_list_redraws_only_the_lines_that_read_differently(monkeypatch):
    """After most moves every seat's list is shown anew, mostly as it was: only the
    lines that changed are drawn again, and the outcome under the list redraws none."""
    app = ChoicesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        box = app.query_one(ChoiceList)
        box.show([TAKE_A, TAKE_B, TAKE_C], "What you may do", "Do")
        await pilot.pause()
        drawn = drawn_lines(monkeypatch)
        take_d = Choice("D", Text("Take D"), "Moves")
        box.show([TAKE_A, TAKE_B, take_d], "What you may do", "Do")  # Take C made way for Take D
        await pilot.pause()
        assert drawn == [3] and words_in(box)[:4] == ["Moves", "  Take A", "  Take B", "  Take D"]
        drawn.clear()
        await pilot.press("down")  # the highlight moves from Take A to Take B
        await pilot.pause()
        assert sorted(drawn) == [1, 2] and box.current() is TAKE_B
        drawn.clear()
        box.set_outcome("you gain 2 fish")
        await pilot.pause()
        assert drawn == [] and "you gain 2 fish" in on_screen(app, box.region)[-1]


async def test_each_list_shows_its_own_words_though_lines_are_shared():
    """Lines are drawn once for every list in the process: two lists at one width show
    each its own choices, and the same words in another colour are drawn anew."""
    app = ChoicesApp()
    app.CSS = "ChoiceList { width: 30; } Screen { layout: horizontal; }"
    app.compose = lambda: iter([ChoiceList(), ChoiceList()])  # type: ignore[method-assign]
    async with app.run_test(size=(60, 12)) as pilot:
        mine, theirs = app.query(ChoiceList)
        app.set_focus(None)  # the two lists look alike but for their words
        green = Choice("A", Text("Take A", style="green"), "Moves")
        mine.show([TAKE_B, TAKE_A], "What you may do", "Do")
        theirs.show([TAKE_C, green], "What you may do", "Do")
        await pilot.pause()
        assert words_in(mine)[:3] == ["Moves", "  Take B", "  Take A"]
        assert words_in(theirs)[:3] == ["Moves", "  Take C", "  Take A"]

        def colour(box: ChoiceList, line: int):
            return app.screen.get_style_at(box.scrollable_content_region.x + 3, box.scrollable_content_region.y + line).color

        assert colour(theirs, 2) != colour(mine, 2)  # green, and not
        assert colour(theirs, 1) == colour(mine, 1)  # the same look for the words in it


async def test_a_narrower_list_wraps_the_same_choices_to_its_new_width():
    app = ChoicesApp()
    app.CSS = "ChoiceList { width: 1fr; height: 10; }"
    long = Choice("L", Text("Build a boat on the river where the fish are thick this season"), "Moves")
    async with app.run_test(size=(80, 20)) as pilot:
        box = app.query_one(ChoiceList)
        box.show([TAKE_A, long, TAKE_B], "What you may do", "Do")
        box.point_at(2)
        await pilot.pause()
        wide = words_in(box)
        await pilot.resize_terminal(30, 20)
        await pilot.pause()
        narrow = words_in(box)
        assert len([line for line in narrow if line]) > len([line for line in wide if line])  # it takes more lines
        assert all(len(line) <= box.scrollable_content_region.width for line in narrow)
        assert " ".join(" ".join(narrow).split()) == " ".join(" ".join(wide).split())  # the same words
        assert box.current() is TAKE_B and "↵ Take B" in narrow  # still highlighted (picked: ↵) and in view


async def test_the_keys_and_the_mouse_pick_choices_never_headings():
    app = ChoicesApp()
    app.CSS = "ChoiceList { height: 8; }"
    many = [Choice(n, Text(f"Take {n}"), "Moves" if n < 10 else "Other moves") for n in range(20)]
    async with app.run_test(size=(60, 20)) as pilot:
        box = app.query_one(ChoiceList)
        box.show(many, "What you may do", "Do")
        box.focus()
        await pilot.pause()
        await pilot.press("down", "down", "pageup")  # a page up from near the top: the first choice
        assert box.current() is many[0]
        await pilot.press("up")  # round the list
        assert box.current() is many[19]
        await pilot.press("left", "left", "right")  # to the start of the run, the one before, back
        assert box.current() is many[10]
        await pilot.press("home", "pagedown")
        assert box.current() is many[6]  # a page of 6 lines below: the heading's line, then Take 0...
        await pilot.press("end", "enter")
        assert app.picked == [many[19]]
        box.scroll_to(y=0, animate=False, immediate=True)
        await pilot.pause()
        await pilot.click(box, offset=(4, 1))  # the heading "Moves"
        await pilot.click(box, offset=(4, 3))  # Take 1
        assert app.picked == [many[19], many[1]] and box.current() is many[1]


class NarrowChoicesApp(App[None]):
    """A list too narrow for the outcome and Enter's words both, told its outcome
    before its first layout, as a game screen's first list is."""

    CSS = "ChoiceList { width: 30; }"

    def compose(self) -> ComposeResult:
        yield ChoiceList()

    def on_mount(self) -> None:
        box = self.query_one(ChoiceList)
        box.show([TAKE_A, TAKE_B], "What you may do", "Do")
        box.set_outcome("you gain 1 tree and 1 fish")


async def test_the_bottom_border_says_only_what_fits_once_the_list_has_its_width():
    app = NarrowChoicesApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        box = app.query_one(ChoiceList)
        assert box.border_subtitle == "you gain 1 tree and 1 fish"  # not "… · Ente…", cut


async def test_the_first_choice_under_a_heading_is_shown_with_its_heading():
    """Home (or End, then back up) to the first choice of a group scrolls its heading
    into view too: "Propose the pollution subsidy (1 ●)" without "Pollution subsidy"
    above it read as a choice of the group before."""
    first = [Choice(f"a{n}", Text(f"First kind {n}"), "The first kind") for n in range(12)]
    second = [Choice(f"b{n}", Text(f"Second kind {n}"), "The second kind") for n in range(12)]
    app = ChoicesApp()
    async with app.run_test(size=(40, 10)) as pilot:
        box = app.query_one(ChoiceList)
        box.show(first + second, "What you may do", "Do")
        box.focus()
        await pilot.pause()
        await pilot.press("end", "home")
        await pilot.pause()
        assert box.scroll_offset.y == 0  # the heading, the list's first line, in view
        await pilot.press("end")
        for _ in range(11):
            await pilot.press("up")
        await pilot.pause()
        assert box.current() is second[0]
        shown = "\n".join(on_screen(app, box.region))
        assert "The second kind" in shown and "Second kind 0" in shown, shown


async def test_at_its_end_and_however_it_is_scrolled_the_list_starts_with_a_whole_choice():
    """End, the scrollbar or the wheel a line at a time: the list's top line is the first
    of a choice or heading, at its end too, where the lines left over once stood the
    middle of a two-line choice at the top (blank lines below the last choice now)."""
    long = [Choice(n, Text(f"Take {n}, whose words take two lines of this narrow list"), "Moves") for n in "ABCDE"]
    app = ChoicesApp()
    async with app.run_test(size=(30, 10)) as pilot:
        box = app.query_one(ChoiceList)
        box.show([*long, TAKE_C], "What you may do", "Do")  # a heading, five two-line choices, one of a line
        box.focus()
        await pilot.press("end")
        await pilot.pause()
        assert box.scroll_y > 0 and round(box.scroll_y) in box._tops, (box.scroll_y, box._tops)
        assert "Take C" in " ".join(on_screen(app, box.region))  # the last choice is in sight
        box.scroll_home(animate=False, immediate=True)
        seen = set()
        for _ in range(len(box._lines)):
            box.scroll_relative(y=1, animate=False, immediate=True)  # as the wheel and the scrollbar do
            await pilot.pause()
            assert round(box.scroll_y) in box._tops, box.scroll_y
            seen.add(round(box.scroll_y))
        assert max(seen) == box.max_scroll_y and len(seen) > 2


async def test_choices_of_one_kind_read_alike_in_their_short_words_where_one_needs_them():
    """Two builds under one heading: the first's whole words fit the list, the second's
    do not; both are shown in their short words (not "Build a net by E2" beside "Build
    a net on the east bank below row 4 for ∝1 fee + ♣1")."""
    fits = Choice("A", Text("Build a net here for ∝1"), "Red camp", short=Text("Build a net here"))
    long = Choice("B", Text("Build a net on the east bank below row 4 for ∝1 fee + ♣1"), "Red camp",
                  short=Text("Build a net by E4"))
    other = Choice("C", Text("Move the camp to E3"), "Red camp", short=Text("Move to E3"))
    app = ChoicesApp()
    async with app.run_test(size=(40, 10)) as pilot:
        box = app.query_one(ChoiceList)
        box.show([fits, long, other], "What you may do", "Do")
        await pilot.pause()
        assert [box.shown_words(c).plain for c in box.choices] == ["Build a net here", "Build a net by E4",
                                                                   "Move the camp to E3"]
