"""A Diverse City agent: your agent file. Rename nothing; `egonb grade agent.py` plays the class below.

It plays a random legal move for now. Make it collect a diverse city and call Diversity at the right time
(docs/DIVERSE-CITY.md has the rules, with ids such as R1-R4 and G1).
"""

NAME = "my-city"  # how the grader and the ladder call your agent


class MyCity:
    def reset(self, seat, rng):
        """Called before every game with your seat and a random.Random seeded for this game."""
        self.seat = seat
        self.rng = rng

    def act(self, view):
        """Return one of `view.legal_actions`. `view.decision` says what you decide ("draw", "diversity", "answer",
        ...); `view.hand`, `view.fronts`, `view.totals`, `view.discard` and `view.turns` are what you may know;
        `view.rules` is the game's `Config` (its `points(card)` and `round_score(...)` score cards)."""
        return self.rng.choice(view.legal_actions)  # TODO: choose for a reason
