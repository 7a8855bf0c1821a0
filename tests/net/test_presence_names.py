"""One name per person: a seat taken after others opened the table bears its
player's name at once on every screen there (status, log, panels)."""

from __future__ import annotations

import pytest

from river_tui.net.auth import Identity
from river_tui.rules.we_all_take.actions import PlaceCamp
from river_tui.rules.we_all_take.components import TILE_BY_CODE

from river_tui.widgets.presence_line import PresenceLine
from river_tui.widgets.status_bar import StatusBar

from support.net.sshclient import connect
from .test_tables import new_table, playable, river, sit  # noqa: F401 (fixtures)
from support.waiting import wait_until


async def test_a_seat_taken_later_is_named_at_once_on_every_screen(river, keys):
    registry, port = await river()
    alice = await connect(port, "alice", keys["alice"])
    await new_table(alice)
    alice.type("1")
    await alice.rec.wait_for("Waiting for Seat 2.")
    carol = await connect(port, "carol", keys["carol"])
    await carol.rec.wait_for("Seat 2 (free)")
    carol.type("w")
    await carol.rec.wait_for("Waiting for Seat 2.")
    marks = alice.mark(), carol.mark()
    bob = await connect(port, "bob", keys["bob"])
    await sit(bob, "Seat 2 (free)")
    for client, mark in zip((alice, carol), marks):
        await client.rec.wait_for("Waiting for bob.", since=mark)
    assert registry.tables[1].table.lines == ["alice paddled 1"]
    mark = bob.mark()
    bob.type("2")
    await alice.rec.wait_for("bob paddled 2")
    assert "Seat 2" not in bob.rec.text(mark)
    for client in (alice, bob, carol):
        await client.close()


async def test_we_all_take_panels_name_the_player_who_sat_down(river, keys):
    registry, port = await river()
    alice_id = Identity("alice", keys["alice"].get_fingerprint(), "127.0.0.1")
    registry.create(alice_id, "we-all-take", seats=3, bots=0, variant=None, seed=3)
    alice = await connect(port, "alice", keys["alice"], size=(120, 40))
    await alice.rec.wait_for("alice (you)")
    alice.type("\r")
    await alice.rec.wait_for("Seat 3")
    mark = alice.mark()
    bob = await connect(port, "bob", keys["bob"])
    await bob.rec.wait_for("Seat 2 (free)")
    bob.type("\r")
    await alice.rec.wait_for("bob", since=mark)
    await bob.rec.wait_for("Seat 3")
    assert [seat.name for seat in registry.tables[1].table.seats] == ["alice", "bob", "Seat 3"]
    for client in (alice, bob):
        await client.close()


async def test_an_open_trade_dialog_names_the_player_who_sat_down(river, keys):
    registry, port = await river()
    alice_id = Identity("alice", keys["alice"].get_fingerprint(), "127.0.0.1")
    shared = registry.create(alice_id, "we-all-take", seats=3, bots=0, variant="tutorial", seed=5)
    alice = await connect(port, "alice", keys["alice"], size=(120, 40))
    await alice.rec.wait_for("alice (you)")
    alice.type("\r")
    await alice.rec.wait_for("Seat 3")
    carol = await connect(port, "carol", keys["carol"], size=(120, 40))
    await carol.rec.wait_for("Seat 2 (free)")
    carol.type("\r")
    await alice.rec.wait_for("carol")
    shared.table.apply(0, PlaceCamp(TILE_BY_CODE["W1"], "Red"))
    shared.table.apply(1, PlaceCamp(TILE_BY_CODE["E3"], "Blue"))
    shared.table.apply(2, PlaceCamp(TILE_BY_CODE["W3"], "Yellow"))  # the free seat's camp, so play begins
    alice.type("t")
    await alice.rec.wait_for("Offer to")
    alice.type("\x1b[C")  # right: the next player, the free seat
    await alice.rec.wait_for("Seat 3 ▶")
    mark = alice.mark()
    bob = await connect(port, "bob", keys["bob"])
    await bob.rec.wait_for("Seat 3 (free)")
    bob.type("\r")
    await alice.rec.wait_for("bob ▶", since=mark)  # the dialog, still open, names him
    for client in (alice, bob, carol):
        await client.close()


