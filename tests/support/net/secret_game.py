"""A tiny game with a secret per seat, for the SSH tests: each seat is dealt a
long unmistakable secret word; seats take turns paddling 1 or 2; reaching the
goal (12) ends the game. Its screen shows the counter and your own secret; the
true state holds every seat's, so any leak shows up in another session's bytes."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from textual.binding import Binding
from textual.widgets import Static

from river_tui.rules import registry
from river_tui.rules.core import Bot, Game, IllegalAction, Result, ScoreLine, ranked_winners
from river_tui.rules.rng import Rng
from river_tui.screens.game_base import GameScreen
from river_tui.screens.registry import register_screen

WORDS = ("OTTERSONG", "KINGFISHER", "MOONWADER", "SILTWHISPER", "REEDCROWN", "WILLOWMARK", "HERONGATE")


@dataclass(frozen=True)
class Paddle:
    strokes: int


@dataclass(frozen=True)
class SecretState:
    position: int
    turn: int
    secrets: tuple[str | None, ...]
    rng: Rng | None


class SecretGame(Game):
    id = "secret-paddle"
    title = "Secret Paddle"
    min_seats = 2
    max_seats = 3
    action_types = (Paddle,)
    hidden_information = True
    goal = 12
    """The position that ends the game."""

    def new(self, seats, options, seed):
        rng = Rng(seed)
        words = list(WORDS)
        secrets = []
        for _ in range(seats):
            secrets.append(words.pop(rng.randint(0, len(words) - 1)))
        return SecretState(0, 0, tuple(secrets), rng)

    def to_act(self, state):
        return frozenset() if state.position >= self.goal else frozenset({state.turn})

    def legal_actions(self, state, seat):
        return [Paddle(1), Paddle(2)] if seat in self.to_act(state) else []

    def apply(self, state, seat, action):
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn.")
        if action.strokes not in (1, 2):
            raise IllegalAction("You paddle 1 or 2 strokes.")
        return dataclasses.replace(
            state, position=state.position + action.strokes, turn=(seat + 1) % len(state.secrets)
        )

    def view(self, state, seat):
        hidden = tuple(s if i == seat else None for i, s in enumerate(state.secrets))
        return dataclasses.replace(state, secrets=hidden, rng=None)

    def result(self, state):
        if state.position < self.goal:
            return None
        scores = tuple(1 if i == (state.turn - 1) % len(state.secrets) else 0 for i in range(len(state.secrets)))
        return Result(scores, tuple((ScoreLine("finished", s),) for s in scores), ranked_winners(scores))

    def describe(self, state, seat, action):
        return f"Seat {seat + 1} paddled {action.strokes}"

    def round_label(self, state):
        return f"Position {state.position}"

    def bots(self):
        return {"greedy": Bot("greedy", lambda game, view, seat, rng: Paddle(2))}


class SecretScreen(GameScreen):
    BINDINGS = [
        Binding("1", "paddle(1)", "Paddle 1", id="secret_paddle1"),
        Binding("2", "paddle(2)", "Paddle 2", id="secret_paddle2"),
    ]

    def compose_board(self):
        yield Static(id="secret-board")

    def refresh_board(self):
        view = self.view
        mine = next((s for s in view.secrets if s is not None), "none")
        self.query_one("#secret-board", Static).update(f"Counter at {view.position}; your secret {mine}")

    def action_paddle(self, strokes: int):
        self.play(Paddle(strokes))


GAME = SecretGame()
registry.register(GAME)
register_screen(GAME.id, "support.net.secret_game:SecretScreen")
