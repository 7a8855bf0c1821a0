"""We All Take from the River's screen, driven by keys with Pilot.

A season is played through the keyboard at one table of three human seats: camps
placed, a harvest, a build, a trade offered and accepted, gold exchanged, a policy
proposed and voted with bought votes, and a camp ferried across the river; every
seat's screen is checked never to show another seat's role.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from textual.containers import VerticalScroll

from river_tui.app.river_app import RiverApp
from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take import actions as A
from river_tui.rules.we_all_take.components import ALL_ROLES, COST, TILE_BY_CODE, TILES, WEATHER
from river_tui.rules.we_all_take.state import EXCHANGE, OVER, PendingOffer
from river_tui.screens.handover import HandoverScreen
from support.keyboard import press_ready, take_the_keyboard
from river_tui.screens.scores import ScoresScreen
from river_tui.screens.we_all_take.offer_to_you import OfferToYouScreen
from river_tui.screens.we_all_take.screen import WeAllTakeScreen
from river_tui.screens.we_all_take.trade import TradeScreen
from river_tui.play.table import Seat, Table
from river_tui.widgets.we_all_take.hex_map import HexMap
from river_tui.widgets.we_all_take.choice_list import ChoiceList
from river_tui.widgets.we_all_take.choices import PickColour
from river_tui.widgets.we_all_take.tile import TileDetail

from support.layouts import refreshes_asked
from support.recap import put_away_recaps, recap_text
from support.screen_text import on_screen
from support.waiting import wait_until, workers_done

NAMES = ("Ann", "Bob", "Cy")


def seed_without_storm(seasons: int = 2) -> int:
    """A seed whose first seasons are not the Storm (so turns run from the top)."""
    return next(
        seed for seed in range(200)
        if not any(WEATHER[card].storm for card in GAME.new(3, {}, seed).almanac[:seasons])
    )


def new_table(seed: int, kinds=("human",) * 3, autosave: bool = False) -> Table:
    return Table.create("we-all-take", [Seat(n, k) for n, k in zip(NAMES, kinds)], {}, seed, autosave=autosave)


CAMPS = (("W1", "Red"), ("E2", "Orange"), ("W3", "Yellow"))
"""(tile, colour) of each seat's camp, Ann's first, where a test starts past the camps."""


def with_camps(camps=CAMPS) -> Table:
    """Three seats at one keyboard (the first seasons without the Storm), ``camps`` placed."""
    table = new_table(seed_without_storm())
    for seat, (tile, colour) in enumerate(camps):
        table.apply(seat, A.PlaceCamp(TILE_BY_CODE[tile], colour))
    return table


class Driver:
    """Plays through keys only, passing the keyboard at every handover and checking,
    at every step, that the screen shows no role but the viewer's own."""

    def __init__(self, app: RiverApp, pilot) -> None:
        self.app = app
        self.pilot = pilot
        self.checked: tuple | None = None  # (screen, viewer) last checked for roles

    @property
    def screen(self) -> WeAllTakeScreen:
        screen = self.app.screen
        assert isinstance(screen, WeAllTakeScreen), screen
        return screen

    async def settle(self) -> None:
        await self.pilot.pause()
        await wait_until(  # a handover is pushed once the move has been drawn
            lambda: isinstance(self.app.screen, HandoverScreen) or getattr(self.app.screen, "viewer", 0) is not None,
            "a seat's screen or the handover to it",
            seen=lambda: self.app.screen,
            pause=self.pilot.pause,
        )
        while isinstance(self.app.screen, HandoverScreen):
            self.assert_no_role_shown(None)
            await press_ready(self.pilot)
        await put_away_recaps(self.pilot, look=self.assert_no_role_in_recap)
        if isinstance(self.app.screen, WeAllTakeScreen):
            self.assert_no_role_shown(self.screen.viewer)

    def assert_no_role_in_recap(self) -> None:
        """What happened since a seat's last turn names no role at all."""
        recap = recap_text(self.app)
        assert not any(role.name in recap for role in ALL_ROLES), recap

    def assert_no_role_shown(self, viewer: int | None) -> None:
        """Checked whenever the screen or the seat looking at it changes."""
        if self.checked == (type(self.app.screen), viewer):
            return
        self.checked = (type(self.app.screen), viewer)
        table = self.app.screen_stack[1].table
        shown = self.app.export_screenshot()
        for seat, role in enumerate(table.state.roles):
            if seat != viewer:
                assert ALL_ROLES[role].name not in shown, f"seat {seat + 1}'s role shows on {viewer}'s screen"
        if viewer is not None:
            assert ALL_ROLES[table.state.roles[viewer]].name in shown

    async def focus_list(self) -> ChoiceList:
        box = self.screen.query_one(ChoiceList)
        if not box.has_focus:
            await self.pilot.press("escape", "tab")
        assert box.has_focus
        return box

    async def choose(self, match) -> None:
        """Highlight the first choice ``match`` accepts with the arrow keys, then Enter."""
        await self.settle()
        box = await self.focus_list()
        await self.pilot.press("home")
        for _ in range(len(box.choices)):
            if match(box.current()):
                break
            await self.pilot.press("down")
        else:
            raise AssertionError(f"no such choice among {[c.label.plain for c in box.choices]}")
        assert match(box.current())
        await self.pilot.press("enter")
        await self.settle()

    async def press(self, *keys: str) -> None:
        await self.settle()
        await self.pilot.press(*keys)
        await self.settle()


