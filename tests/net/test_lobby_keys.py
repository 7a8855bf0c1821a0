"""The server's own keys and help, over real SSH: the lobby's keys and help, a
watcher's footer and what a watcher's play key says, the new-table form's
computer level, archiving a finished table, the server's records in the lobby,
and where the lobby's cursor goes after leaving a table."""

from __future__ import annotations

import pytest

from river_tui.net.auth import Identity
from river_tui.records import players
from river_tui.rules.registry import available
from river_tui.net.lobby import screen as lobby

from support.net.secret_game import GAME
from support.net.sshclient import Client, connect
from .test_tables import ENTER, CTRL_S, playable, river, sit  # noqa: F401 (fixtures)
from support.waiting import wait_until

TAB, DOWN = "\t", "\x1b[B"
LOCAL_WORDS = ("keymap", "Continue", "river-tui resume", "menu", "Menu", ".rtsave")
"""What only a game at one keyboard talks of: never said over SSH."""


def identity(keys, name: str) -> Identity:
    return Identity(name, keys[name].get_fingerprint(), "127.0.0.1")


async def test_the_lobby_and_table_help_describe_the_server(river, keys):
    registry, port = await river()
    registry.create(identity(keys, "alice"), GAME.id, 2, 0, None, seed=1)
    alice = await connect(port, "alice", keys["alice"], size=(120, 40))
    await alice.rec.wait_for("⏎ Sit down")
    mark = alice.mark()
    alice.type("?")
    lobby_help = await alice.rec.wait_for("archive a finished table", since=mark)
    for words in ("The lobby", "watch the table without taking a seat", "start a new table", "records"):
        assert words in lobby_help, words
    alice.type("q")  # closes the help
    mark = alice.mark()
    alice.type(ENTER)
    await alice.rec.wait_for("q Lobby", since=mark)
    alice.type("?")
    table_help = await alice.rec.wait_for("back to the lobby", since=mark)
    assert "take back your last move, until someone else has moved" in table_help
    alice.type("q")
    mark = alice.mark()
    alice.type("s")
    saved = await alice.rec.wait_for("Saved on the server", since=mark)
    for words in LOCAL_WORDS:
        assert words not in alice.rec.text(), words
    assert saved
    await alice.close()


async def test_a_watcher_sees_only_a_watchers_keys_and_is_told_it_watches(river, keys):
    registry, port = await river()
    registry.create(identity(keys, "alice"), "flow", 2, 0, None, seed=1)
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("Seat 2 (free)")
    mark = alice.mark()
    alice.type(ENTER)
    seated = await alice.rec.wait_for("q Lobby", since=mark)
    assert "r Rotate" in seated and "u Undo" in seated and "q Menu" not in seated
    carol = await connect(port, "carol", keys["carol"])
    await carol.rec.wait_for("Seat 2 (free)")
    mark = carol.mark()
    carol.type("w")
    watching = await carol.rec.wait_for("q Lobby", since=mark)
    assert "? Help" in watching and "L Log" in watching
    for key in ("Rotate", "Next tile", "Reserve", "Undo", "Place", "Save", "Menu"):
        assert key not in watching, key
    for key in ("r", ENTER, "u"):  # a play key, the board's Enter, undo
        mark = carol.mark()
        carol.type(key)
        said = await carol.rec.wait_for("You are watching this table", since=mark)
        assert "not your turn" not in said
    assert registry.tables[1].table.log == []
    for client in (alice, carol):
        await client.close()


async def test_a_guest_lobby_offers_only_what_a_guest_may_do(river, keys):
    registry, port = await river(guests=True)
    guest = await connect(port, "visitor", None)
    text = await guest.rec.wait_for("Once a player starts one, you may watch it here")
    await guest.rec.wait_for("q Leave")
    text = guest.rec.text()
    assert "Press n" not in text and "New table" not in text and "Archive" not in text
    mark = guest.mark()
    guest.type("n")
    await guest.rec.wait_for("Guests may watch tables but not start them", since=mark)
    assert not registry.tables
    await guest.close()


