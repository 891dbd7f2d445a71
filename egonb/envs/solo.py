"""A Gymnasium environment: you (seat 0) against the two Citybots (SM1), one round per episode
(`full_game=True`: one whole game). Egocentric World's solo game only; `aec.EgonbAEC` takes any game with an encoder.

Importing this module registers it with Gymnasium as "egonb/Solo-v0", so toolkits that build environments by
name work too: `gym.make("egonb/Solo-v0", difficulty=3)`."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np

from ..errors import GameError
from ..games.egocentric_world.actions import NUM_ACTIONS
from ..games.egocentric_world.encoding import ViewEncoder, action_mask
from ..games.egocentric_world.rules import Rules
from ..games.egocentric_world.state import GameState, new_game
from ..play import MAX_DECISIONS
from .spaces import action_id, check_render_mode, observation_space, observe, outcome


class SoloEnv(gym.Env):
    """Solo Egocentric World. Action: an action id; use the `action_mask` in the observation.

    Reward at the end: +1 if you win (lowest total, E2), -1 otherwise. An illegal action is not
    replaced: it ends the episode with reward -1 and `info['illegal']` saying what was wrong.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # check_env asks for a frame rate, even for text

    def __init__(self, difficulty: int = 1, full_game: bool = False, render_mode: str | None = None):
        self.rules = Rules.solo_game(difficulty, full_game=full_game)
        self.seat = self.rules.agent_seats[0]  # yours; the game plays the Citybots'
        check_render_mode(render_mode, self.metadata)
        self.render_mode = render_mode
        self.encoder = ViewEncoder()
        self.observation_space = observation_space(self.encoder, NUM_ACTIONS)
        self.action_space = gym.spaces.Discrete(NUM_ACTIONS)
        self.game: GameState | None = None
        self.steps = 0
        self.ended = True  # no episode yet: reset() starts one

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        self.game = new_game(self.rules, int(self.np_random.integers(2**31)))
        self.steps = 0
        self.ended = False
        return observe(self.encoder, self.game.view(self.seat)), {}

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        game = self.game
        if game is None or self.ended:
            raise GameError("call reset() first: no episode is under way (none started yet, or it ended: won, lost, "
                            "illegal action or step limit)")
        try:
            game.apply(action_id(action), player=self.seat)
        except GameError as exc:
            self.ended = True
            return observe(self.encoder, game.view(self.seat)), -1.0, True, False, {"illegal": str(exc)}
        self.steps += 1
        view = game.view(self.seat)
        if game.is_over:
            self.ended = True
            return (observe(self.encoder, view), outcome(tuple(game.winners), self.seat), True, False,
                    {"totals": list(game.totals)})
        self.ended = self.steps >= MAX_DECISIONS
        return observe(self.encoder, view), 0.0, False, self.ended, {}

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans: the method sb3-contrib's MaskablePPO asks an env for (the same
        mask as the observation's `action_mask`)."""
        if self.game is None or self.ended:
            return np.zeros(NUM_ACTIONS, dtype=bool)
        return action_mask(self.game.view(self.seat)).astype(bool)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        v = self.game.view(self.seat)
        bots = " and ".join(f"{list(v.visible[s])} + {v.pile_sizes[s]} hidden" for s in v.automated)
        return (f"round {v.round}, your hand {list(v.hand)}, discard top {v.top}, Citybots show {bots}, "
                f"totals {list(v.totals)}")



if "egonb/Solo-v0" not in gym.registry:
    gym.register(id="egonb/Solo-v0", entry_point="egonb.envs.solo:SoloEnv")
