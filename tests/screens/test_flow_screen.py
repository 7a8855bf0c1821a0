"""The Flow screen driven by keys with Pilot: a whole strategy-mode game against the
computer, the first-round limit, rotation, reservations, the preview and the
territories lit on demand."""

from __future__ import annotations

import random
import re

from river_tui.app.river_app import RiverApp
from river_tui.rules.flow.actions import PlaceReservation, PlaceTile
from river_tui.rules.flow.board import FACES, square_name
from river_tui.rules.flow.bots import GREEDY_BOT
from river_tui.rules.flow.components import BOARD_SIZE
from river_tui.screens.flow.screen import FlowScreen
from river_tui.screens.handover import HandoverScreen
from river_tui.screens.scores import ScoresScreen
from river_tui.play.table import Seat, Table
from river_tui.rules.flow.outlook import in_the_last_rounds, lair_outlook, open_lair_rivers, rounds_left
from river_tui.rules.flow.preview import preview_placement
from river_tui.widgets.flow.hand import FlowHand
from river_tui.widgets.status_bar import StatusBar
from river_tui.widgets.flow.tile_grid import TileGrid

from support.keyboard import press_ready, stack_text, take_the_keyboard
from support.recap import put_away_recaps
from support.screen_text import on_screen, segments_on_screen
from support.waiting import wait_until, workers_done


def square(name: str) -> int:
    return (int(name[1]) - 1) * BOARD_SIZE + "ABCDEFG".index(name[0])


async def move_cursor(pilot, screen: FlowScreen, target: int) -> None:
    row, col = divmod(screen.query_one(TileGrid).cursor, BOARD_SIZE)
    to_row, to_col = divmod(target, BOARD_SIZE)
    keys = ["down" if to_row > row else "up"] * abs(to_row - row)
    keys += ["right" if to_col > col else "left"] * abs(to_col - col)
    await pilot.press(*keys)


async def play_by_keys(pilot, screen: FlowScreen, action) -> None:
    """Choose the tile with its number key, turn it with r, walk the cursor there and
    press Enter (or v for the Reservation Tile)."""
    if isinstance(action, PlaceTile):
        hand = screen.view.hands[screen.viewer]
        await pilot.press(str(hand.index(action.tile) + 1), *["r"] * action.rotation)
    await move_cursor(pilot, screen, action.square)
    await pilot.press("enter" if isinstance(action, PlaceTile) else "v")


async def settle(app, pilot) -> None:
    await pilot.pause()
    await workers_done(app, pilot)
    await put_away_recaps(pilot)


async def test_a_strategy_game_against_the_computer_plays_to_the_scores_by_keys():
    """The game's last rounds by keys, to its scores (the first placings by keys, and the
    first round's rule, are the tests below); its save holds every move."""
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=5)
    assert table.state.variant == "strategy"
    rng = random.Random(2)
    while sum(seat == 0 for seat, _ in table.log) < 16:  # Ann places 22 tiles: the last 6 by keys
        seat = min(table.to_act())
        table.apply(seat, GREEDY_BOT.choose(table.game, table.view(seat), seat, rng))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            await settle(app, pilot)
            if table.finished:
                break
            screen = app.screen
            assert isinstance(screen, FlowScreen) and table.to_act() == frozenset({0})
            moves = len(table.log)
            action = GREEDY_BOT.choose(table.game, table.view(0), 0, rng)
            await play_by_keys(pilot, screen, action)
            await pilot.pause()
            assert table.log[moves] == (0, action)
        assert table.finished
        assert isinstance(app.screen, ScoresScreen)
    resumed = Table.load(table.path)
    assert table.game.digest(resumed.state) == table.game.digest(table.state)


async def test_the_first_round_keeps_tiles_off_the_outer_ring_and_says_why():
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=5, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await move_cursor(pilot, screen, square("B1"))
        preview = str(screen.query_one("#preview").render())
        assert "inner two rings only" in preview
        await pilot.press("enter")
        await pilot.pause()
        assert table.log == []
        assert any("inner two rings only" in n.message for n in app._notifications)