def is_action(action_type, **fields):
    return lambda choice: isinstance(choice.action, action_type) and all(getattr(choice.action, k) == v for k, v in fields.items())


async def place_camps(d: Driver, tiles: dict[str, str]) -> None:
    for colour, code in tiles.items():
        await d.choose(lambda c, colour=colour: c.action == PickColour(colour))
        await d.choose(is_action(A.PlaceCamp, tile=TILE_BY_CODE[code], colour=colour))


async def test_a_season_through_the_keyboard():
    table = new_table(seed_without_storm())
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        d = Driver(app, pilot)
        await place_camps(d, {"Red": "W1", "Orange": "E2", "Yellow": "W3"})
        state = table.state
        assert state.season == 1 and state.groups[0] == (0, TILE_BY_CODE["W1"])

        # Ann's camp: Enter on its hex picks the first thing to do there (a tree to
        # harvest, its hexes marked, its gain previewed), Enter again does it; then a build.
        await d.press("escape", "enter")
        box = d.screen.query_one(ChoiceList)
        assert isinstance(box.current().action, A.Harvest) and "♣" in box.current().label.plain
        assert d.screen.query_one(HexMap).marks == {TILE_BY_CODE["W1"]}
        assert box.border_subtitle == "you gain ♣1 · Enter does it"
        first = box.current()
        await d.press("n")  # the next thing to do on the same hex
        assert box.current() != first and TILE_BY_CODE["W1"] in box.current().tiles
        assert isinstance(box.current().action, A.Harvest) and "♣" in box.current().label.plain
        trees = table.state.stock[0][1]
        await d.press("enter")
        assert table.state.stock[0][1] == trees + 1
        await d.choose(is_action(A.Build, kind="boat"))
        boats = [st for st in table.state.structures.values() if st.kind == "boat"]
        assert [(b.owner, b.place) for b in boats] == [(0, TILE_BY_CODE["R1"])]
        assert "Ann's camp built a boat" in "\n".join(table.lines)
        await d.press("d")

        # Bob and Cy each harvest once on their rows, then the season runs to its end.
        for seat in (1, 2):
            assert table.to_act() == {seat}
            await d.choose(lambda c: isinstance(c.action, A.Harvest))
            await d.press("d")
        assert table.state.phase == EXCHANGE

        # A trade at the season's end: Bob offers Ann a tree for a gravel; Ann accepts.
        await d.settle()
        while d.screen.viewer != 1:
            await d.press("d")
        await d.press("t")
        trade = app.screen
        assert isinstance(trade, TradeScreen) and trade.to == 0
        await pilot.press("down", "down", "plus", "right", "down", "plus", "enter")
        await d.settle()
        assert table.state.offers == (PendingOffer(1, 0, (0, 1, 0, 0, 0), (0, 0, 1, 0, 0)),)
        # It is put to Ann whole, once she has the keyboard: y accepts.
        await wait_until(lambda: isinstance(app.screen, OfferToYouScreen), "Bob's offer put to Ann",
                         seen=lambda: app.screen, pause=pilot.pause)
        assert app.screen.seat == 0
        before = [list(s) for s in table.state.stock]
        await pilot.press("y")
        await d.settle()
        assert table.state.stock[0][1] == before[0][1] + 1 and table.state.stock[1][2] == before[1][2] + 1

        # Exchange for gold until Bob and Cy hold two gold each; Ann has nothing to sell.
        while table.state.phase == EXCHANGE:
            if any(isinstance(c.action, A.Exchange) for c in d.screen.query_one(ChoiceList).choices):
                await d.choose(lambda c: isinstance(c.action, A.Exchange))
            else:
                await d.press("d")
        gold = [s[4] for s in table.state.stock]
        assert gold[1] >= 2 and gold[2] >= 2

        # Bob proposes the pollution subsidy; everyone votes; Bob and Cy buy votes.
        while d.screen.viewer != 1:
            await d.press("d")
        await d.choose(is_action(A.Propose, policy="subsidy"))
        votes = {0: False, 1: True, 2: False}
        while None in table.state.votes:
            await d.choose(is_action(A.Vote, in_favour=votes[d.screen.viewer]))
        assert "Vote:" in app.export_screenshot()
        await d.choose(is_action(A.BuyVotes, count=1))  # Bob: 2 for, 2 against
        assert table.state.bought[1] == 1
        await d.choose(is_action(A.BuyVotes, count=1))  # Cy: 2 for, 3 against
        assert table.state.bought[2] == 1
        while table.state.proposal is not None:
            await d.press("d")
        log = "\n".join(table.lines)
        assert "Bob bought 1 extra vote" in log and "Cy bought 1 extra vote" in log
        assert "failed with 2 of 5 votes" in log and not table.state.subsidy

        # Next season, top row: Ann's boat ferries her camp across the river.
        while not (table.state.season == 2 and table.to_act() == {0}):
            await d.press("d")
        await d.choose(lambda c: isinstance(c.action, A.Ferry))
        assert table.state.camp_of(0).place == TILE_BY_CODE["E1"]
        assert "ferried their camp across the river" in "\n".join(table.lines)


