"""How a We All Take table on a server looks with its chat pane open, at 80x24 and
120x40: Ann's screen, Bob and Cy seated, a watcher at the rail; a line from each,
and a whisper to Ann, each after how long ago it was written."""

from __future__ import annotations

import pytest

from river_tui.net.auth import Identity
from river_tui.net.chat import ChatLine
from river_tui.net.remote_app import RemoteApp
from river_tui.net.tables import TableRegistry
from river_tui.rules.we_all_take.actions import PlaceCamp
from river_tui.rules.we_all_take.components import TILE_BY_CODE
from river_tui.screens.game_base import GameScreen
from snapshots.test_we_all_take_snapshots import CAMPS, first_seed
from support.recap import put_away_recaps
from support.waiting import wait_until

SIZES = [(80, 24), (120, 40)]
PEOPLE = [Identity(name, f"SHA256:{name}", "127.0.0.1") for name in ("Ann", "Bob", "Cy")]
NOW = 1_796_000_000.0
"""The time the screen is drawn at (the chat's clock): each line says how long ago it was written."""
LINES = (
    ChatLine("Bob", 1, "Two fish for your vote on the levee, Ann?", at=NOW - 26 * 3600),
    ChatLine("rail", None, "The river is rising, mind the farms", at=NOW - 3 * 3600),
    ChatLine("Cy", 2, "Do not trust Bob, he needs gravel", to=0, at=NOW - 20 * 60),
    ChatLine("Ann", 0, "Deal, if you add a tree", at=NOW - 5),
)


class OtherApp:
    """Bob's and Cy's sessions, whose screens are not drawn here."""

    def call_later(self, callback, *args) -> None:
        pass


@pytest.mark.parametrize("size", SIZES)
def test_we_all_take_with_the_chat_open(snap_compare, size, river_home):
    registry = TableRegistry(river_home / "serve", lobby_delay=0)
    registry.chat_rates.wall_clock = lambda: NOW
    app = RemoteApp(PEOPLE[0], registry)

    async def sit_and_talk(pilot):
        shared = registry.create(PEOPLE[0], "we-all-take", seats=3, bots=0, variant=None, seed=first_seed(False))
        for person in PEOPLE[1:]:
            registry.join(shared, OtherApp(), person)
        for seat, (code, colour) in enumerate(CAMPS):
            shared.table.apply(seat, PlaceCamp(TILE_BY_CODE[code], colour))
        await wait_until(lambda: app.screen.query_one("#tables").row_count, "the table listed", pause=pilot.pause)
        await pilot.press("enter")
        at_table = lambda: isinstance(app.screen_stack[-1], GameScreen) or len(app.screen_stack) > 2  # noqa: E731
        await wait_until(at_table, "Ann at the table", seen=lambda: app.screen, pause=pilot.pause)
        await put_away_recaps(pilot)
        for line in LINES:
            shared.chat.add(line)
        await pilot.pause()
        await shared.chat.flush()

    assert snap_compare(app, terminal_size=size, run_before=sit_and_talk)
