"""A seated player at a server table of each game, at 80x24, while another seat's
player is gone and has the move: the footer offers "H Hand seat" beside all of the
game's keys, and every one of them is whole on screen (at 80 columns We All Take's
"i Info" was cut off)."""

from __future__ import annotations

import pytest

from river_tui.net.auth import Identity
from river_tui.net.remote_app import RemoteApp
from river_tui.net.tables import TableRegistry
from river_tui.screens.game_base import GameScreen
from support.footer import assert_footer_fits, footer_showing
from support.waiting import wait_until

ALICE, BOB = (Identity(name, f"SHA256:{name}", "127.0.0.1") for name in ("alice", "bob"))
SEATS_KEYS = {
    # game: the keys a seated player needs in the footer besides help, lobby and hand seat
    "glassworks": {"undo"},
    "riverside": {"undo", "other_sheet"},
    "flow": {"undo", "choose", "rotate", "next_tile"},
    "we-all-take": {"undo", "done", "trade", "next_here", "info"},
}


@pytest.mark.parametrize("game_id", list(SEATS_KEYS))
async def test_a_seats_footer_with_hand_seat_fits_80_columns(game_id, tmp_path):
    registry = TableRegistry(tmp_path / "serve", bot_delay=3600)
    shared = registry.create(BOB, game_id, 2, 0, None, seed=1)  # bob's seat has (a share of) the first move; bob is not connected
    app = RemoteApp(ALICE, registry)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.refresh_tables()
        await pilot.press("enter")  # alice takes the free seat
        await wait_until(lambda: isinstance(app.screen, GameScreen), "the table", pause=pilot.pause)
        assert shared.seat_of(ALICE) == 1 and 0 in shared.table.to_act()
        screen = app.screen
        shown = await footer_showing(pilot, screen, {"hand_over", "help", "leave_table"} | SEATS_KEYS[game_id])
        assert_footer_fits(screen)
        assert "hand_over" in shown
