"""An offer made to you in We All Take is put to you whole when it arrives: what you
give, what you get, what it does for your role's objectives; y accepts, x declines,
c counters (an offer back, started from theirs turned round), Esc answers later;
Enter answers nothing. What you were in the middle of (the map's cursor, the choice
you picked, which of the map and the list had the keys) is as you left it."""

from __future__ import annotations

from collections import defaultdict

import pytest
from textual.widgets import Static

from river_tui.app.river_app import RiverApp
from river_tui.rules.we_all_take import actions as A
from river_tui.rules.we_all_take.components import AGRICULTURE, ALL_ROLES, CAPITAL, OBJECTIVES, TILE_BY_CODE
from river_tui.rules.we_all_take.state import PendingOffer
from river_tui.play.table import Seat, Table
from river_tui.screens.we_all_take.offer_to_you import OfferToYouScreen
from river_tui.screens.we_all_take.screen import WeAllTakeScreen
from river_tui.screens.we_all_take.trade import TradeScreen
from river_tui.widgets.we_all_take.choice_list import ChoiceList
from river_tui.widgets.we_all_take.hex_map import HexMap

from app.test_every_colour_reads import look_at
from support.cut_words import cut_words
from support.recap import put_away_recaps
from support.screen_text import on_screen
from support.waiting import wait_until

TREE_FOR_FISH = ((0, 1, 0, 0, 0), (1, 0, 0, 0, 0))
"""Bob gives a tree and asks a fish."""


def ann_on_her_turn() -> Table:
    """Ann (at this keyboard) on W1, whose row acts first; Bob (elsewhere) on E3."""
    table = Table.create("we-all-take", [Seat("Ann"), Seat("Bob", "normal")], {}, 4, autosave=False)
    for seat, (code, colour) in enumerate((("W1", "Red"), ("E3", "Orange"))):
        table.apply(seat, A.PlaceCamp(TILE_BY_CODE[code], colour))
    assert table.to_act() == {0}
    return table


async def open_for_ann(app, pilot, table: Table) -> WeAllTakeScreen:
    screen = WeAllTakeScreen(table, local_seats={0}, drives_bots=False)  # Bob moves when the test says
    await app.push_screen(screen)
    await pilot.pause()
    await put_away_recaps(pilot)
    return screen


async def bob_offers(pilot, table: Table, give_get=TREE_FOR_FISH) -> OfferToYouScreen:
    table.apply(1, A.Offer(0, *give_get))
    await pilot.pause()
    await pilot.pause()
    asked = pilot.app.screen
    assert isinstance(asked, OfferToYouScreen), f"no offer put to Ann: {asked}"
    # Its words are read once the box is laid out around them (a moment later under load).
    await wait_until(lambda: "does not answer" in text_of(pilot.app), "the offer box's last line",
                     seen=lambda: text_of(pilot.app), pause=pilot.pause)
    return asked


def text_of(app) -> str:
    """What the box on top shows (the offer, the trade form) and its keys: the board
    around it shows through, dimmed, and is not its words."""
    return "\n".join(line.rstrip() for part in app.screen.children for line in on_screen(app, part.region))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_an_offer_arriving_mid_choice_is_put_whole_and_enter_answers_nothing(size):
    table = ann_on_her_turn()
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=size) as pilot:
        screen = await open_for_ann(app, pilot, table)
        hex_map, box = screen.query_one(HexMap), screen.query_one(ChoiceList)
        await pilot.press("enter", "n")  # Ann picks the second thing to do on her camp's hex
        picked, cursor = box.current(), hex_map.cursor
        assert box.picked and app.focused is hex_map
        before = [list(stock) for stock in table.state.stock]
        await bob_offers(pilot, table)
        shown = text_of(app)
        for words in ("Bob offers you a trade", "You give  1 ∝ fish", "You get   1 ♣ tree",
                      "If you accept, for your role", "y accept", "x decline", "c counter", "Esc later"):
            assert words in shown, f"{words!r} not on the screen:\n{shown}"
        assert cut_words(app) == []
        moves = len(table.log)
        await pilot.press("enter", "enter", "d", "n")  # keys meant for the board answer nothing
        assert isinstance(app.screen, OfferToYouScreen) and len(table.log) == moves
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is screen and table.state.offers == ()
        assert table.state.stock[0][0] == before[0][0] - 1 and table.state.stock[0][1] == before[0][1] + 1
        # Ann's board is as she left it: her cursor, her picked choice, the map's keys.
        assert hex_map.cursor == cursor and app.focused is hex_map
        assert box.current().action == picked.action and box.picked


