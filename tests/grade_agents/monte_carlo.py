"""A passing answer to "Beat greedy": flat Monte-Carlo search (the built-in MonteCarloAgent), with a small budget of
60 simulations a move so that the grading test stays quick; it still wins far more games than greedy."""

from egonb.agents import MonteCarloAgent

NAME = "monte-carlo"


agent = MonteCarloAgent(simulations=60)
