"""The footer of a game screen: the screen's keys on one line, drawn by one widget.

It looks and behaves as Textual's `Footer` (8.x): each key in the ``footer-key--key``
style and its description in ``footer-key--description``, with Textual's spacing,
grouped keys (a replay's ``↑↓ Step``) as Textual groups them, disabled keys dimmed,
the command palette's key docked at the right; a key under the mouse is highlighted
and shows its tooltip, and pressing the mouse on it presses the key. But where
Textual's footer is a container of one widget per key, mounted anew whenever the
keys change (and so laying out the whole screen, on every seat's screen at a table,
as Riverside's Choose and Done come and go with the step), this one only redraws
its line: it never lays anything out.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import groupby
from typing import NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

PALETTE_EDGE = "▏"
"""The left edge of the command palette's key (Textual's ``border-left: vkey``)."""


class ShownKey(NamedTuple):
    """A key the footer shows, or a group's label (``key`` and ``action`` empty)."""

    key: str
    """The key pressed when it is clicked."""
    action: str
    display: str
    """The key as shown ("⏎", "^p")."""
    description: str
    enabled: bool
    tooltip: str
    where: str
    """``"key"``, ``"grouped"`` (a key of a group: no description), ``"label"`` (a
    group's description), ``"padding"`` (blank, at a group's left) or ``"palette"``
    (the command palette's key, at the right)."""
    x: int = 0
    width: int = 0
    """Where it is drawn on the footer's line (a key past the footer's right end, or
    under the palette's key, is cut off)."""


class _Part(NamedTuple):
    """A box of Textual's horizontal layout: its margins and what it holds."""

    left: int
    right: int
    key: ShownKey | None
    """A key or a label; None for a group of ``inner`` parts."""
    inner: tuple[_Part, ...] = ()
    padding: int = 0
    """A group's padding at its left."""