async def test_cursor_moves_hex_to_hex_and_the_detail_follows():
    table = new_table(3, kinds=("human", "greedy", "greedy"))  # no handover: the map has the keys
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await Driver(app, pilot).settle()
        hex_map = app.screen.query_one(HexMap)
        assert hex_map.has_focus and hex_map.cursor == TILE_BY_CODE["W1"]
        for key, code in (("right", "R1"), ("l", "E1"), ("j", "E2"), ("right", "e2"), ("down", "E3"),
                          ("h", "R3"), ("k", "R2"), ("left", "W2"), ("left", "W2"), ("up", "W1"), ("left", "w1")):
            await pilot.press(key)
            assert hex_map.cursor == TILE_BY_CODE[code], key
        await pilot.pause()
        detail = app.screen.query_one(TileDetail)
        assert detail.render_line(0).text.startswith("w1 the west half tile of row 1")


async def test_enter_on_a_hex_with_nothing_to_do_says_so(monkeypatch):
    """While nothing to do is on the map (a colour to choose), Enter on the map gives
    the keys to the list, which says so; once choices touch hexes, Enter on a hex
    none touches says that, and the map keeps the keys."""
    table = new_table(3, kinds=("human", "greedy", "greedy"))  # no handover: the map has the keys
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await Driver(app, pilot).settle()
        said: list[str] = []
        # The screen says it through the app (a notice for now, gone when what may be done changes).
        monkeypatch.setattr(app, "notify", lambda message, **_: said.append(message))
        await pilot.press("right", "enter")  # R1, while a colour is to be chosen
        await pilot.pause()
        assert app.screen.query_one(ChoiceList).has_focus
        assert said[-1] == "Nothing you may do now is on the map: choose in the list (Tab: back to the map)."
        await pilot.press("enter", "enter")  # the first colour picked, then chosen: the camp's places are hexes
        await pilot.pause()
        assert app.screen.colour is not None
        await pilot.press("tab", "enter")  # back on R1: no camp may go on the river
        await pilot.pause()
        assert said[-1] == "Nothing you may do now touches R1."
        assert app.screen.query_one(HexMap).has_focus


async def test_the_last_camp_placement_is_previewed_like_any_move():
    """The list's outcome line asks the engine's preview for a camp too, the last one
    (whose placement begins the season) included: a camp costs nothing."""
    table = with_camps(CAMPS[:2])  # Cy's camp is left to place
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        d = Driver(app, pilot)
        await d.choose(lambda c: c.action == PickColour("Yellow"))
        box = await d.focus_list()
        await pilot.press("home")
        while not isinstance(box.current().action, A.PlaceCamp):
            await pilot.press("down")
        await pilot.press("down")
        await pilot.pause()
        assert isinstance(box.current().action, A.PlaceCamp) and box.border_subtitle == "Enter does it"  # nothing to pay
        assert table.state.season == 0


