"""Play one game between agents, with a transcript; the game loop that tournaments reuse.

It plays any game of the game protocol (`egonb.protocol`); Egocentric World is only the default. Agents only get
views. Whatever an agent does wrong is recorded against it and
never replaced by another move: an exception (also in `reset`, also `SystemExit`),
an illegal action or garbage instead of one, or a move over the time limit ends the
game as a *fault* of that seat, so one hostile agent cannot stop a tournament.

An agent that plays in a process of its own (`egonb.sandbox`, an agent file given by its path) is not interrupted
here: it is given the time limit (its `time_limit`), kills its own process when a move is over it, reports what went
wrong as an `AgentFault` (also 'crash' when its process died, 'memory' when it ran out), and is told when the game is
over (`end_game()`).
"""

from __future__ import annotations

import os
import random
import signal
import threading
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from . import protocol
from .agents import base as agents_base
from .agents.base import Agent, as_agent, fresh_copy, unique_names
from .errors import AgentFault, GameError, positive_number, seed_number, whole_number
from .games import default

#: A game longer than this many decisions is stopped as unfinished (some plays can loop forever,
#: e.g. taking an Hourglass from the discard in place of an Hourglass, again and again).
MAX_DECISIONS = 3000


@dataclass(frozen=True)
class Fault:
    """What went wrong, for which seat: 'exception', 'illegal', 'timeout', 'crash' (a tournament's worker or the
    agent's own process died) or 'memory' (an agent in its own process ran out of it)."""

    seat: int
    kind: str
    message: str
    decision: int
    #: For an exception: where the agent's own code raised it (the innermost lines of its traceback).
    where: str = ""

    def __str__(self) -> str:
        return f"{self.kind} at decision {self.decision}: {self.message}" + (f"\n{self.where}" if self.where else "")


@dataclass
class GameRecord:
    """The outcome of one game. `actions` (ids, in order) and `seed` replay it exactly.

    `decisions` and `seconds` count per agent, in the order of the config's `agent_seats`; `totals`, `winners`,
    `ranks` (1 = best) and `returns` (higher is better) are per seat, as the game says (Egocentric World: the lowest
    total wins, E2)."""

    seed: int
    names: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    actions: list[int]
    decisions: list[int]
    seconds: list[float]
    fault: Fault | None = None
    finished: bool = True
    transcript: list[str] = field(default_factory=list)
    ranks: tuple[float, ...] = ()
    returns: tuple[float, ...] = ()
    #: The configuration played (with the table's names): `egonb.replay` replays the game from it.
    rules: Any = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return "\n".join(self.transcript) if self.transcript else repr(self)


class _Timeout(BaseException):
    """Raised by the alarm; not an Exception, so an agent's `except Exception` cannot swallow it."""


def _raise_timeout(signum: int, frame: object) -> None:
    raise _Timeout


def _can_interrupt() -> bool:
    """The alarm works in the main thread on POSIX, and only if nobody else's (e.g. pytest-timeout's) is set:
    there is one real-time timer per process, and arming ours would cancel theirs."""
    return (hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
            and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0))


def _timed(call: Callable[[], object], limit: float | None) -> tuple[object, float]:
    """`call()` (an agent's move or reset) and the seconds it took; over `limit` it is interrupted where possible
    (in the main thread, as in a process pool's worker)."""
    interrupt = limit is not None and _can_interrupt()
    if interrupt:
        old = signal.signal(signal.SIGALRM, _raise_timeout)
    start = time.perf_counter()
    try:
        if limit is not None and interrupt:  # armed inside `try`, so `finally` always disarms it
            signal.setitimer(signal.ITIMER_REAL, limit)
        move = call()
    finally:
        spent = time.perf_counter() - start
        if interrupt:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
    return move, spent


def default_rules(n_agents: int) -> Any:
    """The game played when none is given (`egonb.games.default()`, Egocentric World): one agent, a full solo game
    at difficulty 1; more, a full game at that table."""
    game = default()
    return game.solo_table(1, True) if n_agents == 1 and game.solo_table else game.table(n_agents, True)


def agent_list(agents: object, rules: object, allowed: str = "a list of agents") -> list[object]:
    """`agents` as a list; one agent on its own is accepted where it is the whole field: rules with one agent seat
    (Egocentric World's solo game), or none yet. An agent given as the path of a Python file (`egonb.agentfile`'s
    convention) plays in processes of its own (`egonb.sandbox`)."""
    if isinstance(agents, Sequence) and not isinstance(agents, str):
        if not agents:
            raise ValueError(f"no agents: give {allowed}, at least one")
        return [_from_file(agent) for agent in agents]
    if _is_file(agents) or callable(agents) or hasattr(agents, "act") or hasattr(agents, "reset"):
        seats = getattr(rules, "agent_seats", None)
        if seats is None or len(seats) == 1:
            return [_from_file(agents)]
        raise TypeError(f"{len(seats)}-player rules need {allowed}, one per seat, got a single agent")
    raise TypeError(f"agents must be {allowed}, got {type(agents).__name__}")


