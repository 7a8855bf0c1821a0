"""Fixtures shared by every test: a private RIVER_TUI_HOME, the toy game registered."""

from __future__ import annotations

import pytest

from river_tui import patches
from river_tui.rules import registry

from support.never_ending import never_ending  # noqa: F401 (a fixture for every test)
from support.toygame import GAME as TOY_GAME

registry.register(TOY_GAME)


def pytest_collection_modifyitems(config, items):
    """With ``RIVER_TUI_PATCHES=off`` (`make test` runs the UI tests so too), the tests
    of the patches themselves are skipped: every other test must pass without them."""
    if not patches.install():
        skip = pytest.mark.skip(reason="checks one of Textual's patches, which are off")
        for item in items:
            if "patches" in item.keywords:
                item.add_marker(skip)


@pytest.fixture(autouse=True)
def river_home(tmp_path, monkeypatch):
    """Every test gets its own empty data dir, so no test sees another's saves."""
    home = tmp_path / "river-home"
    monkeypatch.setenv("RIVER_TUI_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def colour_terminal(monkeypatch):
    """Tests draw for a true-colour terminal, whatever terminal runs them (NO_COLOR
    or TERM=dumb there would turn every screen grey, TERM=xterm bring it down to 16
    colours); tests of other terminals ask for them."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLORTERM", "truecolor")


@pytest.fixture(autouse=True)
def no_cursor_blink(monkeypatch):
    """Snapshots and Pilot runs are steadier with blinking cursors turned off."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "cursor_blink", False, raising=False)
