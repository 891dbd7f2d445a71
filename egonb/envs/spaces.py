"""What both environments share: the observation dict (a game's encoding + action mask) and its space."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from ..errors import GameError, whole_or_none
from ..protocol import Encoder


def observation_space(encoder: Encoder, num_actions: int) -> spaces.Dict:
    """{'observation': the encoder's vector, 'action_mask': 1 for each legal action id}."""
    return spaces.Dict({
        "observation": spaces.Box(0.0, 10.0, (encoder.size,), np.float32),
        "action_mask": spaces.Box(0, 1, (num_actions,), np.int8),
    })


def observe(encoder: Encoder, view: Any) -> dict[str, np.ndarray]:
    return {"observation": np.clip(encoder.observation(view), 0.0, 10.0), "action_mask": encoder.mask(view)}


def outcome(winners: tuple[int, ...], seat: int) -> float:
    """+1 for a winner of the game (ties share the win, E2), -1 for everyone else."""
    return 1.0 if seat in winners else -1.0


def action_id(action: object) -> int:
    """The action an agent sent as a plain int (numpy integers too); GameError for anything else,
    True and False included, as the engine refuses them."""
    number = whole_or_none(action)
    if number is None:
        has_id = isinstance(getattr(action, "id", None), int)  # any game's action
        hint = ": an environment takes ids, pass its .id" if has_id else ""
        raise GameError(f"an action must be an integer id, got {action!r}{hint}")
    return number


def check_render_mode(render_mode: object, metadata: dict) -> None:
    """Refuse a render mode the environment cannot draw, when it is made rather than silently at render()."""
    modes = metadata["render_modes"]
    if render_mode is not None and render_mode not in modes:
        raise ValueError(f"render_mode must be None or one of {modes}, got {render_mode!r}")
