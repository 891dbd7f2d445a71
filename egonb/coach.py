"""The coach: a move proposed for your decision, and why, in plain words, from your view alone.

It is chapter 22's Monte-Carlo agent (`egonb.agents.MonteCarloAgent`, notebooks/22-monte-carlo-and-ismcts.ipynb)
with a time budget: the unseen cards are dealt at random into worlds consistent with your view, every move worth
trying is played in the same worlds and the rest of the round by the game's rollout policy, and the move with the
best mean outcome is proposed. It also counts, per move, how often you ended in the lead (the lowest total in
Egocentric World, E2; the highest in Diverse City, G1): that share is what the hint says. A game may name traps to
warn about (its record's `coach`: "module:function", e.g. Egocentric World's SB1 warning).

A hint depends only on the view and the coach's seed (the search's generator is seeded from both), so two games
that differ only in cards you cannot see get the same hint, and asking twice gives the same answer; unless the
time budget cut a search short (`Advice.complete`), which `benchmarks/bench_coach.py` counts.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import protocol
from .agents.base import check_turn
from .agents.montecarlo import MonteCarloAgent
from .messages import PAGE, Texts

#: Simulated endings a hint spreads over the moves worth trying, and its time budget in seconds: together they
#: keep a hint's p95 under 300 ms on this project's 2-core machine (benchmarks/bench_coach.py).
SIMULATIONS = 200
BUDGET = 0.15
#: The weight of leading in an ending's value (the rest is the game's margin, `Coach.values`).
LEAD = 0.8


@dataclass(frozen=True)
class Trap:
    """A move the coach warns about: `action`, and `text`, the warning in the reader's words."""

    action: Any
    text: str


@dataclass(frozen=True)
class Advice:
    """What the coach found for one view: the proposed `action`, per move tried its mean value (best first),
    the endings it was played in and the share of them that left you in the lead; the `traps` of the position."""

    action: Any
    means: dict[Any, float]
    endings: dict[Any, int]
    leads: dict[Any, float]
    complete: bool
    traps: tuple[Trap, ...] = field(default=())

    @property
    def share(self) -> float:
        """How often the proposed move left you in the lead, in [0, 1]."""
        return self.leads[self.action]


class Coach(MonteCarloAgent):
    """`MonteCarloAgent` that keeps, per move, how often each simulated ending left you in the lead, and seeds its
    search from the view (`seed`: another coach, other worlds)."""

    name = "coach"

    def __init__(self, simulations: int = SIMULATIONS, budget: float | None = BUDGET, seed: int = 0):
        super().__init__(simulations, budget)
        self.seed = seed
        self._leads: dict[Any, int] = {}
        self._endings: dict[Any, int] = {}
        self._seat = 0

    def act(self, view: Any) -> Any:
        """Play the proposed move (so the coach can be benchmarked and tested as a player)."""
        return self.advise(view).action

    def values(self, world: Any) -> Sequence[float]:
        """Per seat, mostly whether the ending left it in the lead (+LEAD or -LEAD: the share the hint quotes is
        what the search maximizes), and a little of the game's own value (its margin), which breaks ties when no
        move leads."""
        base = super().values(world)
        return [(LEAD if all(v >= w for q, w in enumerate(base) if q != p) else -LEAD) + (1 - LEAD) * v
                for p, v in enumerate(base)]

    def simulate(self, act: Any, world: Any) -> Sequence[float]:
        values = super().simulate(act, world)
        self._endings[act] = self._endings.get(act, 0) + 1
        self._leads[act] = self._leads.get(act, 0) + (values[self._seat] > 0)  # in the lead: above 2 * LEAD - 1
        return values

    def advise(self, view: Any, texts: Texts = PAGE, label: Callable[[Any], str] = str) -> Advice:
        """The move proposed for `view` (the seat that decides now), and the game's traps in `texts`' words
        (`label`: a move's words, such as its button's)."""
        check_turn(view)
        self.rng = random.Random(f"{self.seed}|{view!r}")
        self._seat, self._leads, self._endings = view.player, {}, {}
        means = self.evaluate(view)
        leads = {a: self._leads.get(a, 0) / self._endings[a] for a in means}
        return Advice(next(iter(means)), means, dict(self._endings), leads, self.complete,
                      tuple(traps(view, texts, self.seed, label)))


def traps(view: Any, texts: Texts = PAGE, seed: int = 0, label: Callable[[Any], str] = str) -> list[Trap]:
    """The moves of `view` its game warns about (none for a game without a `coach` in its record)."""
    where = getattr(protocol.game_for(view.rules), "coach", None)
    if not where:
        return []
    module, name = where.split(":")
    find: Callable[..., list[Trap]] = getattr(importlib.import_module(module), name)
    return find(view, texts, random.Random(f"{seed}|traps|{view!r}"), label)


def explain(view: Any, advice: Advice, texts: Texts = PAGE, label: Callable[[Any], str] = str) -> list[str]:
    """Why the coach proposes its move, in plain words: the proposal with how often it left you in the lead, and
    the next best move's share (`label`: a move's words)."""
    moves = list(advice.means)
    if len(moves) == 1:
        return [texts("coach.only", move=label(advice.action))]
    slug = protocol.game_for(view.rules).slug  # type: ignore[attr-defined]  # a record (`GameEntry`) has one
    most = advice.share >= max(advice.leads.values())
    out = [texts(f"coach.hint.{slug}.{'most' if most else 'mean'}", n=advice.endings[advice.action],
                 move=label(advice.action), share=percent(advice.share))]
    second = moves[1]
    out.append(texts("coach.next", move=label(second), share=percent(advice.leads[second])))
    return out


def percent(share: float) -> int:
    """A share in [0, 1] as a whole percentage."""
    return round(100 * share)