class GameFooter(Widget, can_focus=False):
    """The screen's keys on the bottom line (see the module's doc). The screen tells it
    when they change (`GameScreen.refresh_bindings`); it reads them when it draws."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "footer-key--key",
        "footer-key--description",
        "game-footer--item",
        "game-footer--hover",
        "game-footer--disabled",
        "game-footer--label",
        "game-footer--palette-edge",
    }
    # The colours of Textual's Footer, FooterKey (item, hover, disabled), FooterLabel and
    # the palette key's edge: the same theme variables, so every theme looks the same.
    DEFAULT_CSS = """
    GameFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .game-footer--item { background: $footer-item-background; }
        .game-footer--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        .game-footer--disabled { text-style: dim; }
        .game-footer--label {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .game-footer--palette-edge { color: $foreground 20%; }
    }
    """

    def __init__(self, *, show_command_palette: bool = True, **kwargs) -> None:
        super().__init__(**kwargs)
        self.show_command_palette = show_command_palette
        self.compact = False
        """Whether the keys are drawn with one space less beside each (`_fit`)."""
        self.hovered: int | None = None
        """The index in `shown` of the key under the mouse."""
        self._shown: tuple[int, list[ShownKey]] | None = None  # for the width they were placed in
        self._line: Strip | None = None
        self._styles: dict[tuple[tuple[str, ...], bool], Style] = {}

    # --- the keys ------------------------------------------------------------------
    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen) -> None:
        """The screen's keys changed: the footer redraws its line with them."""
        if screen is self.screen:
            self._shown = None
            self._hover(None)
            self._redraw()

    def on_resize(self) -> None:
        self._shown = None
        self._redraw()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()
        self._line = None

    def _redraw(self) -> None:
        self._line = None
        self.refresh()

    @property
    def shown(self) -> list[ShownKey]:
        """The keys and labels on the footer's line, from its left (the palette's key last)."""
        if self._shown is None or self._shown[0] != self.size.width:
            parts, palette = self._read_keys()
            self._shown = (self.size.width, self._place(parts, palette))
        return self._shown[1]

    def _read_keys(self) -> tuple[list[_Part], ShownKey | None]:
        """The screen's keys as Textual's Footer lays them out (`Footer.compose` and its
        CSS): each action once, consecutive actions of one group together, then their
        group's label. Sets `compact` first, as it changes the spacing."""
        app = self.app
        active = self.screen.active_bindings
        by_action: defaultdict[str, list[tuple[Binding, bool, str]]] = defaultdict(list)
        for _, binding, enabled, tooltip in active.values():
            if binding.show:
                by_action[binding.action].append((binding, enabled, tooltip))
        palette = None
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE and app.COMMAND_PALETTE_BINDING in active:
            _, binding, enabled, _ = active[app.COMMAND_PALETTE_BINDING]
            palette = ShownKey(binding.key, binding.action, app.get_key_display(binding), binding.description,
                                enabled, binding.tooltip or binding.description, "palette")
        self._fit([bindings[-1][0] for bindings in by_action.values()] + ([] if palette is None else [binding]))
        compact = self.compact
        parts: list[_Part] = []
        for group, actions in groupby(by_action.values(), lambda bindings: bindings[0][0].group):
            firsts = [bindings[0] for bindings in actions]
            if group is None or len(firsts) == 1:
                for binding, enabled, tooltip in firsts:
                    key = ShownKey(binding.key, binding.action, app.get_key_display(binding), binding.description,
                                    enabled, tooltip, "key")
                    parts.append(_Part(0, 1 if compact else 0, key))
                continue
            margin = 0 if group.compact else 1
            keys = tuple(
                _Part(margin, margin, ShownKey(binding.key, binding.action, app.get_key_display(binding), "",
                                                enabled, tooltip or binding.description, "grouped"))
                for binding, enabled, tooltip in firsts
            )
            parts.append(_Part(0, 1 if group.compact else 0, None, keys, 1 if group.compact else 0))
            # A space after the label, compact or not: "[] Round g Jump", never "[] Roundg Jump".
            parts.append(_Part(0, 1, ShownKey("", "", "", group.description, True, "", "label")))
        return parts, palette

    def _fit(self, shown: list[Binding]) -> None:
        """Where the keys do not fit with their usual spacing (a seat's nine keys at
        80 columns while "H Hand seat" is offered), the footer is compact: one space
        less beside each key, so that none is cut off at the right."""
        width = sum(cell_len(self.app.get_key_display(b)) + cell_len(b.description) + 3 for b in shown)
        self.compact = width > self.size.width

    def _place(self, parts: list[_Part], palette: ShownKey | None) -> list[ShownKey]:
        """Each key with its place on the line: Textual's horizontal layout, where two
        neighbours' margins overlap (the larger counts) and the palette's key docks right."""
        placed: list[ShownKey] = []

        def lay(parts: tuple[_Part, ...] | list[_Part], x: int) -> int:
            """Lays ``parts`` out from ``x``; returns where the last one ends."""
            end, margin = x, parts[0].left if parts else 0
            for part in parts:
                x = end + max(margin, part.left)
                if part.key is None:
                    if part.padding:
                        placed.append(ShownKey("", "", "", " " * part.padding, True, "", "padding", x, part.padding))
                    end = lay(part.inner, x + part.padding)
                else:
                    width = self._width(part.key)
                    placed.append(part.key._replace(x=x, width=width))
                    end = x + width
                margin = part.right
            return end

        lay(parts, 0)
        if palette is not None:
            width = self._width(palette)
            margin = 1 if self.compact else 0  # Textual's compact footer gives every key a margin at its right
            placed.append(palette._replace(x=max(0, self.size.width - width - margin), width=width))
        return placed

    def _width(self, key: ShownKey) -> int:
        return sum(cell_len(text) for text, _ in self._texts(key))

    def _texts(self, key: ShownKey) -> list[tuple[str, tuple[str, ...] | None]]:
        """What a key or label shows: pieces of text with the component classes
        they are drawn in (as Textual's FooterKey and FooterLabel draw them; None
        for the key's padding, only its background)."""
        if key.where == "label":
            return [(key.description, ("game-footer--label",))]
        if key.where == "padding":
            return [(key.description, None)]
        pad = "" if self.compact else " "
        if not key.description:
            texts = [(key.display, ("footer-key--key",))]
        else:
            texts = [(f"{pad}{key.display}{pad}", ("footer-key--key",)),
                     (f" {key.description}" if self.compact else f"{key.description} ", ("footer-key--description",))]
        if key.where == "palette":
            texts = [(PALETTE_EDGE, ("game-footer--palette-edge",)), *texts, (pad, None)]  # None: its padding
        return texts

    # --- drawing ---------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        if self._line is None or self._line.cell_length != self.size.width:
            self._line = self._draw()
        return self._line

    def _draw(self) -> Strip:
        width = self.size.width
        shown = self.shown
        palette = shown[-1] if shown and shown[-1].where == "palette" else None
        room = palette.x if palette else width
        blank = self._style((), padding=True)  # where no key is, as Textual fills a container
        segments, x = [], 0
        for index, key in enumerate(shown):
            if key is palette:
                break
            if key.x > x:
                segments.append(Segment(" " * (key.x - x), blank))
            segments.extend(self._segments(key, index))
            x = key.x + key.width
        line = Strip(segments).crop_extend(0, room, blank)
        if palette is not None:
            line = Strip.join([line, Strip(self._segments(palette, len(shown) - 1))])
        return line.crop_extend(0, width, blank)

    def _segments(self, key: ShownKey, index: int) -> list[Segment]:
        layer: tuple[str, ...] = ()  # a label or a padding: on the footer's background
        if key.where not in ("label", "padding"):  # a key: on its own (as Textual's FooterKey)
            layer = ("game-footer--hover" if index == self.hovered else "game-footer--item",)
            if not key.enabled:
                layer += ("game-footer--disabled",)
        return [
            Segment(text, self._style(layer, padding=True) if classes is None else self._style(layer + classes))
            for text, classes in self._texts(key)
            if text
        ]

    def _style(self, layers: tuple[str, ...], padding: bool = False) -> Style:
        """The style of text drawn in these component classes, each over the last, over
        the footer: colours blended as Textual blends a widget's over its parents'
        (`DOMNode.rich_style`), so a key looks as Textual's FooterKey in the footer would.
        A ``padding`` has only the background (as Textual draws a widget's padding)."""
        style = self._styles.get((layers, padding))
        if style is not None:
            return style
        _, _, background, color = self.colors
        style = self.rich_style
        edge = bool(layers) and layers[-1] == "game-footer--palette-edge"
        for name in layers[:-1] if edge else layers:
            layer = self.get_component_styles(name)
            if layer.has_rule("background"):
                background += layer.background.tint(layer.background_tint)
            if layer.has_rule("color"):
                color = layer.color
            style += layer.text_style
        if padding:
            style = Style.from_color(bgcolor=background.rich_color)
        elif edge:  # a border's colour blends over the footer's background, not the key's
            _, _, below, _ = self.colors
            color = self.get_component_styles(layers[-1]).color
            style += Style(color=(below + color).rich_color)
            style += Style(bgcolor=background.rich_color if background.a else None)
        else:
            style += Style.from_color(
                (background + color).rich_color if (background.a or color.a) else None,
                background.rich_color if background.a else None,
            )
        self._styles[layers, padding] = style
        return style

    # --- the mouse -------------------------------------------------------------------
    def _key_at(self, x: int) -> int | None:
        for index, key in enumerate(self.shown):
            if key.where not in ("label", "padding") and key.x <= x < key.x + key.width:
                return index
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover(self._key_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._hover(None)

    def _hover(self, index: int | None) -> None:
        if index == self.hovered:
            return
        self.hovered = index
        self.tooltip = self.shown[index].tooltip or None if index is not None else None
        self.styles.pointer = "default" if index is None else "pointer"  # where the terminal shows pointer shapes
        self._redraw()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        index = self._key_at(event.x)
        if index is None:
            return
        key = self.shown[index]
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()
