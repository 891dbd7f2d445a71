"""Diverse City, the seeds' second card game (DIVERSE-CITY.md), on the game protocol (`egonb.protocol`).

Importing this package registers its record (`game.ENTRY`), and with it `Config` with the protocol, so `play`,
`tournament`, `check_agent` and the search agents run it; `import egonb` does not import it (it stays light)::

    from egonb.games.diverse_city import Config, new_game
    game = new_game(Config(players=4), seed=1)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
"""

from __future__ import annotations

from .actions import ACTIONS, NUM_ACTIONS, Action
from .agents import HeuristicAgent
from .config import Config
from .decisions import Phase
from .game import ENTRY
from .state import DCState, new_game
from .view import View
from .worlds import sample_state

#: The public position builder (the tests' and the tutorial's positions): see `DCState.from_position`.
from_position = DCState.from_position

__all__ = ["ACTIONS", "NUM_ACTIONS", "ENTRY", "Action", "Config", "DCState", "HeuristicAgent", "Phase", "View",
           "from_position", "new_game", "sample_state"]
