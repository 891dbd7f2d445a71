"""Agents from files, each in processes of its own: the classroom's trust (`egonb ladder`, `egonb grade`).

An agent file runs in a process that receives only its seat's view, as plain data (`wire`), and answers with a
move; the game stays with the referee. `load_files` checks files in such processes (with a deadline), giving
`IsolatedAgent`s: small, picklable agents that start their processes where they play (`host`: a fork server per file,
a fresh child per game, killed with its group at the time limit and at the game's end). What this protects, and what
not: docs/CLASSROOM.md, "What isolation protects".
"""

from .agent import DEFAULT_LIMITS, IsolatedAgent, Limits, close_servers, load_files

__all__ = ["DEFAULT_LIMITS", "IsolatedAgent", "Limits", "close_servers", "load_files", "isolated", "builtin"]


def isolated(path: object, limits: Limits = DEFAULT_LIMITS) -> IsolatedAgent:
    """The agent of one file (a path ending in .py), isolated; `AgentFileError` if the file gives none."""
    from pathlib import Path

    from ..agentfile import AgentFileError

    (entry,) = load_files([Path(str(path))], limits)
    if entry.agent is None:
        raise AgentFileError(f"{path}: {entry.error}")
    return entry.agent  # type: ignore[return-value]


def builtin(game: str, name: str, limits: Limits = DEFAULT_LIMITS) -> IsolatedAgent:
    """A built-in agent of a classroom game (`egonb.classroom`), isolated like a file (`--isolate-builtins`)."""
    source = (f"from egonb.classroom import class_game\n\nNAME = {name!r}\n"
              f"agent = class_game({game!r}).agent({name!r})\n")
    return IsolatedAgent(source, f"<built-in {name}>", name, limits)
