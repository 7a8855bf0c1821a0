"""The handover at one keyboard: whenever the person at the keyboard may not be the
seat whose secrets the board would show (a new game, a resumed or continued or
loaded save, a return from help), a handover names the seat first, and nothing
private is on any screen, covered ones included, before that seat presses Space
(Enter, the key that ends most turns, never passes it)."""

from __future__ import annotations

import dataclasses
import threading

import pytest
from textual.events import Click

from river_tui.app.river_app import RiverApp
from river_tui.rules.flow.actions import PlaceReservation
from river_tui.rules.flow.board import FACE_INDEX, FACES, LAIR_FACE_IDS
from river_tui.rules.riverside.actions import ChooseDice
from river_tui.rules.riverside.components import COLOURS
from river_tui.rules.we_all_take.components import ALL_ROLES
from river_tui.screens.game_base import GameScreen
from river_tui.screens.handover import HandoverScreen
from river_tui.screens.help import HelpScreen
from river_tui.screens.load import LoadScreen
from river_tui.screens.menu import MenuScreen
from river_tui.play.table import Seat, Table
from support.keyboard import press_ready, stack_text, take_the_keyboard, until_handover
from support.screen_text import on_screen
from support.recap import put_away_recaps, recap_shown, recap_text
from support.waiting import DEADLINE, wait_until, workers_done

GAMES = ("flow", "riverside", "we-all-take")


def flow_secrets(table: Table, seat: int) -> list[str]:
    """The seat's first tile as its preview names it."""
    tile = table.state.hands[seat][0]
    face = FACES[FACE_INDEX[tile]]
    return [f"Tile 1: {'lair ' + face.name if tile in LAIR_FACE_IDS else face.name}, turned 0°"]


def riverside_secrets(table: Table, seat: int) -> list[str]:
    """The boat the seat chose this phase (its status line), when it has chosen."""
    draft = table.state.drafts[seat]
    if draft is None or draft.turn.boat < 0:
        return []
    return [f" on {COLOURS[draft.turn.boat]}: row "]


def we_all_take_secrets(table: Table, seat: int) -> list[str]:
    return [ALL_ROLES[table.state.roles[seat]].name]


SECRETS = {"flow": flow_secrets, "riverside": riverside_secrets, "we-all-take": we_all_take_secrets}


def hot_seat(game: str, kinds=("human", "human")) -> Table:
    """Ann and Bob at one keyboard (and Cy in We All Take, where two players share
    the Steward's role: three are dealt secret ones); in Riverside, Ann has already
    chosen her die (a choice the others may not see before the phase resolves)."""
    options = {"variant": "basic"} if game == "flow" else {}
    if game == "we-all-take":
        kinds = (*kinds, kinds[-1])
    table = Table.create(game, [Seat(name, kind) for name, kind in zip(("Ann", "Bob", "Cy"), kinds)], options, seed=5)
    if game == "riverside":
        table.apply(0, next(a for a in table.legal_actions(0) if isinstance(a, ChooseDice)))
    return table


def assert_nothing_private(app, table: Table) -> None:
    shown = stack_text(app)
    for seat in range(len(table.seats)):
        for secret in SECRETS[table.game.id](table, seat):
            assert secret not in shown, f"{table.seats[seat].name}'s secret {secret!r} is on a screen before Enter"


async def assert_handover_to(app, pilot, table: Table, name: str) -> None:
    """A handover naming ``name``, nothing private anywhere, also after an Enter
    or two (the previous player's key); then Space shows that seat's secrets (so
    the check above could have failed) and no one else's."""
    handover = await until_handover(app, pilot)
    words = str(handover.query_one("#handover").render())
    assert f"Pass the keyboard to {name}." in words
    assert "Press Space when you are ready." in str(handover.query_one("#handover_ready_line").render())
    assert_nothing_private(app, table)
    await pilot.press("enter", "enter")
    await pilot.pause()
    assert app.screen is handover, "Enter passed the handover"
    assert_nothing_private(app, table)
    await press_ready(pilot)
    shown = stack_text(app)  # the board, and the summary of what happened since the seat's last turn
    for seat, seat_name in enumerate(s.name for s in table.seats):
        for secret in SECRETS[table.game.id](table, seat):
            assert (secret in shown) == (seat_name == name), (seat_name, secret)
    await put_away_recaps(pilot)
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.seat_name(screen.viewer) == name