def _is_file(agent: object) -> bool:
    return isinstance(agent, (str, os.PathLike)) and os.fspath(agent).endswith(".py")


def _from_file(agent: object) -> object:
    """An agent file's path as its agent, isolated (`egonb.sandbox`); any other agent as it is."""
    if not _is_file(agent):
        return agent
    from .sandbox import isolated

    return isolated(agent)


def named_agents(agents: object, rules: object, allowed: str = "a list of agents or a dict name -> agent"
                 ) -> tuple[list[str], list[object]]:
    """The table's names and the agents, from a dict name -> agent, a list (names from the agents, a repeated
    one numbered) or one agent for solo rules."""
    if isinstance(agents, Mapping):
        names = [str(name) for name in agents]
        twins = sorted({name for name in names if names.count(name) > 1})
        if twins:  # e.g. {1: a, "1": b}: the table and the records could not tell them apart
            raise ValueError(f"two agents are both named {twins[0]!r} once shown as text: give them different names")
        return names, agent_list(list(agents.values()), rules, allowed)
    listed = agent_list(agents, rules, allowed)
    return unique_names(listed), listed


def check_settings(rules: object, time_limit: object) -> None:
    """Refuse, before any game starts, rules that are no registered game's configuration and a time limit that is
    not a positive number."""
    protocol.game_for(rules)
    if time_limit is not None:
        positive_number("time_limit (seconds, or None)", time_limit)


def play(agents: Mapping[str, object] | Sequence[object] | object, rules: Any = None, seed: int = 0, *,
         rngs: Sequence[random.Random] | None = None, time_limit: float | None = None,
         transcript: bool = True, viewer: int | None = None) -> GameRecord:
    """Play one game of `rules`, any game's configuration (None: Egocentric World, see `default_rules`):
    `agents[i]` sits at seat `rules.agent_seats[i]` (solo: one agent, seat 0, against the Citybots; a single
    agent needs no list there). A dict name -> agent seats its agents in order under those names. An
    agent given for several seats plays the later ones as fresh copies.

    Each agent gets its own generator (`rngs`, by default seeded from `seed` and the seat).
    `time_limit` (seconds per move) interrupts a slow move where the platform allows it (POSIX, main
    thread: a process-pool worker or a notebook, with no other real-time alarm set); elsewhere the move is
    timed and faulted afterwards.
    The transcript (`state.transcript(viewer)`) shows what seat `viewer` may read (None: a spectator). When agents
    play every seat, the game is played under the table's names (`record.names`: the dict's names, or the agents'
    own); a game that plays some seats itself keeps its own names ("You" and the Citybots in solo).
    """
    given, agents = named_agents(agents, rules)
    rules = default_rules(len(agents)) if rules is None else rules
    check_settings(rules, time_limit)
    seed = seed_number(seed)
    agent_seats = tuple(rules.agent_seats)
    seats = len(agent_seats)
    if len(agents) != seats:
        raise ValueError(f"these rules need {seats} agent(s), got {len(agents)}")
    if viewer is not None:
        viewer = whole_number("viewer (a seat, or None for a spectator)", viewer)
        if viewer not in range(rules.players):
            raise ValueError(f"viewer must be a seat 0-{rules.players - 1} or None (a spectator), got {viewer}")
    if rngs is None:
        rngs = [random.Random(f"egonb-agent:{seed}:{i}") for i in range(seats)]
    elif not (isinstance(rngs, Sequence) and all(isinstance(r, random.Random) for r in rngs)):
        raise TypeError(f"rngs must be a list of random.Random, one per agent, got {rngs!r}")
    elif len(rngs) != seats:
        raise ValueError(f"give one random generator per agent ({seats}), got {len(rngs)}")
    players = [as_agent(a) for a in _one_per_seat(agents)]  # type: ignore[arg-type]
    names = list(rules.names)
    for seat, name in zip(agent_seats, given):
        names[seat] = name
    if seats == rules.players:  # the game's own texts name the seats as the table does
        rules = replace(rules, names=tuple(names))
    game = protocol.new_state(rules, seed)
    record = GameRecord(seed, tuple(names), (), (), [], [0] * seats, [0.0] * seats, rules=rules)
    for player in players:
        if _elsewhere(player):
            player.time_limit = time_limit  # type: ignore[attr-defined]
    try:
        fault = _reset(players, agent_seats, rngs, time_limit) or _run(game, players, agent_seats, time_limit, record)
    finally:
        for player in players:
            if _elsewhere(player):
                player.end_game()  # type: ignore[attr-defined]
    record.fault = fault
    record.finished = game.is_over and fault is None
    record.totals = tuple(game.totals)
    record.winners = tuple(game.winners)
    record.ranks = tuple(game.ranks())
    record.returns = tuple(game.returns())
    if transcript:
        record.transcript = game.transcript(viewer)
        if fault:
            record.transcript.append(f"[FAULT] {rules.names[fault.seat]} ({fault.kind}): {fault.message}")
            record.transcript += [f"[FAULT]   {line}" for line in fault.where.splitlines()]
        elif not game.is_over:
            record.transcript.append(f"[STOP] unfinished after {MAX_DECISIONS} decisions")
    return record


