"""We All Take's keys feel right: one Enter rule everywhere (Enter picks, Enter on
the picked choice does it, so a first Enter never spends anything), the highlight
after a move on what the player most likely does next, Tab then Enter typed at once
landing in the list, and which of the map and the list has the keys shown without
colour."""

from __future__ import annotations

import random

from textual import events

from river_tui.app.river_app import RiverApp
from river_tui.rules.we_all_take import actions as A
from river_tui.rules.we_all_take.components import CITY
from river_tui.rules.we_all_take.preview import preview
from river_tui.rules.we_all_take.state import EXCHANGE, PROPOSE
from river_tui.play.table import Seat, Table
from river_tui.widgets.we_all_take.choice_list import ChoiceList
from river_tui.widgets.we_all_take.choices import OpenTrade
from river_tui.widgets.we_all_take.hex_map import PLACE, HexMap, tile_region

from support.screen_text import on_screen
from screens.test_we_all_take_screen import many_choices, solo_until


def harvest_here(table: Table) -> bool:
    """A turn of actions whose first choice on the cursor's hex is a harvest, with a
    build after it (the issue's camp: "you gain ♣1", then a boat)."""
    legal = table.legal_actions(0) if table.state.phase == "actions" else []
    return any(isinstance(a, A.Harvest) for a in legal) and any(isinstance(a, A.Build) for a in legal)


async def test_the_enters_after_a_move_on_a_hex_pick_nothing_that_spends():
    """Enter picks (its outcome under the list), Enter again does it; the Enters after
    that pick nothing that spends (a build is all that is left there): n picks it."""
    table = solo_until(4, harvest_here)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        box, hex_map = app.screen.query_one(ChoiceList), app.screen.query_one(HexMap)
        assert app.focused is hex_map
        moves = len(table.log)
        await pilot.press("enter")
        assert len(table.log) == moves and box.picked
        await pilot.press("enter")
        assert len(table.log) == moves + 1
        assert not box.picked  # the list placed its highlight after the move: not the player's pick
        await pilot.press("enter", "enter")  # all the hex offers now is a build: nothing is picked
        assert len(table.log) == moves + 1 and not box.picked, "the Enters after a move picked what spends"
        await pilot.press("n")  # the deliberate key picks the build
        assert box.picked and isinstance(box.current().action, A.Build)
        assert "↵" in "".join(on_screen(app, box.region))  # the pick is marked: Enter does it
        await pilot.press("enter")
        assert len(table.log) == moves + 2


async def test_an_enter_in_the_list_after_a_move_picks_and_the_next_does():
    table = solo_until(15, many_choices)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        box = app.screen.query_one(ChoiceList)
        await pilot.press("tab", "down", "enter")  # the arrows pick: Enter does it
        moves = len(table.log)
        assert moves and not box.picked
        assert str(box.border_subtitle).endswith("Enter picks it")  # the bottom border says what Enter does
        await pilot.press("enter")
        assert len(table.log) == moves and box.picked
        assert str(box.border_subtitle).endswith("Enter does it")
        words = app.screen.query_one(ChoiceList).border_subtitle
        await pilot.press("enter")
        assert len(table.log) == moves + 1, words


def city_proposable(table: Table) -> bool:
    return table.state.phase == PROPOSE and any(
        isinstance(a, A.Propose) and a.policy == CITY for a in table.legal_actions(0))


async def test_after_proposing_the_city_the_highlight_is_on_the_vote():
    table = solo_until(3, city_proposable)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        box = app.screen.query_one(ChoiceList)
        await pilot.press("tab")
        while not (isinstance(box.current().action, A.Propose) and box.current().action.policy == CITY):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(table.log[-1][1], A.Propose)
        assert isinstance(box.current().action, A.Vote), box.current().label.plain
        assert not box.picked


async def test_tab_then_enter_typed_at_once_is_the_lists_enter():
    """A fast typist's Tab and Enter arrive together: the Enter goes where Tab sent the
    keys (it went to the map, which said nothing there could be done)."""
    table = solo_until(15, many_choices)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        box, hex_map = app.screen.query_one(ChoiceList), app.screen.query_one(HexMap)
        hex_map.cursor = next(tile for tile in PLACE if not any(tile in c.tiles for c in box.choices))
        await pilot.pause()
        for key, character in (("tab", "\t"), ("enter", "\r")):
            app.post_message(events.Key(key, character))
        await pilot.pause()
        assert app.focused is box and box.picked
        assert not [n for n in app._notifications if "Nothing you may do" in n.message]


