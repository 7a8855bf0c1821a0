"""Riverside's screens at one server table draw a line once for every screen that shows
it alike (widgets/riverside/kept.py); each still shows its own: two seats at one size
see each their own score sheet, crossed in secret until the phase resolves, and a
watcher sees neither seat's crosses before then, nor a cursor of theirs on the river."""

from __future__ import annotations

import random
from contextlib import AsyncExitStack

from river_tui.net.auth import Identity
from river_tui.net.remote_app import RemoteApp
from river_tui.net.tables import TableRegistry
from river_tui.rules.riverside.actions import ChooseDice
from river_tui.rules.riverside.bots import GREEDY_BOT
from river_tui.screens.riverside.screen import RiversideScreen
from river_tui.widgets.riverside.board import RiverBoard
from river_tui.widgets.riverside.score_sheet import ScoreSheet
from support.recap import put_away_recaps
from support.screen_text import on_screen
from support.waiting import wait_until

ALICE, BOB, CAROL = (Identity(name, f"SHA256:{name}", "127.0.0.1") for name in ("alice", "bob", "carol"))
CROSSED = ("●", "◆")


def crosses_shown(app) -> int:
    """The crossed seats on the score sheet the app's screen shows (as the terminal gets it)."""
    sheet = app.screen.query_one(ScoreSheet)
    return sum(line.count(glyph) for line in on_screen(app, sheet.content_region) for glyph in CROSSED)


def crossed(sheet) -> int:
    return sum(sheet.filled)


async def test_two_seats_see_each_their_own_sheet_and_a_watcher_no_secret(tmp_path):
    registry = TableRegistry(tmp_path / "serve", bot_delay=3600)
    shared = registry.create(ALICE, "riverside", 2, 0, None, seed=3)
    table = shared.table
    apps = [RemoteApp(who, registry) for who in (ALICE, BOB, CAROL)]
    async with AsyncExitStack() as stack:
        pilots = [await stack.enter_async_context(app.run_test(size=(120, 40))) for app in apps]

        async def pause() -> None:
            for pilot in pilots:
                await pilot.pause()

        for app, pilot, key in zip(apps, pilots, ("enter", "enter", "w")):
            app.screen.refresh_tables()
            await pilot.press(key)
            await wait_until(lambda app=app: isinstance(app.screen, RiversideScreen), "the table", pause=pause)
        assert shared.owners[1] == BOB.fingerprint

        def seen() -> list[int]:
            return [crosses_shown(app) for app in apps]

        # Alice makes her whole phase 2 (dice, crosses, bonuses): her sheet only.
        rng = random.Random(1)
        while 0 in table.to_act():
            table.apply(0, GREEDY_BOT.choose(table.game, table.view(0), 0, rng))
        mine = crossed(table.state.drafts[0].sheet)
        assert mine > 0 and crossed(table.state.sheets[0]) == 0  # (crossed in secret)
        await wait_until(lambda: seen() == [mine, 0, 0], "Alice's crosses on her sheet alone", seen=seen, pause=pause)

        # Bob chooses dice: his own sheet stays his, Alice's hers; the watcher still sees none.
        choice = next(a for a in table.legal_actions(1) if isinstance(a, ChooseDice))
        table.apply(1, choice)
        while 1 in table.to_act() and table.state.phase == 2:
            table.apply(1, GREEDY_BOT.choose(table.game, table.view(1), 1, rng))
        for pilot in pilots:
            await put_away_recaps(pilot)
        state = table.state
        expected = [crossed(state.drafts[0].sheet), crossed(state.drafts[1].sheet), crossed(state.sheets[0])]
        assert expected[0] != expected[1]
        await wait_until(lambda: seen() == expected, "each seat's sheet, the watcher Alice's", seen=seen, pause=pause)

        # Phase 3: the seat choosing a village has its range on the river; the watcher's river has none.
        assert state.phase == 3
        rivers = [" ".join(on_screen(app, app.screen.query_one(RiverBoard).content_region)) for app in apps]
        assert all("▾" not in river and "▴" not in river for river in rivers[2:])
        assert any("▾" in river or "▴" in river for river in rivers[:2])