async def test_r_turns_the_tile_in_hand_and_the_preview_follows():
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=5, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        grid, hand = screen.query_one(TileGrid), screen.query_one(FlowHand)
        first = grid.ghost
        await pilot.press("r")
        await pilot.pause()
        assert hand.rotation == 1 and "turned 90°" in str(screen.query_one("#preview").render())
        assert grid.ghost.tile_code == first.tile_code + 1
        await pilot.press("r", "r", "r")
        assert hand.rotation == 0
        await pilot.press("n")
        assert hand.chosen == 1


async def test_v_reserves_the_square_under_the_cursor():
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=5, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await play_by_keys(pilot, app.screen, PlaceReservation(square("C3")))
        await pilot.pause()
        assert table.log == [(0, PlaceReservation(square("C3")))]
        await pilot.press("down")  # the tile in hand no longer covers the square
        assert "[D]" in "".join(
            seg.text for y in range(6, 9) for seg in app.screen.query_one(TileGrid).render_line(y)
        )


async def test_completed_territories_light_up_on_demand():
    table = Table.create("flow", [Seat("Ann"), Seat("Bob")], {"variant": "basic"}, seed=5, autosave=False)
    lair = next(t for t in table.state.hands[0] if t.startswith("L"))
    table.apply(0, PlaceTile(lair, 2, square("D3")))  # its Lair's river meets the start tile
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await take_the_keyboard(app, pilot)
        await put_away_recaps(pilot)
        grid = app.screen.query_one(TileGrid)
        assert grid.highlight == frozenset()
        await pilot.press("t")
        await pilot.pause()
        assert grid.highlight == frozenset(table.state.territories[0].steps)
        assert re.search(r"Ann +2 ", str(app.screen.query_one("#track").render()))


