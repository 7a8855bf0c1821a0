"""A first Enter on a hex never picks a choice that spends: at every step where Enter
on the map picks (a structure's actions, a proposal, the city's site), where all the
hex offers spends it says in one sentence what the hex offers and picks nothing; n,
a deliberate key, picks it, and only then does Enter do it. (A camp with nothing to
harvest on its hex had its "Build a boat" picked by the first Enter.)"""

from __future__ import annotations

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.rules.we_all_take import actions as A
from river_tui.rules.we_all_take.preview import preview
from river_tui.widgets.we_all_take.choice_list import ChoiceList
from river_tui.widgets.we_all_take.choices import choices
from river_tui.widgets.we_all_take.hex_map import HexMap

from screens.test_we_all_take_screen import solo_until
from support.recap import put_away_recaps


def the_hex(table) -> int | None:
    """The acting camp's hex (in the actions), or the first hex a proposal names."""
    s = table.state
    if s.phase == "actions" and s.groups:
        return s.groups[0][1]
    return next((a.tile for a in table.legal_actions(0) if getattr(a, "tile", None) is not None), None)


def all_it_offers_spends(table) -> bool:
    """All the hex offers spends or carries a structure away."""
    here = the_hex(table)
    if here is None or table.state.phase not in ("actions", "propose"):
        return False
    view = table.game.view(table.state, 0)
    touching = [c for c in choices(view, 0, table.legal_actions(0)) if c.touches(here)]
    if not touching:
        return False
    outcome = [preview(view, 0, c.action) for c in touching]
    return all(any(o.cost) or o.pollution > 0 or c.ends_actions for c, o in zip(touching, outcome))


def proposing_on_a_hex(table) -> bool:
    return table.state.phase == "propose" and all_it_offers_spends(table)


@pytest.mark.parametrize("seed, ready", [(25, all_it_offers_spends), (3, proposing_on_a_hex)], ids=["actions", "propose"])
async def test_enter_on_a_hex_whose_choices_all_spend_says_so_and_picks_nothing(monkeypatch, seed, ready):
    table = solo_until(seed, ready)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await put_away_recaps(pilot)
        screen, box, hex_map = app.screen, app.screen.query_one(ChoiceList), app.screen.query_one(HexMap)
        here = the_hex(table)
        said: list[str] = []
        monkeypatch.setattr(app, "notify", lambda message, **_: said.append(message))
        hex_map.focus()
        hex_map.cursor = here
        moves, before = len(table.log), box.current()
        await pilot.press("enter")
        await pilot.pause()
        assert box.current() == before and not box.picked, box.current().label.plain
        assert said and said[-1].startswith("On ") and "n picks each in turn" in said[-1], said
        await pilot.press("enter")  # the same again: nothing is picked, nothing done
        await pilot.pause()
        assert len(table.log) == moves and not box.picked
        await pilot.press("n")
        await pilot.pause()
        picked = box.current()
        assert box.picked and picked.touches(here) and screen._spends(picked)
        await pilot.press("enter")
        await pilot.pause()
        assert table.log[-1][1] == picked.action and len(table.log) == moves + 1


def two_boats_to_build(table) -> bool:
    s = table.state
    builds = [a for a in table.legal_actions(0) if isinstance(a, A.Build) and a.kind == "boat"] if s.phase == "actions" else []
    return bool(builds) and s.stock[0][0] >= 2 and s.stock[0][1] >= 2


async def test_a_choice_done_and_listed_again_is_not_picked_for_the_next_enter():
    """Build a boat, and the same "Build a boat" is listed again: Enter once more only
    picks it (a third Enter by habit built a second boat)."""
    table = solo_until(2, two_boats_to_build)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await put_away_recaps(pilot)
        box = app.screen.query_one(ChoiceList)
        box.focus()
        build = next(i for i, c in enumerate(box.choices) if isinstance(c.action, A.Build) and c.action.kind == "boat")
        box.point_at(build)
        action, moves = box.current().action, len(table.log)
        await pilot.press("enter")
        await pilot.pause()
        assert table.log[-1][1] == action and box.current().action == action  # listed again, highlighted
        assert not box.picked
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.log) == moves + 1 and box.picked
