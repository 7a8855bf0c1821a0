"""The rules' answer to the screen's preview: does the tile fit here, which
Territories would it close, for how many points."""

from __future__ import annotations

from river_tui.rules.flow.actions import PlaceTile
from river_tui.rules.flow.preview import preview_placement
from river_tui.rules.flow.state import LAKE, SINGLE
from support.flow_helpers import position, sq


def test_preview_names_the_territories_a_placement_would_close_and_their_points():
    state = position(tiles=[("D1", "L01", 2), ("D2", "straight", 0)], lairs={"D1": 1},
                     hands={0: ("crossing",)}, turn=2)
    preview = preview_placement(state, 0, PlaceTile("crossing", 0, sq("D3")))
    assert preview.allowed and preview.reason == ""
    assert [(t.kind, t.length) for t in preview.closes] == [(SINGLE, 4)]
    assert preview.points == (0, 4)
    assert (preview.joins, preview.dams) == (2, 0)
    assert state.territories == () and state.tiles[sq("D3")] < 0


def test_preview_counts_the_rivers_a_placement_dams():
    state = position(tiles=[("D2", "L03", 1)], lairs={"D2": 0}, hands={0: ("bend", "straight")}, turn=2)
    # the bend runs east-south: it meets the start tile's River End and dams the
    # River End of D2 against its dry north side
    bend = preview_placement(state, 0, PlaceTile("bend", 1, sq("D3")))
    assert bend.closes == () and (bend.joins, bend.dams) == (1, 1)
    # an east-west straight dams both River Ends
    straight = preview_placement(state, 0, PlaceTile("straight", 1, sq("D3")))
    assert straight.closes == () and (straight.joins, straight.dams) == (0, 2)


def test_preview_says_why_a_placement_is_not_allowed():
    state = position(hands={0: ("bend",)}, turn=0)
    preview = preview_placement(state, 0, PlaceTile("bend", 0, sq("A2")))
    assert not preview.allowed
    assert preview.reason == "In the first round tiles go on the inner two rings only, not on the outer ring."
    assert preview_placement(state, 0, PlaceTile("double", 0, sq("C3"))).reason == "You do not hold that tile."


def test_preview_of_an_oxbow_lake_gives_the_point_to_the_placer():
    state = position(tiles=[("D2", "L03", 1)], lairs={"D2": 1}, hands={0: ("straight",)}, turn=2)
    preview = preview_placement(state, 0, PlaceTile("straight", 0, sq("D3")))
    assert [t.kind for t in preview.closes] == [LAKE]
    assert preview.points == (1, 0)
