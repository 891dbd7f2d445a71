"""A copy of the built-in greedy agent: it plays exactly as greedy does, so it cannot be better."""

from egonb.agents import GreedyAgent

NAME = "greedy-copy"
agent = GreedyAgent
