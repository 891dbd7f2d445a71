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

from .check import CheckReport, check_agent
from .classroom import ClassGame, class_game
from .copycheck import copied_from
from .messages import ENGLISH
from .sandbox import Limits, builtin, close_servers, load_files
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
        total = ENGLISH("grade.total")
        return [ENGLISH("grade.points"), *lines,
                f"  {total:<{width}}  {_num(self.points):>5} / {_num(self.max_points)}"]

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
        tables = [{"name": ENGLISH("grade.tier.clean"), "points": 10},
                  {"name": ENGLISH("grade.tier.beats", against=settings["against"]), "points": 90,
                   "against": settings["against"], "copy_points": 90}]
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
    """Grade the agent in `file` on `tiers` with checked `settings` (see `egonb.grade`), saying each step. The file
    plays in processes of its own (`egonb.sandbox`; `settings` may give `memory_mb` and `isolate_builtins`), which
    end with its grade."""
    try:
        return _assess(file, tiers, settings, say)
    finally:
        close_servers()


def _limits(settings: dict[str, Any]) -> Limits:
    return Limits(memory_mb=settings.get("memory_mb", Limits.memory_mb))


def _assess(file: str | Path, tiers: list[Tier], settings: dict[str, Any], say: Callable[[str], None]) -> Grade:
    played = class_game(settings["game"])
    (entry,) = load_files([Path(file)], _limits(settings))
    grade = Grade(Path(file), entry.name, [Item(tier) for tier in tiers])
    if entry.agent is None:
        grade.faults.append(f"{file} {entry.error}")
        _tell(grade, grade.items, say, ENGLISH("grade.fail", why=f"{file} {entry.error}"))
        return grade
    rules, checked = _rules(played, settings, settings["full_game"]), _rules(played, settings, False)
    players = settings["players"]
    # which games: full or one-round, solo or at a table (one message each)
    kind = ("full" if getattr(rules, "full_game", True) else "round") + (".solo" if players == 1 else ".table")
    game = {"game": played.title, "level": settings["difficulty"], "players": players}
    grade.header = [ENGLISH(f"grade.header.{kind}", agent=entry.name, file=file, seed=settings["seed"], **game)]
    first = 1 if tiers[0].against is None else 2  # step 1 is the check, a tier of its own or not
    for n, tier in enumerate(tiers, first):
        what = ENGLISH(f"grade.step.{kind}", games=tier.games, against=tier.against, alpha=tier.alpha, **game) \
            if tier.against else ENGLISH("grade.step.check", games=settings["check_games"])
        grade.header.append("  " + ENGLISH("grade.step", n=n, tier=tier.name, points=_num(tier.points), what=what))
    for line in grade.header:
        say(line)
    say("")
    clean = grade.items[0] if tiers[0].against is None else Item(Tier("clean", 0))
    _tell(grade, [clean], say, ENGLISH("grade.clean.round" if hasattr(checked, "full_game") else "grade.clean",
                                       games=settings["check_games"]))
    # One limit for a move, the assignment's: a move is slow only when the tournament would forfeit it, so a busy
    # machine (a class grading at once) does not fail an agent that keeps to the limit.
    report = check_agent(entry.agent, checked, games=settings["check_games"], seed=settings["seed"],
                         slow_ms=settings["time_limit"] * 1000, time_limit=settings["time_limit"])
    _tell(grade, [clean], say, str(report) + "\n")
    if not report.ok:
        grade.faults.append(f"check_agent: {_problem(report)}")
        _tell(grade, grade.items, say, ENGLISH("grade.fail.check"))
        return grade
    clean.points = clean.tier.points
    if settings["copy_check"]:
        grade.copy_of = copied_from(entry.agent, played, checked, seed=settings["seed"],
                                    deals=settings["copy_games"], builtins=settings["copy_check"])
        said = ("grade.copy" if grade.copy_of else "grade.copy.none") + (
            ".round" if hasattr(checked, "full_game") else "")
        _tell(grade, grade.items, say, ENGLISH(said, agent=repr(grade.copy_of), games=settings["copy_games"],
                                               agents=", ".join(settings["copy_check"])))
        _tell(grade, grade.items, say, "")
    earned = True
    for n, item in enumerate(grade.items, first):
        if item.tier.against is None:
            continue
        if not earned:
            _tell(grade, [item], say, ENGLISH("grade.not_played", n=n, tier=item.tier.name))
            continue
        earned = _match(grade, item, n, entry.name, entry.agent, played, rules, settings, say)
    for item in grade.items:
        if grade.copy_of and item.points > 0 and item.tier.copy_points < item.points:
            item.points = item.tier.copy_points
            _tell(grade, [item], say, ENGLISH("grade.copy_points", tier=item.tier.name, points=_num(item.points),
                                              max=_num(item.tier.points), agent=grade.copy_of))
    return grade


def _match(grade: Grade, item: Item, n: int, name: str, agent: object, played: ClassGame, rules: Any,
           settings: dict[str, Any], say: Callable[[str], None]) -> bool:
    """Play one match tier; True if it is earned."""
    tier = item.tier
    against = str(tier.against)
    mine = name if name != against else ENGLISH("grade.yours", name=name)
    _tell(grade, [item], say, ENGLISH(f"grade.ask.{tier.goal}", n=n, against=against, alpha=tier.alpha))
    opponent = builtin(settings["game"], against, _limits(settings)) if settings.get("isolate_builtins") \
        else played.agent(against)
    result = tournament({mine: agent, against: opponent}, rules, games=tier.games, seed=settings["seed"],
                        time_limit=settings["time_limit"], workers=settings["workers"], progress=False,
                        baseline=against)
    _tell(grade, [item], say, result.table())
    comparison = result.compare(mine, against)
    diff = comparison.difference
    item.difference, item.p = diff.mean, diff.p
    faults = result.faults()
    if faults:
        grade.faults.append(ENGLISH("grade.forfeited", n=len(faults), against=against, fault=faults[0][1]))
        _tell(grade, [item], say, ENGLISH("grade.fail.forfeited", n=len(faults), fault=faults[0][1]) + "\n")
        return False
    behind = diff.mean < 0 and diff.p < tier.alpha
    if (diff.mean > 0 and diff.p < tier.alpha) or (tier.goal == "match" and not behind):
        item.points = tier.points
        _tell(grade, [item], say, ENGLISH("grade.pass", verdict=comparison.verdict) + "\n")
        return True
    if behind:
        _tell(grade, [item], say, ENGLISH("grade.fail.behind", against=against, verdict=comparison.verdict) + "\n")
    else:
        _tell(grade, [item], say, ENGLISH("grade.fail.not_better", against=against, verdict=comparison.verdict,
                                          games=tier.games, alpha=tier.alpha) + "\n")
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
    for kind, found in (("exception", report.exceptions), ("illegal", report.illegal), ("slow", report.slow),
                        ("generator", report.generators)):
        if found:
            return ENGLISH(f"grade.problem.{kind}", n=len(found), first=found[0].splitlines()[0])
    if report.nondeterministic:
        return ENGLISH("grade.problem.nondeterministic", seeds=report.nondeterministic)
    if report.unfinished:
        return ENGLISH("grade.problem.unfinished", seeds=report.unfinished)
    return ENGLISH("grade.problem.no_move")


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _num(x: float) -> str:
    return f"{x:g}"
