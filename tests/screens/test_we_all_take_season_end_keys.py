"""We All Take: the season's end takes a d for each of its steps (the exchange, the
policies, the vote, the city's site); each d says what it ended and what is next,
yours to do or whose it is (newcomers pressed d several times not knowing what each
press ended)."""

from __future__ import annotations

from river_tui.app.river_app import RiverApp
from river_tui.rules.we_all_take.narration import round_label

from screens.test_we_all_take_keys import city_proposable
from screens.test_we_all_take_screen import solo_until


def said(app) -> list[str]:
    return [notice.message for notice in app.notices_on_show]


async def press_d(table) -> tuple[list[str], str]:
    """d at the table's position: what was said, and the round it led to."""
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        return said(app), round_label(table.state)


async def test_d_at_the_exchange_says_it_is_done_and_what_comes_next():
    words, now = await press_d(solo_until(3, lambda t: t.state.phase == "exchange" and 0 in t.to_act()))
    assert f"Exchange done. Next: {now}, you to act." in words


async def test_d_at_the_policies_says_none_was_proposed_and_what_comes_next():
    words, now = await press_d(solo_until(3, city_proposable))
    assert (f"No policy proposed by you. Next: {now}, you to act." in words
            or "No policy proposed by you. Now you add fish, trees or gravel to the city site, or d when done." in words)


async def test_at_one_keyboard_what_d_ended_is_not_said_over_the_next_players_handover():
    """Ann's d at the exchange passes the keyboard to Bob: the handover says nothing
    of hers (notices go with their seat)."""
    import random

    from river_tui.play.table import Seat, Table
    from river_tui.rules.we_all_take import actions as A
    from support.keyboard import take_the_keyboard, until_handover
    from support.recap import put_away_recaps
    from support.screen_text import on_screen

    table = Table.create("we-all-take", [Seat("Ann"), Seat("Bob")], {}, 5, autosave=False)
    rng = random.Random(5)
    while not (table.state.phase == "exchange" and table.to_act() == {0, 1}):
        seat = min(table.to_act())
        table.apply(seat, rng.choice([a for a in table.legal_actions(seat) if not isinstance(a, A.Offer)]))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await take_the_keyboard(app, pilot)
        await put_away_recaps(pilot)
        assert app.screen.seat_name(app.screen.viewer) == "Ann"
        await pilot.press("d")
        await until_handover(app, pilot)
        await pilot.pause()
        assert "Exchange done" not in "\n".join(on_screen(app, app.screen.region))
