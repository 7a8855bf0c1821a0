"""A compositor that draws, for a partial update, only the lines that changed.

Textual's compositor updates part of the screen (a status line, a new log line) by
drawing every widget that meets the rectangle around *all* the changed regions,
each widget whole, and then sends only the changed lines. A change at the top and
one at the bottom of the screen (after a move: the turn in the header, a line in
the log) so drew every widget on the screen, every line of each, on every seat's
screen, though each line's drawing is kept and most of them only looked up again.
`SparseCompositor` draws only the widgets a changed region meets, and of each only
the lines from the first to the last it meets there: the same lines are sent.

Textual makes each screen's compositor from ``textual.screen.Compositor``, so
`use_sparse_compositor` (before any screen is made) has every screen use this one.
"""

from __future__ import annotations

from collections.abc import Iterable

import textual.screen
from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip


class SparseCompositor(Compositor):
    """A `Compositor` whose partial updates draw only the lines they send."""

    _changed: list[Region] | None = None
    """The regions a partial update is drawing (None: a whole frame)."""

    def render_partial_update(self) -> ChopsUpdate | None:
        self._changed = list(self._dirty_regions)
        try:
            return super().render_partial_update()
        finally:
            self._changed = None

    def _get_renders(self, crop: Region | None = None) -> Iterable[tuple[Region, Region, list[Strip]]]:
        changed = self._changed
        if crop is None or not changed:
            yield from super()._get_renders(crop)
            return
        overlaps_crop = crop.overlaps
        for widget, (region, clip) in self.visible_widgets.items():
            if not overlaps_crop(clip):
                continue
            shown = region.intersection(clip)
            met = [part for part in (shown.intersection(change) for change in changed) if part]
            if not met:
                continue
            top, bottom = min(part.y for part in met), max(part.bottom for part in met)
            lines = Region(shown.x, top, shown.width, bottom - top)
            # Yielded as the widget's clip: the compositor places the lines from its top.
            yield region, lines, widget.render_lines(lines.translate(-region.offset))


def use_sparse_compositor() -> None:
    """Every screen made from now on draws its partial updates with a `SparseCompositor`."""
    textual.screen.Compositor = SparseCompositor  # type: ignore[misc]