@pytest.fixture
def flow_playable(monkeypatch):
    """The new-table form offers Flow only (a game with every computer level)."""
    monkeypatch.setattr(lobby, "playable_games", lambda: [e for e in available() if e.id == "flow"])


async def test_the_new_table_form_gives_the_computer_seats_the_level_chosen(river, keys, flow_playable):
    registry, port = await river()
    alice = await connect(port, "alice", keys["alice"], size=(80, 24))
    await alice.rec.wait_for("No tables yet. Press n to start one.")
    alice.type("n")
    await alice.rec.wait_for("Seats (people and computers)")
    # from the game to how many of the seats computers play: 1 of the 2; then the
    # computer level: from normal (a new computer seat's) down to hard
    for key in (TAB, TAB, ENTER, DOWN, ENTER, TAB, ENTER, DOWN, ENTER):
        await press(alice, key)
    await alice.rec.wait_for("hard")
    alice.type(CTRL_S)
    await alice.rec.wait_for("q Lobby")
    seats = registry.tables[1].table.seats
    assert [(seat.name, seat.kind) for seat in seats] == [("alice", "human"), ("Computer 1", "hard")]
    await alice.close()


async def press(client: Client, key: str) -> None:
    """Press ``key`` and wait until the screen shows what it did (the next key
    then goes where this one left the focus)."""
    mark = client.mark()
    client.type(key)
    await wait_until(lambda: client.mark() > mark, f"the screen to change after {key!r}")


async def finished_table(registry, keys, alice: Client) -> None:
    """Alice plays the secret game against the server's computer (2 strokes a
    turn) to its end: 2, 4, ... 12 in three of her moves."""
    registry.create(identity(keys, "alice"), GAME.id, 2, 1, None, seed=1)
    await sit(alice, "alice (you), Computer 1 (computer)")
    table = registry.tables[1].table
    for position in (4, 8, 12):
        alice.type("2")
        await wait_until(lambda: table.state.position >= position, f"position {position}",
                         seen=lambda: table.state.position)  # fmt: skip
    await alice.rec.wait_for("final scores")


async def test_a_player_archives_a_finished_table_and_its_save_and_records_stay(river, keys):
    registry, port = await river()
    alice = await connect(port, "alice", keys["alice"], size=(120, 30))
    await finished_table(registry, keys, alice)
    shared = registry.tables[1]
    mark = alice.mark()
    alice.type("q")  # the scores say "q Lobby"
    await alice.rec.wait_for("finished", since=mark)
    assert "q Lobby" in alice.rec.text() and "q Menu" not in alice.rec.text()
    bob = await connect(port, "bob", keys["bob"], size=(120, 30))
    await bob.rec.wait_for("finished")
    mark = bob.mark()
    bob.type("a")  # not his table
    await bob.rec.wait_for("Only the table's players may archive it", since=mark)
    assert 1 in registry.tables
    mark = alice.mark()
    alice.type("a")
    await alice.rec.wait_for("Table 1 is archived", since=mark)
    assert not registry.tables
    await bob.rec.wait_for("No tables yet")
    await registry.close()
    assert shared.path.exists()  # the save stays, off the list
    assert '"owners"' not in (registry.folder / "tables.json").read_text()
    tallies = players.load().games[GAME.id]
    assert tallies["alice"].played == 1
    for client in (alice, bob):
        await client.close()


async def test_a_table_still_being_played_cannot_be_archived(river, keys):
    registry, port = await river()
    registry.create(identity(keys, "alice"), GAME.id, 2, 0, None, seed=1)
    alice = await connect(port, "alice", keys["alice"], size=(120, 30))
    await alice.rec.wait_for("Seat 2 (free)")
    alice.type("a")
    await alice.rec.wait_for("Only a finished table can be archived")
    assert 1 in registry.tables
    await alice.close()


async def test_a_finished_table_leaves_the_list_in_time(river, keys):
    registry, port = await river()
    registry.finished_listed = 0.1
    alice = await connect(port, "alice", keys["alice"], size=(120, 30))
    await finished_table(registry, keys, alice)
    await wait_until(lambda: not registry.tables, "the finished table to leave the list", seen=lambda: registry.tables)
    await alice.close()


