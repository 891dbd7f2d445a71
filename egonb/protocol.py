"""The game protocol: all that the toolkit (play, tournament, check_agent, search agents, envs, ladders) needs of a
game, so a second game plugs in without touching the toolkit (docs/ARCHITECTURE.md; OpenSpiel's game/state).

A game is two things:

* a **configuration** (Egocentric World's `Rules`, Diverse City's `Config`): a frozen value that describes one
  table (`players`, seat `names`, which seats agents play, the size of the action space, the kinds of decision);
* a **state** made from a configuration and a seed: who decides, the legal actions, `apply`, a `view` per seat,
  and at the end `returns()` and `ranks()` (who wins belongs to the game: lowest total in Egocentric World).

The configuration's type is registered with a `Game`, which makes states; the toolkit calls `new_state(config,
seed)` and never imports a game's modules. A view names its configuration (`view.rules`), so an agent that searches
asks the game for worlds consistent with it (`sample_state`). Two hooks are optional: a game may give search agents
its own knowledge (`Game.search_hints`) and learning environments an observation encoder (`Game.encoder`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class ActionLike(Protocol):
    """An action: a small immutable value with a stable integer id in the game's fixed action space."""

    @property
    def id(self) -> int: ...


@runtime_checkable
class ViewLike(Protocol):
    """What one seat may know; agents get nothing else. Games add their own fields."""

    @property
    def player(self) -> int: ...

    @property
    def decision(self) -> str: ...

    @property
    def legal_actions(self) -> tuple[Any, ...]: ...

    @property
    def current_player(self) -> int | None:
        """Who decides now (None: the game is over); an agent acts only on its own turn's view."""
        ...

    @property
    def rules(self) -> Any:
        """The game's configuration, so the toolkit finds the game a view belongs to (`game_for(view.rules)`)."""
        ...


@runtime_checkable
class Config(Protocol):
    """A game's configuration: a frozen dataclass, comparable and picklable (process-pool workers unpickle it, which
    imports the game's module and so registers it), checked when it is made. `play` seats agents under their names
    with `dataclasses.replace(config, names=...)`."""

    @property
    def players(self) -> int: ...

    @property
    def names(self) -> tuple[str, ...]: ...

    #: How the game scores, in a few words for a results table ("final totals, lower is better (E2)").
    scoring: str

    @property
    def agent_seats(self) -> tuple[int, ...]:
        """The seats agents play, in order (Egocentric World's solo game: seat 0; its Citybots are automated)."""
        ...

    @property
    def num_actions(self) -> int:
        """The size of the fixed action space (action ids are 0 to num_actions - 1), for masks."""
        ...

    @property
    def decisions(self) -> tuple[str, ...]:
        """Every kind of decision these rules can ask (a view's `decision`)."""
        ...


@runtime_checkable
class State(Protocol):
    """One game in progress. Bad input to `apply` raises the game's error and changes nothing."""

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> list[Any]: ...

    def apply(self, action: Any, player: int | None = None) -> Any:
        """Perform one legal action (an action or its int id) and return the game's own action for it; automated
        seats then play on until an agent must decide."""
        ...

    def view(self, player: int) -> Any: ...

    def returns(self) -> tuple[float, ...]:
        """Per seat, what the game is worth to it (higher is better); only final once the game is over."""
        ...

    def ranks(self) -> tuple[float, ...]:
        """Per seat, its place (1 = best); tied seats share the average of their places."""
        ...

    @property
    def totals(self) -> Sequence[int]:
        """Per seat, the score shown to people (Egocentric World: points, lower is better)."""
        ...

    @property
    def winners(self) -> Sequence[int]: ...

    def describe(self, action: Any) -> str:
        """The action in readable words for the player about to take it."""
        ...

    def transcript(self, viewer: int | None = None) -> list[str]:
        """The game so far as lines of text that `viewer` may read (None: a spectator)."""
        ...

    def clone(self) -> State: ...


class Game(Protocol):
    """What a game registers for its configuration type: how to start a state and how to sample one from a view.

    Optional, looked up with `search_hints(config)` and `encoder(config)`: `search_hints(config) -> SearchHints`
    and `encoder(config) -> Encoder`."""

    def new_state(self, config: Any, seed: int) -> State: ...

    def sample_state(self, view: Any, rng: random.Random) -> State:
        """A whole state consistent with `view` (every card the seat cannot see dealt at random): the worlds a
        search agent plays out."""
        ...


class SearchHints(Protocol):
    """A game's own knowledge for the search agents (Monte-Carlo, ISMCTS). Without it they search whole games, try
    every legal action, play out at random and score the end by `returns()`."""

    def sample(self, view: Any, rng: random.Random) -> State:
        """A world to search (it may end early: Egocentric World's end with the round, the search's horizon)."""
        ...

    def candidates(self, view: Any) -> list[Any]:
        """The legal actions worth searching now."""
        ...

    def candidates_in(self, state: State) -> list[Any]:
        """The same, for whoever decides in a sampled world (a tree search's inner nodes)."""
        ...

    def rollout(self, state: State) -> Any:
        """A quick move for whoever decides in a sampled world (not a view: rollouts must be fast)."""
        ...

    def values(self, state: State) -> Sequence[float]:
        """Per seat, in [-1, 1], what the end of a rollout is worth."""
        ...


class Encoder(Protocol):
    """A fixed-size numeric observation of a view and the mask of its legal action ids, for learning agents."""

    @property
    def size(self) -> int:
        """The length of every observation."""
        ...

    def observation(self, view: Any) -> Any:
        """The view as a float32 numpy vector of length `size`, values in [0, 10]."""
        ...

    def mask(self, view: Any) -> Any:
        """An int8 numpy vector of length `config.num_actions`: 1 where the action id is legal now."""
        ...


_GAMES: dict[type, Game] = {}


def register(config_type: type, game: Game) -> None:
    """Make configurations of `config_type` playable by the toolkit (called once, by the game's own package)."""
    _GAMES[config_type] = game


def game_for(config: object) -> Game:
    """The registered game of `config`; a clear TypeError for anything else."""
    game = _GAMES.get(type(config))
    if game is None:
        known = ", ".join(sorted(t.__name__ for t in _GAMES)) or "none yet"
        raise TypeError(f"rules must be a game configuration ({known}; e.g. Rules.solo_game(3)), "
                        f"got {type(config).__name__}")
    return game


def new_state(config: object, seed: int) -> State:
    """A new game of `config`, dealt from `seed` (the same seed deals the same game in any process)."""
    return game_for(config).new_state(config, seed)


def search_hints(config: object) -> SearchHints | None:
    """The game's knowledge for search agents, or None if it gives none."""
    game = game_for(config)
    hints = getattr(game, "search_hints", None)
    return None if hints is None else hints(config)


def encoder(config: object) -> Encoder:
    """The game's observation encoder; a clear TypeError for a game that has none."""
    game = game_for(config)
    make = getattr(game, "encoder", None)
    if make is None:
        raise TypeError(f"{type(config).__name__} games supply no observation encoder (Game.encoder), so they have "
                        f"no learning environment")
    return make(config)


def rank_by(values: Sequence[float], *, higher_wins: bool) -> tuple[float, ...]:
    """Places from final values (1 = best); ties share the average of their places."""
    sign = 1 if higher_wins else -1
    out = []
    for v in values:
        better = sum(1 for u in values if sign * u > sign * v)
        equal = sum(1 for u in values if u == v)
        out.append(better + (equal + 1) / 2)
    return tuple(out)
