"""The scores screen: the full breakdown, the way the rulebook scores."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from ..table import Table


class ScoresScreen(Screen[None]):
    """Final scores of a finished table: each seat's breakdown, winners, notes."""

    BINDINGS = [
        Binding("escape,q,enter", "menu", "Menu", id="scores_menu"),
        Binding("r", "replay", "Replay", id="scores_replay"),
    ]

    DEFAULT_CSS = """
    ScoresScreen #winner { padding: 1 2; text-style: bold; color: $success; }
    ScoresScreen DataTable { height: auto; margin: 0 2; }
    ScoresScreen #notes { padding: 1 2; }
    """

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.result = table.result()
        self.title = f"{table.game.title}: final scores"

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Static(self.headline(), id="winner")
            yield DataTable(id="breakdown", cursor_type="none", zebra_stripes=True)
            yield Static("\n".join(self.table.named(note) for note in self.result.notes), id="notes")
        yield Footer()

    def headline(self) -> str:
        names = [self.table.seats[s].name for s in sorted(self.result.winners)]
        if self.result.summary:
            return self.table.named(self.result.summary)
        if not names:
            return "Nobody wins."
        if len(names) == 1:
            return f"{names[0]} wins!"
        return f"{', '.join(names[:-1])} and {names[-1]} share the victory."

    def on_mount(self) -> None:
        grid = self.query_one(DataTable)
        seats = self.table.seats
        grid.add_column("")
        for index, seat in enumerate(seats):
            mark = " ★" if index in self.result.winners else ""
            grid.add_column(f"{seat.name}{mark}")
        labels: list[str] = []
        for lines in self.result.breakdown:
            for line in lines:
                if line.label not in labels:
                    labels.append(line.label)
        for label in labels:
            row = [label]
            for lines in self.result.breakdown:
                points = [line.points for line in lines if line.label == label]
                row.append(str(sum(points)) if points else "")
            grid.add_row(*row)
        grid.add_row("Total", *(str(score) for score in self.result.scores))

    def action_replay(self) -> None:
        """Step through the game that just ended, every secret revealed."""
        from .replay import open_replay

        open_replay(self.app, self.table)

    def action_menu(self) -> None:
        self.app.return_to_menu()
