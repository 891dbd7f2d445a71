"""`egonb grade FILE` or `egonb grade FOLDER --out DIR`: the autograder, with points from a rubric.

For one agent file it prints each step so a student can act on it, then the rubric's lines; the exit status is 0
only for full points. For a course's folder of submissions (`egonb.course`) it writes a CSV and one Gradescope
`results.json` per submission.

1. `check_agent`: exceptions, illegal or slow moves, non-determinism, its own random generators, endless games.
   Any problem earns no point at all (the report names the seed and the line of the agent's code).
2. The copy check (`egonb.copycheck`): an agent that plays exactly like a built-in one is flagged with its name.
3. The rubric's match tiers (`egonb.rubric`), in order: paired tournaments against built-in agents on the same
   deals; a tier is earned when the agent is ahead and the difference is significant (p < alpha). Solo rules
   compare games won; a duel (`players = 2`) compares points.

`--game diverse-city` grades a Diverse City agent (no solo mode: duels by default, against its heuristic).

Settings come from the command line, else from a grading config: `--config FILE`, or `grading.toml` beside the agent
file (or in the submissions folder), else the defaults below. The config is TOML with a `[grading]` table whose keys
are in `DEFAULTS`, and `[[rubric]]` tables (`egonb.rubric`). Its `seed` is a public practice seed: a teacher grades
with private seeds, `--seeds FILE` (a TOML `[private]` table with `seed`), kept out of the students' folder.
"""

from __future__ import annotations

import argparse
import json
import tomllib
from pathlib import Path
from typing import Any

from .classroom import GAMES, class_game
from .course import grade_course
from .messages import ENGLISH
from .rubric import Tier, assess, tiers_from
from .sandbox import Limits

#: `against` and `players` left None take the game's own: its baseline; solo if it has a solo mode, else a duel.
#: `copy_check` None compares with every built-in agent of the game but random (a copy of random earns nothing).
DEFAULTS: dict[str, Any] = {"game": "egocentric-world", "against": None, "games": 100, "alpha": 0.05, "seed": 0,
                            "difficulty": 2, "players": None, "full_game": True, "check_games": 5, "time_limit": 5.0,
                            "workers": None, "copy_games": 3, "copy_check": None, "agent_file": "agent.py"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="egonb grade", description=__doc__.split("\n\n")[0])
    parser.add_argument("path", help="the agent's Python file (see egonb.agentfile for what it must define), or a "
                                     "folder of submissions (see egonb.course)")
    parser.add_argument("--config", help="a grading config (TOML); default: grading.toml beside FILE or in FOLDER")
    parser.add_argument("--seeds", help="private seeds (TOML, a [private] table with `seed`), outside the submissions")
    parser.add_argument("--out", help="for a folder: where grades.csv and each student's results.json go "
                                      "(default: grades)")
    parser.add_argument("--results", help="for one file: write Gradescope's results.json here")
    parser.add_argument("--game", help=f"the game the agent plays ({', '.join(GAMES)}; default egocentric-world)")
    parser.add_argument("--against", help="one match tier against this built-in agent, in place of the rubric's")
    parser.add_argument("--games", type=int, help="deals of every match tier (default: the rubric's, else 100)")
    parser.add_argument("--alpha", type=float, help="significance level of every match tier (default 0.05)")
    parser.add_argument("--seed", type=int, help="seed of the deals (default: the config's practice seed, else 0)")
    parser.add_argument("--workers", type=int, help="worker processes (default: all cores)")
    parser.add_argument("--isolate-builtins", action="store_true",
                        help="the built-in agents to beat too play in processes of their own, as the file does")
    parser.add_argument("--memory-limit", type=int, default=Limits.memory_mb,
                        help=f"MiB of memory the agent's process may use (default {Limits.memory_mb}; 0: no limit)")
    args = parser.parse_args(argv)
    path = Path(args.path)
    try:
        settings, tiers = _settings(args)
    except (OSError, ValueError, KeyError) as exc:
        parser.error(str(exc))
    # How agent files play (egonb.sandbox): not grading settings, so not in DEFAULTS nor in a config.
    settings.update(memory_mb=args.memory_limit, isolate_builtins=args.isolate_builtins)
    say = lambda text="": print(text)  # noqa: E731 - one short name for the report's lines
    if path.is_dir():
        if args.results:
            parser.error("--results is for one file; a folder's results.json files go under --out")
        if args.seeds is None:
            say(ENGLISH("grade.practice_seed", seed=settings["seed"]) + "\n")
        graded = grade_course(path, Path(args.out or "grades"), tiers, settings, say)
        say("\n" + ENGLISH("grade.graded", n=len(graded), csv=Path(args.out or "grades") / "grades.csv"))
        return 0
    if args.out:
        parser.error("--out is for a folder of submissions; for one file, --results FILE")
    grade = assess(path, tiers, settings, say)
    say("\n".join(grade.summary()))
    if args.results:
        Path(args.results).write_text(json.dumps(grade.results_json(), indent=2) + "\n", encoding="utf-8")
    return 0 if grade.points >= grade.max_points else 1


