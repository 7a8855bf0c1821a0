"""What a move changed as a seat sees it (rules/changes.py) and what the table
tells a seat of the latest moves (Table.recent)."""

from __future__ import annotations

from river_tui.rules.changes import SUMMARY_ITEMS, Changes, summarize
from river_tui.rules.flow.actions import PlaceTile
from river_tui.table import Seat, Table


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


def test_a_long_heading_is_shortened_with_a_count():
    steps = [Changes(lines=(("Built", f"thing {n}"),)) for n in range(SUMMARY_ITEMS + 3)]
    (line,) = summarize((), steps)
    assert line.endswith("and 4 more") and line.count(";") == SUMMARY_ITEMS - 1


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
    # the summary tells only what her move set off (here, a territory it closed)
    assert ann.summary and not any("placed" in line for line in ann.summary)


def test_recent_at_an_earlier_position_is_that_positions():
    table = flow_table()
    (_, first) = table.log[0]
    early = table.recent(1, moves=1)
    assert ("square", first.square) in early.marks and early.others == 1
