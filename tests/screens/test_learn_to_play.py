"""Learn to play: a whole guided game of each game, walked from the menu to its scores.

The learner plays the game's greedy choice at every turn (a newcomer's moves made
quickly); each rule's box must come up once, at the first position where the rule
applies to the learner, and every rule of the guide must come up in the guided game.
"""

from __future__ import annotations

import random

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.rules.bots import bot_catalogue
from river_tui.rules.guides import guide_for
from river_tui.rules.registry import get_game
from river_tui.rules.we_all_take.preview import preview
from river_tui.rules.we_all_take.state import ACTIONS, CAMPS
from river_tui.screens.we_all_take.offer_to_you import OfferToYouScreen
from river_tui.screens.learn import LearnScreen
from river_tui.play.table import Seat, Table
from river_tui.screens.game_base import GameScreen
from river_tui.screens.help import HelpScreen
from river_tui.play.guided import LEARNER
from river_tui.screens.learn_guided import GuidedPlay, guided_screen
from river_tui.screens.learn_scores import LearnScoresScreen
from river_tui.screens.lesson_box import LessonBox
from support.waiting import wait_until

GUIDED = ["glassworks", "flow", "riverside", "we-all-take"]

FIRST_MOMENTS = {
    # When a rule first applies, worked from the rulebook: (game, lesson) -> what the
    # last move at the table was then (None: none yet), by kind.
    ("glassworks", "turns"): None,  # "On your turn, you must do one of these two actions": the first turn
    ("glassworks", "gather"): "Place",  # "then gather": right after the learner's first placing
    ("glassworks", "adding"): "Gather",  # the gathered glass goes into the glassworks at once
    ("glassworks", "overflow"): "Overflow",  # the computer's first draw goes over its satchel's 5
    ("flow", "turn"): None,  # "When it is your turn you can choose between two actions"
    ("flow", "lair"): "PlaceTile",  # "If you put down a Lair Tile, put one of your Lair Tokens on top"
    ("riverside", "roll"): None,  # the first roll, before anyone chose
    ("riverside", "seats"): "ChooseDice",  # "Fill seats ... equal to the dice value": once dice are chosen
    ("we-all-take", "camp"): None,  # "Take turns placing camps": the game begins with it
    ("we-all-take", "build"): "Build",  # explained as the first structure is built
    ("we-all-take", "trade"): "Offer",  # the computer's first offer, in the first season
}


def easy_move(table: Table):
    """The easy computer's move in the learner's place (its rng seeded by the moves made)."""
    game = table.game
    return bot_catalogue(game)["easy"].choose(game, table.view(LEARNER), LEARNER, random.Random(len(table.log)))


def a_box_or_the_learners_step(app: RiverApp, screen: GuidedPlay) -> bool:
    """A rule's box or an offer over the board, or the learner to act while no computer is."""
    table = screen.table
    return isinstance(app.screen, (LessonBox, OfferToYouScreen)) or (
        app.screen is screen and LEARNER in table.to_act() and not table.bot_seats_to_act())


async def _open_guided_game(pilot, app: RiverApp, game_id: str) -> GuidedPlay:
    await pilot.press("t")
    await wait_until(lambda: isinstance(app.screen, LearnScreen), "the Learn to play screen", pause=pilot.pause)
    index = [entry.id for entry in LearnScreen.guided_games()].index(game_id)
    await pilot.press(*["down"] * index, "enter")
    await wait_until(lambda: any(isinstance(s, GuidedPlay) for s in app.screen_stack), "the guided game",
                     pause=pilot.pause)  # fmt: skip
    return next(s for s in app.screen_stack if isinstance(s, GuidedPlay))


