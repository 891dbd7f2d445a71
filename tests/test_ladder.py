"""`egonb ladder`: a folder with a good agent, one that raises, one that calls os._exit, one that hangs and one with a
syntax error. Every fault lands on its agent, the ladder finishes, and the good agents' games are those they play
without the faulty ones."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from egonb.agentfile import agent_files, load, load_agent
from egonb.agents import AGENTS
from egonb.cli import main
from egonb.ladder import duel_schedule, rate, run

FOLDER = Path(__file__).resolve().parent / "ladder_agents"


@pytest.fixture
def folder(tmp_path) -> Path:
    """The test agents, and a file with a syntax error (made here, so that ruff never reads it)."""
    copy = tmp_path / "agents"
    copy.mkdir()
    for file in FOLDER.glob("*.py"):
        (copy / file.name).write_text(file.read_text())
    (copy / "broken.py").write_text('"""A syntax error."""\n\n\ndef agent(view)\n    return view.legal_actions[0]\n')
    return copy


def test_a_ladder_records_every_fault_against_its_agent_and_finishes(folder, tmp_path, capsys) -> None:
    out = tmp_path / "board"
    status = main(["ladder", str(folder), "--out", str(out), "--deals", "2", "--builtins", "greedy",
                   "--challenge", "1", "--time-limit", "0.5", "--workers", "2"])
    assert status == 0
    board = (out / "leaderboard.md").read_text()
    lines = {m.group(2): m.group(1) for m in re.finditer(r"^\| (\d) \| ([a-z]+) \|", board, re.M)}
    assert set(lines) == {"careful", "greedy", "crashes", "exits", "hangs"}
    assert {lines["careful"], lines["greedy"]} == {"1", "2"}, "the agents without faults lead"
    assert "* `" in board and "broken.py`: cannot be loaded: SyntaxError: expected ':' (line 4)" in board
    assert "did not load" in (out / "agents" / "broken.md").read_text()
    kinds = {"crashes": "exception", "exits": "crash", "hangs": "timeout"}
    for name, kind in kinds.items():
        report = (out / "agents" / f"{name}.md").read_text()
        assert "## Faults (12)" in report and report.count(f"**{kind}**") == 12, name  # 4 opponents x 2 deals x 2
    assert 'crashes.py:5 in agent: raise RuntimeError("my bug")' in (out / "agents" / "crashes.md").read_text()
    page = (out / "index.html").read_text()
    assert "<table>" in page and "data:image/png;base64," in page and "careful" in page

    # The same ladder without the faulty files: careful and greedy play the very same games.
    good = {name: agent for name, agent in (load_agent(FOLDER / "good.py"), ("greedy", AGENTS["greedy"]()))}
    alone = run(good, deals=2, challenge=0, progress=False, workers=1)
    games = json.loads((out / "agents" / "careful.json").read_text())
    against_greedy = sorted((g["seed"], g["seat"], g["actions"], g["totals"]) for g in games
                            if g["opponent"] == "greedy")
    assert against_greedy == sorted((rec.seed, rec.names.index("careful"), rec.actions, list(rec.totals))
                                    for rec in alone.result.records)
    row = next(r for r in alone.result.rows() if r.agent == "careful")
    assert f"| careful | {row.mean_score:.1f} ± {row.ci95:.1f} |" in board


def test_files_and_folders_name_their_agents(folder) -> None:
    files = agent_files([folder])
    assert [f.name for f in files] == ["broken.py", "crashes.py", "exits.py", "good.py", "hangs.py"]
    entries = {f.name: load(f) for f in files}
    assert entries["good.py"].name == "careful" and entries["good.py"].error is None, "NAME names it; a class is made"
    assert entries["crashes.py"].name == "crashes", "the file's name by default"
    assert callable(entries["exits.py"].agent), "a function act(view)"
    with pytest.raises(FileNotFoundError, match="no such file or folder"):
        agent_files([folder / "missing"])
    assert entries["broken.py"].agent is None and "SyntaxError" in (entries["broken.py"].error or "")


def test_every_pair_plays_the_same_deals_from_both_seats() -> None:
    plan = duel_schedule(3, deals=2)
    assert len(plan) == 3 * 2 * 2 and [s.index for s in plan] == list(range(12))
    for pair in ((0, 1), (0, 2), (1, 2)):
        games = [s for s in plan if set(s.order) == set(pair)]
        assert sorted((s.deal, s.order) for s in games) == [(d, o) for d in range(2) for o in (pair, pair[::-1])]


def test_ratings_count_a_forfeit_as_a_loss_for_the_agent_at_fault() -> None:
    """Two agents that never fault and one that always does: the latter is rated last."""
    agents = {"greedy": AGENTS["greedy"](), "crashes": load_agent(FOLDER / "crashes.py")[1],
              "citybot-style": AGENTS["citybot-style"]()}
    ladder = run(agents, deals=2, challenge=0, progress=False, workers=1)
    ordinal = {name: ladder.ordinal(name) for name in agents}
    assert min(ordinal, key=ordinal.get) == "crashes"
    again = rate(ladder.result.names, ladder.result.schedule, ladder.result.records)
    assert again == ladder.ratings, "ratings follow the games in schedule order: the same games, the same ratings"


def test_a_ladder_needs_two_agents_that_load(folder, tmp_path, capsys) -> None:
    with pytest.raises(SystemExit):
        main(["ladder", str(folder / "broken.py"), "--builtins", "", "--out", str(tmp_path)])
    assert "at least two agents" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["ladder", str(FOLDER), "--builtins", "greedy,nobody", "--out", str(tmp_path)])
    assert "no built-in agent nobody" in capsys.readouterr().err


def test_a_ladder_plays_on_a_dask_scheduler_given_its_address(tmp_path, capsys) -> None:
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None)
    with cluster:
        status = main(["ladder", str(FOLDER / "good.py"), "--builtins", "greedy", "--deals", "2", "--challenge", "0",
                       "--out", str(tmp_path), "--scheduler", cluster.scheduler_address])
    assert status == 0
    local = run({name: agent for name, agent in (load_agent(FOLDER / "good.py"), ("greedy", AGENTS["greedy"]()))},
                deals=2, challenge=0, progress=False, workers=1)
    row = next(r for r in local.result.rows() if r.agent == "careful")
    assert f"| careful | {row.mean_score:.1f} ± {row.ci95:.1f} |" in (tmp_path / "leaderboard.md").read_text()
