"""The highlight the list places itself (a new turn, after a move) is never on a choice
that adds pollution to the map while another is listed: a boat on a river tile with
no fish to take offered "Dredge: gain ∴ from the box, adds × to the river" first, and
the Enter Enter of every other turn polluted the river of a player whose role needs it
clean."""

from __future__ import annotations

from river_tui.app.river_app import RiverApp
from river_tui.rules.we_all_take import actions as A
from river_tui.rules.we_all_take.components import EMPTY, ROW_RIVER, TILES
from river_tui.play.table import Table
from river_tui.widgets.we_all_take.choice_list import ChoiceList

from screens.test_we_all_take_screen import solo_until
from support.recap import put_away_recaps


def a_boat_acts_alone(table: Table) -> bool:
    """Structures acting on a river tile (boats only), one of which may dredge."""
    s = table.state
    if s.phase != "actions" or not s.groups or s.groups[0][1] not in ROW_RIVER:
        return False
    return any(isinstance(a, A.Dredge) for a in table.legal_actions(0))


async def test_a_boat_with_nothing_to_take_is_not_offered_its_dredge_first():
    table = solo_until(1, a_boat_acts_alone)
    s = table.state
    river = s.groups[0][1]
    for slot in TILES[river].slots:  # the tile's fish are gone: the boat may plant, dredge or move
        s.slots[slot] = EMPTY
    row = TILES[river].row
    s.loose[4 * row: 4 * row + 4] = [0, 0, 0, 0]
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await put_away_recaps(pilot)
        box = app.screen.query_one(ChoiceList)
        assert any(isinstance(c.action, A.Dredge) for c in box.choices)
        assert not any(isinstance(c.action, A.Harvest) for c in box.choices)
        assert not isinstance(box.current().action, A.Dredge), box.current().label.plain
        assert not box.current().ends_actions
