"""What the terminal shows: the text of a part of the screen as the compositor
sends it (after every clip and crop), for tests that check nothing is cut."""

from __future__ import annotations

from textual.strip import Strip


def on_screen(app, region) -> list[str]:
    """The text of ``region`` (screen coordinates) of the app's screen, line by line."""
    update = app.screen._compositor.render_full_update()
    lines = [Strip.join(strips).text for strips in update.strips]
    return [line[region.x:region.right] for line in lines[region.y:region.bottom]]
