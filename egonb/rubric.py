"""The grader's rubric: tiers of points, and grading one agent file against them (`egonb grade` uses it for one file
and for a course's folder).

A rubric is a list of tiers, in order, from a grading config's `[[rubric]]` tables (see `docs/CLASSROOM.md`):

- the **clean** tier (no `against`): `check_agent` finds no problem (exceptions, illegal or slow moves,
  non-determinism, its own random generators, endless games);
- **match** tiers (`against = "greedy"`): the agent and that built-in play the same `games` deals, and the tier is
  earned, with no game forfeited, when the agent is ahead and the paired difference is significant (p < `alpha`);
  or, with `goal = "match"`, when the built-in is not significantly ahead (a tier "plays as well as greedy": it needs
  enough games to tell a weaker agent, so put a "beats" tier before it).

A tier is played only when the one before it was earned (an agent that does not beat random is not matched against
greedy). An agent that plays exactly like a built-in agent (`egonb.copycheck`) earns `copy_points` on a tier it
earns (default: 0 on a match tier, the tier's points on the clean tier).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .agentfile import load
from .check import CheckReport, check_agent
from .classroom import ClassGame, class_game
from .copycheck import copied_from
from .tournament import tournament

#: Gradescope's visibility of a test (https://gradescope-autograders.readthedocs.io/en/latest/specs/).
VISIBILITY = ("visible", "hidden", "after_due_date", "after_published")
TIER_KEYS = ("name", "points", "against", "goal", "games", "alpha", "copy_points", "visibility")
GOALS = ("beat", "match")


@dataclass(frozen=True)
class Tier:
    """One line of the rubric: `against` None is the clean tier."""

    name: str
    points: float
    against: str | None = None
    goal: str = "beat"
    games: int = 100
    alpha: float = 0.05
    copy_points: float = 0.0
    visibility: str = "visible"


@dataclass
class Item:
    """What an agent earned on one tier, and the grader's words for it (`output`)."""

    tier: Tier
    points: float = 0.0
    output: list[str] = field(default_factory=list)
    #: The paired difference with the tier's opponent (the agent's advantage) and its p-value; None if not played.
    difference: float | None = None
    p: float | None = None


@dataclass
class Grade:
    """One submission's grade: its items in the rubric's order, the built-in it copies (if any) and its faults."""

    file: Path
    agent: str
    items: list[Item]
    copy_of: str | None = None
    faults: list[str] = field(default_factory=list)
    header: list[str] = field(default_factory=list)

    @property
    def points(self) -> float:
        return sum(item.points for item in self.items)

    @property
    def max_points(self) -> float:
        return sum(item.tier.points for item in self.items)

    def summary(self) -> list[str]:
        """The rubric's lines: points per tier, then the total."""
        width = max(len(item.tier.name) for item in self.items)
        lines = [f"  {item.tier.name:<{width}}  {_num(item.points):>5} / {_num(item.tier.points)}"
                 for item in self.items]
        return ["Points:", *lines, f"  {'total':<{width}}  {_num(self.points):>5} / {_num(self.max_points)}"]

    def results_json(self) -> dict[str, Any]:
        """Gradescope's autograder results (https://gradescope-autograders.readthedocs.io/en/latest/specs/): one test
        per tier."""
        tests = [{"name": item.tier.name, "score": item.points, "max_score": item.tier.points,
                  "status": "passed" if item.points >= item.tier.points else "failed",
                  "output": "\n".join(item.output), "visibility": item.tier.visibility} for item in self.items]
        return {"score": self.points, "max_score": self.max_points,
                "output": "\n".join([*self.header, *self.summary()]), "visibility": "visible", "tests": tests}


