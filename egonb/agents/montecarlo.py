"""Flat Monte-Carlo search over determinized samples of the hidden cards."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from ..errors import positive_int
from .base import check_turn
from .search import SearchAgent, play_out

#: Worlds the first halving round plays before a time budget may stop it: a slow machine (Pyodide in a browser) still
#: compares the actions on a few worlds each.
MIN_WORLDS = 8


class MonteCarloAgent(SearchAgent):
    """For every legal action worth trying it deals the unseen cards at random many times (determinization), plays
    the action and then the rest of the round with a quick rollout policy, and averages the outcome.

    It picks the action with the best average; each sample is a world it might be in, so it never needs to see
    hidden cards. Its weakness is the rollout: one fixed policy that never reads a world's hidden cards (it counts
    each unseen card as the mean card), so the values are those of that policy playing on, a bias that no number
    of samples removes."""

    name = "monte-carlo"

    def __init__(self, simulations: int = 400, budget: float | None = None):
        super().__init__()
        self.simulations = positive_int("simulations", simulations)
        if budget is not None and not budget > 0:
            raise ValueError(f"budget must be a positive number of seconds or None, got {budget!r}")
        #: Seconds of CPU a search may take (the process's, so a busy machine does not change what it finds): past
        #: them the search stops (None: the whole budget of samples).
        self.budget = budget
        #: Did the last `evaluate` play all its halving rounds (False: the time budget cut it short)?
        self.complete = True

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
        dropped early keeps the mean of its few samples). With a `budget`, the search stops after the first world
        played past it, once the first round has played MIN_WORLDS (every action still searched has played the
        same worlds): `complete` says whether it ran to its end."""
        check_turn(view)
        self.learn_game(view)
        legal = self.candidates(view)
        rounds = max(1, math.ceil(math.log2(len(legal))))
        totals = dict.fromkeys(legal, 0.0)
        counts = dict.fromkeys(legal, 0)
        alive = list(legal)
        deadline = None if self.budget is None else time.process_time() + self.budget
        self.complete = True
        for done in range(rounds):
            worlds = [self.sample(view) for _ in range(max(1, self.simulations // (rounds * len(alive))))]
            played = 0
            for world in worlds:  # each world for every action: a fairer comparison
                for act in alive:
                    totals[act] += self.simulate(act, world)[view.player]
                played += 1
                if deadline is not None and (done or played >= MIN_WORLDS) and time.process_time() > deadline:
                    self.complete = False
                    break
            for act in alive:
                counts[act] += played
            alive.sort(key=lambda a: -totals[a] / counts[a])
            if not self.complete:
                break
            alive = alive[:max(1, (len(alive) + 1) // 2)]
        ranked = alive + sorted((a for a in legal if a not in alive), key=lambda a: -totals[a] / counts[a])
        return {a: totals[a] / counts[a] for a in ranked}

    def simulate(self, act: Any, world: Any) -> Sequence[float]:
        """Play `act` in a copy of the sampled `world`, then the rest by the rollout policy: the end's values."""
        s = world.clone()
        s.apply(act)
        play_out(s, self.rollout)
        return self.values(s)
