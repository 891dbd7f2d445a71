"""The agent's processes, seen from the referee: a file's fork server (`Server`, the other end of `host.Zygote`) and
one game's process (`Game`). The referee waits for an answer only as long as the time limit allows, draining the
agent's output meanwhile, and then kills the game's process group: no signal the agent could ignore, no call into
its code in the referee's process.
"""

from __future__ import annotations

import collections
import contextlib
import os
import re
import selectors
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import AgentFault
from .wire import Reader, WireError, frame

#: Numerical libraries start one thread per core unless told: an agent gets one.
_THREAD_VARIABLES = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS",
                     "VECLIB_MAXIMUM_THREADS")
#: Seconds the referee waits for a hung agent to say where it is before it is killed (it may ignore the question).
_DUMP_SECONDS = 3.0
#: Seconds the referee waits for its own plumbing (a fork, a game's end, a death's report): not the agent's time.
_PLUMBING_SECONDS = 30.0


@dataclass(frozen=True)
class Limits:
    """What an agent's process may use: address space (`memory_mb`, RLIMIT_AS; 0 for none), output kept per game
    (the rest is counted and dropped), and seconds to load the file (its imports included)."""

    memory_mb: int = 2048
    output_bytes: int = 64 * 1024
    load_seconds: float = 30.0


DEFAULT_LIMITS = Limits()


class _Output:
    """An agent's output for one game: the first `cap` bytes kept, the rest counted."""

    def __init__(self, cap: int):
        self.cap, self.kept, self.dropped = cap, bytearray(), 0

    def add(self, data: bytes) -> None:
        room = max(0, self.cap - len(self.kept))
        self.kept += data[:room]
        self.dropped += len(data) - min(room, len(data))


class Broken(Exception):
    """The fork server stopped answering or died: the game's agent cannot go on."""


