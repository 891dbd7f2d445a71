"""Diverse City's knowledge for the search agents (the game protocol's optional `SearchHints`): worlds that end
with the round under way, the actions worth searching, the heuristic as rollout policy, and a round's value."""

from __future__ import annotations

import random
from dataclasses import replace

from .actions import Action
from .agents import rollout_action
from .config import Config
from .state import DCState
from .view import View
from .worlds import sample_state

#: A world's round is cut after this many more turns (rollouts must end; the round's value is read then).
HORIZON = 30
#: A lead of this many points is worth the whole value 1.
SCALE = 20.0


class DiverseCitySearch:
    """Search hints for one configuration."""

    def __init__(self, config: Config):
        self.config = config
        self._cut: tuple[tuple[Config, int], Config] | None = None

    def sample(self, view: View, rng: random.Random) -> DCState:
        """A world consistent with `view` that ends with this round (end score 1) or HORIZON turns from now."""
        return sample_state(view, rng, self.cut(view.rules, view.turns))

    def cut(self, rules: Config, turns: int) -> Config:
        """`rules` ending with the round or HORIZON turns after `turns`; made once per search, not per world (a
        Config derives its deck when it is made, a seventh of a hint's time when it was made per world)."""
        if self._cut is None or self._cut[0] != (rules, turns):
            self._cut = ((rules, turns), replace(rules, end_score=1, turn_cap=turns + HORIZON))
        return self._cut[1]

    def candidates(self, view: View) -> list[Action]:
        return _worth_searching(list(view.legal_actions), view.decision)

    def candidates_in(self, state: DCState) -> list[Action]:
        return _worth_searching(state.legal_actions(), state.phase)

    def rollout(self, state: DCState) -> Action:
        return rollout_action(state)

    def values(self, state: DCState) -> list[float]:
        """Per seat, its lead over the best rival (negative: its gap), scaled to [-1, 1]."""
        totals = state.totals
        out = []
        for p, t in enumerate(totals):
            best = max(u for q, u in enumerate(totals) if q != p)
            out.append(max(-1.0, min(1.0, (t - best) / SCALE)))
        return out


def _worth_searching(legal: list[Action], decision: str) -> list[Action]:
    """All legal actions but, in your own main phase, a donation (it only helps a rival) and an ask (X5: the answer
    is a rival's choice, which the rollout policy always declines, so search cannot tell an ask's worth and would
    ask at random, turn after turn), unless nothing is left."""
    kept = [a for a in legal if not (decision == "main" and a.kind in ("give", "ask"))]
    return kept or legal
