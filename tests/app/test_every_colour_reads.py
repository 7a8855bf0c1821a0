"""Every colour reads, in every look and colour depth: every glyph of every screen
of every game (states from real play, tests/support/played.py) against the background it
is really drawn on, as the terminal is sent it (after the light look's inks and the
colour depth's filter), has a contrast of at least 4.5:1 (WCAG's for text); the
board's glyphs that are no letter or digit (pieces, seats, tokens: WCAG's graphical
objects) at least 3:1. Frames and scrollbars (box drawing, blocks) carry no words nor
pieces and are left out. A glyph drawn on the terminal's own background (no colour
set) does not read: the look cannot know that background. In 256 and 16 colours each colour is brought down as the
app does for such a terminal (`colour_depth.style_in`, then `readable_inks.readable`) and read in the look's
terminal colours."""

from __future__ import annotations

from collections import defaultdict

import pytest
from rich.color import ColorSystem
from rich.style import Style

from river_tui.app.colour_depth import style_in
from river_tui.app.readable_inks import readable
from river_tui.app.themes import THEME_CYCLE

from screens.test_nothing_cut import cuts_seen, judged as judged_cuts
from support.played import GAMES, app_screens, screens_of
from support.screen_text import segments_on_screen

TEXT, GLYPH = 4.5, 3.0
DEPTHS = {"true colour": None, "256 colours": ColorSystem.EIGHT_BIT, "16 colours": ColorSystem.STANDARD}

KNOWN: dict[tuple[str, str, str, str], str] = {
    # (game or "app", kind of screen, look, depth); "*" stands for any.
}
"""What does not read yet, and why: each entry must still match something that fails
(else it is taken off this list), and nothing else may fail."""


def known(key: tuple[str, str, str, str]) -> str | None:
    """Why ``key`` does not read yet (None: it must)."""
    return next((why for pattern, why in KNOWN.items() if all(p in ("*", k) for p, k in zip(pattern, key))), None)


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG 2's relative luminance."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = rgb
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def needed(character: str) -> float | None:
    """The contrast ``character`` needs (None: a space, a frame or a scrollbar)."""
    if character.isspace() or 0x2500 <= ord(character) <= 0x259F:
        return None
    return TEXT if character.isalnum() else GLYPH


def unreadable(app, style: Style, text: str, system: ColorSystem | None) -> tuple | None:
    """(contrast, needed, ink, background) where ``text`` drawn in ``style`` does not read."""
    need = max((n for n in map(needed, text) if n is not None), default=None)
    if need is None or style is None:
        return None
    drawn = style if system is None else readable(style_in(style, system), system, app.ansi_theme)
    ink, paper = drawn.color, drawn.bgcolor
    if paper is None or paper.is_default:  # the terminal's own background: the look cannot know it
        return 0.0, need, "?", "the terminal's background"
    if ink is None or ink.is_default:
        return None
    ink_rgb = tuple(ink.get_truecolor(app.ansi_theme))
    paper_rgb = tuple(paper.get_truecolor(app.ansi_theme, foreground=False))
    if drawn.reverse:
        ink_rgb, paper_rgb = paper_rgb, ink_rgb
    ratio = contrast(ink_rgb, paper_rgb)
    if ratio >= need:
        return None
    return round(ratio, 2), need, "#%02x%02x%02x" % ink_rgb, "#%02x%02x%02x" % paper_rgb


def kind_of(what: str) -> str:
    """Which kind of screen ``what`` names: a game's replay, scores, help, or play."""
    return next((kind for kind in ("replay", "scores", "help") if kind in what), "play")


async def look_at(pilot, what: str, key: str, found: dict) -> None:
    """Every look of the screen shown: what does not read, by (``key``, kind of screen, look, depth).
    The looks are taken from the one the app is in, and the app is left in the last:
    each look restyles every widget, the one restyle a screen does not need is saved."""
    app = pilot.app
    first = THEME_CYCLE.index(app.theme) if app.theme in THEME_CYCLE else 0
    for theme in THEME_CYCLE[first:] + THEME_CYCLE[:first]:
        app.theme = theme
        await pilot.pause()
        for line in segments_on_screen(app):
            for text, style, _ in line:
                for depth, system in DEPTHS.items():
                    problem = unreadable(app, style, text, system)
                    if problem is not None:
                        found[(key, kind_of(what), theme, depth)].add((text.strip(), *problem, what))


def judged(found: dict, keys: set[str]) -> None:
    """Nothing unreadable but what `KNOWN` names for ``keys``, and each of its entries
    for them still matches something unreadable."""
    new = {key: sorted(cells)[:10] for key, cells in found.items() if known(key) is None}
    assert not new, "\n".join(f"{key}: {cells}" for key, cells in new.items())
    mended = [pattern for pattern in KNOWN if pattern[0] in keys
              and not any(all(p in ("*", k) for p, k in zip(pattern, key)) for key in found)]
    assert not mended, f"these read now: take them off KNOWN: {mended}"


@pytest.mark.parametrize("game", GAMES)
async def test_every_colour_of_every_screen_of_a_game_reads_and_no_words_are_cut_at_120x40(game):
    """The walk over a game's screens is the suite's costliest: at 120x40 it is also the
    one that looks for cut words (tests/screens/test_nothing_cut.py, which walks them at
    80x24). They are looked for once a screen: the looks change colours, never a layout."""
    found: dict = defaultdict(set)
    cut: list[str] = []
    async for what, pilot in screens_of(game, (120, 40)):
        cut += cuts_seen(what, pilot)
        await look_at(pilot, what, game, found)
    judged(found, {game})
    judged_cuts(cut, game, (120, 40))


async def test_every_colour_of_the_apps_own_screens_reads():
    found: dict = defaultdict(set)
    async for what, pilot in app_screens((80, 24)):
        await look_at(pilot, what, "app", found)
    judged(found, {"app"})