@pytest.mark.parametrize("game", GAMES)
async def test_a_hot_seat_game_opens_on_a_handover_when_started_or_resumed(game):
    """Started, and as `river-tui resume` opens it (the save read back)."""
    table = hot_seat(game)
    for opened in (table, Table.load(table.path)):
        app = RiverApp(opened, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await assert_handover_to(app, pilot, opened, "Ann")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("route", ("continue", "load"))
async def test_continue_and_load_open_on_a_handover_to_the_seat_to_act(game, route):
    table = hot_seat(game)
    if game == "flow":
        table.apply(0, PlaceReservation(16))  # basic Flow: Ann's turn is over, Bob's begins
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c" if route == "continue" else "l")
        if route == "load":
            await workers_done(app, pilot)
            assert isinstance(app.screen, LoadScreen)
            await pilot.press("enter")
        await until_handover(app, pilot)
        opened = app.screen_stack[1].table
        assert opened.log == table.log
        await assert_handover_to(app, pilot, opened, "Bob" if game == "flow" else "Ann")


async def test_left_on_the_handover_screen_a_game_continues_on_it_again():
    """Esc on the handover stays there and says which keys do what (it may be the last
    player's key that closed help a moment before); q goes back to the menu unseen;
    Continue hands over again to the same seat, not to whoever was looking before."""
    table = hot_seat("flow")
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await take_the_keyboard(app, pilot)
        await pilot.press("v")  # Ann reserves the square under the cursor: Bob's turn
        await until_handover(app, pilot)
        assert_nothing_private(app, table)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert "Esc does not pass it: press Space, or q for the menu." in " ".join(stack_text(app).split())
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and len(app.screen_stack) == 1
        assert_nothing_private(app, table)
        await pilot.press("c")
        await assert_handover_to(app, pilot, app.screen_stack[1].table, "Bob")


async def test_q_on_the_handover_goes_back_to_the_menu_and_keeps_the_game():
    table = hot_seat("we-all-take")
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until_handover(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert Table.load(table.path).log == table.log


@pytest.mark.parametrize("game", GAMES)
async def test_one_person_at_the_keyboard_sees_their_own_board_at_once(game):
    table = hot_seat(game, kinds=("human", "greedy"))
    app = RiverApp(Table.load(table.path), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        secrets = SECRETS[game](table, 0)
        assert secrets
        await wait_until(lambda: all(secret in stack_text(app) for secret in secrets), f"Ann's {secrets}",
                         seen=lambda: app.screen_stack, pause=pilot.pause)
        assert not any(isinstance(screen, HandoverScreen) for screen in app.screen_stack)


async def test_back_from_help_a_handover_comes_first_when_the_turn_passed_meanwhile(monkeypatch):
    """Ann opens help while the computer thinks; by the time she closes it, it is
    Bob's turn: the board hid her hand at once, and Bob's comes after a handover."""
    table = Table.create("flow", [Seat("Ann"), Seat("Cy", "greedy"), Seat("Bob")], {"variant": "basic"}, seed=5)
    thinking = threading.Event()
    choose = table.bot_choice
    monkeypatch.setattr(table, "bot_choice", lambda seat, rng: thinking.wait(DEADLINE) and choose(seat, rng))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await take_the_keyboard(app, pilot)
        await pilot.press("v", "question_mark")  # Ann's turn is over; the computer's begins
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        thinking.set()
        await workers_done(app, pilot)
        assert table.to_act() == {2} and isinstance(app.screen, HelpScreen)
        assert_nothing_private(app, table)
        await pilot.press("escape")
        await assert_handover_to(app, pilot, table, "Bob")


async def test_a_terminal_too_small_at_first_hands_over_once_it_is_big_enough():
    """The too-small notice covers the board first: nothing private behind it, and
    the handover comes when the notice goes."""
    from river_tui.screens.too_small import TooSmallScreen

    table = hot_seat("flow")
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(60, 20)) as pilot:
        def covered() -> bool:
            return isinstance(app.screen, TooSmallScreen) and isinstance(app.screen_stack[-2], GameScreen)

        await wait_until(covered, "the notice over the game", seen=lambda: app.screen_stack, pause=pilot.pause)
        assert_nothing_private(app, table)
        await pilot.resize_terminal(120, 40)
        await assert_handover_to(app, pilot, table, "Ann")


@pytest.mark.parametrize("game", ("flow", "riverside", "glassworks"))
async def test_the_next_seat_at_one_keyboard_sees_no_notice_of_the_previous_one(game):
    """Ann's refusal ("Not allowed: ...") goes with Ann: after her move the next
    seat's handover (or, in a game without secrets, the next seat's board) shows
    none of her notices."""
    table = Table.create(game, [Seat("Ann"), Seat("Bob")], {}, seed=5)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        if table.game.hidden_information:
            await take_the_keyboard(app, pilot)
        await put_away_recaps(pilot)
        screen = app.screen
        assert screen.seat_name(screen.viewer) == "Ann"
        screen.notify("Ann's own notice", title="Not allowed", severity="warning")
        await wait_until(lambda: "Ann's own notice" in "\n".join(on_screen(app, app.screen.region)),
                         "Ann's notice on screen", pause=pilot.pause)
        while 0 in table.to_act():
            table.apply(0, table.legal_actions(0)[-1])
        await pilot.pause()
        if table.game.hidden_information:
            await until_handover(app, pilot)
        else:
            assert screen.seat_name(screen.viewer) == "Bob"
        await pilot.pause()
        assert "Ann's own notice" not in "\n".join(on_screen(app, app.screen.region))


async def test_an_extra_enter_at_the_end_of_a_turn_shows_the_next_board_to_nobody():
    """Ann ends her Flow turn with Enter and presses it once more, as a player
    does whose every prompt was Enter: the handover to Bob stays, nothing of
    Bob's on any screen, until Bob presses Space. A double click does not pass
    it either; a click on its "Press Space" line does."""
    table = hot_seat("flow")
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_the_keyboard(app, pilot)
        await put_away_recaps(pilot)
        moves = len(table.log)
        await pilot.press("enter", "enter", "enter")  # Ann places her tile where the cursor is
        await pilot.pause()
        assert len(table.log) == moves + 1 and table.to_act() == {1}
        handover = await until_handover(app, pilot)
        assert_nothing_private(app, table)
        assert "Enter does not pass it: press Space, or q for the menu." in str(
            handover.query_one("#handover_ready_line").render())
        line = handover.query_one("#handover_ready_line")
        line.post_message(Click(line, 1, 1, 0, 0, 1, False, False, False, chain=2))  # a double click's second
        await pilot.pause()
        assert app.screen is handover and app.screen_stack[-2].viewer is None
        await pilot.click("#handover_ready_line")
        await wait_until(lambda: app.screen is not handover, "the handover gone after one click", pause=pilot.pause)
        await put_away_recaps(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.seat_name(screen.viewer) == "Bob"


@pytest.mark.parametrize("game", GAMES)
async def test_the_handover_says_what_happened_and_one_space_gives_the_board(game):
    """The change of player costs one key: the handover to Bob says what happened since
    his last turn (what anyone may see; nothing private), and Space shows his board with
    no box over it to put away; the Recap key still brings the same words back."""
    table = hot_seat(game)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_the_keyboard(app, pilot)
        await put_away_recaps(pilot)
        first = app.screen.viewer
        while first in table.to_act():
            table.apply(first, table.legal_actions(first)[-1])
        await until_handover(app, pilot)
        nxt = app.screen_stack[-2]._next_viewer()
        told = table.recent(nxt, public=True).summary
        assert told, "nothing happened before the next seat's turn: the test shows nothing"
        await pilot.pause()
        words = " ".join(stack_text(app).split())
        assert all(" ".join(line.split()) in words for line in told), (told, words)
        assert_nothing_private(app, table)
        await press_ready(pilot)
        assert not recap_shown(app), "a second key was needed to put the summary away"
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.viewer == nxt
        await pilot.press("a")
        await pilot.pause()
        assert recap_shown(app) and all(line.split(": ", 1)[1] in " ".join(recap_text(app).split()) for line in told)


async def test_a_long_summary_on_the_handover_scrolls_and_every_line_is_read():
    """At 80x24 a summary taller than its room says so and scrolls (↓, End); the keys
    that pass the handover stay in sight all the while."""
    from rich.text import Text
    from textual.app import App

    lines = Text("\n".join(f"Moves: Ann did thing number {n} of the long turn" for n in range(40)))
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HandoverScreen("Bob", lines))
        await pilot.pause()
        await pilot.pause()
        seen = ""
        for _ in range(40):
            shown = on_screen(app, app.screen.region)
            assert "Press Space when you are ready." in "\n".join(shown) and "q: back to the menu." in "\n".join(shown)
            assert "↑↓ PgUp PgDn: read the rest." in "\n".join(shown)
            seen += "\n".join(shown)
            await pilot.press("down")
        assert all(f"Ann did thing number {n} of the long turn" in seen for n in range(40))
        await pilot.press("space")
        await pilot.pause()
        assert not isinstance(app.screen, HandoverScreen)


async def test_words_for_the_next_seat_s_eyes_only_still_come_on_its_board(monkeypatch):
    """The handover shows only what anyone may see; where the seat's own summary says
    more, the box on its board says all of it after Space: nothing is lost."""
    table = hot_seat("flow")
    recent = table.recent
    monkeypatch.setattr(table, "recent", lambda seat, moves=None, public=False: (
        dataclasses.replace(recent(seat, moves), summary=recent(seat, moves).summary + ("Secret: Bob alone sees this",))
        if seat == 1 and not public else recent(seat, moves, public)))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_the_keyboard(app, pilot)
        await put_away_recaps(pilot)
        table.apply(0, PlaceReservation(16))
        await until_handover(app, pilot)
        assert "Bob alone sees this" not in stack_text(app)
        await press_ready(pilot)
        assert recap_shown(app) and "Bob alone sees this" in recap_text(app)
        assert all(line.split(": ", 1)[1] in recap_text(app) for line in recent(1, public=True).summary)