def test_the_acting_order_leaves_out_a_group_with_nothing_left_to_do():
    """A boat that moved away from the row in its camp's turn no longer acts there: the
    river panel does not promise it (the engine skips that group)."""
    from support.wat_helpers import at_turn, new_table as scenario, put, tile

    from river_tui.widgets.we_all_take.river import RiverPanel

    s = scenario([("E1", "Red"), ("W3", "Blue")])
    boat = put(s, 0, "boat", tile("R1"))
    s = at_turn(s, 0, 3)
    assert s.groups == [(0, tile("E1")), (0, tile("R1"))]
    panel = RiverPanel()
    assert panel._acting(s, list(NAMES)).plain == "Acting order: ▶ R Ann on E1 → R Ann on R1"
    s = GAME.apply(s, 0, A.Move(boat, tile("R3")))
    assert s.groups[0] == (0, tile("E1"))
    assert panel._acting(s, list(NAMES)).plain == "Acting order: ▶ R Ann on E1"


async def test_a_rejected_offer_says_why_and_changes_nothing():
    table = with_camps()
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        d = Driver(app, pilot)
        await d.press("t")
        assert isinstance(app.screen, TradeScreen)
        await pilot.press("down", "plus", "plus", "plus")  # three fish Ann does not hold: said at once
        await pilot.pause()
        assert "You do not hold the tokens you offer." in str(app.screen.query_one("#trade-problem").render())
        await pilot.press("enter")  # and Enter makes no offer
        await pilot.pause()
        assert "You do not hold the tokens you offer." in str(app.screen.query_one("#trade-problem").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, WeAllTakeScreen) and table.state.offers == ()


async def test_small_terminal_shows_choices_and_the_rest_on_i():
    table = new_table(3)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_the_keyboard(app, pilot)  # the role is on i at this size
        screen = app.screen
        assert screen.has_class("-compact")
        in_sight = screen.can_view_partial
        assert in_sight(screen.query_one(ChoiceList)) and not in_sight(screen.query_one("#river"))
        hex_map = screen.query_one(HexMap)
        map_before = hex_map.region
        await pilot.press("i")
        await pilot.pause()
        assert in_sight(screen.query_one("#role")) and not in_sight(screen.query_one(ChoiceList))
        # The hex under the cursor is told beside the map, not over its lower rows.
        assert hex_map.region == map_before and not screen.query_one(TileDetail).display
        side_hex = screen.query_one("#side-hex")
        assert side_hex.region.x >= hex_map.region.right
        assert TILES[hex_map.cursor].code in " ".join(on_screen(app, side_hex.region))


async def test_every_move_is_saved_and_the_save_resumes_identically():
    table = new_table(seed_without_storm(), autosave=True)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        d = Driver(app, pilot)
        await place_camps(d, {"Red": "W1", "Orange": "E2", "Yellow": "W3"})
        await d.choose(lambda c: isinstance(c.action, A.Harvest))
    resumed = Table.load(table.path)
    assert resumed.log == table.log and GAME.digest(resumed.state) == GAME.digest(table.state)


async def test_the_end_reveals_roles_and_judges_each_objective():
    table = new_table(5)
    rng = random.Random(5)
    while table.to_act():
        seat = min(table.to_act())
        table.apply(seat, rng.choice(table.legal_actions(seat)))
    assert table.state.phase == OVER
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        shown = app.export_screenshot()
        for seat, role in enumerate(table.state.roles):
            assert ALL_ROLES[role].name in shown
        game_screen = app.screen_stack[1]
        assert game_screen.query_one("#role").border_title == "Roles revealed"


def test_help_lists_the_structure_costs_the_rules_use():
    """The help's structure table agrees with the components."""
    text = (Path(__file__).parents[2] / "river_tui" / "screens" / "we_all_take" / "screen.md").read_text()
    rows = re.findall(r"^\| \S+ \| ([a-z ]+) \| ([^|]+) \|", text, re.M)
    names = {"tree": 1, "trees": 1, "gravel": 2, "fish": 0}
    for kind, cost in rows:
        wanted = [0] * 5
        for n, word in re.findall(r"(\d+) (\w+)", cost):
            wanted[names[word]] += int(n)
        assert tuple(wanted) == COST[kind.strip()], kind
    assert len(rows) == len(COST)


