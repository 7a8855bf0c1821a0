"""Game end scoring, captain points, ties, solo rules and the achievements table."""

from __future__ import annotations

import pytest

from river_tui.rules.riverside import GAME
from river_tui.rules.riverside.scoring import (
    achievement, captain_points, captain_rewards, guide_boat_points, scores_now,
)
from river_tui.rules.riverside.state import GAME_OVER, Sheet, evolve

from support.riverside_helpers import sheet, table


def finished(*sheets, variant=None):
    seats = len(sheets)
    state = table(seats=seats, sheets=sheets, variant=variant)
    return evolve(state, phase=GAME_OVER, drafts=(None,) * seats, committed=(True,) * seats)


def test_guide_boat_points_example_18_ticket_points_plus_30_excursion_points_is_48():
    adam = sheet({"white": (5, 0, 4, 6)}, excursions={"white": (12, 18)})
    assert adam.ticket_points(0) == 18
    assert guide_boat_points(adam, 0) == 48


def test_captain_points_are_the_stave_church_points_plus_the_lowest_guide_boat():
    adam = sheet(
        {"white": (5,), "yellow": (3,), "brown": (4,), "blue": (3,), "pink": (4,)},
        excursions={"white": (30,), "yellow": (5,)},
        church=(10, 14),
    )
    # Guide boats: 36, 8, 4, 3, 4: the lowest is blue's 3.
    assert captain_points(adam) == 24 + 3


def test_full_score_example_adam_with_the_least_captain_points_gets_minus_15():
    assert captain_rewards((44, 60, 70)) == (-15, 0, 15)
    result = GAME.result(finished(sheet(church=(44,)), sheet(church=(60,)), sheet(church=(70,))))
    assert [seat[-1].points for seat in result.breakdown] == [-15, 0, 15]
    assert result.breakdown[0][-1].label == "Captain reward (+15 most, -15 least captain points)"


def test_in_a_tie_for_most_or_least_the_tied_players_get_the_full_reward_or_penalty():
    assert captain_rewards((60, 60, 40)) == (15, 15, -15)
    assert captain_rewards((60, 40, 40, 50)) == (15, -15, -15, 0)


def test_when_every_player_ties_each_gets_both_the_reward_and_the_penalty():
    assert captain_rewards((30, 30)) == (0, 0)
    result = GAME.result(finished(Sheet.blank(), Sheet.blank()))
    assert result.breakdown[0][-1].points == result.breakdown[1][-1].points == 0


@pytest.mark.parametrize(("captain", "reward"), [(50, 15), (80, 15), (49, -15), (0, -15)])
def test_solo_plus_15_with_at_least_50_captain_points_else_minus_15_never_0(captain, reward):
    assert captain_rewards((captain,)) == (reward,)


def test_add_up_all_points_guide_boats_captain_points_and_the_reward():
    adam = sheet({"white": (5, 0, 4, 6)}, excursions={"white": (12, 18)}, church=(20,))
    result = GAME.result(finished(adam))
    # Guide boats 48 + 0 + 0 + 0 + 0; captain points 20 + 0 (lowest boat); 20 < 50: -15.
    assert result.scores == (48 + 20 - 15,)
    assert sum(line.points for line in result.breakdown[0]) == result.scores[0]
    lines = {line.label: line.points for line in result.breakdown[0]}
    assert lines["White guide boat: tickets"] == 18 and lines["White guide boat: excursions"] == 30
    assert lines["Captain points: stave church boat"] == 20
    assert lines["Captain points: lowest guide boat again"] == 0
    assert lines["Captain reward (+15 from 50 captain points, else -15)"] == -15


def test_every_seat_is_scored_under_the_same_labels():
    result = GAME.result(finished(sheet(church=(44,)), sheet(excursions={"white": (9,)})))
    assert [line.label for line in result.breakdown[0]] == [line.label for line in result.breakdown[1]]


def test_the_player_with_the_highest_final_score_wins():
    result = GAME.result(finished(sheet(excursions={"white": (40,)}), Sheet.blank()))
    assert result.winners == {0}


