"""The new-game screen, driven by keys as a player would at 80x24."""

from __future__ import annotations

import json

import pytest
from textual.widgets import Input, Select

from river_tui.app.river_app import RiverApp
from river_tui.screens.setup import SeatRow, SetupScreen
from support.waiting import wait_until


async def open_setup(pilot) -> SetupScreen:
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(pilot.app.screen, SetupScreen)
    return pilot.app.screen


def seat_names(setup) -> list[str]:
    return [row.query_one(Input).value for row in setup.query(SeatRow)]


async def choose(pilot, select_id: str, label: str) -> None:
    """Open a dropdown with Enter and pick ``label`` by moving down to it."""
    setup = pilot.app.screen
    select = setup.query_one(select_id, Select)
    select.focus()
    await pilot.press("enter")
    await pilot.pause()
    for _ in range(20):
        overlay = select.query_one("SelectOverlay")
        if str(overlay.get_option_at_index(overlay.highlighted).prompt) == label:
            break
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()


async def test_setup_opens_with_the_game_choice_focused():
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        assert app.focused is setup.query_one("#game", Select)


async def test_the_sixth_seat_of_riverside_is_reachable_by_keyboard_at_80x24():
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        await choose(pilot, "#game", "Riverside")
        await choose(pilot, "#seats", "6")
        assert len(setup.query(SeatRow)) == 6
        sixth = setup.query_one("#kind-5", Select)
        for _ in range(30):  # Tab through the form until the sixth seat's kind has focus
            if app.focused is sixth:
                break
            await pilot.press("tab")
            await pilot.pause()
        assert app.focused is sixth
        assert setup.screen.region.contains_region(sixth.region), "the sixth seat scrolled into view"


async def test_no_choice_is_blank():
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        for game in ("glassworks", "riverside", "flow", "we-all-take"):
            setup.query_one("#game", Select).value = game
            await wait_until(lambda: not [s.id for s in setup.query(Select) if s.is_blank()],
                             f"every choice of {game} to be filled in (the variant is mounted anew)",
                             seen=lambda: [s.id for s in setup.query(Select) if s.is_blank()],
                             pause=lambda: pilot.pause(0.05))  # fmt: skip
            for select in setup.query(Select):
                prompts = [str(prompt) for prompt, _ in select._options]
                assert "Select" not in prompts, f"{select.id} of {game} offers a blank choice"


async def test_a_seat_changing_kind_changes_its_default_name_but_keeps_a_typed_one():
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        await choose(pilot, "#seats", "3")
        assert seat_names(setup) == ["Player 1", "Computer 1", "Computer 2"]
        await choose(pilot, "#kind-1", "Human")
        assert seat_names(setup) == ["Player 1", "Player 2", "Computer 1"]
        setup.query_one("#name-2", Input).value = "Robo"
        await choose(pilot, "#kind-2", "Human")
        assert seat_names(setup) == ["Player 1", "Player 2", "Robo"]


async def test_the_last_setup_is_remembered():
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        await choose(pilot, "#game", "Flow: Untamed Rivers")
        await choose(pilot, "#seats", "3")
        setup.query_one("#name-0", Input).value = "Ann"
        await choose(pilot, "#kind-2", "Human")
        await choose(pilot, "#variant", "Basic")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        assert setup.query_one("#game", Select).value == "flow"
        assert setup.query_one("#seats", Select).value == 3
        assert seat_names(setup) == ["Ann", "Computer 1", "Player 2"]
        assert [row.kind for row in setup.query(SeatRow)][2] == "human"
        assert setup.variant == "basic"


async def test_new_game_offers_the_last_game_started_also_from_the_command_line(monkeypatch):
    """A Flow setup made in the menu, then `river-tui new riverside --players 3 --bots 2`:
    New game opens on the Riverside game, its computer seats as the setup offers them."""
    from river_tui import cli

    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        await choose(pilot, "#game", "Flow: Untamed Rivers")
        await pilot.press("ctrl+s")
        await pilot.pause()
    monkeypatch.setattr(cli, "run_app", lambda table=None: None)
    assert cli.main(["new", "riverside", "--players", "3", "--bots", "2", "--variant", "standard"]) in (0, None)
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        assert setup.query_one("#game", Select).value == "riverside"
        assert seat_names(setup) == ["Player 1", "Computer 1", "Computer 2"]
        assert [row.kind for row in setup.query(SeatRow)] == ["human", "easy", "easy"]  # --bot's default, greedy


