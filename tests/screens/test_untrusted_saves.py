"""The app with hostile saves beside good ones, and with a disk that refuses
to save: the good games still open, and play goes on."""

from __future__ import annotations

import errno
import os

from textual.widgets import DataTable

from river_tui.app.river_app import RiverApp
from river_tui.saves import files
from river_tui.saves.locations import saves_dir
from river_tui.screens.load import LoadScreen
from river_tui.screens.menu import MenuScreen
from river_tui.play.table import Seat, Table
from support.forge import frame, nested, save_parts
from support.toygame import Step
from support import toyscreen
from support.toyscreen import ToyScreen
from support.waiting import workers_done, wait_until


def good_game():
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=4)
    table.apply(0, Step(2))
    table.close()
    return table


def plant_bad_files(table):
    """A save of each hostile kind, all played more recently than the good one."""
    head, body = save_parts(table.save_data())
    head["updated"] = "2999-01-01T00:00:00+00:00"
    folder = saves_dir()
    deep = dict(body, log=[[0, ["Step", nested(500)]]])
    (folder / "deep.rtsave").write_bytes(frame(head, deep))
    (folder / "infinite.rtsave").write_bytes(frame(dict(head, seed=float("inf")), body))
    (folder / "variant.rtsave").write_bytes(frame(dict(head, options={"variant": [1]}), body))
    (folder / "stranger.rtsave").write_bytes(frame(dict(head, seats=[["Ann", "human"], ["Bob", "overlord"]]), body))
    os.mkfifo(folder / "pipe.rtsave")
    (folder / "folder.rtsave").mkdir()
    return 6


async def test_bad_saves_never_stop_continue_or_load_a_save():
    table = good_game()
    bad = plant_bad_files(table)
    app = RiverApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")

        def said() -> list[str]:
            return [n.message for n in app._notifications]

        await wait_until(lambda: any("computer player Toy Race does not have (overlord)" in m for m in said()),
                         "the sentence about the save Continue passed over", seen=said, pause=lambda: pilot.pause(0.05))
        assert isinstance(app.screen, ToyScreen), said()
        assert app.screen.table.log == table.log
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("l")
        await workers_done(app, pilot)
        assert isinstance(app.screen, LoadScreen)
        grid = app.screen.query_one(DataTable)
        assert grid.row_count == bad + 1
        rows = [" ".join(str(cell) for cell in grid.get_row_at(i)) for i in range(grid.row_count)]
        for phrase in ("its seed is not a whole number", "its option 'variant'",
                       "is a pipe, not a save", "is a folder, not a save"):
            assert any(phrase in row for row in rows), (phrase, rows)
        # The list reads headers only: a save whose moves are hostile shows, and says why when opened.
        deep_row = next(i for i, item in enumerate(app.screen.listings) if item.path.name == "deep.rtsave")
        grid.move_cursor(row=deep_row)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert any("deep.rtsave is damaged (the action of move 1 is nested too deep)" in n.message
                   for n in app._notifications)
        good_row = next(i for i, item in enumerate(app.screen.listings) if item.path == table.path)
        grid.move_cursor(row=good_row)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ToyScreen) and app.screen.table.log == table.log


async def test_a_failing_autosave_is_told_once_and_play_goes_on(monkeypatch):
    table = good_game()
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_save(table.path)
        await pilot.pause()
        playing = app.screen.table

        def full(*args, **kwargs):
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(files.tempfile, "mkstemp", full)
        for key in ("1", "1", "2"):
            await pilot.press(key)
            await pilot.pause()
        assert len(playing.log) == 4
        notices = [n.message for n in app._notifications if "not being saved" in n.message]
        assert len(notices) == 1 and "is full" in notices[0], notices
        monkeypatch.undo()
        await pilot.press("1")
        await pilot.pause()
        assert len(Table.load(table.path).log) == 5


async def test_a_save_open_in_another_process_says_who_and_its_replay_still_opens():
    from saves.test_lock import glassworks_save, start_holder

    path = glassworks_save()
    holder = start_holder(path)
    try:
        app = RiverApp()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)
            said = [n.message for n in app._notifications]
            assert any(f"is open in another River TUI (process {holder.pid} on " in m for m in said), said
            await pilot.press("l")
            await workers_done(app, pilot)
            await pilot.press("r")  # its replay: looking is not writing
            await pilot.pause()
            assert app.screen.replay is not None and len(app.screen.table.log) == 1
    finally:
        holder.stdin.close()
        holder.wait(timeout=60)


async def test_a_folder_of_many_saves_lists_those_played_last_and_says_how_many_are_left_out(monkeypatch):
    from river_tui.screens import load

    monkeypatch.setattr(load, "MOST_SAVES", 3)  # the same cap, small enough to fill
    table = good_game()
    head, body = save_parts(table.save_data())
    for day in range(1, 6):
        head["updated"] = f"2030-01-0{day}T10:00:00+00:00"
        head["seats"][0][0] = f"Ann{day}"
        (saves_dir() / f"day{day}.rtsave").write_bytes(frame(head, body))
    app = RiverApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("l")
        await workers_done(app, pilot)
        grid = app.screen.query_one(DataTable)
        assert [str(grid.get_row_at(row)[1]).split(",")[0] for row in range(grid.row_count)] == ["Ann5", "Ann4", "Ann3"]
        assert str(app.screen.query_one("#empty").render()) == (
            "The 3 saves played last are shown; 3 older ones are not ('river-tui saves' lists every one).")


async def test_the_saves_list_is_drawn_and_left_while_the_saves_are_still_being_listed(monkeypatch):
    import threading

    from river_tui.saves import store
    from support.waiting import DEADLINE

    listing, leave = threading.Event(), threading.Event()

    def slow_list():
        listing.set()
        leave.wait(DEADLINE)  # thousands of saves on a busy machine
        return []

    monkeypatch.setattr(store, "list_saves", slow_list)
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_until(listing.is_set, "the saves to be listed", pause=lambda: pilot.pause(0.05))
        assert isinstance(app.screen, LoadScreen)
        assert str(app.screen.query_one("#empty").render()) == "Reading the saves…"
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen) and not leave.is_set()
        leave.set()
        await workers_done(app, pilot)
