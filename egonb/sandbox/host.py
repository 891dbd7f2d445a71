"""The agent's side: `python -m egonb.sandbox.host FD` is one agent file's fork server (zygote).

It reads the file's text from the control socket FD, loads it once (the load check: its NAME, or why it defines no
agent) under a memory limit, and then forks a fresh child for each game: the child runs only the agent, in a session
and process group of its own, with its output going to a pipe the referee drains, and answers the referee's
requests (reset, act) on a socket of its own. Nothing of the game crosses but what `wire` carries.

Why a fork server: starting Python and importing egonb costs a few hundred ms, a fork a few ms; the child starts
from the freshly loaded file, so nothing one game does to the agent's memory reaches the next. The file's import
runs here, in the server: it sees no game either, and whatever it changes stays in the agent's processes (the
referee trusts no pid the server reports without checking it is the server's child).

Cleaning up: the zygote is a child subreaper (Linux `PR_SET_CHILD_SUBREAPER`), so every process an agent starts,
even one that left its group with `setsid` or whose parent died, ends up its child; when a game ends it kills the
game's process group and then every child of its own that is not a game still running, until none is left. When
its control socket closes (the referee ended, or died) it does the same for every game and exits. A game's child
also dies with the zygote (`PR_SET_PDEATHSIG`).
"""

from __future__ import annotations

import contextlib
import ctypes
import faulthandler
import gc
import operator
import os
import random
import resource
import selectors
import signal
import socket
import sys
from typing import Any

from ..agentfile import load_source
from ..agents.base import Agent, as_agent
from ..play import agent_lines, exception_text
from .wire import Reader, WireError, decode, encode, frame, receive

_PR_SET_PDEATHSIG, _PR_SET_CHILD_SUBREAPER = 1, 36


def _prctl(option: int, value: int) -> None:
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)


def _limit(memory_mb: int) -> None:
    """The address space the agent may use, and no core files (a segfault must not write one)."""
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if memory_mb:
        size = memory_mb * 1024 * 1024
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_AS, (size, size))


class Zygote:
    """The fork server's state: the loaded agent, the games running (pid -> exit status once known)."""

    def __init__(self, control: socket.socket):
        self.control = control
        self.reader = Reader()
        self.games: set[int] = set()
        self.agent: Agent | None = None
        self.fds: list[int] = []  # descriptors received, not yet handed to a game

    def load(self) -> bool:
        """Read the file's text and load it; tell the referee its name, or why it gives no agent."""
        message = receive(self.control, self.reader)
        if message is None:
            return False
        _limit(int(message["memory_mb"]))
        faulthandler.register(signal.SIGUSR1, all_threads=True)  # the referee asks where a hung agent is
        entry = load_source(message["source"], message["filename"])
        if entry.agent is not None:
            try:
                self.agent = as_agent(entry.agent)  # type: ignore[arg-type]
            except TypeError as exc:
                entry.error = str(exc)
        sys.stdout.flush()
        sys.stderr.flush()
        self.control.sendall(frame({"error": entry.error} if entry.error else {"loaded": entry.name}))
        null = os.open(os.devnull, os.O_WRONLY)  # the referee reads the load's output, not what comes later
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.close(null)
        return entry.error is None

    def serve(self) -> None:
        """Fork a game for each request, end games, report deaths, until the control socket closes."""
        _prctl(_PR_SET_CHILD_SUBREAPER, 1)
        gc.freeze()  # the loaded file's objects stay out of the children's collections: fewer pages copied on write
        wake_r, wake_w = os.pipe()
        os.set_blocking(wake_w, False)
        signal.signal(signal.SIGCHLD, lambda signum, frame: None)
        signal.set_wakeup_fd(wake_w)
        selector = selectors.DefaultSelector()
        selector.register(self.control, selectors.EVENT_READ)
        selector.register(wake_r, selectors.EVENT_READ)
        try:
            while True:
                for key, _ in selector.select():
                    if key.fileobj == wake_r:
                        os.read(wake_r, 4096)
                        self._reap()
                        continue
                    data, fds, _, _ = socket.recv_fds(self.control, 1 << 16, 8)
                    if not data:
                        return
                    self.reader.feed(data)
                    self.fds += fds  # a read may bring several requests: only a fork's come with descriptors
                    while (message := self.reader.next()) is not Reader.NOTHING:
                        self._handle(message, (wake_r, wake_w))
        finally:
            for pid in list(self.games):
                self._kill(pid)
            self._sweep()

    def _handle(self, message: dict[str, Any], wake: tuple[int, int]) -> None:
        if "fork" in message:
            (game, out), self.fds = self.fds[:2], self.fds[2:]
            pid = os.fork()
            if pid == 0:
                self._child(game, out, wake)
            os.close(game)
            os.close(out)
            self.games.add(pid)
            self.control.sendall(frame({"forked": pid}))
        elif "end" in message:
            pid = message["end"]
            if pid in self.games:
                self._kill(pid)
            self._sweep()
            self.control.sendall(frame({"ended": pid}))

    def _child(self, game: int, out: int, wake: tuple[int, int]) -> None:
        """The game's process: its own session, its output to the referee's pipe, then the agent's requests."""
        try:
            os.setsid()
            _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
            signal.set_wakeup_fd(-1)
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            for fd in (*wake, self.control.fileno()):
                os.close(fd)
            os.dup2(out, 1)
            os.dup2(out, 2)
            os.close(out)
            sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
            assert self.agent is not None
            play(socket.socket(fileno=game), self.agent)
        finally:
            os._exit(0)

    def _reap(self) -> None:
        """Collect children that ended; tell the referee about a game's, with how it ended."""
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            if pid in self.games:
                self.games.discard(pid)
                self.control.sendall(frame({"died": pid, "status": _how(status)}))

    def _kill(self, pid: int) -> None:
        for kill in (os.killpg, os.kill):
            with contextlib.suppress(OSError):
                kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)
        self.games.discard(pid)

    def _sweep(self) -> None:
        """Kill every child that is not a running game: what the agents left behind (orphans come to the zygote, a
        subreaper), and their groups; again, until none is left (a killed one's children come next)."""
        while strays := [pid for pid in _children() if pid not in self.games]:
            for pid in strays:
                self._kill(pid)


