"""The three looks River TUI offers: dark, light and high contrast."""

from __future__ import annotations

from textual.theme import Theme

HIGH_CONTRAST = Theme(
    name="river-high-contrast",
    primary="#ffff00",
    secondary="#00ffff",
    accent="#ff00ff",
    warning="#ffaf00",
    error="#ff5f5f",
    success="#5fff5f",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#1c1c1c",
    dark=True,
)

THEME_CYCLE = ("textual-dark", "textual-light", HIGH_CONTRAST.name)

#: What a player calls each look (ctrl+t announces it).
THEME_WORDS = {"textual-dark": "dark", "textual-light": "light", HIGH_CONTRAST.name: "high contrast"}
