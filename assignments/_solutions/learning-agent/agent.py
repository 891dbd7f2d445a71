"""A learning agent (reference solution): the linear policy that `train.py` learned, played greedily.

Trained with `python train.py --episodes 20000` (REINFORCE on one-round solo games at difficulty 1, about half a
minute); the weights are in `weights.npz` beside this file. To play, it takes the most likely action, but only among
those `egonb.agents.rollout.useful` keeps: a policy that always plays its favourite could otherwise take back the
card it just played, again and again (chapter 23 of the tutorial shows it)."""

from pathlib import Path

import numpy as np

from egonb.agents.rollout import useful
from egonb.encoding import action_mask, encode

NAME = "linear-learner"


class LinearPolicy:
    def __init__(self):
        with np.load(Path(__file__).with_name("weights.npz")) as saved:
            self.W = saved["W"].astype(np.float64)

    def reset(self, seat, rng):
        pass  # nothing random: the most likely action

    def act(self, view):
        ids = np.flatnonzero(action_mask(view))
        scores = self.W[ids] @ np.append(encode(view), 1.0)
        kept = np.isin(ids, [a.id for a in useful(view.legal_actions, view.hand, view.top, view.drawn)])
        return int(ids[kept][np.argmax(scores[kept])])
