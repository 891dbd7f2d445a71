"""Egocentric World's record (`egonb.games.GameEntry`): `Rules` configurations start `GameState`s for the toolkit;
the game gives search agents its knowledge (`search`) and learning environments its encoder (`encoding`)."""

from __future__ import annotations

from typing import Any

from ...agents import AGENTS
from .. import GameEntry, enlist
from .rules import Rules
from .search import EgocentricWorldSearch
from .state import new_game
from .worlds import state_from_view


def _encoder(config: Rules) -> Any:
    from .encoding import ViewEncoder  # numpy only when an environment asks: `import egonb` stays light

    return ViewEncoder()


ENTRY = enlist(GameEntry(
    "egocentric-world", "Egocentric World", Rules, new_state=new_game, sample_state=state_from_view,
    table=lambda players, full_game: Rules(players=players, full_game=full_game),
    solo_table=lambda difficulty, full_game: Rules.solo_game(difficulty, full_game=full_game),
    agents=AGENTS, builtins=("random", "greedy", "citybot-style"), baseline="greedy",
    app="egonb.games.egocentric_world.controller:SoloApp", session="egonb.games.egocentric_world.session:GameSession",
    rules="RULES.md", guide="egonb.games.egocentric_world.guide:guide",
    search_hints=EgocentricWorldSearch, encoder=_encoder, replay="egonb.games.egocentric_world.replay",
    coach="egonb.games.egocentric_world.coach:traps", widget="table.js", styles=("table.css",),
    compiled=("cards", "actions", "decisions", "seating", "rules", "fields", "state", "view", "save", "worlds",
              "variants/__init__", "variants/shared", "variants/multiplayer", "variants/solo", "variants/citybots")))
