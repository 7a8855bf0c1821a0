"""What a screen's footer shows, and whether each entry is whole on screen."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel

from river_tui.widgets.game_footer import GameFooter
from support.waiting import wait_until


def footer_entries(screen: Screen) -> list[tuple[str, bool]]:
    """Each key the footer shows (its action; a group's label as ``group:Label``),
    with whether it is whole on screen: left of the command palette's key and
    inside the footer (a footer too narrow scrolls the rest out of sight)."""
    if screen.query(GameFooter):
        return game_footer_entries(screen.query_one(GameFooter))
    footer = screen.query_one(Footer)
    right = footer.region.right
    palette = [key for key in footer.query(FooterKey) if key.has_class("-command-palette")]
    if palette:
        right = palette[0].region.x
    entries = []
    for widget in footer.query("FooterKey, FooterLabel"):
        if widget.has_class("-command-palette"):
            continue
        name = widget.action if isinstance(widget, FooterKey) else f"group:{widget.render()}"
        region = widget.region
        whole = region.width > 0 and region.right <= right and region.width >= widget.get_content_width(
            footer.size, footer.size
        )
        entries.append((name, whole))
    return entries


def game_footer_entries(footer: GameFooter) -> list[tuple[str, bool]]:
    """`footer_entries` of a game screen's footer, which draws its keys itself."""
    shown = footer.shown
    right = next((key.x for key in shown if key.where == "palette"), footer.size.width)
    return [
        (f"group:{key.description}" if key.where == "label" else key.action, key.x + key.width <= right)
        for key in shown
        if key.where not in ("palette", "padding")
    ]


def assert_footer_fits(screen: Screen) -> list[str]:
    """Every footer entry is whole on screen; returns their actions."""
    entries = footer_entries(screen)
    cut = [name for name, whole in entries if not whole]
    assert not cut, f"cut off in the footer: {cut} (shown: {[n for n, _ in entries]})"
    return [name for name, _ in entries]


def footer_actions(screen: Screen) -> set[str]:
    """The actions the footer shows whole, without their arguments."""
    return {action.partition("(")[0] for action in assert_footer_fits(screen)}


async def footer_showing(pilot: Pilot, screen: Screen, wanted: set[str]) -> set[str]:
    """The actions the footer shows, once it shows all of ``wanted`` (it lays out
    its keys after the screen is shown and focused, later on a busy machine)."""
    def laid_out() -> bool:  # until then its keys have no width: not cut, only not drawn yet
        entries = footer_entries(screen)
        return all(whole for _, whole in entries) and wanted <= {n.partition("(")[0] for n, _ in entries}

    await wait_until(
        laid_out,
        f"the footer to show {sorted(wanted)}, each whole",
        seen=lambda: footer_entries(screen),
        pause=lambda: pilot.pause(0.05),
    )
    return footer_actions(screen)


__all__ = ["FooterLabel", "assert_footer_fits", "footer_entries", "footer_showing"]
