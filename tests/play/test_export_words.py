"""`river-tui export` word for word: a short race worked out by hand, as a reader
of the text and a tool reading the JSON see it (the seats, the variant, each
round's heading, who made each move, the steps it set off, the final scores
lined up, shared and lost games, an unfinished game). Written against the
survivors of `records/export.py` (docs/testing.md)."""

from __future__ import annotations

import json

import pytest

from river_tui import __version__
from river_tui.play import export
from river_tui.rules.core import Result, ScoreLine
from river_tui.play.table import Seat, Table
from support.toygame import ToyGame, Step

STARTED = "2026-12-01T10:00:00+00:00"


@pytest.fixture
def wordy_race(monkeypatch):
    """The toy race with laps of 4 (counter 0-3 is lap 1), a short step told
    without the seat's name, and a line when the counter reaches 10."""
    monkeypatch.setattr(ToyGame, "round_label", lambda self, state: f"Lap {state.counter // 4 + 1}")
    plain_describe = ToyGame.describe
    monkeypatch.setattr(
        ToyGame, "describe",
        lambda self, state, seat, action: "one short step" if action == Step(1) else plain_describe(self, state, seat, action),
    )
    monkeypatch.setattr(
        ToyGame, "events",
        lambda self, before, after: ["The counter reached 10.", "The race is over."] if after.finisher is not None else [],
    )


def race(steps, names=("Ann", "Bob"), kinds=("human", "greedy")) -> Table:
    table = Table.create("toy", [Seat(n, k) for n, k in zip(names, kinds)], {}, seed=3, autosave=False)
    table.created = STARTED
    for amount in steps:
        table.apply(min(table.to_act()), Step(amount))
    return table


def test_a_finished_race_reads_move_by_move_with_the_scores_lined_up(wordy_race):
    # Ann 2 (counter 2), Bob 1 (3), Ann 2 (5), Bob 2 (7), Ann 2 (9), Bob 1 (10): Bob reaches 10.
    table = race([2, 1, 2, 2, 2, 1])
    ann, bob = table.state.secrets  # the secret cards dealt: each seat's score without the 10
    assert export.as_text(table) == "\n".join([
        "Toy Race",
        "========",
        "Seats: Ann, Bob (computer: greedy)",
        f"Seed 3, started {STARTED}",
        "6 moves",
        "",
        "-- Lap 1 --",
        "    1. Ann stepped 2  [step 2]",
        "    2. Bob: one short step  [step 1]",
        "    3. Ann stepped 2  [step 2]",
        "-- Lap 2 --",
        "    4. Bob stepped 2  [step 2]",
        "    5. Ann stepped 2  [step 2]",
        "-- Lap 3 --",
        "    6. Bob: one short step  [step 1]",
        "        The counter reached 10.",
        "        The race is over.",
        "",
        "Final scores",
        "------------",
        "Winner: Bob",
        "",
        f"Ann: {ann} points",
        f"    secret card  {ann:>5}",
        "    reached 10       0",
        "",
        f"Bob: {bob + 10} points",
        f"    secret card  {bob:>5}",
        "    reached 10      10",
    ])


def test_a_shared_game_names_every_winner_with_the_summary_and_notes(monkeypatch):
    shared = Result(
        (7, 7), ((ScoreLine("laps", 7),), (ScoreLine("laps", 7),)), frozenset({0, 1}),
        notes=("Seat 1 kept pace.", "Seat 2 kept pace."), summary="Seat 1 and Seat 2 share the race.",
    )
    monkeypatch.setattr(ToyGame, "result", lambda self, state: shared if state.finisher is not None else None)
    text = export.as_text(race([2, 2, 2, 2, 2], names=("Ann", "Åsa"), kinds=("human", "human")))
    assert text.endswith("\n".join([
        "    5. Ann stepped 2  [step 2]",
        "",
        "Final scores",
        "------------",
        "Ann and Åsa share the race.",
        "Winners: Ann, Åsa",
        "",
        "Ann: 7 points",
        "    laps      7",
        "",
        "Åsa: 7 points",
        "    laps      7",
        "",
        "Ann kept pace.",
        "Åsa kept pace.",
    ]))
    assert "Seats: Ann, Åsa\n" in text


def test_a_game_everyone_lost_says_nobody_won(monkeypatch):
    lost = Result((0, 0), ((), ()), frozenset())
    monkeypatch.setattr(ToyGame, "result", lambda self, state: lost if state.finisher is not None else None)
    text = export.as_text(race([2, 2, 2, 2, 2]))
    assert text.endswith("\n".join(["Winners: nobody", "", "Ann: 0 points", "", "Bob: 0 points"]))


def test_an_unfinished_race_says_who_is_to_act_where(wordy_race):
    text = export.as_text(race([2, 1]))
    assert text.endswith("\n".join([
        "2 moves",
        "",
        "-- Lap 1 --",
        "    1. Ann stepped 2  [step 2]",
        "    2. Bob: one short step  [step 1]",
        "",
        "Unfinished: Lap 1, Ann to act.",
    ]))


def test_an_unfinished_game_without_a_round_is_in_play(monkeypatch):
    monkeypatch.setattr(ToyGame, "round_label", lambda self, state: "")
    assert export.as_text(race([2])) == "\n".join([
        "Toy Race", "========", "Seats: Ann, Bob (computer: greedy)", f"Seed 3, started {STARTED}", "1 moves", "",
        "    1. Ann stepped 2  [step 2]", "", "Unfinished: in play, Bob to act.",
    ])


def test_the_variant_is_named_by_its_title_and_everyone_to_act_is_named():
    table = Table.create(
        "riverside", [Seat("Ann"), Seat("Bob"), Seat("Cy", "greedy")], {"variant": "extension"}, seed=2, autosave=False
    )
    assert table.to_act() == {0, 1, 2}  # Riverside's seats choose their work together
    lines = export.as_text(table).splitlines()
    assert lines[2:4] == ["Seats: Ann, Bob, Cy (computer: greedy)", "Variant: Extension"]
    assert lines[-1].endswith(", Ann, Bob, Cy to act.")
    assert json.loads(export.as_json(table))["variant"] == "extension"


def test_the_json_record_is_every_field_a_tool_reads(monkeypatch):
    monkeypatch.setattr(ToyGame, "round_label", lambda self, state: f"Counter {state.counter}")
    table = race([2, 1], names=("Ann", "Åsa"), kinds=("human", "random"))
    out = export.as_json(table)
    assert out == json.dumps({
        "format": "river-tui-record",
        "version": 1,
        "app_version": __version__,
        "game": "toy",
        "title": "Toy Race",
        "variant": None,
        "options": {},
        "seed": 3,
        "created": STARTED,
        "seats": [{"seat": 0, "name": "Ann", "kind": "human"}, {"seat": 1, "name": "Åsa", "kind": "random"}],
        "finished": False,
        "round": "Counter 3",
        "to_act": [0],
        "moves": [
            {"number": 1, "seat": 0, "name": "Ann", "round": "Counter 0", "action": ["Step", 2], "move": "step 2", "lines": ["Ann stepped 2"]},
            {"number": 2, "seat": 1, "name": "Åsa", "round": "Counter 2", "action": ["Step", 1], "move": "step 1", "lines": ["Åsa stepped 1"]},
        ],
        "result": None,
    }, indent=1, ensure_ascii=False)
    assert '\n "format": "river-tui-record",\n' in out and "Åsa" in out  # one space a level; names as they are
