"""Players' records: every finished game counted once per seat name, best and mean
scores, Riverside achievements, the records screen, and a damaged file kept aside."""

from __future__ import annotations

import subprocess
import sys
import threading

from textual.widgets import DataTable, Static

from river_tui.app.river_app import RiverApp
from river_tui.records import players
from river_tui.rules.core import Result
from river_tui.screens.records import RecordsScreen
from river_tui.play.table import Seat, Table
from support.toygame import Step

from support.replay_games import bot_table, installed
from support.waiting import DEADLINE, wait_until, workers_done


def finish_toy(names=("Ann", "Bob"), seed=3, saved=True) -> Table:
    """A toy game played to its end through `Table.apply`, as the screens play it."""
    table = Table.create("toy", [Seat(n) for n in names], {}, seed=seed, autosave=saved)
    while not table.finished:
        table.apply(min(table.to_act()), Step(2))
    return table


def test_a_finished_game_is_counted_once_per_seat_name(river_home):
    table = finish_toy()
    result = table.result()
    records = players.load()
    assert players.records_path() == river_home / "records.json"
    for seat, name in enumerate(("Ann", "Bob")):
        tally = records.games["toy"][name]
        assert (tally.played, tally.won, tally.best) == (1, int(seat in result.winners), result.scores[seat])
    again = Table.load(table.path)
    assert not players.record_game(again.finished_game())  # loading and saving a finished game again adds nothing
    again.save()
    assert players.load().games == records.games


def test_best_and_mean_scores_over_several_games():
    scores = []
    for seed in (1, 2, 3):
        scores.append(finish_toy(seed=seed).result().scores[0])
    tally = players.load().games["toy"]["Ann"]
    assert tally.played == 3 and tally.best == max(scores)
    assert tally.mean == sum(scores) / 3


def test_a_shared_victory_counts_as_won_for_each_winner(monkeypatch):
    table = finish_toy()
    shared = Result((5, 5), ((), ()), frozenset({0, 1}))
    monkeypatch.setattr(Table, "result", lambda self: shared)
    table.created = "another game"  # so it is not the game already counted
    assert players.record_game(table.finished_game())
    toy = players.load().games["toy"]
    assert toy["Ann"].won + toy["Bob"].won == 3  # one ordinary win, and both shared this one


def test_games_never_saved_are_nobodys_record():
    finish_toy(saved=False)
    assert players.load().games == {}


def test_a_damaged_records_file_is_kept_aside_not_overwritten(river_home):
    river_home.mkdir(parents=True, exist_ok=True)
    players.records_path().write_text("{not json")
    assert "not JSON" in players.load().problem
    finish_toy()
    assert (river_home / "records.json.damaged").read_text() == "{not json"
    assert players.load().games["toy"]["Ann"].played == 1


def test_riverside_achievements_come_from_the_results_notes():
    installed("riverside")
    table = bot_table("riverside")
    assert players.record_game(table.finished_game())
    result = table.result()
    records = players.load()
    labels = players.computer_labels(table.finished_game())
    for index, (seat, note) in enumerate(zip(table.seats, result.notes)):
        if seat.is_human:
            tally = records.games["riverside"][seat.name]
        else:
            tally = records.computers["riverside"][labels[index]]
        assert any(reached in note for reached in tally.achievements)
    person = records.games["riverside"]["Ann"]
    (reached,) = person.achievements
    assert players.best_achievement(person, table.game.achievements) == reached


def test_the_best_achievement_is_the_highest_line_of_the_table():
    installed("riverside")
    from river_tui.rules.riverside import GAME

    low, high = GAME.achievements[1], GAME.achievements[5]
    tally = players.SeatTally(achievements={high: 1, low: 4})
    assert players.best_achievement(tally, GAME.achievements) == high


async def test_the_menu_opens_the_records_screen():
    winner = "Ann" if finish_toy().result().winners == {0} else "Bob"
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await workers_done(app, pilot)
        assert isinstance(app.screen, RecordsScreen)
        grid = app.screen.query_one(DataTable)
        rows = [[str(cell) for cell in grid.get_row_at(i)] for i in range(grid.row_count)]
        assert [row[:4] for row in rows] == [
            ["Toy Race", name, "1", str(int(name == winner))] for name in ("Ann", "Bob")]
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RecordsScreen)


async def test_the_records_screen_says_when_there_is_nothing_or_the_file_is_damaged(river_home):
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RecordsScreen())
        await workers_done(app, pilot)
        assert "No finished games yet" in str(app.screen.query_one("#records-note", Static).render())
        river_home.mkdir(parents=True, exist_ok=True)
        players.records_path().write_text('{"version": 1}')
        app.pop_screen()
        app.push_screen(RecordsScreen())
        await workers_done(app, pilot)
        assert "cannot be used (its games or its list of counted games are missing)" in str(
            app.screen.query_one("#records-note", Static).render())


