"""A good agent for the ladder tests: greedy, with a wider margin before it says STOP (a class, made with no
arguments)."""

from egonb.agents import GreedyAgent

NAME = "careful"


class Careful(GreedyAgent):
    def __init__(self):
        super().__init__(margin=8.0)