def _settings(args: argparse.Namespace) -> tuple[dict[str, Any], list[Tier]]:
    """Defaults, overridden by the config file, overridden by the command line, the private seed last; checked.
    The rubric's tiers from the config (or one match against `--against`)."""
    settings = dict(DEFAULTS)
    path = Path(args.path)
    config = Path(args.config) if args.config else (path if path.is_dir() else path.parent) / "grading.toml"
    tables: list[dict[str, Any]] = []
    if args.config or config.is_file():
        settings.update(read_config(config))
        tables = read_rubric(config)
    settings.update({k: v for k, v in vars(args).items() if k in DEFAULTS and v is not None})
    if args.seeds:
        settings["seed"] = read_seeds(args.seeds, path if path.is_dir() else path.parent)
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
    for key in ("games", "check_games", "copy_games"):
        if not isinstance(settings[key], int) or settings[key] < (1 if key == "copy_games" else 2):
            raise ValueError(f"{key} must be a whole number, at least {1 if key == 'copy_games' else 2}"
                             + (" (a paired test needs two deals)" if key != "copy_games" else ""))
    if settings["copy_check"] is None:
        settings["copy_check"] = [name for name in game.agents if name != "random"]
    unknown = [name for name in settings["copy_check"] if name not in game.agents]
    if unknown:
        raise ValueError(f"copy_check: no built-in agent {', '.join(unknown)} in {game.title}")
    if args.against and tables:  # a quick match against one built-in, in place of the rubric's
        tables = [t for t in tables[:1] if "against" not in t] + [
            {"name": ENGLISH("grade.tier.beats", against=args.against), "points": 90, "against": args.against}]
    overrides = {key: getattr(args, key) for key in ("games", "alpha") if getattr(args, key) is not None}
    tables = [{**t, **overrides} if "against" in t else t for t in tables]
    return settings, tiers_from(tables, settings, game)


def _toml(path: str | Path) -> dict[str, Any]:
    with Path(path).open("rb") as f:
        return tomllib.load(f)


def read_config(path: str | Path) -> dict[str, Any]:
    """The `[grading]` table of the TOML file at `path`, its keys checked against `DEFAULTS` (an unknown key is a
    ValueError that names it); `{}` if the file has no such table. A `[private]` table is refused: the config is
    handed to students."""
    document = _toml(path)
    if "private" in document:
        raise ValueError(f"{path}: a [private] table does not belong in a grading config (students get it): put "
                         f"private seeds in a file of their own, outside the students' folder, and give --seeds FILE")
    table = document.get("grading", {})
    unknown = sorted(set(table) - set(DEFAULTS))
    if unknown:
        raise ValueError(f"{path}: unknown setting(s) {', '.join(unknown)} in [grading]; known: {', '.join(DEFAULTS)}")
    return table


def read_rubric(path: str | Path) -> list[dict[str, Any]]:
    """The `[[rubric]]` tables of the grading config at `path` (checked by `egonb.rubric.tiers_from`)."""
    tables = _toml(path).get("rubric", [])
    if not isinstance(tables, list):
        raise ValueError(f"{path}: rubric must be a list of tables, [[rubric]]")
    return tables


def read_seeds(path: str | Path, submissions: Path) -> int:
    """The private seed in `path` (a `[private]` table with `seed`); a file inside `submissions` is refused."""
    path = Path(path)
    if path.resolve().is_relative_to(submissions.resolve()):
        raise ValueError(f"--seeds: {path} is inside the submissions' folder {submissions}: keep private seeds "
                         f"where no student's file can read them")
    seed = _toml(path).get("private", {}).get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"--seeds: {path} needs a [private] table with `seed`, a whole number, 0 or more")
    return seed
