"""A PettingZoo AEC environment: agents 'player_0' ... take turns by decision, in Egocentric World (2-6 players)
or any game of the game protocol that supplies an observation encoder (`Game.encoder`)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .. import protocol
from ..errors import GameError
from ..games import default
from ..play import MAX_DECISIONS
from .spaces import action_id, check_render_mode, observation_space, observe, outcome


class EgonbAEC(AECEnv):
    """Multiplayer Egocentric World (`players`, `full_game`), or the game of `rules`, any configuration whose game
    supplies an encoder. The acting agent is whoever must decide now, including a Black Shield answer out of turn
    (A9). Rewards at the end: +1 for the winners, -1 for the others.

    An illegal action is never replaced: the game ends, the offender gets -1, everyone else 0,
    and `infos[offender]['illegal']` says what was refused (not the engine's reason: it may show a card).
    """

    metadata = {"render_modes": ["ansi"], "name": "egonb_v0", "is_parallelizable": False}

    def __init__(self, players: int = 4, full_game: bool = False, render_mode: str | None = None, *,
                 rules: Any = None):
        super().__init__()
        self.rules = default().table(players, full_game) if rules is None else rules
        self.encoder = protocol.encoder(self.rules)
        check_render_mode(render_mode, self.metadata)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in self.rules.agent_seats]
        self._seats = dict(zip(self.possible_agents, self.rules.agent_seats))
        self._obs_space = observation_space(self.encoder, self.rules.num_actions)
        self._act_space = spaces.Discrete(self.rules.num_actions)
        self.game: protocol.State | None = None
        self.steps = 0
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game = protocol.new_state(self.rules, int(self._rng.integers(2**31)))
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.agent_selection = self._name(self.game.current_player)

    def _name(self, seat: int | None) -> str:
        return f"player_{seat or 0}"

    def _game(self) -> protocol.State:
        """The game under way; before reset() (or after close()) a clear error instead of a missing attribute."""
        if self.game is None:
            raise GameError("call reset() first: no game is under way (none started yet, or the environment "
                            "was closed)")
        return self.game

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        self._game()  # PettingZoo's loop before reset() would fail on a missing attribute
        return super().agent_iter(max_iter)

    def last(self, observe: bool = True) -> Any:
        self._game()
        return super().last(observe)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return observe(self.encoder, self._game().view(self._seats[agent]))

    def step(self, action: Any) -> None:
        game = self._game()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seats[agent]
        try:
            game.apply(action_id(action), player=seat)
        except GameError:
            self.rewards = {a: (-1.0 if a == agent else 0.0) for a in self.agents}
            # Every agent reads infos: say what was refused, not the engine's reason, which may name the
            # offender's cards (its legal actions, its drawn card).
            self.infos[agent] = {"illegal": f"{action!r} is not a legal action now (see the action mask)"}
            self.terminations = {a: True for a in self.agents}
        else:
            self.steps += 1
            if game.is_over:
                winners = tuple(game.winners)
                self.rewards = {a: outcome(winners, seat) for a, seat in self._seats.items()}
                self.terminations = {a: True for a in self.agents}
            elif self.steps >= MAX_DECISIONS:
                self.truncations = {a: True for a in self.agents}
        self._cumulative_rewards[agent] = 0.0
        if not game.is_over and not any(self.terminations.values()):
            self.agent_selection = self._name(game.current_player)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as everyone at it sees it (no hidden card: `observe(agent)` gives a seat's own view): the
        encoder's `table` where it has one, else the spectator's transcript."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        table = getattr(self.encoder, "table", None)
        if table is None:
            return "\n".join(self.game.transcript(None))
        return str(table(self.game, [f"player_{seat}" for seat in range(self.rules.players)]))

    def close(self) -> None:
        self.game = None