NARROW = 21
"""The words' width of the list at 80x24 (the side is 25 columns)."""


def lines_at_80(words: Text, indent: int = 2) -> int:
    return len(words.wrap(Console(width=200), NARROW - indent))


def test_choices_word_every_legal_action():
    """Every legal action is listed, and at 80 columns in words that read in one line (a
    structure's choice on one hex: its slot, a net's colour too) or two (a vote, a
    proposal, a mill's harvest on two hexes), under
    a heading of two lines at most (not what a policy does over five to seven lines)."""
    from river_tui.widgets.we_all_take.choice_list import fitting
    from river_tui.widgets.we_all_take.choices import OpenTrade, choices

    table = new_table(7)
    rng = random.Random(7)
    kinds = set()
    for _ in range(400):
        if not table.to_act():
            break
        seat = min(table.to_act())
        legal = list(table.legal_actions(seat))
        view = table.view(seat)
        listed = choices(view, seat, legal, "Red" if view.phase == "camps" else None)
        assert all(isinstance(c.label, Text) and c.label.plain for c in listed)
        for c in listed:
            words = fitting(c, NARROW)
            assert lines_at_80(words) <= (1 if c.at is not None and len(c.tiles) == 1 else 2), words.plain
            if words is c.short:
                assert lines_at_80(Text(c.short_group or c.group), 0) <= 2, c.short_group or c.group
        engine = [c.action for c in listed if not isinstance(c.action, (OpenTrade, PickColour))]
        if view.phase != "camps":
            assert set(engine) == {a for a in legal if not isinstance(a, A.Offer)}
        kinds |= {type(a) for a in engine}
        table.apply(seat, rng.choice(legal))
    assert {A.Harvest, A.Build, A.Exchange, A.Vote, A.Done} <= kinds


async def test_tab_switches_between_the_map_and_the_list_only():
    """The log never takes the keyboard (L shows or hides it; the wheel scrolls it)."""
    table = new_table(3, kinds=("human", "greedy", "greedy"))  # no handover: the map has the keys
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await Driver(app, pilot).settle()
        hex_map, box, log = app.screen.query_one(HexMap), app.screen.query_one(ChoiceList), app.screen.query_one("#log")
        assert hex_map.has_focus
        for key, focused in (("tab", box), ("tab", hex_map), ("shift+tab", box), ("shift+tab", hex_map),
                             ("tab", box), ("escape", hex_map)):  # fmt: skip
            await pilot.press(key)
            assert app.focused is focused, key
        await pilot.click("#log")
        assert not log.has_focus
        await pilot.press("L")
        assert log.has_class("-hidden")
        await pilot.press("tab", "tab")
        assert hex_map.has_focus
    text = (Path(__file__).parents[2] / "river_tui" / "screens" / "we_all_take" / "screen.md").read_text()
    assert "| Tab | switch between the map and the list" in text and "| L |" in text


async def test_tab_from_the_river_and_players_on_a_small_terminal_shows_the_list():
    table = new_table(3)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_the_keyboard(app, pilot)  # the role is on i at this size
        await pilot.press("i")
        assert app.screen.has_class("-info")
        await pilot.press("tab")
        assert not app.screen.has_class("-info") and app.screen.query_one(ChoiceList).has_focus


