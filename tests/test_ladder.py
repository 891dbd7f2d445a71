"""`egonb ladder`: a folder with a good agent, one that raises, one that calls os._exit, one that hangs and one with a
syntax error. Every fault lands on its agent and counts against it, the ladder finishes, and the good agents' games
are those they play without the faulty ones. Names, what is played (duels or solo, from grading.toml), Swiss-style
pairing and a Dask cluster of worker processes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_tournament import Quitter

from egonb.agentfile import agent_files, load, load_agent
from egonb.agents import AGENTS, GreedyAgent
from egonb.cli import main
from egonb.ladder import duel_schedule, rate, run, swiss_pairs

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


def _places(board: str) -> dict[str, tuple[int, str, str]]:
    """agent -> (place, its name cell, its games cell) from a leaderboard's table."""
    found = re.finditer(r"^\| (\d+) \| ([^|]+?)( ⚠)? \| ([^|]+) \|", board, re.M)
    return {m.group(2): (int(m.group(1)), m.group(2) + (m.group(3) or ""), m.group(4)) for m in found}


def test_a_ladder_records_every_fault_against_its_agent_and_finishes(folder, tmp_path, capsys) -> None:
    out = tmp_path / "board"
    status = main(["ladder", str(folder), "--out", str(out), "--deals", "2", "--builtins", "random",
                   "--challenge", "1", "--time-limit", "0.5", "--workers", "2"])
    assert status == 0
    board = (out / "leaderboard.md").read_text()
    places = _places(board)
    assert set(places) == {"careful", "random (built-in)", "crashes", "exits", "hangs"}
    assert places["careful"][0] == 1, "the agent without faults leads"
    for name in ("crashes", "exits", "hangs"):
        assert places[name][1] == f"{name} ⚠" and places[name][2] == "16: 12 (12)", "not those the other forfeited"
    assert places["careful"][2] == "16: 4 (0)", "its games against random: every other opponent forfeited"
    assert "Ranked by mean score over every game" in board and "worst score (" in board
    assert "* `" in board and "broken.py`: cannot be loaded: SyntaxError: expected ':' (line 4)" in board
    assert "did not load" in (out / "agents" / "broken.md").read_text()
    kinds = {"crashes": "exception", "exits": "crash", "hangs": "timeout"}
    for name, kind in kinds.items():
        report = (out / "agents" / f"{name}.md").read_text()
        assert "## Faults (12)" in report and report.count(f"**{kind}**") == 12, name
        assert "16 games played, 12 counted, 12 forfeited" in report, "4 opponents x 2 deals x 2 seats"
    assert 'crashes.py:5 in agent: raise RuntimeError("my bug")' in (out / "agents" / "crashes.md").read_text()
    page = (out / "index.html").read_text()
    assert "<table>" in page and "data:image/png;base64," in page and "careful" in page
    assert "Met: careful (4 games), crashes (4 games), exits (4 games) and hangs (4 games)." in \
        (out / "agents" / "random__built-in_.md").read_text()

    # The same ladder without the faulty files: careful and random play the very same games (random's moves are
    # drawn from a generator seeded by the names at the table, not by places in the list of agents).
    good = dict([load_agent(FOLDER / "good.py"), ("random (built-in)", AGENTS["random"]())])
    alone = run(good, deals=2, challenge=0, progress=False, workers=1)
    games = json.loads((out / "agents" / "careful.json").read_text())
    against_random = sorted((g["seed"], g["seat"], g["actions"], g["totals"]) for g in games
                            if g["opponent"] == "random (built-in)")
    assert against_random == sorted((rec.seed, rec.names.index("careful"), rec.actions, list(rec.totals))
                                    for rec in alone.result.records)