@pytest.mark.parametrize("rows", [24, 30])
async def test_the_presence_line_fits_80_columns_saying_who_watches(river, keys, rows):
    """Long names at 80 columns: who is at the table is said shorter ("now", "min",
    the watchers counted) rather than cut after "watching:"; on its own line from 30
    rows, in the status line below."""
    from support.net.secret_game import GAME
    from .test_presence import seated

    registry, port = await river(guests=True)
    registry.create(Identity("alexandra-the-great", keys["alice"].get_fingerprint(), "127.0.0.1"), GAME.id,
                    seats=2, bots=0, variant=None)  # fmt: skip
    alice = await connect(port, "alexandra-the-great", keys["alice"], size=(80, rows))
    await sit(alice, "(free)")  # (the names wrap in the lobby at 80 columns)
    bob = await seated(port, "bob", keys, "(free)")
    alice.type("1")  # bob's move: alice waits for him
    await bob.rec.wait_for("alexandra-the-great paddled 1")
    await bob.close()
    watcher = await connect(port, "cornelius-the-quiet", None)
    await watcher.rec.wait_for("On the server now")
    watcher.type("w")
    await watcher.rec.wait_for("Counter at")
    alices = next(app for app, who in registry.sessions.items() if who.name == "alexandra-the-great")
    widget = PresenceLine if rows >= 30 else StatusBar
    line = lambda: str(alices.screen.query_one(widget).content)  # noqa: E731
    shown = {  # the watcher named where the room allows
        PresenceLine: "alexandra-the-great here · bob gone now · watching: guest-cornelius-the-quiet",
        StatusBar: "Waiting for bob. alexandra-the-great here · bob gone now · 1 watching",
    }[widget]
    await wait_until(lambda: line() == shown, "the line to fit", seen=line)
    assert len(shown) <= 78  # the line's room: 80 columns, less its padding
    for client in (alice, watcher):
        await client.close()


@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
async def test_a_we_all_take_seat_waiting_on_a_small_terminal_sees_the_river_and_the_players(river, keys, size):
    """While the others play, the side of a small screen shows the river, the players
    and the seat's role (what a seat follows), not an empty list; its turn brings the list back."""
    from river_tui.rules.we_all_take.actions import PlaceCamp
    from river_tui.rules.we_all_take.components import TILE_BY_CODE
    from snapshots.test_we_all_take_snapshots import CAMPS, first_seed

    registry, port = await river()
    bob_id = Identity("bob", keys["bob"].get_fingerprint(), "127.0.0.1")
    shared = registry.create(bob_id, "we-all-take", seats=2, bots=0, variant=None, seed=first_seed(False))
    registry.take_seat(shared, 1, Identity("alice", keys["alice"].get_fingerprint(), "127.0.0.1"))
    alice = await connect(port, "alice", keys["alice"], size=size)  # bob places his camp first: alice waits
    await alice.rec.wait_for("(you)")
    alice.type("\r")
    await alice.rec.wait_for("Waiting for bob")
    for panel in ("The river", "Players"):  # what a waiting seat follows first (i shows its role first)
        await alice.rec.wait_for(panel)
    alices = next(app for app, who in registry.sessions.items() if who.name == "alice")
    side = lambda: [alices.screen.can_view_partial(alices.screen.query_one(f"#{part}"))  # noqa: E731
                    for part in ("river", "players", "choices")]
    await wait_until(lambda: side() == [True, True, False], "the panels in the list's place", seen=side)
    mark = alice.mark()
    code, colour = CAMPS[0]
    shared.table.apply(0, PlaceCamp(TILE_BY_CODE[code], colour))  # alice's camp next: her list again
    await alice.rec.wait_for("hat you may do", since=mark)  # the list's title, whole or short
    assert side()[-1]
    await alice.close()
