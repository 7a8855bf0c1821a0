"""Information-set Monte Carlo tree search that never peeks.

The search sees only its seat's view. Every iteration it asks the game's
determinizer for one full state consistent with that view (others' hidden hands
and roles, bag and pile order, a fresh RNG for dice and draws still to come),
then walks one shared tree down with UCB, adds a node, plays out and backs up
the result (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012).

The tree is open loop: a node is the sequence of (seat, action) choices from the
root, so chance and hidden parts, sampled afresh each iteration, are averaged
over. Different determinizations allow different moves; a child's UCB counts
only the iterations in which it was available. Forced moves (a single legal
action) make no node. What else a game asks for is in its `SearchHints`: a
prior to widen from, playouts that stop where positions are worth judging,
the others moved by a quick policy instead of the tree, a horizon.

Each seat maximises its own reward: its share of the victory with a little
weight on its score margin, both in [0, 1]; or, where seats mostly race on their
own (solitaire), its own points, which UCB sees scaled between the lowest and
highest this search has met.

`Search.appraise` thinks as `choose` does and returns every root move the
search tried with its estimate in the game's own terms (`Appraisal`): the
seat's mean points at the end of the iterations through that move (final, or
judged at the horizon) and its share of the wins there, best first.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..core import Action, Game, State
from .hints import SearchHints

SETTLED_EVERY = 8
"""Iterations between looks at whether the choice is settled (the clock is
looked at after every iteration: a budget may be a hundredth of a second)."""

WALL_CLOCK_LIMIT = 4.0
"""On a machine too busy to give the thinking thread its CPU time, the answer
comes after at most this many times the budget of wall-clock time."""


@dataclass(frozen=True)
class Appraisal:
    """The search's estimate of one move of the seat it thinks for."""

    action: Action
    points: float
    """The seat's mean points where the iterations through this move ended: its
    final score, or at the search's horizon its points as the game's ``evaluate``
    judges them (solitaire games: ``evaluate`` at the end too, the figure the
    search maximises)."""
    win_share: float
    """The seat's mean share of the victory there (at a horizon: of the lead
    by judged points)."""
    visits: int
    """Iterations through this move."""


