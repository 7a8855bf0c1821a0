"""A border's title and subtitle, set only when their words change: Textual redraws the
whole widget whenever one is set, the same words or not, and a game screen sets them
again on each seat's screen after every move."""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget


def set_border_title(widget: Widget, title: str | Content) -> None:
    if not _reads(widget.border_title, title):
        widget.border_title = title


def set_border_subtitle(widget: Widget, subtitle: str | Content) -> None:
    if not _reads(widget.border_subtitle, subtitle):
        widget.border_subtitle = subtitle


def _reads(shown: str | None, words: str | Content) -> bool:
    """Whether the border already reads ``words`` (a str without markup, or Content):
    Textual gives a border's words back as markup."""
    return shown is not None and shown == (words if isinstance(words, Content) else Content(words)).markup