async def test_what_the_trade_does_for_your_role_comes_from_your_own_objectives():
    """Bob offers Ann, a Grocer, a gold for nothing: her Capital objective (more gold
    than any other player) becomes met; the box says so from her role only."""
    table = ann_on_her_turn()
    grocer = next(role for role in ALL_ROLES if role.objectives == (AGRICULTURE, CAPITAL))
    table.state.roles[0] = grocer.id  # her card (the seat's role, as a deal might give it)
    table.state.stock[1][4] = 1  # Bob holds a gold
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_for_ann(app, pilot, table)
        asked = await bob_offers(pilot, table, ((0, 0, 0, 0, 1), (0, 0, 0, 0, 0)))
        shown = text_of(app)
        assert "Bob offers you a gift" in shown and "You give  nothing" in shown
        shown = " ".join(" ".join(line.strip(" ┃").split()) for line in shown.splitlines())  # wrapped lines joined
        assert "If you accept, for your role (Grocer):" in shown
        assert "Agriculture: unchanged, 1 fish stockpiled, 15 needed" in shown
        assert "Capital: 0 gold, the richest other player 1 → 1 gold, the richest other player 0 (becomes met)" in shown
        assert asked.seat == 0


async def test_q_under_the_box_says_to_press_esc_first(monkeypatch):
    """q (leave the table, or the game) is the board's key: under the box it says what
    to do first, and the offer stays put to you."""
    table = ann_on_her_turn()
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_for_ann(app, pilot, table)
        asked = await bob_offers(pilot, table)
        said: list[str] = []
        monkeypatch.setattr(asked, "notify", lambda message, **_: said.append(message))
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is asked and table.state.offers != ()
        assert said == ["Esc first (the offer waits for your answer in the list), then q."]


async def test_x_declines_and_esc_leaves_the_answer_to_the_list():
    table = ann_on_her_turn()
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_for_ann(app, pilot, table)
        await bob_offers(pilot, table)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and table.state.offers != ()  # still waiting: the list answers it
        assert any(isinstance(c.action, A.Decline) for c in screen.query_one(ChoiceList).choices)
        table.apply(0, A.Decline())  # answered (as from the list); Bob offers again
        await pilot.pause()
        await bob_offers(pilot, table)
        await pilot.press("x")
        await pilot.pause()
        assert app.screen is screen and table.state.offers == ()
        assert isinstance(table.log[-1][1], A.Decline) and table.log[-1][0] == 0


async def test_c_counters_from_their_offer_turned_round():
    table = ann_on_her_turn()
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_for_ann(app, pilot, table)
        await bob_offers(pilot, table)
        await pilot.press("c")
        await pilot.pause()
        trade = app.screen
        assert isinstance(trade, TradeScreen) and trade.to == 1
        assert trade.counts == [[1, 0, 0, 0, 0], [0, 1, 0, 0, 0]]  # a fish for a tree, as Bob asked
        assert "Counter Bob's offer" in text_of(app)
        await pilot.press("down", "down", "right", "minus", "enter")  # Ann asks no tree: her fish as a gift
        await pilot.pause()
        # Her offer back declined Bob's, and waits for his answer.
        assert table.state.offers == (PendingOffer(0, 1, (1, 0, 0, 0, 0), (0, 0, 0, 0, 0)),)
        assert isinstance(table.log[-1][1], A.Offer)


async def test_an_offer_answered_elsewhere_closes_its_box_and_says_so(monkeypatch):
    table = ann_on_her_turn()
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_for_ann(app, pilot, table)
        said: list[str] = []
        await bob_offers(pilot, table)
        monkeypatch.setattr(screen, "notify", lambda message, **_: said.append(message))
        table.apply(0, A.Decline())  # answered elsewhere (Ann's other session at a server table)
        await pilot.pause()
        assert app.screen is screen
        assert "Bob's offer is no longer waiting for your answer." in said


async def test_every_colour_of_the_offer_and_the_counter_form_reads():
    table = ann_on_her_turn()
    app = RiverApp(bot_delay=0)
    found: dict = defaultdict(set)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_for_ann(app, pilot, table)
        await bob_offers(pilot, table)
        await look_at(pilot, "the offer put to Ann", "we-all-take", found)
        await pilot.press("c")
        await pilot.pause()
        await look_at(pilot, "Ann's counter", "we-all-take", found)
    assert not found, dict(found)


