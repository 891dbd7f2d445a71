"""A one-line import of the built-in Monte-Carlo search: the copy check flags it."""

from egonb.agents import MonteCarloAgent as agent  # noqa: F401
