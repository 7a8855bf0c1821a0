"""Checking the Textual version the patches were written for costs the start
nothing a bare Textual app does not pay (bench/startup.py: start to the menu)."""

from __future__ import annotations

import subprocess
import sys

import textual

from river_tui.patches import textual_version

START = """
import sys
from river_tui.app.river_app import RiverApp
from river_tui import patches
patches.install()
print("importlib.metadata" in sys.modules)
"""


def test_the_version_read_is_textuals_own():
    assert textual_version() == textual.__version__


def test_starting_the_app_does_not_read_every_installed_packages_metadata():
    """`importlib.metadata` (what ``textual.__version__`` asks) imports the email
    and zip readers and reads the metadata of every installed package: 25-40 ms of
    a start, which the menu's first frame waited for."""
    out = subprocess.run([sys.executable, "-c", START], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