def test_records_and_replays_never_import_the_ui_framework():
    code = (
        "import sys, river_tui.play.replay, river_tui.play.export, river_tui.records.players;"
        "sys.exit('textual' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


async def test_every_column_of_the_records_is_whole_at_80_columns(river_home):
    installed("riverside")
    from river_tui.rules.riverside.components import ACHIEVEMENTS

    longest = max((words for _, words in ACHIEVEMENTS), key=len)
    records = players.Records(counted=["a"])
    records.tally("riverside", "Alexandra Longname").add(401, True, longest)
    records.tally("riverside", "[/x]").add(150, False, ACHIEVEMENTS[0][1])
    records.tally("we-all-take", "[b]Bold").add(12, True, None)
    players.save(records)
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RecordsScreen())
        await workers_done(app, pilot)
        grid = app.screen.query_one(DataTable)
        assert grid.virtual_size.width <= grid.scrollable_content_region.width  # nothing cut at the right
        await pilot.pause()
        shown = " ".join(" ".join(strip.text.split()) for strip in app.screen._compositor.render_strips())
        for words in ("Best achievement", "[/x]", "[b]Bold", "Riverside", "401", "150.0", *longest.split()):
            assert words in shown


def test_each_computer_seat_is_recorded_with_its_level_and_never_with_a_person_of_the_same_name():
    """One game of two random computer seats is one game played for each of them,
    two rows, not one row of two games."""
    table = Table.create("toy", [Seat("Computer 1"), Seat("Computer 1", "random"), Seat("Robo", "random")], {}, seed=3)
    while not table.finished:
        table.apply(min(table.to_act()), Step(2))
    records = players.load()
    assert set(records.games["toy"]) == {"Computer 1"}  # the person of that name only
    assert records.games["toy"]["Computer 1"].played == 1
    computers = records.computers["toy"]
    assert set(computers) == {"Computer 1 (random)", "Robo (random)"}
    assert [tally.played for tally in computers.values()] == [1, 1]
    assert players.load().computers == records.computers  # written and read back


def test_two_computer_seats_of_one_name_and_level_keep_a_row_each():
    table = Table.create("toy", [Seat("Ann"), Seat("Robo", "random"), Seat("Robo", "random")], {}, seed=3)
    while not table.finished:
        table.apply(min(table.to_act()), Step(2))
    computers = players.load().computers["toy"]
    assert set(computers) == {"Robo (random, seat 2)", "Robo (random, seat 3)"}
    assert [tally.played for tally in computers.values()] == [1, 1]


async def test_the_records_screen_shows_computer_seats_by_name_and_level_in_italics():
    table = Table.create("toy", [Seat("Ann"), Seat("Computer 1", "random")], {}, seed=3)
    while not table.finished:
        table.apply(min(table.to_act()), Step(2))
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RecordsScreen())
        await workers_done(app, pilot)
        grid = app.screen.query_one(DataTable)
        names = [grid.get_row_at(row)[1] for row in range(grid.row_count)]
        assert [name.plain for name in names] == ["Ann", "Computer 1 (random)"]
        assert "italic" not in str(names[0].style) and "italic" in str(names[1].style)


def test_records_of_20000_names_show_those_who_played_most_and_say_how_many_more():
    from river_tui.screens.records import MOST_PER_GAME, MOST_ROWS, shown

    names = {f"p{n:05d}": players.SeatTally(played=1 + n % 7) for n in range(10_000)}
    records = players.Records({"toy": names, "glassworks": dict(names)}, ["x"], computers={"toy": dict(names)})
    out = shown(records, served=False)
    assert len(out.rows) == 3 * MOST_PER_GAME <= MOST_ROWS
    toy = [row for row in out.rows if row[0] == "Toy Race"]
    assert [row[1] for row in toy[:3]] == ["p00006", "p00013", "p00020"]  # 7 games each, then by name
    assert all(row[2] == "7" for row in toy[:MOST_PER_GAME])
    start = out.rows.index(toy[0])
    assert out.computer_rows == set(range(start + MOST_PER_GAME, start + 2 * MOST_PER_GAME))  # after its people
    assert str(out.note) == (f"1 finished game. Shown: each game's {MOST_PER_GAME} who played most, {MOST_ROWS} rows "
                             f"in all; {30_000 - 3 * MOST_PER_GAME:,} more are in the file.")


async def test_the_records_screen_is_drawn_and_left_while_the_records_are_still_being_read(monkeypatch):
    read, leave = threading.Event(), threading.Event()

    def slow_load():
        read.set()
        leave.wait(DEADLINE)  # a records file of 8 MB, read on a busy machine
        return players.Records()

    monkeypatch.setattr(players, "load", slow_load)
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await wait_until(read.is_set, "the records to be read", pause=lambda: pilot.pause(0.05))
        assert isinstance(app.screen, RecordsScreen)
        assert "Reading the records…" in str(app.screen.query_one("#records-note", Static).render())
        await pilot.press("escape")
        assert not isinstance(app.screen, RecordsScreen) and not leave.is_set()
        leave.set()
        await workers_done(app, pilot)
