"""Who is connecting: public-key authentication against an authorized_keys file.

A player is known by the fingerprint of the key they logged in with (seats are
bound to it) and shown by their SSH user name. With guests allowed, every client
gets in, as a guest who may watch but never act, whatever it offers:

- an unknown key, when the name asked for belongs to no key: a client that can
  only offer keys (asyncssh without a password, OpenSSH without
  keyboard-interactive) has no other way in;
- keyboard-interactive login, which asks nothing, or a password, any password;
  OpenSSH tries these once its keys are refused.

An unknown key offered for a name some key owns is refused, so the client goes
on to its next key: the owner's listed key, if it holds it, makes it that person
and never a guest. (A client may offer its keys in any order; the server cannot
know whether a listed one follows an unknown one, so a name nobody owns yet
takes the first key offered.)
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from ..saves.files import read_regular
from .ratelimit import ConnectionGate, RateLimit
from .server_names import GUEST_PREFIX, servers_name

log = logging.getLogger(__name__)

ONE_SESSION = "One connection holds one session: open another connection for another window."


MAX_NAME = 24
"""Display names are cut to this many characters so they fit the lobby's columns."""


@dataclass(frozen=True)
class Identity:
    """A connected person. ``fingerprint`` is None for a guest."""

    name: str
    fingerprint: str | None
    address: str

    @property
    def is_guest(self) -> bool:
        return self.fingerprint is None


_BRACKETS = str.maketrans("[]", "()")


def display_name(username: str) -> str:
    """The SSH user name made safe to print: printable characters only, short,
    and no square brackets (round ones instead): every other player's screen shows
    the name, and in a place that reads markup "[/x]" would stop their app."""
    cleaned = "".join(ch for ch in username if ch.isprintable()).strip().translate(_BRACKETS)
    return cleaned[:MAX_NAME] or "player"


MAX_AUTHORIZED_KEYS_BYTES = 1024 * 1024
"""authorized_keys is read up to this size (thousands of keys)."""


