"""The cursor and the choice stay the player's: a redraw because another seat
moved (a computer, a player elsewhere at a server table) leaves the viewing
player's cursors, picks and the board on show where the player put them.

Each test opens a game's screen for Ann alone (Bob plays elsewhere, as at a
server table), moves Ann's cursor, then makes Bob's move on the table itself."""

from __future__ import annotations

import random

from river_tui.app.river_app import RiverApp
from river_tui.rules.flow.bots import GREEDY_BOT as FLOW_BOT
from river_tui.rules.glassworks.bots import GREEDY_BOT as GLASS_BOT
from river_tui.rules.riverside.actions import Visit
from river_tui.rules.riverside.bots import GREEDY_BOT as RIVERSIDE_BOT
from river_tui.rules.riverside.excursions import best_excursion
from river_tui.rules.we_all_take import actions as WAT
from river_tui.rules.we_all_take.components import TILE_BY_CODE
from river_tui.screens.flow.screen import FlowScreen
from river_tui.screens.glassworks.screen import GlassworksScreen
from river_tui.screens.riverside.screen import RiversideScreen
from river_tui.screens.we_all_take.screen import WeAllTakeScreen
from river_tui.play.table import Seat, Table
from river_tui.widgets.flow.tile_grid import TileGrid
from river_tui.widgets.status_bar import StatusBar
from river_tui.widgets.we_all_take.choice_list import ChoiceList

from support.recap import put_away_recaps


def two_seats(game: str, seed: int) -> Table:
    return Table.create(game, [Seat("Ann"), Seat("Bob")], {}, seed=seed, autosave=False)


def play_bot(table: Table, bot, seat: int, rng: random.Random) -> None:
    table.apply(seat, bot.choose(table.game, table.view(seat), seat, rng))


async def open_for_ann(app, screen_class, table: Table):
    screen = screen_class(table, local_seats={0}, drives_bots=False)
    await app.push_screen(screen)
    return screen


def to_excursions_that_score(table: Table, rng: random.Random) -> None:
    """Every seat played by the greedy bot up to a phase 3 in which Ann may go to a
    village that would score (where none in range would, Enter ends the excursions)."""
    def scores_in_range() -> bool:
        view = table.view(0)
        return any(best_excursion(view, view.drafts[0], view.board.slot_of(a.tile))
                   for a in table.legal_actions(0) if isinstance(a, Visit))

    while not (table.state.phase == 3 and 0 in table.to_act() and scores_in_range()):
        play_bot(table, RIVERSIDE_BOT, min(table.to_act()), rng)


def status(screen) -> str:
    return str(screen.query_one(StatusBar).render())


async def test_riverside_the_village_cursor_stays_while_another_seat_ends_its_excursions():
    """The issue's case: phase 3, → to another village, a computer seat finishes
    its excursions; the cursor stays, and Enter goes to the village it shows."""
    table = two_seats("riverside", seed=4)
    rng = random.Random(0)
    to_excursions_that_score(table, rng)
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_for_ann(app, RiversideScreen, table)
        await put_away_recaps(pilot)
        start = screen.village_cursor
        await pilot.press("right")
        chosen = screen.village_cursor
        assert chosen != start
        line = status(screen)
        while 1 in table.to_act():
            play_bot(table, RIVERSIDE_BOT, 1, rng)
            await pilot.pause()
        assert table.log[-1][0] == 1 and 1 not in table.to_act()  # Bob is done with his excursions
        assert screen.village_cursor == chosen, "Bob's move put Ann's village cursor back"
        assert status(screen) == line
        tile = table.state.board.tiles[chosen]
        if Visit(tile) in screen.legal_actions():
            await pilot.press("enter")
            assert table.log[-1] == (0, Visit(tile))


async def test_glassworks_the_board_on_show_stays_while_another_player_moves():
    """b shows Bob's glassworks; Bob's place and gather keep it on show."""
    table = two_seats("glassworks", seed=3)
    rng = random.Random(0)
    while 1 not in table.to_act():
        play_bot(table, GLASS_BOT, 0, rng)
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_for_ann(app, GlassworksScreen, table)
        await put_away_recaps(pilot)
        await pilot.press("b")
        assert screen.shown_seat(screen.view) == 1
        play_bot(table, GLASS_BOT, 1, rng)  # Bob places: his turn goes on
        await pilot.pause()
        assert 1 in table.to_act()
        assert screen.shown_seat(screen.view) == 1, "Bob's move put Ann's own board back on show"
        assert "Bob's glassworks" in str(screen.query_one("#glass-title").render())


