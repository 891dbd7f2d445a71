"""Search under a time budget (reference solution): Monte-Carlo search with sequential halving, sized to the budget.

The grader forfeits a move slower than its time limit (0.5 s here). Stopping on the clock would make the agent's
moves depend on the machine's speed, so the same game would not replay the same way (check_agent flags it).
Instead the budget is a fixed number of rollouts per decision, measured to take well under the limit (the grading
machine may be busier than yours): `python agent.py` prints the time per move, to size it again.

Sequential halving spends that budget where it matters: every candidate action is played out on the same fresh
worlds, the worse half is dropped, and the survivors share the next part of the budget."""

import math

from egonb.agents.rollout import rollout_action, useful, values
from egonb.agents.search import play_out
from egonb.worlds import state_from_view

NAME = "halving-search"
ROLLOUTS = 60  # per decision: about 15 ms a move on the course's machine, far below the limit


class HalvingSearch:
    def reset(self, seat, rng):
        self.rng = rng

    def act(self, view):
        alive = useful(view.legal_actions, view.hand, view.top, view.drawn)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        totals = {action: 0.0 for action in alive}
        counts = {action: 0 for action in alive}
        while len(alive) > 1:
            worlds = [state_from_view(view, self.rng, one_round=True)
                      for _ in range(max(1, ROLLOUTS // (rounds * len(alive))))]
            for action in alive:
                for world in worlds:
                    s = world.clone()
                    s.apply(action)
                    play_out(s, rollout_action)
                    totals[action] += values(s, view.rules.full_game)[view.player]
                counts[action] += len(worlds)
            alive.sort(key=lambda a: -totals[a] / counts[a])
            alive = alive[:(len(alive) + 1) // 2]
        return alive[0]


if __name__ == "__main__":  # how long a move takes here, to size ROLLOUTS
    from egonb import Rules
    from egonb.tournament import tournament

    result = tournament({NAME: HalvingSearch()}, Rules.solo_game(2), games=5, workers=1, progress=False)
    print(f"{result.rows()[0].ms_per_decision:.1f} ms per move with {ROLLOUTS} rollouts")
