"""Names belong to keys: the first key to use a name on a server owns it.

``names.json`` in the server's folder maps each name to the fingerprint of the
key that owns it. Another key asking for that name is refused in one sentence;
guests are shown as ``guest-NAME`` and own nothing; no key can take a name the
server gives its own seats or guests (``Computer 1``, ``guest-bob``: server_names.py). A key whose line in authorized_keys ends with a name (its
comment) owns that name from the start, whoever used it before. A key owns at most ``NAMES_PER_KEY`` names; its owner
gives one back by connecting as that name with the command ``release-name``.

The file is untrusted like every file: only a regular file of at most
``MAX_BYTES`` is read, only entries of a printable name and a fingerprint are
used; a file that cannot be read is never written over (the names are then kept
for this run only, and the log says why).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path

from ..saves import store
from ..saves.files import read_regular
from ..saves.numbers import loads_json
from .auth import display_name
from .server_names import likeness, servers_name

log = logging.getLogger(__name__)

MAX_BYTES = 4 * 1024 * 1024
NAMES_PER_KEY = 3
MAX_FINGERPRINT = 128

TAKEN = "The name {name} belongs to another key on this server; connect with another name (ssh OTHER@host)."
LOOKS_LIKE = (
    "The name {name} looks like {owned}, which belongs to another key on this server; "
    "connect with another name (ssh OTHER@host)."
)
SERVERS_NAMES = {
    "guest": "Names starting with guest- are for guests; connect with another name.",
    "computer": "Names like {name} are for the server's computer seats; connect with another name (ssh OTHER@host).",
    "seat": "Names like {name} are for the server's free seats; connect with another name (ssh OTHER@host).",
}
"""Why a person may not have a name the server gives its own seats or guests (server_names.py)."""
TOO_MANY = (
    "Your key already owns {count} names here ({names}); give one back with "
    "`ssh NAME@host release-name` to take {name}."
)
RELEASE = "release-name"

class NameBook:
    """Who owns which name; kept in ``path`` (None: in memory only)."""

    def __init__(self, path: Path | None, named: Callable[[], dict[str, str]] = dict) -> None:
        self.path = path
        self._named = named
        """The names authorized_keys gives keys in their comments: those keys own them."""
        self.owners: dict[str, str] = {}
        self._writable = path is not None
        if path is not None:
            self._load(path)

    def _load(self, path: Path) -> None:
        try:
            raw = read_regular(path, MAX_BYTES)
            if len(raw) > MAX_BYTES:
                raise ValueError(f"it is larger than {MAX_BYTES // 2**20} MB")
            data = loads_json(raw, keep_odd=True)  # an odd number spoils its entry, not every name
            if not isinstance(data, dict):
                raise ValueError("it is not a map of names to keys")
        except FileNotFoundError:
            return
        except (OSError, ValueError, RecursionError) as err:
            log.error("cannot use %s (%s): names are kept for this run only", path, err)
            self._writable = False
            return
        for name, owner in data.items():
            if display_name(name) == name and isinstance(owner, str) and 0 < len(owner) <= MAX_FINGERPRINT:
                self.owners[name] = owner
            else:
                log.error("%s: an entry that is not a name and a key fingerprint was left out", path)

    def claim(self, name: str, fingerprint: str | None) -> str | None:
        """Let ``fingerprint``'s key use ``name`` (claiming it if nobody owns it);
        the sentence refusing it otherwise. Guests (None) use their guest- names freely."""
        if fingerprint is None:
            return None
        what = servers_name(name)
        if what is not None:
            return SERVERS_NAMES[what].format(name=name)
        holder = self._owner(name)
        if holder is not None and holder[1] == fingerprint:
            return None
        if holder is not None:
            owned_name = holder[0]
            return TAKEN.format(name=name) if owned_name == name else LOOKS_LIKE.format(name=name, owned=owned_name)
        owned = sorted(n for n, f in self.owners.items() if f == fingerprint)
        if len(owned) >= NAMES_PER_KEY:
            return TOO_MANY.format(count=len(owned), names=", ".join(owned), name=name)
        self.owners[name] = fingerprint
        self._save()
        log.info("the name %s now belongs to %s", name, fingerprint)
        return None

    def owned(self, name: str) -> bool:
        """Whether some key owns ``name`` or a name it looks like."""
        return self._owner(name) is not None

    def _owner(self, name: str) -> tuple[str, str] | None:
        """The name owned that ``name`` is or looks like, and the key owning it:
        names given in authorized_keys first, then the first to claim one."""
        alike = likeness(name)
        for book in (self._named(), self.owners):
            if name in book:
                return name, book[name]
            for owned, owner in book.items():
                if likeness(owned) == alike:
                    return owned, owner
        return None

    def release(self, name: str, fingerprint: str | None) -> str:
        """Give ``name`` back if ``fingerprint`` owns it; the sentence saying what happened."""
        if fingerprint is None or self.owners.get(name) != fingerprint:
            return f"Your key does not own the name {name} here; nothing changed."
        del self.owners[name]
        self._save()
        log.info("%s gave back the name %s", fingerprint, name)
        return f"The name {name} is free again; any key may take it."

    def _save(self) -> None:
        if not self._writable or self.path is None:
            return
        try:
            store.write_atomically(self.path, json.dumps(self.owners, indent=1, sort_keys=True).encode(),
                                   within=self.path.parent)
        except OSError as err:
            log.error("cannot write %s: %s", self.path, err)

