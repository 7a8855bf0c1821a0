"""A seat played by a program through the line protocol (protocol.py): told the
game, asked for each of its moves with its view and legal moves, told every move
and the end. An answer that is late, garbage or too much is refused in one
sentence, to the program and to the table, and the computer plays that move; a
program that ended leaves the rest of its moves to the computer."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ..play.table import Table
from ..rules.core import Action
from ..rules.notation import notation_of
from .program import CLOSED, TOO_MUCH, LineChannel
from .protocol import PROTOCOL, BadAnswer, as_data, line, read_answer

DEFAULT_TIME_LIMIT = 10.0
"""Seconds a program has for a move unless told otherwise."""


class ProgramSeat:
    def __init__(self, table: Table, seat: int, channel: LineChannel, time_limit: float = DEFAULT_TIME_LIMIT,
                 rng: random.Random | None = None) -> None:
        self.table = table
        self.seat = seat
        self.channel = channel
        self.time_limit = time_limit
        self.rng = rng or random.Random(table.seed)
        self.notation = notation_of(table.game)
        self.turns = 0
        self.gone = False
        self.problems: list[str] = []
        """What was wrong with the program's answers, in order (also said to the table)."""

    def hello(self) -> None:
        game = self.table.game
        self._send({
            "type": "hello", "protocol": PROTOCOL, "game": game.id, "title": game.title, "seat": self.seat,
            "seats": [s.name for s in self.table.seats], "time_limit": self.time_limit,
            "verbs": [verb.word for verb in self.notation.verbs],
        })

    def moved(self, lines: Sequence[str]) -> None:
        if lines:
            self._send({"type": "moved", "lines": list(lines)})

    def finish(self) -> None:
        result = self.table.result()
        if result is not None:
            self._send({"type": "end", "scores": list(result.scores), "winners": sorted(result.winners),
                        "summary": self.table.named(result.summary)})
        self.channel.close()

    def choose(self) -> tuple[Action, str | None]:
        """The program's move, or the computer's and why the program's was refused."""
        legal = list(self.table.legal_actions(self.seat))
        if self.gone:
            return self._computer(), None
        self.turns += 1
        unasked = self.channel.drop_waiting()
        if unasked:
            self._send({"type": "error", "reason": f"{unasked} line{'s' if unasked > 1 else ''} came unasked "
                        "and were passed over: answer each turn with one line."})
        written = [self.notation.format(a) for a in legal]
        self._send({
            "type": "turn", "turn": self.turns, "round": self.table.game.round_label(self.table.state),
            "view": as_data(self.table.view(self.seat)), "legal": written, "time_limit": self.time_limit,
        })
        try:
            return self._answer(written, legal), None
        except BadAnswer as err:
            problem = err.reason
        if self.channel.closed:
            self.gone = True
        self.problems.append(problem)
        action = self._computer()
        self._send({"type": "error", "turn": self.turns, "reason": problem,
                    "played_by_computer": self.notation.format(action)})
        return action, problem

    def _answer(self, written: list[str], legal: list[Action]) -> Action:
        deadline = time.monotonic() + self.time_limit
        while True:
            raw = self.channel.next_line(max(0.0, deadline - time.monotonic()))
            if raw is None:
                raise BadAnswer(f"No answer came within {self.time_limit:g} seconds.")
            if raw == CLOSED:
                raise BadAnswer("The program ended (its output closed); the computer plays its moves from now on.")
            if raw == TOO_MUCH:
                raise BadAnswer("The answer was too long (a move is one short line).")
            action = read_answer(raw, self.turns, written, legal)
            if action is not None:
                return action  # None: an answer to an earlier turn, come late: wait on

    def _computer(self) -> Action:
        return self.table.bot_choice(self.seat, self.rng)

    def _send(self, message: dict) -> None:
        if not self.channel.send(line(message)):
            self.gone = True