async def test_flow_the_board_cursor_and_the_tile_in_hand_stay_while_another_player_places():
    table = two_seats("flow", seed=2)
    rng = random.Random(0)
    while 1 not in table.to_act():
        play_bot(table, FLOW_BOT, 0, rng)
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_for_ann(app, FlowScreen, table)
        await put_away_recaps(pilot)
        grid = screen.query_one(TileGrid)
        grid.focus()
        await pilot.press("down", "down", "left", "n", "r")
        kept = (grid.cursor, screen.chosen, screen.rotation)
        while 1 in table.to_act():
            play_bot(table, FLOW_BOT, 1, rng)
            await pilot.pause()
        assert (grid.cursor, screen.chosen, screen.rotation) == kept


def told(screen, monkeypatch) -> list[str]:
    """What ``screen`` notifies from now on."""
    said: list[str] = []
    monkeypatch.setattr(screen, "notify", lambda message, **_: said.append(message))
    return said


async def test_we_all_take_a_highlighted_choice_taken_away_by_another_seat_is_said_and_not_played(monkeypatch):
    """Bob offers Ann a trade and Ann highlights its Accept; Bob takes the offer back
    (as at a server table): Ann is told her choice is gone, and Enter then plays
    nothing she did not see highlighted."""
    table = Table.create("we-all-take", [Seat(n) for n in ("Ann", "Bob", "Cy")], {}, 4, autosave=False)
    for seat, (code, colour) in enumerate(zip(("E1", "W1", "W3"), ("Red", "Orange", "Yellow"))):
        table.apply(seat, WAT.PlaceCamp(TILE_BY_CODE[code], colour))
    table.apply(1, WAT.Offer(0, (0, 1, 0, 0, 0), (1, 0, 0, 0, 0)))  # a tree for a fish
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_for_ann(app, WeAllTakeScreen, table)
        await put_away_recaps(pilot)
        box = screen.query_one(ChoiceList)
        box.point_at(next(i for i, c in enumerate(box.choices) if c.action == WAT.Accept()))
        await pilot.pause()
        assert screen.highlighted_action(screen.view, screen.legal_actions()) == WAT.Accept()
        said = told(screen, monkeypatch)
        table.undo(1)
        await pilot.pause()
        assert "Your highlighted choice is no longer possible: a move was taken back." in said
        assert box.current() is None or box.current().action != WAT.Accept()
        moves = len(table.log)
        box.focus()
        await pilot.press("enter")  # picks what is highlighted now: nothing is played
        assert len(table.log) == moves


async def test_a_choice_that_goes_by_the_players_own_move_is_not_said_to_be_gone(monkeypatch):
    table = two_seats("riverside", seed=4)
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_for_ann(app, RiversideScreen, table)
        await put_away_recaps(pilot)
        said = told(screen, monkeypatch)
        await pilot.press("enter")  # Ann's dice: her choice of dice is gone, by her own hand
        await pilot.pause()
        assert table.log and table.log[-1][0] == 0
        assert not [words for words in said if "no longer possible" in words]


async def test_riverside_esc_taking_a_visit_back_is_not_said_to_take_the_choice_away(monkeypatch):
    """Esc in a village before scoring takes the visit back: the player's own step
    back, not a move of the table's that took their highlighted choice away."""
    table = Table.create("riverside", [Seat("Ann")], {}, seed=4, autosave=False)
    to_excursions_that_score(table, random.Random(0))
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_for_ann(app, RiversideScreen, table)
        await put_away_recaps(pilot)
        said = told(screen, monkeypatch)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(table.log[-1][1], Visit)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(table.log[-1][1], Visit)
        assert "Back to choosing a village: the visit is taken back." in said
        assert not [words for words in said if "no longer possible" in words], said
