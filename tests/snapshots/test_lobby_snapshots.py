"""How an SSH server's lobby looks (a session's app, without the SSH): every
column whole at 80x24, and at 120x40; and the new-table form at 80x24."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from river_tui.net.auth import Identity
from river_tui.net.remote_app import RemoteApp
from river_tui.net.tables import TableRegistry

SIZES = [(80, 24), (120, 40)]
ALICE = Identity("alice", "SHA256:alice", "127.0.0.1")
BOB = Identity("bob", "SHA256:bob", "127.0.0.1")


def lobby_app(tmp_path) -> tuple[RemoteApp, TableRegistry]:
    registry = TableRegistry(tmp_path / "serve", bot_delay=3600)  # the computers never move in a snapshot
    return RemoteApp(ALICE, registry), registry


async def four_tables(registry: TableRegistry) -> None:
    """A table of each game, with long turn labels (We All Take's) and every kind of seat."""
    wat = registry.create(ALICE, "we-all-take", 5, 2, None, seed=1)
    registry.take_seat(wat, 1, BOB)
    registry.create(BOB, "flow", 3, 1, None, seed=2, computer="normal")
    registry.create(BOB, "riverside", 2, 0, None, seed=3)
    registry.create(ALICE, "glassworks", 4, 3, None, seed=4, computer="hard")


@pytest.mark.parametrize("size", SIZES)
def test_lobby(snap_compare, size, tmp_path):
    app, registry = lobby_app(tmp_path)

    async def tables(pilot):
        await four_tables(registry)
        app.screen.refresh_tables()
        await pilot.pause()
        app.clear_notifications()  # "It is your move at 2 tables": the list in full
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=tables)


@pytest.mark.parametrize("size", SIZES)
async def test_every_column_is_whole(size, tmp_path):
    """No column is cut at the right edge: the list never scrolls sideways, and
    every cell's words are on screen (a long one wraps onto more lines)."""
    app, registry = lobby_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await four_tables(registry)
        app.screen.refresh_tables()
        await pilot.pause()
        grid = app.screen.query_one(DataTable)
        assert grid.max_scroll_x == 0 and grid.virtual_size.width <= grid.scrollable_content_region.width
        shown = "\n".join(strip.text for strip in grid.render_lines(grid.region.reset_offset))
        cells = [str(cell) for row in range(grid.row_count) for cell in grid.get_row_at(row)]
        words = " ".join(cells).split()
        assert "Take" in words and "Computer" in words  # the short titles, and the seats
        assert [word for word in words if word not in shown] == []


def test_new_table_form(snap_compare, tmp_path):
    app, _ = lobby_app(tmp_path)

    async def form(pilot):
        await pilot.press("n")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=form)
