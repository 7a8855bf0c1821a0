"""Finding words cut on the screen as the terminal shows it, in any widget: a row
whose words run into the widget's right edge mid-word, and rows of words a container
hides below (or beside) its edge without a scrollbar saying there is more."""

from __future__ import annotations

import re

from textual.geometry import Region
from textual.widget import Widget

from support.screen_text import screen_lines

WORD_END = re.compile(r"(\w+)$")


def _shown(app) -> dict[Widget, tuple[Region, Region]]:
    return app.screen._compositor.visible_widgets


def _whole_text(widget: Widget) -> str | None:
    """What ``widget`` would say, all of it, where Textual can tell (a Static, a Label;
    a widget that fits its words to its room, as the "Last: ..." line does, keeps
    them whole in ``words``)."""
    words = getattr(widget, "words", None)
    if isinstance(getattr(words, "plain", None), str):
        return words.plain
    try:
        visual = widget.render()
    except Exception:  # a Line API widget draws by lines: no whole text to compare with
        return None
    plain = getattr(visual, "plain", visual)
    return plain if isinstance(plain, str) else None


def _scrolls_to_it(widget: Widget) -> bool:
    """Whether a container around ``widget`` shows a scrollbar: the rest is there to scroll to."""
    return any(getattr(a, "show_vertical_scrollbar", False) or getattr(a, "show_horizontal_scrollbar", False)
               for a in widget.ancestors)


def _rows_of_words(app):
    """(widget, y, its row y as shown, whether the row is as wide as the widget's room,
    its whole text with spaces made single) for each row of each widget whose whole
    text is known."""
    lines = [strip.text for strip in screen_lines(app)]
    for widget, (region, clip) in _shown(app).items():
        whole = _whole_text(widget)
        if not whole:
            continue
        room = widget.content_region.intersection(clip)
        for y in range(room.y, room.bottom):
            row = lines[y][room.x : room.right]
            yield widget, y, row, len(row) == room.width, " ".join(whole.split())


def _goes_on_in_a_word(words: str, shown: str) -> bool:
    """Whether the whole text ``words`` goes on inside a word where ``shown`` (its last
    20 characters found in it) stops."""
    tail = " ".join(shown.split())[-20:]
    at = words.find(tail)
    return at >= 0 and at + len(tail) < len(words) and words[at + len(tail)].isalnum()


def cut_at_the_edge(app) -> list[str]:
    """Rows of a widget ending at its right edge inside a word that its whole text
    goes on with (a row ending "…" says it was cut: not counted)."""
    return [f"{type(widget).__name__}#{widget.id} row {y}: {row.strip()[-40:]!r} is cut"
            for widget, y, row, full, words in _rows_of_words(app)
            if full and WORD_END.search(row) and _goes_on_in_a_word(words, row)]


def cut_before_an_ellipsis(app) -> list[str]:
    """Rows where a "…" that more words follow ("… (L: log)") ends a word its widget's
    whole text goes on with: "from the l… (L: log)" reads as a typo, not as more to come."""
    found = []
    for widget, y, row, _, words in _rows_of_words(app):
        for at in (m.start() for m in re.finditer("…", row)):
            before, after = row[:at], row[at + 1 :]
            if after.strip() and before[-1:].isalnum() and _goes_on_in_a_word(words, before):
                found.append(f"{type(widget).__name__}#{widget.id} row {y}: {row.strip()[-40:]!r} cuts a word")
    return found


def hidden_rows(app) -> list[str]:
    """Widgets a container cuts short, whose hidden rows hold words, where no scrollbar
    shows there is more."""
    found = []
    for widget, (region, clip) in _shown(app).items():
        if widget.children and any(child in _shown(app) for child in widget.children):
            continue  # a container: its children are looked at
        seen = region.intersection(clip)
        if seen == region or _scrolls_to_it(widget):
            continue
        hidden = []
        for y in range(region.height):
            if region.y + y < seen.y or region.y + y >= seen.bottom:
                hidden += [strip.text for strip in widget.render_lines(Region(0, y, region.width, 1))]
        words = " ".join(" ".join(hidden).split(" ")).strip(" │╰╯─")
        if any(ch.isalnum() for ch in words):
            found.append(f"{type(widget).__name__}#{widget.id}: {region.height - seen.height} rows hidden ({words[:50]!r})")
    return found


def too_short(app) -> list[str]:
    """Widgets whose words need more rows than they are given, which do not scroll:
    the last rows' words are never shown."""
    from textual.containers import ScrollableContainer
    from textual.scroll_view import ScrollView
    from textual.scrollbar import ScrollBar

    found = []
    for widget, (region, clip) in _shown(app).items():
        if isinstance(widget, (ScrollView, ScrollableContainer, ScrollBar)) or (widget.children and any(
                child in _shown(app) for child in widget.children)):
            continue
        room = widget.content_region
        if not room.width or not room.height:
            continue
        needed = widget.get_content_height(room.size, app.screen.size, room.width)
        if needed > room.height:
            found.append(f"{type(widget).__name__}#{widget.id}: its words need {needed} rows, it has {room.height}")
    return found


def cut_words(app) -> list[str]:
    """Every word cut on the app's screen, said as where and how."""
    return cut_at_the_edge(app) + cut_before_an_ellipsis(app) + hidden_rows(app) + too_short(app)
