"""Every village of the river while a player chooses where to go, nearest first:
how far, and what each of its colours would score now against the boat's last
score (✗ and the rulebook's reason where the sheet would refuse it). Shown where
the terminal is tall enough for the glyphs' key, in its place."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from rich.text import Text

from ...rules.riverside.excursions import Outlook, best_score
from .glyphs import village_label
from .outlook_words import LONG, MEDIUM, SHORT, village_outlook_words
from ...rules.riverside.components import TILES


def village_list(tiles: tuple[str, ...], distance: tuple[int, ...], reach: int,
                 outlooks: Mapping[int, tuple[Outlook, ...]], cursor: int | None,
                 visited: Collection[int], width: int) -> Text:  # fmt: skip
    """``tiles`` by slot, ``distance`` from the ship to each slot, ``outlooks`` of
    every slot; one wording for every line, the longest that fits ``width``."""
    slots = sorted(range(len(tiles)), key=lambda s: (distance[s], s))
    for length in (LONG, MEDIUM, SHORT):
        lines = [_line(TILES[tiles[slot]].village, distance[slot], reach, outlooks[slot], slot == cursor,
                       slot in visited, length) for slot in slots]
        if all(line.cell_len <= width for line in lines):
            break
    text = Text(f"Villages, nearest first (your range: {reach}): what each colour would score now", style="bold")
    for line in lines:
        text.append("\n")
        text.append_text(line)
    return text


def _line(village, distance: int, reach: int, outlook: tuple[Outlook, ...], pointed: bool, visited: bool,
          length: int) -> Text:  # fmt: skip
    """``▸ Y4U7    2 away  yellow 12 > your 11 ✓; blue 14 ✗ not higher than your 14``."""
    label = village_label(village)
    line = Text("▸ " if pointed else "  ")
    line.append_text(label)
    line.append(" " * (7 - label.cell_len) + f"{distance:>2} away  ")
    if visited:
        line.append("visited this round", style="dim strike")
    else:
        near = distance <= reach
        words = village_outlook_words(outlook, length) + ("" if near else " (out of range)")
        line.append(words, style="" if near and best_score(outlook) else "dim")
    if pointed:
        line.stylize("bold")
    return line
