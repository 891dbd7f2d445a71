"""`egonb grade FILE`: the autograder. Exit status 0 only if the agent in FILE is clean and beats the baseline.

Two steps, each printed so a student can act on it:

1. `check_agent`: exceptions, illegal or slow moves, non-determinism, its own random generators, endless games.
   Any problem fails the grade (the report names the seed and the line of the agent's code).
2. A paired tournament against the baseline (`--against`, a built-in agent): the same deals for both, and the agent
   passes only if it is ahead and the difference is significant (p < alpha, i.e. the 1 - alpha interval leaves out
   0). Solo rules compare games won; a duel (`players = 2`) compares points.

`--game diverse-city` grades a Diverse City agent (no solo mode: duels by default, against its heuristic).

Settings come from the command line, else from a grading config: `--config FILE`, or `grading.toml` beside the agent
file (an assignment's folder has one), else the defaults below. The config is TOML with a `[grading]` table whose keys
are the options' names (`game`, `against`, `games`, `alpha`, `seed`, `difficulty`, `players`, `full_game`,
`check_games`, `time_limit`, `workers`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from .check import check_agent
from .classroom import GAMES, class_game
from .sandbox import Limits, builtin, close_servers, load_files
from .tournament import tournament

#: `against` and `players` left None take the game's own: its baseline; solo if it has a solo mode, else a duel.
DEFAULTS: dict[str, Any] = {"game": "egocentric-world", "against": None, "games": 100, "alpha": 0.05, "seed": 0,
                            "difficulty": 2, "players": None, "full_game": True, "check_games": 5, "time_limit": 5.0,
                            "workers": None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="egonb grade", description=__doc__.split("\n\n")[0])
    parser.add_argument("file", help="the agent's Python file (see egonb.agentfile for what it must define)")
    parser.add_argument("--config", help="a grading config (TOML); default: grading.toml beside FILE, if any")
    parser.add_argument("--game", help=f"the game the agent plays ({', '.join(GAMES)}; default egocentric-world)")
    parser.add_argument("--against", help="the built-in agent to beat (default: greedy, or the game's own baseline)")
    parser.add_argument("--games", type=int, help="deals played by both (default 100)")
    parser.add_argument("--alpha", type=float, help="significance level (default 0.05)")
    parser.add_argument("--seed", type=int, help="seed of the deals (default 0)")
    parser.add_argument("--workers", type=int, help="worker processes (default: all cores)")
    parser.add_argument("--isolate-builtins", action="store_true",
                        help="the agent to beat too plays in processes of its own, as the file does")
    parser.add_argument("--memory-limit", type=int, default=Limits.memory_mb,
                        help=f"MiB of memory the agent's process may use (default {Limits.memory_mb}; 0: no limit)")
    args = parser.parse_args(argv)
    try:
        settings = _settings(args)
    except (OSError, ValueError, KeyError) as exc:
        parser.error(str(exc))
    try:
        return grade(args.file, **settings, isolate_builtins=args.isolate_builtins, memory_mb=args.memory_limit)
    finally:
        close_servers()  # the agent's processes end with the grade, also when grade() runs inside a test or notebook


def grade(file: str | Path, *, game: str, against: str, games: int, alpha: float, seed: int, difficulty: int,
          players: int, full_game: bool, check_games: int, time_limit: float, workers: int | None,
          out: Any = None, isolate_builtins: bool = False, memory_mb: int = Limits.memory_mb) -> int:
    """Grade the agent in `file` (settings checked by `_settings`), printing each step to `out` (stdout): 0 if it
    passes, 1 if not. The file plays in processes of its own (`egonb.sandbox`), the agent to beat too if
    `isolate_builtins`."""
    out = out or sys.stdout
    say = lambda text="": print(text, file=out)  # noqa: E731 - one short name for the report's lines
    limits = Limits(memory_mb=memory_mb)
    (entry,) = load_files([Path(file)], limits)
    if entry.agent is None:
        say(f"FAIL: {file} {entry.error}")
        return 1
    played = class_game(game)

    def rules_for(full: bool) -> Any:
        if played.solo_table is not None and players == 1:
            return played.solo_table(difficulty, full)
        return played.table(players, full)

    rules = rules_for(full_game)
    table = f"solo games at difficulty {difficulty}" if players == 1 else f"{players}-player games"
    length = "full" if getattr(rules, "full_game", True) else "one-round"
    say(f"Grading {entry.name} ({file}): {games} deals of {length} {played.title} {table}, against {against}, "
        f"significance level {alpha}\n")
    checked = rules_for(False)
    say(f"1. Is the agent clean? ({check_games} {'one-round ' if hasattr(checked, 'full_game') else ''}games, "
        "each played twice)")
    # One limit for a move, the assignment's: a move is slow only when the tournament would forfeit it, so a busy
    # machine (a class grading at once) does not fail an agent that keeps to the limit.
    report = check_agent(entry.agent, checked, games=check_games, seed=seed, slow_ms=time_limit * 1000,
                         time_limit=time_limit)
    say(str(report) + "\n")
    if not report.ok:
        say("FAIL: the agent has problems (above). Fix them first: each names the seed of a game that shows it "
            "(egonb.play.play([agent], rules, seed=…) replays it) and, for an exception, the line of your code.")
        return 1
    say(f"2. Does it beat {against}? (the same deals for both; a difference is significant when p < {alpha})")
    opponent = builtin(game, against, limits) if isolate_builtins else played.agent(against)
    result = tournament({entry.name: entry.agent, against: opponent}, rules, games=games, seed=seed,
                        time_limit=time_limit, workers=workers, progress=False, baseline=against)
    say(result.table())
    comparison = result.compare(entry.name, against)
    diff = comparison.difference
    say()
    if result.faults():
        say(f"FAIL: {len(result.faults())} game(s) forfeited by a fault; the first: {result.faults()[0][1]}")
        return 1
    if diff.mean > 0 and diff.p < alpha:
        say(f"PASS: {comparison.verdict}")
        return 0
    if diff.mean < 0 and diff.p < alpha:
        say(f"FAIL: {against} does better ({comparison.verdict}). Compare your choices with {against}'s in a few "
            f"games: egonb.play.play([agent], rules, seed=…) prints a game's transcript.")
    else:
        say(f"FAIL: not significantly better than {against} ({comparison.verdict}). With {games} deals a real "
            f"advantage shows as p < {alpha}: make the agent clearly stronger (look at the games it loses).")
    return 1


def _settings(args: argparse.Namespace) -> dict[str, Any]:
    """Defaults, overridden by the config file, overridden by the command line; checked."""
    settings = dict(DEFAULTS)
    config = Path(args.config) if args.config else Path(args.file).parent / "grading.toml"
    if args.config or config.is_file():
        settings.update(_read_config(config))
    settings.update({k: v for k, v in vars(args).items() if k in DEFAULTS and v is not None})
    game = class_game(settings["game"])
    settings["against"] = settings["against"] or game.baseline
    if settings["against"] not in game.agents:
        raise ValueError(f"--against must be a built-in agent of {game.title} ({', '.join(game.agents)}), "
                         f"got {settings['against']!r}")
    settings["players"] = settings["players"] or (1 if game.solo_table else 2)
    if settings["players"] == 1 and game.solo_table is None:
        raise ValueError(f"{game.title} has no solo mode: players must be 2 or more")
    if not 0 < settings["alpha"] < 1:
        raise ValueError(f"--alpha must be between 0 and 1, got {settings['alpha']}")
    for key in ("games", "check_games"):
        if not isinstance(settings[key], int) or settings[key] < 2:
            raise ValueError(f"{key} must be a whole number, at least 2 (a paired test needs two deals)")
    return settings


def _read_config(path: Path) -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10 reads TOML with tomli (the `ai` extra)
        import tomli as tomllib
    with path.open("rb") as f:
        table = tomllib.load(f).get("grading", {})
    unknown = sorted(set(table) - set(DEFAULTS))
    if unknown:
        raise ValueError(f"{path}: unknown setting(s) {', '.join(unknown)} in [grading]; known: {', '.join(DEFAULTS)}")
    return table
