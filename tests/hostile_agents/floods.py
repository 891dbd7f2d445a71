"""Prints megabytes at every move, to stdout and stderr, then plays as greedy does."""

import sys

from egonb.agents import GreedyAgent


class Agent(GreedyAgent):
    def act(self, view):
        for _ in range(50):
            print("x" * 100_000)
            print("y" * 100_000, file=sys.stderr)
        return super().act(view)


agent = Agent