class Node:
    """A choice of ``mover`` reached by the path from the root; statistics from
    ``mover``'s side."""

    __slots__ = ("mover", "children", "visits", "available", "reward", "passes", "order")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[tuple[int, Action], Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0
        self.passes = 0  # iterations that chose a move here
        self.order: list[Action] | None = None  # moves here, best-looking first (with a prior)


def sigmoid(x: float) -> float:
    if x < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


class Search:
    """One decision of ``seat``: search from its view, return the most tried move."""

    def __init__(self, game: Game, hints: SearchHints, seat: int, rng: random.Random) -> None:
        self.game = game
        self.hints = hints
        self.seat = seat
        self.rng = rng
        self.root = Node(seat)
        self.view: State | None = None  # the root's position, as the seat sees it
        self.iterations = 0
        # Solitaire rewards are points; UCB sees them scaled by the lowest and
        # highest each seat has reached in this search.
        self.low: dict[int, float] = {}
        self.high: dict[int, float] = {}
        # While appraising: each root move's summed (points, win share) and the
        # moves the root always weighs; `outcome` is the last iteration's.
        self.totals: dict[Action, list[float]] | None = None
        self.include: frozenset[Action] = frozenset()
        self.outcome = (0.0, 0.0)

    def choose(self, view: State, seconds: float, iterations: int | None = None) -> Action:
        """Think for ``seconds`` of this thread's CPU time (so a busy machine
        slows the answer but does not weaken it; the wall clock stops it at
        `WALL_CLOCK_LIMIT` times as long), or for exactly ``iterations`` (which
        ignores the clocks: repeatable, for tests). Thinking stops early once no
        other move can overtake the most tried one in the time left."""
        legal = self._moves(view, self.seat)
        if len(legal) == 1:
            return legal[0]
        self._think(view, legal, seconds, iterations)
        return self._best(legal)

    def appraise(
        self, view: State, seconds: float, iterations: int | None = None, include: Sequence[Action] = ()
    ) -> list[Appraisal]:
        """Think as `choose` does (also on a single legal move), then every root
        move tried, best first: the first is the move `choose` would play for the
        same view, RNG and ``iterations``. Moves in ``include`` are always among
        those the root weighs (where legal), so they get an estimate even where
        the game's prior would not try them; a move never tried is not listed."""
        self.totals = {}
        self.include = frozenset(include)
        legal = self._moves(view, self.seat)
        legal += [a for a in self.include if a not in legal]
        self._think(view, legal, seconds, iterations)
        children, seat = self.root.children, self.seat
        ranked = sorted(
            (a for a in legal if (seat, a) in children),
            key=lambda a: (children[seat, a].visits, children[seat, a].reward),
            reverse=True,
        )
        return [self._appraisal(a, children[seat, a].visits) for a in ranked]

    def _appraisal(self, action: Action, visits: int) -> Appraisal:
        points, wins = self.totals.get(action, (0.0, 0.0))
        return Appraisal(action, points / max(visits, 1), wins / max(visits, 1), visits)

    def _think(self, view: State, legal: Sequence[Action], seconds: float, iterations: int | None) -> None:
        self.view = view
        started = time.thread_time()
        deadline = started + seconds
        wall_deadline = time.perf_counter() + WALL_CLOCK_LIMIT * seconds
        determinize = self.hints.determinize
        while True:
            self._iterate(determinize(view, self.seat, self.rng))
            self.iterations += 1
            if iterations is not None:
                if self.iterations >= iterations:
                    break
            else:
                now = time.thread_time()
                if now >= deadline or time.perf_counter() >= wall_deadline:
                    break
                if self.iterations % SETTLED_EVERY == 0 and self._settled(legal, (deadline - now) / max(now - started, 1e-6)):
                    break

    # --- one iteration ---------------------------------------------------------
    def _iterate(self, state: State) -> None:
        game, seat = self.game, self.seat
        node = self.root
        path: list[Node] = []
        judge_at = self.hints.judge_at
        first = None  # the root's move
        while True:
            acting = game.to_act(state)
            if not acting:
                self._backup(path, self._final(state), first)
                return
            if judge_at is not None and path and judge_at(self.view, state):  # the horizon
                self._backup(path, self._judge(state), first)
                return
            mover = seat if seat in acting else min(acting)
            if mover != seat and not self.hints.others_in_tree:
                state = game.apply(state, mover, self._policy(state, mover))
                continue
            legal = self._moves(state, mover)
            appraised = self.totals is not None and node is self.root  # every root move gets its estimate
            if appraised and self.include:
                legal = self._with_included(state, legal)
            if len(legal) == 1 and not appraised:
                state = game.apply(state, mover, legal[0])
                continue
            if self.hints.prior is not None:
                legal = self._widened(node, state, mover, legal)
                if appraised and self.include:  # not widened away
                    legal = self._with_included(state, legal)
            child, action, is_new = self._select(node, mover, legal)
            state = game.apply(state, mover, action)
            if node is self.root:
                first = action
            path.append(child)
            node = child
            if is_new:
                self._backup(path, self._playout(state, mover), first)
                return

    def _moves(self, state: State, mover: int) -> list[Action]:
        """The moves the tree weighs for ``mover`` (the hints' ``moves``, else all legal)."""
        if self.hints.moves is not None:
            return self.hints.moves(state, mover)
        return list(self.game.legal_actions(state, mover))

    def _with_included(self, state: State, legal: Sequence[Action]) -> list[Action]:
        """``legal`` and the moves appraise was asked to include, where legal in ``state``."""
        missing = [a for a in self.include if a not in legal]
        if not missing:
            return list(legal)
        allowed = set(self.game.legal_actions(state, self.seat))
        return list(legal) + [a for a in missing if a in allowed]

    def _widened(self, node: Node, state: State, mover: int, legal: Sequence[Action]) -> Sequence[Action]:
        """The best-looking legal moves, more of them the more often the node was
        passed; the prior orders a node's moves once, from the first state that
        reached it (moves legal only in later determinizations come last)."""
        node.passes += 1
        wanted = 1 + int(self.hints.widening * math.sqrt(node.passes))
        if len(legal) <= wanted:
            return legal
        if node.order is None:
            worth = self.hints.prior(state, mover, legal)
            ranked = sorted(range(len(legal)), key=lambda i: -worth[i])
            node.order = [legal[i] for i in ranked]
        allowed = set(legal)
        out = [a for a in node.order if a in allowed][:wanted]
        if len(out) < wanted:
            known = set(node.order)
            out += [a for a in legal if a not in known][: wanted - len(out)]
        return out

    def _select(self, node: Node, mover: int, legal: Sequence[Action]) -> tuple[Node, Action, bool]:
        """Expand an untried legal move if there is one (the first, with a
        prior), else pick by UCB among the legal ones, counting the availability
        of each."""
        children = node.children
        untried = []
        tried = []
        for action in legal:
            child = children.get((mover, action))
            if child is None:
                untried.append(action)
            else:
                child.available += 1
                tried.append((child, action))
        if untried:
            action = untried[0] if self.hints.prior is not None else self.rng.choice(untried)
            child = children[mover, action] = Node(mover)
            return child, action, True
        c = self.hints.exploration
        low, span = 0.0, 1.0
        if self.hints.solitaire:
            low = self.low[mover]
            span = max(self.high[mover] - low, 1e-9)
        best = None
        best_score = -math.inf
        for child, action in tried:
            score = (child.reward / child.visits - low) / span + c * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = (child, action), score
        return best[0], best[1], False

    def _playout(self, state: State, last: int) -> list[float]:
        """Play on with the playout policy to the end, or until ``playout_depth``
        moves are made and the position is worth judging (by default once a turn
        is over: another seat is to act, for positions in the middle of a turn
        are hard to judge), then judge it."""
        game = self.game
        depth = self.hints.playout_depth
        judge_at = self.hints.judge_at
        moves = 0
        while True:
            acting = game.to_act(state)
            if not acting:
                return self._final(state)
            mover = last if last in acting else min(acting)
            if depth is not None and moves >= depth and (judge_at(self.view, state) if judge_at else mover != last):
                return self._judge(state)
            state = game.apply(state, mover, self._policy(state, mover))
            last = mover
            moves += 1

    def _policy(self, state: State, mover: int) -> Action:
        policy = self.hints.playout
        if policy is None:
            return self.rng.choice(self.game.legal_actions(state, mover))
        return policy(self.game, state, mover, self.rng)

    def _backup(self, path: list[Node], rewards: Sequence[float], first: Action | None) -> None:
        """Add the iteration's reward to each node of the path, from its mover's side
        (solitaire: the rewards are read only for the seats that move on the path,
        so a game's ``evaluate`` may judge the others lazily; UCB scales a seat's
        rewards by those it met at its own nodes). While appraising, the root's
        move ``first`` also gets the seat's points and win share."""
        if self.totals is not None and first is not None:
            self._tally(first, self.outcome)
        solitaire = self.hints.solitaire
        low, high = self.low, self.high
        for node in path:
            mover = node.mover
            reward = rewards[mover]
            node.visits += 1
            node.reward += reward
            if solitaire:
                if reward < low.get(mover, math.inf):
                    low[mover] = reward
                if reward > high.get(mover, -math.inf):
                    high[mover] = reward

    def _tally(self, action: Action, outcome: tuple[float, float]) -> None:
        totals = self.totals.setdefault(action, [0.0, 0.0])
        totals[0] += outcome[0]
        totals[1] += outcome[1]

    # --- rewards -----------------------------------------------------------------
    def _final(self, state: State) -> list[float]:
        """Each seat's share of the victory, plus a little for its score margin
        (solitaire: its points as judged, plus its share of ``victory``). While
        appraising, `outcome` becomes the seat's points and share here."""
        result = self.game.result(state)
        winners = result.winners
        share = 1.0 / len(winners) if winners else 0.0
        mine = share if self.seat in winners else 0.0
        if self.hints.solitaire:
            victory = self.hints.victory * share
            judged = self.hints.evaluate(state)
            if self.totals is not None:
                self.outcome = (judged[self.seat], mine)
            return [p + (victory if s in winners else 0.0) for s, p in enumerate(judged)]
        if self.totals is not None:
            self.outcome = (result.scores[self.seat], mine)
        weight = self.hints.margin_weight
        margins = self._relative(result.scores)
        return [(1.0 - weight) * (share if s in winners else 0.0) + weight * m for s, m in enumerate(margins)]

    def _judge(self, state: State) -> Sequence[float]:
        """Each seat's reward where the search stops before the end. While
        appraising, `outcome` becomes the seat's judged points and its share
        of the lead (all seats are judged then, also in solitaire games)."""
        points = self.hints.evaluate(state)
        if self.totals is not None:
            every = [points[s] for s in range(len(points))]
            top = max(every)
            leaders = sum(1 for p in every if p == top)
            self.outcome = (every[self.seat], 1.0 / leaders if every[self.seat] == top else 0.0)
        return points if self.hints.solitaire else self._relative(points)

    def _relative(self, points: Sequence[float]) -> list[float]:
        """Each seat's lead over the best other seat, squashed into (0, 1)."""
        scale = self.hints.scale
        if len(points) == 1:
            return [sigmoid(points[0] / scale)]
        out = []
        for s, mine in enumerate(points):
            best_other = max(p for o, p in enumerate(points) if o != s)
            out.append(sigmoid((mine - best_other) / scale))
        return out

    # --- the decision ------------------------------------------------------------
    def _ranked(self, legal: Sequence[Action]) -> list[Node]:
        children = self.root.children
        nodes = [children.get((self.seat, a)) for a in legal]
        return sorted((n for n in nodes if n is not None), key=lambda n: n.visits, reverse=True)

    def _settled(self, legal: Sequence[Action], time_left_ratio: float) -> bool:
        """Whether the most visited move stays ahead whatever the time left brings."""
        ranked = self._ranked(legal)
        if len(ranked) < 2:
            return False
        return ranked[0].visits - ranked[1].visits > self.iterations * time_left_ratio

    def _best(self, legal: Sequence[Action]) -> Action:
        """The most tried move."""
        children = self.root.children
        return max(
            legal,
            key=lambda a: (
                children[self.seat, a].visits if (self.seat, a) in children else -1,
                children[self.seat, a].reward if (self.seat, a) in children else 0.0,
            ),
        )
