"""Game End: the trigger, the satchel top-up, the last round and the final turns.

"When a player reaches or passes 17 on their inventory track, they trigger the
end of the game. When this happens, each player with fewer than 3 pieces in
their satchel immediately draws from the bag until they have 3. Finish the
current round of turns (so each player has had the same number), then take 1
final turn each."

Our ruling for a bag that runs out (the rulebook is silent): the river and the
lake can no longer be refilled, so the first time the bag cannot give a piece
the rules ask for, the end is triggered exactly as if the current player had
reached 17. Pieces never go back into the bag, so this also bounds every game.
"""

from __future__ import annotations

from .bag import draw_from_bag
from .components import END_TRIGGER, SATCHEL_START
from .state import BY_EMPTY_BAG, BY_INVENTORY, OVER, TURN, GlassState

# The first player marker stays with seat 0: "The player who most recently saw a
# river takes the first player marker" is settled by who sits first at setup.
FIRST_PLAYER = 0


def draw_or_trigger(s: GlassState, n: int) -> tuple[int, ...]:
    """Draw ``n`` pieces; a bag that cannot give them all triggers the end."""
    drawn = draw_from_bag(s, n)
    if len(drawn) < n:
        trigger_end(s, BY_EMPTY_BAG)
    return drawn


def check_inventory_trigger(s: GlassState) -> None:
    """"When a player reaches or passes 17 on their inventory track, they trigger
    the end of the game." """
    if s.boards[s.current].inventory >= END_TRIGGER:
        trigger_end(s, BY_INVENTORY)


def trigger_end(s: GlassState, cause: str) -> None:
    """Start the countdown (once) and top up every short satchel."""
    if s.turns_left is not None:
        return
    rest_of_round = (FIRST_PLAYER - 1 - s.current) % s.seats
    # The current turn, the rest of the round, then "1 final turn each".
    s.turns_left = 1 + rest_of_round + s.seats
    s.end_cause = cause
    s.end_seat = s.current
    top_up_satchels(s)


def top_up_satchels(s: GlassState) -> None:
    """"each player with fewer than 3 pieces in their satchel immediately draws
    from the bag until they have 3", the triggering player first, then clockwise."""
    satchels = list(s.satchels)
    for k in range(s.seats):
        seat = (s.current + k) % s.seats
        short = SATCHEL_START - len(satchels[seat])
        if short > 0:
            satchels[seat] = tuple(sorted(satchels[seat] + draw_from_bag(s, short)))
    s.satchels = tuple(satchels)


def end_turn(s: GlassState) -> None:
    """Count down the final turns, or pass the turn clockwise."""
    s.placed = None
    s.pending = ()
    if s.turns_left is not None:
        s.turns_left -= 1
        if s.turns_left == 0:
            s.phase = OVER
            return
    s.phase = TURN
    s.current = (s.current + 1) % s.seats
    if s.current == FIRST_PLAYER:
        s.round += 1
