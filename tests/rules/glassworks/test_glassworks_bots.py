"""Computer seats: always legal, and the greedy one plays sensibly."""

from __future__ import annotations

import random

from river_tui.rules.glassworks import GAME
from river_tui.rules.glassworks.actions import Draw, Gather, NewColumn, Overflow, Place
from river_tui.rules.glassworks.bots import GREEDY_BOT
from river_tui.rules.glassworks.components import COLOURS
from river_tui.rules.glassworks.state import ORDER, OVERFLOW

from support.glassworks_helpers import CIRCLE, DIAMOND, HEART, SQUARE, STAR, TRIANGLE, board, p, play, ps, table

RIVER = (HEART, TRIANGLE, CIRCLE, SQUARE, DIAMOND, STAR)
COLOUR = {c.letter: i for i, c in enumerate(COLOURS)}


def greedy(s):
    return GREEDY_BOT.choose(GAME, GAME.view(s, s.current), s.current, random.Random(0))


def test_greedy_only_ever_chooses_legal_actions_at_every_seat_count():
    for seats in range(1, 6):
        s = GAME.new(seats, {}, seats)
        while GAME.to_act(s):
            action = greedy(s)
            assert action in GAME.legal_actions(s, s.current)
            s = GAME.apply(s, s.current, action)


def test_greedy_gathers_the_tile_worth_most_on_its_score_preview():
    tiles = (ps("W♥"), ps("W▲"), ps("Y●"), ps("W■"), ps("O◆", "O◆"), ps("P★"))
    s = table(river=RIVER, tiles=tiles, satchels=(ps("C■"), ()), boards=(board("WW", "P"), board()))
    assert greedy(s) == Place(ps("C■"), SQUARE)
    assert greedy(play(s, Place(ps("C■"), SQUARE))) == Gather(DIAMOND)


def test_greedy_puts_the_colour_with_more_pieces_where_it_scores_more():
    tiles = (ps("W♥"), ps("W▲"), ps("W●"), ps("W■"), ps("Y◆", "O◆", "O◆", "O◆"), ps("P★"))
    s = table(river=RIVER, tiles=tiles, satchels=(ps("W★"), ()), boards=(board("W", "P", "C", "B", "L", "G"), board()))
    s = play(s, Place(ps("W★"), STAR), Gather(DIAMOND))
    assert s.phase == ORDER
    assert greedy(s) == NewColumn(COLOUR["O"])


def test_greedy_draws_when_its_satchel_is_empty_and_overflows_what_it_can_use_least():
    s = table(lake=ps("W♥", "P▲", "C●", "B■", "Y◆"), satchels=((), ()))
    assert isinstance(greedy(s), Draw)
    s = table(lake=ps("W♥", "W♥", "W♥", "W♥", "Y◆"), satchels=(ps("P▲", "C●", "B■", "Y◆"), ()))
    s = play(s, Draw(ps("W♥", "W♥", "W♥", "W♥")))
    assert s.phase == OVERFLOW
    assert greedy(s) == Overflow(p("W♥"))


def test_greedy_beats_a_uniformly_random_seat():
    bots = GAME.bots()
    wins = 0
    for seed in range(10):
        greedy_seat = seed % 2
        seats = [bots["random"], bots["random"]]
        seats[greedy_seat] = bots["greedy"]
        s = GAME.new(2, {}, seed)
        rng = random.Random(seed)
        while GAME.to_act(s):
            seat = s.current
            s = GAME.apply(s, seat, seats[seat].choose(GAME, GAME.view(s, seat), seat, rng))
        wins += GAME.result(s).winners == {greedy_seat}
    assert wins >= 9


def test_the_search_levels_never_weigh_a_draw_into_overflow_while_a_placement_gathers_without_loss():
    """Normal drew with 2 pieces in its satchel (one bound for overflow, -3 VP) where a
    placement gathered 5 VP: judged at the end of its turn, a full satchel's promise
    looked as good. Where every placement loses, the draw stays a choice."""
    from river_tui.rules.bots.hints import hints_for

    tiles = (ps("W♥"), ps("W▲"), ps("Y●"), ps("W■"), ps("P◆"), ps("P★"))
    s = table(river=RIVER, tiles=tiles, satchels=(ps("C■", "B●"), ()), boards=(board("WW", "P"), board()))
    assert any(isinstance(a, Draw) for a in GAME.legal_actions(s, 0))
    for level in ("normal", "hard"):
        weighed = hints_for(GAME).for_level(level).moves(s, 0)
        assert weighed and not any(isinstance(a, Draw) for a in weighed), level
    # Every gather loses: column 1 is full and its colour is all the river holds.
    full = board("WWWWW", "P", "Y", "C", "B", "L", "G")
    tiles = tuple(ps("W♥", "W♥") for _ in RIVER)
    s = table(river=RIVER, tiles=tiles, satchels=(ps("C■", "B●"), ()), boards=(full, board()))
    assert any(isinstance(a, Draw) for a in hints_for(GAME).moves(s, 0))


def test_normal_sends_no_drawn_piece_to_overflow_while_a_placement_gathers_without_loss():
    from river_tui.play.simulate import play_one
    from river_tui.rules.bots.levels import bot_catalogue
    from river_tui.rules.glassworks.bots import gain
    from river_tui.rules.glassworks.river import adjacent_tiles

    normal = bot_catalogue(GAME)["normal"]
    moves: list = []
    for seed in (2001, 2002, 2003):  # before, 5 such draws in these 3 games
        play_one(GAME, [normal, normal], seed=seed, moves=moves)
    wasteful = [
        (len(s.satchels[seat]), action) for s, seat, action in moves
        if isinstance(action, Draw) and len(s.satchels[seat]) + len(action.pieces) > 5
        and any(gain(s.boards[seat], s.tiles[g]) >= 0 for a in GAME.legal_actions(s, seat) if isinstance(a, Place)
                for g in adjacent_tiles(s.river, a.tile))
    ]
    assert not wasteful