@pytest.mark.parametrize("content", [
    b"[1, 2]",
    b'{"game": "flow", "names": ["a"], "kinds": ["human", "human"]}',
    b'{"game": "flow", "names": [1, 2], "kinds": ["human", "human"]}',
    b'{"game": "chess", "names": ["a", "b"], "kinds": ["human", "human"]}',
    b'{"game": "flow", "names": ["a", "b"], "kinds": ["human", "wizard"]}',
    b'{"game": "flow", "names": ["a"], "kinds": ["human"]}',  # Flow needs two seats
    b"[" * 100_000,
    b"\xff\xfe not json",
])
async def test_a_hostile_last_setup_is_forgotten(river_home, content):
    (river_home / "config").mkdir(parents=True)
    (river_home / "config" / "last_setup.json").write_bytes(content)
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        assert setup.query_one("#game", Select).value == "glassworks"
        assert seat_names(setup) == ["Player 1", "Computer 1"]
    assert (river_home / "config" / "last_setup.json").read_bytes() == content


async def test_a_remembered_name_with_control_characters_arrives_clean(river_home):
    (river_home / "config").mkdir(parents=True)
    (river_home / "config" / "last_setup.json").write_text(json.dumps(
        {"game": "glassworks", "names": ["Ann\x1b]0;pwned\x07\x1b[2J", "Bob"], "kinds": ["human", "human"]}))
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        assert seat_names(setup) == ["Ann]0;pwned[2J", "Bob"]


async def test_a_fifo_in_place_of_the_last_setup_is_passed_over_without_waiting(river_home):
    import os

    (river_home / "config").mkdir(parents=True)
    os.mkfifo(river_home / "config" / "last_setup.json")
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        assert seat_names(setup) == ["Player 1", "Computer 1"]


async def test_another_game_keeps_the_names_typed_and_the_kinds_chosen():
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        await choose(pilot, "#seats", "3")
        setup.query_one("#name-0", Input).value = "Ann"
        await choose(pilot, "#kind-1", "Human")
        await choose(pilot, "#kind-2", "Computer (hard)")
        await choose(pilot, "#game", "Riverside")
        assert setup.query_one("#seats", Select).value == 3
        assert seat_names(setup) == ["Ann", "Player 2", "Computer 1"]
        assert [row.kind for row in setup.query(SeatRow)] == ["human", "human", "hard"]
        await choose(pilot, "#game", "Flow: Untamed Rivers")
        await choose(pilot, "#seats", "4")  # a seat more: a computer seat; the others stay
        assert seat_names(setup) == ["Ann", "Player 2", "Computer 1", "Computer 2"]
        assert [row.kind for row in setup.query(SeatRow)] == ["human", "human", "hard", "normal"]


async def test_a_new_computer_seat_plays_at_normal():
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        assert [row.kind for row in setup.query(SeatRow)] == ["human", "normal"]
        assert str(setup.query_one("#kind-1", Select).selection) == "normal"


@pytest.mark.parametrize("key, moved", [("down", 1), ("up", -1)])
async def test_the_arrows_on_a_closed_dropdown_count_from_its_value(key, moved):
    """Seats at 3 of Riverside's 1-6: ↓ ↓ Enter picks 5, ↑ ↑ Enter picks 1."""
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        await choose(pilot, "#game", "Riverside")
        await choose(pilot, "#seats", "3")
        setup.query_one("#seats", Select).focus()
        await pilot.press(key, key, "enter")
        await pilot.pause()
        assert setup.query_one("#seats", Select).value == 3 + 2 * moved


async def test_every_variant_description_reads_whole_at_80_columns():
    from river_tui.rules.registry import get_game
    from support.screen_text import on_screen

    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        for game_id in ("riverside", "flow", "we-all-take"):
            setup.query_one("#game", Select).value = game_id
            ids = {variant.id for variant in get_game(game_id).variants}
            await wait_until(lambda: setup.query("#variant") and setup.query_one("#variant", Select).value in ids,
                             f"{game_id}'s variants", pause=pilot.pause)
            for variant in get_game(game_id).variants:
                setup.query_one("#variant", Select).value = variant.id
                await pilot.pause()
                await pilot.pause()
                help_text = setup.query_one("#variant-help")
                shown = " ".join(" ".join(on_screen(app, help_text.region)).split())
                assert shown == variant.description, (game_id, variant.id, shown)
