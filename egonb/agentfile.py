"""Agents from Python files: what `egonb ladder` and `egonb grade` play.

The convention (the assignments' READMEs say the same to students). A file defines one agent, found as:

1. `agent`: a function `agent(view) -> action`, an agent object (`act(view)`, and `reset(seat, rng)` if it keeps
   anything between moves), or a class of them, made with no arguments;
2. else a function `act(view) -> action`;
3. else the one class defined in the file that has an `act` method, made with no arguments.

`NAME = "..."` in the file names the agent; by default it is the file's name without `.py`. A folder stands for the
`.py` files in it (not those whose name starts with `_` or `.`), in name order.

`load` runs a file in this process: loading catches its exceptions (a syntax error, an import that fails,
`sys.exit`), but an import that never ends or ends the process is beyond it. Each file is loaded as a module of its
own, kept in `sys.modules`, so a process pool's workers can unpickle its agent. `egonb ladder` and `egonb grade` load
files in processes of their own instead (`egonb.sandbox`), which run `load_source` on the file's text.
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import linecache
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType


class AgentFileError(Exception):
    """A file that does not give an agent: what is wrong with it, in words for its author."""


@dataclass
class AgentFile:
    """One file: the agent it defines, or why it defines none (`error`)."""

    path: Path
    name: str
    agent: object | None = None
    error: str | None = None
    #: The name it was loaded under in `sys.modules`.
    module: str = ""


def agent_files(paths: list[str | Path]) -> list[Path]:
    """The agent files that `paths` (files or folders) stand for; a path that is neither is refused."""
    out: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            out += sorted(p for p in path.glob("*.py") if not p.name.startswith(("_", ".")))
        elif path.is_file():
            out.append(path)
        else:
            raise FileNotFoundError(f"no such file or folder: {given}")
    return out


def load(path: str | Path) -> AgentFile:
    """The agent `path` defines (see the module's docstring), or the error that says why there is none."""
    return _load(Path(path), _import)


def load_source(source: str, path: str | Path) -> AgentFile:
    """The agent that `source`, the text of file `path`, defines: as `load`, from the text alone (the file need not
    exist here, e.g. on another machine), its lines shown in tracebacks as the file's."""
    return _load(Path(path), lambda where: _run_source(source, where))


def _load(path: Path, importer: Callable[[Path], ModuleType]) -> AgentFile:
    entry = AgentFile(path, path.stem)
    try:
        module = importer(path)
        entry.module = module.__name__
        entry.name = str(getattr(module, "NAME", path.stem))
        entry.agent = _agent_in(module)
    except AgentFileError as exc:
        entry.error = str(exc)
    except (Exception, SystemExit) as exc:  # the file's own code failed as it was loaded
        entry.error = _where(exc, path)
    return entry


def load_agent(path: str | Path) -> tuple[str, object]:
    """(name, agent) from `path`; an `AgentFileError` that says what is wrong if it defines none."""
    entry = load(path)
    if entry.error is not None:
        raise AgentFileError(f"{path}: {entry.error}")
    return entry.name, entry.agent


def _module_name(path: Path) -> str:
    """A name of its own per file (two students' agent.py must not be one module), kept so workers find it."""
    digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:10]
    return f"egonb_agentfile_{path.stem}_{digest}"


def _run_source(source: str, path: Path) -> ModuleType:
    name = _module_name(path)
    module = ModuleType(name)
    module.__file__ = str(path)
    linecache.cache[str(path)] = (len(source), None, source.splitlines(True), str(path))
    sys.modules[name] = module
    try:
        exec(compile(source, str(path), "exec"), module.__dict__)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def _import(path: Path) -> ModuleType:
    name = _module_name(path)
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise AgentFileError("not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def _agent_in(module: ModuleType) -> object:
    found = getattr(module, "agent", None)
    if found is None:
        found = getattr(module, "act", None)
    if found is None:
        classes = [c for c in vars(module).values() if inspect.isclass(c) and c.__module__ == module.__name__
                   and callable(getattr(c, "act", None))]
        if len(classes) != 1:
            raise AgentFileError(
                "defines no agent: write a function `agent(view)` (or `act(view)`) that returns one of "
                "view.legal_actions, or one class with an `act(self, view)` method"
                + (f" (found {len(classes)} such classes: {', '.join(c.__name__ for c in classes)}; name the one "
                   f"to play `agent`, e.g. agent = {classes[0].__name__})" if classes else ""))
        found = classes[0]
    if inspect.isclass(found):
        try:
            return found()
        except Exception as exc:
            raise AgentFileError(f"{found.__name__}() failed: {type(exc).__name__}: {exc}") from exc
    if not callable(found) and not callable(getattr(found, "act", None)):
        raise AgentFileError(f"`agent` is a {type(found).__name__}, not a function, an agent or an agent class")
    return found


def _where(exc: BaseException, path: Path) -> str:
    """'SyntaxError: … (line 3)' or the exception and the line of the file that raised it."""
    if isinstance(exc, SyntaxError):
        return f"cannot be loaded: SyntaxError: {exc.msg} (line {exc.lineno})"
    lines = [f for f in traceback.extract_tb(exc.__traceback__) if Path(f.filename) == path]
    at = f" (line {lines[-1].lineno}: {(lines[-1].line or '').strip()})" if lines else ""
    return f"cannot be loaded: {type(exc).__name__}: {exc}{at}"
