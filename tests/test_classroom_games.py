"""The classroom tools play Diverse City too: `egonb ladder --game diverse-city` and
`egonb grade --game diverse-city` seat its own built-ins, score by its rules (G1: higher is better) and refuse what
the game lacks (a solo mode)."""

from __future__ import annotations

from pathlib import Path

import pytest

from egonb.cli import main

AGENT = Path(__file__).resolve().parent / "dc_agents" / "city_planner.py"


def test_a_diverse_city_ladder_seats_its_own_builtins_and_scores_higher_is_better(tmp_path, capsys) -> None:
    out = tmp_path / "ladder"
    assert main(["ladder", str(AGENT), "--game", "diverse-city", "--deals", "2", "--workers", "1",
                 "--out", str(out)]) == 0
    board = (out / "leaderboard.md").read_text()
    rows = [line for line in board.splitlines() if line.startswith("| ") and "agent" not in line]
    names = sorted(line.split(" | ")[1] for line in rows)
    assert names == ["city-planner", "dc-heuristic (built-in)", "random (built-in)"]
    assert "final totals, higher is better (G1)" in board and "lower is better" not in board
    assert all(line.rstrip(" |").endswith("—") for line in rows), "no solo mode, so no challenge games"
    report = (out / "agents" / "city-planner.md").read_text()
    # how to replay its games, on the card table and in Python (egonb.replay)
    assert "egonb replay city-planner.json --index K" in report and "egonb.replay.replay_game(" in report
    assert "replays/" in report  # each game links its replay page


def test_a_diverse_city_grade_plays_its_games_and_a_stronger_agent_passes(capsys) -> None:
    status = main(["grade", str(AGENT), "--game", "diverse-city", "--against", "random", "--games", "12",
                   "--workers", "1"])
    out = capsys.readouterr().out
    assert "12 deals of full Diverse City 2-player games, against random" in out
    assert status == 0 and "PASS: city-planner beats random by " in out, out


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "chess"], "--game: no game 'chess'; there are egocentric-world, diverse-city"),
    (["--game", "diverse-city", "--against", "greedy"], "--against must be a built-in agent of Diverse City"),
])
def test_bad_game_settings_are_refused_before_any_game(capsys, args, message) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["grade", str(AGENT), *args])
    assert stop.value.code == 2 and message in capsys.readouterr().err


def test_a_game_without_a_solo_mode_cannot_be_graded_solo(tmp_path, capsys) -> None:
    config = tmp_path / "grading.toml"
    config.write_text('[grading]\ngame = "diverse-city"\nplayers = 1\n')
    with pytest.raises(SystemExit):
        main(["grade", str(AGENT), "--config", str(config)])
    assert "Diverse City has no solo mode: players must be 2 or more" in capsys.readouterr().err
