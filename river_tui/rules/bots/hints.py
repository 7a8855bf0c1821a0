"""What the search needs from each game, beyond the Game contract.

The contract lets the search list and apply moves, but a seat only ever sees its
`Game.view`: the search must fill in what the view hides (others' hands and
roles, bag and pile order, the RNG) before it can play a move forward, and may
play out and judge a position quickly (a cheap move policy for playouts, an
evaluation of a position when playouts to the end would be too long, how many
points make a clear lead). Each game package says so in its ``search_hints.py``:
``HINTS``, a `SearchHints` (its ``determinize`` from the game's
``determinize.py``). The search finds it from the game's entry in the registry.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core import Action, Game, State
from ..registry import GAMES

Determinizer = Callable[[State, int, random.Random], State]
"""``(view, seat, rng) -> state``: a full state the seat cannot tell from the
true one by anything it has seen, with a fresh RNG for what is still to come."""

Evaluator = Callable[[State], Sequence[float]]
"""``state -> points per seat``: how well each seat stands, in the game's points."""

Policy = Callable[[Game, State, int, random.Random], Action]
"""``(game, state, seat, rng) -> action``: a quick move for playouts."""

Prior = Callable[[State, int, Sequence[Action]], Sequence[float]]
"""``(state, seat, actions) -> worth of each``: which moves look best at a glance."""


@dataclass(frozen=True)
class Thinking:
    """How long the normal and hard levels think per decision, in seconds."""

    normal: float = 0.25
    hard: float = 1.0


@dataclass(frozen=True)
class SearchHints:
    """Everything game-specific the search uses; only ``determinize`` is required."""

    determinize: Determinizer
    thinking: Thinking = Thinking()

    # --- playouts and judging ---------------------------------------------------
    playout: Policy | None = None
    """The playout policy; None plays uniformly at random."""
    playout_depth: int | None = None
    """Actions a playout makes before ``evaluate`` judges it; None: to the end."""
    judge_at: Callable[[State, State], bool] | None = None
    """``(root, state) -> bool``: whether ``state``, reached from the searching
    seat's view ``root``, is the search's horizon: the tree and the playouts
    (past ``playout_depth``) stop there and judge the position. None: playouts
    stop as soon as a turn is over (another seat is to act)."""
    evaluate: Evaluator | None = None
    """Judges a position where a playout stops before the end."""

    # --- policy rollouts instead of the tree ------------------------------------------
    rollouts: bool = False
    """True: judge each move of a decision by playouts to the end of the game
    from the same determinizations (`rollouts.Rollouts`) instead of growing a
    tree; for games whose playouts are too long for a tree to grow in the time
    but whose playout policy is already good."""
    rollout_at: Callable[[State, int], bool] | None = None
    """``(view, seat) -> bool``: with ``rollouts``, the decisions worth rolling
    out; the others are left to the playout policy. None: every decision."""

    # --- the tree ------------------------------------------------------------------
    moves: Callable[[State, int], list[Action]] | None = None
    """``(state, seat) -> moves``: the moves the tree weighs for a seat, some of
    its legal ones (a single one is then forced); None: every legal move. For
    games whose rules allow many moves no good player makes, or decisions best left
    to a policy (listing only those is cheaper than listing every legal move)."""
    others_in_tree: bool = True
    """False where the others' choices are best left to a quick policy (their
    replies are predictable, or they hardly touch this seat's game): the tree
    then holds the searching seat's choices only."""
    prior: Prior | None = None
    """Orders the moves of a node when it is first reached; the search then
    widens from the best-looking ones (progressive widening) instead of trying
    every move once, which matters where hundreds of moves are legal."""
    widening: float = 1.0
    """With a prior, a node that was passed n times tries its best
    ``1 + widening * sqrt(n)`` moves."""
    exploration: float = 0.7
    """The UCB exploration constant (rewards are in [0, 1], or scaled to it)."""

    # --- rewards -------------------------------------------------------------------
    scale: float = 5.0
    """A lead of this many points counts as about a 3-to-1 favourite."""
    margin_weight: float = 0.2
    """How much a final score margin counts beside winning (the rest)."""
    solitaire: bool = False
    """True: a seat's reward is its own points (judged by ``evaluate``), not its
    lead over the others (``scale`` and ``margin_weight`` then do not apply);
    for games whose seats mostly race on their own."""
    victory: float = 0.0
    """Solitaire: the points a share of the victory adds at the end."""

    # --- levels -------------------------------------------------------------------
    hard: SearchHints | None = None
    """How the hard level searches where it differs from normal (beyond thinking
    longer); None: as normal."""
    final_playouts: int = 0
    """Where the search judges before the end by other points than the final
    score's: the analysis's best move and the move played are then also played
    to the end this many times, and estimated by the seat's mean final score
    there (`final_points`); 0: the search's own estimates."""
    analysis: SearchHints | None = None
    """How the analysis of a finished game searches where it differs from hard
    (it has more time a decision, and wants final points); None: as hard."""

    def for_level(self, level: str) -> SearchHints:
        """The hints the ``level`` ("normal", "hard" or "analysis") searches with."""
        if level == "analysis" and self.analysis is not None:
            return self.analysis
        if level in ("hard", "analysis") and self.hard is not None:
            return self.hard
        return self


_GAME_PACKAGES = {entry.id: entry.module for entry in GAMES}
_cache: dict[str, SearchHints] = {}


def hints_for(game: Game) -> SearchHints | None:
    """The game's search hints (``HINTS`` in its package's ``search_hints.py``), or
    None for a game the search does not know."""
    if game.id not in _cache:
        package = _GAME_PACKAGES.get(game.id)
        if package is None:
            return None
        _cache[game.id] = importlib.import_module(f"{package}.search_hints").HINTS
    return _cache[game.id]