def test_a_forfeit_counts_against_its_agent_with_the_worst_score_of_the_ladder() -> None:
    """The teacher's case: an agent that gives up (raises) whenever its first hand looks bad finishes only its good
    deals. Counted over every game it ranks below greedy, which it copies otherwise, and below it in rating too."""
    ladder = run({"quitter": Quitter(), "greedy": GreedyAgent(), "random": AGENTS["random"]()}, deals=6,
                 challenge=0, progress=False, workers=1)
    rows = {r.agent: r for r in ladder.rows()}
    assert rows["greedy"].place < rows["quitter"].place and rows["quitter"].faults > 0
    assert rows["quitter"].games == rows["quitter"].played == 24
    assert ladder.ordinal("greedy") > ladder.ordinal("quitter")
    worst = ladder.result.worst
    assert worst is not None and worst[0] == max(t for rec in ladder.result.records
                                                  if rec.fault is None and rec.finished for t in rec.totals)


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


def test_students_names_never_take_a_built_ins_and_same_names_are_told_apart(tmp_path, capsys) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    first = 'NAME = "{}"\n\n\ndef agent(view):\n    return view.legal_actions[{}]\n'
    (folder / "ann.py").write_text(first.format("greedy", 0))
    (folder / "bob.py").write_text(first.format("bot", 0))
    (folder / "cat.py").write_text(first.format("bot", -1))
    out = tmp_path / "board"
    assert main(["ladder", str(folder), "--builtins", "greedy", "--deals", "1", "--challenge", "0", "--workers", "1",
                 "--out", str(out)]) == 0
    board = (out / "leaderboard.md").read_text()
    assert set(_places(board)) == {"greedy", "greedy (built-in)", "bot (bob.py)", "bot (cat.py)"}
    note = "2 files say NAME = 'bot'; they are told apart by file name: bot (bob.py), bot (cat.py)"
    assert f"Note: {note}" in board and note in capsys.readouterr().err
    assert "vs greedy (built-in)" in board, "the baseline is the built-in, not the student called greedy"


def test_every_pair_plays_the_same_deals_from_both_seats() -> None:
    plan = duel_schedule(3, deals=2)
    assert len(plan) == 3 * 2 * 2 and [s.index for s in plan] == list(range(12))
    for pair in ((0, 1), (0, 2), (1, 2)):
        games = [s for s in plan if set(s.order) == set(pair)]
        assert sorted((s.deal, s.order) for s in games) == [(d, o) for d in range(2) for o in (pair, pair[::-1])]


def test_swiss_rounds_pair_neighbours_in_the_ranking_who_have_not_met() -> None:
    assert swiss_pairs([0, 1, 2, 3, 4, 5], set()) == [(0, 1), (2, 3), (4, 5)]
    assert swiss_pairs([0, 1, 2, 3, 4, 5], {frozenset((0, 1))}) == [(0, 2), (1, 3), (4, 5)]
    assert swiss_pairs([3, 1, 4], set()) == [(3, 1), (4, 1)], "the odd one out meets its nearest neighbour too"
    assert swiss_pairs([3, 1, 4], {frozenset((4, 1))}) == [(3, 1), (4, 3)]


def test_a_swiss_ladder_plays_linearly_many_games_and_ranks_by_rating() -> None:
    agents = {"random": AGENTS["random"](), "greedy": GreedyAgent(), "careful": GreedyAgent(margin=8.0),
              "bold": GreedyAgent(margin=2.0), "citybot-style": AGENTS["citybot-style"](),
              "quick": GreedyAgent(margin=0.0)}
    ladder = run(agents, deals=2, challenge=0, progress=False, workers=1, pairing="swiss", opponents=3)
    result = ladder.result
    pairs = [frozenset(st.order) for st in result.schedule]
    assert len(result.records) == 3 * 3 * 2 * 2, "3 rounds of 3 pairings, 2 deals from both seats"
    assert len(set(pairs)) == 9, "no pair meets twice"
    assert all(r.games == 12 for r in ladder.rows()), "every agent met 3 opponents"
    assert [r.agent for r in ladder.rows()] == sorted(agents, key=ladder.ordinal, reverse=True)
    assert ladder.rows()[-1].agent == "random"


def test_ratings_count_a_forfeit_as_a_loss_for_the_agent_at_fault() -> None:
    """Two agents that never fault and one that always does: the latter is rated last."""
    agents = {"greedy": AGENTS["greedy"](), "crashes": load_agent(FOLDER / "crashes.py")[1],
              "citybot-style": AGENTS["citybot-style"]()}
    ladder = run(agents, deals=2, challenge=0, progress=False, workers=1)
    ordinal = {name: ladder.ordinal(name) for name in agents}
    assert min(ordinal, key=ordinal.get) == "crashes"
    assert rate(ladder.result) == ladder.ratings, "ratings follow the games in schedule order"


