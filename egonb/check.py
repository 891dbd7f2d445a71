"""`check_agent()`: a student's first test bench. It plays a few games and reports exceptions,
illegal moves, slow moves and non-determinism (the same seed must give the same game).

It checks an agent for any game of the game protocol (`egonb.protocol`); Egocentric World's solo game is the
default."""

from __future__ import annotations

import pickle
import random
import sys
import time
import types
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from . import protocol
from .agents.base import Agent, agent_name, as_agent, fresh_copy
from .agents.simple import RandomAgent
from .errors import positive_int, positive_number, seed_number
from .games import default
from .messages import ENGLISH
from .play import MAX_DECISIONS, GameRecord, agent_list, check_settings, play


class _Timed:
    """Wraps an agent to record how long every move takes and which decisions it is asked."""

    def __init__(self, agent: object):
        self.given = agent  # as the student wrote it: a function, or an object whose generators tell
        self.start = _states(agent)  # its generators before reset: which ones does it draw from?
        self.agent: Agent = as_agent(agent)  # type: ignore[arg-type]
        self.times: list[float] = []
        self.asked: Counter[str] = Counter()
        self.name = agent_name(agent)

    def reset(self, seat: int, rng: random.Random) -> None:
        self.agent.reset(seat, rng)

    # An agent in a process of its own (`egonb.sandbox`) keeps to the time limit itself: the game loop finds these.
    @property
    def end_game(self) -> Any:
        return self.agent.end_game  # type: ignore[attr-defined]  # AttributeError for an agent in this process

    @property
    def time_limit(self) -> float | None:
        return self.agent.time_limit  # type: ignore[attr-defined]

    @time_limit.setter
    def time_limit(self, limit: float | None) -> None:
        self.agent.time_limit = limit  # type: ignore[attr-defined]

    def drawn_from(self) -> set[str]:
        """The generators whose state changed since the copy was made (in reset or in play)."""
        now = _states(self.given)
        return {path for path, state in now.items() if self.start.get(path) != state}

    def act(self, view: Any) -> object:
        self.asked[view.decision] += 1
        start = time.perf_counter()
        try:
            return self.agent.act(view)
        finally:
            self.times.append(time.perf_counter() - start)


@dataclass
class CheckReport:
    """What `check_agent` found; `ok` is True when nothing is wrong and the agent made at least one move.

    A problem is located by the game's seed and the agent's own move, counted from 0."""

    agent: str
    games: int = 0
    decisions: int = 0
    exceptions: list[str] = field(default_factory=list)
    illegal: list[str] = field(default_factory=list)
    slow: list[str] = field(default_factory=list)
    nondeterministic: list[int] = field(default_factory=list)
    #: Seeds of games stopped unfinished after `MAX_DECISIONS` decisions (a loop of moves): a tournament counts
    #: each as a loss in last place for every seat.
    unfinished: list[int] = field(default_factory=list)
    #: Seeds whose repeat made the same moves as far as both plays went, until a timeout or another seat's fault
    #: ended one of them early.
    cut_short: list[int] = field(default_factory=list)
    #: Generators the agent draws from whose state does not come from reset()'s rng (made in __init__, say).
    generators: list[str] = field(default_factory=list)
    #: How often the agent was asked each kind of decision (`view.decision`), in the first play of each game.
    asked: dict[str, int] = field(default_factory=dict)
    #: The kinds of decision the rules can ask (`config.decisions`; solo: no Two Cards choice, SP11 and SC11 say
    #: which cards move).
    possible: tuple[str, ...] = ()
    #: What went wrong at another seat (a fault that ended the game, or the first different move of a repeat):
    #: not the agent's fault, but those games tell little about it.
    opponents: list[str] = field(default_factory=list)
    max_ms: float = 0.0
    mean_ms: float = 0.0

    @property
    def _problems(self) -> bool:
        """Did the agent do anything wrong?"""
        return bool(self.exceptions or self.illegal or self.slow or self.nondeterministic or self.unfinished
                    or self.generators)

    @property
    def ok(self) -> bool:
        """Nothing wrong, and something tested: at least one move made (none when an opponent's fault ended every
        game first)."""
        return self.decisions > 0 and not self._problems

    def __str__(self) -> str:
        say = ENGLISH
        timing = say("check.timing", mean=self.mean_ms, slowest=self.max_ms) if self.decisions else \
            say("check.no_move")
        lines = [say("check.head", agent=self.agent, games=self.games, decisions=self.decisions, timing=timing)]

        def listed(title: str, items: list[str]) -> str:
            return say(f"check.{title}", n=len(items)) + "".join(f"\n    - {m}" for m in items[:5])

        kinds = [*self.possible, *(kind for kind in self.asked if kind not in self.possible)]
        asked = ", ".join(f"{kind} {self.asked[kind]}" for kind in kinds if kind in self.asked) or say("check.none")
        never = [kind for kind in self.possible if kind not in self.asked]
        lines.append(say("check.asked.never", asked=asked, never=", ".join(never)) if never else
                     say("check.asked", asked=asked))
        lines += [listed("exceptions", self.exceptions), listed("illegal", self.illegal), listed("slow", self.slow)]
        lines.append(say("check.nondeterministic", seeds=self.nondeterministic or say("check.none")))
        if self.unfinished:
            lines.append(say("check.unfinished", limit=MAX_DECISIONS, seeds=self.unfinished))
        if self.cut_short:
            lines.append(say("check.cut_short", seeds=self.cut_short))
        if self.generators:
            lines.append(listed("generators", self.generators))
        if self.opponents:
            lines.append(listed("opponents", self.opponents))
        lines.append(say("check.ok" if self.ok else "check.problems" if self._problems else "check.not_tested"))
        return "\n".join(lines)

    __repr__ = __str__


