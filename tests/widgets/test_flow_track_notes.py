"""Flow's notes under the score track take the rows the side leaves: the notes that
fit whole are shown, most needed first, and the rest left out whole, so a tall
preview never pushes the score track's lines (or half a note) out of sight."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from river_tui.widgets.flow.track_notes import TrackNotes

NOTES = [Text("D Dolphin  O Otter"), Text("● point tile\nR reservation in hand"), Text("t: light up")]


class Side(App):
    """A side 8 rows high: a preview of ``preview`` rows, then the notes."""

    CSS = "Vertical { height: 8; width: 30; } #preview { height: auto; }"

    def __init__(self, preview: int) -> None:
        super().__init__()
        self.preview_rows = preview

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("\n".join(f"preview {n}" for n in range(self.preview_rows)), id="preview")
            yield TrackNotes()


async def notes_shown(preview: int) -> list[str]:
    app = Side(preview)
    async with app.run_test(size=(40, 10)) as pilot:
        notes = app.query_one(TrackNotes)
        notes.show(NOTES)
        await pilot.pause()
        return [line.rstrip() for line in str(notes.render()).splitlines()]


async def test_every_note_shows_where_the_side_has_room():
    assert await notes_shown(3) == ["D Dolphin  O Otter", "● point tile", "R reservation in hand", "t: light up"]


async def test_the_least_needed_notes_go_whole_when_the_preview_grows():
    assert await notes_shown(5) == ["D Dolphin  O Otter", "● point tile", "R reservation in hand"]
    assert await notes_shown(6) == ["D Dolphin  O Otter"]  # 2 rows left: the two-line note does not fit whole
    assert await notes_shown(7) == ["D Dolphin  O Otter"]
    assert await notes_shown(8) == []


async def test_the_notes_come_back_when_the_preview_shrinks():
    app = Side(7)
    async with app.run_test(size=(40, 10)) as pilot:
        notes = app.query_one(TrackNotes)
        notes.show(NOTES)
        await pilot.pause()
        assert "t: light up" not in str(notes.render())
        app.query_one("#preview", Static).update("one row")
        await pilot.pause()
        assert str(notes.render()).splitlines()[-1] == "t: light up"
