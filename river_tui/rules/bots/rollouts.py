"""Policy rollouts with common random numbers, for games whose decisive choices
are best judged by playing the game out.

Where a tree cannot grow deep enough in the time (every playout runs to the end
of the game, a few milliseconds each) the search judges each legal move of the
root directly: it draws one determinization from the seat's view (the others'
hidden parts and the dice still to come), applies each move to that same state
and plays each to the end with the game's playout policy, and repeats with a
fresh determinization while time remains. Every move meets the same dice, so
their totals differ by the choice alone, not by luck (common random numbers);
the move with the best total is played. This improves on the playout policy
itself (Tesauro and Galperin 1996, "policy rollout"); decisions the game does not
mark as worth it (``SearchHints.rollout_at``) are left to that policy.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ..core import Action, State
from .search import WALL_CLOCK_LIMIT, Appraisal, Search


class Rollouts(Search):
    """One decision of ``seat`` by policy rollouts (the playouts, determinizer
    and rewards are the tree search's)."""

    def choose(self, view: State, seconds: float, iterations: int | None = None) -> Action:
        """Roll out for ``seconds`` of this thread's CPU time (at least one
        determinization; one the time cut short is dropped), or for exactly
        ``iterations`` determinizations (repeatable, for tests)."""
        legal = list(self.game.legal_actions(view, self.seat))
        if len(legal) == 1:
            return legal[0]
        worth_it = self.hints.rollout_at
        if worth_it is not None and not worth_it(view, self.seat):
            return self._policy(view, self.seat)
        return self._most_rewarded(legal, self._roll_out(view, legal, seconds, iterations))

    def appraise(
        self, view: State, seconds: float, iterations: int | None = None, include: Sequence[Action] = ()
    ) -> list[Appraisal]:
        """Every legal move rolled out (also where `choose` would leave the
        decision to the playout policy, and on a single legal move), best first:
        where `choose` rolls out, the first is its move. Every legal move is
        listed, so ``include`` adds nothing."""
        legal = list(self.game.legal_actions(view, self.seat))
        self.totals = {}
        totals = self._roll_out(view, legal, seconds, iterations)
        ranked = sorted(range(len(legal)), key=totals.__getitem__, reverse=True)
        return [self._appraisal(legal[i], self.iterations) for i in ranked]

    def _roll_out(self, view: State, legal: list[Action], seconds: float, iterations: int | None) -> list[float]:
        """Each move's total reward over the determinizations rolled out (while
        appraising, `totals` gets each move's points and win shares too)."""
        game, seat = self.game, self.seat
        started = time.thread_time()
        wall_deadline = time.perf_counter() + WALL_CLOCK_LIMIT * seconds

        def out_of_time() -> bool:
            return time.thread_time() - started >= seconds or time.perf_counter() >= wall_deadline

        timed = iterations is None
        totals = [0.0] * len(legal)
        while timed or self.iterations < iterations:
            state = self.hints.determinize(view, seat, self.rng)
            seed = self.rng.getrandbits(64)
            rewards = []
            outcomes = []
            for action in legal:
                if timed and self.iterations and out_of_time():
                    return totals  # this determinization is dropped
                rewards.append(self._play_to_end(game.apply(state, seat, action), seed))
                outcomes.append(self.outcome)
            totals = [total + reward for total, reward in zip(totals, rewards)]
            if self.totals is not None:
                for action, outcome in zip(legal, outcomes):
                    self._tally(action, outcome)
            self.iterations += 1
        return totals

    @staticmethod
    def _most_rewarded(legal: list[Action], totals: list[float]) -> Action:
        return legal[max(range(len(legal)), key=totals.__getitem__)]

    def _play_to_end(self, state: State, seed: int) -> float:
        """The searching seat's reward at the end of one playout; the policy's own
        random choices follow ``seed``, the same for every move compared."""
        self.rng, saved = random.Random(seed), self.rng
        try:
            while acting := self.game.to_act(state):
                mover = min(acting)
                state = self.game.apply(state, mover, self._policy(state, mover))
        finally:
            self.rng = saved
        return self._final(state)[self.seat]
