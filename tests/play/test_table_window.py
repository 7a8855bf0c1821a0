"""The written table contract (river_tui/play/window.py): the three tables a game
screen may hold each implement `TableWindow` themselves, with the capabilities
only some of them have, and a server window that loses its seat tells its screen
through the screen's own method."""

from __future__ import annotations

import pytest

from river_tui.net.auth import Identity
from river_tui.net.remote_app import RemoteApp
from river_tui.net.tables import TableRegistry
from river_tui.play.replay import Replay, TableAtPosition
from river_tui.screens.game_base import GameScreen
from river_tui.play.table import Seat, Table
from river_tui.play.window import TableWindow
from support.toygame import Step
from support.waiting import wait_until

ANN = Identity("ann", "SHA256:ann", "127.0.0.1")


class OtherApp:
    """Another session's app (only told things, never run)."""

    def call_later(self, callback, *args) -> None:
        pass

    def notify(self, *args, **kwargs) -> None:
        pass


def toy_table() -> Table:
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3, autosave=False)
    table.apply(0, Step(2))
    return table


@pytest.fixture
async def registry(river_home):
    registry = TableRegistry(river_home / "serve")
    yield registry
    await registry.close()


def three_tables(registry) -> dict[str, TableWindow]:
    shared = registry.create(ANN, "toy", seats=2, bots=0, variant=None)
    return {
        "at one keyboard": toy_table(),
        "a server's window": registry.join(shared, OtherApp(), ANN),
        "a replay's position": TableAtPosition(Replay(toy_table(), position=1)),
    }


async def test_each_table_a_screen_may_hold_implements_the_contract_itself(registry):
    for kind, table in three_tables(registry).items():
        assert isinstance(table, TableWindow), kind
        assert not any("__getattr__" in vars(cls) for cls in type(table).__mro__), f"{kind} forwards unknown names"


async def test_the_capabilities_are_there_only_where_the_table_has_them(registry):
    tables = three_tables(registry)
    local, window, position = tables.values()
    assert (local.presence, local.chat, local.stand_ins, local.replay) == (None, None, None, None)
    assert window.presence is not None and window.chat is not None and window.stand_ins is not None
    assert window.replay is None
    assert (position.presence, position.chat, position.stand_ins) == (None, None, None)
    assert position.replay is not None and position.replay.position == 1


async def test_a_lost_seat_reaches_the_screen_through_its_method(registry, monkeypatch):
    told = []
    seat_lost = GameScreen.seat_lost

    def spy(screen: GameScreen) -> None:
        told.append(screen)
        seat_lost(screen)

    monkeypatch.setattr(GameScreen, "seat_lost", spy)
    shared = registry.create(ANN, "glassworks", seats=2, bots=0, variant=None, seed=1)
    app = RemoteApp(ANN, registry)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        at_table = lambda: isinstance(app.screen, GameScreen)  # noqa: E731
        await wait_until(at_table, "Ann at the table", seen=lambda: app.screen, pause=pilot.pause)
        screen = app.screen
        window = screen.table
        assert (screen.served, screen.watching, screen.local_seats, window.seat) == (True, False, {0}, 0)
        registry.join(shared, OtherApp(), ANN)  # Ann again, from a newer session: it takes the seat
        assert told == [screen]
        assert (screen.watching, screen.local_seats, screen.viewer, window.seat) == (True, set(), None, None)
        await pilot.press("q")  # back to the lobby: the screen stops listening
        await wait_until(lambda: not isinstance(app.screen, GameScreen), "the lobby", pause=pilot.pause)
        assert window.presence.seat_lost == []
