"""A compositor that draws, for a partial update, only the lines that changed.

Textual's compositor updates part of the screen (a status line, a new log line) by
drawing every widget that meets the rectangle around *all* the changed regions,
each widget whole, and then sends only the changed lines. A change at the top and
one at the bottom of the screen (after a move: the turn in the header, a line in
the log) so drew every widget on the screen, every line of each, on every seat's
screen, though each line's drawing is kept and most of them only looked up again.
`SparseCompositor` draws only the widgets a changed region meets and no widget
above covers there (a container under its children), and of each only the lines
from the first to the last it meets there: the same lines are sent.

It also draws a screen's *overlay*, a box over everything (the "since your last
turn" summary): shown or put away, it repaints only the lines it covers, where a
widget that comes and goes has Textual lay the whole screen out twice.

Textual makes each screen's compositor from ``textual.screen.Compositor``, so
`install` (before any screen is made) has every screen use this one.

Bought (bench/ssh_redraw_cost.py, docs/decisions/0005): Python calls in a profiled
run 18.3 M -> 16.5 M, container renders per move 11.5 -> 0.6, the same bytes sent; the
recap as an overlay rather than a widget: whole-screen layouts per move 0.81 -> 0.39.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import textual.screen
from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.strip import Strip


class Overlay(Protocol):
    """A box drawn over a screen's widgets."""

    def drawn(self, size: Size) -> tuple[Region, list[Strip]]:
        """Where the box sits on a screen of ``size``, and its lines."""
        ...


class SparseCompositor(Compositor):
    """A `Compositor` whose partial updates draw only the lines they send, and which
    draws an overlay over the widgets."""

    _changed: list[Region] | None = None
    """The regions a partial update is drawing (None: a whole frame)."""
    overlay: Overlay | None = None
    """The box drawn over everything (None: none)."""

    def show_overlay(self, overlay: Overlay | None) -> None:
        """Draw ``overlay`` from the next frame on (None: draw none); the lines the old
        and the new one cover are drawn again then (the screen must be told to draw)."""
        for shown in (self.overlay, overlay):
            if shown is not None and self.size:
                self._dirty_regions.add(shown.drawn(self.size)[0])
        self.overlay = overlay
        self._cuts = None

    @property
    def cuts(self) -> list[list[int]]:
        """Textual's cuts (where a widget begins or ends on each line), and the overlay's edges."""
        if self._cuts is None:
            cuts = Compositor.cuts.fget(self)  # type: ignore[attr-defined]
            if self.overlay is not None and self.size:
                box, _ = self.overlay.drawn(self.size)
                for y in box.line_range:
                    cuts[y] = sorted({*cuts[y], box.x, box.right})
        return self._cuts  # type: ignore[return-value]

    def render_partial_update(self) -> ChopsUpdate | None:
        self._changed = list(self._dirty_regions)
        try:
            return super().render_partial_update()
        finally:
            self._changed = None

    def _get_renders(self, crop: Region | None = None) -> Iterable[tuple[Region, Region, list[Strip]]]:
        on_top: list[Region] = []  # what the renders yielded so far cover: nothing under them shows
        if self.overlay is not None and self.size:  # first: the first drawing of a cell is the one shown
            box, lines = self.overlay.drawn(self.size)
            if crop is None or box.overlaps(crop):
                yield box, box, lines
                on_top.append(box)
        changed = self._changed
        if crop is None or not changed:
            yield from super()._get_renders(crop)
            return
        overlaps_crop = crop.overlaps
        for widget, (region, clip) in self.visible_widgets.items():  # the topmost first
            if not overlaps_crop(clip):
                continue
            shown = region.intersection(clip)
            # A container under its children, a panel under the box: not drawn where covered.
            met = [part for part in (shown.intersection(change) for change in changed)
                   if part and not any(above.contains_region(part) for above in on_top)]  # fmt: skip
            if not met:
                continue
            top, bottom = min(part.y for part in met), max(part.bottom for part in met)
            lines = Region(shown.x, top, shown.width, bottom - top)
            # Yielded as the widget's clip: the compositor places the lines from its top.
            yield region, lines, widget.render_lines(lines.translate(-region.offset))
            on_top.append(shown)


def install() -> None:
    """Every screen made from now on draws its partial updates with a `SparseCompositor`."""
    textual.screen.Compositor = SparseCompositor  # type: ignore[misc]


def show_overlay(screen: Screen, overlay: Overlay | None) -> bool:
    """Draw ``overlay`` over ``screen``'s widgets from its next frame on (None: none);
    False when the screen's compositor cannot (the patches are off)."""
    compositor = screen._compositor
    if not isinstance(compositor, SparseCompositor):
        return False
    compositor.show_overlay(overlay)
    # Textual draws a frame for its dirty widgets: the screen stands for the box.
    screen._dirty_widgets.add(screen)
    screen.check_idle()
    return True