def check_agent(agent: object, rules: Any = None, games: int = 10, seed: int = 0, *,
                slow_ms: float | None = None, opponents: Sequence[object] | None = None,
                time_limit: float | None = 10.0) -> CheckReport:
    """Play `games` games twice each and report what went wrong.

    `rules` is any game's configuration. Egocentric World's solo rules (the default: difficulty 1, one round) put
    the agent at seat 0 against the Citybots; rules with several agent seats rotate it around them with `opponents`
    (one per other agent seat, random agents by default). A move slower than `slow_ms` (default 1000, or the time
    limit if that is shorter) is reported; one still running after `time_limit` seconds (an endless loop?) is
    stopped where the platform allows it (POSIX, main thread), reported, and ends that game; `reset` gets the same
    limit.
    `time_limit=None` never stops a move. A game stopped unfinished after `MAX_DECISIONS` decisions (moves that
    go round in a loop) is reported too.

    Both plays of a game run in this process, one after the other, each from a fresh copy of the agent: a
    memory kept outside the copy (a class attribute, a mutable default) shows as a different repeat, but an
    order that changes from one process to the next (iterating a `set` of actions, whose order follows
    PYTHONHASHSEED) does not; sort or use lists, as the view's tuples are. Nor does a generator the agent makes
    itself (both copies start from one state), so a generator the agent draws from whose state reset() does not
    set is reported: looked for in its attributes, a few levels down. A game whose first play timed out is not
    repeated (it would wait as long again). The report counts the kinds of decision the agent was asked and names
    those the rules allow that it never met: those are not tested. An agent file playing in processes of its own
    (`egonb.sandbox`, as `egonb grade` plays it) is checked the same way, but its generators live in its process, out
    of sight: only the repeat of each game shows one that reset() does not seed.
    """
    game = default()
    rules = (game.solo_table(1, False) if game.solo_table else game.table(2, False)) if rules is None else rules
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
    report = CheckReport(agent_name(agent), possible=tuple(rules.decisions))
    seats = tuple(rules.agent_seats)
    times: list[float] = []
    asked: Counter[str] = Counter()
    drawn: set[str] = set()
    hung = False
    for i in range(games):
        game_seed = seed + i
        slot = i % len(seats)  # the agent's place among the agents; `seat`, its seat at the table
        seat = seats[slot]
        rec, timed = _run_once(agent, rules, game_seed, slot, others, time_limit)
        report.games += 1
        report.decisions += rec.decisions[slot]
        times.extend(timed.times)
        asked.update(timed.asked)
        drawn |= timed.drawn_from()
        stopped = rec.fault is not None and rec.fault.seat == seat and rec.fault.kind == "timeout"
        for k, t in enumerate(timed.times[:-1] if stopped else timed.times):  # a stopped move is reported once
            if t * 1000 > slow_ms:
                report.slow.append(f"seed {game_seed}, move {k}: {t * 1000:.0f} ms (limit {slow_ms:.0f} ms)")
        _note_fault(report, rec, timed, seat, f"seed {game_seed}")
        if rec.fault is None and not rec.finished:
            report.unfinished.append(game_seed)
        if rec.fault is not None and rec.fault.kind == "timeout":
            hung = hung or rec.fault.seat == seat
            continue  # a hang would hang again: the report has it already, and a repeat only doubles the wait
        again, timed_again = _run_once(agent, rules, game_seed, slot, others, time_limit)
        if rec.fault is None:  # otherwise the first play's fault already shows the problem
            _note_fault(report, again, timed_again, seat, f"seed {game_seed} (repeat)")
        if rec.actions != again.actions:
            _note_difference(report, rules, game_seed, seat, rec, again)
    if drawn and not hung:  # (a reset that hangs would hang here, with no limit)
        report.generators = [
            f"`{path}`: the agent draws from this random generator, but reset() does not seed it from the rng it "
            "gives (made in __init__? unseeded, its games change from run to run; seeded, every game draws the same "
            "numbers): seed it in reset, e.g. random.Random(rng.random())" for path in _not_from_reset(agent, drawn)]
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
    if fault.kind in ("crash", "memory"):  # an agent in a process of its own: the process died, or ran out of memory
        where = f"{fault.kind}: {where}"
    {"illegal": report.illegal, "timeout": report.slow}.get(fault.kind, report.exceptions).append(where)


