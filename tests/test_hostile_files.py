"""Hostile agent files (tests/hostile_agents/, one trick each) through `egonb ladder` and `egonb grade`: each runs in
processes of its own (egonb.sandbox), so whatever it tries is recorded against it with a plain reason (and the line
of its code where there is one), the run finishes, no process it started outlives the run, and the other agents
play the very games they play without it.

Timeouts are asserted by their kind, never by how long anything took.
"""

from __future__ import annotations

import json
import os
import shutil
import time
import uuid
from pathlib import Path

import pytest

from egonb.agentfile import load_agent
from egonb.agents import AGENTS
from egonb.grade import main as grade
from egonb.ladder import BUILT_IN, _file_name, run
from egonb.ladder import main as ladder

HOSTILE = Path(__file__).resolve().parent / "hostile_agents"
GOOD = Path(__file__).resolve().parent / "ladder_agents" / "good.py"  # "careful": greedy with a wider margin
#: What each faulty agent's forfeits must say: (kind, text in the message or in the place in its code).
FAULTS = {
    "raises": ("exception", "raises.py:5 in agent: raise ValueError"),
    "garbage": ("illegal", "returned an object, not one of view.legal_actions"),
    "exits": ("crash", "exit code 7"),
    "segfaults": ("crash", "killed by SIGSEGV"),
    "hoards_memory": ("memory", "hoards_memory.py:8 in agent"),
    "sleeps": ("timeout", "sleeps.py:7 in agent: time.sleep(600)"),
    "ignores_alarm": ("timeout", "ignores_alarm.py:8 in agent"),
}
#: Agents whose tricks fail quietly: they play every game without a fault.
CLEAN = ["forks", "escapes", "floods", "peeks", "patches", "snoops"]
SLOW = ["sleeps", "ignores_alarm"]
#: Seconds a move where an agent that never answers plays: 1 when only it and the engine play (grade's check), 2 when
#: good agents play under the same limit (a ladder), a generous 10 where no agent hangs.
HOSTILE_LIMIT = 1.0
LADDER_LIMIT = 2.0
GREEDY = "greedy" + BUILT_IN  # the ladder's name for the built-in


@pytest.fixture
def token(monkeypatch) -> str:
    """A mark in the environment of every process the run starts (agents' processes inherit it)."""
    mark = f"egonb-hostile-{uuid.uuid4()}"
    monkeypatch.setenv("EGONB_TEST_MARK", mark)
    return mark


def survivors(mark: str, grace: float = 20.0) -> list[int]:
    """Processes still carrying `mark`, once they have had `grace` seconds to end (a pool's worker closing)."""
    end = time.monotonic() + grace
    while True:
        found = []
        for entry in os.listdir("/proc"):
            if entry.isdigit() and int(entry) != os.getpid():
                try:
                    if mark.encode() in Path(f"/proc/{entry}/environ").read_bytes():
                        found.append(int(entry))
                except OSError:
                    continue
        if not found or time.monotonic() > end:
            return found
        time.sleep(0.2)


def folder_of(tmp_path: Path, names: list[str]) -> Path:
    folder = tmp_path / "agents"
    folder.mkdir()
    for name in names:
        shutil.copy(HOSTILE / f"{name}.py", folder)
    shutil.copy(GOOD, folder)
    return folder


def games_of(out: Path, agent: str) -> list[dict]:
    return json.loads((out / "agents" / f"{_file_name(agent)}.json").read_text())


def same_games_without_the_hostile_ones(out: Path) -> None:
    """careful and greedy played the games they play in a ladder of their own."""
    alone = run({"careful": load_agent(GOOD)[1], GREEDY: AGENTS["greedy"]()}, deals=1, challenge=0,
                progress=False, workers=1)
    played = sorted((g["seed"], g["seat"], g["actions"], g["totals"]) for g in games_of(out, "careful")
                    if g["opponent"] == GREEDY)
    assert played == sorted((rec.seed, rec.names.index("careful"), rec.actions, list(rec.totals))
                            for rec in alone.result.records)


def check_faults(out: Path, agent: str) -> None:
    """Every game the agent forfeited, it forfeited for its trick; it forfeited all those against the good agents."""
    kind, text = FAULTS[agent]
    games = games_of(out, agent)
    own = [g["fault"] for g in games if g["fault"] is not None and g["fault"]["seat"] == g["seat"]]
    assert own and {f["kind"] for f in own} == {kind}, (agent, own)
    against_good = [g for g in games if g["opponent"] in ("careful", GREEDY)]
    assert all(g["fault"] is not None and g["fault"]["seat"] == g["seat"] for g in against_good), agent
    assert text in (out / "agents" / f"{agent}.md").read_text(), agent


def test_a_ladder_contains_agents_that_crash_cheat_flood_and_leave_processes(tmp_path, token, capsys) -> None:
    fast = [name for name in FAULTS if name not in SLOW] + CLEAN
    out = tmp_path / "board"
    status = ladder([str(folder_of(tmp_path, fast)), "--out", str(out), "--deals", "1", "--builtins", "greedy",
                     "--challenge", "0", "--time-limit", "10", "--workers", "2", "--memory-limit", "256"])
    assert status == 0
    assert survivors(token) == []
    for name in FAULTS:
        if name not in SLOW:
            check_faults(out, name)
    for name in [*CLEAN, "careful", GREEDY]:
        assert all(g["fault"] is None or g["fault"]["seat"] != g["seat"] for g in games_of(out, name)), name
        assert "## Faults (0)" in (out / "agents" / f"{_file_name(name)}.md").read_text(), name
    same_games_without_the_hostile_ones(out)


def test_a_ladder_stops_agents_that_never_answer(tmp_path, token, capsys) -> None:
    out = tmp_path / "board"
    status = ladder([str(folder_of(tmp_path, SLOW)), "--out", str(out), "--deals", "1", "--builtins", "greedy",
                     "--challenge", "0", "--time-limit", str(LADDER_LIMIT), "--workers", "2"])
    assert status == 0
    assert survivors(token) == []
    for name in SLOW:
        check_faults(out, name)
    same_games_without_the_hostile_ones(out)


@pytest.mark.parametrize("agent", [*FAULTS, *CLEAN])
def test_grade_records_what_the_agent_tried(agent, tmp_path, token, capsys) -> None:
    config = tmp_path / "grading.toml"
    limit = HOSTILE_LIMIT if agent in SLOW else 10.0
    config.write_text(f"[grading]\ngames = 2\ncheck_games = 2\nfull_game = false\ntime_limit = {limit}\n")
    status = grade([str(HOSTILE / f"{agent}.py"), "--config", str(config), "--workers", "1", "--memory-limit", "256"])
    out = capsys.readouterr().out
    assert survivors(token) == []
    if agent in CLEAN:
        assert "1. Is the agent clean?" in out and "  OK" in out, out
        assert "2. Does it beat greedy?" in out
        return
    kind, text = FAULTS[agent]
    assert status == 1 and "PROBLEMS FOUND" in out, out
    section = {"exception": "exceptions", "crash": "exceptions", "memory": "exceptions", "illegal": "illegal moves",
               "timeout": "slow moves"}[kind]
    assert f"  {section}: 2" in out, out  # both games, each stopped by the fault
    assert text in out, out
    if kind in ("crash", "memory"):
        assert f"{kind}: " in out
