"""Every screen in every colour system Textual draws with: without colour (NO_COLOR),
16 colours, 256 and true colour, chosen the way the app chooses them at home (from
NO_COLOR, TERM and COLORTERM when the app starts). Each game plays random legal
moves through its screen; the app screens are walked by keys. Nothing may crash,
and what reaches the terminal uses only that system's colours (greys without colour).
"""

from __future__ import annotations

import random
import re

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.net.auth import Identity
from river_tui.net.remote_app import RemoteApp
from river_tui.net.tables import TableRegistry
from river_tui.screens.game_base import GameScreen
from river_tui.screens.handover import HandoverScreen
from river_tui.screens.replay import open_replay
from river_tui.screens.scores import ScoresScreen
from river_tui.play.table import Seat, Table

from support.keyboard import press_ready
from support.offers import answer_offer_later
from support.recap import recap_shown
from support.replay_games import bot_table

GAMES = ["glassworks", "riverside", "flow", "we-all-take"]
SIZES = [(80, 24), (120, 40)]
ACTIONS = {(80, 24): 20, (120, 40): 10}
"""Random legal moves played per game; fewer on the big screen, whose frames cost more.
A style's colours are brought down the same way whatever the move: these moves reach
the game's kinds of screen (handover, recap, boards, lists); whole games through
every screen are walked by test_every_colour_reads.py and test_nothing_cut.py."""
CURSOR_KEYS = ["left", "right", "up", "down", "tab"]

SYSTEMS = {
    "monochrome": ({"NO_COLOR": "1", "COLORTERM": "truecolor"}, "truecolor"),
    "16": ({"TERM": "xterm"}, "standard"),
    "256": ({"TERM": "xterm-256color"}, "256"),
    "truecolor": ({"COLORTERM": "truecolor"}, "truecolor"),
}
"""Each system: the environment a terminal of that kind gives the app, and the colour
depth Textual then draws with (true colour without colour, so greys can be checked)."""

SGR = re.compile(r"\x1b\[([0-9;]*)m")

GAME_CASES = [(system, game, SIZES[(i + j) % 2]) for i, system in enumerate(SYSTEMS) for j, game in enumerate(GAMES)]
"""Each game in each colour system once, at one size or the other: every game meets
both sizes twice, and so does every system. A style is brought down to a system the
same way at any size; the sizes show each game's kinds of layout (compact and wide)."""
APP_CASES = [(system, SIZES[i % 2]) for i, system in enumerate(SYSTEMS)]
"""The app's own screens: each system once, two at each size."""


def case_ids(cases: list[tuple]) -> list[str]:
    return ["-".join(p if isinstance(p, str) else f"{p[0]}x{p[1]}" for p in case) for case in cases]


@pytest.fixture(params=list(SYSTEMS))
def system(request, monkeypatch) -> str:
    """The terminal's environment for one colour system (set before the app is built)."""
    monkeypatch.delenv("COLORTERM", raising=False)
    for name, value in SYSTEMS[request.param][0].items():
        monkeypatch.setenv(name, value)
    return request.param


def colours_sent(output: str) -> list[tuple[int, ...]]:
    """Each colour in the output's SGR sequences: (n,) for a 16-colour code, (5, n)
    for a 256-colour one, (2, r, g, b) for true colour."""
    found = []
    for params in SGR.findall(output):
        codes = [int(c) for c in params.split(";") if c]
        i = 0
        while i < len(codes):
            code = codes[i]
            if code in (38, 48):
                size = 2 if codes[i + 1] == 5 else 4
                found.append(tuple(codes[i + 1 : i + 1 + size]))
                i += 1 + size
                continue
            if 30 <= code <= 37 or 40 <= code <= 47 or 90 <= code <= 97 or 100 <= code <= 107:
                found.append((code,))
            i += 1
    return found


