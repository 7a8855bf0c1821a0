"""A probe of what a widget asks of the screen: redraws, and layouts of the whole screen."""

from __future__ import annotations

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
