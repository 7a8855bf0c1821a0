"""Text that came from outside (files, people, SSH) made safe to show on a terminal.

A name or a message may hold control characters: ``ESC ] 0;title BEL`` retitles
the window, ``ESC [2J`` blanks the screen. Rich/Textual pass such characters
through to the terminal, so every outside string is cleaned before it is shown or
printed. JSON output needs no cleaning: JSON escapes control characters itself.
"""

from __future__ import annotations

import unicodedata

# C0 controls, DEL and C1 controls; Unicode's other "format" and separator
# characters that move the cursor or reorder text (bidi overrides, line/paragraph
# separators) are dropped too.
_DROP_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})


def plain(text: object, limit: int | None = None) -> str:
    """``text`` as one line of printable characters: controls dropped, tabs and
    line breaks turned into spaces, cut to ``limit`` characters (with an ellipsis)."""
    cleaned = "".join(
        " " if ch in "\t\n\r\v\f" else ch
        for ch in str(text)
        if ch in "\t\n\r\v\f" or unicodedata.category(ch) not in _DROP_CATEGORIES
    )
    if limit is not None and len(cleaned) > limit:
        return cleaned[: max(limit - 1, 0)] + "…"
    return cleaned


def shortened(text: str, room: int) -> str:
    """``text`` whole where it has ``room`` cells, else its first whole words and "…"
    (a word cut before the "…" reads as a typo), or a single word's first letters."""
    if len(text) <= room:
        return text
    end = text.rfind(" ", 0, room)  # the "…" takes a cell
    return f"{text[:end if end > 0 else room - 1].rstrip()}…"
