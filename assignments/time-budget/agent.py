"""Search under a time budget: your agent. Rename nothing; `egonb grade agent.py` plays the class below.

It plays a random legal move for now. Make it search: the more it looks ahead, the better it plays, but a move that
takes longer than the budget (`time_limit` in grading.toml, 0.5 s) is a fault, and forfeits the game.
"""

NAME = "my-search"  # how the grader and the ladder call your agent


class MySearch:
    def reset(self, seat, rng):
        """Called before every game: `rng` is a random.Random seeded for this game. Draw every random number (the
        worlds you deal, the rollouts you play) from it, so the same game is played the same way again."""
        self.rng = rng

    def act(self, view):
        """Return one of `view.legal_actions`, within the budget. `egonb.worlds.state_from_view(view, self.rng,
        one_round=True)` deals a world that fits what you see; `clone()` it, `apply` a move, play it out."""
        return self.rng.choice(view.legal_actions)  # TODO: search, with a fixed amount of work per move