@pytest.mark.parametrize("size, seats", [((80, 24), 3)])
async def test_i_gives_the_keys_to_the_panels_down_to_the_last_line_of_the_last(size, seats):
    """The role, river and players panels do not fit (a small terminal; the role comes
    first there): after i the arrows, PgDn and End scroll them until the players
    panel's last line is in view; i again gives the keys back where they were (the
    map, or the list)."""
    names = ("Ann", "Bob", "Cy", "Dee", "Eve")[:seats]
    table = Table.create("we-all-take", [Seat(name) for name in names], {}, seed_without_storm(), autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await take_the_keyboard(app, pilot)
        await put_away_recaps(pilot)
        screen = app.screen
        last = screen.query_one("#players")
        box = screen.query_one(ChoiceList)
        # the keys come back to the list as the screen resumes (a focus Textual sets on its next turn)
        await wait_until(lambda: box.has_focus, "the list has the keys", seen=lambda: app.focused, pause=pilot.pause)
        await pilot.press("i")
        panels = app.focused
        assert isinstance(panels, VerticalScroll) and panels.max_scroll_y > 0, panels  # they do not fit
        assert last.region.bottom > panels.region.bottom  # the last panel's last line is out of view
        await pilot.press("down")
        await wait_until(lambda: panels.scroll_y == 1, "a line scrolled", seen=lambda: panels.scroll_y, pause=pilot.pause)
        await pilot.press("pagedown", "end")
        await wait_until(lambda: last.region.bottom <= panels.region.bottom, "the last panel's last line in view",
                         seen=lambda: (last.region, panels.region, panels.scroll_y), pause=pilot.pause)
        await pilot.press("i")
        assert not screen.has_class("-info") and box.has_focus  # as before i
        await pilot.press("tab", "i", "i")  # from the map: back to the map (its arrows in the list went round to Done)
        assert screen.query_one(HexMap).has_focus


async def test_at_120x40_five_players_panels_and_the_role_show_whole_above_the_choices():
    """The log sits under the map, so the side runs down to the footer: five players,
    the river and the whole role fit, and the list keeps room for its choices."""
    names = ("Ann", "Bob", "Cy", "Dee", "Eve")
    table = Table.create("we-all-take", [Seat(name) for name in names], {}, seed_without_storm(), autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await take_the_keyboard(app, pilot)
        await put_away_recaps(pilot)
        screen = app.screen
        panels, role, box = screen.query_one("#wat-info"), screen.query_one("#role"), screen.query_one(ChoiceList)
        assert panels.max_scroll_y == 0 and role.region.bottom <= panels.region.bottom
        assert box.scrollable_content_region.height >= 8 and not box.region.overlaps(role.region)


def two_structures_to_act(seed: int) -> Table:
    """One player (the Steward) building whenever they may, played at random until two of
    their structures act together and one of them may move."""
    table = Table.create("we-all-take", [Seat("Ann")], {}, seed, autosave=False)
    rng = random.Random(seed)
    while True:
        legal = table.legal_actions(0)
        builds = [a for a in legal if isinstance(a, A.Build)]
        if builds and rng.random() < 0.7:
            table.apply(0, rng.choice(builds))
            continue
        acting = {getattr(a, "structure", getattr(a, "boat", None)) for a in legal} - {None}
        if table.state.phase == "actions" and any(isinstance(a, A.Move) for a in legal) and len(acting) >= 2:
            return table
        table.apply(0, rng.choice([a for a in legal if not isinstance(a, A.Offer)]))


async def test_undo_puts_the_cursor_back_where_the_move_was_made():
    """Two structures act together; one moves away and the cursor goes with what is left
    to do; undo takes the move back, and the cursor back to where it was."""
    table = two_structures_to_act(15)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        hex_map = app.screen.query_one(HexMap)
        here = hex_map.cursor
        move = next(a for a in table.legal_actions(0) if isinstance(a, A.Move) and a.structure == 1)  # not the camp
        moves = len(table.log)
        assert app.screen.play(move)
        await pilot.pause()
        assert hex_map.cursor != here  # it followed what is left to do
        await pilot.press("u")
        await pilot.pause()
        assert len(table.log) == moves and hex_map.cursor == here


async def test_the_city_site_shows_whole_when_flooded_or_protected():
    from river_tui.widgets.we_all_take.hex_map import tile_region

    table = new_table(3)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await Driver(app, pilot).settle()
        hex_map = app.screen.query_one(HexMap)
        tile = TILE_BY_CODE["W2"]
        region = tile_region(tile)
        for complete, flooded, protected, shown in (
            (False, False, False, "▣site"), (False, True, False, "▣site≋"), (False, True, True, "▣ ≋◈"),
            (True, True, False, "▦city≋"), (False, False, True, "▣site◈"),
        ):
            state = table.state.clone()
            state.city, state.city_complete = tile, complete
            state.flooded = {tile} if flooded else set()
            state.protected = {tile} if protected else set()
            hex_map.show(state)
            line = hex_map.render_line(region.y - hex_map.scroll_offset.y).text
            cell = line[region.x - hex_map.scroll_offset.x : region.right - hex_map.scroll_offset.x]
            assert "…" not in cell and shown in cell.replace("   ", " ").replace("  ", " "), (shown, cell)


def solo_until(seed: int, ready) -> Table:
    """A solo game that builds whenever it may, played at random until ``ready(table)``."""
    table = Table.create("we-all-take", [Seat("Ann")], {}, seed, autosave=False)
    rng = random.Random(seed)
    for _ in range(3000):
        if ready(table):
            return table
        legal = table.legal_actions(0)
        builds = [a for a in legal if isinstance(a, A.Build)]
        table.apply(0, rng.choice(builds if builds and rng.random() < 0.7 else
                                  [a for a in legal if not isinstance(a, A.Offer)]))
    raise AssertionError("the game never reached the position wanted")


def many_choices(table: Table) -> bool:
    return table.state.phase == "actions" and len(table.legal_actions(0)) >= 12


def a_long_list(table: Table) -> bool:
    """Choices enough to overflow the list at 80x24 and 120x40 in their short words (seed 7)."""
    return table.state.phase == "actions" and len(table.legal_actions(0)) >= 20


async def test_after_an_action_the_highlight_goes_to_the_same_structures_first_choice_not_picked():
    """Not to the choice that now stands where the one done stood (here, after a net
    built, "End these structures' actions"): to what the player most likely does
    next, and an Enter there only picks it (↵); the next Enter does it."""
    table = solo_until(15, many_choices)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        box = app.screen.query_one(ChoiceList)
        box.focus()
        for _ in range(6):
            await pilot.press("down")
        await pilot.pause()
        at = box.choices.index(box.current())
        picked = box.current()
        assert at == 6 and not isinstance(picked.action, A.Done)
        moves = len(table.log)
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.log) == moves + 1
        assert isinstance(picked.action, A.Build) and isinstance(box.choices[at].action, A.Done)
        assert box.current() == box.choices[0] and box.current().group == picked.group and not box.picked
        assert "  Harvest" in on_screen(app, box.scrollable_content_region)[1]
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.log) == moves + 1 and box.picked
        assert "↵ Harvest" in on_screen(app, box.scrollable_content_region)[1]
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.log) == moves + 2