async def test_hands_stay_hidden_between_two_players_at_one_keyboard():
    table = Table.create("flow", [Seat("Ann"), Seat("Bob")], {"variant": "basic"}, seed=5, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_the_keyboard(app, pilot)
        await play_by_keys(pilot, app.screen, PlaceReservation(square("C3")))
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        flow_screen = app.screen_stack[-2]
        assert flow_screen.query_one(FlowHand).hand == ()
        assert "Ann reserved C3" in stack_text(app)  # the handover tells Bob what Ann did
        await press_ready(pilot)
        assert await put_away_recaps(pilot) == []  # and it need not be put away on his board
        assert app.screen.query_one(FlowHand).hand == table.state.hands[1]


async def test_the_next_player_at_one_keyboard_starts_from_their_first_tile_unturned():
    table = Table.create("flow", [Seat("Ann"), Seat("Bob")], {"variant": "basic"}, seed=5, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_the_keyboard(app, pilot)
        await pilot.press("3", "r")  # Ann looks at her third tile, turned, then reserves
        await play_by_keys(pilot, app.screen, PlaceReservation(square("C3")))
        await take_the_keyboard(app, pilot)  # Bob
        await put_away_recaps(pilot)
        hand = app.screen.query_one(FlowHand)
        assert (hand.chosen, hand.rotation) == (0, 0)
        assert "Tile 1:" in str(app.screen.query_one("#preview").render())


async def test_strategy_mode_says_which_of_the_two_actions_is_next():
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=5, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        status = app.screen.query_one(StatusBar)
        assert str(status.render()).startswith("Ann to act: action 1 of 2:")
        await play_by_keys(pilot, app.screen, PlaceReservation(square("C3")))
        await pilot.pause()
        assert str(status.render()).startswith("Ann to act: action 2 of 2:")


async def test_the_score_track_tells_the_computer_seats_apart_and_a_filled_square_is_named_once():
    seats = [Seat("Ann"), Seat("Computer 1", "greedy"), Seat("Computer 2", "greedy")]
    table = Table.create("flow", seats, {}, seed=5, autosave=False)
    table.apply(0, PlaceReservation(square("C3")))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        track = str(app.screen.query_one("#track").render())
        assert "Computer 1" in track and "Computer 2" in track
        assert max(len(line) for line in track.splitlines()) <= app.screen.query_one("#track").size.width
        placed = next(a.square for _, a in table.log if isinstance(a, PlaceTile))
        await move_cursor(pilot, app.screen, placed)
        preview = str(app.screen.query_one("#preview").render())
        # What is there, in words, not a refusal (the cursor rests there after every placement).
        face = FACES[table.state.tiles[placed] // 4].name
        owner = table.state.lair_owner[placed]  # a Lair by its name: "holds Igapó Pool, Ann's Lair", never "a Igapó"
        held = f"{face}, {table.seats[owner].name}'s Lair." if owner >= 0 else f"a {face}."
        assert f"{square_name(placed)}: holds {held}" in preview and preview.count(square_name(placed)) == 1
        assert "already holds" not in preview and "f: a square where it fits" in preview


async def test_the_board_keeps_the_keys_when_the_log_is_shown():
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=5, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        grid = app.screen.query_one(TileGrid)
        start = grid.cursor
        await pilot.press("L", "tab", "right")
        assert app.focused is grid and grid.cursor == start + 1


async def test_less_and_greater_than_page_the_log_while_the_board_keeps_the_keys():
    """At 80x24 the log is hidden beside the board: < shows it, then pages back, >
    pages forward again; the arrows still move the cursor."""
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=5, autosave=False)
    rng = random.Random(5)
    while len(table.log_lines) < 60:
        seat = min(table.to_act())
        table.apply(seat, GREEDY_BOT.choose(table.game, table.view(seat), seat, rng))
    while 0 not in table.to_act():
        table.apply(1, GREEDY_BOT.choose(table.game, table.view(1), 1, rng))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        grid, log = app.screen.query_one(TileGrid), app.screen.query_one("#log")
        assert log.has_class("-hidden")
        await pilot.press("less_than_sign")
        await pilot.pause()
        assert not log.has_class("-hidden")
        await wait_until(lambda: log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y, "the log at its end",
                         seen=lambda: (log.scroll_y, log.max_scroll_y), pause=pilot.pause)
        await pilot.press("less_than_sign")
        await pilot.pause()
        assert 0 <= log.scroll_y < log.max_scroll_y
        back = log.scroll_y
        await pilot.press("less_than_sign", "greater_than_sign")
        await pilot.pause()
        assert log.scroll_y == back
        start = grid.cursor
        await pilot.press("right")
        assert app.focused is grid and grid.cursor == start + 1


async def test_esc_with_nothing_to_back_out_of_says_what_the_keys_do():
    table = Table.create("flow", [Seat("Ann"), Seat("Bot", "greedy")], {}, seed=3, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, FlowScreen)
        await wait_until(lambda: "Nothing to back out of here" in "\n".join(on_screen(app, app.screen.region)),
                         "Esc to say what the keys do", pause=pilot.pause)


async def test_f_walks_the_cursor_through_the_squares_where_the_tile_in_hand_meets_a_river():
    """f goes to the next square, row by row, where the tile in hand, as the rules
    let it lie, joins its river to a neighbour's (or closes a Territory), turned so
    it does, then round to the first; not to every empty square it may lie on (that
    was every square in practice). Enter places it there."""
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=5, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen, grid = app.screen, app.screen.query_one(TileGrid)
        tile = screen.view.hands[0][screen.chosen]
        fits = [a for a in table.legal_actions(0) if isinstance(a, PlaceTile) and a.tile == tile]
        meets = sorted({a.square for a in fits if preview_placement(table.state, 0, a).joins})
        assert 1 < len(meets) < len({a.square for a in fits})
        visited = []
        for _ in meets:
            await pilot.press("f")
            visited.append(grid.cursor)
            placed = PlaceTile(tile, screen.rotation, grid.cursor)
            assert placed in fits and preview_placement(table.state, 0, placed).joins  # turned so that it meets
        start = meets.index(visited[0])
        assert visited == meets[start:] + meets[:start]  # each once, in order, round the board
        assert visited[0] == next((s for s in meets if s > square("D3")), meets[0])  # after the first cursor
        rotation = screen.rotation
        await pilot.press("enter")
        await pilot.pause()
        assert table.log[-1] == (0, PlaceTile(tile, rotation, visited[-1]))


def flow_table_at(seed: int, wanted):
    """Ann (random moves) against a greedy computer, seeded, up to Ann's first turn
    where ``wanted(view, placement)`` holds for a placement of her first tile."""
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "greedy")], {"variant": "basic"}, seed=seed,
                         autosave=False)
    rng = random.Random(seed)
    while not table.finished:
        seat = min(table.to_act())
        view = table.view(seat)
        if seat == 0:
            found = [a for a in table.legal_actions(0)
                     if isinstance(a, PlaceTile) and a.tile == view.hands[0][0] and wanted(view, a)]
            if found:
                return table, found[0]
        table.apply(seat, rng.choice(table.legal_actions(0)) if seat == 0 else table.bot_choice(seat, rng))
    raise AssertionError("the seeded game never reached the position the test needs")