def tiers_from(tables: list[dict[str, Any]], settings: dict[str, Any], played: ClassGame) -> list[Tier]:
    """The rubric's tiers from a config's `[[rubric]]` tables (or, with none, a clean tier worth 10 points and one
    match against `settings["against"]` worth 90, where a copy is flagged but keeps its points: a rubric decides what
    a flag costs); a match's `games` and `alpha` default to the settings'. Each table is checked: a bad one is a
    ValueError that names it."""
    if not tables:
        tables = [{"name": "Loads and plays cleanly", "points": 10},
                  {"name": f"Beats {settings['against']} significantly", "points": 90, "against": settings["against"],
                   "copy_points": 90}]
    tiers = []
    for i, table in enumerate(tables, 1):
        where = f"[[rubric]] {i} ({table.get('name', 'no name')})"
        unknown = sorted(set(table) - set(TIER_KEYS))
        if unknown:
            raise ValueError(f"{where}: unknown key(s) {', '.join(unknown)}; known: {', '.join(TIER_KEYS)}")
        if not isinstance(table.get("name"), str) or not _is_number(table.get("points")) or table["points"] < 0:
            raise ValueError(f"{where}: needs a `name` and its `points` (a number, 0 or more)")
        against = table.get("against")
        if against is None and i != 1:
            raise ValueError(f"{where}: only the first tier may be the clean one (no `against`)")
        if against is not None and against not in played.agents:
            raise ValueError(f"{where}: against must be a built-in agent of {played.title} "
                             f"({', '.join(played.agents)}), got {against!r}")
        tier = Tier(table["name"], table["points"], against, table.get("goal", "beat"),
                    table.get("games", settings["games"]),
                    table.get("alpha", settings["alpha"]),
                    table.get("copy_points", 0 if against else table["points"]), table.get("visibility", "visible"))
        if not isinstance(tier.games, int) or tier.games < 2:
            raise ValueError(f"{where}: games must be a whole number, at least 2 (a paired test needs two deals)")
        if not _is_number(tier.alpha) or not 0 < tier.alpha < 1:
            raise ValueError(f"{where}: alpha must be between 0 and 1, got {tier.alpha}")
        if not _is_number(tier.copy_points) or not 0 <= tier.copy_points <= tier.points:
            raise ValueError(f"{where}: copy_points must be between 0 and the tier's points")
        if tier.goal not in GOALS:
            raise ValueError(f"{where}: goal must be one of {', '.join(GOALS)}, got {tier.goal!r}")
        if tier.visibility not in VISIBILITY:
            raise ValueError(f"{where}: visibility must be one of {', '.join(VISIBILITY)}")
        tiers.append(tier)
    return tiers


def assess(file: str | Path, tiers: list[Tier], settings: dict[str, Any],
           say: Callable[[str], None] = lambda text: None) -> Grade:
    """Grade the agent in `file` on `tiers` with checked `settings` (see `egonb.grade`), saying each step."""
    played = class_game(settings["game"])
    entry = load(file)
    grade = Grade(Path(file), entry.name, [Item(tier) for tier in tiers])
    if entry.agent is None:
        grade.faults.append(f"{file} {entry.error}")
        _tell(grade, grade.items, say, f"FAIL: {file} {entry.error}")
        return grade
    rules, checked = _rules(played, settings, settings["full_game"]), _rules(played, settings, False)
    players = settings["players"]
    table = f"solo games at difficulty {settings['difficulty']}" if players == 1 else f"{players}-player games"
    length = "full" if getattr(rules, "full_game", True) else "one-round"
    grade.header = [f"Grading {entry.name} ({file}): {length} {played.title} {table}, seed {settings['seed']}"]
    first = 1 if tiers[0].against is None else 2  # step 1 is the check, a tier of its own or not
    for n, tier in enumerate(tiers, first):
        what = (f"{tier.games} deals of {length} {played.title} {table}, against {tier.against}, significance level "
                f"{tier.alpha}" if tier.against else f"check_agent, {settings['check_games']} games")
        grade.header.append(f"  {n}. {tier.name} ({_num(tier.points)} points): {what}")
    for line in grade.header:
        say(line)
    say("")
    clean = grade.items[0] if tiers[0].against is None else Item(Tier("clean", 0))
    _tell(grade, [clean], say, f"1. Is the agent clean? ({settings['check_games']} "
                               f"{'one-round ' if hasattr(checked, 'full_game') else ''}games, each played twice)")
    # One limit for a move, the assignment's: a move is slow only when the tournament would forfeit it, so a busy
    # machine (a class grading at once) does not fail an agent that keeps to the limit.
    report = check_agent(entry.agent, checked, games=settings["check_games"], seed=settings["seed"],
                         slow_ms=settings["time_limit"] * 1000, time_limit=settings["time_limit"])
    _tell(grade, [clean], say, str(report) + "\n")
    if not report.ok:
        grade.faults.append(f"check_agent: {_problem(report)}")
        _tell(grade, grade.items, say, "FAIL: the agent has problems (above). Fix them first: each names the seed of "
              "a game that shows it (egonb.play.play([agent], rules, seed=…) replays it) and, for an exception, the "
              "line of your code.")
        return grade
    clean.points = clean.tier.points
    if settings["copy_check"]:
        grade.copy_of = copied_from(entry.agent, played, checked, seed=settings["seed"],
                                    deals=settings["copy_games"], builtins=settings["copy_check"])
        deals = f"{settings['copy_games']} one-round test deals" if hasattr(checked, "full_game") else \
            f"{settings['copy_games']} test deals"
        _tell(grade, grade.items, say, f"Copy check: plays exactly like the built-in agent {grade.copy_of!r} on all "
              f"{deals} (the same moves with the same generators): a copy" if grade.copy_of else
              f"Copy check: plays like none of the built-in agents {', '.join(settings['copy_check'])} "
              f"({deals})")
        _tell(grade, grade.items, say, "")
    earned = True
    for n, item in enumerate(grade.items, first):
        if item.tier.against is None:
            continue
        if not earned:
            _tell(grade, [item], say, f"{n}. {item.tier.name}: not played, the tier before it was not earned")
            continue
        earned = _match(grade, item, n, entry.name, entry.agent, played, rules, settings, say)
    for item in grade.items:
        if grade.copy_of and item.points > 0 and item.tier.copy_points < item.points:
            item.points = item.tier.copy_points
            _tell(grade, [item], say, f"  {item.tier.name}: {_num(item.points)} of {_num(item.tier.points)} points, "
                                      f"as a copy of {grade.copy_of} (the rubric's copy_points)")
    return grade