async def seen_scrolling(widget, pilot) -> str:
    """Every line of ``widget`` on the screen while it is scrolled from its top to its
    end, as a player reads it with PgDn, in one string with the spaces run together."""
    lines = []
    region = widget.scrollable_content_region
    if isinstance(widget, ChoiceList):
        region = region._replace(width=widget.text_width)  # its words, not its scrollbar
    for y in range(0, max(widget.max_scroll_y, 0) + region.height, region.height):
        widget.scroll_to(y=y, animate=False, immediate=True)
        await pilot.pause()
        lines += on_screen(widget.app, region)
    return " ".join(" ".join(lines).split())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_choice_reads_whole_and_so_does_the_title(size):
    """On the narrow list at 80 columns a choice takes two or three lines: every word
    of every choice is there ("(loose in the river)" lost its last line), and the
    title is whole (the name is left out where "Ann: what you may do" would be cut)."""
    table = solo_until(15, many_choices)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        box = app.screen.query_one(ChoiceList)
        await wait_until(lambda: box.size.width and box.option_count, "the list drawn", pause=pilot.pause)
        seen = await seen_scrolling(box, pilot)
        for choice in box.choices:  # in the words that fit the list (short ones at 80 columns)
            assert " ".join(box.shown_words(choice).plain.split()) in seen
        assert str(box.border_title) == ("What you may do" if size == (80, 24) else "Ann: what you may do")


async def test_less_and_greater_than_page_the_log_while_the_map_keeps_the_keys():
    """At 80x24 the log shows three lines under the map: < pages back through it, > on
    again, and the arrows still move over the map."""
    table = solo_until(15, many_choices)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hex_map, log = app.screen.query_one(HexMap), app.screen.query_one("#log")
        hex_map.focus()
        await wait_until(lambda: log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y, "the log at its end",
                         seen=lambda: (log.scroll_y, log.max_scroll_y), pause=pilot.pause)
        await pilot.press("less_than_sign")
        await pilot.pause()
        back = log.scroll_y
        assert back < log.max_scroll_y
        await pilot.press("less_than_sign", "greater_than_sign")
        await pilot.pause()
        assert log.scroll_y == back
        cursor = hex_map.cursor
        await pilot.press("down")
        assert app.focused is hex_map and hex_map.cursor != cursor


async def test_left_and_right_jump_from_one_kind_of_choice_to_the_next():
    from river_tui.widgets.we_all_take.choice_list import kind_of

    table = solo_until(15, many_choices)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        box = app.screen.query_one(ChoiceList)
        box.focus()
        box.point_at(0)
        await pilot.pause()
        kinds = [kind_of(c) for c in box.choices]
        assert len(set(kinds)) >= 2
        await pilot.press("right")
        await pilot.pause()
        second = box.choices.index(box.current())
        assert second == next(i for i, k in enumerate(kinds) if k != kinds[0])
        await pilot.press("left")
        await pilot.pause()
        assert box.choices.index(box.current()) == 0