@pytest.mark.parametrize("game_id", GUIDED)
async def test_a_guided_game_explains_each_rule_once_the_moment_it_first_applies(game_id: str) -> None:
    game = get_game(game_id)
    guide = guide_for(game)
    app = RiverApp(bot_delay=0)
    shown: list[tuple[str, int]] = []  # (lesson, moves made when its box came up)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_guided_game(pilot, app, game_id)
        table = screen.table
        assert table.seed == guide.seed and table.path is None  # practice: never saved

        def settled() -> bool:
            top = app.screen
            return isinstance(top, (LessonBox, LearnScoresScreen, OfferToYouScreen)) or (
                top is screen and not table.bot_seats_to_act() and not screen.waiting
                and (LEARNER in table.to_act() or table.finished))

        while True:
            await wait_until(settled, "a box, the learner's turn or the scores", pause=lambda: pilot.pause(0.02),
                             seen=lambda: (type(app.screen).__name__, len(table.log), sorted(table.to_act())))  # fmt: skip
            top = app.screen
            if isinstance(top, LearnScoresScreen):
                break
            if isinstance(top, LessonBox):
                shown.append((top.lesson.id, len(table.log)))
                # The box covers none of the board's marks (at 80x24 a board's bottom rows are under it).
                await wait_until(lambda: top.placed, "the box placed", pause=pilot.pause)
                await pilot.pause()
                section = top.query_one("#lesson-section")
                named = str(section.render()) if section.display else top.query_one("#lesson").border_title
                assert top.lesson.section in named
                box = top.query_one("#lesson").region
                covered = sorted((cell.y, cell.x) for cell in screen.marked_cells() if box.contains_point(cell))
                assert not covered, (top.lesson.id, box, covered)
                assert not screen.recap_shown  # the summary since the last turn comes after the rule
                await pilot.press("enter")
                await pilot.pause()
                continue
            if isinstance(top, OfferToYouScreen):  # the computer's offer put to the learner: answered below
                await pilot.press("escape")
                await pilot.pause()
                continue
            if table.finished:  # a final board that stays until Enter (Riverside's last roll)
                await pilot.press("enter")
                continue
            screen.play(easy_move(table))
            await pilot.pause()

        ids = [lesson for lesson, _ in shown]
        assert sorted(ids) == sorted(lesson.id for lesson in guide.lessons)  # each once, and all of them
        for lesson_id, seen_at in shown:
            moves = screen.applied_at[lesson_id]
            # Shown when it applied; at most a computer's move already on its way came in between.
            assert all(seat != LEARNER for seat, _ in table.log[moves:seen_at]) and seen_at - moves <= 1, lesson_id
            lesson = next(lesson for lesson in guide.lessons if lesson.id == lesson_id)
            applied = [
                lesson.applies(game.view(table.state_at(n), LEARNER), LEARNER, table.log[n - 1] if n else None)
                for n in range(moves + 1)
            ]
            assert applied[-1] and not any(applied[:-1]), f"{lesson_id} shown after move {moves}, applied {applied}"
            if (game_id, lesson_id) in FIRST_MOMENTS:
                kind = FIRST_MOMENTS[game_id, lesson_id]
                assert (type(table.log[moves - 1][1]).__name__ if moves else None) == kind, lesson_id

        # The scores: each of the learner's lines with the rule that gave it, and the offer.
        explained = str(app.screen.query_one("#explained").render())
        for line in table.result().breakdown[LEARNER]:
            assert f"{line.label}: {line.points:+d} · {guide.scoring_rule(line.label)}" in explained
        assert "n: play a real game" in explained
        assert app.screen.check_action("board", ()) is True  # b: the final board, as after any game
        await pilot.press("n")
        await wait_until(lambda: type(app.screen).__name__ == "SetupScreen", "the new game setup", pause=pilot.pause)
        await wait_until(lambda: app.screen.game_id == game_id, "the setup on the learned game", pause=pilot.pause)