def _one_per_seat(agents: list[object]) -> list[object]:
    """The agents, one object per seat: one given for several seats (`[agent] * 4`) plays the later ones as
    fresh copies, or its seats would share one seat number, one generator and one memory."""
    out: list[object] = []
    for agent in agents:
        out.append(fresh_copy(agent) if any(agent is seated for seated in out) else agent)
    return out


def _elsewhere(agent: object) -> bool:
    """Does the agent play in a process of its own (`egonb.sandbox`), keeping to the time limit itself?"""
    return callable(getattr(agent, "end_game", None))


def _reset(players: list[Agent], seats: tuple[int, ...], rngs: Sequence[random.Random], limit: float | None
           ) -> Fault | None:
    """Reset every agent for the game; the first one that fails forfeits it before the deal."""
    for seat, agent, rng in zip(seats, players, rngs):
        try:
            _timed(partial(agent.reset, seat, rng), None if _elsewhere(agent) else limit)
        except _Timeout:
            return Fault(seat, "timeout", f"reset did not return within {limit} s", 0)
        except AgentFault as exc:
            return Fault(seat, exc.kind, f"reset: {exc.message}", 0, exc.where)
        except (Exception, SystemExit) as exc:
            return Fault(seat, "exception", f"reset: {exception_text(exc)}", 0, agent_lines(exc))
    return None


def _run(game: protocol.State, players: list[Agent], seats: tuple[int, ...], limit: float | None,
         record: GameRecord) -> Fault | None:
    n = 0
    while not game.is_over and n < MAX_DECISIONS:
        seat = game.current_player
        assert seat is not None
        slot = seats.index(seat)  # the agent's place in the list
        view = game.view(seat)
        try:
            move, spent = _timed(partial(players[slot].act, view), None if _elsewhere(players[slot]) else limit)
        except _Timeout:
            return Fault(seat, "timeout", f"no move within {limit} s", n)
        except AgentFault as exc:
            return Fault(seat, exc.kind, exc.message, n, exc.where)
        except (Exception, SystemExit) as exc:  # the agent's own bug (or exit): recorded against it, the game stops
            return Fault(seat, "exception", exception_text(exc), n, agent_lines(exc))
        record.decisions[slot] += 1
        record.seconds[slot] += spent
        if limit is not None and spent > limit:
            return Fault(seat, "timeout", f"took {spent:.3f} s, over the limit of {limit} s", n)
        try:
            applied = game.apply(move, player=seat)
        except GameError as exc:  # the engine refuses anything but an offered action, and changes nothing
            # The public problem only: the allowed actions and the drawn card (T1) would show the seat's
            # secrets to whoever reads the record or a spectator's transcript.
            return Fault(seat, "illegal", exc.public, n)
        record.actions.append(applied.id)  # as the engine read it: a number that changes its mind is read once
        n += 1
    return None


#: Files whose frames say nothing about where an agent failed: the game loop, the wrapper that makes a function
#: an agent, and check_agent's timer around each move (named by path: check.py imports this module).
_PLUMBING = (__file__, agents_base.__file__, os.path.join(os.path.dirname(__file__), "check.py"))
_PACKAGE = os.path.dirname(__file__) + os.sep


def agent_lines(exc: BaseException, keep: int = 3, plumbing: tuple[str, ...] = ()) -> str:
    """The innermost `keep` lines of the traceback outside egonb's plumbing (and the files in `plumbing`),
    "file:line in function: code", so a student sees where their agent failed; when those are all egonb's (an agent
    that calls a built-in one), the innermost line of the student's own code comes first."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename not in _PLUMBING + plumbing]
    shown = frames[-keep:]
    theirs = [f for f in frames if not f.filename.startswith(_PACKAGE)]
    if theirs and theirs[-1] not in shown:
        shown = [theirs[-1], *shown[1:]]
    return "\n".join(f"{f.filename}:{f.lineno} in {f.name}: {(f.line or '').strip()}" for f in shown)


def exception_text(exc: BaseException) -> str:
    """'Type: message', even for an exception whose message cannot be printed."""
    try:
        return f"{type(exc).__name__}: {exc}"
    except Exception:
        return f"{type(exc).__name__} (its message raised an error)"

