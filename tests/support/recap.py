"""Putting away the "since your last turn" summary, as a player does: any key."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App

from river_tui.screens.game_base import GameScreen


def recap_shown(app: App) -> bool:
    """Whether the app's screen is a game screen showing its summary."""
    return isinstance(app.screen, GameScreen) and app.screen.recap_shown


def recap_text(app: App) -> str:
    return app.screen.since.text.plain


async def put_away_recaps(pilot, look: Callable[[], None] | None = None) -> list[str]:
    """Press a key while a summary is on show (after calling ``look``, which may
    check the screen); returns what each one said."""
    said = []
    for _ in range(10):
        await pilot.pause()
        if not recap_shown(pilot.app):
            return said
        if look is not None:
            look()
        said.append(recap_text(pilot.app))
        await pilot.press("space")
    raise AssertionError(f"a summary stayed on show after a key; it said {said[-1]!r}")