def test_in_a_tie_the_tied_player_with_the_most_captain_points_wins():
    # 60 + 10 - 15 = 55 against 20 + 20 + 15 = 55: the second has more captain points.
    first = sheet(excursions={"white": (60,)}, church=(10,))
    second = sheet(excursions={"white": (20,)}, church=(20,))
    result = GAME.result(finished(first, second))
    assert result.scores == (55, 55) and result.winners == {1}


def test_if_there_is_still_a_tie_the_tied_players_share_the_victory():
    same = sheet(excursions={"pink": (30,)}, church=(8,))
    result = GAME.result(finished(same, same, Sheet.blank()))
    assert result.winners == {0, 1} and result.tie
    assert result.summary == "Seat 1 and Seat 2 share the victory with 53 points."


@pytest.mark.parametrize(
    ("score", "words"),
    [
        (150, "You must explain yourself to the captain."),
        (199, "You must explain yourself to the captain."),
        (200, "The captain treats you as a trainee."),
        (249, "Decent. The captain believes in you."),
        (250, "Good. Wear your uniform with pride."),
        (299, "Very good! You get a pay raise."),
        (300, "Impressive! You get a seat at the captain's table."),
        (349, "Fantastic! The captain honors you during dinner."),
        (374, "Excellent! You get national attention!"),
        (399, "Nominated for the best tour guide!"),
        (400, "You are the attraction! The tour is just a bonus."),
    ],
)
def test_achievements_table(score, words):
    assert achievement(score, "standard") == words


def test_with_the_extension_variant_subtract_25_before_checking_your_achievement():
    assert achievement(320, "extension") == "Very good! You get a pay raise."
    assert achievement(325, "extension") == "Impressive! You get a seat at the captain's table."


def test_achievements_are_in_the_result_notes():
    adam = sheet(excursions={"white": (100, 110), "yellow": (90,)}, church=(60,))
    result = GAME.result(finished(adam))
    assert result.scores == (300 + 60 + 15,)
    assert result.notes == ("Seat 1: Nominated for the best tour guide!",)
    assert result.summary == "Seat 1 scored 375 points: a solo victory."
    extension = GAME.result(finished(adam, variant="extension"))
    assert extension.notes == ("Seat 1 (350 after the extension's -25): Excellent! You get national attention!",)


def test_a_solo_score_of_at_least_300_is_a_victory():
    """"When you play a solo game, a score of at least 300 points is considered a victory!" """
    short = GAME.result(finished(sheet(excursions={"white": (100, 110), "yellow": (60,)})))
    assert short.scores == (255,)
    assert short.summary == "Seat 1 scored 255 points: short of the 300 a solo victory needs."
    assert short.winners == frozenset()  # no star, no win in the records
    won = GAME.result(finished(sheet(excursions={"white": (100, 110), "yellow": (90,)}, church=(60,))))
    assert won.winners == {0}


def test_with_the_extension_a_solo_victory_is_checked_after_the_25_too():
    adam = sheet(excursions={"white": (100, 110), "yellow": (90,)}, church=(30,))
    assert GAME.result(finished(adam)).scores == (315,)
    assert GAME.result(finished(adam)).winners == {0}
    extension = GAME.result(finished(adam, variant="extension"))
    assert extension.scores == (315,) and extension.winners == frozenset()  # 290 after the -25
    assert extension.summary == "Seat 1 scored 315 points: short of the 300 a solo victory needs."


def test_no_result_while_playing():
    assert GAME.result(table()) is None


def test_the_score_now_is_the_final_score_were_the_game_to_end_now():
    """Adam's boats 36 8 4 3 4 (55), captain 24 + 3 = 27: the least of three, -15:
    55 + 27 - 15 = 67; Bea's church 60 (boats 0): 60 + 0 + 0; Cid's 70: 70 + 15. And
    it is what "Game End" gives once the game is over."""
    adam = sheet(
        {"white": (5,), "yellow": (3,), "brown": (4,), "blue": (3,), "pink": (4,)},
        excursions={"white": (30,), "yellow": (5,)},
        church=(10, 14),
    )
    sheets = (adam, sheet(church=(60,)), sheet(church=(70,)))
    assert scores_now(sheets) == ((67, -15), (60, 0), (85, 15))
    assert tuple(score for score, _ in scores_now(sheets)) == GAME.result(finished(*sheets)).scores
    assert scores_now((adam,)) == ((55 + 27 - 15, -15),)  # solo: under 50 captain points
