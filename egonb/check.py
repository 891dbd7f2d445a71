"""`check_agent()`: a student's first test bench. It plays a few games and reports exceptions,
illegal moves, slow moves and non-determinism (the same seed must give the same game)."""

from __future__ import annotations

import pickle
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from .agents.base import Agent, agent_name, as_agent, fresh_copy
from .agents.simple import RandomAgent
from .errors import positive_int, positive_number, seed_number
from .play import GameRecord, agent_list, check_settings, play
from .rules import Rules
from .state import DECISION_KINDS, new_game
from .view import View


class _Timed:
    """Wraps an agent to record how long every move takes, which decisions it is asked, and the random generators
    of its own that reset() leaves in place."""

    def __init__(self, agent: object):
        self.given = agent  # as the student wrote it: a function, or an object whose attributes tell
        self.agent: Agent = as_agent(agent)  # type: ignore[arg-type]
        self.times: list[float] = []
        self.asked: Counter[str] = Counter()
        self.own_generators: list[str] = []
        self.name = agent_name(agent)

    def reset(self, seat: int, rng: random.Random) -> None:
        before = _generators(self.given)
        self.agent.reset(seat, rng)
        self.own_generators = [name for name, state in _generators(self.given).items() if before.get(name) == state]

    def act(self, view: View) -> object:
        self.asked[view.decision] += 1
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
    #: Seeds whose repeat made the same moves as far as both plays went, but a fault ended one of them early.
    cut_short: list[int] = field(default_factory=list)
    #: Generators the agent made itself (in __init__) and plays from instead of the one reset() gives.
    generators: list[str] = field(default_factory=list)
    #: How often the agent was asked each kind of decision (`view.decision`), in the first play of each game.
    asked: dict[str, int] = field(default_factory=dict)
    #: What went wrong at another seat (a fault that ended the game, or the first different move of a repeat):
    #: not the agent's fault, but those games tell little about it.
    opponents: list[str] = field(default_factory=list)
    max_ms: float = 0.0
    mean_ms: float = 0.0

    @property
    def ok(self) -> bool:
        return not (self.exceptions or self.illegal or self.slow or self.nondeterministic or self.generators)

    def __str__(self) -> str:
        timing = (f"{self.mean_ms:.2f} ms per move on average, slowest {self.max_ms:.1f} ms" if self.decisions
                  else "no move completed")
        lines = [f"check_agent({self.agent}): {self.games} games, {self.decisions} decisions, {timing}"]
        def listed(title: str, items: list[str]) -> str:
            return f"  {title}: {len(items)}" + "".join(f"\n    - {m}" for m in items[:5])

        asked = ", ".join(f"{kind} {self.asked[kind]}" for kind in DECISION_KINDS if kind in self.asked)
        never = [kind for kind in DECISION_KINDS if kind not in self.asked]
        lines.append(f"  decisions asked: {asked or 'none'}"
                     + (f"; never met, so not tested: {', '.join(never)}" if never else ""))
        lines += [listed("exceptions", self.exceptions), listed("illegal moves", self.illegal),
                  listed("slow moves", self.slow)]
        lines.append(f"  non-deterministic games (same seed, different moves): {self.nondeterministic or 'none'}")
        if self.cut_short:
            lines.append(f"  a fault ended one play of the same seed early (same moves until then, not a move "
                         f"difference): {self.cut_short}")
        if self.generators:
            lines.append(listed("own random generators", self.generators))
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
    PYTHONHASHSEED) does not; sort or use lists, as the view's tuples are. Nor does a generator the agent makes
    itself (both copies start from one state), so one that reset() leaves in place is reported. A game whose first
    play timed out is not repeated (it would wait as long again). The report counts the kinds of decision the
    agent was asked and names those it never met: those are not tested.
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
    asked: Counter[str] = Counter()
    for i in range(games):
        game_seed = seed + i
        seat = 0 if rules.solo else i % rules.players
        rec, timed = _run_once(agent, rules, game_seed, seat, others, time_limit)
        report.games += 1
        report.decisions += rec.decisions[seat]
        times.extend(timed.times)
        asked.update(timed.asked)
        for name in timed.own_generators:
            problem = (f"holds its own random generator `self.{name}`, not the one reset() gave: unseeded, its games "
                       f"change from run to run (seeded, every game draws the same numbers); use the rng passed to "
                       f"reset")
            if problem not in report.generators:
                report.generators.append(problem)
        stopped = rec.fault is not None and rec.fault.seat == seat and rec.fault.kind == "timeout"
        for k, t in enumerate(timed.times[:-1] if stopped else timed.times):  # a stopped move is reported once
            if t * 1000 > slow_ms:
                report.slow.append(f"seed {game_seed}, move {k}: {t * 1000:.0f} ms (limit {slow_ms:.0f} ms)")
        _note_fault(report, rec, timed, seat, f"seed {game_seed}")
        if rec.fault is not None and rec.fault.kind == "timeout":
            continue  # a hang would hang again: the report has it already, and a repeat only doubles the wait
        again, timed_again = _run_once(agent, rules, game_seed, seat, others, time_limit)
        if rec.fault is None:  # otherwise the first play's fault already shows the problem
            _note_fault(report, again, timed_again, seat, f"seed {game_seed} (repeat)")
        if rec.actions != again.actions:
            _note_difference(report, rules, game_seed, seat, rec.actions, again.actions)
    report.asked = dict(asked)
    if times:
        report.max_ms = max(times) * 1000
        report.mean_ms = sum(times) / len(times) * 1000
    return report


