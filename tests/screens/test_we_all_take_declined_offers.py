"""When a computer seat declines your offer, the screen says why in one sentence (from
the seat's own weighing, `refusals`); a person's decline, and a computer's offer back
(put to you in its box), are not given a reason."""

from __future__ import annotations

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.rules.we_all_take import actions as A
from river_tui.rules.we_all_take.components import TILE_BY_CODE
from river_tui.play.table import Seat, Table

from screens.test_we_all_take_offer_to_you import open_for_ann

NOTHING, FISH = (0, 0, 0, 0, 0), (1, 0, 0, 0, 0)


@pytest.mark.parametrize("bob", ["normal", "human"])
async def test_a_computer_seats_decline_comes_with_its_reason(monkeypatch, bob):
    table = Table.create("we-all-take", [Seat("Ann"), Seat("Bob", bob)], {}, 4, autosave=False)
    for seat, (code, colour) in enumerate((("W1", "Red"), ("E3", "Orange"))):
        table.apply(seat, A.PlaceCamp(TILE_BY_CODE[code], colour))
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_for_ann(app, pilot, table)
        said: list[str] = []
        monkeypatch.setattr(screen, "notify", lambda message, **_: said.append(message))
        table.apply(0, A.Offer(1, NOTHING, FISH))  # Ann asks Bob for a fish, giving nothing
        await pilot.pause()
        table.apply(1, A.DECLINE)
        await pilot.pause()
        reasons = [line for line in said if "declined your offer" in line]
        if bob == "human":
            assert not reasons
        else:
            assert reasons == ["Bob declined your offer: it gives nothing away for nothing, "
                               "and it needs the 1 fish you asked for."]
