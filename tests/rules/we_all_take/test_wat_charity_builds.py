"""Computer seats with Charity build the city too ("Ensure each other player has
completed at least one objective"; four roles in ten need the city): at a table where
no seat holds Development they are the only builders, and the site used to end short
of gravel, which only their camps could gather without polluting."""

from __future__ import annotations

from random import Random

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import Dredge, PlaceCamp
from river_tui.rules.we_all_take.bots import table_mate_moves
from river_tui.rules.we_all_take.components import GRAVEL, ROLES, SLOTS, TILES
from river_tui.rules.we_all_take.evaluation import targets
from river_tui.rules.we_all_take.seasons import start_turn

from support.wat_helpers import at_turn, new_table, put, set_stock, tile

GREEDY = GAME.bots()["greedy"]


def role(name: str) -> int:
    return next(role_id for role_id, r in enumerate(ROLES) if r.name == name)


def first_camp(role_name: str) -> PlaceCamp:
    """Where the first seat of a new three-seat table, dealt ``role_name``, puts its camp."""
    s = GAME.new(3, {"variant": GAME.default_variant(3)}, 5)
    seat = min(GAME.to_act(s))
    s.roles[seat] = role(role_name)
    view = GAME.view(s, seat)
    choice = GREEDY.choose(GAME, view, seat, Random(1))
    assert table_mate_moves(view, seat) == [choice]  # normal and hard weigh that camp alone
    return choice


def test_a_charity_seats_camp_stands_by_a_gravel_slot_as_a_builders_does():
    """The Cook, the Volunteer and the Philanthropist put their camp where the Mayor
    (Development and Charity) would: on a tile with a gravel slot; the Gardener, who
    builds nothing, on the tile with the most trees."""
    mayors = first_camp("Mayor")
    assert any(SLOTS[slot].kind == GRAVEL for slot in TILES[mayors.tile].slots)
    for name in ("Cook", "Volunteer", "Philanthropist"):
        assert first_camp(name).tile == mayors.tile, name
    assert first_camp("Gardener").tile != mayors.tile


def test_once_the_city_is_placed_a_charity_seat_wants_what_its_site_lacks():
    """Five fish, five wood and five gravel finish the city: with the site at two trees
    and three gravel in the game's last seasons, a Volunteer's plans call for three
    trees and two gravel; before the city is placed, only the gold to propose it."""
    s = new_table([("W4", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    s.season = s.last_season
    s.roles[0] = role("Volunteer")
    volunteer = ROLES[s.roles[0]].objectives
    assert targets(s, 0, [], 1.0, volunteer) == [0, 0, 0, 0, 1]
    s.city, s.site = tile("E3"), [5, 2, 3]
    assert targets(s, 0, [], 1.0, volunteer) == [0, 3, 2, 0, 0]


def test_a_charity_seat_without_development_does_not_dredge_for_the_site():
    """Dredging gains a gravel from the box and adds a pollution to the river: a Volunteer
    whose site lacks gravel leaves its boat's dredge alone (normal does not weigh it),
    where a Tycoon, whose own objective is the city, may weigh it."""
    s = new_table([("W1", "Red"), ("E5", "Blue")])
    boat = put(s, 0, "boat", tile("R2"))
    s = at_turn(s, 1, 0)
    start_turn(s)
    s.city, s.site = tile("E3"), [5, 5, 0]
    set_stock(s, 0, fish=2)
    assert Dredge(boat) in GAME.legal_actions(s, 0)
    s.roles[0] = role("Volunteer")
    assert Dredge(boat) not in table_mate_moves(GAME.view(s, 0), 0)
    s.roles[0] = role("Tycoon")
    assert Dredge(boat) in table_mate_moves(GAME.view(s, 0), 0)
