"""Ratings per game through openskill: the library's own figures, who is left out,
the computers by level, and ratings.json read as untrusted."""

from __future__ import annotations

import json

import pytest
from openskill.models import PlackettLuce

from river_tui.play.simulate import play_rotated
from river_tui.records import players, ratings
from river_tui.records.players import FinishedGame, FinishedSeat
from river_tui.rules.registry import get_game


def finished(number: int, *seats, game_id: str = "flow") -> FinishedGame:
    """Game ``number`` of ``game_id``; each seat (name, kind or None, score[, hinted])."""
    return FinishedGame(game_id, f"{game_id}|2026-12-07T10:{number:02d}|{number}", tuple(
        FinishedSeat(name, kind, score, False, None, *extra) for name, kind, score, *extra in seats
    ))


def test_a_known_sequence_of_games_gives_openskills_own_figures(river_home):
    games = [
        finished(1, ("Ann", None, 5), ("Bob", None, 3), ("Computer 1", "normal", 4)),
        finished(2, ("Bob", None, 6), ("Ann", None, 2)),
        finished(3, ("Ann", None, 4), ("Bob", None, 4), ("Cy", None, 1), ("Computer 1", "normal", 7)),
    ]
    for game in games:
        assert players.record_game(game)
    model = PlackettLuce()
    ann, bob, cy, normal = model.rating(), model.rating(), model.rating(), model.rating()
    [[ann], [bob], [normal]] = model.rate([[ann], [bob], [normal]], scores=[5, 3, 4])
    [[bob], [ann]] = model.rate([[bob], [ann]], scores=[6, 2])
    [[ann], [bob], [cy], [normal]] = model.rate([[ann], [bob], [cy], [normal]], scores=[4, 4, 1, 7])
    ladder = ratings.load().ladders["flow"]
    for ours, theirs in ((ladder.people["Ann"], ann), (ladder.people["Bob"], bob), (ladder.people["Cy"], cy),
                         (ladder.computers["normal"], normal)):
        assert (ours.mu, ours.sigma) == pytest.approx((theirs.mu, theirs.sigma), abs=1e-9)
        assert ours.shown == pytest.approx(theirs.ordinal(), abs=1e-9)
    assert ladder.people["Ann"].games == 3 and len(ladder.people["Ann"].trend) == 3
    assert [who for who, _, _ in ladder.ranked()][0] == "normal"  # it won twice of two


def test_each_game_has_its_own_ladder_and_a_game_counts_once(river_home):
    game = finished(1, ("Ann", None, 5), ("Bob", None, 3), game_id="glassworks")
    assert players.record_game(game)
    assert not players.record_game(game)
    players.record_game(finished(2, ("Ann", None, 1), ("Bob", None, 3), game_id="riverside"))
    ladders = ratings.load().ladders
    assert ladders["glassworks"].people["Ann"].games == 1 and ladders["riverside"].people["Ann"].games == 1
    assert ladders["glassworks"].people["Ann"].shown > ladders["glassworks"].people["Bob"].shown
    assert ladders["riverside"].people["Ann"].shown < ladders["riverside"].people["Bob"].shown


def test_hints_and_stand_ins_leave_a_seat_out_and_the_others_are_rated_among_themselves(river_home):
    game = finished(1, ("Ann", None, 9, True), ("Bob", None, 3), ("Cy", None, 5), ("Dee", None, 1))
    players.record_game(game, stood_in=frozenset({3}))
    ladder = ratings.load().ladders["flow"]
    assert set(ladder.people) == {"Bob", "Cy"}
    model = PlackettLuce()
    [[bob], [cy]] = model.rate([[model.rating()], [model.rating()]], scores=[3, 5])
    assert ladder.people["Bob"].mu == pytest.approx(bob.mu) and ladder.people["Cy"].mu == pytest.approx(cy.mu)
    players.record_game(finished(2, ("Ann", None, 9, True), ("Bob", None, 3)))
    assert ratings.load().ladders["flow"].people["Bob"].games == 1  # one rated seat left: no rating


def test_a_level_seated_twice_moves_by_the_mean_of_its_seats_changes(river_home):
    players.record_game(finished(1, ("Ann", None, 5), ("Computer 1", "greedy", 7), ("Computer 2", "greedy", 1)))
    model = PlackettLuce()
    start = model.rating()
    [[_], [first], [second]] = model.rate([[model.rating()], [model.rating()], [model.rating()]], scores=[5, 7, 1])
    easy = ratings.load().ladders["flow"].computers["easy"]
    assert easy.mu == pytest.approx(start.mu + ((first.mu - start.mu) + (second.mu - start.mu)) / 2)
    assert easy.games == 1


