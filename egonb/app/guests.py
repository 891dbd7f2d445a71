"""Your own agents at the page's table: `egonb play --opponent FILE|NAME` and `play_against(agent, …)` in a notebook
(docs/PLAYING.md and docs/TOOLKIT.md, "Your agent at the table").

Each agent takes one AI seat of the page's game (the first AI seats, in order; the others keep the page's AI
players) and decides from that seat's view only, as in `egonb.play`. An agent file plays in processes of its own
(`egonb.sandbox`: a fork server per file, a fresh process per game, killed at the time limit); it is read again for
every new game, so you can edit it and deal again. A built-in agent's name, or an agent object or function given in a
notebook, plays in the page's own Python process (its time limit is an alarm there, which a hanging C call ignores).

When an agent fails (its file gives no agent, it raises an exception, makes a move the rules do not allow, does not
answer within the time limit, or its process dies or runs out of memory), the page's log says so in plain words (the
catalogue's `guest.*`) and the seat is played by the AI player the page would have seated there, for the rest of the
game: one agent's fault never stops your game.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from ..agentfile import AgentFile
from ..agents.base import Agent, agent_name, as_agent, fresh_copy
from ..classroom import class_game
from ..errors import AgentFault, positive_number, whole_or_none
from ..games import entry
from ..messages import Texts
from ..play import _timed, _Timeout, agent_lines, exception_text

Message = dict[str, Any]
#: Seconds an agent may think per move at the page's table unless told otherwise.
TIME_LIMIT = 10.0
#: The environment variables `egonb play` hands to the page's kernel: the agents (a JSON list of agent files'
#: absolute paths and built-in names) and their time limit.
ENV_AGENTS, ENV_SECONDS = "EGONB_OPPONENTS", "EGONB_OPPONENT_SECONDS"


class Guest:
    """One agent as given: an agent file's `path`, a built-in agent's name (`builtin`), or an agent object."""

    def __init__(self, given: object, game: str) -> None:
        self.path: Path | None = None
        self.builtin: str | None = None
        self.agent: Agent | None = None
        self.game = game
        if isinstance(given, (str, os.PathLike)) and os.fspath(given).endswith(".py"):
            self.path = Path(given).resolve()
            if not self.path.is_file():
                raise FileNotFoundError(f"no agent file {os.fspath(given)!r}")
            self.label = self.path.stem
        elif isinstance(given, str):
            class_game(game).agent(given)  # an unknown name is refused with the names there are
            self.builtin, self.label = given, given
        else:
            self.agent, self.label = as_agent(given), agent_name(given)  # type: ignore[arg-type]
        #: The file's text when it was last loaded, and what loading it gave.
        self._loaded: tuple[str, AgentFile] | None = None

    def load(self) -> AgentFile:
        """The agent for a new game: the file loaded in a process of its own (again only if its text changed), a fresh
        built-in, or the object given. `OSError` (or `UnicodeDecodeError`) if the file cannot be read."""
        if self.path is None:
            agent = self.agent if self.builtin is None else class_game(self.game).agent(self.builtin)
            return AgentFile(Path(self.label), self.label, agent)
        text = self.path.read_text(encoding="utf-8")
        if self._loaded is None or self._loaded[0] != text:
            from ..sandbox import load_files  # not at import: the static edition's Python starts no process

            (entry,) = load_files([self.path])
            self._loaded = (text, entry)
        return self._loaded[1]


class Seat:
    """One AI seat played by a guest's agent while it plays by the rules and in time, then by `fallback` (the page's
    own AI player for that seat, already reset for the game)."""

    def __init__(self, guests: Guests, agent: Agent, fallback: Agent, fields: dict[str, str], path: str = "") -> None:
        self.guests, self.agent, self.fallback, self.fields, self.path = guests, agent, fallback, fields, path
        self.apart = callable(getattr(agent, "end_game", None))  # an agent file's, in processes of its own
        self.failed = False

    def reset(self, seat: int, rng: random.Random) -> None:
        if self.apart:
            self.agent.time_limit = self.guests.time_limit  # type: ignore[attr-defined]
        self._call(partial(self.agent.reset, seat, rng), at_start=True)

    def waiting(self, view: Any) -> bool:
        """Is the agent still to answer from elsewhere (the static edition's worker)? Never once it has failed."""
        waits = getattr(self.agent, "waiting", None)
        return not self.failed and waits is not None and bool(waits(view))

    def act(self, view: Any) -> Any:
        if not self.failed:
            done, move = self._call(partial(self.agent.act, view))
            if done:
                action = _legal(move, view)
                if action is not None:
                    return action
                self._fail("illegal", at_start=False, why=_illegal(move))
        return self.fallback.act(view)

    def _call(self, call: Callable[[], Any], at_start: bool = False) -> tuple[bool, Any]:
        """(True, what `call` returned), or (False, None) once the fault is noted."""
        limit = self.guests.time_limit
        try:
            result, spent = _timed(call, None if self.apart else limit)
        except _Timeout:
            return self._fail("timeout", at_start)
        except AgentFault as fault:
            return self._fail(fault.kind, at_start, fault.message, fault.where)
        except (Exception, SystemExit) as exc:  # an agent of this process: its own bug, told to its author
            return self._fail("exception", at_start, exception_text(exc), agent_lines(exc))
        if spent > limit and not self.apart:  # where no alarm could interrupt it
            return self._fail("timeout", at_start)
        return True, result

    def _fail(self, kind: str, at_start: bool, why: Any = "", where: str = "") -> tuple[bool, Any]:
        self.failed = True
        self.end()
        fields = {**self.fields, "seconds": f"{self.guests.time_limit:g}"}
        self.guests.note(at_start, f"guest.fault.{kind}", why=why, **fields)
        if where:  # the innermost line, its file named as its author knows it
            line = where.splitlines()[-1]
            line = line.replace(self.path, Path(self.path).name) if self.path else line
            self.guests.note(at_start, "guest.fault.where", where=line, **fields)
        return False, None

    def end(self) -> None:
        """End the agent's processes (an agent file's)."""
        if self.apart:
            self.agent.end_game()  # type: ignore[attr-defined]


class Guests:
    """The agents you seat at the page's table (`given`: agent files' paths, built-in agents' names of `game`, or
    agents), each given `time_limit` seconds per move. A session hands them its AI seats with `seat` at each deal
    and has them `tell` the page what happened (`BaseSession._publish`)."""

    def __init__(self, given: Sequence[object], game: str = "egocentric-world", time_limit: float = TIME_LIMIT) -> None:
        if isinstance(given, (str, os.PathLike)) or not isinstance(given, Sequence) or not given:
            raise ValueError(f"give a list of agents (agent files, built-in names or agents), got {given!r}")
        self.time_limit = positive_number("time_limit", time_limit)
        self.game = game
        self.guests = [Guest(one, game) for one in given]
        #: How many events the session's game has now (the session sets it): a fault is told before the events
        #: that follow it.
        self.events: Callable[[], int] = lambda: 0
        self.seats: list[Seat] = []
        self._notes: list[tuple[int | None, str, dict[str, Any]]] = []

    def __len__(self) -> int:
        return len(self.guests)

    def seat(self, agents: dict[int, Agent], names: Sequence[str], fallback: str, seed: int) -> None:
        """Give the first AI seats of `agents` (seat -> the AI player the page made and reset for the game) to the
        guests, in order; each seat falls back on the AI player it replaces, called `fallback` (a message id)."""
        self.end()
        rng = random.Random(seed)
        used: list[object] = []
        for guest, seat in zip(self.guests, sorted(agents)):
            fields = {"seat": names[seat], "agent": guest.label, "fallback": fallback,
                      "file": guest.path.name if guest.path else str(getattr(guest.agent, "filename", ""))}
            try:
                entry = guest.load()
            except (OSError, UnicodeDecodeError) as exc:  # deleted or garbled since `egonb play` checked it
                self.note(True, "guest.fault.unreadable", why=str(exc), **fields)
                continue
            fields["agent"] = entry.name
            if entry.agent is None:
                self.note(True, "guest.fault.load", why=entry.error, **fields)
                continue
            agent = fresh_copy(entry.agent) if any(entry.agent is u for u in used) else entry.agent
            used.append(entry.agent)
            self.note(True, "guest.seated.file" if guest.path else getattr(agent, "seated", "guest.seated.here"),
                      **fields)
            table = Seat(self, agent, agents[seat], fields, str(guest.path or ""))  # type: ignore[arg-type]
            table.reset(seat, random.Random(rng.getrandbits(64)))
            agents[seat] = table
            self.seats.append(table)

    def leave(self) -> None:
        """No agent of these takes a seat from the next deal on; the seats of the game on the table stay theirs (and
        what they have to tell is still told)."""
        self.guests = []

    def note(self, at_start: bool, key: str, **fields: Any) -> None:
        """A line for the page's log, told with the next frames: at their start, or before the events that follow."""
        self._notes.append((None if at_start else self.events(), key, fields))

    def tell(self, frames: list[Message], texts: Texts) -> None:
        """Put the lines noted since the last call into `frames` (the session's next batch) as the page's notes, in the
        reader's words: a fault is an error."""
        for at, key, fields in self._notes:
            fields = {key: value(texts) if callable(value) else value for key, value in fields.items()}
            fields["fallback"] = texts(fields["fallback"])
            event = {"i": None, "kind": "note", "rule": "app", "player": None, "text": texts(key, **fields),
                     "error": key.startswith("guest.fault")}
            _place(frames, at, event)
        self._notes = []

    def end(self) -> None:
        """The game is over or replaced: end the agent files' processes."""
        for seat in self.seats:
            seat.end()
        self.seats = []

    @classmethod
    def from_env(cls, game: str) -> Guests | None:
        """The agents `egonb play --opponent` named (`ENV_AGENTS`, `ENV_SECONDS`), or None."""
        given = os.environ.get(ENV_AGENTS)
        if not given:
            return None
        seconds = os.environ.get(ENV_SECONDS)
        return cls(json.loads(given), game, float(seconds) if seconds else TIME_LIMIT)


def _place(frames: list[Message], at: int | None, event: Message) -> None:
    """Insert `event` before the first event numbered `at` or more (for None, after the notes that start the frames;
    else at the very end)."""
    if at is None:
        events = frames[0]["events"]
        events.insert(next((i for i, e in enumerate(events) if e.get("i") is not None), len(events)), event)
        return
    for frame in frames:
        for index, other in enumerate(frame["events"]):
            if other.get("i") is not None and other["i"] >= at:
                frame["events"].insert(index, event)
                return
    frames[-1]["events"].append(event)


def _legal(move: object, view: Any) -> int | None:
    """The id of the offered action `move` is (an Action of the view or its id), or None."""
    number = whole_or_none(move)
    for action in view.legal_actions:
        try:
            if move is action or move == action or number == action.id:
                return int(action.id)
        except Exception:  # an agent's object whose == fails is no action
            return None
    return None


def _illegal(move: object) -> Callable[[Texts], str]:
    try:
        shown = repr(move)[:80]
    except Exception:
        shown = type(move).__name__
    return lambda texts: texts("guest.illegal", move=shown)


def play_against(*agents: object, game: str = "egocentric-world", time_limit: float = TIME_LIMIT,
                 seed: int | None = None) -> Any:
    """The page's table, in a notebook, with `agents` in its AI seats: agent functions or objects (run in this kernel),
    agent files' paths (each in processes of its own) or built-in agents' names. Egocentric World deals a
    multiplayer game of you and one AI player per agent; Diverse City (`game="diverse-city"`) as many. The games are
    not saved. Show the returned app as a cell's last expression."""
    import importlib

    guests = Guests(list(agents), game, time_limit)
    where, name = entry(game).app.split(":")
    return getattr(importlib.import_module(where), name).for_guests(guests, seed)
