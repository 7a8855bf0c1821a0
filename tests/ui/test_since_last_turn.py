"""The "since your last turn" summary: each turn's says that turn's moves, and an app
builds the screen once (a server's sessions see one at nearly every turn; building and
mounting it afresh each time cost the server's loop three whole-screen layouts)."""

from __future__ import annotations

from textual.app import App

from river_tui.screens.since_last_turn import SinceLastTurnScreen

from ui.recap import recap_text


async def test_each_turns_summary_is_the_same_screen_saying_that_turns_moves():
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        SinceLastTurnScreen.show(app, "Ann", ("Moves: Bob crossed 2 seats",))
        await pilot.pause()
        first = app.screen
        assert isinstance(first, SinceLastTurnScreen)
        box = first.query_one("#since")
        assert "Since Ann's last turn" in recap_text(first) and "Bob crossed 2 seats" in recap_text(first)
        await pilot.press("space")
        await pilot.pause()
        assert not isinstance(app.screen, SinceLastTurnScreen)

        SinceLastTurnScreen.show(app, "Ann", ("Moves: Cy sailed to the bridge",))
        await pilot.pause()
        assert app.screen is first and first.query_one("#since") is box  # not built again
        said = recap_text(app.screen)
        assert "Cy sailed to the bridge" in said and "Bob" not in said


async def test_a_summary_told_again_while_on_show_says_the_new_moves_once():
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        SinceLastTurnScreen.show(app, "Ann", ("Moves: Bob crossed 2 seats",))
        await pilot.pause()
        SinceLastTurnScreen.show(app, "Ann", ("Moves: Cy sailed to the bridge",))
        await pilot.pause()
        assert [type(s) for s in app.screen_stack].count(SinceLastTurnScreen) == 1
        assert "Cy sailed to the bridge" in recap_text(app.screen)
        await pilot.press("space")
        await pilot.pause()
        assert not isinstance(app.screen, SinceLastTurnScreen)  # one key puts it away