async def test_the_preview_says_when_a_placement_sets_up_another_seats_lair():
    """A tile that carries Bob's Lair river on to an empty square names Bob, the
    Lair, its length so far and the square where it may close (the rules' `lair_outlook`)."""
    table, placement = flow_table_at(5, lambda view, a: any(lair.owner == 1 for lair in lair_outlook(view, 0, a).opened))
    bobs = next(lair for lair in lair_outlook(table.view(0), 0, placement).opened if lair.owner == 1)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await move_cursor(pilot, app.screen, placement.square)
        await pilot.press(*["r"] * placement.rotation)
        text = "\n".join(on_screen(app, app.screen.region))
        assert (f"sets up Bob: Lair {square_name(bobs.lair)} L={bobs.length}, open at {square_name(bobs.opening)}"
                in text)


async def test_the_last_rounds_say_how_many_squares_are_left_and_which_lairs_may_still_score():
    table, _ = flow_table_at(1, lambda view, a: in_the_last_rounds(view) and open_lair_rivers(view))
    view = table.view(0)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        text = "\n".join(on_screen(app, app.screen.region))
        assert f"Last round{'s' * (rounds_left(view) != 1)}: {view.empty_squares} squares left" in text
        lairs = " · ".join(f"{'DO'[lair.owner]} {square_name(lair.lair)} L={lair.length}"
                           for lair in open_lair_rivers(view))
        assert f"Still open: {lairs}" in text
        assert "t: light up" not in text  # the legend gives its lines to what is at stake


async def test_the_preview_names_who_scores_a_territory_by_their_name():
    """"Closes: single territory L=2: Ann +2", never the animal alone ("Dolphin +2")."""
    table, placement = flow_table_at(5, lambda view, a: bool(preview_placement(view, 0, a).closes))
    closed = preview_placement(table.view(0), 0, placement).closes[0]
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        await move_cursor(pilot, app.screen, placement.square)
        await pilot.press(*["r"] * placement.rotation)
        text = "\n".join(on_screen(app, app.screen.region))
        gains = ", ".join(f"{'Ann' if seat == 0 else 'Bob'} +{points}" for seat, points in closed.points().items())
        assert f"{closed.title} L={closed.length}: {gains}" in text


async def test_the_preview_says_in_the_rulebooks_words_which_rivers_a_tile_ends_for_good():
    """A river run into a dry side or the board's edge can never be part of a "closed
    shape (= Territory)": the preview says so in those words, not as "dams 1"."""
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=5, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        hand = table.view(0).hands[0]
        assert hand[3] == "bend"  # beside the centre square, which takes no tile, its river ends
        ends = next(a for a in table.legal_actions(0) if isinstance(a, PlaceTile) and a.tile == "bend"
                    and a.rotation == 0 and preview_placement(table.state, 0, a).dams == 1)
        await pilot.press("4")
        await move_cursor(pilot, screen, ends.square)
        preview = " ".join(str(screen.query_one("#preview").render()).split())
        assert "1 river can never close" in preview, preview
        assert "dams" not in preview