def _note_difference(report: CheckReport, rules: Any, seed: int, seat: int, rec: GameRecord,
                     again: GameRecord) -> None:
    """Blame two different plays of a seed on the seat whose move first differs. When one play is the start of the
    other and a timeout or another seat's fault ended it, no move differed; but an exception or an illegal move of
    the agent where the other play moved on is the agent deciding differently."""
    shorter, longer = sorted((rec, again), key=lambda r: len(r.actions))
    fault = shorter.fault
    if longer.actions[:len(shorter.actions)] == shorter.actions and fault is not None and (
            fault.kind == "timeout" or fault.seat != seat):
        report.cut_short.append(seed)
        return
    decider = _first_difference(rules, seed, rec.actions, again.actions)
    if decider == seat:
        report.nondeterministic.append(seed)
    else:
        report.opponents.append(f"seed {seed}: seat {decider} played differently when the game was repeated "
                                "(non-deterministic)")


#: What holds no generator of the agent's own: values, and code (functions, modules, classes).
_NOT_HOLDERS = (str, bytes, int, float, type, types.FunctionType, types.MethodType, types.BuiltinFunctionType,
                types.ModuleType)


def _generators(obj: object, path: str = "self", depth: int = 3, seen: set[int] | None = None) -> dict[str, object]:
    """The random generators an agent holds, by where they are: in its attributes (`__dict__` or `__slots__`), and
    in the lists, dicts and objects those hold, `depth` levels down (a dict of generators, a wrapped agent)."""
    if isinstance(obj, random.SystemRandom):  # the OS's entropy has no state to compare: the repeat shows it differs
        return {}
    kinds: tuple[type, ...] = (random.Random,)
    numpy = sys.modules.get("numpy")  # an agent can only hold numpy's generators once numpy is imported
    if numpy is not None:
        kinds += (numpy.random.Generator, numpy.random.RandomState)
    if isinstance(obj, kinds):
        return {path: obj}
    seen = set() if seen is None else seen
    if depth == 0 or id(obj) in seen or isinstance(obj, _NOT_HOLDERS):
        return {}
    seen.add(id(obj))
    if isinstance(obj, dict):
        items = [(f"{path}[{k!r}]", v) for k, v in islice(obj.items(), 100)]  # a big memory is not walked
    elif isinstance(obj, (list, tuple)):
        items = [(f"{path}[{i}]", v) for i, v in enumerate(obj[:100])]
    else:
        names = list(getattr(obj, "__dict__", {})) + [n for c in type(obj).__mro__ for n in getattr(c, "__slots__", ())]
        items = [(f"{path}.{n}", getattr(obj, n)) for n in names if hasattr(obj, n)]
    found: dict[str, object] = {}
    for where, value in items:
        found.update(_generators(value, where, depth - 1, seen))
    return found