class Server:
    """One agent file's fork server (`host.Zygote`) in its own process, started from this one."""

    def __init__(self, source: str, filename: str, limits: Limits):
        self.source, self.filename, self.limits = source, filename, limits
        self.sock, theirs = socket.socketpair()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "egonb.sandbox.host", str(theirs.fileno())], pass_fds=(theirs.fileno(),),
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=_environment(),
            start_new_session=True)
        theirs.close()
        self.reader = Reader("control")
        self.died: dict[int, str] = {}
        #: Games whose fork was asked for, in order: the server answers forks in that order (two seats of one file
        #: share a server).
        self.unforked: collections.deque[Game] = collections.deque()
        self.sock.sendall(frame({"source": source, "filename": filename, "memory_mb": limits.memory_mb}, "control"))
        self.name: str | None = None
        self.error: str | None = None

    def loaded(self) -> None:
        """Wait for the load check's answer: `name`, or `error` (and the process ended)."""
        assert self.proc.stdout is not None
        output = _Output(self.limits.output_bytes)
        deadline = time.monotonic() + self.limits.load_seconds
        try:
            reply = self._next(deadline, (self.proc.stdout.fileno(), output))
        except Broken:
            if time.monotonic() >= deadline:
                found = _where_hung(self.proc.pid, self.proc.stdout.fileno(), self.filename)
                at = f" (line {found[0]}: {self.line(found[0])})" if found else ""
                self.error = f"cannot be loaded: loading did not end within {self.limits.load_seconds:g} s " \
                             f"(an endless loop, or a slow import?){at}"
                self.close(kill=True)
            else:
                self.error = f"cannot be loaded: its process ended while loading the file ({self._ended()})"
                self.close()
            return
        self.proc.stdout.close()
        if "loaded" in reply:
            self.name = str(reply["loaded"])
        else:
            self.error = str(reply.get("error"))
            self.close()

    def _ended(self) -> str:
        try:
            code = self.proc.wait(_PLUMBING_SECONDS)
        except subprocess.TimeoutExpired:
            self.close()
            return "it stopped answering"
        return f"killed by {signal.Signals(-code).name}" if code < 0 else f"exit code {code}"

    def _next(self, deadline: float | None, drain: tuple[int, _Output] | None = None,
              until: Callable[[], bool] | None = None) -> dict[str, Any]:
        """The next message on the control socket, or {} once `until()` holds (deaths and forks are noted, not
        returned); `Broken` at the deadline or when the server is gone."""
        with selectors.DefaultSelector() as selector:
            selector.register(self.sock, selectors.EVENT_READ)
            if drain is not None:
                selector.register(drain[0], selectors.EVENT_READ)
            while True:
                message = self._pending()
                if message is not None:
                    return message
                if until is not None and until():
                    return {}
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    raise Broken
                for key, _ in selector.select(left):
                    if key.fileobj == self.sock:
                        self.pump()
                    elif drain is not None:
                        data = os.read(drain[0], 1 << 16)
                        drain[1].add(data)
                        if not data:
                            selector.unregister(drain[0])

    def pump(self) -> None:
        """Read what the control socket has; `Broken` when it is closed (the server died)."""
        try:
            data = self.sock.recv(1 << 16)
        except OSError:
            data = b""
        if not data:
            raise Broken
        self.reader.feed(data)

    def _pending(self) -> dict[str, Any] | None:
        while True:
            message = self.reader.next()
            if message is Reader.NOTHING:
                return None
            if "died" in message:
                self.died[message["died"]] = message["status"]
            elif "forked" in message and self.unforked:
                self.unforked.popleft().take(message["forked"])
            elif "ended" not in message:  # a game's end is not waited for
                return message

    def send(self, message: dict[str, Any], fds: list[int] | None = None) -> None:
        """Send a request; its answer is read with the next messages (`_next`)."""
        try:
            if fds:
                socket.send_fds(self.sock, [frame(message, "control")], fds)
            else:
                self.sock.sendall(frame(message, "control"))
        except OSError:
            self.close()
            raise Broken from None

    def line(self, number: int) -> str:
        """Line `number` of the file, as its author wrote it."""
        lines = self.source.splitlines()
        return lines[number - 1].strip() if 0 < number <= len(lines) else ""

    def close(self, kill: bool = False) -> None:
        """End the server: its control socket closes, it kills its games and leaves; its group is killed if not
        (or at once: `kill`)."""
        with contextlib.suppress(OSError):
            self.sock.close()
        if kill:
            with contextlib.suppress(OSError):
                os.killpg(self.proc.pid, signal.SIGKILL)
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(OSError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()

    @property
    def alive(self) -> bool:
        return self.sock.fileno() >= 0 and self.proc.poll() is None


def _parent(pid: int, server: int) -> int | None:
    """The parent of process `pid` (Linux /proc; elsewhere `server` while `pid` exists), or None."""
    if not os.path.isdir("/proc"):
        try:
            os.kill(pid, 0)
        except OSError:
            return None
        return server
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def _environment() -> dict[str, str]:
    """The server's environment: this egonb first on the path, one thread for numerical libraries, and a fixed hash
    seed (so a set's order is the same in every run, as in one process)."""
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")]))
    env.update(dict.fromkeys(_THREAD_VARIABLES, "1"))
    env.setdefault("PYTHONHASHSEED", "0")
    return env


def _where_hung(pid: int, out: int, filename: str) -> tuple[int, str] | None:
    """(line, function): where in `filename` the process `pid` is now, asked with SIGUSR1 (faulthandler dumps its
    stack to `out`); None if it does not say."""
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGUSR1)
    dump = b""  # the end of the output: a flood before the dump does not hide it
    deadline = time.monotonic() + _DUMP_SECONDS
    with selectors.DefaultSelector() as selector:
        selector.register(out, selectors.EVENT_READ)
        while (left := deadline - time.monotonic()) > 0 and selector.select(left):
            data = os.read(out, 1 << 16)
            dump = (dump + data)[-(1 << 16):]
            if not data or b"in _run_module_as_main" in dump:  # the outermost frame (`python -m`): all of it
                break
    for found in re.finditer(r'File "([^"]*)", line (\d+) in (\S+)', dump.decode(errors="replace")):
        if found.group(1) == filename:
            return int(found.group(2)), found.group(3)
    return None


