"""Riverside's colours as the widgets draw them: every colour is paired with its
letter (W Y B U P, S for the stave church, G for the green die), never shown by
colour alone."""

from __future__ import annotations

from rich.text import Text

from ..rules.riverside.components import CHURCH, LETTERS

STYLES: dict[str, str] = {
    "white": "bold bright_white",
    "yellow": "bold yellow",
    "brown": "bold dark_orange3",
    "blue": "bold dodger_blue1",
    "pink": "bold hot_pink",
    CHURCH: "bold medium_purple1",
    "green": "bold green",
}

SEAT_EMPTY, SEAT_CROSSED = "○", "●"
ROYAL_EMPTY, ROYAL_CROSSED = "◇", "◆"
CURSOR = "›"


def tag(colour: str, value: int | str = "", extra: str = "") -> Text:
    """A colour's letter and a number in its colour, e.g. ``Y11``."""
    return Text(f"{LETTERS[colour]}{value}", style=f"{STYLES[colour]} {extra}".strip())


def village_label(village: tuple[tuple[str, int], ...], extra: str = "") -> Text:
    """``P6Y5``: each colour's letter and value, in its colour."""
    label = Text()
    for target, value in village:
        label.append_text(tag(target, value, extra))
    return label
