"""The one place River TUI uses Textual's and Rich's private names.

Two kinds live here, each in a module of its own whose docstring says what Textual
does, what the module does instead, why, and the figure it bought:

- **Patches** change how Textual draws or keeps things, never what a player sees:
  `compositor` (partial updates draw only what they send; the recap box drawn over a
  screen), `steady_scrollbar`, `lean_strips`, `shared_css`, `shared_caches`,
  `steady_header`, `quick_keys` (the footer's keys, bindings and scroll ranges read
  straight from Textual's tables), `print_capture`. `install()` puts them in, once,
  only on the Textual they were written for (`WRITTEN_FOR`); on any other version, or
  with ``RIVER_TUI_PATCHES=off`` in the environment, the app runs without them
  (slower, never wrong) and the log says so once. Every feature has a path through
  Textual's public API alone: the functions here answer None or False when the
  patches are off, and the caller takes that path.
- **Borrowed names** (`borrowed`): private functions Textual offers no public way to
  reach (its terminal input parser, its key names for characters, the active app of
  a task, the console's colour system). They change nothing in Textual and are used
  whatever `install()` decided; tests/patches/test_borrowed_names.py fails on the
  Textual where one of them is gone.

tests/patches/test_private_names_fenced.py fails on any private name of Textual or
Rich used outside this package.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import textual

WRITTEN_FOR = frozenset({"8.2.8"})
"""The Textual versions every patch here was written for and tested with."""
SWITCH = "RIVER_TUI_PATCHES"
"""``RIVER_TUI_PATCHES=off`` runs without the patches (`make test` runs the UI tests so too)."""

log = logging.getLogger(__name__)
_decided: bool | None = None


def install() -> bool:
    """Put every patch in (once, before any app or screen is made); whether they are in."""
    global _decided
    if _decided is None:
        _decided = _wanted()
        if _decided:
            from . import compositor, lean_strips, steady_scrollbar

            steady_scrollbar.install()
            compositor.install()
            lean_strips.install()
    return _decided


def installed() -> bool:
    """Whether the patches are in (`install` was called and put them in)."""
    return bool(_decided)


def _wanted() -> bool:
    if os.environ.get(SWITCH, "").lower() == "off":
        log.info("Textual's patches are off (%s=off): drawing is slower, never different.", SWITCH)
        return False
    version = textual_version()
    if version not in WRITTEN_FOR:
        log.warning(
            "Textual %s is not the version River TUI's patches were written for (%s): running "
            "without them (slower, never different).", version, ", ".join(sorted(WRITTEN_FOR)),
        )  # fmt: skip
        return False
    return True


def textual_version() -> str:
    """The installed Textual's version, from the name of its metadata folder beside it
    when there is exactly one. (``textual.__version__`` asks `importlib.metadata`,
    which imports the email and zip readers and reads every installed package's
    metadata: 25-40 ms of the app's start on the project's VM, none of which a bare
    Textual app pays.) Anything else: ``textual.__version__``."""
    found = list(Path(textual.__file__).parent.parent.glob("textual-*.dist-info"))
    if len(found) == 1:
        return found[0].name.removeprefix("textual-").removesuffix(".dist-info")
    return textual.__version__


# --- what the rest of River TUI calls: each answers None or False with the patches off


def show_overlay(screen, overlay) -> bool:
    """Draw ``overlay`` (see `compositor.Overlay`) over ``screen`` (None: none); False
    when the patches are off (the caller draws it with a widget)."""
    if not installed():
        return False
    from .compositor import show_overlay as show

    return show(screen, overlay)


def one_of_many_sessions(app) -> None:
    """``app`` is one of a server's sessions (just made): it shares Textual's caches and
    parsed CSS with the others, and leaves the process's prints alone when it ends."""
    if installed():
        from . import print_capture, shared_caches
        from .shared_css import SharedStylesheet

        shared_caches.install()
        app.stylesheet = SharedStylesheet(variables=app.get_css_variables())
        print_capture.release(app)


def shared_filters(filters: list) -> list:
    """``filters`` as objects every session with the same settings shares (as they are, with the patches off)."""
    if not installed():
        return filters
    from .shared_caches import shared_filters as shared

    return shared(filters)


def footer_keys(screen) -> tuple[tuple[str, str, bool], ...] | None:
    """(key, action, enabled) of each key ``screen``'s footer shows (None with the patches off)."""
    if not installed():
        return None
    from .quick_keys import footer_keys as keys

    return keys(screen)


def set_scroll_range(widget, size) -> bool:
    """Set ``widget``'s scrollbars' range for a content of ``size`` as a layout would;
    False with the patches off (the caller lays the widget out)."""
    if not installed():
        return False
    from .quick_keys import set_scroll_range as set_range

    set_range(widget, size)
    return True


def steady_header(widgets):
    """A `Header`'s widgets, its title one whose new words lay nothing out (as they are
    with the patches off)."""
    if not installed():
        return widgets
    from .steady_header import steadied

    return steadied(widgets)
