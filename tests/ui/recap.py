"""Putting away the "since your last turn" summary, as a player does: any key."""

from __future__ import annotations

from collections.abc import Callable

from river_tui.screens.since_last_turn import SinceLastTurnScreen


def recap_text(screen: SinceLastTurnScreen) -> str:
    return str(screen.query_one("#since").render())


async def put_away_recaps(pilot, look: Callable[[], None] | None = None) -> list[str]:
    """Press a key while a summary is on show (after calling ``look``, which may
    check the screen); returns what each one said."""
    said = []
    for _ in range(10):
        await pilot.pause()
        if not isinstance(pilot.app.screen, SinceLastTurnScreen):
            return said
        if look is not None:
            look()
        said.append(recap_text(pilot.app.screen))
        await pilot.press("space")
    raise AssertionError(f"a summary stayed on show after a key; it said {said[-1]!r}")
