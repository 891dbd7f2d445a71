# Chapter 23, exercise 4: a small two-layer network instead of the linear score, in numpy. Self-contained.
import time

import numpy as np
from gymnasium.wrappers import TimeLimit

from egonb import NUM_ACTIONS, Rules
from egonb.agents import AGENTS
from egonb.agents.rollout import useful
from egonb.check import check_agent
from egonb.encoding import OBS_SIZE, action_mask, encode
from egonb.envs.solo import SoloEnv
from egonb.tournament import tournament

quick = globals().get("EGONB_QUICK", False)  # the test suite sets EGONB_QUICK to train and play less
HIDDEN = 32
# As in the chapter, a round nobody ends is cut off after 200 decisions and skipped: it teaches nothing.
net_env = TimeLimit(SoloEnv(difficulty=1), max_episode_steps=200)


def forward(net, observation, mask):
    # hidden = tanh(W1 . x), then a score W2[a] . hidden for every legal action a; softmax over those.
    W1, W2 = net
    x = np.append(observation, 1.0)  # the encoded view plus a constant (bias)
    h = np.append(np.tanh(W1 @ x), 1.0)  # the hidden layer plus a constant (bias)
    ids = np.flatnonzero(mask)
    scores = W2[ids] @ h
    p = np.exp(scores - scores.max())
    return x, h, ids, p / p.sum()


def train_net(episodes=6000, lr=0.05, seed=0):
    rng = np.random.default_rng(seed)
    W1 = rng.normal(0.0, 0.3, (HIDDEN, OBS_SIZE + 1))  # random: the hidden units must start different
    W2 = np.zeros((NUM_ACTIONS, HIDDEN + 1))  # zero: the first policy is uniform, as the linear one's
    baseline, scores = 0.0, []
    for _ in range(episodes):
        obs, _ = net_env.reset(seed=int(rng.integers(2**30)))
        trajectory, done = [], False
        while not done:
            x, h, ids, p = forward((W1, W2), obs["observation"], obs["action_mask"])
            k = rng.choice(len(ids), p=p)
            trajectory.append((x, h, ids, p, k))
            obs, reward, terminated, truncated, info = net_env.step(ids[k])
            done = terminated or truncated
        if truncated:
            continue
        totals = info["totals"]
        advantage = reward - (totals[0] - min(totals[1:])) / 20 - baseline  # the chapter's return
        baseline += 0.02 * advantage
        for x, h, ids, p, k in trajectory:
            g = -p  # d log pi(k) / d scores: one-hot of the chosen action minus the probabilities
            g[k] += 1.0
            # Backpropagation: through W2 to the hidden units, through tanh (derivative 1 - h^2) to W1.
            back = (W2[ids, :HIDDEN].T @ g) * (1.0 - h[:HIDDEN] ** 2)
            W2[ids] += lr * advantage * np.outer(g, h)
            W1 += lr * advantage * np.outer(back, x)
        scores.append(totals[0])
    return (W1, W2), scores


class NetAgent:
    name = "two-layer net"

    def __init__(self, net):
        self.net = net

    def reset(self, seat, rng):
        pass

    def act(self, view):
        _, _, ids, p = forward(self.net, encode(view), action_mask(view))
        # As the chapter's LinearAgent: the most likely of the actions useful() keeps, so it never loops (T2, SP12).
        kept = np.isin(ids, [a.id for a in useful(view.legal_actions, view.hand, view.top, view.drawn)])
        return int(ids[kept][np.argmax(p[kept])])


episodes = 1500 if quick else 6000
start = time.perf_counter()
net, net_scores = train_net(episodes)
print(f"trained on {len(net_scores)} rounds in {time.perf_counter() - start:.1f} s")
for i in range(0, len(net_scores), 1000):
    chunk = net_scores[i:i + 1000]  # the last one may be shorter: the rounds cut off are not in net_scores
    print(f"rounds {i:>5}-{i + len(chunk) - 1:>5}: mean score {np.mean(chunk):5.1f}")
net_report = check_agent(NetAgent(net), games=5)  # no exception, no illegal move, deterministic
print(net_report)
net_result = tournament({"random": AGENTS["random"](), "two-layer net": NetAgent(net), "greedy": AGENTS["greedy"]()},
                        Rules.solo_game(difficulty=1, full_game=False), games=100 if quick else 300, seed=1,
                        workers=1, progress=False)
print(net_result)

# What we saw: the network learns, and beats random as clearly as the linear policy, but it is not better
# than the linear policy trained the same way. After 6,000 rounds: 16.4 +- 0.9 points and 34.3 % of rounds won
# (the chapter's train() and LinearAgent, same return and rounds: 16.7 +- 0.9 and 31.7 %). After 20,000
# (episodes = 20000 above): 15.8 +- 0.9 and 36.7 % (linear, exercise 1: 14.0 +- 0.8 and 44.3 %). A little ahead
# after 6,000 rounds, with overlapping intervals; behind after 20,000, the linear policy's interval just below.
# The linear score already has its own weight for every pair (action, input), about 31,000 of them in use;
# the network squeezes every decision through 32 hidden units shared by all actions, and must first shape
# them into useful features from one noisy number per round. Hidden units pay off when the right action
# depends on a combination of inputs (say STOP only when your total is low AND the Citybots show high cards),
# and REINFORCE finds such combinations slowly. NetAgent plays only what useful() keeps, as the chapter's
# LinearAgent does: with the plain argmax the network, too, fell into the Hourglass loop (taking the 12 for its
# own 12, T2, and replaying, SP12): 15 rounds of 300 never ended after 6,000 rounds of training (the
# "unfinished" column).
