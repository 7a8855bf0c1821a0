"""Bonus seats that leave the player nothing to decide (rules/riverside/bonuses.py):
"you may resolve them in the order of your choice" is no choice, since every order
reaches the same sheets; a bonus's rows are a choice only where the ends differ in
what they hold."""

from __future__ import annotations

import random

from river_tui.rules.riverside.actions import ChooseDice, Cross, ResolveBonus
from river_tui.rules.riverside.bonuses import one_way_bonus, one_way_bonuses_after
from river_tui.rules.riverside.components import BOATS, COLOURS, ROWS_PER_BOAT
from river_tui.rules.riverside.dice_and_seats import choose_dice, cross, legal_actions, resolve_bonus
from river_tui.rules.riverside.state import CHOOSE_BONUS, DONE, FILL_BONUS, FILL_SEATS, Draft, Sheet

from support.riverside_helpers import draft, play, sheet, table


class Vast(Exception):
    """More drafts than a test should walk."""


def every_end(state, at: Draft, memo: dict) -> frozenset[Sheet]:
    """Every sheet reachable from ``at`` by any legal step: any row, any bonus first
    (drafts alike but for the crosses lost are one; past 5000 drafts, `Vast`)."""
    turn = at.turn
    key = (at.sheet, turn.stage, turn.boat, turn.left, turn.pending)
    if key not in memo:
        if len(memo) > 5000:
            raise Vast
        if turn.stage == DONE:
            memo[key] = frozenset((at.sheet,))
        else:
            memo[key] = frozenset().union(*(
                every_end(state, resolve_bonus(state, at, a) if isinstance(a, ResolveBonus) else cross(state, at, a), memo)
                for a in legal_actions(state, at)))
    return memo[key]


def bonuses_waiting(count: int) -> list:
    """``count`` (state, draft) pairs from random sheets and dice, each with two or more
    completed rows whose bonuses wait for an order."""
    found, rng = [], random.Random(7)
    while len(found) < count:
        filled = {colour: tuple(rng.randint(max(0, row.seats - 2), row.seats) for row in BOATS[b].rows)
                  for b, colour in enumerate(COLOURS)}
        dice = tuple(rng.randint(1, 6) for _ in range(6))
        state = table(dice=dice, sheets=(sheet(filled),))
        at = choose_dice(state, draft(state), ChooseDice(rng.choice(COLOURS), rng.random() < 0.5))
        while at.turn.stage == FILL_SEATS:
            at = cross(state, at, rng.choice(legal_actions(state, at)))
        if at.turn.stage == CHOOSE_BONUS:
            found.append((state, at))
    return found


def test_every_order_of_the_bonuses_reaches_the_same_sheets_so_the_first_earned_goes_first():
    """"If you complete several rows in the same turn, you may resolve them in the
    order of your choice": over 30 random sheets or more (of 60, those of fewer than 5000 drafts) with two or more bonuses waiting,
    whatever bonus goes first, the sheets that can be reached at the end are the same;
    so the order is never asked: the first bonus earned goes first."""
    checked = 0
    for state, at in bonuses_waiting(60):
        memo: dict = {}
        try:
            ends = {every_end(state, resolve_bonus(state, at, a), memo) for a in legal_actions(state, at)}
        except Vast:
            continue
        assert len(ends) == 1, at
        boat, row = at.turn.pending[0]
        assert one_way_bonus(state, at) == ResolveBonus(COLOURS[boat], row)
        checked += 1
    assert checked >= 30


def bonuses_after_yellow(white):
    """Adam's yellow 2 completes the yellow bottom row (2 white seats) and crosses one
    seat of the top row; ``white`` is his white boat before."""
    adam = sheet({"yellow": (0, 0, 0, 5), "white": white})
    state = play(table(seats=2, sheets=(adam, Sheet.blank())), 0, ChooseDice("yellow", False))
    return state, one_way_bonuses_after(state, draft(state), [Cross("yellow", 3), Cross("yellow", 0)])


def test_a_bonus_with_one_row_with_room_or_seats_for_every_vacant_one_goes_one_way():
    # Only the white bottom row has room.
    state, forced = bonuses_after_yellow((5, 3, 4, 2))
    assert forced == (Cross("white", 3), Cross("white", 3))
    after = draft(play(state, 0, Cross("yellow", 3), Cross("yellow", 0), *forced))
    assert after.turn.stage == DONE and after.sheet.filled[:4] == (5, 3, 4, 4)
    # Two white rows with one seat each: the 2 seats fill both; then brown's bonus
    # (white row 3's) goes first, and its seat is the player's choice.
    state, forced = bonuses_after_yellow((5, 3, 3, 5))
    assert forced == (Cross("white", 2), Cross("white", 3), ResolveBonus("white", 2))
    after = draft(play(state, 0, Cross("yellow", 3), Cross("yellow", 0), *forced))
    assert after.turn.stage == FILL_BONUS and after.turn.boat == COLOURS.index("brown")


def test_where_the_seats_can_complete_a_row_that_way_is_taken_without_asking():
    """2 white seats; white row 3 lacks 2, row 4 lacks 4: completing row 3 (its
    ticket, and a brown seat that completes brown's top row) outdoes every other way."""
    adam = sheet({"yellow": (0, 0, 0, 5), "white": (5, 3, 2, 2), "brown": (3, 6, 3, 5)})
    state = play(table(seats=2, sheets=(adam, Sheet.blank())), 0, ChooseDice("yellow", False))
    steps = one_way_bonuses_after(state, draft(state), [Cross("yellow", 3), Cross("yellow", 0)])
    after = draft(play(state, 0, Cross("yellow", 3), Cross("yellow", 0), *steps))
    assert after.sheet.filled[:4] == (5, 3, 4, 2) and after.sheet.row_complete(COLOURS.index("brown"), 0)
    # the brown top row's bonus: 1 yellow seat, where no yellow row can complete: asked
    assert after.turn.stage == FILL_BONUS and after.turn.boat == COLOURS.index("yellow")
    assert one_way_bonus(state, after) is None


def test_where_the_seats_complete_one_row_or_another_the_player_chooses():
    """1 white seat (brown's third row), white rows 2 and 4 each lack one: a 3-point
    ticket or an 8-point one, neither outdoes the other: the player is asked."""
    adam = sheet({"brown": (0, 0, 2, 0), "white": (0, 2, 0, 5)})
    state = play(table(seats=2, dice=(1, 1, 1, 1, 1, 1), sheets=(adam, Sheet.blank())), 0, ChooseDice("brown", False))
    steps = one_way_bonuses_after(state, draft(state), [Cross("brown", 2)])
    assert steps == ()
    after = draft(play(state, 0, Cross("brown", 2)))
    assert after.turn.stage == FILL_BONUS and after.turn.left == 1
    assert {a.row for a in legal_actions(state, after)} == set(range(ROWS_PER_BOAT))
