"""Getting in as friends do: with `--guests`, every client gets in whatever it
offers (an unknown key, no key, with or without keyboard-interactive login),
and a listed key among the keys a client offers always makes it that person."""

from __future__ import annotations

import asyncssh
import pytest

from support.net.echo_app import EchoApp
from support.net.sshclient import Client, Recorder


async def login(port: int, username: str, keys: list[asyncssh.SSHKey], **auth: object) -> Client:
    """A client offering exactly ``keys``, in that order, and the other methods
    ``auth`` turns on (asyncssh offers a password, or keyboard-interactive with
    it, only when given one)."""
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=username, client_keys=keys, known_hosts=None,
        agent_path=None, config=None, **auth,
    )  # fmt: skip
    chan, rec = await conn.create_session(Recorder, encoding=None, term_type="xterm-256color", term_size=(100, 30))
    return Client(conn, chan, rec)


async def test_an_unknown_key_without_a_password_gets_a_guest_in(make_config, start_server, keys):
    server, port = await start_server(make_config(guests=True), EchoApp)
    mallory = await login(port, "mallory", [keys["mallory"]])
    await mallory.rec.wait_for("hello guest-mallory (guest)")
    await mallory.close()


async def test_a_client_without_keyboard_interactive_gets_a_guest_in(make_config, start_server, keys):
    """OpenSSH with KbdInteractiveAuthentication=no: its unknown key, or (with no
    key) the password it asks for, whatever is typed, even nothing."""
    server, port = await start_server(make_config(guests=True), EchoApp)
    with_key = await login(port, "mallory", [keys["mallory"]], kbdint_auth=False, password_auth=False)
    await with_key.rec.wait_for("hello guest-mallory (guest)")
    no_key = await login(port, "anon", [], kbdint_auth=False, password="")
    await no_key.rec.wait_for("hello guest-anon (guest)")
    assert {s.identity.fingerprint for s in server.sessions} == {None}
    for client in (with_key, no_key):
        await client.close()


async def test_a_listed_key_after_an_unknown_one_is_never_made_a_guest(make_config, start_server, keys, tmp_path):
    """alice's agent holds another key first: it is refused for a name a listed key
    owns (named in authorized_keys, or taken on an earlier visit), so her client
    goes on to her listed key."""
    listed = tmp_path / "named_keys"
    alice_public = " ".join(keys["alice"].export_public_key().decode().split()[:2])
    listed.write_text(f"{alice_public} alice@laptop\n" + keys["bob"].export_public_key().decode())
    server, port = await start_server(make_config(guests=True, authorized_keys=listed), EchoApp)
    alice = await login(port, "alice", [keys["mallory"], keys["alice"]])
    await alice.rec.wait_for("hello alice (player)")
    bob = await login(port, "bob", [keys["bob"]])  # bob now owns his name
    await bob.rec.wait_for("hello bob (player)")
    await bob.close()
    bob = await login(port, "bob", [keys["mallory"], keys["bob"]])
    await bob.rec.wait_for("hello bob (player)")
    fingerprints = {s.identity.name: s.identity.fingerprint for s in server.sessions}
    assert fingerprints == {"alice": keys["alice"].get_fingerprint(), "bob": keys["bob"].get_fingerprint()}
    for client in (alice, bob):
        await client.close()


async def test_an_unknown_key_asking_for_an_owned_name_is_a_guest_only_through_another_method(
    make_config, start_server, keys
):
    server, port = await start_server(make_config(guests=True), EchoApp)
    alice = await login(port, "alice", [keys["alice"]])
    await alice.rec.wait_for("hello alice (player)")
    with pytest.raises(asyncssh.PermissionDenied):
        await login(port, "alice", [keys["mallory"]])  # keys only: nothing else to try
    impostor = await login(port, "alice", [keys["mallory"]], password="")  # keyboard-interactive
    await impostor.rec.wait_for("hello guest-alice (guest)")
    for client in (alice, impostor):
        await client.close()


async def test_without_guests_an_unknown_key_or_a_password_gets_nobody_in(make_config, start_server, keys):
    server, port = await start_server(make_config(), EchoApp)
    for offered, auth in (([keys["mallory"]], {}), ([], {"password": "", "kbdint_auth": False})):
        with pytest.raises(asyncssh.PermissionDenied):
            await login(port, "mallory", offered, **auth)
    assert not server.sessions


async def test_the_banner_names_river_tui_and_no_version(make_config, start_server, keys):
    server, port = await start_server(make_config(), EchoApp)
    alice = await login(port, "alice", [keys["alice"]])
    assert alice.conn.get_extra_info("server_version") == "SSH-2.0-River_TUI"
    await alice.close()


async def test_a_host_key_fingerprint_is_what_the_client_sees(make_config, start_server, keys):
    server, port = await start_server(make_config(), EchoApp)
    alice = await login(port, "alice", [keys["alice"]])
    assert server.fingerprint == alice.conn.get_server_host_key().get_fingerprint()
    await alice.close()
