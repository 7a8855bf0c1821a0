"""The key to Riverside's marks in two lines, for terminals too short for the whole
key (under 34 lines, 80x24 among them): what the sheet's marks mean while dice and
seats are chosen, and while a village is chosen the best villages in range (as the
rules count what each would score now) and the river's marks. Each line is the
longest of its wordings that fits the width: a newcomer reads every mark without
opening help."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from rich.text import Text

from ...rules.riverside.components import POWER_NAMES, POWERS
from ...rules.riverside.excursions import Outlook, best_score
from .glyphs import village_label
from .outlook_words import SHORT, village_outlook_words
from .score_sheet import POWER_ABBREVIATIONS

SHEET_MARKS = (
    "Sheet: ○ seat ● crossed ◇ royal seat (both: its power) · ✓6 ticket points · +2W bonus: 2 white seats"
    " · ! bonus waiting",
    "○ seat ● crossed ◇ royal seat · ✓6 ticket points · +2W bonus: 2 white seats · ! waiting",
    "○ seat ● crossed ◇ royal seat · ✓6 ticket points · +2W bonus: 2 white seats",
)
POWERS_LINE = (
    "Royal powers, [✓] ready [×] used: " + ", ".join(f"{POWER_ABBREVIATIONS[p]} {POWER_NAMES[p]}" for p in POWERS),
    ", ".join(f"{POWER_ABBREVIATIONS[p]} {POWER_NAMES[p]}" for p in POWERS),
)
RIVER_MARKS = (
    "River: ◆ ship  ⚑ anchor  ○ village  • in range  ◌ nothing to score there  ▾▴ cursor  ┊ passage"
    " · V: every village",
    "River: ◆ ship ⚑ anchor • in range ◌ nothing to score ▾ cursor · V: every village",
    "◆ ship ⚑ anchor • in range ◌ nothing to score · V: every village",
)
VILLAGE = tuple[tuple[tuple[str, int], ...], int, tuple[Outlook, ...]]
"""A village as the best line names it: its colours and values, how far, its outlook."""


def fitted(forms: Sequence[str], width: int) -> str:
    """The first (longest) of ``forms`` no wider than ``width``, else the last."""
    return next((form for form in forms if len(form) <= width), forms[-1])


@lru_cache(maxsize=8)
def sheet_key(width: int) -> Text:
    """The sheet's marks and the royal powers' short names, a line each (one text per
    width, drawn once: callers never change it)."""
    return Text(f"{fitted(SHEET_MARKS, width)}\n{fitted(POWERS_LINE, width)}", style="dim")


def river_key(best: Sequence[VILLAGE], width: int) -> Text:
    """The villages in range, ``best`` first (as many as fit the line), what each
    would score now; then the river's marks."""
    if not best:
        head = "No village in range to go to."
    elif best_score(best[0][2]):
        head = "Best in range: "
    else:
        head = "Nothing in range scores now: "
    line = Text(head, style="bold")
    for i, (village, distance, outlook) in enumerate(best):
        entry = Text(" · " if i else "")
        entry.append_text(village_label(village))
        entry.append(f" {f'{distance} away' if distance else 'here'}: {village_outlook_words(outlook, SHORT)}")
        if line.cell_len + entry.cell_len > width:
            break
        line.append_text(entry)
    line.append("\n")
    line.append(fitted(RIVER_MARKS, width), style="dim")
    return line
