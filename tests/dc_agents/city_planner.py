"""A student's Diverse City agent: the game's own heuristic, under a name of its own."""

from egonb.games.diverse_city.agents import HeuristicAgent

NAME = "city-planner"
agent = HeuristicAgent
