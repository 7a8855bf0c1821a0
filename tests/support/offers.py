"""We All Take puts an offer made to a person to them in a box when it arrives; a
test walking a game answers it later (Esc), as a player may, and goes on."""

from __future__ import annotations

from river_tui.screens.we_all_take.offer_to_you import OfferToYouScreen


async def answer_offer_later(pilot) -> bool:
    """Esc on an offer's box, if one is on show; whether there was one."""
    if not isinstance(pilot.app.screen, OfferToYouScreen):
        return False
    await pilot.press("escape")
    await pilot.pause()
    return True
