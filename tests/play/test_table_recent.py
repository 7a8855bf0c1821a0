"""The table as a player meets it between turns: "since your last turn" seen
through the seat's own eyes (and at a replay's position), a seat taken over by a
person, undo's words and what it leaves, and Continue passing over saves that do
not open. Written against the survivors of `table.py` (docs/testing.md).

The toy race is given a `changes` of its own here: a move to an odd count shows
nothing (like another seat's hidden step), any other move says where the count
went and how many secret cards the looking seat has in sight (its own: one; a
spectator: none), so what a seat is told shows whose eyes it went through."""

from __future__ import annotations

from dataclasses import replace

import pytest

from river_tui.rules.changes import Changes
from river_tui.saves import store
from river_tui.saves.format import SaveError
from river_tui.play.table import Seat, Table, UndoRefused, resume_latest
from support.toygame import Step, ToyGame


def changes_in_sight(self, before, after, actor):
    marks = frozenset({("counter", after.counter)})
    if after.counter % 2:
        return Changes(marks)
    in_sight = sum(card is not None for card in after.secrets)
    return Changes(marks, (("Moves", f"Seat {actor + 1} made it {after.counter}, seeing {in_sight}"),
                           ("Cards", f"{in_sight} in sight")))


@pytest.fixture
def race(monkeypatch):
    monkeypatch.setattr(ToyGame, "changes", changes_in_sight)

    def play(*steps, names=("Ann", "Bob", "Cy")):
        table = Table.create("toy", [Seat(n) for n in names], {}, seed=3, autosave=False)
        for amount in steps:
            table.apply(min(table.to_act()), Step(amount))
        return table
    return play


def test_since_your_last_turn_is_seen_through_your_own_eyes(race):
    table = race(2, 2, 1)  # Ann to 2, Bob to 4, Cy to 5 (shows nothing)
    recent = table.recent(0)
    assert recent.others == 2
    assert recent.last == "Bob made it 4, seeing 1"  # Cy's move showed nothing: Bob's is the last seen
    assert recent.marks == {("counter", 4), ("counter", 5)}  # everything since Ann moved
    # what Ann's own move set off first, then the others' moves
    assert recent.summary == ("Cards: 1 in sight (×2)", "Moves: Bob made it 4, seeing 1")


def test_a_spectator_sees_the_last_move_through_no_seats_eyes(race):
    table = race(2, 2)
    recent = table.recent(None)
    assert (recent.last, recent.others, recent.summary, recent.marks) == (
        "Bob made it 4, seeing 0", 0, (), {("counter", 4)})


def test_right_after_the_first_move_the_next_seat_is_told_of_it(race):
    recent = race(2).recent(1)
    assert (recent.last, recent.others) == ("Ann made it 2, seeing 1", 1)
    assert recent.summary == ("Moves: Ann made it 2, seeing 1", "Cards: 1 in sight")


def test_a_seat_that_has_just_moved_keeps_its_own_moves_marks(race):
    recent = race(2, 2).recent(1)
    assert (recent.others, recent.last, recent.marks) == (0, "Bob made it 4, seeing 1", {("counter", 4)})


def test_at_a_replays_position_nothing_later_is_told(race):
    table = race(1, 2, 2)  # Ann to 1 (shows nothing), Bob to 3 (nothing), Cy to 5 (nothing)... all odd
    assert table.recent(1, moves=1).last == ""  # only Ann's move so far, and it showed nothing
    table = race(2, 2, 2)  # Ann to 2, Bob to 4, Cy to 6
    before_cy = table.recent(2, moves=2)  # Cy has not moved yet at position 2
    assert before_cy.others == 2 and before_cy.last == "Bob made it 4, seeing 1"
    assert before_cy.summary == ("Moves: Ann made it 2, seeing 1; Bob made it 4, seeing 1", "Cards: 1 in sight (×2)")


def test_a_seat_taken_by_a_person_bears_their_name_in_the_log_written_before(race):
    table = Table.create("toy", [Seat("Ann"), Seat("Computer 2", "random")], {}, seed=3, autosave=False)
    table.apply(0, Step(2))
    table.apply(1, Step(1))
    table.seat_taken(1, "Bea")
    assert table.lines == ["Ann stepped 2", "Bea stepped 1"]
    assert table.seats[1].is_human and table.human_seats_to_act() == [0]


def test_undo_takes_back_the_move_and_only_its_lines_and_tells_the_screens(race):
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3, autosave=False)
    told = []
    table.listeners.append(told.append)
    for amount in (2, 1, 2):
        table.apply(min(table.to_act()), Step(amount))
    assert table.undo() == 1
    assert table.lines == ["Ann stepped 2", "Bob stepped 1"] and told[-1] is table


def test_with_no_move_of_a_person_undo_says_so():
    table = Table.create("toy", [Seat("Ann", "random"), Seat("Bob", "random")], {}, seed=3, autosave=False)
    table.apply(0, Step(1))
    with pytest.raises(UndoRefused) as refused:
        table.undo()
    assert str(refused.value) == "There is no move of yours to take back."


def test_continue_passes_over_saves_that_do_not_open_and_names_the_first():
    good = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3)
    good.apply(0, Step(1))
    good.close()
    sentences = []
    for when, steps in (("2026-05-01T12:00:00+00:00", [1, 1]), ("2026-05-01T13:00:00+00:00", [1, 1, 1])):
        broken = Table.create("toy", [Seat("Cy"), Seat("Di")], {}, seed=4)
        broken.close()
        data = store.read(broken.path)
        # moves the rules refuse: seat 2 cannot move first
        store.save(broken.path, replace(data, updated=when, log=[(1, ["Step", 1])] * len(steps)))
        with pytest.raises(SaveError) as err:
            Table.load(broken.path)
        sentences.append(str(err.value))
    store.save(good.path, replace(store.read(good.path), updated="2026-05-01T09:00:00+00:00"))
    table, skipped = resume_latest()
    assert table.path == good.path
    assert skipped == sentences[1]  # the save played last, the first Continue tried
