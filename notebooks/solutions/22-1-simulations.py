# Chapter 22, exercise 1: how many simulations until the best action stops changing with the seed? Self-contained.
import random
from collections import Counter

from egonb import Rules, new_game
from egonb.agents import MonteCarloAgent

game = new_game(Rules.solo_game(difficulty=1), seed=3)  # the chapter's position
view = game.view(0)
seeds = range(21)  # the widget's seed slider: 0-20


def best_actions(simulations):
    """How often each action comes out best over the seeds: what you see moving the seed slider."""
    found = Counter()
    for seed in seeds:
        agent = MonteCarloAgent(simulations=simulations)
        agent.reset(0, random.Random(seed))
        found[game.describe(next(iter(agent.evaluate(view))))] += 1  # evaluate() lists the best first
    return found


# Some stops of the simulations slider (every stop, range(20, 801, 20), takes about 40 s).
quick = globals().get("EGONB_QUICK", False)  # the test suite sets EGONB_QUICK to skip the two slowest
stops = [20, 40, 80, 120, 160, 200, 280, 360, 400] + ([] if quick else [600, 800])
agree = {}
for simulations in stops:
    found = best_actions(simulations)
    favourite, count = found.most_common(1)[0]
    agree[simulations] = count == len(seeds)
    print(f"{simulations:>4} simulations: {count:>2} of {len(seeds)} seeds pick '{favourite}'"
          + ("" if agree[simulations] else f", the others: {dict(found.most_common()[1:])}"))
enough = min(s for s in stops if all(agree[t] for t in stops if t >= s))
print(f"the best action no longer changes with the seed from {enough} simulations on")

# Here every seed first agrees at 160, but that is luck, not a threshold: at 280 and 360 one seed in 21
# still prefers matching with the 789 (T3) to matching with the 7 (SP8). Going through every stop of the
# slider, all seeds agree from 380 on. The values explain why: with 4,000 simulations, "match the 7" is
# worth about -0.04 and "match the 789" -0.12. Each world's outcome is far noisier than that gap, and
# the error of a mean over n worlds only shrinks like 1/sqrt(n), so it takes hundreds of worlds (per
# action, after sequential halving) to separate them. "Show the pair 7 + 789 and play the 7" gets exactly
# the same value as "match the 7": it is the same move, tried on the same worlds, and the tie goes to the
# action listed first. Another position needs another number: when one action is clearly best, 20
# simulations agree; when two are almost equal, thousands may not.
