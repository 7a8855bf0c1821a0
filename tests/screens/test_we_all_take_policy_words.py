"""We All Take at 80x24: what a policy does is said where it is chosen, in the list's
words (newcomers found it only in help): under the proposals' heading, and in the
vote's "For: ..." (the status line names the policy voted on)."""

from __future__ import annotations

from river_tui.app.river_app import RiverApp
from river_tui.rules.we_all_take import actions as A
from river_tui.rules.we_all_take.components import CITY, SUBSIDY, TILES
from river_tui.widgets.we_all_take.choice_list import ChoiceList

from screens.test_we_all_take_keys import city_proposable
from screens.test_we_all_take_screen import solo_until
from support.screen_text import on_screen


def list_words(app) -> str:
    box = app.screen.query_one(ChoiceList)
    return " ".join(" ".join(line.strip("│┃ ").split()) for line in on_screen(app, box.region))


async def test_the_proposals_and_the_vote_say_what_the_policy_does_at_80x24():
    table = solo_until(3, city_proposable)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("tab", "home")
        assert "Subsidy: pollution sells for gold" in list_words(app)
        assert "Protection: only pollution harvested" in list_words(app)
        box = app.screen.query_one(ChoiceList)
        while box.current().action.policy != CITY:  # down the list, as a player goes to the city
            await pilot.press("down")
        # The solo Steward's Development needs the city; "five fish, five wood, and five gravel ... complete".
        assert "City (you need it): 5∝ 5♣ 5∴ build it" in list_words(app)
        table.apply(0, next(a for a in table.legal_actions(0) if isinstance(a, A.Propose) and a.policy == CITY))
        await pilot.pause()
        code = TILES[table.state.proposal.tile].code
        assert f"For: {code} becomes the city site" in list_words(app)


async def test_a_vote_on_the_subsidy_says_pollution_sells_at_80x24():
    def subsidy_proposable(table) -> bool:
        return table.state.phase == "propose" and any(
            isinstance(a, A.Propose) and a.policy == SUBSIDY for a in table.legal_actions(0))

    table = solo_until(3, subsidy_proposable)
    table.apply(0, next(a for a in table.legal_actions(0) if isinstance(a, A.Propose) and a.policy == SUBSIDY))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "For: pollution sells for gold" in list_words(app)
