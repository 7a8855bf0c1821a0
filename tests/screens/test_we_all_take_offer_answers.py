"""Standing answers to offers, set from We All Take's screen (o) and kept in the config:
"decline offers from computer seats" and "decline every offer"."""

from __future__ import annotations

import json

from river_tui.app.river_app import RiverApp
from river_tui.screens.we_all_take.offer_answers import (
    ASK, DECLINE_COMPUTER, DECLINE_EVERY, answer_for, answers_path, load_answers, set_answer,
)
from river_tui.rules.we_all_take import actions as A
from river_tui.rules.we_all_take.components import TILE_BY_CODE
from river_tui.screens.handover import HandoverScreen
from river_tui.screens.we_all_take.offer_to_you import OfferToYouScreen
from river_tui.screens.we_all_take.screen import WeAllTakeScreen
from river_tui.play.table import Seat, Table

from support.keyboard import press_ready
from support.recap import put_away_recaps
from support.waiting import wait_until

TREE_FOR_FISH = ((0, 1, 0, 0, 0), (1, 0, 0, 0, 0))


def table_with_camps(kinds: tuple[str, ...], camps: tuple[str, ...]) -> Table:
    names = ("Ann", "Bob", "Cy")[: len(kinds)]
    table = Table.create("we-all-take", [Seat(n, k) for n, k in zip(names, kinds)], {}, 4, autosave=False)
    for seat, (code, colour) in enumerate(zip(camps, ("Red", "Orange", "Yellow"))):
        table.apply(seat, A.PlaceCamp(TILE_BY_CODE[code], colour))
    return table


async def wait_for(pilot, check, what: str) -> None:
    """Wait (passing any handover on, putting away what happened since a seat's
    last turn) until ``check()`` holds."""

    async def pause() -> None:
        if isinstance(pilot.app.screen, HandoverScreen):
            await press_ready(pilot)
        await put_away_recaps(pilot)

    await wait_until(check, what, seen=lambda: pilot.app.screen, pause=pause)


async def pass_handovers(app, pilot) -> None:
    while isinstance(app.screen, HandoverScreen):
        await press_ready(pilot)
        await put_away_recaps(pilot)


async def test_o_steps_through_the_standing_answers_and_keeps_them_in_the_config():
    table = table_with_camps(("human", "human", "human"), ("W1", "E2", "W3"))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WeAllTakeScreen) and app.screen.viewer == 0, "Ann's turn")
        assert answer_for("Ann") == ASK
        await pilot.press("o")
        await wait_for(pilot, lambda: answer_for("Ann") == DECLINE_COMPUTER, "Ann declining computer offers")
        await pilot.press("o")
        await wait_for(pilot, lambda: answer_for("Ann") == DECLINE_EVERY, "Ann declining every offer")
        assert json.loads(answers_path().read_text()) == {"decline": {"Ann": DECLINE_EVERY}}
        # Ann ends her turn; Bob, to act, offers her a tree for a fish: declined unasked.
        await pilot.press("d")
        await pilot.pause()
        await pass_handovers(app, pilot)
        assert 1 in table.to_act()
        table.apply(1, A.Offer(0, *TREE_FOR_FISH))
        await wait_for(pilot, lambda: table.state.offers == (), "the offer declined")
        assert isinstance(table.log[-1][1], A.Decline) and table.log[-1][0] == 0
        assert "Ann declined Bob's offer of 1 tree for 1 fish" in table.lines
        # The key sets the answer of the player looking at the screen: Bob now.
        assert app.screen.viewer == 1
        await pilot.press("o")
        await wait_for(pilot, lambda: answer_for("Bob") == DECLINE_COMPUTER, "Bob declining computer offers")
        assert json.loads(answers_path().read_text()) == {"decline": {"Ann": DECLINE_EVERY, "Bob": DECLINE_COMPUTER}}
        set_answer("Ann", ASK)  # back to being asked
        assert json.loads(answers_path().read_text()) == {"decline": {"Bob": DECLINE_COMPUTER}}


async def test_declining_offers_from_computer_seats_leaves_a_persons_offer_to_answer():
    table = table_with_camps(("human", "human", "human"), ("E1", "W1", "W3"))  # Bob on W1 acts first
    set_answer("Ann", DECLINE_COMPUTER)
    table.apply(1, A.Offer(0, *TREE_FOR_FISH))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pass_handovers(app, pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, OfferToYouScreen) and app.screen.seat == 0,
                       "Ann asked about Bob's offer")
        assert table.state.offers != () and 0 in table.to_act()  # Bob plays on meanwhile
        await pilot.press("escape")  # answered later: the status line still asks
        assert "answer Bob's offer" in app.screen.prompt()


async def test_an_offer_from_a_computer_seat_is_declined_for_a_player_who_said_so():
    table = table_with_camps(("human", "easy"), ("E1", "W1"))  # the computer's camp on W1 acts first
    set_answer("Ann", DECLINE_COMPUTER)
    table.apply(1, A.Offer(0, *TREE_FOR_FISH))  # as the computer seat might
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: any(isinstance(a, A.Decline) for _, a in table.log), "the offer declined")
        assert next(seat for seat, a in table.log if isinstance(a, A.Decline)) == 0
        assert "Ann declined Bob's offer of 1 tree for 1 fish" in table.lines


def test_a_settings_file_that_is_not_ours_is_one_sentence_and_everyone_is_asked():
    answers_path().parent.mkdir(parents=True, exist_ok=True)
    for raw in (b"\xff\xfe", b"[1, 2]", b'{"decline": {"Ann": "sometimes"}}', b"{" * 100_000):
        answers_path().write_bytes(raw)
        answers, problem = load_answers()
        assert answers == {} and problem is not None and str(answers_path()) in problem
        assert answer_for("Ann") == ASK
    answers_path().write_text('{"decline": {"Ann": "every", "Bob": 3}}')
    assert load_answers() == ({"Ann": DECLINE_EVERY}, f"Some entries of {answers_path()} were not understood and were left out.")