def _states(agent: object) -> dict[str, bytes]:
    return {path: pickle.dumps(g) for path, g in _generators(agent).items()}


def _not_from_reset(agent: object, paths: set[str]) -> list[str]:
    """Of the generators at `paths`, those whose state reset() carries over from before it: set to another state
    first, they still differ after reset (one that reset() seeds, from its rng or a constant, forgets it)."""
    plain, nudged = fresh_copy(agent), fresh_copy(agent)
    for path, gen in _generators(nudged).items():
        if path in paths:
            _reseed(gen)
    try:
        for copy in (plain, nudged):
            as_agent(copy).reset(0, random.Random("check:nudge"))  # type: ignore[arg-type]
    except Exception:  # noqa: BLE001 - the games report a reset that fails
        return []
    before, after = _states(plain), _states(nudged)
    return sorted(p for p in paths if p in before and p in after and before[p] != after[p])


def _reseed(gen: object) -> None:
    """Give a generator a state of its own. Not a draw ahead: a draw with rejection sampling in reset (randint)
    may take one more number from the plain copy and end both in the same state."""
    if isinstance(gen, random.Random):
        gen.seed("check:nudged")
    elif hasattr(gen, "bit_generator"):  # numpy's Generator
        gen.bit_generator.state = type(gen.bit_generator)(20251125).state
    else:  # numpy's RandomState
        gen.seed(20251125)  # type: ignore[attr-defined]


def _first_difference(rules: Any, seed: int, actions: list[int], again: list[int]) -> int | None:
    """The seat whose decision first differs between two plays of the same deal (replayed: records keep no seats)."""
    game = protocol.new_state(rules, seed)
    for mine, other in zip(actions, again):
        if mine != other:
            break
        game.apply(mine)
    return game.current_player


def _opponents(opponents: object, rules: Any) -> list[object]:
    """The agents for the other agent seats: refused for rules with one (solo: the Citybots play the others)."""
    seats = len(rules.agent_seats)
    if seats == 1:
        if opponents is not None:
            raise ValueError("these rules seat one agent and the game plays the other seats (solo rules: the agent "
                             "plays the two Citybots), so opponents are only for multiplayer rules, e.g. "
                             "Rules(players=3)")
        return []
    if opponents is None:
        return [RandomAgent() for _ in range(seats - 1)]
    others = agent_list(opponents, None, "a list of opponents")
    if len(others) != seats - 1:
        raise ValueError(f"{seats}-player rules leave {seats - 1} seat(s) for opponents, got {len(others)}")
    return others


def _run_once(agent: object, rules: Any, seed: int, slot: int, opponents: list[object],
              time_limit: float | None) -> tuple[GameRecord, _Timed]:
    """One play of `seed`, the agent at the `slot`-th agent seat and the opponents at the others."""
    timed = _Timed(fresh_copy(agent))
    others = [fresh_copy(o) for o in opponents]
    players = others[:slot] + [timed] + others[slot:]
    rngs = [random.Random(f"check:{seed}:{s}") for s in range(len(players))]
    return play(players, rules, seed, rngs=rngs, transcript=False, time_limit=time_limit), timed
