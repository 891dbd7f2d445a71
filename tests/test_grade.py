"""`egonb grade`: the "Beat greedy" assignment's skeleton fails, a copy of greedy fails (not better), a Monte-Carlo
agent passes; a broken or faulty agent fails with what to fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from egonb.cli import main

ROOT = Path(__file__).resolve().parent.parent
ASSIGNMENT = ROOT / "assignments" / "beat-greedy"
AGENTS = Path(__file__).resolve().parent / "grade_agents"
CONFIG = ["--config", str(ASSIGNMENT / "grading.toml")]
#: Flat Monte-Carlo with 60 simulations a move wins about 35 percentage points more games than greedy at difficulty 2
#: (30 deals: p = 0.03, 0.003, 0.001, 0.005 with seeds 0-3). Seed 2 over 24 deals: 41.7 points, 95 % CI 20.4-62.9,
#: p < 0.001, far inside alpha = 0.05.
PASSING = ["--games", "24", "--seed", "2", "--workers", "2"]


def grade(capsys, *args: str) -> tuple[int, str]:
    status = main(["grade", *args])
    return status, capsys.readouterr().out


def test_the_skeleton_is_clean_but_fails_against_greedy(capsys) -> None:
    status, out = grade(capsys, str(ASSIGNMENT / "agent.py"), "--games", "20", "--workers", "1")
    assert status == 1
    assert "1. Is the agent clean?" in out and "  OK" in out, "the skeleton plays legal moves from its rng"
    assert "FAIL: greedy does better (greedy beats my-agent by " in out


def test_a_copy_of_greedy_fails_because_it_is_not_better(capsys) -> None:
    status, out = grade(capsys, str(AGENTS / "greedy_copy.py"), *CONFIG, "--games", "10", "--workers", "1")
    assert status == 1
    assert "FAIL: not significantly better than greedy (no significant difference between greedy-copy and " \
           "greedy (greedy-copy ahead by 0.0 percentage points of games won, 95 % CI 0.0–0.0, p = 1.00))" in out


def test_a_monte_carlo_agent_passes(capsys) -> None:
    status, out = grade(capsys, str(AGENTS / "monte_carlo.py"), *CONFIG, *PASSING)
    assert status == 0, out
    assert "PASS: monte-carlo beats greedy by " in out


def test_an_agent_with_a_bug_fails_the_check_with_its_line(capsys) -> None:
    status, out = grade(capsys, str(AGENTS / "crashes_sometimes.py"), *CONFIG, "--games", "5")
    assert status == 1 and "2. Does it beat" not in out
    assert "crashes_sometimes.py:6 in agent: raise ValueError(\"not written yet\")" in out
    assert "FAIL: the agent has problems (above)" in out


def test_a_file_that_cannot_be_loaded_fails_with_the_reason(capsys, tmp_path) -> None:
    broken = tmp_path / "agent.py"
    broken.write_text("def agent(view)\n    return 0\n")
    status, out = grade(capsys, str(broken))
    assert status == 1 and "cannot be loaded: SyntaxError: expected ':' (line 1)" in out
    empty = tmp_path / "empty.py"
    empty.write_text("x = 1\n")
    assert grade(capsys, str(empty))[1].startswith(f"FAIL: {empty} defines no agent: write a function `agent(view)`")


@pytest.mark.parametrize(("args", "message"), [(["--against", "nobody"], "--against must be a built-in agent"),
                                               (["--alpha", "2"], "--alpha must be between 0 and 1"),
                                               (["--games", "1"], "games must be a whole number, at least 2")])
def test_bad_options_are_refused_before_any_game(capsys, args, message) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["grade", str(ASSIGNMENT / "agent.py"), *args])
    assert stop.value.code == 2 and message in capsys.readouterr().err


def test_a_config_with_an_unknown_setting_is_refused(capsys, tmp_path) -> None:
    config = tmp_path / "grading.toml"
    config.write_text("[grading]\ngames = 10\nrounds = 3\n")
    with pytest.raises(SystemExit):
        main(["grade", str(ASSIGNMENT / "agent.py"), "--config", str(config)])
    assert "unknown setting(s) rounds" in capsys.readouterr().err
