"""The "since your last turn" summary of a seat (`Table.recent`) names every move
made since the seat last acted, and nothing its view hides: every secret of the
positions it looks back over is a tripwire (as in tests/rules/bots/test_never_peeks.py)
that trips if the game's `changes` touches it, and the summary is the same as
from the true positions."""

from __future__ import annotations

import random

import pytest

from river_tui.rules.flow.actions import PlaceReservation, PlaceTile
from river_tui.rules.flow.board import square_name
from river_tui.rules.glassworks import actions as glass
from river_tui.rules.glassworks.components import COLOURS, SHAPES
from river_tui.rules.registry import get_game
from river_tui.rules.we_all_take import actions as wat
from river_tui.play.table import Seat, Table

from rules.bots.test_never_peeks import poison, thinking

SEATS = {"flow": 3, "glassworks": 3, "riverside": 3, "we-all-take": 3}


def flow_words(action) -> list[str]:
    if isinstance(action, (PlaceTile, PlaceReservation)):
        return [square_name(action.square)]
    return []


def glassworks_words(action) -> list[str]:
    if isinstance(action, (glass.Place, glass.Gather)):
        return [f"the {SHAPES[action.tile].name} tile"]
    if isinstance(action, glass.Draw):
        return ["from the lake"]
    if isinstance(action, glass.NewColumn):
        return [f"put {COLOURS[action.colour].name} in column"]
    if isinstance(action, glass.Overflow):
        return ["to overflow"]
    return []


def riverside_words(action) -> list[str]:
    """Each seat's work in a phase is hidden until the phase resolves: the summary
    names the seat (checked for every move) and, once resolved, what it did."""
    return []


def we_all_take_words(action) -> list[str]:
    """Who built, moved, offered, proposed or voted: the summary names the seat
    (checked for every move); these moves also leave their mark in words."""
    if isinstance(action, wat.Build):
        return [f"built a {action.kind}"]
    if isinstance(action, wat.Propose):
        return ["proposed"]
    if isinstance(action, wat.Vote):
        return ["voted"]
    if isinstance(action, wat.Offer):
        return ["offered" if any(action.get) else "gave"]
    return []


WORDS = {"flow": flow_words, "glassworks": glassworks_words, "riverside": riverside_words,
         "we-all-take": we_all_take_words}
"""What the summary must say of each move: words that name it."""


def table_where_seat_0_acts_again(game_id: str, rounds: int, seed: int = 4) -> tuple[Table, int]:
    """Greedy seats play until seat 0 has acted and its turn has come back
    ``rounds`` times; returns the table and the index of seat 0's last move."""
    game = get_game(game_id)
    seats = [Seat("Ann")] + [Seat(f"Computer {n}", "greedy") for n in range(1, SEATS[game_id])]
    table = Table.create(game_id, seats, {}, seed=seed, autosave=False)
    greedy, rng = game.bots()["greedy"], random.Random(seed)
    comebacks = 0
    while comebacks < rounds:
        seat = min(table.to_act())
        if seat == 0 and table.log and table.log[-1][0] != 0:
            comebacks += 1
            if comebacks == rounds:
                break
        table.apply(seat, greedy.choose(game, table.view(seat), seat, rng))
    last_own = max(i for i, (seat, _) in enumerate(table.log) if seat == 0)
    return table, last_own


@pytest.mark.parametrize("game_id", sorted(WORDS))
def test_the_summary_names_every_move_since_the_seat_acted(game_id):
    for rounds in (1, 2, 3):
        table, last_own = table_where_seat_0_acts_again(game_id, rounds)
        summary = "\n".join(table.recent(0).summary)
        since = table.log[last_own + 1:]
        assert since and all(seat != 0 for seat, _ in since)
        for seat, action in since:
            assert table.seats[seat].name in summary
            if game_id == "riverside" and table.state.phase == 3:  # phase 2 resolved since
                assert f"{table.seats[seat].name} crossed seats" in summary
            if game_id == "riverside" and table.state.phase == 2:  # phase 3 resolved: a new round
                assert f"Round {table.state.round}: the captain rolled" in summary
                assert f"{table.seats[seat].name} scored excursions" in summary or (
                    f"{table.seats[seat].name} went on no excursion" in summary)
            for words in WORDS[game_id](action):
                assert words in summary, f"{action} is not in the summary:\n{summary}"


@pytest.mark.parametrize("game_id", sorted(WORDS))
def test_the_summary_holds_nothing_the_seat_may_not_see(game_id, monkeypatch):
    table, last_own = table_where_seat_0_acts_again(game_id, 2)
    expected = table.recent(0)
    for index in range(last_own, len(table._history)):
        table._history[index] = poison(game_id, table._history[index], 0)
    table._seen.clear()
    game = table.game
    real_changes = game.changes

    def changes_while_armed(before, after, actor):
        with thinking():  # given only the seat's views: any secret left in them trips
            return real_changes(before, after, actor)

    monkeypatch.setattr(game, "changes", changes_while_armed)
    assert table.recent(0) == expected
