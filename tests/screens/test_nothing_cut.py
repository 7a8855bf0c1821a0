"""Nothing cut: at 80x24 and 120x40, on every screen of every game in states from real
play (tests/support/played.py: a seeded game played by computer seats through the table,
seen at the first moment of each kind of decision and at moments spread over it, with
its summary, help, scores and replay) and on the app's own screens, no line of words
ends cut inside a word where its widget would have said more (a line ending "…" says
it is cut), no widget's words are hidden beyond a container's edge without a scrollbar
showing there is more, and no widget is given fewer rows than its words need
(tests/support/cut_words.py). A game's screens at 120x40 are looked at in the walk of
tests/app/test_every_colour_reads.py, which looks at their colours too."""

from __future__ import annotations

import random

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.play.table import Seat, Table
from river_tui.rules.riverside.bots import GREEDY_BOT
from river_tui.saves.schema import MAX_NAME
from river_tui.widgets.status_bar import StatusBar

from support.cut_words import cut_words
from support.played import GAMES, SIZES, app_screens, screens_of
from support.recap import put_away_recaps

KNOWN: dict[tuple[str, tuple[int, int]], str] = {}
"""(game, size) whose screens still cut words, and why: each must still cut (else it is
taken off this list), and no other may. At 120x40 judged by
tests/app/test_every_colour_reads.py, whose walk looks at the same screens."""


async def cuts_on(screens) -> list[str]:
    found = []
    async for what, pilot in screens:
        found += cuts_seen(what, pilot)
    return found


def cuts_seen(what: str, pilot) -> list[str]:
    """What is cut on the screen shown (``what``)."""
    return [f"{what}: {cut}" for cut in cut_words(pilot.app)]


def judged(found: list[str], game: str, size: tuple[int, int]) -> None:
    """Nothing cut on ``game``'s screens at ``size`` but what `KNOWN` names, which must still cut."""
    if (game, size) in KNOWN:
        assert found, f"nothing is cut any more: take {(game, size)} off KNOWN"
        pytest.xfail(KNOWN[(game, size)])
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", GAMES)
async def test_no_words_are_cut_on_any_screen_of_a_game_at_80x24(game):
    """At 120x40 the same screens are looked at by the walk of
    tests/app/test_every_colour_reads.py (one walk for both: the suite's costliest)."""
    judged(await cuts_on(screens_of(game, (80, 24))), game, (80, 24))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_no_words_are_cut_on_the_apps_own_screens(size):
    found = await cuts_on(app_screens(size))
    assert not found, "\n".join(found)


async def test_the_hex_under_the_cursor_is_whole_on_every_hex_of_a_we_all_take_game_at_120x40():
    """The panel under the map has a fixed height (moving the cursor lays nothing out):
    on every hexagon, at moments spread over a game from real play (structures, nets,
    floods, the city), its words fit it; it cut "free │ free, for" on a hex with a
    structure and nets below."""
    from river_tui.app.river_app import RiverApp
    from river_tui.rules.we_all_take.components import TILES
    from river_tui.widgets.we_all_take.hex_map import HexMap
    from river_tui.widgets.we_all_take.tile import TileDetail
    from support.played import ann_to_act, at_move, played

    game = played("we-all-take", 1)
    found = []
    for moves in ann_to_act(game):
        app = RiverApp(at_move(game, moves), bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("space")  # the summary of what happened, if shown
            hex_map, panel = app.screen.query_one(HexMap), app.screen.query_one(TileDetail)
            for tile in range(len(TILES)):
                hex_map.cursor = tile
                await pilot.pause()
                below = panel.render_line(panel.content_size.height).text.strip()  # the row it has no room for
                found += [f"after {moves} moves on {TILES[tile].code}: {cut}" for cut in cut_words(app)]
                found += [f"after {moves} moves on {TILES[tile].code}: {below!r} below the panel"] if below else []
    assert not found, "\n".join(found)


def longest_names() -> list[str]:
    """Three names of the most characters a seat's name may have, of words (so a cut
    shows inside one)."""
    return [(f"{first} " * MAX_NAME)[:MAX_NAME].strip() for first in ("Annabelle-Josephine", "Bartholomew", "Cunegonde")]


def riverside_moments() -> list[tuple[str, Table]]:
    """A three-seat Riverside game under the longest names, the greedy computer playing
    every seat, opened where the first seat is in each step of phases 2 and 3 the first
    time (choosing dice, crossing seats, a bonus's seats, choosing a village, scoring
    one), and where it has finished phase 2 and waits for the others."""
    names = longest_names()
    game = Table.create("riverside", [Seat(names[0])] + [Seat(name, "greedy") for name in names[1:]], {}, 5,
                        autosave=False)
    bot, rng = GREEDY_BOT, random.Random(5)
    moments: dict[str, int] = {}
    while not game.finished:
        view, acting = game.view(0), game.to_act()
        draft = view.drafts[0] if view.drafts else None
        if 0 in acting and draft is not None:
            moments.setdefault(f"phase {view.phase}, step {draft.turn.stage}", len(game.log))
        elif view.phase == 2 and acting:
            moments.setdefault("waiting in phase 2", len(game.log))
        seat = min(acting)
        game.apply(seat, bot.choose(game.game, game.view(seat), seat, rng))
    out = []
    for what, moves in sorted(moments.items()):
        table = Table.create("riverside", game.seats, {}, 5, autosave=False)
        for seat, action in game.log[:moves]:
            table.apply(seat, action)
        out.append((what, table))
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_no_words_are_cut_in_riverside_under_names_of_the_longest_allowed(size):
    """Riverside's status line (whole: a long name gives way, ending "…", never the
    line's end), its "Last:" line, the sheet's title and points and the other sheets
    (o) under three names of the most characters allowed, in every step of phases 2
    and 3 and while waiting for the others, at 80x24 and 120x40."""
    found, steps = [], set()
    for what, table in riverside_moments():
        steps.add(what)
        app = RiverApp(table, bot_delay=2)  # the computer seats wait a while: the line says so
        async with app.run_test(size=size) as pilot:
            await put_away_recaps(pilot)
            found += cuts_seen(what, pilot)
            line = str(app.screen.query_one(StatusBar).render()).rstrip()
            if line.endswith("…"):  # the line's own end, not only a name's
                found.append(f"{what}: the status line is cut: {line!r}")
            await pilot.press("o")
            await pilot.pause()
            found += cuts_seen(f"{what}, another sheet", pilot)
    assert {"phase 2, step 0", "phase 2, step 1", "phase 2, step 3", "waiting in phase 2"} <= steps
    assert not found, "\n".join(found)
