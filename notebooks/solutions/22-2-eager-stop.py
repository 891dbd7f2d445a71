# Chapter 22, exercise 2: a rollout policy that says STOP (T5) more eagerly. Self-contained.
import random

from egonb import Rules, new_game
from egonb.actions import STOP
from egonb.agents import ISMCTSAgent, MonteCarloAgent
from egonb.agents.rollout import guess_score, play_out, rollout_action
from egonb.worlds import state_from_view
from egonb.tournament import tournament

quick = globals().get("EGONB_QUICK", False)  # the test suite sets EGONB_QUICK to play fewer games


def eager_rollout_action(world):
    # The original says STOP when your total is below every Citybot's estimated score by 4 points; this copy
    # already stops when you are merely estimated lowest. A Citybot's estimate: its visible cards plus the
    # mean card per hidden one, minus the card the difficulty removes (SM2). Everything else is the
    # original policy: match, pair, take, draw (T1-T4). `world` is a sampled state, not a view.
    if world.phase == "action" and world.stop_caller < 0 and world.current == 0:
        mine = sum(world.hands[0])
        level = world.rules.difficulty
        if all(mine < guess_score(world.hands[bot], len(world.piles[bot]), level) for bot in (1, 2)):
            return STOP
    return rollout_action(world)


class EagerMonteCarlo(MonteCarloAgent):
    # `rollout` is the search agents' hook for the policy that plays every sampled world to the round's end.
    name = "eager monte-carlo"

    def rollout(self, world):
        return eager_rollout_action(world)


class EagerISMCTS(ISMCTSAgent):
    name = "eager ismcts"

    def rollout(self, world):
        return eager_rollout_action(world)


# 1. The rollouts themselves: from 300 worlds of the chapter's position, how often does a rollout end
#    with YOUR STOP? (Rollouts are played inside sampled worlds, never the real game.)
view = new_game(Rules.solo_game(difficulty=1), seed=3).view(0)
stop_rate = {}
for label, policy in (("original", rollout_action), ("eager", eager_rollout_action)):
    rng, stops = random.Random(0), 0
    for _ in range(300):
        world = state_from_view(view, rng, one_round=True)
        play_out(world, policy)
        stops += any(e.kind == "stop" and e.player == 0 for e in world.events)
    stop_rate[label] = stops / 300
    print(f"{label:>8} rollouts end with your STOP in {stop_rate[label]:.0%} of 300 worlds")

# 2. The agents, before and after, on the same one-round deals at difficulty 1 (100 simulations or
#    iterations per decision, as in the chapter's match). workers=1: classes defined in a notebook cannot
#    always be sent to worker processes.
games = 12 if quick else 60
agents = {"monte-carlo": MonteCarloAgent(simulations=100), "eager mc": EagerMonteCarlo(simulations=100),
          "ismcts": ISMCTSAgent(iterations=100), "eager ismcts": EagerISMCTS(iterations=100)}
match = tournament(agents, Rules.solo_game(difficulty=1, full_game=False), games=games, seed=5, workers=1,
                   progress=False)
print(match)

# What it shows: the eager rollouts stop several times as often, yet the agents hardly change. A rollout
# only judges where an action leads; at the root the search still weighs STOP against the other actions
# with its own samples, and a rollout that stops sooner probably moves the values of all those actions in
# the same direction. On 300 deals (games=300: a minute or two) the four were within a point of each
# other, and for every pair the 95 % intervals overlapped. On 60 deals, as here, any difference is luck
# (chapter 21).
