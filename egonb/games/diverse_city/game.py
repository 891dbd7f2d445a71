"""Diverse City's record (`egonb.games.GameEntry`): `Config` configurations start `DCState`s for the toolkit, with
both optional hooks, search hints (`search`) and an observation encoder (`encoding`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...agents import BuiltIns, ISMCTSAgent, MonteCarloAgent, RandomAgent
from .. import GameEntry, enlist
from .agents import HeuristicAgent
from .config import Config
from .search import DiverseCitySearch
from .state import new_game
from .worlds import sample_state

if TYPE_CHECKING:
    from .encoding import DiverseCityEncoder


def _encoder(config: Config) -> DiverseCityEncoder:
    """Imported here: numpy is only needed by learning environments (importing the game stays light)."""
    from .encoding import DiverseCityEncoder

    return DiverseCityEncoder(config)


ENTRY = enlist(GameEntry(
    "diverse-city", "Diverse City", Config, new_state=new_game, sample_state=sample_state,
    table=lambda players, full_game: Config(players=players),  # Diverse City always plays whole games (G1)
    solo_table=None,
    agents=BuiltIns({"random": RandomAgent, "dc-heuristic": HeuristicAgent, "monte-carlo": MonteCarloAgent,
                     "ismcts": ISMCTSAgent}),
    builtins=("random", "dc-heuristic"), baseline="dc-heuristic",
    app="egonb.games.diverse_city.table:DiverseCityApp", session="egonb.games.diverse_city.session:DCSession",
    rules="DIVERSE-CITY.md", guide="egonb.games.diverse_city.guide:guide",
    search_hints=DiverseCitySearch, encoder=_encoder, replay="egonb.games.diverse_city.replay",
    widget="diverse.js", styles=("table.css", "diverse.css"),
    compiled=("cards", "actions", "decisions", "config", "checks", "state", "view", "save", "worlds"),
    coach="egonb.games.diverse_city.coach:traps"))
