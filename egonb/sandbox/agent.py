"""The referee's side: `IsolatedAgent`, an agent file that plays in processes of its own (`process`, `host`), and
`load_files`, which checks files in such processes."""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import os
import threading
from pathlib import Path
from typing import Any

from ..agentfile import AgentFile
from ..errors import AgentFault
from .process import DEFAULT_LIMITS, Broken, Game, Limits, Server
from .wire import WireError, decode, encode

#: This process's fork servers, one per (process, thread, file, text, limits): made when first needed.
_SERVERS: dict[tuple[Any, ...], Server] = {}


def _server_for(agent: IsolatedAgent) -> Server:
    key = (os.getpid(), threading.get_ident(), agent.filename, agent.digest, agent.limits)
    server = _SERVERS.get(key)
    if server is None or not server.alive:
        server = Server(agent.source, agent.filename, agent.limits)
        server.loaded()
        if server.error is not None:
            raise AgentFault("crash", f"its file no longer loads: {server.error}")
        _SERVERS[key] = server
    return server


def _forget_inherited() -> None:
    """In a forked child (a pool's worker): the parent's servers are the parent's; close our copies of their
    sockets, so that each server still sees its control socket close when the parent ends."""
    for server in _SERVERS.values():
        with contextlib.suppress(OSError):
            server.sock.close()
    _SERVERS.clear()




class IsolatedAgent:
    """An agent file that plays in processes of its own: a fresh one each game, forked by the file's fork server in
    whichever process plays (a pool's or a Dask cluster's worker). Small and picklable: the file's text, its name
    and the limits; nothing running until it plays.

    The game loop (`egonb.play`) sets `time_limit` (seconds per reset or move), which this agent enforces by
    killing its process, and calls `end_game()` when the game is over. What the agent printed in the last game is
    `output` (the first `limits.output_bytes` bytes; `dropped` counts the rest)."""

    def __init__(self, source: str, filename: str, name: str, limits: Limits = DEFAULT_LIMITS):
        self.source, self.filename, self.name, self.limits = source, filename, name, limits
        self.digest = hashlib.sha1(source.encode()).hexdigest()
        self.time_limit: float | None = None
        self.output, self.dropped = b"", 0
        self._game: Game | None = None

    def __getstate__(self) -> dict[str, Any]:
        return {"source": self.source, "filename": self.filename, "name": self.name, "limits": self.limits}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(**state)  # type: ignore[misc]

    def __deepcopy__(self, memo: dict[int, object]) -> IsolatedAgent:
        return IsolatedAgent(self.source, self.filename, self.name, self.limits)

    def __repr__(self) -> str:
        return f"IsolatedAgent({self.name!r}, {self.filename!r})"

    def reset(self, seat: int, rng: Any) -> None:
        self.end_game()
        try:
            self._game = Game(_server_for(self), self.limits)
        except Broken:
            raise AgentFault("crash", "its process could not be started (its fork server died)") from None
        self._ask({"reset": [seat, encode(rng.getstate())]})

    def act(self, view: Any) -> Any:
        reply = self._ask({"act": encode(view)})
        try:
            return decode(reply["move"])
        except (KeyError, WireError):
            raise AgentFault("illegal", f"returned {_named(reply.get('garbage', 'garbage'))}, not one of "
                                        f"view.legal_actions (an Action, or its id)") from None

    def _ask(self, message: dict[str, Any]) -> dict[str, Any]:
        if self._game is None:
            raise AgentFault("exception", "asked to move before reset(seat, rng) started its game")
        reply = self._game.call(message, self.time_limit)
        fault = reply.get("fault")
        if fault is not None:
            kind, text, where = (list(fault) + ["", "", ""])[:3] if isinstance(fault, list) else ("", "", "")
            if kind == "memory":
                text = f"out of memory, over its limit of {self.limits.memory_mb} MiB ({text.rstrip(': ')})"
            raise AgentFault(kind if kind in ("exception", "memory") else "illegal", str(text), str(where))
        return reply

    def __del__(self) -> None:
        # A wrapper the game loop cannot see through (one that records moves, say) never calls end_game(): the
        # game's process ends when the agent is dropped, at the latest when the fork server does.
        with contextlib.suppress(Exception):
            self.end_game()

    def end_game(self) -> None:
        """Kill the game's process and whatever it left running; keep its output."""
        if self._game is not None:
            game, self._game = self._game, None
            game.end()
            self.output, self.dropped = bytes(game.output.kept), game.output.dropped


def _named(kind: object) -> str:
    text = str(kind)
    return f"an {text}" if text[:1].lower() in "aeiou" else f"a {text}"


def load_files(paths: list[Path], limits: Limits = DEFAULT_LIMITS) -> list[AgentFile]:
    """Each file loaded in a process of its own, all at once, with a deadline: an `AgentFile` whose agent is an
    `IsolatedAgent`, or whose `error` says why the file gives none (as `agentfile.load` says it, or that loading
    never ended or ended the process). Each agent starts its own server again where it plays (a pool's worker).
    """
    started: list[tuple[Path, Server | None, str]] = []
    for path in paths:
        try:
            source = Path(path).read_text()
        except (OSError, UnicodeDecodeError) as exc:
            started.append((path, None, f"cannot be read: {exc}"))
            continue
        started.append((path, Server(source, str(path), limits), source))
    out = []
    for path, server, source in started:
        entry = AgentFile(Path(path), Path(path).stem)
        if server is None:
            entry.error = source
        else:
            server.loaded()
            if server.error is not None:
                entry.error = server.error
            else:
                server.close()
                agent = IsolatedAgent(source, str(path), server.name or entry.name, limits)
                entry.name, entry.agent = agent.name, agent
        out.append(entry)
    return out


def close_servers() -> None:
    """End this process's fork servers and every agent process they run (they also end when this process does)."""
    for key, server in list(_SERVERS.items()):
        if key[0] == os.getpid():
            server.close()
        del _SERVERS[key]


atexit.register(close_servers)
os.register_at_fork(after_in_child=_forget_inherited)