async def test_each_step_of_a_turn_starts_with_the_cursor_where_the_tile_in_hand_fits():
    """After the first of two tiles is laid, and when a turn comes round, the cursor is
    not left on a square that takes no tile (the tile just laid, another seat's): it
    goes to the nearest square where the tile in hand, turned as shown, does something."""
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=5, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen, grid = app.screen, app.screen.query_one(TileGrid)
        for step in range(3):  # Ann's first tile, her second, and her first of the next turn
            first = next(a for a in table.legal_actions(0) if isinstance(a, PlaceTile))
            await play_by_keys(pilot, screen, first)
            await settle(app, pilot)
            laid = [a.square for seat, a in table.log if isinstance(a, PlaceTile)]
            assert grid.cursor not in laid, f"step {step}: the cursor stayed on a laid tile"
            placed = PlaceTile(screen.view.hands[0][screen.chosen], screen.rotation, grid.cursor)
            seen = preview_placement(table.state, 0, placed)
            assert seen.allowed and (seen.joins or seen.closes), f"step {step}: {placed} does nothing"
            assert "fits" in str(screen.query_one("#preview").render())


async def test_a_tile_that_joins_no_river_is_not_said_to_join_0():
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=5, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        tile = table.view(0).hands[0][0]
        alone = next(a for a in table.legal_actions(0) if isinstance(a, PlaceTile) and a.tile == tile
                     and a.rotation == 0 and not preview_placement(table.state, 0, a).joins)
        await move_cursor(pilot, screen, alone.square)
        preview = " ".join(str(screen.query_one("#preview").render()).split())
        assert f"{square_name(alone.square)}: fits" in preview and "joins" not in preview, preview


def labels_reversed(app, grid: TileGrid) -> str:
    """The board's column letters and row numbers drawn reversed, as the terminal
    shows them ("C4": the cursor's, read off the edges)."""
    region = grid.content_region
    found = ""
    for y, line in enumerate(segments_on_screen(app)[region.y:region.bottom]):
        x = 0
        for segment in line:
            inside = region.x <= x < region.x + (grid.size.width if y == 0 else 2)
            if inside and segment.style is not None and segment.style.reverse and segment.text.strip():
                found += segment.text.strip()
            x += segment.cell_length
    return found


async def test_the_cursors_column_letter_and_row_number_stand_out_where_a_tile_hides_its_name():
    """At 80x24 a square under a tile shows no name: the cursor's column letter and
    row number are reversed on the board's edges, and follow the cursor."""
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=5, autosave=False)
    table.apply(0, GREEDY_BOT.choose(table.game, table.view(0), 0, random.Random(5)))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        grid = app.screen.query_one(TileGrid)
        placed = next(a.square for _, a in table.log if isinstance(a, PlaceTile))
        for target in (placed, square("D4"), square("A7")):
            await move_cursor(pilot, app.screen, target)
            await pilot.pause()
            name = square_name(target)
            assert labels_reversed(app, grid) == name, (name, labels_reversed(app, grid))