def _match(grade: Grade, item: Item, n: int, name: str, agent: object, played: ClassGame, rules: Any,
           settings: dict[str, Any], say: Callable[[str], None]) -> bool:
    """Play one match tier; True if it is earned."""
    tier = item.tier
    against = str(tier.against)
    mine = name if name != against else f"{name} (yours)"
    question = "beat" if tier.goal == "beat" else "play as well as"
    _tell(grade, [item], say, f"{n}. Does it {question} {against}? (the same deals for both; a difference is "
                              f"significant when p < {tier.alpha})")
    result = tournament({mine: agent, against: played.agent(against)}, rules, games=tier.games, seed=settings["seed"],
                        time_limit=settings["time_limit"], workers=settings["workers"], progress=False,
                        baseline=against)
    _tell(grade, [item], say, result.table())
    comparison = result.compare(mine, against)
    diff = comparison.difference
    item.difference, item.p = diff.mean, diff.p
    faults = result.faults()
    if faults:
        grade.faults.append(f"{len(faults)} game(s) forfeited against {against}; the first: {faults[0][1]}")
        _tell(grade, [item], say, f"FAIL: {len(faults)} game(s) forfeited by a fault; the first: {faults[0][1]}\n")
        return False
    behind = diff.mean < 0 and diff.p < tier.alpha
    if (diff.mean > 0 and diff.p < tier.alpha) or (tier.goal == "match" and not behind):
        item.points = tier.points
        _tell(grade, [item], say, f"PASS: {comparison.verdict}\n")
        return True
    if behind:
        _tell(grade, [item], say, f"FAIL: {against} does better ({comparison.verdict}). Compare your choices with "
              f"{against}'s in a few games: egonb.play.play([agent], rules, seed=…) prints a game's transcript.\n")
    else:
        _tell(grade, [item], say, f"FAIL: not significantly better than {against} ({comparison.verdict}). With "
              f"{tier.games} deals a real advantage shows as p < {tier.alpha}: make the agent clearly stronger "
              f"(look at the games it loses).\n")
    return False


def _rules(played: ClassGame, settings: dict[str, Any], full: bool) -> Any:
    if played.solo_table is not None and settings["players"] == 1:
        return played.solo_table(settings["difficulty"], full)
    return played.table(settings["players"], full)


def _tell(grade: Grade, items: list[Item], say: Callable[[str], None], text: str) -> None:
    """Say `text` and keep it in the output of `items` (each tier's own text for Gradescope)."""
    say(text)
    for item in items:
        item.output.append(text)


def _problem(report: CheckReport) -> str:
    """The check's first problem, in one line (a CSV cell)."""
    for kind, found in (("exception", report.exceptions), ("illegal move", report.illegal),
                        ("slow move", report.slow), ("own random generator", report.generators)):
        if found:
            return f"{len(found)} {kind}(s), the first: {found[0].splitlines()[0]}"
    if report.nondeterministic:
        return f"non-deterministic games, seeds {report.nondeterministic}"
    if report.unfinished:
        return f"games that never ended, seeds {report.unfinished}"
    return "no move made"


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _num(x: float) -> str:
    return f"{x:g}"
