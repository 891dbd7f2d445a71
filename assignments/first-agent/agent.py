"""Your first agent. Rename nothing; `egonb grade agent.py` plays the class below.

It plays a random legal move for now: a clean agent, but a weak one. Make it win more solo games than random.
"""

NAME = "my-first-agent"  # how the grader and the ladder call your agent


class MyAgent:
    def reset(self, seat, rng):
        """Called before every game: `rng` is a random.Random seeded for this game. Draw every random number from
        it, so the same game is played the same way again."""
        self.rng = rng

    def act(self, view):
        """Return one of `view.legal_actions`.

        `view.decision` says what you decide now ("action" at the start of a turn, "keep_or_discard" after a
        draw, ...); `view.hand` is your hand, `view.top` the discard pile's top card, `view.drawn` the card you
        drew. Each action has a `kind` ("draw", "take", "match", "pair", "stop", "keep", "discard_drawn", ...)."""
        return self.rng.choice(view.legal_actions)  # TODO: choose a move for a reason