async def test_the_legend_of_the_track_stays_when_a_tall_preview_leaves_few_rows():
    """Five seats at 80x24, the cursor on the outer ring in the first round: the
    preview's refusal takes five rows, and what the track's ● and R mean stays."""
    seats = [Seat("Ann")] + [Seat(f"Computer {n}", "greedy") for n in range(1, 5)]
    table = Table.create("flow", seats, {}, seed=5, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await move_cursor(pilot, app.screen, square("A4"))
        await pilot.pause()
        preview = str(app.screen.query_one("#preview").render())
        assert "outer ring" in preview and len(preview.splitlines()) >= 3, preview
        text = "\n".join(on_screen(app, app.screen.region))
        assert "● point tile (9 left) · R reservation" in text, text


def preview_words(app) -> str:
    return " ".join(str(app.screen.query_one("#preview").render()).split())


async def test_the_preview_says_in_points_what_a_placement_makes_or_loses_for_you():
    """A newcomer reads what a tile does for them in points, before laying it: the
    Territories it closes now, what its Lair rivers gain toward their close (each
    worth at least its length + 1 once closed), or what a Lair river ended for good
    takes away; else that it scores nothing for them."""

    def mine(view, a, key):
        seen, outlook = preview_placement(view, 0, a), lair_outlook(view, 0, a)
        worth = {lair.lair: lair.length + 1 for lair in open_lair_rivers(view) if lair.owner == 0}
        return {
            "now": seen.points[0],
            "grows": sum(lair.length + 1 - worth.get(lair.lair, 0) for lair in outlook.opened if lair.owner == 0),
            "lost": sum(worth[lair.lair] for lair in outlook.ended if lair.owner == 0),
        }[key]

    cases = [
        ("now", lambda n: f"You +{n} now"),
        ("grows", lambda n: f"our Lair rivers +{n} once closed"),
        ("lost", lambda n: f"ou lose {n}+: your Lair can never close"),
    ]
    for key, words in cases:
        table, placement = flow_table_at(5, lambda view, a, key=key: mine(view, a, key) > 0)
        expected = words(mine(table.view(0), placement, key))
        app = RiverApp(table, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await move_cursor(pilot, app.screen, placement.square)
            await pilot.press(*["r"] * placement.rotation)
            assert expected in preview_words(app), (key, preview_words(app))
    table, placement = flow_table_at(5, lambda view, a: not any(mine(view, a, k) for k in ("now", "grows", "lost")))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await move_cursor(pilot, app.screen, placement.square)
        await pilot.press(*["r"] * placement.rotation)
        assert "No points for you" in preview_words(app), preview_words(app)


HEAVY = set("━┃┏┓┛┗╋╂┿")


def square_text(grid: TileGrid, place: int) -> str:
    """What the board draws on square ``place``, row by row."""
    from river_tui.widgets.flow.tile_grid import square_region

    region = square_region(place, grid.scale)
    return "".join("".join(s.text for s in grid.render_line(y))[region.x:region.right]
                   for y in range(region.y, region.bottom))


async def test_your_open_lair_rivers_are_drawn_heavy_and_the_legend_says_what_scores():
    """At 80x24 and 120x40 the rivers you are building stand out from everyone else's
    by their glyphs (heavy lines, in your colour: never colour alone), and the legend
    beside the track names them and what closing one scores."""
    table, _ = flow_table_at(5, lambda view, a: {lair.owner for lair in open_lair_rivers(view)} == {0, 1})
    lairs = open_lair_rivers(table.view(0))
    for size in ((80, 24), (120, 40)):
        app = RiverApp(table, bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            grid = app.screen.query_one(TileGrid)
            for lair in lairs:
                heavy = HEAVY & set(square_text(grid, lair.lair))
                assert bool(heavy) == (lair.owner == 0), (lair, square_text(grid, lair.lair))
            text = "\n".join(on_screen(app, app.screen.region))
            assert "━━ your Lair river to ◦ or a Lair: +L" in text


async def test_a_new_step_never_starts_the_cursor_where_enter_would_end_your_own_lair():
    """The newcomer's table (Ann and two normal computers): Ann lays near her cursor,
    often where it starts. Each step of hers starts where the preview does not say
    "ends your Lair ... for good": one Enter there never ruins her own Lair."""
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "normal"), Seat("Cy", "normal")], {}, seed=2,
                         autosave=False)
    rng = random.Random(2)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, grid = app.screen, app.screen.query_one(TileGrid)
        for step in range(4):
            await settle(app, pilot)
            await wait_until(lambda: 0 in table.to_act(), "Ann's turn", seen=lambda: table.to_act(),
                             pause=pilot.pause)
            preview = " ".join(str(screen.query_one("#preview").render()).split())
            assert "fits" in preview and "ends your Lair" not in preview, f"step {step}: {preview}"
            here = PlaceTile(screen.view.hands[0][screen.chosen], screen.rotation, grid.cursor)
            legal = [a for a in table.legal_actions(0) if isinstance(a, PlaceTile)]
            near = [a for a in legal if abs(a.square // BOARD_SIZE - grid.cursor // BOARD_SIZE)
                    + abs(a.square % BOARD_SIZE - grid.cursor % BOARD_SIZE) <= 2]
            await play_by_keys(pilot, screen, here if rng.random() < 0.5 else rng.choice(near or legal))
