"""Leaves a child process running at every move (in its own process group), then plays as greedy does."""

import os
import time

from egonb.agents import GreedyAgent


class Agent(GreedyAgent):
    def act(self, view):
        if os.fork() == 0:
            while True:
                time.sleep(1)
        return super().act(view)


agent = Agent