def cell_style(app, widget, x: int, y: int):
    region = widget.region
    return app.screen.get_style_at(region.x + x, region.y + y)


async def test_which_of_the_map_and_the_list_has_the_keys_reads_without_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    table = solo_until(15, many_choices)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        box, hex_map = app.screen.query_one(ChoiceList), app.screen.query_one(HexMap)
        cursor = tile_region(hex_map.cursor).translate(-hex_map.scroll_offset)

        def seen() -> tuple[str, bool]:
            corner = on_screen(app, box.region)[0][0]
            return corner, bool(cell_style(app, hex_map, cursor.x + 2, cursor.y).reverse)

        assert app.focused is hex_map and seen() == ("╭", True)  # the map's cursor reversed, the list's border light
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is box and seen() == ("┏", False)  # the list's border heavy, the cursor only underlined
        assert cell_style(app, hex_map, cursor.x + 2, cursor.y).underline


def spends(table: Table, choice) -> bool:
    """Whether doing ``choice`` takes tokens from Ann's stockpile, as the engine previews it."""
    if not isinstance(choice.action, A.ACTION_TYPES):
        return False  # the screen's own steps: the trade form, a camp's colour
    return any(preview(table.view(0), 0, choice.action).cost)


async def test_the_highlight_the_list_places_never_spends_while_a_free_choice_is_listed():
    """Over a solo game, played move by move (the steps of exchanging,
    proposing, voting and adding to the city included): wherever the list placed the
    highlight itself, two Enters without looking spend nothing when a choice that
    spends nothing is listed (buying from the city's market was one)."""
    table = Table.create("we-all-take", [Seat("Ann")], {}, 6, autosave=False)
    rng = random.Random(6)
    app = RiverApp(table, bot_delay=0)
    placed: set[str] = set()
    async with app.run_test(size=(120, 40)) as pilot:
        while True:
            await pilot.pause()
            box = app.screen.query_one(ChoiceList)
            if box.choices and not box.picked and not all(spends(table, c) for c in box.choices):
                assert not spends(table, box.current()), (table.state.phase, box.current().label.plain)
                placed.add(table.state.phase)
            move = rng.choice([a for a in table.legal_actions(0) if not isinstance(a, A.Offer)])
            if table.game.result(table.game.apply(table.state, 0, move)) is not None:
                break  # the list's last choices are made; the scores are not this test's
            table.apply(0, move)
    assert {"actions", "exchange", "contribute"} <= placed, placed


async def test_the_lists_bottom_border_reads_whole():
    """The bottom border says what the highlighted choice would do and what Enter
    does, whole, or the outcome alone: never cut ("you gain ♣1 · Ente…"), also with
    words just too long for both (Textual keeps a corner and a blank at each end)."""
    table = solo_until(4, harvest_here)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        box = app.screen.query_one(ChoiceList)
        hint = " · Enter picks it"
        for spare in (4, 5, 6):  # the words and the hint in all but ``spare`` cells of the border
            words = "you gain " + "♣" * (box.outer_size.width - spare - len(hint) - len("you gain "))
            box.set_outcome(words)
            await pilot.pause()
            bottom = on_screen(app, box.region)[-1]
            assert "…" not in bottom and words in bottom, bottom
            assert (hint.strip(" ·") in bottom) == (spare >= 6), bottom


async def test_at_the_exchange_the_highlight_is_on_done_exchanging():
    """Ann and two computer seats: at the end of the first season every exchange
    and purchase spends; the highlight the list places is on "Done exchanging", not
    on the trade form (Enter twice opened it) nor on a purchase."""
    table = Table.create("we-all-take", [Seat("Ann"), Seat("Bob", "greedy"), Seat("Cy", "greedy")], {}, 6,
                         autosave=False)
    rng = random.Random(6)
    bots = table.game.bots()
    while not (table.state.phase == EXCHANGE and 0 in table.to_act()):
        seat = min(table.to_act())
        table.apply(seat, bots["greedy"].choose(table.game, table.view(seat), seat, rng))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        box = app.screen.query_one(ChoiceList)
        assert any(isinstance(c.action, OpenTrade) for c in box.choices) and not box.picked
        assert isinstance(box.current().action, A.Done), box.current().label.plain
