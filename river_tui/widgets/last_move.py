"""The line that says what the last move was, so nobody needs the log for it.

Boards mark what that move changed with `LAST_MARK` and the ``-last`` style
(reverse, underline or bold: never colour alone); this line names the mark.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widgets import Static

from ..safe_text import plain

LAST_MARK = "✦"
"""The glyph beside everything the last move (or run of others' moves) changed."""

MOST_ROWS = 2
"""The rows the line may take; a longer one ends in `MORE` (the log, L, has it whole)."""
MORE = "… (L: log)"
"""The end of a line too long for its rows: that it goes on, and the key that shows it
whole (a bare "…" read as cut to newcomers)."""


class LastMove(Static):
    """"✦ Last: Computer 1 placed Madeira (lair) on D3, turned 90°": one row, or
    two where the words need them (``grows``; else the rows its style gives), never
    cut inside a word: a longer one ends in `MORE`, naming the key to the whole line."""

    DEFAULT_CSS = """
    LastMove {
        height: 1;
        padding: 0 1;
    }
    """

    def __init__(self, *args, grows: bool = True, **kwargs) -> None:
        """``grows``: the line takes a second row only while its words need it (else
        it keeps the rows its styles give it: a board with fixed room for it)."""
        kwargs.setdefault("markup", False)  # the line holds players' names
        super().__init__(*args, **kwargs)
        self._grows = grows
        self.line = ""
        self.words = Text("")
        """The whole line, before it is fitted to the width."""
        self._fitted: tuple[int, str] | None = None

    def show(self, line: str) -> None:
        """Say ``line`` (the last move in words; "" before the first move)."""
        if line == self.line:
            return
        self.line = line
        self.words = Text.assemble((f"{LAST_MARK} Last: ", "bold"), plain(line)) if line else Text("")
        self._fit()

    @property
    def grows(self) -> bool:
        return self._grows

    @grows.setter
    def grows(self, grows: bool) -> None:
        if grows == self._grows:
            return
        self._grows, self._fitted = grows, None
        if not grows:
            self.styles.height = None  # the rows its styles give
        self._fit()

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def _fit(self) -> None:
        """Wrap the words to the width, at most `MOST_ROWS` rows, the last ending in
        `MORE` when they need more; the row count changes (a new layout) only when the
        words need another."""
        width = self.content_size.width
        if not width:
            self.update(self.words, layout=False)  # laid out yet: fitted on the first resize
            return
        if self._fitted == (width, self.line):
            return
        self._fitted = (width, self.line)
        room = MOST_ROWS if self.grows else max(1, self.size.height)
        rows = self.words.wrap(self.app.console, width)
        if len(rows) > room:
            rows = rows[:room]
            rows[-1] = _before_more(rows[-1], width)
        if self.grows:
            wanted = max(1, len(rows))
            if self.styles.height is None or self.styles.height.value != wanted:
                self.styles.height = wanted
        self.update(Text("\n").join(rows), layout=False)


def _before_more(row: Text, width: int) -> Text:
    """``row`` shortened to leave `MORE` room at its end, at the end of a word (a word
    cut before the "…" read as a typo: "from the l… (L: log)"), then `MORE`."""
    row = row.copy()
    row.rstrip()
    room = width - len(MORE)
    if len(row.plain) > room:
        words_end = row.plain.rfind(" ", 0, room + 1)
        row.truncate(words_end if words_end > 0 else room)
        row.rstrip()
    row.append(MORE, style="dim")
    return row