def assert_drawn_in(app, system: str) -> None:
    """The whole screen as the terminal receives it uses only ``system``'s colours."""
    assert app.console.color_system == SYSTEMS[system][1]
    assert app.no_color == (system == "monochrome")
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    colours = colours_sent(update.render_segments(app.console))
    assert colours, "the screen set no colours at all"
    kinds = {len(c) for c in colours}
    if system == "16":
        assert kinds == {1}, f"16 colours, yet sent {[c for c in colours if len(c) > 1][:3]}"
    elif system == "256":
        assert 4 not in kinds, f"256 colours, yet sent {[c for c in colours if len(c) == 4][:3]}"
    elif system == "monochrome":
        not_grey = [c for c in colours if len(c) != 4 or len(set(c[1:])) > 1]
        assert not not_grey, f"without colour, yet sent {not_grey[:3]}"


async def play_random_moves(pilot, moves: int, rng: random.Random) -> int:
    """Play up to ``moves`` random legal moves through the game screen, with a cursor
    key before each; the handover is passed by its key, the since-your-last-turn
    box by Enter. Returns the moves played."""
    app = pilot.app
    played = 0
    for _ in range(moves * 3):
        await pilot.pause()
        if isinstance(app.screen, HandoverScreen):
            await press_ready(pilot)
            continue
        if recap_shown(app):
            await pilot.press("enter")
            continue
        if await answer_offer_later(pilot):  # an offer put to the other person at the keyboard
            continue
        screen = app.screen
        if not isinstance(screen, GameScreen) or played == moves:
            break
        actions = screen.legal_actions()
        assert actions, f"{screen.seat_name(screen.viewer)} may not move, yet no computer plays"
        await pilot.press(rng.choice(CURSOR_KEYS))
        assert screen.play(rng.choice(actions))
        played += 1
    return played


@pytest.mark.parametrize(("system", "game", "size"), GAME_CASES, indirect=["system"], ids=case_ids(GAME_CASES))
async def test_a_game_plays_in_every_colour_system(system, game, size):
    table = Table.create(game, [Seat("Ann"), Seat("Bob")], {}, seed=3, autosave=False)
    app = RiverApp(table)
    async with app.run_test(size=size) as pilot:
        played = await play_random_moves(pilot, ACTIONS[size], random.Random(f"{game} {system} {size}"))
        assert played == ACTIONS[size] or isinstance(app.screen, ScoresScreen)
        assert_drawn_in(app, system)


@pytest.mark.parametrize(("system", "size"), APP_CASES, indirect=["system"], ids=case_ids(APP_CASES))
async def test_menu_setup_help_records_and_load_in_every_colour_system(system, size):
    bot_table("flow", seed=2)  # one save, for the load screen
    app = RiverApp()
    async with app.run_test(size=size) as pilot:
        for keys in (["n", "tab", "down", "tab", "down"], ["question_mark", "down"], ["r", "down"], ["l", "down"]):
            await pilot.press(*keys)
            await pilot.pause()
            assert_drawn_in(app, system)
            await pilot.press("escape")
            await pilot.pause()
        assert_drawn_in(app, system)


@pytest.mark.parametrize("game", GAMES)
async def test_scores_and_replay_in_every_colour_system(system, game):
    table = bot_table(game, seed=4)
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ScoresScreen(table))
        await pilot.press("down", "down")
        assert_drawn_in(app, system)
        open_replay(app, table, 0)
        await pilot.pause()
        for key in ["right"] * 10 + ["end", "left", "home"]:
            await pilot.press(key)
        await pilot.pause()
        assert_drawn_in(app, system)


async def test_the_lobby_in_every_colour_system(system, river_home):
    registry = TableRegistry(river_home / "serve")
    identity = Identity("alice", "SHA256:alice", "127.0.0.1")
    registry.create(identity, "flow", seats=2, bots=1, variant=None)
    app = RemoteApp(identity, registry)
    app.no_color = system == "monochrome"  # as the session's driver sets it from what the client sent
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "n", "tab", "down")
        await pilot.pause()
        assert_drawn_in(app, system)
        await pilot.press("escape", "enter")
        await pilot.pause()
        assert_drawn_in(app, system)
    await registry.close()
