"""The three looks River TUI offers: dark, light and high contrast.

Textual's dark and light looks are used with the few colours of theirs that do not
read at 4.5:1 on the backgrounds they are drawn on put right (the footer's keys, a
cursor's words, the first heading of a help page, muted words in the light look):
tests/app/test_every_colour_reads.py measures every glyph of every screen."""

from __future__ import annotations

from dataclasses import replace

from textual.theme import BUILTIN_THEMES, Theme

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
    variables={"block-cursor-foreground": "#000000", "footer-key-foreground": "#ffff00"},
)

READABLE_DARK = replace(
    BUILTIN_THEMES["textual-dark"],
    variables={**BUILTIN_THEMES["textual-dark"].variables,
               "block-cursor-foreground": "#ffffff",  # on the cursor's #0178d4: 4.7:1 (Textual's #ddedf9: 3.8)
               "button-color-foreground": "#ffffff",  # on a primary button's #0178d4, the same
               # $text-primary: 6.6:1 ($primary: 4.1)
               **{f"markdown-h{n}-color": "#57a5e2" for n in (1, 2, 3)}},
)
READABLE_LIGHT = replace(
    BUILTIN_THEMES["textual-light"],
    variables={**BUILTIN_THEMES["textual-light"].variables,
               "footer-key-foreground": "#002d4f",  # $text-primary (Textual's #0178d4: 2.9:1 on the footer)
               "block-cursor-foreground": "#ffffff",
               "button-color-foreground": "#ffffff",
               "text-muted": "#4d4d4d",  # 5.3:1 on the panels (Textual's 60% of the text: 4.4)
               "foreground-muted": "#1f1f1fb3",  # 70% of the text: 5.1:1 (Textual's 60%: 3.9)
               "text-success": "#1e5c30",  # 6:1 (Textual's #337e4a: 3.8)
               "text-warning": "#7a4d10",  # 5.3:1 (Textual's #a86d1c: 3.0)
               "text-accent": "#7a4d10"},
)
"""Textual's dark and light looks, registered under their own names in their place."""

THEMES = (READABLE_DARK, READABLE_LIGHT, HIGH_CONTRAST)
THEME_CYCLE = ("textual-dark", "textual-light", HIGH_CONTRAST.name)

#: What a player calls each look (ctrl+t announces it).
THEME_WORDS = {"textual-dark": "dark", "textual-light": "light", HIGH_CONTRAST.name: "high contrast"}
