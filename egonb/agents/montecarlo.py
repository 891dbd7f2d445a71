"""Flat Monte-Carlo search over determinized samples of the hidden cards."""

from __future__ import annotations

from ..actions import Action
from ..view import View
from .base import SeededAgent
from .rollout import play_out, useful, values
from .sampling import state_from_view


class MonteCarloAgent(SeededAgent):
    """For every legal action it deals the unseen cards at random many times (determinization), plays
    the action and then the rest of the round with a quick rollout policy, and averages the outcome.

    It picks the action with the best average; each sample is a world it might be in, so it never
    needs to see hidden cards, but it assumes it would learn them all at once (strategy fusion)."""

    name = "monte-carlo"

    def __init__(self, simulations: int = 400):
        super().__init__()
        self.simulations = simulations

    def act(self, view: View) -> Action:
        legal = useful(view.legal_actions, view.hand, view.top, view.drawn)
        if len(legal) == 1:
            return legal[0]
        scores = self.evaluate(view)
        return max(scores, key=scores.__getitem__)  # the first of equal bests, in legal-action order

    def evaluate(self, view: View) -> dict[Action, float]:
        """The mean rollout value in [-1, 1] of every action worth searching (see `rollout.useful`)."""
        legal = useful(view.legal_actions, view.hand, view.top, view.drawn)
        per_action = max(1, self.simulations // len(legal))
        worlds = [state_from_view(view, self.rng, one_round=True) for _ in range(per_action)]
        out = {}
        for act in legal:
            total = 0.0
            for world in worlds:  # the same worlds for every action: a fairer comparison
                s = world.clone()
                s.apply(act)
                play_out(s)
                total += values(s, view.rules.full_game)[view.player]
            out[act] = total / per_action
        return out