def _children() -> list[int]:
    """This process's children: from /proc/self/task/*/children, else by scanning every process's parent."""
    me = os.getpid()
    try:
        with open(f"/proc/{me}/task/{me}/children") as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        pass
    found: list[int] = []
    if not os.path.isdir("/proc"):  # not Linux: no subreaper either, the game's group is all that is killed
        return found
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError):
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == me:
                        found.append(int(entry))
    return found


def _how(status: int) -> str:
    """How a process ended, in words: 'exit code 3' or 'killed by SIGSEGV'."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            return f"killed by {signal.Signals(number).name}"
        except ValueError:
            return f"killed by signal {number}"
    return f"exit code {os.waitstatus_to_exitcode(status)}"


def play(sock: socket.socket, agent: Agent) -> None:
    """Answer the referee's requests for one game until it closes the socket: reset(seat, rng) and act(view)."""
    reader = Reader()
    plumbing = (__file__,)
    while (message := receive(sock, reader)) is not None:
        try:
            if "reset" in message:
                seat, state = message["reset"]
                rng = random.Random()
                rng.setstate(decode(state))
                agent.reset(seat, rng)
                reply: dict[str, Any] = {"done": None}
            else:
                reply = _answer(agent.act(decode(message["act"])))
        except MemoryError as exc:
            reply = {"fault": ["memory", exception_text(exc), agent_lines(exc, plumbing=plumbing)]}
        except BaseException as exc:  # noqa: BLE001 - SystemExit too: the agent's, reported to the referee
            reply = {"fault": ["exception", exception_text(exc), agent_lines(exc, plumbing=plumbing)]}
        try:
            data = frame(reply)
        except WireError:  # an answer too long to send (a huge list, say) is garbage too
            data = frame({"garbage": "answer too long to send"})
        sock.sendall(data)


def _answer(move: object) -> dict[str, Any]:
    """The reply for the move, for the engine to judge: an action or a plain value as is; a whole number of another
    type as its value; anything else only named, as garbage."""
    try:
        return {"move": encode(move)}
    except (WireError, RecursionError):
        pass
    try:
        return {"move": operator.index(move)}  # type: ignore[arg-type]
    except BaseException:  # noqa: BLE001 - its __index__ is the agent's code too
        return {"garbage": type(move).__name__}


def main() -> None:
    control = socket.socket(fileno=int(sys.argv[1]))
    zygote = Zygote(control)
    if zygote.load():
        zygote.serve()


if __name__ == "__main__":
    main()
