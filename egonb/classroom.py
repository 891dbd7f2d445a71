"""The games the classroom tools (`egonb ladder`, `egonb grade`) run, by the name given to `--game`: a duel's rules,
the built-in agents that play the game, and the baseline a student's agent is measured against.

A new game joins the classroom with one entry here (its configuration must be registered with `egonb.protocol`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .agents import AGENTS
from .games.egocentric_world.rules import Rules


@dataclass(frozen=True)
class ClassGame:
    """`table(players, full_game)`: a game's configuration; `solo_table(difficulty, full_game)`: the solo one, or None
    (the game has no solo mode: no challenge column, and grading plays a table of two or more)."""

    title: str
    table: Callable[[int, bool], Any]
    solo_table: Callable[[int, bool], Any] | None
    agents: Mapping[str, Callable[[], object]]
    builtins: tuple[str, ...]  # those that join a ladder unless told otherwise
    baseline: str

    def agent(self, name: str) -> object:
        """A fresh built-in agent of this game; a name it lacks is refused with the names it has."""
        if name not in self.agents:
            raise ValueError(f"no built-in agent {name!r} for {self.title}; there are {', '.join(self.agents)}")
        return self.agents[name]()


def _diverse_city_table(players: int, full_game: bool) -> Any:
    from .games.diverse_city import Config  # imported only when asked for: Egocentric World's tools never load it

    return Config(players=players)  # Diverse City always plays whole games (G1)


def _diverse_city_heuristic() -> object:
    from .games.diverse_city.agents import HeuristicAgent

    return HeuristicAgent()


GAMES: dict[str, ClassGame] = {
    "egocentric-world": ClassGame(
        "Egocentric World",
        table=lambda players, full_game: Rules(players=players, full_game=full_game),
        solo_table=lambda difficulty, full_game: Rules.solo_game(difficulty, full_game=full_game),
        agents=AGENTS, builtins=("random", "greedy", "citybot-style"), baseline="greedy"),
    "diverse-city": ClassGame(
        "Diverse City",
        table=_diverse_city_table, solo_table=None,
        agents={"random": AGENTS["random"], "dc-heuristic": _diverse_city_heuristic,
                "monte-carlo": AGENTS["monte-carlo"], "ismcts": AGENTS["ismcts"]},
        builtins=("random", "dc-heuristic"), baseline="dc-heuristic"),
}


def class_game(name: str) -> ClassGame:
    """The game called `name` (`--game`); an unknown name is refused with the names there are."""
    if name not in GAMES:
        raise ValueError(f"--game: no game {name!r}; there are {', '.join(GAMES)}")
    return GAMES[name]
