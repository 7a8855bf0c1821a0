"""The city built in time: a computer seat whose objectives need the city gives the
construction site what it holds spare from the first season-ends after the site is
placed, not in the game's last seasons ("Players may add any number of resources to
the construction site at the end of each season after the policy phase")."""

from __future__ import annotations

from random import Random

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import DONE, Build
from river_tui.rules.we_all_take.bots import table_mate_moves
from river_tui.rules.we_all_take.components import ROLES, TILES
from river_tui.rules.we_all_take.seasons import advance, end_season
from river_tui.rules.we_all_take.state import CONTRIBUTE

from support.wat_helpers import at_turn, new_table, set_stock, tile

GREEDY = GAME.bots()["greedy"]


def site_step(role: str, season: int, **stock: int):
    """Three seats at the site's step of ``season``'s end, the city's site placed and
    empty, seat 0 dealt ``role`` and holding ``stock``, the others nothing."""
    s = new_table([("W4", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    s.season = season
    s = at_turn(s, 4, 0)
    s.city, s.site = tile("W1"), [0, 0, 0]
    for seat in range(3):
        set_stock(s, seat)
    s.roles[0] = next(role_id for role_id, r in enumerate(ROLES) if r.name == role)
    set_stock(s, 0, **stock)
    end_season(s)
    advance(s)
    while s.phase != CONTRIBUTE:
        s = GAME.apply(s, min(GAME.to_act(s)), DONE)
    return s


def seat_0_at_the_site(s):
    """What seat 0 adds to the site, step by step, until it is done (the greedy bot's
    choices, and the one move normal and hard weigh)."""
    added = []
    while 0 in GAME.to_act(s):
        view = GAME.view(s, 0)
        move = GREEDY.choose(GAME, view, 0, Random(1))
        assert table_mate_moves(view, 0) == [move]
        if move == DONE:
            break
        added.append(move.kind)
        s = GAME.apply(s, 0, move)
    return added


def test_a_mayor_gives_the_site_its_spare_tokens_in_the_third_season():
    """The Mayor (Development and Charity) in season 3 of 10, holding three of each token
    the site needs: it keeps a tree and a fish for its next boat and gives the rest
    (it used to keep them all for Charity's share of the city until season 6)."""
    added = seat_0_at_the_site(site_step("Mayor", 3, fish=3, tree=3, gravel=3))
    assert sorted(added) == ["fish", "fish", "gravel", "gravel", "gravel", "tree", "tree"]


def test_a_volunteer_gives_the_site_what_it_holds_in_the_third_season():
    """Charity needs every other seat to meet an objective, and four roles in ten build
    the city: the Volunteer (Conservation and Charity) gives the site its gravel early
    too, rather than hold it to the end."""
    added = seat_0_at_the_site(site_step("Volunteer", 3, gravel=2))
    assert added == ["gravel", "gravel"]


def at_the_camps_turn(role: str, gear: int):
    """Seat 0, dealt ``role``, at its camp's turn on W4 in season 3, owning ``gear``
    boats, holding two fish and a tree; the city's site placed, lacking every tree."""
    from river_tui.rules.we_all_take.seasons import start_turn

    from support.wat_helpers import put

    s = new_table([("W4", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    s.season = 3
    for _ in range(gear):
        put(s, 0, "boat", tile("R1"))
    s = at_turn(s, TILES[tile("W4")].row, 0)
    start_turn(s)
    s.city, s.site = tile("W1"), [5, 0, 5]
    s.roles[0] = next(role_id for role_id, r in enumerate(ROLES) if r.name == role)
    set_stock(s, 0, fish=2, tree=1)
    return s


def builds_a_net(s) -> bool:
    return any(isinstance(m, Build) and m.kind == "net" for m in table_mate_moves(GAME.view(s, 0), 0))


def test_a_tycoon_with_its_boats_keeps_its_tree_for_the_site_rather_than_build_a_net():
    """The Tycoon (Development and Capital) owns three boats: the tree the site lacks is
    not spent on a net (normal does not weigh it, nor does the greedy bot) and goes to
    the site at the season's end. With one boat it may still build (boats and nets
    gather what the city needs), and a Guide, who does not need the city, may too."""
    s = at_the_camps_turn("Tycoon", gear=3)
    assert any(isinstance(a, Build) and a.kind == "net" for a in GAME.legal_actions(s, 0))
    assert not builds_a_net(s)
    assert not isinstance(GREEDY.choose(GAME, GAME.view(s, 0), 0, Random(1)), Build)
    assert builds_a_net(at_the_camps_turn("Tycoon", gear=1))
    assert builds_a_net(at_the_camps_turn("Guide", gear=3))
