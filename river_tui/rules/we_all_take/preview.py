"""What an action would cost and do, for a screen to show before the player commits.

Built on `player_actions.perform`, the same checks and effects as `apply`, on a copy: the
action's own effect, before the river moves on.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import IllegalAction
from .components import ALL_ROLES, CHARITY
from .narration import describe
from .player_actions import perform
from .river import pollution_on_map
from .scoring import Judgement, judge_objective
from .state import WeState


@dataclass(frozen=True)
class Preview:
    """``cost`` and ``gain``: tokens leaving and joining the seat's stockpile (5-counts);
    ``pollution``: the change of pollution on the map; ``problem``: why it is illegal."""

    line: str
    cost: tuple[int, ...] = (0, 0, 0, 0, 0)
    gain: tuple[int, ...] = (0, 0, 0, 0, 0)
    pollution: int = 0
    problem: str | None = None


def preview(s: WeState, seat: int, action) -> Preview:
    line = describe(s, seat, action)
    try:
        after = perform(s, seat, action)
    except IllegalAction as err:
        return Preview(line, problem=err.reason)
    delta = [a - b for a, b in zip(after.stock[seat], s.stock[seat])]
    return Preview(
        line,
        cost=tuple(max(0, -d) for d in delta),
        gain=tuple(max(0, d) for d in delta),
        pollution=pollution_on_map(after) - pollution_on_map(s),
    )


def objectives_after(s: WeState, seat: int, *moves: tuple[int, object]) -> list[tuple[int, Judgement | None, Judgement | None]]:
    """The seat's own objectives (from its role in ``s``, a view) judged now and after
    ``moves`` ((seat, action), ... : their own effects, as `preview`): what a trade
    would do for the role, for a player deciding whether to accept one (``(seat,
    ACCEPT)``) or to make one (``(seat, offer), (to, ACCEPT)``). Charity is (CHARITY,
    None, None): it is judged over every seat at the end, and the others' roles are
    hidden. Empty if the seat's role is not in ``s`` or a move is illegal."""
    role = s.roles[seat]
    if role is None:
        return []
    after = s
    try:
        for mover, action in moves:
            after = perform(after, mover, action)
    except IllegalAction:
        return []
    return [
        (objective, None, None) if objective == CHARITY
        else (objective, judge_objective(s, seat, objective), judge_objective(after, seat, objective))
        for objective in ALL_ROLES[role].objectives
    ]
