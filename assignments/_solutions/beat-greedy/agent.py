"""Beat greedy (reference solution): flat Monte-Carlo search over worlds that fit what the agent sees.

For each action worth trying, it deals the cards it cannot see at random (a world consistent with the view), plays
the action, plays the rest of the round (or game) on with a quick rollout policy, and keeps the action with the best
mean result. Every action is tried on the same worlds, a fairer comparison; all randomness comes from `rng`."""

from egonb.agents.rollout import rollout_action, useful, values
from egonb.agents.search import play_out
from egonb.worlds import state_from_view

NAME = "flat-monte-carlo"
WORLDS = 10  # worlds dealt per decision; each action is played out in every one


class FlatMonteCarlo:
    def reset(self, seat, rng):
        self.rng = rng

    def act(self, view):
        legal = useful(view.legal_actions, view.hand, view.top, view.drawn)  # drops moves that cannot help
        if len(legal) == 1:
            return legal[0]
        worlds = [state_from_view(view, self.rng, one_round=True) for _ in range(WORLDS)]  # to the round's end
        return max(legal, key=lambda action: self.mean_value(action, worlds, view))

    def mean_value(self, action, worlds, view):
        total = 0.0
        for world in worlds:
            s = world.clone()
            s.apply(action)
            play_out(s, rollout_action)
            total += values(s, view.rules.full_game)[view.player]
        return total / len(worlds)