def _note_fault(report: CheckReport, rec: GameRecord, timed: _Timed, seat: int, label: str) -> None:
    """Report the fault that ended a play: the agent's under its kind, at its own last move (or in reset);
    another seat's among the opponents' problems."""
    fault = rec.fault
    if fault is None:
        return
    if fault.seat != seat:
        report.opponents.append(f"{label}: seat {fault.seat} ({fault.kind}) {fault.message}; the game ended there")
        return
    move = f"move {len(timed.times) - 1}: " if timed.times else ""
    where = f"{label}, {move}{fault.message}" + "".join(f"\n        {line}" for line in fault.where.splitlines())
    {"exception": report.exceptions, "illegal": report.illegal, "timeout": report.slow}[fault.kind].append(where)


def _note_difference(report: CheckReport, rules: Rules, seed: int, seat: int, actions: list[int],
                     again: list[int]) -> None:
    """Blame two different plays of a seed on the seat whose move first differs; when one play is the start of the
    other, no move differed: a fault ended that play early."""
    shorter, longer = sorted((actions, again), key=len)
    if longer[:len(shorter)] == shorter:
        report.cut_short.append(seed)
        return
    decider = _first_difference(rules, seed, actions, again)
    if decider == seat:
        report.nondeterministic.append(seed)
    else:
        report.opponents.append(f"seed {seed}: seat {decider} played differently when the game was repeated "
                                "(non-deterministic)")


def _generators(agent: object) -> dict[str, tuple[object, bytes]]:
    """The random generators among the agent's own attributes (not deeper), each with its state: the same object
    (generators compare by identity) in the same state after reset() means reset neither replaced nor reseeded it."""
    kinds: tuple[type, ...] = (random.Random,)
    numpy = sys.modules.get("numpy")  # an agent can only hold numpy's generators once numpy is imported
    if numpy is not None:
        kinds += (numpy.random.Generator, numpy.random.RandomState)
    return {name: (id(value), pickle.dumps(value)) for name, value in getattr(agent, "__dict__", {}).items()
            if isinstance(value, kinds)}


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
    timed = _Timed(fresh_copy(agent))
    others = [fresh_copy(o) for o in opponents]
    players = others[:seat] + [timed] + others[seat:]
    rngs = [random.Random(f"check:{seed}:{s}") for s in range(len(players))]
    return play(players, rules, seed, rngs=rngs, transcript=False, time_limit=time_limit), timed