class Game:
    """One game's process of the agent: its socket, its output pipe, its pid (its own process group).

    The fork is asked for and the first request sent at once, without waiting between them: the agent's time
    (`limit`) starts when the fork server says the process is there."""

    def __init__(self, server: Server, limits: Limits):
        self.server = server
        self.sock, theirs = socket.socketpair()
        self.out, out_w = os.pipe()
        os.set_blocking(self.out, False)
        try:
            server.send({"fork": True}, [theirs.fileno(), out_w])
            server.unforked.append(self)
        finally:
            theirs.close()
            os.close(out_w)
        self.pid: int | None = None
        self.reader = Reader("game")
        self.output = _Output(limits.output_bytes)
        self.selector = selectors.DefaultSelector()
        for fileobj in (self.sock, self.out, self.server.sock):
            self.selector.register(fileobj, selectors.EVENT_READ)

    def call(self, message: dict[str, Any], limit: float | None) -> dict[str, Any]:
        """Send a request and wait for the answer, at most `limit` seconds, draining the agent's output."""
        try:
            self.sock.sendall(frame(message, "game"))
        except OSError:
            self._crashed()
        deadline = self._deadline(limit)
        while True:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                if self.pid is None:  # the fork server is slow, not the agent
                    self._forked(time.monotonic() + _PLUMBING_SECONDS)
                    deadline = self._deadline(limit)
                    continue
                found = _where_hung(self.pid, self.out, self.server.filename) if self._ours() else None
                self.kill()
                where = f"{self.server.filename}:{found[0]} in {found[1]}: {self.server.line(found[0])}" \
                    if found else ""
                raise AgentFault("timeout", f"no answer within {limit:g} s: its process was killed", where)
            for key, _ in self.selector.select(left):
                if key.fileobj == self.out:
                    self._drain()
                elif key.fileobj == self.server.sock:
                    try:
                        self.server.pump()
                    except Broken:
                        self._crashed()
                    was = self.pid
                    self.server._pending()
                    if was is None and self.pid is not None:
                        deadline = self._deadline(limit)
                    if self.pid in self.server.died:
                        self._crashed()
                else:
                    data = self.sock.recv(1 << 16)
                    if not data:
                        self._crashed()
                    self.reader.feed(data)
                    try:
                        reply = self.reader.next()
                    except WireError as exc:
                        self.kill()
                        raise AgentFault("illegal", f"its process sent garbage ({exc})") from None
                    if reply is not Reader.NOTHING:
                        return reply if isinstance(reply, dict) else {"garbage": type(reply).__name__}

    def _deadline(self, limit: float | None) -> float | None:
        if self.pid is None:
            return time.monotonic() + _PLUMBING_SECONDS
        return None if limit is None else time.monotonic() + limit

    def take(self, pid: object) -> None:
        """The fork server's answer to this game's fork: its pid (0, never signalled, for an answer that is none)."""
        self.pid = pid if type(pid) is int else 0

    def _ours(self) -> bool:
        """Is the game's process still there, the server's child? The file's import ran in the server: a pid it
        made up, or one the system gave to another process since, must not be signalled."""
        return self.pid is not None and _parent(self.pid, self.server.proc.pid) == self.server.proc.pid

    def _forked(self, deadline: float) -> None:
        """Wait for the fork server's answer, if it has not come yet."""
        try:
            self.server._next(deadline, until=lambda: self.pid is not None)
        except Broken:
            raise AgentFault("crash", "its process could not be started (its fork server died)") from None

    def _drain(self) -> None:
        with contextlib.suppress(BlockingIOError):
            while data := os.read(self.out, 1 << 16):
                self.output.add(data)
            with contextlib.suppress(KeyError):
                self.selector.unregister(self.out)  # end of file: every writer is gone

    def _crashed(self) -> None:
        """The agent's process is gone (or closed its socket): a 'crash' fault saying how it ended."""
        deadline = time.monotonic() + _PLUMBING_SECONDS
        self._forked(deadline)
        try:
            self.server._next(deadline, until=lambda: self.pid in self.server.died)
        except Broken:
            self.kill()
            raise AgentFault("crash", "its process died (so did its fork server)") from None
        how = self.server.died.pop(self.pid or 0)
        hint = {"killed by SIGSEGV": " (a segfault)", "killed by SIGKILL": " (out of memory?)",
                "killed by SIGABRT": " (aborted: out of memory?)"}.get(how, "")
        raise AgentFault("crash", f"its process died: {how}{hint}")

    def kill(self) -> None:
        if self.pid is None or not self._ours():  # gone already: the server kills what it left
            return
        for kill in (os.killpg, os.kill):
            with contextlib.suppress(OSError):
                kill(self.pid, signal.SIGKILL)

    def end(self) -> None:
        """Kill the game's process group now; the fork server then kills whatever left the group (it reaps and sweeps
        before it answers anything else); close the channels."""
        with contextlib.suppress(AgentFault):
            self._forked(time.monotonic() + _PLUMBING_SECONDS)
        self.kill()
        if self.pid is not None:
            with contextlib.suppress(Broken):
                self.server.send({"end": self.pid})
            self.server.died.pop(self.pid, None)
        with contextlib.suppress(OSError):
            self._drain()
        self.selector.close()
        self.sock.close()
        os.close(self.out)