async def test_question_mark_shows_the_last_rule_again_and_x_turns_the_explanations_off() -> None:
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_guided_game(pilot, app, "glassworks")
        await wait_until(lambda: isinstance(app.screen, LessonBox), "the first rule's box", pause=pilot.pause)
        first = app.screen.lesson
        await pilot.press("enter")
        await wait_until(lambda: app.screen is screen, "the board", pause=pilot.pause)
        await pilot.press("question_mark")
        await wait_until(lambda: isinstance(app.screen, LessonBox), "the box again", pause=pilot.pause)
        assert app.screen.lesson == first
        await pilot.press("x")
        await wait_until(lambda: app.screen is screen, "the board", pause=pilot.pause)
        assert not screen.lessons_on
        # The next rule applies (gathering, once a piece is placed) but is not shown.
        place = next(a for a in screen.legal_actions() if type(a).__name__ == "Place")
        screen.play(place)
        await pilot.pause()
        assert "gather" in [lesson.id for lesson in screen.explained]
        assert app.screen is screen
        await pilot.press("E")  # on again: the next rule that applies is shown
        assert screen.lessons_on
        await pilot.press("question_mark")
        await wait_until(lambda: isinstance(app.screen, LessonBox), "the last box", pause=pilot.pause)
        assert app.screen.lesson.id == "gather"  # the latest rule that applied, though it was not shown then
        await pilot.press("question_mark")  # ? in the box: the game's keys and rules summary
        await wait_until(lambda: isinstance(app.screen, HelpScreen), "the help", pause=pilot.pause)


