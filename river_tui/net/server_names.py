"""The names the server gives its own seats and visitors: never a person's.

A table's computer seats are ``Computer 1``, ``Computer 2``, ..., its free seats
``Seat 2``, ...; the records name computers by level (``Computer (easy)``), and
guests are shown as ``guest-NAME``. A person who could take one of these would
pass for a computer (two ``Computer 1``s in the lobby, a person credited with a
computer's game) or for a guest, so no key may own a name that looks like one.
"""

from __future__ import annotations

import re
import unicodedata

GUEST_PREFIX = "guest-"
"""Guests are shown as guest-NAME: visibly not the player whose key owns NAME."""

_LOOKALIKES = str.maketrans(
    "аеорсухіјѕӏԁԛԝкмнтвᴀ" "αβεικνορτυχ" "‐‑‒–—―−",
    "aeopcyxijsldqwkmhtba" "abeiknoptux" "-------",
)
"""Cyrillic and Greek letters drawn like Latin ones (after casefolding), dashes like '-'."""

_SEATS = re.compile(r"(computer|seat)[\W\d_]*(\(.*\))?", re.ASCII)
"""``Computer``, ``Computer 1``, ``Seat 2``, ``Computer (easy)``, as a likeness."""


def likeness(name: str) -> str:
    """What a name looks like on a screen: two names alike here would pass for one
    another ("Alice", "ＡＬＩＣＥ" and "аlice" with a Cyrillic a all look like alice), so
    they are one name: owned by one key."""
    return unicodedata.normalize("NFKC", name).casefold().translate(_LOOKALIKES)


def servers_name(name: str) -> str | None:
    """Which of the server's own names ``name`` looks like: "guest", "computer" (a
    computer seat's) or "seat" (a free seat's); None if none."""
    alike = likeness(name).strip()
    if alike.startswith(GUEST_PREFIX):
        return "guest"
    seat = _SEATS.fullmatch(alike)
    return None if seat is None else seat[1]
