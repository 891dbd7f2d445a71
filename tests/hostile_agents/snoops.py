"""Looks for the other agents' modules (their globals) in its process; raises if it finds one, else plays as
greedy does."""

import sys

from egonb.agents import GreedyAgent

NAME = "snoops"


class Agent(GreedyAgent):
    def act(self, view):
        others = [name for name, module in list(sys.modules.items())
                  if name.startswith("egonb_agentfile_") and getattr(module, "NAME", None) != NAME]
        if others:
            raise RuntimeError(f"found other agents: {others}")
        return super().act(view)


agent = Agent
