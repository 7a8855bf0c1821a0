"""Plain mode's boards say what the app's boards show beside each sheet: the
score as it stands (Riverside's final score were the game to end now, with the
captain's reward; a glassworks scored as at the end; Flow's points, point tiles
and Lairs placed), so a player in plain lines never needs the full screen to know
where they stand."""

from __future__ import annotations

import random

from river_tui.plain.boards import scores_of, sections_of
from river_tui.rules.flow.board import square_name
from river_tui.rules.flow.outlook import in_the_last_rounds, open_lair_rivers
from river_tui.rules.flow.scoring import scores as flow_scores
from river_tui.rules.glassworks.scoring import score as glass_score
from river_tui.rules.registry import get_game
from river_tui.rules.riverside.scoring import scores_now

NAMES = ["Ann", "Bob"]


def played_until(game_id: str, seed: int, done, moves: int = 400):
    """A 2-seat game of random legal moves until ``done(state)`` (a fixed seed: the same every run)."""
    game, rng = get_game(game_id), random.Random(seed)
    state = game.new(2, {}, seed)
    for _ in range(moves):
        if done(state) or game.result(state) is not None:
            break
        seat = min(game.to_act(state))
        state = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))))
    assert done(state), "the seeded game never reached the position the test needs"
    return game, state


def section(game_id: str, view, seat: int, name: str) -> str:
    return "\n".join(next(lines for part, lines in sections_of(game_id)(view, seat, NAMES) if part == name))


def test_riverside_each_sheet_ends_with_its_score_were_the_game_to_end_now_your_own_choices_counted():
    def own_choices_made(state):  # Ann's choices this phase change the score her sheet as it began gives
        draft = state.drafts[0]
        return (draft is not None and
                scores_now((draft.sheet, state.sheets[1])) != scores_now(state.sheets))

    game, state = played_until("riverside", 5, own_choices_made)
    view = game.view(state, 0)
    now = scores_now((view.drafts[0].sheet, view.sheets[1]))
    for seat, name in enumerate(NAMES):
        score, reward = now[seat]
        assert f"reward {reward:+d}; score {score} were the game to end now." in section("riverside", view, 0, name)
    told = scores_of("riverside")(view, NAMES)
    as_began = scores_now(view.sheets)
    assert [line.rsplit("score ", 1)[1] for line in told] == [f"{score} now" for score, _ in as_began]


def test_glassworks_each_glassworks_says_what_it_scores_now_and_the_lake_says_the_turns_left():
    game, state = played_until("glassworks", 2, lambda s: s.turns_left is not None and s.phase != "over", 2000)
    view = game.view(state, 0)
    for seat, name in enumerate(NAMES):
        assert f"now {glass_score(view.boards[seat])} VP = rows " in section("glassworks", view, 0, name)
    left = view.turns_left
    assert f"{left} turn{'s' * (left != 1)} left: " in section("glassworks", view, 0, "lake")


def test_flow_each_seat_says_its_points_point_tiles_and_lairs_as_the_score_track_does():
    game, state = played_until("flow", 4, lambda s: any(t.placer == 0 for t in s.territories) and 0 in s.lair_owner)
    view = game.view(state, 0)
    for seat, name in enumerate(NAMES):
        points = flow_scores(view)[seat]
        lairs = list(view.lair_owner).count(seat)
        tiles = sum(1 for t in view.territories if t.placer == seat and not t.owners)
        words = section("flow", view, 0, name)
        assert f"{points} point{'s' * (points != 1)} so far ({tiles} point tile{'s' * (tiles != 1)}); " in words
        assert f"{lairs} of 3 Lairs placed." in words


def test_flow_in_the_last_rounds_the_pile_says_which_lairs_may_still_score():
    game, state = played_until("flow", 1, lambda s: in_the_last_rounds(s) and open_lair_rivers(s))
    view = game.view(state, 0)
    lairs = "; ".join(f"{NAMES[lair.owner]}'s Lair on {square_name(lair.lair)} (L={lair.length} so far, open at "
                      f"{square_name(lair.opening)})" for lair in open_lair_rivers(view))
    assert f"The last rounds: still open: {lairs}." in section("flow", view, 0, "pile")
