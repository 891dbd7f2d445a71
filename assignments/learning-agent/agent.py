"""A learning agent: your agent file. Rename nothing; `egonb grade agent.py` plays the class below.

It plays a random legal move for now. Train a policy (`python train.py` is a working start), save what it learned
beside this file (`weights.npz`), load it here and play it. Hand in this folder: agent.py and your weights.
"""

NAME = "my-learner"  # how the grader and the ladder call your agent


class MyAgent:
    def __init__(self):
        # TODO: load your weights, e.g. numpy.load(pathlib.Path(__file__).with_name("weights.npz"))["W"]
        self.W = None

    def reset(self, seat, rng):
        """Called before every game: `rng` is a random.Random seeded for this game."""
        self.rng = rng

    def act(self, view):
        """Return one of `view.legal_actions` (or its id). `egonb.encoding.encode(view)` is the view as numbers and
        `egonb.encoding.action_mask(view)` marks the legal action ids: what train.py learns from."""
        return self.rng.choice(view.legal_actions)  # TODO: play the trained policy
