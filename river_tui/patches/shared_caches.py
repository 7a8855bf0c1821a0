"""Textual's caches, kept per process rather than per session.

Some of Textual's caches are keyed by an object each app makes for itself, and
they outlive the app. In a server whose sessions come and go in one process,
each finished session then left megabytes behind (bench/ssh_memory.py: some
2 MB for every session that opened a game screen), and no session could use
what another had already computed (the styles cache's part is Textual issue #6665).
`install` (idempotent) and `shared_filters` make them process-wide; a finished session
now keeps 13 KB (docs/decisions/0007):

- ``StylesCache.get_inner_outer`` is an ``lru_cache`` on a method, so its key
  holds the widget's `StylesCache`, and with it every line the widget last
  drew, for the next 1024 calls of any widget. Here it is not cached: its two
  Styles are made afresh (a Style shared by sessions of different colour depths
  would carry the escape codes of the first one to print it).
- Textual keeps what a line filter made of a line on the line itself
  (``Strip._filter_cache``, keyed by the filter object), and some lines are
  shared by every app (`Strip.blank` is cached process-wide: every widget's
  empty rows and padding). Each app has its own `ANSIToTruecolor`, so each
  session filtered those lines again and hung its results on them. A filter's
  result depends only on the line, the background and the filter's settings:
  sessions with the same settings use one filter object, and each other's results.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.style import Style
from rich.terminal_theme import TerminalTheme
from textual._styles_cache import StylesCache
from textual.color import Color
from textual.filter import ANSIToTruecolor, LineFilter

_per_instance_inner_outer = StylesCache.get_inner_outer


def _shared_inner_outer(_cache: StylesCache, base_background: Color, background: Color) -> tuple[Style, Style]:
    # Made afresh, never cached: Rich keeps a Style's escape codes on the Style, made
    # for the first colour system that prints it, so sessions of different colour
    # depths must never share one (a true-colour session was sent 256-colour codes).
    return _per_instance_inner_outer.__wrapped__(None, base_background, background)


def install() -> None:
    """``StylesCache.get_inner_outer`` keeps no widget alive, from now on."""
    if StylesCache.get_inner_outer is not _shared_inner_outer:
        _per_instance_inner_outer.cache_clear()  # let go of the widgets it holds
        StylesCache.get_inner_outer = _shared_inner_outer  # type: ignore[method-assign]


_TRUECOLOR: dict[TerminalTheme, ANSIToTruecolor] = {}
"""One `ANSIToTruecolor` per terminal theme (Textual's few themes are module constants)."""


def shared_filters(filters: Iterable[LineFilter]) -> list[LineFilter]:
    """``filters``, each app's own `ANSIToTruecolor` replaced by the one for its theme."""
    return [_truecolor(f._terminal_theme) if type(f) is ANSIToTruecolor else f for f in filters]


def _truecolor(theme: TerminalTheme) -> ANSIToTruecolor:
    shared = _TRUECOLOR.get(theme)
    if shared is None:
        shared = _TRUECOLOR[theme] = ANSIToTruecolor(theme)
    return shared
