"""The old path of Egocentric World's search hints and rollout policy (`egonb.games.egocentric_world.search`),
kept for the notebooks, assignments and agent files that import `egonb.agents.rollout`."""

from ..games.egocentric_world.search import *  # noqa: F403
