"""The old path of Diverse City (`egonb.games.diverse_city`), kept for the notebooks, assignments and agent files
that import `egonb.diverse_city`: the same names, the same objects."""

from ..games.diverse_city import (
                                  ACTIONS,
                                  NUM_ACTIONS,
                                  Action,
                                  Config,
                                  DCState,
                                  HeuristicAgent,
                                  Phase,
                                  View,
                                  from_position,
                                  new_game,
                                  sample_state,
)

__all__ = ["ACTIONS", "NUM_ACTIONS", "Action", "Config", "DCState", "HeuristicAgent", "Phase", "View",
           "from_position", "new_game", "sample_state"]
