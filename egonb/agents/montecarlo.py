"""Flat Monte-Carlo search over determinized samples of the hidden cards."""

from __future__ import annotations

import math

from ..actions import Action
from ..errors import positive_int
from ..view import View
from .base import check_turn
from .rollout import play_out, useful, values
from .search import SearchAgent


class MonteCarloAgent(SearchAgent):
    """For every legal action worth trying it deals the unseen cards at random many times (determinization), plays
    the action and then the rest of the round with a quick rollout policy, and averages the outcome.

    It picks the action with the best average; each sample is a world it might be in, so it never
    needs to see hidden cards, but it assumes it would learn them all at once (strategy fusion)."""

    name = "monte-carlo"

    def __init__(self, simulations: int = 400):
        super().__init__()
        self.simulations = positive_int("simulations", simulations)

    def act(self, view: View) -> Action:
        check_turn(view)  # before `useful`: another seat's view has no legal actions to choose from
        legal = useful(view.legal_actions, view.hand, view.top, view.drawn)
        if len(legal) == 1:
            return legal[0]
        return next(iter(self.evaluate(view)))

    def evaluate(self, view: View) -> dict[Action, float]:
        """The mean rollout value in [-1, 1] of every action worth searching (see `rollout.useful`).

        The budget is spent by sequential halving: all actions get the same fresh worlds, the worse
        half is dropped, and the rest share the next part of the budget, so close contenders get most
        samples. The result is ordered best first: the last survivor, then the others by mean (an action
        dropped early keeps the mean of its few samples)."""
        check_turn(view)
        legal = useful(view.legal_actions, view.hand, view.top, view.drawn)
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
                    totals[act] += values(s, view.rules.full_game)[view.player]
                counts[act] += len(worlds)
            alive.sort(key=lambda a: -totals[a] / counts[a])
            alive = alive[:max(1, (len(alive) + 1) // 2)]
        ranked = alive + sorted((a for a in legal if a not in alive), key=lambda a: -totals[a] / counts[a])
        return {a: totals[a] / counts[a] for a in ranked}
