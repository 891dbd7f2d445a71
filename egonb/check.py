"""`check_agent()`: a student's first test bench. It plays a few games and reports exceptions,
illegal moves, slow moves and non-determinism (the same seed must give the same game)."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from .agents.base import Agent, agent_name, as_agent, fresh_copy
from .agents.simple import RandomAgent
from .errors import positive_int, positive_number, seed_number
from .play import GameRecord, agent_list, check_settings, play
from .rules import Rules
from .state import new_game
from .view import View


class _Timed:
    """Wraps an agent to record how long every move takes."""

    def __init__(self, agent: Agent):
        self.agent = agent
        self.times: list[float] = []
        self.name = agent_name(agent)

    def reset(self, seat: int, rng: random.Random) -> None:
        self.agent.reset(seat, rng)

    def act(self, view: View) -> object:
        start = time.perf_counter()
        try:
            return self.agent.act(view)
        finally:
            self.times.append(time.perf_counter() - start)


@dataclass
class CheckReport:
    """What `check_agent` found; `ok` is True when nothing is wrong.

    A problem is located by the game's seed and the agent's own move, counted from 0."""

    agent: str
    games: int = 0
    decisions: int = 0
    exceptions: list[str] = field(default_factory=list)
    illegal: list[str] = field(default_factory=list)
    slow: list[str] = field(default_factory=list)
    nondeterministic: list[int] = field(default_factory=list)
    #: What went wrong at another seat (a fault that ended the game, or the first different move of a repeat):
    #: not the agent's fault, but those games tell little about it.
    opponents: list[str] = field(default_factory=list)
    max_ms: float = 0.0
    mean_ms: float = 0.0

    @property
    def ok(self) -> bool:
        return not (self.exceptions or self.illegal or self.slow or self.nondeterministic)

    def __str__(self) -> str:
        lines = [f"check_agent({self.agent}): {self.games} games, {self.decisions} decisions, "
                 f"{self.mean_ms:.2f} ms per move on average, slowest {self.max_ms:.1f} ms"]
        def listed(title: str, items: list[str]) -> str:
            return f"  {title}: {len(items)}" + "".join(f"\n    - {m}" for m in items[:5])

        lines += [listed("exceptions", self.exceptions), listed("illegal moves", self.illegal),
                  listed("slow moves", self.slow)]
        lines.append(f"  non-deterministic games (same seed, different moves): {self.nondeterministic or 'none'}")
        if self.opponents:
            lines.append(listed("opponents' problems", self.opponents))
        lines.append("  OK" if self.ok else "  PROBLEMS FOUND")
        return "\n".join(lines)

    __repr__ = __str__


def check_agent(agent: object, rules: Rules | None = None, games: int = 10, seed: int = 0, *,
                slow_ms: float | None = None, opponents: Sequence[object] | None = None,
                time_limit: float | None = 10.0) -> CheckReport:
    """Play `games` games twice each and report what went wrong.

    Solo rules (default: difficulty 1, one round) put the agent at seat 0 against the Citybots;
    multiplayer rules rotate it around the table with `opponents` (one per other seat, random agents
    by default). A move slower than `slow_ms` (default 1000, or the time limit if that is shorter) is
    reported; one still running after `time_limit` seconds (an endless loop?) is stopped where the
    platform allows it (POSIX, main thread), reported, and ends that game; `reset` gets the same limit.
    `time_limit=None` never stops a move.

    Both plays of a game run in this process, one after the other, each from a fresh copy of the agent: a
    memory kept outside the copy (a class attribute, a mutable default) shows as a different repeat, but an
    order that changes from one process to the next (iterating a `set` of actions, whose order follows
    PYTHONHASHSEED) does not; sort or use lists, as the view's tuples are.
    """
    rules = Rules.solo_game(1, full_game=False) if rules is None else rules
    check_settings(rules, time_limit)
    positive_int("games", games)
    seed = seed_number(seed)
    if slow_ms is None:
        slow_ms = 1000.0 if time_limit is None else min(1000.0, time_limit * 1000)
    positive_number("slow_ms", slow_ms)
    if time_limit is not None and time_limit * 1000 < slow_ms:
        raise ValueError(f"time_limit ({time_limit} s) stops moves before they reach slow_ms ({slow_ms} ms): "
                         f"lower slow_ms, raise time_limit, or pass time_limit=None")
    as_agent(agent)  # type: ignore[arg-type]  # a class instead of an agent is refused here, with a clear message
    others = _opponents(opponents, rules)
    report = CheckReport(agent_name(agent))
    times: list[float] = []
    for i in range(games):
        game_seed = seed + i
        seat = 0 if rules.solo else i % rules.players
        runs = [_run_once(agent, rules, game_seed, seat, others, time_limit) for _ in range(2)]
        (rec, timed), (again, _) = runs
        report.games += 1
        report.decisions += rec.decisions[seat]
        times.extend(timed.times)
        stopped = rec.fault is not None and rec.fault.seat == seat and rec.fault.kind == "timeout"
        for k, t in enumerate(timed.times[:-1] if stopped else timed.times):  # a stopped move is reported once
            if t * 1000 > slow_ms:
                report.slow.append(f"seed {game_seed}, move {k}: {t * 1000:.0f} ms (limit {slow_ms:.0f} ms)")
        if rec.fault is not None and rec.fault.seat == seat:  # the game stops there: in reset, or the last move
            move = f"move {len(timed.times) - 1}: " if timed.times else ""
            where = f"seed {game_seed}, {move}{rec.fault.message}" + "".join(
                f"\n        {line}" for line in rec.fault.where.splitlines())
            found = {"exception": report.exceptions, "illegal": report.illegal, "timeout": report.slow}
            found[rec.fault.kind].append(where)
        elif rec.fault is not None:
            report.opponents.append(f"seed {game_seed}: seat {rec.fault.seat} ({rec.fault.kind}) {rec.fault.message}; "
                                    "the game ended there")
        if rec.actions != again.actions:
            decider = _first_difference(rules, game_seed, rec.actions, again.actions)
            if decider == seat:
                report.nondeterministic.append(game_seed)
            else:
                report.opponents.append(f"seed {game_seed}: seat {decider} played differently when the game was "
                                        "repeated (non-deterministic)")
    if times:
        report.max_ms = max(times) * 1000
        report.mean_ms = sum(times) / len(times) * 1000
    return report


def _first_difference(rules: Rules, seed: int, actions: list[int], again: list[int]) -> int | None:
    """The seat whose decision first differs between two plays of the same deal (replayed: records keep no seats)."""
    game = new_game(rules, seed)
    for mine, other in zip(actions, again):
        if mine != other:
            break
        game.apply(mine)
    return game.current_player


def _opponents(opponents: object, rules: Rules) -> list[object]:
    """The agents for the other seats: refused for solo rules, where the Citybots play them."""
    if rules.solo:
        if opponents is not None:
            raise ValueError("solo rules: the agent plays the two Citybots, so opponents are only for "
                             "multiplayer rules, e.g. Rules(players=3)")
        return []
    if opponents is None:
        return [RandomAgent() for _ in range(rules.players - 1)]
    others = agent_list(opponents, None, "a list of opponents")
    if len(others) != rules.players - 1:
        raise ValueError(f"{rules.players}-player rules leave {rules.players - 1} seat(s) for opponents, "
                         f"got {len(others)}")
    return others


def _run_once(agent: object, rules: Rules, seed: int, seat: int, opponents: list[object],
              time_limit: float | None) -> tuple[GameRecord, _Timed]:
    timed = _Timed(as_agent(fresh_copy(agent)))  # type: ignore[arg-type]
    others = [fresh_copy(o) for o in opponents]
    players = others[:seat] + [timed] + others[seat:]
    rngs = [random.Random(f"check:{seed}:{s}") for s in range(len(players))]
    return play(players, rules, seed, rngs=rngs, transcript=False, time_limit=time_limit), timed