def test_the_assignments_grading_config_says_what_the_ladder_plays(tmp_path) -> None:
    config = tmp_path / "grading.toml"
    config.write_text("[grading]\ndifficulty = 1\nfull_game = false\ngames = 100\n")  # players: the game's own, solo
    out = tmp_path / "solo"
    assert main(["ladder", str(FOLDER / "good.py"), "--builtins", "random", "--deals", "3", "--config", str(config),
                 "--workers", "1", "--out", str(out)]) == 0
    board = (out / "leaderboard.md").read_text()
    assert "alone against the Citybots at difficulty 1 (one round; 6 games)" in board
    assert "Ranked by games won" in board and "| games won |" in board and "challenge" not in board
    out = tmp_path / "flag"
    assert main(["ladder", str(FOLDER / "good.py"), "--builtins", "random", "--deals", "2", "--config", str(config),
                 "--solo", "2", "--workers", "1", "--out", str(out)]) == 0
    assert "at difficulty 2" in (out / "leaderboard.md").read_text(), "the command line wins over the config"
    config.write_text("[grading]\nplayers = 2\n")
    out = tmp_path / "duel"
    assert main(["ladder", str(FOLDER / "good.py"), "--builtins", "random", "--deals", "2", "--config", str(config),
                 "--challenge", "0", "--workers", "1", "--out", str(out)]) == 0
    assert "(full games, 2 players; 4 games)" in (out / "leaderboard.md").read_text(), "grading's full_game default"


def test_a_ladder_refuses_what_it_cannot_play(folder, tmp_path, capsys) -> None:
    with pytest.raises(SystemExit):
        main(["ladder", str(folder / "broken.py"), "--builtins", "", "--out", str(tmp_path)])
    assert "at least two agents" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["ladder", str(FOLDER), "--builtins", "greedy,nobody", "--out", str(tmp_path)])
    assert "no built-in agent nobody" in capsys.readouterr().err
    config = tmp_path / "grading.toml"
    config.write_text("[grading]\nplayers = 3\n")
    for extra, said in ((["--config", str(config)], "duels (players = 2) or solo games (players = 1), not 3"),
                        (["--config", str(tmp_path / "none.toml")], "none.toml"),
                        (["--solo", "1", "--game", "diverse-city"], "Diverse City has no solo mode"),
                        (["--baseline", "nobody"], "--baseline: no agent 'nobody'"),
                        (["--opponents", "0"], "--opponents must be at least 1")):
        with pytest.raises(SystemExit):
            main(["ladder", str(FOLDER / "good.py"), "--out", str(tmp_path / "x"), *extra])
        assert said in capsys.readouterr().err, extra
    assert not (tmp_path / "x").exists(), "nothing was played or written"


def test_a_ladder_on_dask_worker_processes_gives_the_process_pools_leaderboard(tmp_path) -> None:
    """Worker processes that cannot import the students' files (they start afresh): the agents go to them once, with
    their code; a worker that `exits.py` kills loses its chunk (KilledWorker at once, no retries), which is played
    again here like a dead pool worker's, so `exits` forfeits those games with crash faults, as in the pool."""
    distributed = pytest.importorskip("distributed")
    import dask

    args = [str(FOLDER / "good.py"), str(FOLDER / "exits.py"), "--builtins", "random", "--deals", "1",
            "--challenge", "0"]
    assert main(["ladder", *args, "--workers", "2", "--out", str(tmp_path / "pool")]) == 0
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as cluster:
        assert main(["ladder", *args, "--scheduler", cluster.scheduler_address, "--out", str(tmp_path / "dask")]) == 0
    pool, cluster_board = ((tmp_path / f / "leaderboard.md").read_text() for f in ("pool", "dask"))
    assert cluster_board == pool and "| exits ⚠ | 4: 4 (4) |" in pool
    report = (tmp_path / "dask" / "agents" / "exits.md").read_text()
    assert report.count("**crash**") == 4