def two_of_my_groups_in_a_row(table: Table) -> bool:
    s = table.state
    return (s.phase == "actions" and len(s.groups) >= 2 and s.groups[0][1] != s.groups[1][1]
            and any(isinstance(a, A.Done) for a in table.legal_actions(0)))


async def test_d_says_which_of_your_structures_act_next():
    table = solo_until(7, two_of_my_groups_in_a_row)
    nxt = table.state.groups[1][1]
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        code = next(code for code, tile in TILE_BY_CODE.items() if tile == nxt)
        assert any(f"Your structures on {code} act next" in message for message in said), said


async def test_after_a_handover_the_keys_go_to_the_list():
    table = with_camps()
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        d = Driver(app, pilot)
        await d.settle()
        first = d.screen.viewer
        for _ in range(40):  # d until the keyboard passes to another seat
            await pilot.press("d")
            await pilot.pause()
            if isinstance(app.screen, HandoverScreen):
                break
        assert isinstance(app.screen, HandoverScreen)
        await press_ready(pilot)
        await put_away_recaps(pilot)  # what the others did since this seat's last turn
        assert d.screen.viewer != first
        assert app.focused is d.screen.query_one(ChoiceList)


async def test_the_list_going_out_of_sight_while_others_play_hands_its_keys_to_the_map():
    """At 80x24 the panels take the list's place while the others play: if the list
    had the keys, the map takes them (else Enter, at your next turn, went nowhere)."""
    table = new_table(3, kinds=("human", "greedy", "greedy"))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:  # one human seat: no handover
        await pilot.pause()
        await put_away_recaps(pilot)
        screen = app.screen
        await pilot.press("tab", "enter", "enter")  # the list: the first colour picked, then chosen
        await pilot.press("enter", "enter")  # its first place for the camp picked, then chosen
        await pilot.pause()
        assert any(seat == 0 for seat, _ in table.log)
        river = screen.query_one("#river")
        await wait_until(lambda: 0 in table.to_act() or screen.can_view_partial(river), "Ann waiting or acting",
                         pause=pilot.pause)
        if screen.can_view_partial(river):
            assert screen.query_one(HexMap).has_focus
        await workers_done(app, pilot)
        await put_away_recaps(pilot)
        assert screen.focused is not None and screen.focused.region.area > 0, screen.focused


async def test_the_panels_taking_the_lists_place_show_and_hide_nothing(monkeypatch):
    """At 80x24 the turn passing to the others puts the panels in the list's place, and
    your turn brings the list back: the side is scrolled from one to the other, its
    widgets neither shown nor hidden, the screen not restyled (a display changed
    restyles, hides and shows, a class changed on the screen restyles all of it: on
    every seat's screen at most changes of turn, a server's CPU per move)."""
    table = new_table(3, kinds=("human", "greedy", "greedy"))
    app = RiverApp(table, bot_delay=0.5)  # the others think: the panels stay a while
    async with app.run_test(size=(80, 24)) as pilot:  # one human seat: no handover
        await pilot.pause()
        await put_away_recaps(pilot)
        screen = app.screen
        side = [screen.query_one(f"#{part}") for part in ("river", "players", "role", "choices")]
        restyled: list = []  # the nodes restyled
        update_styles = app.update_styles

        def counted(node, animate: bool = True) -> None:
            update_styles(node, animate)
            restyled.append(node)

        monkeypatch.setattr(app, "update_styles", counted)
        asked = refreshes_asked(side[-1])
        seen: list = []  # (the panels in sight, the list in sight)

        def panels_in_sight() -> bool:
            seen.append((screen.can_view_partial(side[0]), screen.can_view_partial(side[-1])))
            return seen[-1] == (True, False)

        assert screen.can_view_partial(side[-1]) and not screen.can_view_partial(side[0])
        await pilot.press("tab", "enter", "enter")  # the list: the first colour picked, then chosen
        await pilot.press("enter", "enter")  # its first place for the camp picked, then chosen
        await wait_until(panels_in_sight, "the panels in the list's place", seen=lambda: seen, pause=pilot.pause)
        await workers_done(app, pilot)
        assert screen not in restyled  # (the list and the map are, as the keys move between them)
        assert all(widget.display for widget in side) and True not in asked
