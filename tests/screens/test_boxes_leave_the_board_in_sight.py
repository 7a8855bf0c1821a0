"""A box over a game (the trade form, an offer, help) leaves the board around it in
sight, dimmed, as each box's style asks; only the handover, which hides a seat's
secrets from the next player, covers it whole. (The app's own style gave every
screen, boxes too, an opaque background: the trade form blanked the whole board.)"""

from __future__ import annotations

import random

from river_tui.app.river_app import RiverApp
from river_tui.play.table import Seat, Table
from river_tui.screens.handover import HandoverScreen
from river_tui.screens.we_all_take.trade import TradeScreen
from support.keyboard import until_handover
from support.recap import put_away_recaps
from support.screen_text import screen_lines
from support.waiting import wait_until

ON_THE_MAP = "W1 9"
"""The top-left land hex as the map draws it (its code and elevation)."""


def shown(app) -> str:
    return "\n".join(strip.text for strip in screen_lines(app))


def camps_placed(seats: list[Seat]) -> Table:
    """A three-seat game past its camps, the first seat to act."""
    table = Table.create("we-all-take", seats, {}, 3, autosave=False)
    rng = random.Random(3)
    while table.state.phase == "camps" or 0 not in table.to_act():
        seat = min(table.to_act())
        table.apply(seat, rng.choice([a for a in table.legal_actions(seat) if type(a).__name__ != "Offer"]))
    return table


async def test_the_trade_form_leaves_the_map_in_sight():
    table = camps_placed([Seat("Ann"), Seat("Bo", "random"), Seat("Cy", "random")])
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await put_away_recaps(pilot)
        assert ON_THE_MAP in shown(app)
        await pilot.press("t")
        await wait_until(lambda: isinstance(app.screen, TradeScreen), "the trade form", pause=pilot.pause)
        await pilot.pause()
        text = shown(app)
        assert "Trade or give" in text and ON_THE_MAP in text


async def test_the_handover_still_hides_the_board():
    table = camps_placed([Seat("Ann"), Seat("Bo"), Seat("Cy", "random")])
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until_handover(app, pilot)
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert ON_THE_MAP not in shown(app)
