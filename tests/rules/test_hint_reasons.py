"""A hint's reason (each game's `why`) says what the move costs and reads as English:
a Glassworks draw that overfills the satchel names its overflow ("Your satchel can only
hold 5 pieces. If you go over, place pieces of your choice in overflow", -3 VP each);
a Flow placement closing an oxbow lake says "an oxbow lake", one that meets no river
says so (not "joins 0 rivers")."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from river_tui.play.table import Seat, Table
from river_tui.rules.flow.actions import PlaceReservation, PlaceTile
from river_tui.rules.flow.board import square_name
from river_tui.rules.flow.guide import why as flow_why
from river_tui.rules.flow.preview import preview_placement
from river_tui.rules.glassworks.actions import Draw, Gather, NewColumn
from river_tui.rules.glassworks.guide import why as glassworks_why
from river_tui.rules.glassworks.pieces import names
from river_tui.rules.guides import guide_for
from river_tui.rules.registry import get_game

from support.replay_games import GAME_IDS, installed

GUIDES = {"glassworks": glassworks_why, "flow": flow_why}


def test_a_draw_into_a_satchel_of_3_says_2_go_to_overflow():
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob")], {}, seed=7, autosave=False)
    view = table.view(0)
    assert len(view.satchels[0]) == 3
    draw = next(action for action in table.legal_actions(0) if isinstance(action, Draw))
    assert glassworks_why(view, 0, draw).endswith(", then 2 to overflow: -6 VP")


def test_a_draw_that_fits_the_satchel_names_no_overflow():
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob")], {}, seed=7, autosave=False)
    view = table.view(0)
    emptied = view.satchels[0][2:]  # 1 piece left: 1 + 4 fill the satchel's 5
    view = replace(view, satchels=(emptied, *view.satchels[1:]))
    draw = next(action for action in table.legal_actions(0) if isinstance(action, Draw))
    assert "overflow" not in glassworks_why(view, 0, draw)


def test_closing_an_oxbow_lake_reads_an_oxbow_lake():
    table = Table.create("flow", [Seat("Ann"), Seat("Bob"), Seat("Cy")], {}, seed=11, autosave=False)
    view = table.view(0)
    lake = next(action for action in table.legal_actions(0) if isinstance(action, PlaceTile)
                and any(t.title == "oxbow lake" for t in preview_placement(view, 0, action).closes))
    assert "closes an oxbow lake (L=" in flow_why(view, 0, lake)


def test_a_flow_placement_that_meets_no_river_says_so_not_joins_0():
    """"joins 0 rivers" told a newcomer nothing; what it runs into a dry side or the
    edge for good is said as the preview says it."""
    table = Table.create("flow", [Seat("Ann"), Seat("Bob")], {}, seed=5, autosave=False)
    view = table.view(0)
    alone = next(action for action in table.legal_actions(0) if isinstance(action, PlaceTile)
                 and preview_placement(view, 0, action).joins == 0 and preview_placement(view, 0, action).dams == 1)
    words = flow_why(view, 0, alone)
    assert words == "meets no river yet, 1 river can never close", words


@pytest.mark.parametrize("game_id", ["glassworks", "flow"])
def test_a_reason_adds_to_the_moves_words_and_never_repeats_them(game_id):
    """The hint shows each move in full ("Draw a white star, ... from the lake") with
    its reason beside it: the reason says what those words do not (the satchel then
    holds 5, +4 VP, a river that can never close), never the pieces or the square again."""
    game = get_game(game_id)
    state = game.new(2, {}, 3)
    rng = random.Random(3)
    repeated = []
    for _ in range(12):
        (seat,) = game.to_act(state)
        view = game.view(state, seat)
        for action in game.legal_actions(view, seat):
            said = said_in_the_move(view, action)
            reason = GUIDES[game_id](view, seat, action)
            if said and said in reason:
                repeated.append((said, reason))
        state = game.apply(state, seat, game.bots()["greedy"].choose(game, view, seat, rng))
    assert not repeated, repeated[:3]


def said_in_the_move(view, action) -> str:
    """What the move's own words name: the pieces drawn or gathered, the square."""
    if isinstance(action, (Draw, Gather)):
        return names(action.pieces if isinstance(action, Draw) else view.tiles[action.tile])
    if isinstance(action, (PlaceTile, PlaceReservation)):
        return square_name(action.square)
    return ""


STOP = {"the", "a", "an", "of", "on", "to", "in", "and", "for", "with", "your", "its", "one", "into"}


def stems(words: str) -> set[str]:
    """The words' first four letters ("moves" and "move" alike), without the small words."""
    return {w[:4] for w in re.findall(r"[a-z0-9+-]+", words.lower()) if w not in STOP}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_reason_only_says_again_what_the_moves_words_say(game_id):
    """Riverside's "1 seat on the white guide boat" beside "Choose the white die (1): 1
    seat on the white guide boat", We All Take's "moves to west 2" beside "With your
    camp, move to west 2": a reason made only of the move's own words is left out."""
    installed(game_id)
    game = get_game(game_id)
    why = guide_for(game).why
    state = game.new(2, {}, 4)
    rng = random.Random(4)
    again = []
    for _ in range(30):
        acting = game.to_act(state)
        if not acting:
            break
        seat = min(acting)
        view = game.view(state, seat)
        for action in game.legal_actions(view, seat)[:60]:
            reason = why(view, seat, action) if why is not None else ""
            if reason and stems(reason) <= stems(game.describe_as_advice(view, seat, action)):
                again.append((game.describe_as_advice(view, seat, action), reason))
        state = game.apply(state, seat, game.bots()["greedy"].choose(game, view, seat, rng))
    assert not again, again[:3]


def test_each_new_colours_reason_says_how_many_of_it_the_game_holds():
    """Two new colours for one column read apart by their rarity ("9 orange pieces in
    the game" beside "12 light green"), not by the column, which is the same for both."""
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob")], {}, seed=7, autosave=False)
    rng = random.Random(7)
    while not any(isinstance(a, NewColumn) for a in table.legal_actions(min(table.to_act()))):
        seat = min(table.to_act())
        table.apply(seat, table.game.bots()["greedy"].choose(table.game, table.view(seat), seat, rng))
    seat = min(table.to_act())
    view = table.view(seat)
    reasons = {glassworks_why(view, seat, a) for a in table.legal_actions(seat) if isinstance(a, NewColumn)}
    assert len(reasons) > 1 and all(" pieces in the game; column " in reason for reason in reasons), reasons