async def test_the_trade_form_says_what_your_offer_is_and_would_do_for_your_role_if_accepted():
    table = ann_on_her_turn()
    role = ALL_ROLES[table.state.roles[0]]
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_for_ann(app, pilot, table)
        await pilot.press("t")
        await pilot.pause()
        assert "If they accept" not in text_of(app)  # nothing offered yet
        assert "asking nothing makes it a gift" in text_of(app)
        await pilot.press("down", "plus")  # a fish, asking nothing: a gift, said so
        await pilot.pause()
        assert "A gift to Bob of 1 fish: they accept or decline it." in text_of(app)
        await pilot.press("right", "down", "plus")  # a fish for a tree: what the offer is, no word of gifts
        await pilot.pause()
        shown = text_of(app)
        assert "You offer Bob 1 fish for 1 tree." in shown and "gift" not in shown
        assert f"If they accept, for your role ({role.name}):" in shown
        for objective in role.objectives:
            assert OBJECTIVES[objective] in shown
        assert cut_words(app) == []


async def test_an_offer_arriving_under_the_trade_form_is_said_and_shown_once_it_closes(monkeypatch):
    """Ann is composing an offer when Bob's arrives: her form stays as she made it, one
    line says Bob's offer waits (and that an offer to Bob would decline it); it is put
    to her when she closes the form."""
    table = ann_on_her_turn()
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_for_ann(app, pilot, table)
        await pilot.press("t", "down", "plus")
        await pilot.pause()
        trade = app.screen
        assert isinstance(trade, TradeScreen)
        said: list[str] = []
        monkeypatch.setattr(screen, "notify", lambda message, **_: said.append(message))
        table.apply(1, A.Offer(0, *TREE_FOR_FISH))
        await pilot.pause()
        assert app.screen is trade and trade.counts[0][0] == 1  # her half-made offer, as it was
        assert said == ["Bob offers you a trade: it is shown when this form closes (an offer to Bob now declines theirs)."]
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, OfferToYouScreen) and app.screen.offer.by == 1


async def test_the_box_is_drawn_again_only_when_what_it_says_changes(monkeypatch):
    """The box follows the position while the others trade, but a move that changes
    nothing it says (Cy's gift to Bob) neither redraws it nor tells its footer (a redraw
    lays the box out: at a server table, on every waiting seat's screen at every move). Bob's gold growing changes Ann's Capital line: that is drawn."""
    table = Table.create("we-all-take", [Seat("Ann"), Seat("Bob", "normal"), Seat("Cy", "normal")], {}, 1,
                         autosave=False)  # fmt: skip
    for seat, (code, colour) in enumerate((("W1", "Red"), ("E3", "Orange"), ("E1", "Blue"))):
        table.apply(seat, A.PlaceCamp(TILE_BY_CODE[code], colour))
    grocer = next(role for role in ALL_ROLES if role.objectives == (AGRICULTURE, CAPITAL))
    table.state.roles[0] = grocer.id
    table.state.stock[1][4] = table.state.stock[2][4] = 1  # Bob and Cy hold a gold each
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_for_ann(app, pilot, table)
        asked = await bob_offers(pilot, table)
        await pilot.pause()
        drawn, told = [], []
        text = asked.query_one("#offer-text")
        monkeypatch.setattr(text, "update", lambda content: (drawn.append(content), Static.update(text, content)))
        refresh_bindings = asked.refresh_bindings
        monkeypatch.setattr(asked, "refresh_bindings", lambda: told.append(1) or refresh_bindings())
        table.apply(2, A.Offer(1, (0, 0, 0, 0, 1), (0, 0, 0, 0, 0)))  # Cy offers Bob a gold
        await pilot.pause()
        await pilot.pause()
        assert app.screen is asked and (drawn, told) == ([], [])
        table.apply(1, A.ACCEPT)  # Bob takes it: 2 gold
        await pilot.pause()
        await pilot.pause()
        assert app.screen is asked and len(drawn) == 1 and told == []
        shown = " ".join(" ".join(line.strip(" ┃").split()) for line in text_of(app).splitlines())
        assert "Capital: unchanged, 0 gold, the richest other player 2" in shown, shown


def test_what_an_offer_changes_for_your_role_says_alike_words_once():
    """The box at 80 columns: "Agriculture: 1 → 0 fish stockpiled, 15 needed" in one
    line, not "1 fish stockpiled, 15 needed → 0 fish stockpiled, 15 needed" in two."""
    from river_tui.screens.we_all_take.offer_to_you import changed

    assert changed("1 fish stockpiled, 15 needed", "0 fish stockpiled, 15 needed") == "1 → 0 fish stockpiled, 15 needed"
    assert changed("site holds 1 fish, 0 trees, 0 gravel", "site holds 0 fish, 0 trees, 0 gravel") == (
        "site holds 1 → 0 fish, 0 trees, 0 gravel")
    assert changed("no city", "city complete") == "no city → city complete"
    assert changed("0 gold, the richest other player 1", "1 gold, the richest other player 0") == (
        "0 gold, the richest other player 1 → 1 gold, the richest other player 0")