@pytest.mark.parametrize("game_id", ["glassworks", "flow"])
async def test_a_guided_game_lays_out_the_board_as_the_games_own_screen_does(game_id: str) -> None:
    """The game's styles name its screen's class: the guided screen takes them all."""
    regions = []
    for guided in (False, True):
        table = Table.create(game_id, [Seat("Player"), Seat("Computer 2", "easy")], {}, seed=6, autosave=False)
        app = RiverApp(table if not guided else None, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            if guided:
                app.push_screen(guided_screen(game_id, table, guide_for(get_game(game_id))))
            screen = await wait_for_screen(app, pilot)
            await pilot.pause()
            regions.append([child.region for child in screen.query_one("#board").children])
    assert regions[0] == regions[1]


async def wait_for_screen(app: RiverApp, pilot) -> GameScreen:
    def shown() -> GameScreen | None:
        screen = next((s for s in app.screen_stack if isinstance(s, GameScreen)), None)
        return screen if screen is not None and screen.query("#board") else None

    await wait_until(shown, "the game's board", pause=pilot.pause)
    return shown()


async def test_a_rules_marks_stay_on_the_board_after_its_box_until_the_learner_moves() -> None:
    """The box's "Now:" tells what to do with the marked places: closing the box leaves
    them marked (We All Take's camp: the free land tiles) until the learner's move."""
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_guided_game(pilot, app, "we-all-take")
        await wait_until(lambda: isinstance(app.screen, LessonBox), "the camp's box", pause=pilot.pause)
        assert app.screen.lesson.id == "camp" and "marked land tile" in app.screen.lesson.now
        free = app.screen.lesson.marks(screen.table.view(LEARNER), LEARNER)
        assert len(free) >= 5
        await pilot.press("enter")
        await wait_until(lambda: app.screen is screen, "the board", pause=pilot.pause)
        await pilot.pause()
        assert free <= screen.recent.marks
        assert len(screen.marked_cells()) >= len(free)  # the map draws them
        screen.play(next(a for a in screen.legal_actions() if type(a).__name__ == "PlaceCamp"))
        assert not screen.pointed  # the camp is placed: the free tiles are no longer pointed at


async def test_the_season_box_leaves_we_all_takes_side_panels_in_sight_at_80x24() -> None:
    """"Your role, the water level and the weather are in the side panels": the box
    stands beside them, over the map, not over them."""
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_guided_game(pilot, app, "we-all-take")
        while True:
            await wait_until(lambda: isinstance(app.screen, LessonBox), "a rule's box", pause=pilot.pause)
            if app.screen.lesson.id == "season":
                break
            await pilot.press("enter")
            await wait_until(lambda: app.screen is screen, "the board", pause=pilot.pause)
            if LEARNER in screen.table.to_act() and screen.table.state.phase == CAMPS:
                screen.play(next(a for a in screen.legal_actions() if type(a).__name__ == "PlaceCamp"))
        box = app.screen
        await wait_until(lambda: box.placed, "the box placed", pause=pilot.pause)
        await pilot.pause()
        side = screen.query_one("#wat-side").region
        assert side.width and not box.query_one("#lesson").region.overlaps(side)


async def test_we_all_takes_list_starts_on_the_computers_move_in_the_learners_place() -> None:
    """A guided We All Take game suggests (`Guide.suggests`): at each of the learner's
    steps the list starts on the easy computer's move from the learner's view, picked
    when it costs nothing and adds no pollution, so Enter does it (else twice, also when
    the same move was done just before: a habit's Enter never spends again). The learner may
    choose another: nothing is played for them."""
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_guided_game(pilot, app, "we-all-take")
        table = screen.table
        played = []
        while len(played) < 8:
            await wait_until(lambda: a_box_or_the_learners_step(app, screen), "a box or the learner's step",
                             pause=pilot.pause)  # fmt: skip
            if app.screen is not screen:
                await pilot.press("enter" if isinstance(app.screen, LessonBox) else "x")
                continue
            await pilot.pause()
            if screen.recap_shown:  # what the others did since the learner's last move: read, then Enter
                await pilot.press("enter")
                await wait_until(lambda: not screen.recap_shown, "the summary put away", pause=pilot.pause)
            moves = len(table.log)
            suggested = easy_move(table)
            if type(suggested).__name__ == "Offer":  # not suggested: the trade form would open empty
                screen.play(suggested)
                continue
            box = screen.query_one("#choices")
            chosen = box.current().action
            if type(chosen).__name__ == "PickColour":  # a camp: its colour first, then its tile
                assert chosen.colour == suggested.colour and box.picked
                await pilot.press("enter")
                await wait_until(lambda: box.current() is not None and box.current().action == suggested,
                                 "the suggested tile", pause=pilot.pause)  # fmt: skip
                chosen = box.current().action
            assert chosen == suggested
            if table.state.phase == ACTIONS:
                assert "Enter takes the suggestion" in screen.prompt()
            outcome = preview(table.view(LEARNER), LEARNER, suggested)
            costs = any(outcome.cost) or outcome.pollution > 0  # it spends, or pollutes the river
            assert box.picked is not costs  # also when it was done just before (a second boat): Enter twice then
            await pilot.press(*["enter"] * (1 if box.picked else 2))
            await wait_until(lambda: len(table.log) > moves, "the move made", pause=pilot.pause)
            assert table.log[moves] == (LEARNER, suggested)
            played.append(suggested)


async def test_a_box_closed_before_its_placing_ran_leaves_the_game_running() -> None:
    """Enter pressed the moment a box comes up closes it before its placing (run after
    the next refresh) has settled: the placing then finds no box, and must not fail
    (it stopped the app: "No nodes match '#lesson'")."""
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_guided_game(pilot, app, "glassworks")
        await wait_until(lambda: isinstance(app.screen, LessonBox), "the first rule's box", pause=pilot.pause)
        box = app.screen
        box.dismiss(None)
        await wait_until(lambda: app.screen is screen and not box.is_attached, "the box taken down", pause=pilot.pause)
        box.place()  # what the refresh then runs
        box.settle(0, 78)
        await pilot.pause()
        assert app.screen is screen and app.is_running


async def test_a_suggestion_leaves_the_keys_with_the_panels_the_learner_opened() -> None:
    """A suggestion takes the keys to the list, but not from the river, players and role
    panels the learner is reading (i): they keep them until i, Tab or Esc."""
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_guided_game(pilot, app, "we-all-take")
        table = screen.table
        while not (app.screen is screen and table.state.phase != CAMPS and LEARNER in table.to_act()
                   and not table.bot_seats_to_act() and not screen.recap_shown):
            await wait_until(lambda: a_box_or_the_learners_step(app, screen), "a box or the learner's step",
                             pause=pilot.pause)  # fmt: skip
            await pilot.pause()
            if app.screen is not screen or screen.recap_shown:
                await pilot.press("x" if isinstance(app.screen, OfferToYouScreen) else "enter")
            elif table.state.phase == CAMPS:
                screen.play(easy_move(table))
        box = screen.query_one("#choices")
        assert box.has_focus  # the suggestion's list has the keys
        await pilot.press("i")
        panels = app.focused
        assert panels is not box and panels is not None
        moves = len(table.log)
        assert screen.play(easy_move(table))
        await wait_until(lambda: screen.suggested_at[0] > moves, "the next suggestion", pause=pilot.pause)
        await pilot.pause()
        assert app.focused is panels
