"""Train the learning agent: REINFORCE on a linear softmax policy, in numpy, one-round solo games at difficulty 1.

    python train.py                      # 2,000 rounds in a few seconds; writes weights.npz beside this file
    python train.py --episodes 20000     # longer (about half a minute)

The policy scores every legal action id with W[id] · x, where x is the encoded view (`egonb.encoding.encode`) plus a
constant, and plays an action with the softmax of the scores. After each round every action taken is pushed up or
down by how the round went (the return, minus a running baseline). Chapter 23 of the tutorial explains it step by
step. Your `agent.py` loads `weights.npz` and plays the trained policy.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from egonb import NUM_ACTIONS, Rules, new_game
from egonb.encoding import OBS_SIZE, action_mask, encode

RULES = Rules.solo_game(difficulty=1, full_game=False)
MAX_STEPS = 200  # a round nobody ends is cut off, and teaches nothing


def features(view) -> np.ndarray:
    return np.append(encode(view), 1.0)  # the encoded view plus a constant for the bias


def policy(W: np.ndarray, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The legal ids and their probabilities under the softmax of W[id] · x."""
    ids = np.flatnonzero(mask)
    scores = W[ids] @ x
    p = np.exp(scores - scores.max())
    return ids, p / p.sum()


def train(episodes: int = 2000, lr: float = 0.05, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    W = np.zeros((NUM_ACTIONS, OBS_SIZE + 1))
    baseline = 0.0
    for _ in range(episodes):
        game = new_game(RULES, seed=int(rng.integers(2**30)))
        trajectory = []
        while not game.is_over and len(trajectory) < MAX_STEPS:
            view = game.view(game.current_player)
            x = features(view)
            ids, p = policy(W, x, action_mask(view))
            k = rng.choice(len(ids), p=p)
            trajectory.append((x, ids, p, k))
            game.apply(int(ids[k]))
        if not game.is_over:
            continue
        totals = game.totals
        # Won or lost (E2, lowest total wins), and by how much: the gap to the best Citybot.
        ret = (1.0 if 0 in game.winners else -1.0) - (totals[0] - min(totals[1:])) / 20
        advantage = ret - baseline
        baseline += 0.02 * advantage
        for x, ids, p, k in trajectory:
            grad = -p
            grad[k] += 1.0
            W[ids] += lr * advantage * np.outer(grad, x)
    return W


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=str(Path(__file__).with_name("weights.npz")))
    args = parser.parse_args()
    start = time.perf_counter()
    W = train(args.episodes, seed=args.seed)
    np.savez_compressed(args.out, W=W.astype(np.float32))  # most rows stay 0 (actions never offered): small
    print(f"trained on {args.episodes} rounds in {time.perf_counter() - start:.1f} s: {args.out}")


if __name__ == "__main__":
    main()
