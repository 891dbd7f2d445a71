"""Beat greedy: your agent. Rename nothing; `egonb grade agent.py` plays the class below.

It plays a random legal move for now: a clean agent, but a weak one. Make it win more solo games than greedy.
"""

NAME = "my-agent"  # how the grader and the ladder call your agent


class MyAgent:
    def reset(self, seat, rng):
        """Called before every game: `seat` is yours (0 in solo), `rng` a random.Random seeded for this game.
        Draw every random number from it, so the same game is played the same way again."""
        self.rng = rng

    def act(self, view):
        """Return one of `view.legal_actions` (an Action, or its integer id).

        `view` is everything you may know: `view.hand` (your cards), `view.top` (the discard pile's top card),
        `view.decision` (what kind of choice this is), `view.drawn` (the card you drew, if any) and more: see
        `egonb.View`. Nothing about the Citybots' hidden cards."""
        return self.rng.choice(view.legal_actions)  # TODO: choose better than at random