def test_a_computer_levels_rating_rises_above_the_level_below_over_simulated_games():
    """Glassworks' easy (its greedy bot) against random, seats rotating."""
    game = get_game("glassworks")
    table = ratings.Ratings()
    for number in range(8):
        outcome = play_rotated(game, ["greedy", "random"], number, seed=11, variant=None, rotate=True)
        ratings.rate_game(table, "glassworks", [ratings.RatedSeat("", kind, score)
                                                for kind, score in zip(["greedy", "random"], outcome.scores)])
    levels = table.ladders["glassworks"].computers
    assert levels["easy"].shown > levels["random"].shown
    assert levels["easy"].trend[-1] > levels["easy"].trend[0]


HOSTILE = [
    ("not JSON", b"{nope", "it is not JSON"),
    ("nested", b"[" * 100_000, "nested too deep"),
    ("newer", json.dumps({"version": 2, "games": {}}).encode(), "newer River TUI"),
    ("NaN", b'{"version": 1, "games": {"flow": {"people": {"A": {"mu": NaN, "sigma": 1, "games": 1, "trend": []}}}}}',
     "it is not JSON"),
    ("huge", json.dumps({"version": 1, "games": {"flow": {"people": {"A": {"mu": 1e300, "sigma": 1, "games": 1, "trend": []}}}}}).encode(),
     "not a number in range"),
    ("sigma 0", json.dumps({"version": 1, "games": {"flow": {"people": {"A": {"mu": 1, "sigma": 0, "games": 1, "trend": []}}}}}).encode(),
     "sigma is not above 0"),
    ("games as text", json.dumps({"version": 1, "games": {"flow": {"people": {"A": {"mu": 1, "sigma": 1, "games": "1", "trend": []}}}}}).encode(),
     "not a count"),
    ("long trend", json.dumps({"version": 1, "games": {"flow": {"people": {"A": {"mu": 1, "sigma": 1, "games": 1, "trend": [1] * 11}}}}}).encode(),
     "not a short list"),
]


@pytest.mark.parametrize("what, raw, words", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_ratings_file_that_cannot_be_used_is_said_so_set_aside_and_the_ratings_begin_again(river_home, what, raw, words):
    path = ratings.ratings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    assert words in ratings.load().problem
    recorded = players.record_game(finished(1, ("Ann", None, 5), ("Bob", None, 3)))
    assert recorded and "Your ratings file could not be used" in recorded.notice
    assert path.with_name("ratings.json.damaged").read_bytes() == raw
    assert ratings.load().ladders["flow"].people["Ann"].games == 1


async def test_the_records_screen_turns_to_each_games_ladder_with_places_and_trends(river_home):
    from textual.widgets import DataTable, Static

    from river_tui.app.river_app import RiverApp
    from river_tui.screens.records import RecordsScreen
    from support.waiting import workers_done

    for number, (ann, bob) in enumerate([(5, 3), (6, 2), (1, 4)], start=1):
        players.record_game(finished(number, ("Ann", None, ann), ("Bob", None, bob), ("Computer 1", "normal", 4)))
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RecordsScreen(you="Ann"))
        await workers_done(app, pilot)
        await pilot.press("t")
        await pilot.pause()
        assert app.screen.title == "Ratings"
        grid = app.screen.query_one(DataTable)
        rows = [[str(cell) for cell in grid.get_row_at(i)] for i in range(grid.row_count)]
        ladder = ratings.load().ladders["flow"]
        expected = [(who + (" (computer)" if computer else ""), f"{r.shown:.1f}") for who, computer, r in ladder.ranked()]
        assert [(row[2], row[3]) for row in rows] == expected
        assert [row[1] for row in rows] == ["1", "2", "3"] and all(row[4] == "3" for row in rows)
        assert all(("↑" in row[5]) != ("↓" in row[5]) or "→" in row[5] for row in rows)
        place = ladder.rank_of("Ann")
        note = str(app.screen.query_one("#records-note", Static).render())
        assert f"Your ratings: Flow {ladder.people['Ann'].shown:.1f} ({place[0]} of 3)" in note
        assert grid.virtual_size.width <= grid.scrollable_content_region.width  # whole at 80 columns
        await pilot.press("t")
        await pilot.pause()
        assert app.screen.title == "Records"


def test_a_trend_is_bars_and_the_change_since_the_first_kept_game():
    from river_tui.screens.records import trend_words

    assert trend_words(ratings.Rating(trend=[1.0])) == "new"
    assert trend_words(ratings.Rating(trend=[0.0, 2.0, 1.0, 4.0])) == "▁▅▃█ ↑4.0"  # 2 of 4 is bar 3.5 of 7, rounded to 4
    assert trend_words(ratings.Rating(trend=[3.0, 1.0])) == "█▁ ↓2.0"
