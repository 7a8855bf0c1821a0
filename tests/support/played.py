"""Every screen of every game in states from real play, for the tests that look at
all of them (nothing cut, every colour reads): a seeded game played to its end by
computer seats through the table, opened at positions spread over it where the
human seat is to act (with what happened since its last turn, then without), its
help, its final scores and its replay; and the app's own screens."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

from river_tui.app.river_app import RiverApp
from river_tui.rules.registry import get_game
from river_tui.screens.replay import open_replay
from river_tui.screens.scores import ScoresScreen
from river_tui.play.table import Seat, Table

from support.recap import recap_shown

GAMES = ["glassworks", "riverside", "flow", "we-all-take"]
SIZES = [(80, 24), (120, 40)]
POSITIONS = 3
"""Positions looked at per game: early, in the middle and late."""
KINDS = 6
"""At most this many kinds of decision looked at per game (besides those positions), the first met."""


def seats(game_id: str) -> list[Seat]:
    """Ann, then two computer seats (or as many as the game allows)."""
    game = get_game(game_id)
    count = max(game.min_seats, min(3, game.max_seats))
    return [Seat("Ann")] + [Seat(f"Computer {i}", "greedy") for i in range(1, count)]


def played(game_id: str, seed: int) -> Table:
    """A whole game, every seat (Ann's too) played by the game's greedy computer."""
    game = get_game(game_id)
    table = Table.create(game_id, seats(game_id), {}, seed, autosave=False)
    bots = game.bots()
    bot = bots.get("greedy", bots["random"])
    rng = random.Random(seed)
    while not table.finished:
        seat = min(table.to_act())
        table.apply(seat, bot.choose(game, table.view(seat), seat, rng))
    return table


def at_move(game: Table, moves: int) -> Table:
    """``game`` as it stood after its first ``moves`` moves, Ann's seat a person's."""
    table = Table.create(game.game.id, seats(game.game.id), game.options, game.seed, autosave=False)
    for seat, action in game.log[:moves]:
        table.apply(seat, action)
    return table


def ann_to_act(game: Table) -> list[int]:
    """Moments of ``game`` where Ann is to act (after her first move): the first of each
    kind of decision she faces (the kinds of her legal actions: placing, harvesting,
    voting...; the first `KINDS` met), and ``POSITIONS`` spread over the game."""
    replayed = at_move(game, 0)
    kinds: dict[frozenset, int] = {}
    for moves, (seat, action) in enumerate(game.log):
        if seat == 0 and moves and any(mover == 0 for mover, _ in game.log[:moves]):
            kind = frozenset(type(a).__name__ for a in replayed.legal_actions(0))
            kinds.setdefault(kind, moves)
        replayed.apply(seat, action)
    turns = [moves for moves, (seat, _) in enumerate(game.log) if seat == 0][1:]
    spread = [turns[len(turns) * (n + 1) // (POSITIONS + 1)] for n in range(POSITIONS)]
    return sorted(set(list(kinds.values())[:KINDS]) | set(spread))


async def screens_of(game_id: str, size: tuple[int, int], seed: int = 1) -> AsyncIterator[tuple[str, object]]:
    """Each screen of ``game_id`` at ``size``, as (what it is, the Pilot of the app showing it)."""
    game = played(game_id, seed)
    for moves in ann_to_act(game):
        app = RiverApp(at_move(game, moves), bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            where = f"{game_id} after {moves} moves"
            if recap_shown(app):
                yield f"{where}, since Ann's last turn", pilot
                await pilot.press("space")
                await pilot.pause()
            yield where, pilot
            await pilot.press("question_mark")
            await pilot.pause()
            yield f"{where}, help", pilot
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=size) as pilot:
        app.push_screen(ScoresScreen(game))
        await pilot.pause()
        yield f"{game_id}, the scores", pilot
        for moves in (len(game.log) // 2, len(game.log)):
            open_replay(app, game, moves)
            await pilot.pause()
            yield f"{game_id}, its replay at move {moves}", pilot
            app.pop_screen()
            await pilot.pause()


async def app_screens(size: tuple[int, int]) -> AsyncIterator[tuple[str, object]]:
    """The menu, and each screen it opens, as (what it is, the app's Pilot)."""
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        yield "the menu", pilot
        for key, name in (("n", "new game"), ("r", "records"), ("l", "load"), ("question_mark", "help")):
            await pilot.press(key)
            await pilot.pause()
            yield name, pilot
            await pilot.press("escape")
            await pilot.pause()
