"""Flat Monte-Carlo search over determinized samples of the hidden cards."""

from __future__ import annotations

import math
from typing import Any

from ..errors import positive_int
from .base import check_turn
from .search import SearchAgent, play_out


class MonteCarloAgent(SearchAgent):
    """For every legal action worth trying it deals the unseen cards at random many times (determinization), plays
    the action and then the rest of the round with a quick rollout policy, and averages the outcome.

    It picks the action with the best average; each sample is a world it might be in, so it never needs to see
    hidden cards. Its weakness is the rollout: one fixed policy that never reads a world's hidden cards (it counts
    each unseen card as the mean card), so the values are those of that policy playing on, a bias that no number
    of samples removes."""

    name = "monte-carlo"

    def __init__(self, simulations: int = 400):
        super().__init__()
        self.simulations = positive_int("simulations", simulations)

    def act(self, view: Any) -> Any:
        check_turn(view)  # before `candidates`: another seat's view has no legal actions to choose from
        self.learn_game(view)
        legal = self.candidates(view)
        if len(legal) == 1:
            return legal[0]
        return next(iter(self.evaluate(view)))

    def evaluate(self, view: Any) -> dict[Any, float]:
        """The mean rollout value in [-1, 1] of every action worth searching (see `candidates`).

        The budget is spent by sequential halving: all actions get the same fresh worlds, the worse
        half is dropped, and the rest share the next part of the budget, so close contenders get most
        samples. The result is ordered best first: the last survivor, then the others by mean (an action
        dropped early keeps the mean of its few samples)."""
        check_turn(view)
        self.learn_game(view)
        legal = self.candidates(view)
        rounds = max(1, math.ceil(math.log2(len(legal))))
        totals = dict.fromkeys(legal, 0.0)
        counts = dict.fromkeys(legal, 0)
        alive = list(legal)
        for _ in range(rounds):
            worlds = [self.sample(view) for _ in range(max(1, self.simulations // (rounds * len(alive))))]
            for act in alive:
                for world in worlds:  # the same worlds for every action: a fairer comparison
                    s = world.clone()
                    s.apply(act)
                    play_out(s, self.rollout)
                    totals[act] += self.values(s)[view.player]
                counts[act] += len(worlds)
            alive.sort(key=lambda a: -totals[a] / counts[a])
            alive = alive[:max(1, (len(alive) + 1) // 2)]
        ranked = alive + sorted((a for a in legal if a not in alive), key=lambda a: -totals[a] / counts[a])
        return {a: totals[a] / counts[a] for a in ranked}
