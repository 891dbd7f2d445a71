"""Game theory on the mini variant (chapter 24): CFR+ and exploitability from OpenSpiel, and the built-in agents
as OpenSpiel policies, so their exploitability is measured the same way. Imports `pyspiel` (via egonb.openspiel).
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import pyspiel
from open_spiel.python.algorithms import get_all_states

from .agents import AGENTS
from .errors import whole_number
from .games.egocentric_world.actions import ACTIONS, STOP, Action
from .games.egocentric_world.rules import Rules
from .openspiel import MINI, EgonbState, load


@dataclass
class Solution:
    """CFR+'s average strategy after its last iteration, and the NashConv of the average strategy by iteration, at
    iterations spread evenly on a log scale (`measured_at`): the first, 10 when there are that many, and the last."""

    game: pyspiel.Game
    strategy: dict[str, list[tuple[int, float]]]
    nash_conv: dict[int, float]


@functools.lru_cache(maxsize=4)
def all_states(rules: Rules) -> dict[str, pyspiel.State]:
    """Every state of the game of `rules` (chance and terminal ones too), by history: one walk, kept."""
    return get_all_states.get_all_states(load(rules), include_terminals=True, include_chance_states=True)


def decisions(rules: Rules) -> list[pyspiel.State]:
    """The states where a player decides."""
    return [s for s in all_states(rules).values() if s.is_player_node()]


def measured_at(iterations: int, per_decade: int = 8) -> list[int]:
    """The iterations after which `solve` measures NashConv: `per_decade` to each power of ten, evenly on a log
    scale, and the last. On the mini variant one measure costs as much as ten iterations, so a curve drawn on a log
    scale is measured at a few points rather than after every iteration."""
    steps = per_decade * math.log10(max(iterations, 1))
    return sorted({round(10 ** (k / per_decade)) for k in range(int(steps) + 1)} | {iterations})


def solve(rules: Rules = MINI, iterations: int = 100) -> Solution:
    """Run OpenSpiel's CFR+ on `rules` (its tree cached in C++ after one walk through the egonb engine)."""
    game = pyspiel.convert_to_cached_tree(load(rules))
    solver = pyspiel.CFRPlusSolver(game)
    checkpoints, curve = set(measured_at(iterations)), {}
    for iteration in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if iteration in checkpoints:
            curve[iteration] = pyspiel.nash_conv(game, solver.average_policy())
    return Solution(game, solver.tabular_average_policy().policy_table(), curve)


def agent_strategy(rules: Rules, name: str, samples: int = 16) -> dict[str, list[tuple[int, float]]]:
    """The built-in agent `name` as a strategy table: at each information state, how often it picks each action
    over `samples` seeded games (a deterministic agent picks one; `random` spreads evenly, up to sampling)."""
    def act(state: EgonbState) -> list[tuple[int, float]]:
        seat = state.current_player()
        view = state.table.engine.view(seat)  # type: ignore[union-attr]
        picks: Counter[int] = Counter()
        for seed in range(samples):
            agent = AGENTS[name]()
            agent.reset(seat, random.Random(seed))
            move = agent.act(view)
            picks[move.id if isinstance(move, Action) else whole_number("an agent's move", move)] += 1
        return [(a, picks[a] / samples) for a in state.legal_actions()]  # OpenSpiel wants every legal action

    table: dict[str, list[tuple[int, float]]] = {}
    for state in decisions(rules):
        key = state.information_state_string()
        if key not in table:  # one state per information state: the agent sees only the view
            table[key] = act(state)
    return table


def nash_conv_of(solution: Solution, strategy: dict[str, list[tuple[int, float]]]) -> float:
    """NashConv of `strategy` in the solved game: what the players could gain in total, each switching alone to a
    best response while the others keep `strategy` (0 at a Nash equilibrium)."""
    return pyspiel.nash_conv(solution.game, strategy)


def exploitability_of(solution: Solution, strategy: dict[str, list[tuple[int, float]]]) -> float:
    """OpenSpiel's exploitability of `strategy`: its NashConv divided by the number of players. In a two-player
    zero-sum game, what a best-responding opponent wins from it per game, on average over the two seats."""
    return pyspiel.exploitability(solution.game, strategy)


def first_turn(rules: Rules, strategy: dict[str, list[tuple[int, float]]]) -> dict[tuple[int, int], dict[str, float]]:
    """What the first player does on the round's first turn, by (own card, top discard card): each action's
    words and how often the strategy picks it (one-card hands, as in the mini variant)."""
    out = {}
    for state in decisions(rules):
        table = state.table
        if table.moves or table.engine is None:
            continue
        view = table.engine.view(state.current_player())
        out[(view.hand[0], view.top)] = {ACTIONS[a].words(): p for a, p in strategy[state.information_state_string()]}
    return dict(sorted(out.items()))


def stop_chance(choices: dict[str, float]) -> float:
    """How often a `first_turn` entry says STOP."""
    return choices.get(STOP.words(), 0.0)


def check_chapter_24(solution: Solution, measured: dict[str, tuple[float, float]],
                     choices: dict[tuple[int, int], dict[str, float]], checkpoints: Sequence[int]) -> None:
    """The notebook's checks: CFR+ converges, every built-in agent is more exploitable, exploitability is NashConv
    over the number of players, the table is complete. `measured`: (NashConv, exploitability) by strategy name."""
    curve = solution.nash_conv
    first, last = curve[min(curve)], curve[max(curve)]
    assert last < first / 100, "NashConv falls a hundredfold"
    assert last < 0.01, "the average strategy is close to an equilibrium"
    assert all(curve[i] >= last for i in checkpoints)
    assert all(measured[name][0] > 10 * last for name in ("random", "greedy")), "agents are more exploitable"
    players = solution.game.num_players()
    assert all(abs(exploitability - nash_conv / players) < 1e-9 for nash_conv, exploitability in measured.values())
    assert choices and all(abs(sum(c.values()) - 1) < 1e-6 for c in choices.values()), "a strategy at each state"
