"""Leaves a grandchild running in a session of its own (setsid, then a double fork), then plays as greedy
does."""

import os
import time

from egonb.agents import GreedyAgent


class Agent(GreedyAgent):
    def act(self, view):
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                while True:
                    time.sleep(1)
            os._exit(0)
        return super().act(view)


agent = Agent
