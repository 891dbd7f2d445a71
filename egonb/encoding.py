"""The old path of Egocentric World's `encoding` (`egonb.games.egocentric_world.encoding`), kept for the notebooks,
assignments and agent files that import `egonb.encoding`."""

from .games.egocentric_world.encoding import *  # noqa: F403
