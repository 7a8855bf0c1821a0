"""A probe of what a widget asks of the screen: redraws, and layouts of the whole screen."""

from __future__ import annotations

from textual.geometry import Region
from textual.widget import Widget


def refreshes_asked(widget: Widget) -> list[bool]:
    """From now on, each refresh ``widget`` asks for, as whether it asks for a layout too."""
    asked: list[bool] = []
    refresh = widget.refresh

    def recording(*regions, **kwargs):
        asked.append(bool(kwargs.get("layout", False)))
        return refresh(*regions, **kwargs)

    widget.refresh = recording  # type: ignore[method-assign]
    return asked


def lines_refreshed(widget: Widget) -> list[set[int] | None]:
    """From now on, the lines of ``widget`` each refresh asks to redraw (None: all of them)."""
    asked: list[set[int] | None] = []
    refresh = widget.refresh

    def recording(*regions: Region, **kwargs):
        asked.append({y for region in regions for y in range(region.y, region.bottom)} if regions else None)
        return refresh(*regions, **kwargs)

    widget.refresh = recording  # type: ignore[method-assign]
    return asked
