"""The new-table form's Variant list offers a game's own variants only: We All Take's
"Standard" and "Tutorial mode" (no blank "none" beside them, which meant the default);
a game without variants shows "none" and nothing to choose."""

from __future__ import annotations

from textual.widgets import Select
from textual.widgets._select import SelectOverlay

from support.screen_text import on_screen
from support.waiting import wait_until

from support.net.new_table_form import new_table_form


async def shown_variants(pilot, app) -> list[str]:
    """The choices the Variant list opens on, as the player reads them (the list closed again)."""
    await pilot.click("#variant")
    overlay = app.screen.query_one("#variant", Select).query_one(SelectOverlay)
    await wait_until(lambda: overlay.display and overlay.option_count, "the open list", pause=pilot.pause)
    prompts = [str(overlay.get_option_at_index(i).prompt) for i in range(overlay.option_count)]
    await pilot.press("escape")
    return prompts


async def test_the_variant_list_offers_the_games_variants_only(river_home):
    async with new_table_form(river_home) as (registry, app, pilot):
        game, variant = app.screen.query_one("#game", Select), app.screen.query_one("#variant", Select)
        game.value = "we-all-take"
        await wait_until(lambda: variant.value == "standard", "We All Take's variants", pause=pilot.pause)
        assert await shown_variants(pilot, app) == ["Standard", "Tutorial mode"]
        game.value = "glassworks"  # no variants
        await wait_until(lambda: variant.disabled, "no variant to choose", pause=pilot.pause)
        assert on_screen(app, variant.region)[0].split() == ["none", "▼"]
        await pilot.press("ctrl+s")
        await wait_until(lambda: registry.tables, "the table", pause=pilot.pause)
        assert registry.tables[1].table.options.get("variant") is None


async def test_computer_seats_start_at_normal_and_keep_the_level_chosen_through_a_change_of_game(river_home):
    """As in the setup at one keyboard: normal is what a player expects first."""
    async with new_table_form(river_home) as (registry, app, pilot):
        game, level = app.screen.query_one("#game", Select), app.screen.query_one("#computer", Select)
        assert level.value == "normal"
        level.value = "hard"
        game.value = "flow"
        await wait_until(lambda: game.value == "flow" and level.value == "hard", "the level kept", seen=lambda: level.value,
                         pause=pilot.pause)  # fmt: skip
