"""A name belongs to a key, one controller per seat, idle means idle, and a
command gets one sentence."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from river_tui.net.names import NameBook

from support.net.echo_app import EchoApp
from support.net.sshclient import connect
from .test_tables import ENTER, new_table, playable, river, sit  # noqa: F401 (fixtures)
from support.waiting import wait_until


async def test_a_name_taken_by_another_key_is_refused_and_its_owner_can_give_it_back(
    make_config, start_server, keys, tmp_path
):
    names = tmp_path / "names.json"
    server, port = await start_server(make_config(names=names, guests=True), EchoApp)
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("hello alice (player)")
    await alice.close()
    carol = await connect(port, "alice", keys["carol"])
    await carol.rec.wait_closed()
    assert "The name alice belongs to another key on this server" in carol.rec.text()
    guest = await connect(port, "alice", None)  # a guest is visibly not alice
    await guest.rec.wait_for("hello guest-alice (guest)")
    await guest.close()
    squatter = await connect(port, "guest-bob", keys["carol"])
    await squatter.rec.wait_closed()
    assert "Names starting with guest- are for guests" in squatter.rec.text()
    assert NameBook(names).owners == {"alice": keys["alice"].get_fingerprint()}  # kept for the next run

    released = await run_command(port, "alice", keys["alice"], "release-name")
    assert released.stdout == "The name alice is free again; any key may take it.\r\n"
    carol = await connect(port, "alice", keys["carol"])
    await carol.rec.wait_for("hello alice (player)")
    await carol.close()
    assert NameBook(names).owners == {"alice": keys["carol"].get_fingerprint()}


async def run_command(port: int, name: str, key: asyncssh.SSHKey, command: str, **options: object):
    async with asyncssh.connect(
        "127.0.0.1", port, username=name, client_keys=[key], known_hosts=None, agent_path=None, config=None
    ) as conn:
        return await conn.run(command, **options)


@pytest.mark.parametrize("pty", [False, True])
async def test_a_command_gets_one_sentence_and_is_closed(make_config, start_server, keys, pty):
    server, port = await start_server(make_config(), EchoApp)
    options = {"term_type": "xterm", "term_size": (80, 24)} if pty else {}
    result = await run_command(port, "alice", keys["alice"], "ls -la", **options)
    assert result.stdout.strip() == (
        "River TUI runs no commands: connect with plain `ssh -p PORT HOST` (no command), or add `plain` for plain lines."
    )
    assert result.exit_status == 1
    assert not server.sessions


async def test_two_sessions_of_one_key_never_both_control_the_seat(river, keys):
    registry, port = await river()
    older = await connect(port, "alice", keys["alice"])
    await new_table(older)
    newer = await connect(port, "alice", keys["alice"])
    await sit(newer, "alice (you)")
    await newer.rec.wait_for("You took your seat from your other session")
    await older.rec.wait_for("Your seat was taken by your newer session")
    table = registry.tables[1].table
    older.type("1")
    await older.rec.wait_for("You are watching")
    assert table.log == []
    newer.type("2")
    await wait_until(lambda: len(table.log) == 1, "the newer session's move", seen=lambda: table.log)
    await older.rec.wait_for("Counter at 2")  # the older window still shows the table, as a watcher
    for client in (older, newer):
        await client.close()


IDLE = 10
"""Seconds of the idle timeout in these tests: long enough that a busy machine's
slow screens between two scripted keys are not idling (at 6 s a starved machine,
its loop 3 s late, once closed alice while her table was being made), short
enough to wait out."""


async def test_a_player_waiting_for_the_others_is_not_idle(river, keys):
    registry, port = await river(idle_timeout=IDLE)
    alice = await connect(port, "alice", keys["alice"])
    await new_table(alice)
    bob = await connect(port, "bob", keys["bob"])
    await sit(bob, "Seat 2 (free)")
    alice.type("1")  # alice's last key: now she waits for bob, who presses nothing
    await bob.rec.wait_closed()
    assert "without a key press or a move at your table" in bob.rec.text()
    carol = await connect(port, "carol", keys["carol"])  # in the lobby, where nothing changes: idle
    await carol.rec.wait_for("Welcome")
    await carol.rec.wait_closed()
    assert not alice.rec.closed.is_set()  # three timeouts without a key, but waiting for bob
    mark = alice.mark()
    alice.type("?")
    await alice.rec.wait_for("Close", since=mark)
    await alice.close()


async def test_a_busy_table_keeps_its_watcher(river, keys):
    registry, port = await river(idle_timeout=IDLE)
    alice = await connect(port, "alice", keys["alice"])
    await new_table(alice)
    bob = await connect(port, "bob", keys["bob"])
    await sit(bob, "Seat 2 (free)")
    carol = await connect(port, "carol", keys["carol"])
    await carol.rec.wait_for("alice, bob")
    carol.type("w")
    await carol.rec.wait_for("Counter at 0")
    for position, mover in enumerate((alice, bob, alice, bob, alice, bob), start=1):  # two idle timeouts of moves
        mark = carol.mark()
        mover.type("1")
        await carol.rec.wait_for(f"Counter at {position}", since=mark)
        await asyncio.sleep(IDLE / 3)  # a person's pace between moves
    assert not carol.rec.closed.is_set()  # no key of hers for two timeouts, but her table moved
    for client in (alice, bob, carol):
        await client.close()


async def test_the_authorized_keys_comment_names_the_keys_owner(make_config, start_server, keys, tmp_path):
    listed = tmp_path / "named_keys"
    alice_line = keys["alice"].export_public_key().decode().split()[:2]
    listed.write_text(" ".join(alice_line) + " alice\n" + keys["carol"].export_public_key().decode())
    server, port = await start_server(make_config(authorized_keys=listed), EchoApp)
    carol = await connect(port, "alice", keys["carol"])  # first to ask, but the file names alice's key
    await carol.rec.wait_closed()
    assert "The name alice belongs to another key" in carol.rec.text()
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("hello alice (player)")
    await alice.close()


@pytest.mark.parametrize("impostor", ["Alice", "ALICE", "ａｌｉｃｅ", "\u0430lice", "alic\u0435", "\u0410LICE"])
def test_a_name_that_looks_like_one_another_key_owns_is_refused_naming_it(impostor):
    book = NameBook(None)
    assert book.claim("alice", "SHA256:alice") is None
    refusal = book.claim(impostor, "SHA256:carol")
    assert refusal == (
        f"The name {impostor} looks like alice, which belongs to another key on this server; "
        "connect with another name (ssh OTHER@host)."
    )
    assert book.claim(impostor, "SHA256:alice") is None  # the owner may write it as they like
    assert book.claim("alicia", "SHA256:carol") is None  # another name is another name


def test_a_name_written_to_look_like_a_guests_is_for_guests_only():
    book = NameBook(None)
    for name in ("GUEST-bob", "guest\u2010bob", "ｇｕｅｓｔ-bob"):
        assert book.claim(name, "SHA256:carol") == "Names starting with guest- are for guests; connect with another name."


@pytest.mark.parametrize(
    ("name", "what"),
    [("Computer 1", "computer seats"), ("computer", "computer seats"), ("Computer (easy)", "computer seats"),
     ("ＣＯＭＰＵＴＥＲ 2", "computer seats"), ("C\u043emputer_3", "computer seats"), ("Seat 2", "free seats")],
)  # fmt: skip
def test_the_names_the_server_gives_its_own_seats_are_no_ones(name, what):
    book = NameBook(None)
    assert book.claim(name, "SHA256:carol") == (
        f"Names like {name} are for the server's {what}; connect with another name (ssh OTHER@host)."
    )
    assert book.claim("Computerfan", "SHA256:carol") is None  # a name that only begins alike is a name
    assert book.claim("Seat belt", "SHA256:carol") is None


async def test_a_person_asking_for_a_computers_name_is_refused_and_a_guest_is_marked(make_config, start_server, keys):
    server, port = await start_server(make_config(guests=True), EchoApp)
    alice = await connect(port, "Computer 1", keys["alice"])
    await alice.rec.wait_closed()
    assert "Names like Computer 1 are for the server's computer seats" in alice.rec.text()
    guest = await connect(port, "Computer 1", None)
    await guest.rec.wait_for("hello guest-Computer 1 (guest)")
    await guest.close()


def test_a_name_that_looks_like_one_named_in_authorized_keys_belongs_to_that_key():
    book = NameBook(None, named=lambda: {"bob": "SHA256:bob"})
    assert "looks like bob" in book.claim("B\u043eb", "SHA256:carol")
    assert book.claim("Bob", "SHA256:bob") is None


def _public(key: asyncssh.SSHKey) -> str:
    """A key's type and base64, as a line of authorized_keys begins (no comment)."""
    return " ".join(key.export_public_key().decode().split()[:2])


