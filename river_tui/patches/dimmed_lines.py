"""A box's dimmed view of the screen under it, drawn a line at a time.

A box (the trade form, an offer put to you, help) is a screen whose background is
translucent: Textual draws the screen under it as its background, tinted
(`BackgroundScreen`). It draws that background whole, every widget of the screen under
it composed and each segment tinted, whenever any line of the box's screen is to be
drawn again: when the box comes up, and at every change under it (at a server table,
every move any seat makes redraws the board under every box up at that table).

Textual already keeps a screen's lines and asks it again only for the lines that
changed, and the screen under a box tells the box's screen which of its lines changed
(`Screen._compositor_refresh`), but then marks itself to repaint whole, so that its
next change tells the box all of it changed. Here that mark is left as it was, and a
box's screen draws the lines asked of it from those lines of the screen under it
alone, at once, tinted as Textual tints them: the same cells are drawn. (The screen
under the box repaints whole anyway when the box goes.)

Bought (bench/ssh_redraw_cost.py, 30 sessions, boxes answered as ssh_load.py answers
them): a change under a box draws the lines it changed, not the whole board twice;
the figures per move are in docs/benchmarks.md ("Issue 47's CPU per move").
"""

from __future__ import annotations

from rich.segment import Segment
from textual._context import visible_screen_stack
from textual.geometry import Region
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import Screen
from textual.strip import Strip

from .compositor import SparseCompositor

_textual_compositor_refresh = Screen._compositor_refresh
_textual_set_dirty = Screen._set_dirty
_textual_render_lines = Screen.render_lines
_textual_render_line = Screen.render_line
_DIMMED = "_river_tui_dimmed"
"""The attribute of a box's screen keeping the lines of the screen under it, dimmed:
(what they were drawn for, {line: strip}); a line is drawn again when it changed there."""
_DRAWING = "_river_tui_drawing"
"""The attribute of a screen that is true while `render_lines` draws it."""


def compositor_refresh(self: Screen) -> None:
    """Textual's, but a screen under a box, having passed up the regions that changed
    on it, is not then marked to repaint whole (at its next change, the box's screen
    would be told that all of it changed)."""
    repaint = self._repaint_required
    _textual_compositor_refresh(self)
    if self is not self.app.screen:
        self._repaint_required = repaint


def set_dirty(self: Screen, *regions: Region) -> None:
    """Textual's; the lines of the screen under a box kept for it are drawn again where
    they changed (a change under a box comes with its regions, `compositor_refresh`;
    the box's own redraws, its regions or whole, keep the rest)."""
    kept = getattr(self, _DIMMED, None)
    if kept is not None:
        for region in regions:
            for y in region.line_range:
                kept[1].pop(y, None)
    _textual_set_dirty(self, *regions)


def render_lines(self: Screen, crop: Region) -> list[Strip]:
    """``self``'s lines in ``crop``: when a screen shows through it, the lines Textual
    will ask `render_line` for (those not kept, or changed) are drawn first, at once."""
    background = self.styles.background
    under_it = visible_screen_stack.get(None)  # the screens in sight under the one drawn, the nearest last
    gutter = self.styles.gutter
    if not under_it or under_it[-1] is self or background.a >= 1 or gutter.top or gutter.left:
        return _textual_render_lines(self, crop)
    under, style = under_it[-1], self.visual_style.rich_style
    drawn_for = (under, under.size, background, style)
    kept = getattr(self, _DIMMED, None)
    if kept is None or kept[0] != drawn_for:
        kept = (drawn_for, {})
        setattr(self, _DIMMED, kept)
    dimmed = kept[1]
    cache = self._styles_cache
    wanted = [y for y in crop.line_range if (cache.is_dirty(y) or y not in cache._cache) and y not in dimmed]
    under_it.pop()  # as Textual's `Screen.render` does, so a box under this one finds its own
    try:
        lines = _lines_of(under, wanted)
    finally:
        under_it.append(under)
    dimmed.update((y, _dimmed(line, background, style)) for y, line in lines.items())
    setattr(self, _DRAWING, True)
    try:
        return _textual_render_lines(self, crop)
    finally:
        setattr(self, _DRAWING, False)
        dirty = self._dirty_regions  # kept for Textual's own drawing, if ever taken (it draws everything)
        if len(dirty) > 1:
            dirty.clear()
            dirty.add(self.size.region)


def render_line(self: Screen, y: int) -> Strip:
    """Line ``y`` of ``self``'s content: drawn by `render_lines` if it drew it, else Textual's."""
    line = getattr(self, _DIMMED)[1].get(y) if getattr(self, _DRAWING, False) else None
    return _textual_render_line(self, y) if line is None else line


def _dimmed(line: Strip, background, style) -> Strip:
    """``line`` as Textual draws it under a translucent ``background``: tinted, and with
    the screen's own ``style`` under every segment (Textual's `post_render`)."""
    segments = BackgroundScreen.process_segments(line, background)
    if style:
        segments = (Segment(text, style + segment_style, None) for text, segment_style, _ in segments)
    return Strip(segments, line.cell_length)


def _lines_of(screen: Screen, wanted: list[int]) -> dict[int, Strip]:
    """Lines ``wanted`` of ``screen`` as its compositor draws them (those past its bottom left out)."""
    compositor = screen._compositor
    wanted = [y for y in wanted if 0 <= y < compositor.size.height]
    if not wanted:
        return {}
    if isinstance(compositor, SparseCompositor):
        return compositor.lines(wanted)
    chops = compositor._render_chops(compositor.size.region, set(wanted).__contains__)
    return {y: Strip.join(chops[y].values()) for y in wanted}


def install() -> None:
    """Every screen draws the screen in sight under it only where that changed, at once."""
    Screen._compositor_refresh = compositor_refresh  # type: ignore[method-assign]
    Screen._set_dirty = set_dirty  # type: ignore[method-assign]
    Screen.render_lines = render_lines  # type: ignore[method-assign]
    Screen.render_line = render_line  # type: ignore[method-assign]
