"""The server's SSH host key: created on first run, kept with mode 0600."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import asyncssh

log = logging.getLogger(__name__)


def load_or_create_host_key(path: Path) -> asyncssh.SSHKey:
    """Read the host key at ``path``, creating an Ed25519 key there if there is none.

    The new file is created with mode 0600 from the start (never written first
    and restricted afterwards), in a directory created with mode 0700.
    """
    if path.exists():
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & 0o077:
            log.warning("host key %s is readable by others (mode %o); chmod 600 it", path, mode)
        return asyncssh.read_private_key(path)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key())
    log.info("created host key %s (%s)", path, key.get_fingerprint())
    return key
