"""The old path of Egocentric World's `worlds` (`egonb.games.egocentric_world.worlds`), kept for the notebooks,
assignments and agent files that import `egonb.worlds`."""

from .games.egocentric_world.worlds import *  # noqa: F403
