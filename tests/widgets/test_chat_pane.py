"""The chat pane and its keys, seen from one player's screen (Pilot): lines from the
others as they come, notices while the pane is hidden, the watchers' lines hidden
on request, names in their camp's colour, whispers written as whispers. A game at
one keyboard has none of it."""

from __future__ import annotations

from rich.style import Style

from river_tui.app.river_app import RiverApp
from river_tui.net.auth import Identity
from river_tui.net.remote_app import RemoteApp
from river_tui.net.tables import TableRegistry
from river_tui.rules.we_all_take.actions import PlaceCamp
from river_tui.rules.we_all_take.components import TILE_BY_CODE
from river_tui.screens.chat_input import ChatInputScreen
from river_tui.screens.game_base import GameScreen
from river_tui.play.table import Seat, Table
from river_tui.widgets.chat_pane import ChatPane
from river_tui.widgets.palette import ink
from support.recap import put_away_recaps
from support.waiting import wait_until

ANN = Identity("ann", "SHA256:ann", "127.0.0.1")
BOB = Identity("bob", "SHA256:bob", "127.0.0.1")
GUEST = Identity("guest-rail", None, "127.0.0.1")


class OtherApp:
    """Another session's app, for the windows of the other people at the table."""

    def call_later(self, callback, *args) -> None:
        pass


def pane_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen.query_one(ChatPane).lines)


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_a_game_at_one_keyboard_has_no_chat():
    app = RiverApp(Table.create("glassworks", [Seat("Ann")], {}, 1, autosave=False), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and not screen.query(ChatPane)
        assert not any(b.binding.action in GameScreen.CHAT_ACTIONS for b in screen.active_bindings.values() if b.enabled)
        await pilot.press("c", "C", "W")
        await pilot.pause()
        assert app.screen is screen and notices(app) == []


async def test_lines_come_to_the_pane_or_as_notices_and_watchers_lines_may_be_hidden(river_home):
    registry = TableRegistry(river_home / "serve")
    clock = [0.0]
    registry.chat_rates.clock = lambda: clock[0]
    shared = registry.create(ANN, "we-all-take", seats=2, bots=0, variant="tutorial", seed=5)
    bob = registry.join(shared, OtherApp(), BOB)
    rail = registry.watch(shared, OtherApp(), GUEST)
    for window in (bob, rail):
        window.listeners.append(print)  # each is looking at the table (their screen's listener)
    shared.table.apply(0, PlaceCamp(TILE_BY_CODE["W1"], "Red"))
    shared.table.apply(1, PlaceCamp(TILE_BY_CODE["E3"], "Blue"))
    app = RemoteApp(ANN, registry)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        at_table = lambda: any(isinstance(s, GameScreen) for s in app.screen_stack)  # noqa: E731
        await wait_until(at_table, "Ann at the table", seen=lambda: app.screen, pause=pilot.pause)
        await put_away_recaps(pilot)
        pane = app.screen.query_one(ChatPane)
        assert bob.chat.say("hello ann") is None
        await wait_until(lambda: "bob: hello ann" in pane_text(app), "bob's line", seen=lambda: pane_text(app),
                         pause=pilot.pause)
        assert pane.line_text(shared.chat.lines[-1]).spans[0].style.color == Style(color=ink("blue")).color

        await pilot.press("C")  # the pane hidden: the next line comes as a notice
        clock[0] += 1
        assert bob.chat.say("are you there?") is None
        await wait_until(lambda: "bob: are you there?" in notices(app), "a notice", seen=lambda: notices(app),
                         pause=pilot.pause)
        await pilot.press("C")
        assert pane.display and "bob: are you there?" in " ".join(pane_text(app).split())  # (wrapped at the pane's width)

        await pilot.press("W")  # the watchers' lines hidden, past and future
        assert rail.chat.say("from the rail") is None
        await pilot.pause()
        assert "from the rail" not in pane_text(app)
        await pilot.press("W")
        await pilot.pause()
        assert "guest-rail (watching): from the rail" in pane_text(app)

        await pilot.press("c")  # a whisper from Ann, written as one
        await wait_until(lambda: isinstance(app.screen, ChatInputScreen), "the chat line", pause=pilot.pause)
        app.screen.query_one("#chat-line").value = "@Bob deal?"
        await pilot.pause()
        assert str(app.screen.query_one("#chat-to").render()) == "Whisper to bob:"
        await pilot.press("enter")
        await wait_until(lambda: "ann whispers to bob: deal?" in pane_text(app), "Ann's whisper",
                         seen=lambda: pane_text(app), pause=pilot.pause)
        assert shared.chat.lines[-1].to == 1 and not isinstance(app.screen, ChatInputScreen)

        clock[0] += 1  # a line too long for half the width is wrapped; with the log hidden, it is not
        words = "a long line about the levee, the farms upstream and who pays"
        assert bob.chat.say(words) is None
        await wait_until(lambda: "pays" in pane_text(app), "bob's long line", pause=pilot.pause)
        assert f"now bob: {words}" not in pane_text(app).splitlines()
        await pilot.press("L")
        await wait_until(lambda: f"now bob: {words}" in pane_text(app).splitlines(), "the line rewrapped",
                         seen=lambda: pane_text(app), pause=pilot.pause)
    await registry.close()