def _sk_ed25519_line() -> tuple[str, str]:
    """A security-key (FIDO) public key line and its fingerprint: no device needed to list one."""
    import base64
    import struct

    def field(raw: bytes) -> bytes:
        return struct.pack(">I", len(raw)) + raw

    blob = field(b"sk-ssh-ed25519@openssh.com") + field(bytes(range(32))) + field(b"ssh:")
    line = "sk-ssh-ed25519@openssh.com " + base64.b64encode(blob).decode()
    return line, asyncssh.import_public_key(line).get_fingerprint()


def test_the_names_the_operator_gives_keys_in_authorized_keys(tmp_path):
    """Every way OpenSSH writes a key line names its owner: options before the key
    (even quoted ones with spaces), ECDSA and security keys, a comment of several
    words, ssh-keygen's user@host (the user); a garbled line or one that is not UTF-8 names no one and stops no other."""
    from river_tui.net.auth import named_keys

    ed = {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("ann", "bo", "cy", "mallory")}
    ecdsa = asyncssh.generate_private_key("ecdsa-sha2-nistp256")
    sk_line, sk_fingerprint = _sk_ed25519_line()
    listed = tmp_path / "authorized_keys"
    listed.write_bytes(
        b"# the friends of this server\n"
        b"ssh-ed25519 AAAAnotakey garbled\n"
        + f'command="echo hi there",no-pty {_public(ed["ann"])} ann\n'.encode()
        + b"ssh-ed25519 AAAA \xff\xfe not utf-8\n"
        + f"{_public(ed['bo'])} Bo Lee\n".encode()
        + f"{_public(ecdsa)} dee\n".encode()
        + f"{sk_line} eve\n".encode()
        + f"{_public(ed['cy'])}\n".encode()  # no comment: no name
        + f"{_public(ed['mallory'])} mallory@laptop\n".encode()  # as ssh-keygen writes it
        + f"{_public(ed['cy'])} Computer 2\n".encode()  # the server's own name: no one's
    )
    assert named_keys(listed) == {
        "ann": ed["ann"].get_fingerprint(),
        "Bo Lee": ed["bo"].get_fingerprint(),
        "dee": ecdsa.get_fingerprint(),
        "eve": sk_fingerprint,
        "mallory": ed["mallory"].get_fingerprint(),
    }
