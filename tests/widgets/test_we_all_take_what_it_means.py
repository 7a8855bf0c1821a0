"""We All Take says what a decision means where it is made, for a newcomer who has
not read the rulebook: a vote says what the policy does once passed (and when your
own role needs it), and your role card says what each objective asks, Charity too
(it said only "judged at the end")."""

from __future__ import annotations

from textual.app import App

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take import actions as A
from river_tui.rules.we_all_take.components import ALL_ROLES, CHARITY, CITY, ROLES, SUBSIDY, TILES
from river_tui.widgets.we_all_take.choices import choices
from river_tui.widgets.we_all_take.role import RolePanel

from support.screen_text import on_screen
from screens.test_we_all_take_keys import city_proposable
from screens.test_we_all_take_screen import solo_until


def vote_words(table, seat: int = 0) -> list[str]:
    view = table.view(seat)
    return [c.label.plain for c in choices(view, seat, table.legal_actions(seat)) if isinstance(c.action, A.Vote)]


def test_a_vote_on_the_city_says_what_passing_it_does_and_that_your_role_needs_it():
    table = solo_until(3, city_proposable)
    table.apply(0, next(a for a in table.legal_actions(0) if isinstance(a, A.Propose) and a.policy == CITY))
    code = TILES[table.state.proposal.tile].code
    favour, against = vote_words(table)
    # The rulebook: "Remove all resources from any one land tile and place the city token on it construction
    # side face up"; "five fish, five wood, and five gravel ... the city is complete."
    assert favour.startswith(f"Vote in favour: {code} becomes the city's construction site (its resources removed)")
    assert "5 fish, 5 trees and 5 gravel build it" in favour
    assert "your Development objective needs the city" in favour  # the solo Steward's three objectives
    assert against == "Vote against: things stay as they are"


def test_a_vote_on_the_subsidy_says_pollution_may_be_sold_and_names_no_objective():
    def subsidy_proposable(table) -> bool:
        return table.state.phase == "propose" and any(
            isinstance(a, A.Propose) and a.policy == SUBSIDY for a in table.legal_actions(0))

    table = solo_until(3, subsidy_proposable)
    table.apply(0, next(a for a in table.legal_actions(0) if isinstance(a, A.Propose) and a.policy == SUBSIDY))
    favour, _ = vote_words(table)
    # "Pollution may be exchanged for gold the same as any other resource."
    assert favour == "Vote in favour: pollution may then be exchanged for gold like any resource"


async def test_the_role_card_says_what_charity_asks():
    charity = next(role for role in ROLES if CHARITY in role.objectives)
    s = GAME.new(3, {}, 1)
    s.roles = [charity.id, None, None]

    class Card(App):
        def compose(self):
            yield RolePanel(id="role")

    app = Card()
    async with app.run_test(size=(120, 20)) as pilot:
        panel = app.query_one(RolePanel)
        panel.show(s, 0, ["Ann", "Bob", "Cy"])
        await pilot.pause()
        words = " ".join(" ".join(line.strip("│ ").split()) for line in on_screen(app, panel.region))
        assert ALL_ROLES[charity.id].name in words
        assert "Charity (all others meet one objective): judged at the end" in words


def test_the_proposals_say_what_each_policy_is_and_the_city_site_whose_objective_needs_it():
    table = solo_until(3, city_proposable)
    view = table.view(0)
    headings = {c.group for c in choices(view, 0, table.legal_actions(0)) if isinstance(c.action, A.Propose)}
    assert "Pollution subsidy: pollution sells for gold like any resource" in headings
    assert "Land protection: only pollution may be harvested on a protected tile" in headings
    assert ("City development: a land tile becomes the city's site; 5 fish, 5 trees and 5 gravel build it"
            " (your Development objective needs the city)") in headings  # the solo Steward's
    table.apply(0, next(a for a in table.legal_actions(0) if isinstance(a, A.Propose) and a.policy == CITY))
    while table.state.phase != "contribute":
        table.apply(0, next(a for a in table.legal_actions(0) if isinstance(a, (A.Vote, A.Done))))
    sites = {c.group for c in choices(table.view(0), 0, table.legal_actions(0)) if isinstance(c.action, A.Contribute)}
    assert sites == {"The city's construction site (your Development objective needs the city)"}
