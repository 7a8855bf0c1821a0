"""The hint: what the computer (the normal search, with its usual time) would do
for the seat to act, its best three choices with its estimate and why.

It thinks in the computer seats' worker process (rules/bots/advice.py), from the
seat's view only, while a line says so; the screen stays responsive and Esc
closes the panel at any time. Enter plays the highlighted choice.
"""

from __future__ import annotations

import random

from rich.console import Console
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..rules.bots.advice import TOP, Advice, advise_elsewhere
from ..rules.core import Action, Game, State
from .box_screen import BoxScreen

THINKING = "The computer is thinking about your move, as a normal computer seat would (in its own process)…"


class HintPanel(BoxScreen[Action | None]):
    """The best choices for ``seat`` from its ``view``; dismissed with the chosen
    move (Enter) or None (Esc)."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Close", id="hint_close")]

    DEFAULT_CSS = """
    HintPanel { align: center bottom; }
    HintPanel #hint { width: 78; max-width: 100%; height: auto; border: round $accent; background: $panel; padding: 0 1; }
    HintPanel OptionList { height: auto; max-height: 12; background: $panel; }
    HintPanel #hint-keys { color: $text-muted; }
    """

    def __init__(self, game: Game, view: State, seat: int, seed: int, words: callable) -> None:
        """``words(action)``: the move as advice to the seat's player (`Game.describe_as_advice`)."""
        super().__init__()
        self.game, self.view, self.seat, self.seed = game, view, seat, seed
        self.words = words
        self.advice: list[Advice] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="hint") as box:
            box.border_title = f"Hint: the computer's best {TOP}"
            yield Static(Text(THINKING), id="hint-status")
            yield OptionList(id="hint-choices")
            yield Static(Text("Enter: play the highlighted choice · Esc: close"), id="hint-keys")

    def on_mount(self) -> None:
        self.styles.background = "transparent"  # the board stays in sight
        self.query_one(OptionList).styles.border = ("none", "transparent")  # the frame is the panel's
        self.query_one(OptionList).display = False
        self.think()

    @work(thread=True, exclusive=True, group="hint")
    def think(self) -> None:
        advice = advise_elsewhere(self.game, self.view, self.seat, self.seed)
        self.app.call_from_thread(self.show, advice)

    def show(self, advice: list[Advice]) -> None:
        if not self.is_attached:
            return  # closed while it thought
        self.advice = advice
        if not advice:
            self.query_one("#hint-status", Static).update(Text("The computer has no advice for this move."))
            return
        self.query_one("#hint-status", Static).update(Text("The computer's move first, then the next it tried most:"))
        choices = self.query_one(OptionList)
        # The list's room: the panel's, less the list's own padding and scrollbar.
        width = max(20, self.query_one("#hint").content_size.width - 4)
        for number, choice in enumerate(advice, start=1):
            words = Text(self.words(choice.action), style="bold")
            line = hanging(Text(f"{number}. ", style="bold"), words, width, self.app.console)
            line.append("\n")
            estimate = Text(choice.estimate + (f": {choice.why}" if choice.why else ""))
            line.append_text(hanging(Text("   "), estimate, width, self.app.console))
            choices.add_option(Option(line))
        choices.display = True
        choices.highlighted = 0
        choices.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.advice[event.option_index].action)


def hanging(head: Text, body: Text, width: int, console: Console) -> Text:
    """``head`` then ``body`` wrapped to ``width``, its later lines under its first
    ("1. Place the lair tile ... and put" / "   a lair token on it."), not under ``head``."""
    indent = " " * head.cell_len
    lines = body.wrap(console, width - head.cell_len)
    text = head.copy()
    for index, line in enumerate(lines):
        if index:
            text.append("\n" + indent)
        text.append_text(line)
    return text


def hint_seed(table_seed: int, moves: int) -> int:
    """The hint's search seed at a position, derived as a computer seat's is."""
    return random.Random(table_seed * 7919 + moves).getrandbits(64)
