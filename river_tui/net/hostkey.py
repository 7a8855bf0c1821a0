"""The server's SSH host key: created on first run, kept with mode 0600.

The key file is untrusted like every file: only a regular file of at most
``MAX_KEY_BYTES`` is read (a device such as /dev/zero or a fifo is refused at
once, never read or waited on), and anything asyncssh cannot import is refused
in one sentence.
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import asyncssh

from ..saves.files import read_regular

log = logging.getLogger(__name__)

MAX_KEY_BYTES = 64 * 1024
"""Far above any private key (an RSA-16384 key is some 12 KB)."""


class HostKeyError(ValueError):
    """The host key cannot be used; ``str()`` says why (without the path)."""


def load_or_create_host_key(path: Path) -> asyncssh.SSHKey:
    """Read the host key at ``path``, creating an Ed25519 key there if there is none.
    Raises HostKeyError, or OSError when the file or its folder cannot be made.

    The new file is created with mode 0600 from the start (never written first
    and restricted afterwards), in a directory created with mode 0700.
    """
    if os.path.lexists(path):
        return _read_host_key(path)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key())
    log.info("created host key %s (%s)", path, key.get_fingerprint())
    return key


def _read_host_key(path: Path) -> asyncssh.SSHKey:
    try:
        data = read_regular(path, MAX_KEY_BYTES)
    except OSError as err:
        raise HostKeyError(err.strerror or str(err)) from None
    if len(data) > MAX_KEY_BYTES:
        raise HostKeyError(f"it is larger than {MAX_KEY_BYTES // 1024} KB, no key is")
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        log.warning("host key %s is readable by others (mode %o); chmod 600 it", path, mode)
    try:
        return asyncssh.import_private_key(data)
    except (asyncssh.KeyImportError, ValueError, TypeError) as err:
        raise HostKeyError(f"it is not a private key asyncssh can use ({err})") from None
