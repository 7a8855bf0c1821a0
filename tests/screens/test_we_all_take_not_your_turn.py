"""We All Take while another seat acts: what is listed then is the trade form alone,
and a stray Enter (on the list or the map) or n neither picks it nor opens the form;
one line says whose turn it is and what may be done now (t trades)."""

from __future__ import annotations

from river_tui.app.river_app import RiverApp
from river_tui.rules.we_all_take import actions as A
from river_tui.rules.we_all_take.components import TILE_BY_CODE
from river_tui.play.table import Seat, Table
from river_tui.screens.we_all_take.screen import WeAllTakeScreen
from river_tui.screens.we_all_take.trade import TradeScreen
from river_tui.widgets.we_all_take.choice_list import ChoiceList
from river_tui.widgets.we_all_take.choices import OpenTrade

from support.recap import put_away_recaps


def bob_acts_first() -> Table:
    """Ann (at this keyboard) on E3, Bob (elsewhere: a computer seat thinking) on W1,
    whose row acts first."""
    table = Table.create("we-all-take", [Seat("Ann"), Seat("Bob", "normal")], {}, 4, autosave=False)
    for seat, (code, colour) in enumerate((("E3", "Red"), ("W1", "Orange"))):
        table.apply(seat, A.PlaceCamp(TILE_BY_CODE[code], colour))
    assert table.to_act() == {1}
    return table


def told(screen, monkeypatch) -> list[str]:
    said: list[str] = []
    monkeypatch.setattr(screen, "notify", lambda message, **_: said.append(message))
    return said


async def test_stray_enters_while_another_seat_acts_open_nothing_and_say_whose_turn(monkeypatch):
    table = bob_acts_first()
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = WeAllTakeScreen(table, local_seats={0}, drives_bots=False)  # Bob's move does not come
        await app.push_screen(screen)
        await pilot.pause()
        await put_away_recaps(pilot)
        box = screen.query_one(ChoiceList)
        assert [type(c.action) for c in box.choices] == [OpenTrade]
        said = told(screen, monkeypatch)
        moves = len(table.log)
        for keys in (("enter", "enter"), ("tab", "enter", "enter", "enter"), ("n",)):
            await pilot.press(*keys)
            await pilot.pause()
            assert app.screen is screen, f"{keys} opened {app.screen}"
            assert not box.picked
        assert len(table.log) == moves
        line = "Not your turn: Bob to act. You may trade or give at any time: t."
        assert said and set(said) == {line}
        # The form is a deliberate key away.
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TradeScreen)


async def test_on_your_turn_the_same_enter_picks_as_ever():
    table = bob_acts_first()
    table.apply(1, A.Done())  # Bob's camp on W1 ends its turn; Ann's row comes later
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = WeAllTakeScreen(table, local_seats={0}, drives_bots=False)
        await app.push_screen(screen)
        await pilot.pause()
        while 0 not in table.to_act():
            table.apply(1, A.Done())
            await pilot.pause()
        await put_away_recaps(pilot)
        box = screen.query_one(ChoiceList)
        box.focus()
        await pilot.press("enter")
        assert box.picked
