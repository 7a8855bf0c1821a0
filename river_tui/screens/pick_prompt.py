"""The one way a prompt asks for several pieces at once (Glassworks' lake draw,
its satchel's pair): what is picked so far, how many more, the key that picks or
unpicks the piece under the cursor, and the other key that confirms. A newcomer
never has to guess whether the picking key also does the move."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import App
from textual.binding import Binding


WORDS = {"space": "Space", "enter": "Enter", "tab": "Tab", "escape": "Esc"}
"""Keys a prompt names in words (the footer's "⏎" reads as nothing to a newcomer)."""


def key_shown(app: App, binding_id: str, default: str) -> str:
    """The first key of ``binding_id`` as the player's keymap has it ("Space",
    "Enter" unless moved)."""
    key = getattr(app, "keymap_entries", {}).get(binding_id, default).split(",")[0]
    return WORDS.get(key) or app.get_key_display(Binding(key, binding_id))


def pick_lines(tasks: Sequence[str], picked: Sequence[str], more: str, toggle: str, confirm: str) -> list[str]:
    """The prompt of a pick of several pieces, longest first (the screen shows the
    first that fits): ``tasks`` name the move, longest first ("draw 4 from the
    lake", "draw 4"), ``picked`` the pieces picked so far, ``more`` what may still
    be picked ("2 more"; "" when the pick is whole), ``toggle`` the picking key and
    ``confirm`` the other key with what it does ("Enter: draw")."""
    so_far = f"picked {' '.join(picked)}" if picked else "none picked"
    if more:
        so_far, toggled, short = f"{so_far}, {more}", "pick/unpick", "pick"
    else:
        toggled = short = "unpick"
    return [
        *(f"{task}: {so_far} · {toggle}: {toggled} · {confirm}" for task in tasks),
        f"{so_far} · {toggle}: {toggled} · {confirm}",
        f"{so_far} · {toggle}: {short} · {confirm}",
        *([f"picked {' '.join(picked)} · {toggle}: {short} · {confirm}"] if picked and more else []),
        *([f"{more} · {toggle}: {short} · {confirm}"] if more else []),  # how many, kept longest
        f"{toggle}: {short} · {confirm}",
    ]
