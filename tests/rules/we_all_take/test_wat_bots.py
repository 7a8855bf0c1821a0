"""The computer seats: they finish games, pursue their role, and the Steward wins some."""

from __future__ import annotations

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.components import ROLES
from river_tui.rules.we_all_take.evaluation import evaluate
from river_tui.play.simulate import simulate

from support.wat_helpers import new_table, set_stock


def test_greedy_and_random_are_offered():
    assert {"random", "greedy"} <= set(GAME.bots())


def test_greedy_finishes_games_at_one_three_and_five_seats():
    for seats, games in ((1, 3), (3, 2), (5, 1)):
        report = simulate(GAME, ["greedy"] * seats, games, seed=7)
        assert report.errors == [] and report.games == games


def test_the_steward_bot_wins_some_solo_games_and_does_better_than_random():
    greedy = simulate(GAME, ["greedy"], 12, seed=1)
    random = simulate(GAME, ["random"], 12, seed=1)
    assert greedy.wins[0] >= 1
    assert greedy.score_totals[0] > random.score_totals[0]


def test_the_evaluation_follows_the_seats_own_role():
    s = new_table([("W1", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    grocer = next(r.id for r in ROLES if r.name == "Grocer")
    volunteer = next(r.id for r in ROLES if r.name == "Volunteer")
    s.roles = [grocer, volunteer, s.roles[2]]
    view = GAME.view(s, 0)
    richer = view.clone()
    set_stock(richer, 0, fish=10, gold=3)
    assert evaluate(richer, 0) > evaluate(view, 0)
    s2 = s.clone()
    set_stock(s2, 1, fish=10, gold=3)
    assert evaluate(GAME.view(s2, 1), 1) - evaluate(GAME.view(s, 1), 1) < evaluate(richer, 0) - evaluate(view, 0)


def test_greedy_makes_one_offer_a_step_and_does_not_repeat_a_declined_one():
    """A seat holding only gold is not asked at the exchange; the bot offers its trade
    when it is asked to propose, once (the table answered it this season)."""
    from random import Random

    from river_tui.rules.we_all_take.actions import DECLINE, DONE, Offer
    from river_tui.rules.we_all_take.seasons import end_season
    from river_tui.rules.we_all_take.state import PROPOSE

    from support.wat_helpers import at_turn

    role = {r.name: r.id for r in ROLES}
    s = new_table([("E1", "Red"), ("W4", "Blue"), ("W2", "Yellow")])
    s = at_turn(s, 4, 0)
    s.roles = [role["Gardener"], role["Grocer"], role["Mayor"]]
    set_stock(s, 0, gold=2)
    for seat in (1, 2):
        set_stock(s, seat, fish=4, tree=4, gravel=4)
    end_season(s)
    assert 0 not in GAME.to_act(s)
    for seat in (1, 2):
        s = GAME.apply(s, seat, DONE)
    assert s.phase == PROPOSE and GAME.to_act(s) == {0}
    greedy = GAME.bots()["greedy"]
    rng = Random(1)
    offer = greedy.choose(GAME, GAME.view(s, 0), 0, rng)
    assert isinstance(offer, Offer)
    s = GAME.apply(s, 0, offer)
    s = GAME.apply(s, offer.to, DECLINE)
    assert greedy.choose(GAME, GAME.view(s, 0), 0, rng) is DONE


def test_the_search_weighs_legal_table_mate_moves_and_the_greedy_judgement_at_the_seasons_end():
    """The moves normal and hard weigh are legal, offers left out but the one vetted
    swap at the exchange; after it, the greedy bot's choice alone, judged afresh for
    each position though the search keeps its judgements of positions seen before."""
    from random import Random

    from river_tui.rules.we_all_take.actions import Offer
    from river_tui.rules.we_all_take.bargaining import counter, trade
    from river_tui.rules.we_all_take.bots import SEASON_END_STEPS, season_end_choice, table_mate_moves
    from river_tui.rules.we_all_take.state import EXCHANGE
    from river_tui.rules.we_all_take.trading import offer_to

    greedy = GAME.bots()["greedy"]
    state = GAME.new(3, {"variant": GAME.default_variant(3)}, 4)
    rng = Random(4)
    season_end = 0
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        view = GAME.view(state, seat)
        for mover in GAME.to_act(state):
            seen = GAME.view(state, mover)
            weighed = table_mate_moves(seen, mover)
            legal = GAME.legal_actions(seen, mover)
            assert weighed and all(move in legal for move in weighed)
            if seen.phase in SEASON_END_STEPS and offer_to(seen, mover) is None:
                assert weighed == [season_end_choice(seen, mover)]
                season_end += 1
            elif seen.phase == EXCHANGE and offer_to(seen, mover) is None:
                offers = [move for move in weighed if isinstance(move, Offer)]
                made = trade(seen, mover)
                assert offers == ([made] if made is not None else [])
            elif offer_to(seen, mover) is None:
                assert not any(isinstance(move, Offer) for move in weighed)
            else:  # an offer to answer: besides accepting and declining, the one counter
                back = counter(seen, mover)
                assert [move for move in weighed if isinstance(move, Offer)] == ([back] if back else [])
        state = GAME.apply(state, seat, greedy.choose(GAME, view, seat, rng))
    assert season_end > 20


def test_the_search_judges_each_seat_by_its_own_evaluation():
    from river_tui.rules.we_all_take.search_hints import evaluate as judge_seats

    s = new_table([("W1", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    set_stock(s, 1, fish=6, gold=2)
    judged = judge_seats(s)
    assert len(judged) == 3
    assert [judged[seat] for seat in (2, 0, 1)] == [evaluate(s, seat) for seat in (2, 0, 1)]
    assert list(judged) == [evaluate(s, seat) for seat in range(3)]


def test_near_the_end_a_seat_moves_its_boat_to_a_pollution_it_may_then_harvest():
    """A slotted pollution stays on the map until a structure on its tile harvests it:
    over the last two seasons a boat is worth more standing by one (no sooner), so the
    greedy bot moves it there in time."""
    from random import Random

    from dataclasses import replace

    from river_tui.rules.we_all_take.actions import DONE, Move
    from river_tui.rules.we_all_take.components import FISH, ROW_RIVER, SLOTS, TILES

    from support.wat_helpers import at_turn, clear_map, fill, put

    s = new_table([("W1", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    clear_map(s)
    boat = put(s, 0, "boat", ROW_RIVER[1])
    set_stock(s, 0)  # nothing to plant or build with
    polluted = ROW_RIVER[2]
    fill(s, next(slot for slot in TILES[polluted].slots if SLOTS[slot].kind == FISH), "pollution")
    early = at_turn(s, 1, 2)
    late = early.clone()
    late.season = late.last_season - 1
    for state, moves in ((early, False), (late, True)):
        by_it = state.clone()
        by_it.structures = {**by_it.structures, boat: replace(by_it.structures[boat], place=polluted)}  # a clone shares the dict
        assert (evaluate(by_it, 0) > evaluate(state, 0)) is moves
    late = at_turn(late, 1, 2)
    while GAME.to_act(late) != {0}:
        late = GAME.apply(late, min(GAME.to_act(late)), DONE)
    assert late.groups[0] == (0, ROW_RIVER[1])
    assert GAME.bots()["greedy"].choose(GAME, GAME.view(late, 0), 0, Random(1)) == Move(boat, polluted)


def _last_exchange(role: str, **stock: int):
    """The last season's exchange, the city complete (its market open), seat 0 dealt
    ``role`` and holding ``stock``."""
    from river_tui.rules.we_all_take.seasons import end_season

    from support.wat_helpers import at_turn, tile

    s = new_table([("W4", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    s.season = s.last_season
    s = at_turn(s, 4, 0)
    end_season(s)
    s.city, s.city_complete = tile("E3"), True
    s.roles[0] = next(role_id for role_id, r in enumerate(ROLES) if r.name == role)
    set_stock(s, 0, **stock)
    return s


def _seat_0_plays_the_exchange(s):
    """Seat 0's exchanges and purchases at the market, chosen by the greedy bot, each the
    only move normal weighs; until it chooses anything else."""
    from random import Random

    from river_tui.rules.we_all_take.actions import CityBuy, Exchange
    from river_tui.rules.we_all_take.bots import table_mate_moves

    moves = []
    while 0 in GAME.to_act(s):
        move = GAME.bots()["greedy"].choose(GAME, GAME.view(s, 0), 0, Random(1))
        if not isinstance(move, (CityBuy, Exchange)):
            break
        assert table_mate_moves(GAME.view(s, 0), 0) == [move]
        moves.append(move)
        s = GAME.apply(s, 0, move)
    return s, moves


def test_at_the_last_exchange_an_agriculture_seat_sells_and_buys_its_way_to_fifteen_fish():
    """"Stockpile fifteen fish": at the game's last exchange a Cook one fish short, with
    no gold but two trees, sells them for a gold and buys the fish at the city's market
    (each step alone is worth nothing to it; the two make the objective)."""
    from river_tui.rules.we_all_take.actions import CityBuy, Exchange

    s, moves = _seat_0_plays_the_exchange(_last_exchange("Cook", fish=14, tree=2))
    assert moves == [Exchange("tree", "tree"), CityBuy("fish")]
    assert s.stock[0][:2] == [15, 0]


def test_a_grocer_buys_its_last_fish_with_gold_only_while_it_keeps_the_most_gold():
    """Agriculture and Capital: the Grocer buys the two fish it lacks when it still holds
    the most gold after (both objectives met); when that would cost it the lead, it
    keeps Capital (one objective met either way)."""
    from river_tui.rules.we_all_take.actions import CityBuy

    rich = _last_exchange("Grocer", fish=13, gold=5)
    set_stock(rich, 1, gold=2)
    s, moves = _seat_0_plays_the_exchange(rich)
    assert moves == [CityBuy("fish"), CityBuy("fish")]
    assert s.stock[0][0] == 15 and s.stock[0][4] == 3

    contested = _last_exchange("Grocer", fish=13, gold=5)
    set_stock(contested, 1, gold=4)
    _, moves = _seat_0_plays_the_exchange(contested)
    assert moves == []


def _last_exchange_beside_the_site(role: str, **stock: int):
    """The last season's exchange, the city under construction and short of three trees
    (its fish and gravel all there), seat 0 dealt ``role`` and holding ``stock``; the
    other seats hold nothing."""
    from river_tui.rules.we_all_take.seasons import end_season

    from support.wat_helpers import at_turn, tile

    s = new_table([("W4", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    s.season = s.last_season
    s = at_turn(s, 4, 0)
    for seat in range(3):
        set_stock(s, seat)
    s.city, s.site = tile("E3"), [5, 2, 5]
    s.roles[0] = next(role_id for role_id, r in enumerate(ROLES) if r.name == role)
    set_stock(s, 0, **stock)
    end_season(s)
    return s


def _to_the_seasons_end(s):
    """Every seat played by the greedy bot through the exchange, the policies and the
    construction site, to the end of the game."""
    from random import Random

    from river_tui.rules.we_all_take.state import OVER

    rng = Random(1)
    while s.phase != OVER:
        seat = min(GAME.to_act(s))
        s = GAME.apply(s, seat, GAME.bots()["greedy"].choose(GAME, GAME.view(s, seat), seat, rng))
    return s


def test_in_the_last_seasons_a_seat_without_capital_keeps_for_the_city_what_its_site_needs():
    """A Volunteer's gold buys it nothing: at the last exchange the computer seat does not
    sell the trees the city's site still lacks (normal does not even weigh it), but it
    still sells a pair the site has enough of; after the policies the trees go to the
    site."""
    from river_tui.rules.we_all_take.actions import Exchange
    from river_tui.rules.we_all_take.bots import table_mate_moves

    s = _last_exchange_beside_the_site("Volunteer", tree=2, gravel=2)
    weighed = table_mate_moves(GAME.view(s, 0), 0)
    assert Exchange("tree", "tree") in GAME.legal_actions(s, 0)
    assert Exchange("tree", "tree") not in weighed and Exchange("tree", "gravel") not in weighed
    assert Exchange("gravel", "gravel") in weighed
    end = _to_the_seasons_end(s)
    assert end.stock[0][1] == 0 and end.site[1] == 4


def test_a_capital_seat_keeps_the_citys_trees_only_when_no_other_seat_can_catch_its_gold():
    """A Guide whose lead in gold nobody can catch (the others hold nothing to sell)
    does not sell the two trees the site lacks to the bank (it may trade one with a
    table-mate who builds the city): both end on the site. With a rival one gold behind,
    who could sell a pair, it sells them for the lead."""
    from river_tui.rules.we_all_take.actions import Exchange
    from river_tui.rules.we_all_take.bots import table_mate_moves

    safe = _last_exchange_beside_the_site("Guide", tree=2, gold=4)
    set_stock(safe, 1, gold=3)
    assert Exchange("tree", "tree") not in table_mate_moves(GAME.view(safe, 0), 0)
    end = _to_the_seasons_end(safe)
    assert end.stock[0][1] == 0 and end.site[1] == 4

    contested = _last_exchange_beside_the_site("Guide", tree=2, gold=4)
    set_stock(contested, 1, gold=3, fish=2)
    assert Exchange("tree", "tree") in table_mate_moves(GAME.view(contested, 0), 0)
    end = _to_the_seasons_end(contested)
    assert end.stock[0][4] == 5 and end.site[1] == 2
