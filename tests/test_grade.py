"""`egonb grade FILE`: the "Beat greedy" assignment's rubric (clean, beats random, beats greedy): its skeleton earns
the first tier only, a copy of greedy is flagged and earns no "beats" tier, a Monte-Carlo agent earns full points; a
broken or faulty agent earns nothing, with what to fix. Grading a course's folder is in tests/test_course.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from egonb.agentfile import load_agent
from egonb.classroom import GAMES
from egonb.cli import main
from egonb.copycheck import copied_from
from egonb.games.egocentric_world.rules import Rules

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


def test_the_skeleton_is_clean_but_does_not_beat_random_so_greedy_is_not_played(capsys) -> None:
    status, out = grade(capsys, str(ASSIGNMENT / "agent.py"), "--games", "20", "--workers", "1")
    assert status == 1
    assert "1. Is the agent clean?" in out and "  OK" in out, "the skeleton plays legal moves from its rng"
    assert "FAIL: not significantly better than random (" in out
    assert "3. Beats greedy significantly: not played, the tier before it was not earned" in out
    assert out.endswith("Points:\n  Loads and plays cleanly        10 / 10\n  Beats random                    0 / 20\n"
                        "  Beats greedy significantly      0 / 70\n  total                          10 / 100\n")


def test_against_on_the_command_line_plays_one_match_after_the_clean_tier(capsys) -> None:
    status, out = grade(capsys, str(ASSIGNMENT / "agent.py"), "--against", "greedy", "--games", "20", "--workers", "1")
    assert status == 1
    assert "FAIL: greedy does better (greedy beats my-agent by " in out
    assert "Beats random" not in out and "  total                          10 / 100" in out


def test_a_copy_of_greedy_is_flagged_and_earns_no_match_tier(capsys) -> None:
    status, out = grade(capsys, str(AGENTS / "greedy_copy.py"), *CONFIG, "--games", "10", "--workers", "1")
    assert status == 1
    assert "Copy check: plays exactly like the built-in agent 'greedy' on all 3 one-round test deals" in out
    assert "PASS: greedy-copy beats random by " in out, "it beats random, as greedy does"
    assert "Beats random: 0 of 20 points, as a copy of greedy (the rubric's copy_points)" in out
    assert "FAIL: not significantly better than greedy (no significant difference between greedy-copy and " \
           "greedy: these deals cannot tell them apart (the same on average, 95 % CI 0.0–0.0, p = 1.00))" in out
    assert "  total                          10 / 100" in out


@pytest.mark.parametrize(("file", "copied"), [("greedy_by_hand.py", "greedy"),
                                              ("monte_carlo_import.py", "monte-carlo")])
def test_a_hand_copied_greedy_and_an_imported_monte_carlo_are_flagged(file, copied) -> None:
    _, agent = load_agent(AGENTS / file)
    assert copied_from(agent, GAMES["egocentric-world"], Rules.solo_game(2, full_game=False), seed=2026, deals=3,
                       builtins=["greedy", "citybot-style", "monte-carlo", "ismcts"]) == copied


def test_a_monte_carlo_agent_passes(capsys) -> None:
    status, out = grade(capsys, str(AGENTS / "monte_carlo.py"), *CONFIG, *PASSING)
    assert status == 0, out
    assert "Copy check: plays like none of the built-in agents" in out, "more simulations than the built-in's"
    assert "PASS: monte-carlo beats greedy by " in out and "  total                         100 / 100" in out


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


def test_private_seeds_replace_the_practice_seed_and_must_sit_outside_the_submissions(capsys, tmp_path) -> None:
    seeds = tmp_path / "seeds.toml"
    seeds.write_text("[private]\nseed = 4242\n")
    status, out = grade(capsys, str(AGENTS / "crashes_sometimes.py"), *CONFIG, "--seeds", str(seeds))
    assert status == 1 and "seed 4242" in out and "seed 4242, move" in out, "the check plays the private deals"
    inside = AGENTS / "seeds.toml"
    with pytest.raises(SystemExit):
        main(["grade", str(AGENTS / "crashes_sometimes.py"), "--seeds", str(inside)])
    assert "is inside the submissions' folder" in capsys.readouterr().err
    seeds.write_text("[private]\nseed = 'x'\n")
    with pytest.raises(SystemExit):
        main(["grade", str(AGENTS / "crashes_sometimes.py"), "--seeds", str(seeds)])
    assert "needs a [private] table with `seed`" in capsys.readouterr().err


@pytest.mark.parametrize(("toml", "message"), [
    ("[private]\nseed = 1\n", "a [private] table does not belong in a grading config"),
    ("[[rubric]]\nname = 'a'\npoints = 1\nagainst = 'random'\nweight = 2\n", "unknown key(s) weight"),
    ("[[rubric]]\nname = 'a'\npoints = 1\nagainst = 'random'\n[[rubric]]\nname = 'b'\npoints = 1\n",
     "only the first tier may be the clean one"),
    ("[[rubric]]\nname = 'a'\npoints = 1\nagainst = 'chess-engine'\n", "against must be a built-in agent"),
    ("[[rubric]]\nname = 'a'\npoints = 5\nagainst = 'random'\ncopy_points = 6\n", "copy_points must be between"),
    ("[[rubric]]\nname = 'a'\npoints = 5\nagainst = 'random'\ngoal = 'draw'\n", "goal must be one of beat, match"),
    ("[[rubric]]\nname = 'a'\n", "needs a `name` and its `points`"),
])
def test_a_bad_rubric_is_refused_before_any_game(capsys, tmp_path, toml, message) -> None:
    config = tmp_path / "grading.toml"
    config.write_text(toml)
    with pytest.raises(SystemExit):
        main(["grade", str(ASSIGNMENT / "agent.py"), "--config", str(config)])
    assert message in capsys.readouterr().err


def test_a_match_goal_is_earned_unless_the_built_in_is_significantly_ahead(capsys, tmp_path) -> None:
    config = tmp_path / "grading.toml"
    config.write_text("[grading]\ndifficulty = 1\nseed = 3\n[[rubric]]\nname = 'As good as random'\npoints = 1\n"
                      "against = 'random'\ngoal = 'match'\ngames = 10\n[[rubric]]\nname = 'As good as greedy'\n"
                      "points = 1\nagainst = 'greedy'\ngoal = 'match'\ngames = 10\n")
    status, out = grade(capsys, str(ASSIGNMENT / "agent.py"), "--config", str(config), "--workers", "1")
    assert status == 1
    assert "2. Does it play as well as random?" in out and "PASS: no significant difference between" in out
    assert "FAIL: greedy does better (greedy beats my-agent by " in out
    assert out.endswith("  As good as random      1 / 1\n  As good as greedy      0 / 1\n"
                        "  total                  1 / 2\n")


def test_without_a_rubric_a_copy_is_flagged_but_keeps_its_points(capsys, tmp_path) -> None:
    config = tmp_path / "grading.toml"
    config.write_text("[grading]\ndifficulty = 1\nseed = 5\n")
    status, out = grade(capsys, str(AGENTS / "greedy_copy.py"), "--config", str(config), "--against", "random",
                        "--games", "12", "--workers", "1")
    assert "Copy check: plays exactly like the built-in agent 'greedy'" in out
    assert status == 0 and "  total                         100 / 100" in out, out
