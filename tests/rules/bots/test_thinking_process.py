"""The thinking process as the player waiting for a computer seat depends on it:
every request gets an answer (a move, or why there is none) and the worker goes
on serving; a worker that dies is not used again and the decision is made here
instead; a message cut short is never taken for an answer. Written against the
survivors of `make mutate` (docs/testing.md)."""

from __future__ import annotations

import io
import random

import pytest

from river_tui.rules.bots import bot_catalogue, thinking_process, thinking_worker
from river_tui.rules.registry import get_game


def first_position():
    game = get_game("glassworks")
    state = game.new(2, {}, 5)
    seat = min(game.to_act(state))
    return game, state, seat


def requests(*items) -> io.BytesIO:
    stream = io.BytesIO()
    for item in items:
        thinking_process._send(stream, item)
    stream.seek(0)
    return stream


def answers(stream: io.BytesIO) -> list:
    stream.seek(0)
    out = []
    while True:
        try:
            out.append(thinking_process._receive(stream))
        except EOFError:
            return out


def test_the_worker_answers_each_request_and_stops_when_its_input_ends():
    game, state, seat = first_position()
    view = game.view(state, seat)
    sent = io.BytesIO()
    thinking_worker.serve(requests(("glassworks", "easy", view, seat, 1), ("chess", "easy", view, seat, 2)), sent)
    (ok, move), (failed, why) = answers(sent)
    assert ok is True and move in game.legal_actions(state, seat)
    assert failed is False and why.startswith("KeyError: \"There is no game called 'chess'")


def test_a_message_cut_short_is_never_an_answer():
    whole = requests("a move").getvalue()
    for cut in (whole[:5], whole[:-1]):
        with pytest.raises(EOFError):
            thinking_process._receive(io.BytesIO(cut))


def test_a_worker_says_why_it_could_not_think_and_goes_on_serving():
    game, state, seat = first_position()
    worker = thinking_process.Worker()
    try:
        with pytest.raises(RuntimeError, match=r"^the thinking process failed: KeyError: .There is no game called 'chess'"):
            worker.think("chess", "easy", game.view(state, seat), seat, 1)
        assert worker.think("glassworks", "easy", game.view(state, seat), seat, 1) in game.legal_actions(state, seat)
    finally:
        worker.stop()


def test_a_killed_worker_is_not_used_again_and_the_move_is_still_made(monkeypatch):
    monkeypatch.setattr(thinking_process, "_idle", [])
    game, state, seat = first_position()
    bot = bot_catalogue(game, separate_process=True)["normal"]
    first = bot.choose(game, game.view(state, seat), seat, random.Random(1))
    [worker] = thinking_process._idle  # kept for the next decision
    worker.process.kill()
    worker.process.wait()
    second = bot.choose(game, game.view(state, seat), seat, random.Random(2))
    assert {first, second} <= set(game.legal_actions(state, seat))
    assert thinking_process._idle == []  # the dead one was let go; this decision was made here


def test_the_same_request_gets_the_same_move_from_the_worker():
    """A decision is repeatable: the worker plays the seed it is sent, so a
    seeded game's computer seats make the same moves again."""
    game, state, seat = first_position()
    assert len(game.legal_actions(state, seat)) > 3  # a random choice could differ
    sent = io.BytesIO()
    thinking_worker.serve(requests(*[("glassworks", "random", game.view(state, seat), seat, 7)] * 5), sent)
    moves = answers(sent)
    assert len(moves) == 5 and len(set(moves)) == 1 and moves[0][0] is True
