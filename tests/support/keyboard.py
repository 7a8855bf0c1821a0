"""Passing the keyboard in Pilot tests of hot-seat games: a table with secrets
opens on the handover screen, and each new seat's player presses Space there
(Enter, which ends most turns, does not pass it)."""

from __future__ import annotations

from river_tui.screens.handover import HandoverScreen
from support.waiting import wait_until


async def until_handover(app, pilot) -> HandoverScreen:
    """Wait for the handover screen; fail saying which screen is shown instead."""
    await wait_until(lambda: isinstance(app.screen, HandoverScreen), "the handover screen",
                     seen=lambda: app.screen, pause=pilot.pause)
    return app.screen


async def press_ready(pilot) -> None:
    """On the handover screen: the named player is ready (the one key that passes it)."""
    await pilot.press("space")
    await pilot.pause()


async def take_the_keyboard(app, pilot) -> None:
    """Wait for the handover, then pass it as the named player would."""
    await until_handover(app, pilot)
    await press_ready(pilot)


def stack_text(app) -> str:
    """Everything the widgets of every screen on the stack draw now, the covered
    screens' too: what a player could see, or would see the moment a screen on
    top went away."""
    from textual.geometry import Region

    lines: list[str] = []
    for screen in app.screen_stack:
        for widget in screen.walk_children(with_self=False):
            width, height = widget.size
            if width and height:
                lines += [strip.text for strip in widget.render_lines(Region(0, 0, width, height))]
    return "\n".join(lines)
