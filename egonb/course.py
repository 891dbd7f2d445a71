"""Grading a course: `egonb grade FOLDER --out DIR` grades every submission in FOLDER on the rubric.

A submission is a `.py` file in FOLDER, or a folder in FOLDER holding the agent file (`agent_file`, by default
`agent.py`, found at any depth; else the folder's only `.py` file). Names starting with `_` or `.` are skipped, as
are other files (an LMS's index files). The student is the file's or the folder's name, trimmed of the ids an LMS
adds: Moodle's `Ada Lovelace_123456_assignsubmission_file_` is "Ada Lovelace", Canvas's `lovelaceada_123_456_agent.py`
is "lovelaceada"; a Gradescope export's `submission_123456` folders keep their names (its
`submission_metadata.yml` says whose each is).

DIR gets `grades.csv` (one row per submission: points, each tier's points, the copy check, faults, the figures)
and, per student, `STUDENT/results.json` (Gradescope's autograder format) and `STUDENT/report.txt` (what the
grader said).
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .messages import ENGLISH
from .rubric import Grade, Item, Tier, assess

_MOODLE = re.compile(r"^(.+?)_\d+_assignsubmission_\w*$")
_CANVAS = re.compile(r"^([a-z]+)(?:_late)?_\d+_\d+_.+$")


@dataclass(frozen=True)
class Submission:
    """One student's submission: the agent file, or None with the reason there is none."""

    student: str
    file: Path | None
    problem: str = ""


def submissions(folder: Path, agent_file: str = "agent.py") -> list[Submission]:
    """The submissions in `folder` (see the module's docstring), in name order, each student named once."""
    found: list[Submission] = []
    for path in sorted(folder.iterdir()):
        if path.name.startswith(("_", ".")):
            continue
        if path.is_file() and path.suffix == ".py":
            found.append(Submission(_student(path.stem, _CANVAS), path))
        elif path.is_dir():
            found.append(_in_folder(path, agent_file))
    seen: dict[str, int] = {}
    named = []
    for sub in found:  # two files that trim to one name keep both, told apart
        seen[sub.student] = seen.get(sub.student, 0) + 1
        student = sub.student if seen[sub.student] == 1 else f"{sub.student}-{seen[sub.student]}"
        named.append(Submission(student, sub.file, sub.problem))
    return named


def _in_folder(path: Path, agent_file: str) -> Submission:
    student = _student(path.name, _MOODLE)
    named = sorted(p for p in path.rglob(agent_file) if p.is_file())
    if len(named) == 1:
        return Submission(student, named[0])
    files = sorted(p for p in path.rglob("*.py") if not p.name.startswith(("_", ".")))
    if not named and len(files) == 1:
        return Submission(student, files[0])
    what = f"{len(named)} files named {agent_file}" if named else f"no {agent_file} and {len(files)} other .py files"
    return Submission(student, None, f"{path.name}: {what}; hand in one {agent_file}")


def _student(name: str, pattern: re.Pattern[str]) -> str:
    match = pattern.match(name)
    return match.group(1) if match else name


def grade_course(folder: Path, out: Path, tiers: list[Tier], settings: dict[str, Any],
                 say: Callable[[str], None]) -> list[tuple[str, Grade]]:
    """Grade every submission in `folder` and write `out` (see the module's docstring); say one line each."""
    graded = []
    out.mkdir(parents=True, exist_ok=True)
    for sub in submissions(folder, settings["agent_file"]):
        lines: list[str] = []
        if sub.file is None:
            failed = ENGLISH("grade.fail", why=sub.problem)
            grade = Grade(folder / sub.student, "", [Item(tier, output=[failed]) for tier in tiers],
                          faults=[sub.problem])
            lines.append(failed)
        else:
            grade = assess(sub.file, tiers, settings, lines.append)
        lines += grade.summary()
        home = out / sub.student
        home.mkdir(exist_ok=True)
        (home / "report.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        (home / "results.json").write_text(json.dumps(grade.results_json(), indent=2) + "\n", encoding="utf-8")
        said = "grade.student" + (".copy" if grade.copy_of else "") + (".faults" if grade.faults else "")
        say(ENGLISH(said, student=sub.student, points=grade.points, max=grade.max_points, agent=grade.copy_of,
                    n=len(grade.faults)))
        graded.append((sub.student, grade))
    write_csv(out / "grades.csv", graded, tiers)
    return graded


def write_csv(path: Path, graded: list[tuple[str, Grade]], tiers: list[Tier]) -> None:
    """One row per submission: student, file, agent, points, max points, each tier's points, the built-in it copies,
    its faults, and each match tier's paired difference (the agent's advantage) and p-value."""
    matches = [tier for tier in tiers if tier.against]
    head = ["student", "file", "agent", "points", "max_points", *(tier.name for tier in tiers), "copy_of", "faults",
            *(f"{column} vs {tier.against}" for tier in matches for column in ("difference", "p"))]
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(head)
        for student, grade in graded:
            writer.writerow([student, grade.file, grade.agent, f"{grade.points:g}", f"{grade.max_points:g}",
                             *(f"{item.points:g}" for item in grade.items), grade.copy_of or "",
                             "; ".join(grade.faults),
                             *(_cell(getattr(item, column)) for item in grade.items if item.tier.against
                               for column in ("difference", "p"))])


def _cell(value: float | None) -> str:
    return "" if value is None else f"{value:.4g}"
