"""What a move changed as a seat sees it (rules/changes.py) and what the table
tells a seat of the latest moves (Table.recent)."""

from __future__ import annotations

from river_tui.rules.changes import Changes, summarize
from river_tui.rules.flow.actions import PlaceTile
from river_tui.play.table import Seat, Table


def test_summary_groups_under_the_games_headings_and_counts_repeats():
    steps = [
        Changes(lines=(("Water", "the river rose"), ("Built", "Seat 2 built a farm"))),
        Changes(lines=(("Built", "Seat 2 built a farm"),)),
        Changes(lines=(("Fish", "a fish spawned"),)),
    ]
    assert summarize(("Water", "Fish", "Built"), steps) == (
        "Water: the river rose",
        "Fish: a fish spawned",
        "Built: Seat 2 built a farm (×2)",
    )


def test_a_long_heading_says_every_thing():
    """No "...and 7 more": a player must be able to read all of it (the box scrolls)."""
    steps = [Changes(lines=(("Built", f"thing {n}"),)) for n in range(12)]
    (line,) = summarize((), steps)
    assert line == "Built: " + "; ".join(f"thing {n}" for n in range(12))


def test_one_seats_deeds_one_after_another_name_the_seat_once():
    """The summary says the same things in fewer words: a seat's deeds in a row under
    one heading are one item, the seat named once (another seat's, or one not led by a
    seat, starts a new one)."""
    steps = [Changes(lines=(("Built", line),)) for line in (
        "Seat 3 took 1 tree", "Seat 3 built a net on east 3", "Seat 2's camp moved to west 2",
        "Seat 3 built a boat on river 1", "Seat 1 sold their boat", "Seat 1 took 1 fish")]
    (line,) = summarize((), steps)
    assert line == ("Built: Seat 3 took 1 tree, built a net on east 3; Seat 2's camp moved to west 2; "
                    "Seat 3 built a boat on river 1; Seat 1 sold their boat, took 1 fish")


def flow_table() -> Table:
    table = Table.create("flow", [Seat("Ann"), Seat("Bo")], {"variant": "basic"}, seed=5, autosave=False)
    for _ in range(3):
        seat = table.game.to_act(table.state)
        (seat,) = seat
        table.apply(seat, next(a for a in table.legal_actions(seat) if isinstance(a, PlaceTile)))
    return table


def test_recent_marks_the_moves_since_the_seat_acted_and_names_the_seats():
    table = flow_table()  # Ann, Bo, Ann have placed a tile
    bo = table.recent(1)
    (_, placed) = table.log[-1]
    assert {mark for mark in bo.marks if mark[0] == "square"} == {("square", placed.square)}
    assert bo.last.startswith("Ann placed ") and bo.others == 1
    assert bo.summary[0] == f"Tiles placed: {bo.last}"
    ann = table.recent(0)  # nobody moved since Ann: her own move stays marked
    assert ann.marks == bo.marks and ann.others == 0
    # nothing to tell her: the territory her tile closed she closed herself, and saw
    assert ann.summary == ()


def closing_move(table: Table) -> int:
    """Play the first placements until one closes a territory; the seat that made it."""
    for _ in range(60):
        (seat,) = table.game.to_act(table.state)
        territories = len(table.state.territories)
        table.apply(seat, next(a for a in table.legal_actions(seat) if isinstance(a, PlaceTile)))
        if len(table.state.territories) > territories:
            return seat
    raise AssertionError("no territory closed in 60 moves")


def test_flows_summary_never_repeats_the_territories_your_own_tile_closed():
    table = Table.create("flow", [Seat("Ann"), Seat("Bo")], {"variant": "basic"}, seed=5, autosave=False)
    closer = closing_move(table)
    (other,) = table.game.to_act(table.state)
    assert other != closer
    closure = next(line for line in table.recent(other).summary if line.startswith("Territories closed"))
    name = table.seats[closer].name
    assert f"{name} closed" in closure  # the other seat is told of it
    table.apply(other, next(a for a in table.legal_actions(other) if isinstance(a, PlaceTile)))
    closer_sees = table.recent(closer).summary
    assert closer_sees and not any(f"{name} closed" in line for line in closer_sees), closer_sees


def test_before_a_seats_first_move_it_has_not_acted():
    table = Table.create("flow", [Seat("Ann"), Seat("Bo")], {"variant": "basic"}, seed=5, autosave=False)
    (first,) = table.game.to_act(table.state)
    table.apply(first, next(a for a in table.legal_actions(first) if isinstance(a, PlaceTile)))
    (second,) = table.game.to_act(table.state)
    assert not table.recent(second).acted and table.recent(first).acted


def test_recent_at_an_earlier_position_is_that_positions():
    table = flow_table()
    (_, first) = table.log[0]
    early = table.recent(1, moves=1)
    assert ("square", first.square) in early.marks and early.others == 1
