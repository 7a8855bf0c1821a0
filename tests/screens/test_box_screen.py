"""A box over a board (the offer box here; every modal screen of ours) draws the board
dimmed under it cell for cell as Textual draws it, but works out each dimmed style
once for the process, not for every segment at every drawing (the board under a box
is drawn again whenever the box comes up and at every move under it)."""

from __future__ import annotations

from textual.renderables.background_screen import BackgroundScreen
from textual.screen import ModalScreen
from textual.widget import Widget

from river_tui.app.river_app import RiverApp

from screens.test_we_all_take_offer_to_you import ann_on_her_turn, bob_offers, open_for_ann


async def test_the_board_under_a_box_is_dimmed_as_textual_dims_it_each_style_once(monkeypatch):
    table = ann_on_her_turn()
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_for_ann(app, pilot, table)
        box = await bob_offers(pilot, table)
        tinted: list[int] = []  # the segments tinted, a call at a time
        tint = BackgroundScreen.process_segments

        def counted(segments, color):
            segments = list(segments)
            tinted.append(len(segments))
            return tint(segments, color)

        monkeypatch.setattr(BackgroundScreen, "process_segments", staticmethod(counted))

        def drawn() -> str:
            """The screen with the box drawn anew (Textual draws it as for a frame)."""
            box.refresh()
            return app.export_screenshot()

        ours = drawn()
        tinted.clear()
        assert drawn() == ours and sum(tinted) == 0  # drawn again: every style already worked out
        monkeypatch.setattr(type(box), "render", ModalScreen.render)
        monkeypatch.setattr(type(box), "post_render", Widget.post_render)
        assert drawn() == ours  # Textual's own drawing
        assert sum(tinted) > 200  # (which tints every segment of the board)
