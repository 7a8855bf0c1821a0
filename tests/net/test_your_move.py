"""Knowing it is your move: the lobby's mark (your tables first), the notice on
login, the bell in your other sessions, and ``serve --on-turn`` for a player who
is not connected (once per turn, at most once a minute, never through a shell)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from textual.widgets import DataTable

from river_tui.net.on_turn import OnTurn, command_argv
from river_tui.net.presence import AWAY_AFTER
from river_tui.net.lobby.screen import LobbyScreen

from support.net.secret_game import GAME, Paddle
from support.net.sshclient import connect
from .test_presence import Clock, clock, identity, seated  # noqa: F401 (fixture)
from .test_tables import playable, river, sit  # noqa: F401 (fixtures)
from support.waiting import wait_until

INHERITED = ("RIVER_TUI_HOME", "RIVER_TUI_PATCHES")
"""What the program inherits from the server's own environment (not the seat's words)."""
OSC = re.compile(rb"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
"""Operating system commands (a window title) may end with BEL too: not a bell."""

RECORD_ENV = (
    "import json, os, sys\n"
    "with open(sys.argv[1], 'a') as out:\n"
    "    out.write(json.dumps({k: v for k, v in os.environ.items() if k.startswith('RIVER_TUI_')}) + '\\n')\n"
)
"""The --on-turn command of these tests: appends the RIVER_TUI_ variables it was given to a file."""


def bells(data: bytes) -> int:
    return OSC.sub(b"", data).count(b"\x07")


def runs(path: Path) -> list[dict[str, str]]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


async def test_the_lobby_marks_your_move_sorts_it_first_and_says_so_on_login(river, keys):
    registry, port = await river()
    alice, bob = identity("alice", keys), identity("bob", keys)
    registry.create(alice, GAME.id, seats=2, bots=0, variant=None)  # table 1: bob has no seat
    for _ in range(2):  # tables 2 and 3: bob's move
        shared = registry.create(alice, GAME.id, seats=2, bots=0, variant=None)
        registry.take_seat(shared, 1, bob)
        shared.table.apply(0, Paddle(1))
    client = await connect(port, "bob", keys["bob"])
    await client.rec.wait_for("It is your move at 2 tables")
    await client.rec.wait_for("▶3")
    lobby = next(app.screen for app in registry.sessions if isinstance(app.screen, LobbyScreen))
    grid = lobby.query_one(DataTable)
    assert [str(grid.get_row_at(row)[0]) for row in range(grid.row_count)] == ["▶2", "▶3", "1"]
    await client.close()


async def test_a_session_in_the_lobby_or_at_another_table_rings_when_its_seat_comes_to_act(river, keys):
    registry, port = await river()
    alice = identity("alice", keys)
    watched = registry.create(alice, GAME.id, seats=2, bots=0, variant=None)
    alice_client = await seated(port, "alice", keys, "alice (you), Seat 2 (free)")
    bob = await seated(port, "bob", keys, "Seat 2 (free)")
    alice_client.type("1")
    await bob.rec.wait_for("Counter at 1")
    bob.type("1")
    await alice_client.rec.wait_for("bob paddled 1")
    mark = bob.mark()
    bob.type("q")
    await bob.rec.wait_for("Welcome, bob", since=mark)
    await wait_until(lambda: watched.connected() == ["alice"], "bob's table to close", seen=watched.connected)
    mark = bob.mark()
    alice_client.type("2")  # bob's move again, while bob is in the lobby
    await bob.rec.wait_for("It is your move at table 1", since=mark)
    assert bells(bytes(bob.rec.output[mark:])) == 1

    second = registry.create(alice, GAME.id, seats=2, bots=0, variant=None)
    assert second is not watched
    await bob.rec.wait_for("Seat 2 (free)")
    bob.type("\x1b[B")  # down to table 2 (bob's table 1 is listed first: his move)
    bob.type("w")
    await bob.rec.wait_for("Counter at 0")
    mark = bob.mark()
    bob_window = next(v for v in watched.viewers if v.identity.name == "bob")
    bob_window.apply(1, Paddle(1))  # bob's move at table 1 (from his window there), then alice's
    await alice_client.rec.wait_for("Counter at 5")
    assert bells(bytes(bob.rec.output[mark:])) == 0  # not his move
    alice_client.type("1")
    await wait_until(lambda: bells(bytes(bob.rec.output[mark:])), "the bell", seen=lambda: bob.rec.text(mark)[-300:])
    await bob.rec.wait_for("It is your move at table 1", since=mark)
    assert bells(bytes(bob.rec.output[mark:])) == 1
    assert bells(bytes(alice_client.rec.output)) == 0  # she was at her table each time
    for client in (alice_client, bob):
        await client.close()


async def test_on_turn_runs_once_with_the_seat_in_its_environment_when_its_player_is_not_connected(
    river, keys, clock, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)  # where `$(touch x)` would leave its x
    out = tmp_path / "runs.jsonl"
    registry, port = await river(clock=clock)
    registry.on_turn = OnTurn([sys.executable, "-c", RECORD_ENV, str(out)], clock)
    shared = registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    alice = await seated(port, "alice", keys, "alice (you), Seat 2 (free)")
    odd = await connect(port, "$(touch x)", keys["bob"])  # a seat name a shell would run
    await sit(odd, "Seat 2 (free)")
    alice.type("1")
    await odd.rec.wait_for("Counter at 1")  # its player is connected: no command
    odd.type("1")
    await alice.rec.wait_for("$(touch x) paddled 1")
    await odd.close()
    await alice.rec.wait_for("$(touch x) gone")
    alice.type("1")
    await wait_until(lambda: runs(out), "the --on-turn command to run", seen=lambda: list(tmp_path.iterdir()))
    await registry.on_turn.close()
    assert [{k: v for k, v in run.items() if k not in INHERITED} for run in runs(out)] == [{
        "RIVER_TUI_TABLE": "1",
        "RIVER_TUI_GAME": GAME.id,
        "RIVER_TUI_GAME_TITLE": GAME.title,
        "RIVER_TUI_SEAT": "$(touch x)",
        "RIVER_TUI_SEAT_NUMBER": "2",
        "RIVER_TUI_FINGERPRINT": keys["bob"].get_fingerprint(),
    }]  # fmt: skip
    assert not (tmp_path / "x").exists()
    assert shared.table.seats[1].name == "$(touch x)"
    await alice.close()


async def test_on_turn_runs_at_most_once_a_minute_per_seat(clock, tmp_path):
    out = tmp_path / "runs.jsonl"
    on_turn = OnTurn([sys.executable, "-c", RECORD_ENV, str(out)], clock)
    for _ in range(2):  # two turns within a minute: told of the first only
        on_turn.seat_to_act(1, GAME.id, GAME.title, 1, "bob", "SHA256:bob")
        clock.advance(30)
    on_turn.seat_to_act(1, GAME.id, GAME.title, 2, "carol", "SHA256:carol")  # another seat: its own minute
    clock.advance(30)
    on_turn.seat_to_act(1, GAME.id, GAME.title, 1, "bob", "SHA256:bob")  # a minute after the first
    await on_turn.close()
    assert sorted(run["RIVER_TUI_SEAT"] for run in runs(out)) == ["bob", "bob", "carol"]


def test_on_turn_is_split_into_words_and_must_name_a_program():
    assert command_argv(f"{sys.executable} -c 'print(1)' \"two words\"") == [sys.executable, "-c", "print(1)", "two words"]
    for command, why in (("no-such-program-xyz --flag", "is not a program"), ("'unclosed", "cannot be split"),
                         ("", "needs a command")):  # fmt: skip
        with pytest.raises(ValueError, match=why):
            command_argv(command)


TITLE = re.compile(rb"\x1b\]2;([^\x07\x1b]*)\x1b\\")
"""The terminal title River TUI sets (OSC 2, ended by ST so that it rings no bell)."""


def titles(data: bytes) -> list[str]:
    return [title.decode() for title in TITLE.findall(data)]


async def test_an_away_player_at_the_table_hears_the_bell_and_sees_it_in_the_title(river, clock, keys):
    """bob sits at the table but has pressed no key for AWAY_AFTER (the window in a
    background tab): his turn rings his bell and puts it in his terminal's title,
    until his next key. alice, at the keyboard, is not rung for her own turns."""
    registry, port = await river(clock=clock)
    registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    alice = await seated(port, "alice", keys, "alice (you), Seat 2 (free)")
    bob = await seated(port, "bob", keys, "Seat 2 (free)")
    assert titles(bytes(bob.rec.output)) == ["River TUI"]
    clock.advance(AWAY_AFTER + 1)
    mark = bob.mark()
    alice.type("1")  # bob's move; alice's key made her here again
    await bob.rec.wait_for("It is your move at table 1", since=mark)
    assert bells(bytes(bob.rec.output[mark:])) == 1
    assert titles(bytes(bob.rec.output[mark:])) == ["▶ Your move at table 1 · River TUI"]
    mark = bob.mark()
    bob.type("1")
    await alice.rec.wait_for("bob paddled 1")
    assert titles(bytes(bob.rec.output[mark:])) == ["River TUI"]  # he is back: the title is plain again
    alice.type("1")  # bob's move again, and he is here: no bell, no title
    await bob.rec.wait_for("Counter at 3")
    assert bells(bytes(bob.rec.output[mark:])) == 0 and titles(bytes(bob.rec.output[mark:])) == ["River TUI"]
    assert bells(bytes(alice.rec.output)) == 0
    for client in (alice, bob):
        await client.close()


async def test_on_turn_runs_only_when_a_person_is_to_act(river, keys, clock, tmp_path):
    """bob is gone and the easy computer plays his seat: his turns are the
    computer's, so nobody is mailed that it is his move."""
    out = tmp_path / "runs.jsonl"
    registry, port = await river(clock=clock)
    registry.on_turn = OnTurn([sys.executable, "-c", RECORD_ENV, str(out)], clock)
    shared = registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    registry.take_seat(shared, 1, identity("bob", keys))
    registry.stand_in(shared, 1, "easy", "alice")
    alice = await seated(port, "alice", keys, "alice (you), bob")
    for turn in range(2):
        clock.advance(120)  # past the command's once-a-minute limit each time
        alice.type("1")
        await alice.rec.wait_for(f"Counter at {3 * turn + 3}")  # the computer paddled 2 for bob
    await registry.on_turn.close()
    assert runs(out) == []
    await alice.close()
