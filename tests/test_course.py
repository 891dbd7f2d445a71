"""`egonb grade FOLDER --out DIR`: a course's submissions graded on the rubric, to a CSV and one Gradescope
results.json per student (egonb.course). Students are named from LMS exports (Moodle, Canvas, Gradescope folders);
a one-line import of the built-in Monte-Carlo agent is flagged as a copy; private seeds inside the folder are
refused."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from egonb.cli import main
from egonb.course import submissions

AGENTS = Path(__file__).resolve().parent / "grade_agents"
SKELETON = Path(__file__).resolve().parent.parent / "assignments" / "beat-greedy" / "agent.py"
#: Short: one-round games, two deals a match, one copy-check deal. What is tested is the bookkeeping.
RUBRIC = """[grading]
difficulty = 1
full_game = false
check_games = 2
copy_games = 1
seed = 7

[[rubric]]
name = "Loads and plays cleanly"
points = 10

[[rubric]]
name = "Beats random"
points = 30
against = "random"
games = 2
alpha = 0.5
visibility = "after_published"
"""


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> tuple[Path, int, str]:
    """A class of four: bob hands in a file, the others folders as an LMS exports them; one folder has no agent."""
    root = tmp_path_factory.mktemp("course")
    folder = root / "submissions"
    (folder / "Ada Lovelace_1234_assignsubmission_file_" / "code").mkdir(parents=True)
    (folder / "Ada Lovelace_1234_assignsubmission_file_" / "code" / "agent.py").write_text(
        (AGENTS / "crashes_sometimes.py").read_text())
    (folder / "submission_77").mkdir()
    (folder / "submission_77" / "mine.py").write_text(SKELETON.read_text())
    (folder / "carol").mkdir()
    (folder / "carol" / "notes.txt").write_text("I forgot the file\n")
    (folder / "bob.py").write_text((AGENTS / "monte_carlo_import.py").read_text())
    (folder / "_teacher.py").write_text("raise SystemExit('never loaded')\n")
    (root / "grading.toml").write_text(RUBRIC)
    (root / "seeds.toml").write_text("[private]\nseed = 31\n")
    out = root / "grades"
    status = main(["grade", str(folder), "--config", str(root / "grading.toml"), "--seeds", str(root / "seeds.toml"),
                   "--out", str(out), "--workers", "1"])
    return out, status, str(folder)


def test_submissions_are_found_as_lms_exports_lay_them_out(tmp_path) -> None:
    (tmp_path / "lovelaceada_123_456_agent.py").write_text("")
    (tmp_path / "two").mkdir()
    for name in ("a", "b"):
        (tmp_path / "two" / name).mkdir()
        (tmp_path / "two" / name / "agent.py").write_text("")
    (tmp_path / "index.csv").write_text("")
    found = submissions(tmp_path)
    assert [(s.student, s.file and s.file.name) for s in found] == [("lovelaceada", "lovelaceada_123_456_agent.py"),
                                                                   ("two", None)]
    assert found[1].problem == "two: 2 files named agent.py; hand in one agent.py"


def test_the_csv_has_a_row_per_student_with_points_copies_faults_and_figures(course) -> None:
    out, status, _ = course
    assert status == 0
    with (out / "grades.csv").open(newline="") as f:
        rows = {row["student"]: row for row in csv.DictReader(f)}
    assert sorted(rows) == ["Ada Lovelace", "bob", "carol", "submission_77"]
    assert list(rows["bob"])[:9] == ["student", "file", "agent", "points", "max_points", "Loads and plays cleanly",
                                     "Beats random", "copy_of", "faults"]
    assert list(rows["bob"])[9:] == ["difference vs random", "p vs random"]
    bob = rows["bob"]
    assert (bob["copy_of"], bob["Loads and plays cleanly"], bob["max_points"]) == ("monte-carlo", "10", "40")
    assert bob["Beats random"] == "0" and bob["points"] == "10", "a copy earns no match tier"
    ada = rows["Ada Lovelace"]
    assert ada["points"] == "0" and ada["file"].endswith("code/agent.py")
    assert ada["faults"].startswith("check_agent: 2 exceptions, the first: seed 31, move ")
    assert "ValueError: not written yet" in ada["faults"], "the private seed, and the error"
    assert rows["carol"]["faults"] == "carol: no agent.py and 0 other .py files; hand in one agent.py"
    skeleton = rows["submission_77"]
    assert skeleton["agent"] == "my-agent" and skeleton["copy_of"] == "" and skeleton["Loads and plays cleanly"] == "10"
    assert skeleton["difference vs random"] != "" and skeleton["p vs random"] != ""


def test_each_student_gets_a_gradescope_results_json_and_the_grader_s_report(course) -> None:
    out = course[0]
    result = json.loads((out / "bob" / "results.json").read_text())
    assert (result["score"], result["max_score"]) == (10, 40)
    assert [(t["name"], t["score"], t["max_score"], t["status"], t["visibility"]) for t in result["tests"]] == [
        ("Loads and plays cleanly", 10, 10, "passed", "visible"),
        ("Beats random", 0, 30, "failed", "after_published")]
    assert "plays exactly like the built-in agent 'monte-carlo'" in result["tests"][1]["output"]
    assert "seed 31" in result["output"]
    carol = json.loads((out / "carol" / "results.json").read_text())
    assert carol["score"] == 0 and all("no agent.py" in t["output"] for t in carol["tests"])
    assert "check_agent(" in (out / "Ada Lovelace" / "report.txt").read_text()


def test_a_seeds_file_inside_the_submissions_is_refused(course, capsys) -> None:
    folder = Path(course[2])
    (folder / "_seeds.toml").write_text("[private]\nseed = 1\n")
    with pytest.raises(SystemExit):
        main(["grade", str(folder), "--seeds", str(folder / "_seeds.toml"), "--out", str(folder.parent / "x")])
    assert "is inside the submissions' folder" in capsys.readouterr().err
    assert not (folder.parent / "x").exists(), "refused before anything is written"
