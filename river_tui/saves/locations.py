"""Where River TUI keeps its files: ``RIVER_TUI_HOME`` if set, else the platform's
user data and config directories."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "river-tui"


def data_dir() -> Path:
    home = os.environ.get("RIVER_TUI_HOME")
    return Path(home) if home else Path(platformdirs.user_data_dir(APP_NAME))


def config_dir() -> Path:
    home = os.environ.get("RIVER_TUI_HOME")
    return Path(home) / "config" if home else Path(platformdirs.user_config_dir(APP_NAME))


def saves_dir() -> Path:
    return data_dir() / "saves"
