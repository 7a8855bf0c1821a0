"""The way to the menu imports only what the menu needs (bench/startup.py: start to
the menu, goal 1.2x a bare Textual app). Counted, never timed: the modules a
start loads before the menu's first frame."""

from __future__ import annotations

import subprocess
import sys

import pytest

START = """
import sys
from river_tui.app.river_app import RiverApp
from river_tui import patches
patches.install()
print(" ".join(sorted(sys.modules)))
"""

NOT_AT_START = {
    "tomllib": "reads keymap.toml, which most players never write",
    "secrets": "names a save's backup link (with hmac and hashlib), when a save is written",
    "pkgutil": "walks the screens for their bindings, only to check a keymap",
}


@pytest.fixture(scope="module")
def loaded_at_start() -> set[str]:
    out = subprocess.run([sys.executable, "-c", START], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


@pytest.mark.parametrize("module", sorted(NOT_AT_START))
def test_the_start_does_not_import_what_only_later_needs(loaded_at_start, module):
    assert module not in loaded_at_start, f"{module} is imported on the way to the menu; it {NOT_AT_START[module]}"