def load_authorized_keys(path: Path) -> tuple[asyncssh.SSHAuthorizedKeys, int]:
    """The keys in ``path`` and how many lines list one; ValueError or OSError if
    it cannot be used. The one reader of this file: a regular file (never a device
    or a fifo) of at most ``MAX_AUTHORIZED_KEYS_BYTES``, in the format of
    OpenSSH's authorized_keys."""
    data = read_regular(path, MAX_AUTHORIZED_KEYS_BYTES)
    if len(data) > MAX_AUTHORIZED_KEYS_BYTES:
        raise ValueError(f"it is larger than {MAX_AUTHORIZED_KEYS_BYTES // 1024} KB")
    text = data.decode("utf-8", errors="replace")
    try:
        keys = asyncssh.import_authorized_keys(text)
    except asyncssh.KeyImportError as err:
        raise ValueError(str(err)) from None
    listed = sum(1 for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#"))
    return keys, listed


def named_keys(path: Path) -> dict[str, str]:
    """The names the comments of ``path`` give keys (``ssh-ed25519 AAAA... alice``,
    or ``alice@laptop`` as ssh-keygen writes it: the part before ``@``):
    {name: fingerprint}. A comment that is not a usable name names no one."""
    try:
        data = read_regular(path, MAX_AUTHORIZED_KEYS_BYTES)
    except OSError:
        return {}
    named: dict[str, str] = {}
    for line in data[: MAX_AUTHORIZED_KEYS_BYTES].decode("utf-8", errors="replace").splitlines():
        words = line.split()
        for at, word in enumerate(words[:-2]):
            if word.startswith(("ssh-", "ecdsa-", "sk-")):
                # ssh-keygen writes user@host: people are known by the user part.
                comment = " ".join(words[at + 2 :]).split("@", 1)[0].strip()
                try:
                    fingerprint = asyncssh.import_public_key(f"{word} {words[at + 1]}").get_fingerprint()
                except (asyncssh.KeyImportError, ValueError):
                    break
                if display_name(comment) == comment and servers_name(comment) is None:
                    named.setdefault(comment, fingerprint)
                break
    return named


def read_authorized_keys(path: Path) -> asyncssh.SSHAuthorizedKeys | None:
    """The keys in ``path``; None (and a log line) if it cannot be used.

    Read on every login, so a friend's key added to the file works at once.
    """
    try:
        return load_authorized_keys(path)[0]
    except (OSError, ValueError) as error:
        log.error("cannot use authorized keys file %s: %s", path, error)
        return None


class Gatekeeper(asyncssh.SSHServer):
    """asyncssh's per-connection server object: rate limit, authentication, sessions."""

    def __init__(
        self,
        authorized_keys: Path,
        guests: bool,
        limiter: RateLimit,
        gate: ConnectionGate,
        open_session: Callable[[Identity], asyncssh.SSHServerSession[bytes]],
        name_owned: Callable[[str], bool],
    ) -> None:
        self._authorized_keys_path = authorized_keys
        self._guests = guests
        self._name_owned = name_owned
        self._limiter = limiter
        self._gate = gate
        self._in_handshake = False
        self._sessions = 0
        self._open_session = open_session
        self._conn: asyncssh.SSHServerConnection | None = None
        self._address = "?"
        self._username = ""
        self._keys: asyncssh.SSHAuthorizedKeys | None = None
        self._fingerprint: str | None = None
        self._key_settings: dict[str, str] = {}
        """The ``environment="NAME=value"`` options of the key's line in authorized_keys
        (a player's standing settings: ``RIVER_TUI_PLAIN=1``, ``RIVER_TUI_CURSOR=hidden``)."""
        self._over_limit = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        peer = conn.get_extra_info("peername")
        self._address = str(peer[0]) if peer else "?"
        refusal = self._gate.enter()
        if refusal is not None:
            # Closed at once, before any key exchange: a flood costs next to nothing.
            log.warning("refused a connection from %s: %s", self._address, refusal)
            asyncio.get_running_loop().call_soon(conn.abort)
            return
        self._in_handshake = True
        self._over_limit = not self._limiter.allow(self._address)

    def _handshake_over(self) -> None:
        if self._in_handshake:
            self._in_handshake = False
            self._gate.leave()

    def connection_lost(self, exc: Exception | None) -> None:
        self._handshake_over()
        if exc is not None:
            log.info("connection from %s ended: %s", self._address, exc)

    def begin_auth(self, username: str) -> bool:
        if self._over_limit and self._conn is not None:
            # Refused here rather than on accept so the client can print why.
            log.warning("refused %s from %s: too many connections", username, self._address)
            self._conn.disconnect(
                asyncssh.DISC_TOO_MANY_CONNECTIONS,
                "Too many connections from your address; wait a minute and try again.",
            )
            return True
        self._username = username
        self._keys = read_authorized_keys(self._authorized_keys_path)
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # Asked once for each key the client offers and again when it signs:
        # the last key asked about is the one that logs in.
        options = None if self._keys is None else self._keys.validate(key, self._address, self._address)
        if options is not None:
            self._fingerprint = key.get_fingerprint()
            self._key_settings = {str(k): str(v) for k, v in dict(options.get("environment") or {}).items()}
            return True
        self._fingerprint = None
        self._key_settings = {}
        return self._guests and not self._name_owned(display_name(username))

    def password_auth_supported(self) -> bool:
        return self._guests

    def validate_password(self, username: str, password: str) -> bool:
        # Reached only when no key was accepted: any password lets a guest in.
        self._fingerprint = None
        return True

    def kbdint_auth_supported(self) -> bool:
        return self._guests

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        # Reached only when no key was accepted: this login is a guest's.
        self._fingerprint = None
        return True

    def auth_completed(self) -> None:
        self._handshake_over()
        who = self._fingerprint or "guest"
        log.info("%s logged in from %s as %s", self._username, self._address, who)

    def session_requested(self) -> asyncssh.SSHServerSession[bytes]:
        if self._sessions:
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, ONE_SESSION)
        self._sessions += 1
        name = display_name(self._username)
        if self._fingerprint is None and not name.startswith(GUEST_PREFIX):
            name = GUEST_PREFIX + name
        identity = Identity(name, self._fingerprint, self._address)
        session = self._open_session(identity)
        session.key_settings = dict(self._key_settings)
        return session
