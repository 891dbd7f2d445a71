"""The old path of Egocentric World's `actions` (`egonb.games.egocentric_world.actions`), kept for the notebooks,
assignments and agent files that import `egonb.actions`."""

from .games.egocentric_world.actions import *  # noqa: F403