async def test_the_lobby_shows_the_servers_records(river, keys):
    registry, port = await river()
    alice = await connect(port, "alice", keys["alice"], size=(120, 30))
    await finished_table(registry, keys, alice)
    await wait_until(lambda: GAME.id in players.load().games, "the game in the records")
    alice.type("q")
    await alice.rec.wait_for("finished")
    mark = alice.mark()
    alice.type("r")
    await alice.rec.wait_for("This server's ratings", since=mark)
    await alice.rec.wait_for("Your ratings:", since=mark)
    text = alice.rec.text(mark)
    assert "of 2)" in text and "easy (computer)" in text  # alice and the easy level on the game's ladder
    mark = alice.mark()
    alice.type("t")
    await alice.rec.wait_for("This server's records", since=mark)
    await alice.rec.wait_for("1 finished game", since=mark)
    text = alice.rec.text(mark)
    assert "Secret Paddle" in text and "alice" in text and "Computer 1 (easy)" in text
    await alice.close()


async def test_after_leaving_a_table_the_cursor_is_on_another(river, keys):
    registry, port = await river()
    registry.create(identity(keys, "bob"), GAME.id, 2, 0, None, seed=1)
    registry.create(identity(keys, "carol"), GAME.id, 2, 0, None, seed=2)
    alice = await connect(port, "alice", keys["alice"], size=(120, 30))
    await sit(alice, "carol, Seat 2 (free)")  # the first table, where the cursor starts
    assert registry.tables[1].owners[1] == keys["alice"].get_fingerprint()
    mark = alice.mark()
    alice.type("q")
    await alice.rec.wait_for("Welcome", since=mark)
    alice.type(ENTER)  # the table she did not just leave
    await wait_until(lambda: registry.tables[2].owners[1] is not None, "alice at table 2",
                     seen=lambda: registry.tables[2].owners)  # fmt: skip
    assert registry.tables[2].owners[1] == keys["alice"].get_fingerprint()
    await alice.close()


async def test_after_leaving_a_table_started_here_the_cursor_is_on_another(river, keys):
    """The same, for a table just started with the new-table form (the form's
    closing must not use up where the lobby puts the cursor on the way back)."""
    registry, port = await river()
    alice = await connect(port, "alice", keys["alice"], size=(120, 30))
    await alice.rec.wait_for("No tables yet")
    alice.type("n")
    await alice.rec.wait_for("New table")
    alice.type(CTRL_S)
    await alice.rec.wait_for("your secret")
    registry.create(identity(keys, "bob"), GAME.id, 2, 0, None, seed=1)  # meanwhile, bob starts one
    mark = alice.mark()
    alice.type("q")
    await alice.rec.wait_for("bob, Seat 2 (free)", since=mark)
    alice.type(ENTER)  # bob's table, not the one she started and left
    await wait_until(lambda: registry.tables[2].owners[1] is not None, "alice at bob's table",
                     seen=lambda: registry.tables[2].owners)  # fmt: skip
    assert registry.tables[2].owners[1] == keys["alice"].get_fingerprint()
    await alice.close()


async def test_down_and_enter_arriving_together_sit_at_the_row_below(river, keys):
    """Keys typed quickly over a slow link arrive in one read: Enter acts on the row the
    arrow before it moved to (it sat at the row the cursor had left)."""
    registry, port = await river()
    registry.create(identity(keys, "bob"), GAME.id, 2, 0, None, seed=1)
    registry.create(identity(keys, "carol"), GAME.id, 2, 0, None, seed=2)
    alice = await connect(port, "alice", keys["alice"], size=(120, 30))
    await alice.rec.wait_for("carol, Seat 2 (free)")
    alice.type(DOWN + ENTER)  # one write: one chunk on the server's side
    await wait_until(lambda: any(registry.tables[n].owners[1] is not None for n in (1, 2)), "alice seated",
                     seen=lambda: [registry.tables[n].owners for n in (1, 2)])  # fmt: skip
    assert registry.tables[2].owners[1] == keys["alice"].get_fingerprint()
    assert registry.tables[1].owners[1] is None
    await alice.close()
