"""A minimal screen for the toy game, so the app's shared screens can be tested."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Static

from river_tui.screens.game_base import GameScreen
from river_tui.screens.registry import register_screen
from support.toygame import Roll, Step


class ToyScreen(GameScreen):
    BINDINGS = [
        Binding("1", "step(1)", "Step 1", id="toy_step1"),
        Binding("2", "step(2)", "Step 2", id="toy_step2"),
        Binding("3", "step(3)", "Step 3", id="toy_step3"),
        Binding("r", "roll", "Roll", id="toy_roll"),
    ]

    def compose_board(self):
        yield Static(id="toy-board")

    def refresh_board(self):
        view = self.view
        secrets = " ".join("?" if s is None else str(s) for s in view.secrets)
        self.query_one("#toy-board", Static).update(f"Counter {view.counter}  secrets {secrets}")

    def action_step(self, amount: int):
        self.play(Step(amount))

    def action_roll(self):
        self.play(Roll())


register_screen("toy", "support.toyscreen:ToyScreen")
