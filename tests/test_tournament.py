"""play() and tournament(): seating, duplicate deals, reproducibility, faults, table and plots."""

from __future__ import annotations

import ctypes
import faulthandler
import math
import os
import random
import signal
import sys
import threading
import time
import warnings
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import replace

import pytest

from egonb import GameError, Rules, new_game
from egonb.agents import AGENTS, GreedyAgent, MonteCarloAgent
from egonb.check import check_agent
from egonb.play import play
from egonb.tournament import schedule, tournament


def _fingerprint(result) -> list:
    return [(r.seed, r.actions, r.totals, r.winners) for r in result.records]


def test_play_gives_a_transcript_with_rule_ids_and_hides_secrets_from_spectators() -> None:
    rec = play([AGENTS["greedy"](), AGENTS["random"]()], Rules(players=2), seed=3)
    assert rec.finished and rec.fault is None
    assert rec.transcript[0].startswith("[  S2] Round 1 begins")
    deals = [line for line in rec.transcript if line.startswith("[  S1]") and "receives" in line]
    assert deals and all(line.endswith("receives 5 cards") for line in deals), "a spectator sees no hand (S1)"
    own = play([AGENTS["greedy"](), AGENTS["random"]()], Rules(players=2), seed=3, viewer=0)
    assert own.actions == rec.actions
    mine = [line for line in own.transcript if line.startswith("[  S1] greedy receives")]
    theirs = [line for line in own.transcript if line.startswith("[  S1] random receives")]
    assert mine and not any(line.endswith("5 cards") for line in mine), "seat 0 reads its own hand"
    assert theirs and all(line.endswith("5 cards") for line in theirs), "but not the other one"


def test_play_seats_a_dict_under_its_names_as_a_tournament_does() -> None:
    """A dict name -> agent seats its agents in order; the record and the transcript use its names."""
    table = {"Ada": AGENTS["greedy"](), "Bob": AGENTS["random"]()}
    rec = play(table, Rules(players=2), seed=3)
    plain = play(list(table.values()), Rules(players=2), seed=3)
    assert rec.names == ("Ada", "Bob") and rec.actions == plain.actions
    assert any(line.startswith("[  S1] Ada receives") for line in rec.transcript)
    assert not any("greedy" in line for line in rec.transcript)
    with pytest.raises(ValueError, match="no agents"):
        play({}, Rules(players=2))


def test_play_refuses_the_wrong_number_of_agents() -> None:
    with pytest.raises(ValueError, match="need 3 agent"):
        play([AGENTS["random"]()], Rules(players=3))


def test_the_transcript_names_the_seats_as_the_record_does() -> None:
    rec = play([AGENTS["random"](), AGENTS["greedy"](), AGENTS["random"]()], Rules(players=3), seed=2)
    assert rec.names == ("random", "greedy", "random-2"), "a repeated name is numbered, so seats can be told apart"
    dealt = [line for line in rec.transcript if line.startswith("[  S1]") and "receives" in line]
    assert dealt == [f"[  S1] {name} receives 5 cards" for name in rec.names]
    assert not any("Player" in line for line in rec.transcript)
    solo = play([AGENTS["greedy"]()], Rules.solo_game(1, full_game=False), seed=2)
    assert solo.names == ("greedy", "Citybot Left", "Citybot Right")
    assert "[  S1] You receive 5 cards" in solo.transcript, "solo keeps its own names"


def my_agent(view):
    return view.legal_actions[0]


class SeatMemory:
    """Remembers the seat reset() gave it and checks it at every move."""

    def reset(self, seat, rng) -> None:
        self.seat = seat

    def act(self, view):
        assert view.player == self.seat, f"told seat {self.seat}, asked for seat {view.player}"
        return view.legal_actions[0]


def test_one_agent_given_for_several_seats_plays_each_as_its_own_copy() -> None:
    """`[agent] * 3` must not make three seats share one seat number, one generator and one memory."""
    agent = SeatMemory()
    rec = play([agent] * 3, Rules(players=3), seed=2, transcript=False)
    assert rec.fault is None and agent.seat == 0, "the agent given plays seat 0, copies of it the others"
    shared = AGENTS["random"]()
    separate = [AGENTS["random"](), AGENTS["random"]()]
    assert play([shared] * 2, Rules(players=2), seed=3).actions == play(separate, Rules(players=2), seed=3).actions


def test_a_single_agent_needs_no_list_in_solo() -> None:
    rules = Rules.solo_game(2, full_game=False)
    assert play(my_agent, rules, seed=5).actions == play([my_agent], rules, seed=5).actions
    result = tournament(my_agent, rules, games=2, workers=1, progress=False)
    assert result.names == ["my_agent"] and result.rows()[0].games == 2
    assert play(my_agent).names[0] == "my_agent", "no rules: a full solo game, as for [my_agent]"


@pytest.mark.parametrize("run", [play, tournament])
def test_agents_that_are_no_list_or_nobody_are_refused(run) -> None:
    with pytest.raises(TypeError, match="3-player rules need a list of agents"):
        run(my_agent, Rules(players=3))
    with pytest.raises(TypeError, match="agents must be a list of agents"):
        run(42, Rules.solo_game(1))
    with pytest.raises(ValueError, match="no agents"):
        run([], Rules.solo_game(1))


def test_a_tournament_without_agents_is_refused() -> None:
    for nobody in ([], {}):
        with pytest.raises(ValueError, match="no agents: give a list of agents or a dict name -> agent"):
            tournament(nobody, Rules.solo_game(1), games=2, progress=False)


@pytest.mark.parametrize("seed", ["a", 1.5, True, None])
def test_a_seed_that_is_not_a_whole_number_is_refused_before_any_game(seed) -> None:
    with pytest.raises(TypeError, match="seed must be a whole number"):
        tournament([my_agent], Rules.solo_game(1), games=2, seed=seed, progress=False)
    with pytest.raises(TypeError, match="seed must be a whole number"):
        play([my_agent], Rules.solo_game(1), seed=seed)


def test_a_negative_seed_is_refused_everywhere() -> None:
    """random.seed ignores the sign, so seed -5 would silently deal the cards of seed 5."""
    with pytest.raises(GameError, match="seed must be 0 or more"):
        new_game(Rules(), -5)
    with pytest.raises(ValueError, match="seed must be 0 or more"):
        tournament([my_agent], Rules.solo_game(1), games=2, seed=-1, progress=False)
    with pytest.raises(ValueError, match="seed must be 0 or more"):
        play([my_agent], Rules.solo_game(1), seed=-1)
    with pytest.raises(ValueError, match="seed must be 0 or more"):
        check_agent(my_agent, seed=-3)


def test_a_numpy_seed_plays_as_the_same_int() -> None:
    np = pytest.importorskip("numpy")
    rules = Rules.solo_game(1, full_game=False)
    assert new_game(rules, np.int64(7)).to_json() == new_game(rules, 7).to_json()
    assert play(my_agent, rules, seed=np.int64(7)).actions == play(my_agent, rules, seed=7).actions
    first, second = (tournament(my_agent, rules, games=2, seed=s, workers=1, progress=False) for s in (np.int64(7), 7))
    assert _fingerprint(first) == _fingerprint(second)


def test_play_refuses_a_viewer_that_is_not_a_seat() -> None:
    agents = [AGENTS["random"](), AGENTS["random"]()]
    for viewer in (5, -1):
        with pytest.raises(ValueError, match="viewer must be a seat 0-1 or None"):
            play(agents, Rules(players=2), viewer=viewer)
    for viewer in ("0", True, 1.0):
        with pytest.raises(TypeError, match="viewer"):
            play(agents, Rules(players=2), viewer=viewer)


def test_play_refuses_rngs_that_are_not_generators() -> None:
    agents = [AGENTS["random"](), AGENTS["random"]()]
    for rngs in ([1, 2], random.Random(1)):
        with pytest.raises(TypeError, match="rngs must be a list of random.Random"):
            play(agents, Rules(players=2), rngs=rngs)
    with pytest.raises(ValueError, match="one random generator per agent"):
        play(agents, Rules(players=2), rngs=[])


def test_schedule_rotates_seats_over_duplicate_deals() -> None:
    plan = schedule(3, Rules(players=3), deals=4)
    assert len(plan) == 12
    for deal in range(4):
        games = [s for s in plan if s.deal == deal]
        for seat in range(3):
            assert sorted(g.order[seat] for g in games) == [0, 1, 2], "each agent gets each seat's cards"
    solo = schedule(2, Rules.solo_game(1), deals=5)
    assert Counter(s.order for s in solo) == {(0,): 5, (1,): 5}, "every agent plays every solo deal"


@pytest.mark.parametrize("players", [3, 4])
def test_every_order_puts_each_agent_after_each_other_equally_often(players) -> None:
    """Rotations keep the order around the table: agent 0 always plays right after the same neighbour."""
    def follows(plan):  # (agent, the agent seated just before it) -> games
        return Counter((s.order[seat], s.order[seat - 1]) for s in plan for seat in range(players))

    rotations = schedule(players, Rules(players=players), deals=2)
    assert {before for agent, before in follows(rotations) if agent == 0} == {players - 1}
    every = schedule(players, Rules(players=players), deals=2, rotate="all")
    assert len(every) == 2 * math.factorial(players) and len({s.order for s in every}) == math.factorial(players)
    assert len(set(follows(every).values())) == 1 and len(follows(every)) == players * (players - 1)
    with pytest.raises(ValueError, match="rotate must be True"):
        schedule(players, Rules(players=players), deals=2, rotate="some")
    result = tournament([AGENTS["random"]()] * players, Rules(players=players), games=1, rotate="all", workers=1,
                        progress=False)
    assert len(result.records) == math.factorial(players) and "seatings" in result._title()


def test_results_do_not_depend_on_the_executor_or_worker_count() -> None:
    agents = [AGENTS["random"](), AGENTS["greedy"](), AGENTS["citybot-style"]()]
    rules = Rules(players=3)
    serial = tournament(agents, rules, games=8, seed=5, workers=1, progress=False)
    pooled = tournament(agents, rules, games=8, seed=5, workers=2, progress=False, chunk_size=3)
    with ThreadPoolExecutor(3) as ex:
        threads = tournament(agents, rules, games=8, seed=5, executor=ex, progress=False, chunk_size=1)
    assert _fingerprint(serial) == _fingerprint(pooled) == _fingerprint(threads)
    assert str(serial).split("\n")[2].split()[:6] == str(pooled).split("\n")[2].split()[:6]
    other = tournament(agents, rules, games=8, seed=6, workers=1, progress=False)
    assert _fingerprint(other) != _fingerprint(serial)


DRAWS: list[tuple[int, int, float]] = []  # (game seed, seat, first number of the generator), from reset()


class Recorder:
    """Plays the first legal action and notes the first number its generator gives in each game."""

    def reset(self, seat, rng):
        self.seat, self.first = seat, rng.random()

    def act(self, view):
        return view.legal_actions[0]


def test_a_dask_executor_works_unchanged() -> None:
    distributed = pytest.importorskip("distributed")
    agents = [AGENTS["random"](), AGENTS["greedy"](), AGENTS["citybot-style"]()]
    serial = tournament(agents, Rules(players=3), games=4, seed=5, workers=1, progress=False)
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as client:
        dask = tournament(agents, Rules(players=3), games=4, seed=5, executor=client.get_executor(), progress=False,
                          chunk_size=2)
        sent = tournament(agents, Rules(players=3), games=4, seed=5, executor=client, progress=False, chunk_size=2)
    assert _fingerprint(dask) == _fingerprint(serial) == _fingerprint(sent), "the agents sent once, chunks by index"


def test_every_agent_gets_its_own_generator_seeded_by_the_tournament(monkeypatch) -> None:
    """Two copies of one agent at one table must not play from the same (or an equally seeded) stream."""
    import egonb.tournament as tour

    def recording_play(players, *args, **kwargs):
        rec = play(players, *args, **kwargs)
        DRAWS.extend((rec.seed, p.seat, p.first) for p in players.values())  # a dict: table names -> agents
        return rec

    monkeypatch.setattr(tour, "play", recording_play)  # workers=1: the games run here, so the notes stay visible
    runs = []
    for _ in range(2):
        DRAWS.clear()
        result = tournament([Recorder(), Recorder()], Rules(players=2), games=3, workers=1, progress=False)
        runs.append(list(DRAWS))
    assert result.names == ["Recorder", "Recorder-2"] and len(runs[0]) == 12  # 3 deals x 2 rotations x 2 seats
    assert runs[0] == runs[1], "the same tournament seed gives every agent the same generators again"
    firsts = [first for _, _, first in runs[0]]
    assert len(set(firsts)) == len(firsts), "no two agents, seats or games share a generator"


def crash(view):
    if view.decision == "keep_or_discard":
        raise RuntimeError("my bug")
    return view.legal_actions[0]


def illegal(view):
    return 561  # an action id that is never legal at the start of a turn


def sleepy(view):
    time.sleep(30)  # stopped by the time limit's alarm
    return view.legal_actions[0]


@pytest.mark.parametrize(("bad", "kind"), [(crash, "exception"), (illegal, "illegal"), (sleepy, "timeout")])
def test_faults_are_recorded_against_the_agent_never_replaced(bad, kind) -> None:
    # A limit far above greedy's few milliseconds a move, even on a busy machine; none where no agent dawdles.
    limit = 1.0 if kind == "timeout" else None
    result = tournament({"bad": bad, "greedy": AGENTS["greedy"]()}, Rules(players=2), games=2, workers=1,
                        progress=False, time_limit=limit)
    faults = result.faults()
    assert faults and {name for name, _ in faults} == {"bad"}
    assert {f.kind for _, f in faults} == {kind}
    rows = {r.agent: r for r in result.rows()}
    assert rows["bad"].faults == len(faults) and rows["bad"].win_rate == 0.0 and rows["bad"].mean_rank == 2.0
    assert rows["greedy"].faults == 0
    for rec in result.records:
        assert not rec.finished  # the game stopped at the fault: no move was made up for the agent
    assert rows["greedy"].games == len(result.records) - len(faults), "a forfeit does not count for the others"
    assert f"{len(faults)} games forfeited by a fault: counted for the agent at fault" in result.table()
    assert f"<p>{len(faults)} games forfeited by a fault: counted for the agent at fault" in result._repr_html_()


def test_an_exception_fault_says_where_the_agent_raised_it() -> None:
    """A student reads the line of their own code, not the game loop's, in the fault, the transcript and check_agent."""
    result = tournament({"bad": crash}, Rules.solo_game(1, full_game=False), games=1, workers=2, progress=False)
    (_, fault), = result.faults()
    assert fault.where == f'{__file__}:{crash.__code__.co_firstlineno + 2} in crash: raise RuntimeError("my bug")'
    assert str(fault).endswith(fault.where) and "RuntimeError: my bug" in str(fault)
    record = play([crash], Rules.solo_game(1, full_game=False))
    assert record.transcript[-1] == f"[FAULT]   {fault.where}"
    assert fault.where in str(check_agent(crash, games=1))


def delegates_badly(view):
    return MonteCarloAgent(simulations=10).act(replace(view, deck_size=view.deck_size + 1))  # a view it cannot be in


def test_a_fault_raised_inside_a_built_in_agent_still_shows_the_students_line() -> None:
    """The innermost lines are egonb's (the game's search hints, its sampling of worlds): the student's own call
    comes first."""
    (_, fault), = tournament({"wrapper": delegates_badly}, Rules.solo_game(1, full_game=False), games=1, workers=1,
                             progress=False).faults()
    lines = fault.where.splitlines()
    assert len(lines) == 3 and lines[0] == (f"{__file__}:{delegates_badly.__code__.co_firstlineno + 1} in "
                                            "delegates_badly: return MonteCarloAgent(simulations=10).act(replace(view, "
                                            "deck_size=view.deck_size + 1))  # a view it cannot be in")
    assert "/egonb/games/egocentric_world/search.py" in lines[1], lines  # the game's search hints
    assert "/egonb/games/egocentric_world/worlds.py" in lines[2], lines


def test_table_and_plot() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    agents = {"random": AGENTS["random"](), "greedy": AGENTS["greedy"]()}
    result = tournament(agents, Rules.solo_game(1), games=20, workers=1, progress=False)
    rows = result.rows()
    assert [r.agent for r in rows] == ["greedy", "random"], "best first"
    for r in rows:
        assert r.games == 20 and 0 <= r.win_rate <= 1 and 1 <= r.mean_rank <= 3 and r.ci95 > 0
    assert rows[0].mean_score < rows[1].mean_score and [r.place for r in rows] == [1, 2]
    assert "mean score" in result.table() and "<table>" in result._repr_html_()
    fig = result.plot()
    assert len(fig.axes) == 2


def test_the_plot_title_counts_deals() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    solo = tournament([AGENTS["random"](), my_agent, AGENTS["greedy"]()], Rules.solo_game(1, full_game=False),
                      games=4, workers=1, progress=False)
    title = solo.plot()._suptitle.get_text()
    assert title == "4 deals, each agent alone against Citybot Left and Citybot Right (difficulty 1)", title
    duel = tournament([my_agent, AGENTS["random"]()], Rules(players=2), games=3, workers=1, progress=False)
    assert duel.plot()._suptitle.get_text() == "3 deals × 2 seatings = 6 games, 2 players"
    one = tournament([my_agent, AGENTS["random"]()], Rules(players=2), games=1, workers=1, progress=False)
    assert one.plot()._suptitle.get_text() == "1 deal × 2 seatings = 2 games, 2 players"


def always_crashes(view):
    raise RuntimeError("my bug")


@pytest.mark.parametrize("rules", [Rules(players=2), Rules.solo_game(1, full_game=False)], ids=["2p", "solo"])
def test_the_plot_keeps_a_line_for_every_agent_even_without_a_score(rules) -> None:
    """An agent that forfeits every game has no mean score, and in a duel its opponent counts no game:
    both still get their line in each panel, in the table's order (no score: last), not a silently missing bar."""
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    result = tournament({"crash": always_crashes, "greedy": AGENTS["greedy"]()}, rules, games=2, workers=1,
                        progress=False)
    left, right = result.plot().axes
    order = ["greedy", "crash"] if rules.variant == "solo" else ["crash", "greedy"]  # a duel: nobody scores, as given
    assert [r.agent for r in result.rows()] == order
    assert [(t.get_text(), t.get_position()[1]) for t in left.get_yticklabels()] == [(order[0], 0), (order[1], 1)]
    assert left.get_ylim() == right.get_ylim() == (1.5, -0.5), "both lines in view, top to bottom, in both panels"


def test_progress_without_tqdm_plays_without_a_bar(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # as if the `ai` extra were not installed
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = tournament([my_agent], Rules.solo_game(1, full_game=False), games=2, workers=1)
    assert result.rows()[0].games == 2


class Locked:
    """Holds a lock made in __init__: it can be neither pickled nor deep-copied."""

    def __init__(self) -> None:
        self.lock = threading.Lock()

    def reset(self, seat, rng) -> None:
        pass

    def act(self, view):
        return view.legal_actions[0]


@pytest.mark.parametrize("workers", [1, 2])
def test_an_agent_that_cannot_be_copied_is_refused_with_the_fix(workers) -> None:
    """Every game starts from a fresh copy: say so, rather than a pickling error about a lock after a
    warning that blames a lambda."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no misleading "cannot be sent to other processes" warning first
        with pytest.raises(TypeError, match=r"Locked cannot be copied .*make locks.* in reset\(\)"):
            tournament([Locked()], Rules.solo_game(1), games=2, workers=workers, progress=False)


def test_records_name_the_seats_as_the_table_does() -> None:
    """Dict keys and numbered copies follow their agent around the table, whichever seat it has."""
    named = tournament({"alice": my_agent, "bob": AGENTS["random"]()}, Rules(players=2), games=1, workers=1,
                       progress=False)
    twins = tournament([AGENTS["greedy"](), AGENTS["greedy"]()], Rules(players=2), games=1, workers=1,
                       progress=False)
    for result in (named, twins):
        for seating, rec in zip(result.schedule, result.records):
            assert rec.names == tuple(result.names[a] for a in seating.order)
    assert [rec.names for rec in twins.records] == [("greedy", "greedy-2"), ("greedy-2", "greedy")]
    solo = tournament({"mine": my_agent}, Rules.solo_game(1, full_game=False), games=1, workers=1, progress=False)
    assert solo.records[0].names == ("mine", "Citybot Left", "Citybot Right")


def test_names_that_are_not_strings_are_shown_as_text() -> None:
    result = tournament({1: my_agent, 2: AGENTS["random"]()}, Rules.solo_game(1, full_game=False), games=2,
                        workers=1, progress=False)
    assert result.names == ["1", "2"] and "<td>1</td>" in result._repr_html_()


@pytest.mark.parametrize("run", [play, tournament])
def test_names_that_read_the_same_as_text_are_refused(run) -> None:
    with pytest.raises(ValueError, match="both named '1'"):
        run({1: my_agent, "1": AGENTS["random"](), "x": AGENTS["greedy"]()}, Rules(players=3))


def test_an_executor_must_be_an_executor() -> None:
    with pytest.raises(TypeError, match="executor must be a concurrent.futures.Executor"):
        tournament([my_agent], Rules.solo_game(1), games=2, executor="pool", progress=False)


def test_an_executor_class_instead_of_an_executor_is_refused_with_the_fix() -> None:
    """The class has a `submit` too: without this check the tournament failed deep inside with an AttributeError."""
    with pytest.raises(TypeError, match=r"executor is the class ThreadPoolExecutor: give a running one, e\.g\. "
                                        r"ThreadPoolExecutor\(2\)"):
        tournament([my_agent], Rules.solo_game(1), games=2, executor=ThreadPoolExecutor, progress=False)


def test_workers_and_an_executor_are_not_given_together() -> None:
    """An executor has its own workers: a `workers` given with it would be silently ignored."""
    with ThreadPoolExecutor(1) as pool, pytest.raises(ValueError, match="workers .* or an executor .*not both"):
        tournament([my_agent], Rules.solo_game(1), games=2, workers=3, executor=pool, progress=False)


INTERRUPTED = """
import os, signal, sys, threading, time
from egonb import Rules
from egonb.tournament import tournament

LOG = sys.argv[1]


class Hangs:
    name = "hangs"

    def reset(self, seat, rng):
        pass

    def act(self, view):  # says which worker it is, then never returns: only ending the worker stops it
        with open(LOG, "a") as f:
            f.write(f"{os.getpid()}\\n")
        time.sleep(3600)


def interrupt():  # Ctrl-C (a notebook's "interrupt kernel") once both workers are stuck in a move
    while not os.path.exists(LOG) or len(open(LOG).read().split()) < 2:
        time.sleep(0.01)
    os.kill(os.getpid(), signal.SIGINT)


if __name__ == "__main__":
    # Ctrl-C raises KeyboardInterrupt, as in a terminal or a notebook: a process started in the background (a test
    # runner's worker, `cmd &` in a script) inherits SIGINT ignored, and then this test would hang.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    threading.Thread(target=interrupt, daemon=True).start()
    try:
        tournament([Hangs()], Rules.solo_game(1), games=4, workers=2, progress=False)
    except KeyboardInterrupt:
        print("interrupted")
"""


def test_interrupting_a_parallel_tournament_stops_its_workers_at_once(tmp_path) -> None:
    """Both workers hang in a move. Without ending its own workers, the interrupted tournament would wait for their
    chunks (an hour) in the pool's shutdown, and the workers would live on after the script."""
    import subprocess

    script, log = tmp_path / "interrupted.py", tmp_path / "moves.log"
    script.write_text(INTERRUPTED)
    try:  # (the timeout only catches a hang: a machine finishes in seconds, even at load 20)
        done = subprocess.run([sys.executable, str(script), str(log)], capture_output=True, text=True, timeout=300)
    finally:
        workers = {int(pid) for pid in log.read_text().split()} if log.exists() else set()
        alive = [pid for pid in workers if _alive(pid)]
        for pid in alive:  # leave no hanging process behind, even when the test fails
            os.kill(pid, signal.SIGKILL)
    assert done.returncode == 0 and done.stdout.split() == ["interrupted"], done.stderr
    assert len(workers) == 2 and not alive, f"workers {alive} kept running after the tournament was interrupted"


def _alive(pid: int) -> bool:
    """Is process `pid` still running (not gone, not a zombie waiting for its parent)?"""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_agents_that_cannot_be_pickled_run_in_process_with_a_warning() -> None:
    with pytest.warns(UserWarning, match="cannot be sent"):
        result = tournament([lambda v: v.legal_actions[0], AGENTS["greedy"]()], Rules(players=2), games=2,
                            workers=2, progress=False)
    assert len(result.records) == 4


def test_an_explicit_process_pool_refuses_agents_it_cannot_send_and_says_what_to_do() -> None:
    """The pool would fail with a raw PicklingError; threads need no pickling, so they play the same agent."""
    lazy = lambda v: v.legal_actions[0]  # noqa: E731 - the student's lambda is the point
    with ProcessPoolExecutor(2) as pool, pytest.raises(
            TypeError, match=r"<lambda> cannot be sent to other processes .*define it with def at module level"):
        tournament([lazy], Rules.solo_game(1), games=2, executor=pool, progress=False)
    with ThreadPoolExecutor(2) as pool:
        assert len(tournament([lazy], Rules.solo_game(1), games=2, executor=pool, progress=False).records) == 2


def test_a_difficulty_alone_points_to_solo_game() -> None:
    """Rules(difficulty=2) keeps the default 4 players: the message must not blame a count the student never gave."""
    with pytest.raises(GameError, match=r"exactly 3 players, you and the two Citybots \(got players=4\): "
                                        r"use Rules.solo_game\(2\)"):
        Rules(difficulty=2)


def test_play_refuses_bad_settings() -> None:
    agents = [AGENTS["random"](), AGENTS["random"]()]
    with pytest.raises(ValueError, match="time_limit"):
        play(agents, Rules(players=2), time_limit=0)
    with pytest.raises(ValueError, match="one random generator per agent"):
        play(agents, Rules(players=2), rngs=[random.Random(1)])
    with pytest.raises(TypeError, match="rules must be a game configuration"):
        play(agents, "solo")
    with pytest.raises(TypeError, match="time_limit"):
        play(agents, Rules(players=2), time_limit="1")


@pytest.mark.parametrize("settings", [{"games": 0}, {"games": -3}, {"workers": 0}, {"workers": -2},
                                      {"chunk_size": -1}, {"time_limit": -1}, {"time_limit": float("inf")},
                                      {"games": 2.5}, {"games": "10"}, {"games": None}, {"progress": "no"},
                                      {"rotate": 1}, {"rotate": "yes"}])
def test_tournament_refuses_bad_settings_before_any_game(settings) -> None:
    with pytest.raises((ValueError, TypeError), match=next(iter(settings))):
        tournament([AGENTS["random"]()], Rules.solo_game(1), **{"games": 2, "progress": False, **settings})


def test_numpy_numbers_are_good_settings() -> None:
    np = pytest.importorskip("numpy")
    result = tournament([AGENTS["random"]()], Rules.solo_game(1), games=np.int64(3), workers=np.int32(1),
                        time_limit=np.float32(5.0), progress=False)
    assert result.rows()[0].games == 3


def test_a_class_instead_of_an_agent_is_refused_with_the_fix() -> None:
    with pytest.raises(TypeError, match=r"RandomAgent is a class: give an agent, e.g. RandomAgent\(\)"):
        tournament([AGENTS["random"]], Rules.solo_game(1), games=2, workers=2, progress=False)


def staller(view):
    """Takes a 12 from the discard in place of its own 12 and replays the Hourglass (SP12): a game that never ends."""
    for a in view.legal_actions:
        if (a.kind == "take" and a.a == view.top == 12) or a.kind == "hourglass":
            return a
    return next((a for a in view.legal_actions if a.kind == "stop"), view.legal_actions[0])


def test_unfinished_games_count_as_losses_in_their_own_column() -> None:
    result = tournament({"staller": staller}, Rules.solo_game(1, full_game=False), games=60, workers=1,
                        progress=False)
    stuck = [rec for rec in result.records if not rec.finished]
    assert stuck and all(rec.fault is None for rec in stuck), "some deals let it loop until the decision cap"
    row = result.rows()[0]
    won = sum(0 in rec.winners for rec in result.records if rec.finished)
    assert row.games == 60 and row.unfinished == len(stuck) and row.win_rate == won / 60
    assert row.mean_rank == sum(rec.ranks[0] if rec.finished else 3.0 for rec in result.records) / 60
    assert "unfinished" in result.table() and "<th>unfinished</th>" in result._repr_html_()
    clean = tournament([AGENTS["greedy"]()], Rules.solo_game(1), games=3, workers=1, progress=False)
    assert "unfinished" not in clean.table(), "the column only appears when it has something to say"


def test_intervals_are_taken_over_deals_not_rotations() -> None:
    """The rotations of one deal share its cards: the interval comes from the spread of per-deal means."""
    from statistics import fmean, stdev

    result = tournament([AGENTS["random"](), AGENTS["greedy"]()], Rules(players=2), games=6, workers=1,
                        progress=False)
    per_deal: dict[int, list[int]] = {}
    for seating, rec in zip(result.schedule, result.records):
        per_deal.setdefault(seating.deal, []).append(rec.totals[seating.order.index(1)])
    means = [fmean(v) for v in per_deal.values()]
    greedy = next(r for r in result.rows() if r.agent == "greedy")
    assert len(means) == 6 and greedy.games == 12
    assert greedy.ci95 == pytest.approx(1.96 * stdev(means) / 6 ** 0.5)


class Flaky:
    """Faults in about half of its games (its own seeded coin, so the same games on every run)."""

    def reset(self, seat, rng) -> None:
        self.fails = rng.random() < 0.5

    def act(self, view):
        if self.fails:
            raise RuntimeError("flaky")
        return view.legal_actions[0]


def test_a_deal_that_counts_fewer_games_weighs_less() -> None:
    """Another seat's faults drop some of greedy's games, so its deals count 0, 1 or 2 games: the mean is
    over the games that count, and the interval is clustered by deal around that mean."""
    result = tournament({"flaky": Flaky(), "greedy": AGENTS["greedy"]()}, Rules(players=2), games=30, workers=1,
                        progress=False)
    per_deal: dict[int, list[int]] = {}
    for seating, rec in zip(result.schedule, result.records):
        if rec.fault is None:
            per_deal.setdefault(seating.deal, []).append(rec.totals[seating.order.index(1)])
    counts = sorted({len(v) for v in per_deal.values()})
    assert counts == [1, 2], "some deals count one game of greedy, others two"
    scores = [t for v in per_deal.values() for t in v]
    mean = sum(scores) / len(scores)
    d = len(per_deal)
    spread = sum((sum(v) - mean * len(v)) ** 2 for v in per_deal.values())
    greedy = next(r for r in result.rows() if r.agent == "greedy")
    assert greedy.games == len(scores) and greedy.mean_score == pytest.approx(mean)
    assert greedy.ci95 == pytest.approx(1.96 * (spread * d / (d - 1)) ** 0.5 / len(scores))


def test_a_forfeit_counts_as_a_loss_with_the_worst_score_of_the_run() -> None:
    """Every game counts: a forfeit is in the agent's games and its mean score, at the worst final total any seat got
    in a finished game of the result (so forfeiting never beats playing on), and the footer says so."""
    result = tournament({"flaky": Flaky()}, Rules.solo_game(1, full_game=False), games=20, workers=1, progress=False)
    row = result.rows()[0]
    finished = [rec for rec in result.records if rec.fault is None and rec.finished]
    worst = max(total for rec in finished for total in rec.totals)  # lower totals win (E2)
    assert result.worst == (worst, -worst)
    scores = [rec.totals[0] if rec.fault is None else worst for rec in result.records]
    assert row.games == row.played == 20 and 0 < row.faults < 20 and row.mean_score == pytest.approx(sum(scores) / 20)
    games = f"{row.faults} game{'s' if row.faults > 1 else ''}"
    assert (f"{games} forfeited by a fault: counted for the agent at fault (every seat when unfinished) "
            f"in every column, as a loss in last place with the worst score ({worst} points, the worst final total "
            "any seat got in a finished game here), and not counted for the other agents") in result.table()


class Quitter(GreedyAgent):
    """Greedy, but gives up (raises) at its first move when its hand looks bad: it finishes only its good deals."""

    def reset(self, seat, rng) -> None:
        super().reset(seat, rng)
        self.first = True

    def act(self, view):
        if self.first and sum(view.hand) > 30:
            raise RuntimeError("not this hand")
        self.first = False
        return super().act(view)


def test_an_agent_that_forfeits_its_bad_hands_ranks_below_the_honest_agent_it_copies() -> None:
    """Counting only finished games would put the quitter first (it plays its good hands alone); counting every game
    puts it below greedy, which plays every hand out."""
    result = tournament({"quitter": Quitter(), "greedy": GreedyAgent()}, Rules(players=2, full_game=False), games=20,
                        workers=1, progress=False)
    finished = {0: [], 1: []}
    for seating, rec in zip(result.schedule, result.records):
        if rec.fault is None and rec.finished:
            for seat, agent in enumerate(seating.order):
                finished[agent].append(rec.totals[seat])
    assert sum(finished[0]) / len(finished[0]) < sum(finished[1]) / len(finished[1]), "the case: better when it plays"
    rows = {r.agent: r for r in result.rows()}
    assert [r.agent for r in result.rows()] == ["greedy", "quitter"] and rows["quitter"].place == 2
    assert rows["quitter"].games == 40 and rows["quitter"].faults == len(result.faults()) > 0
    assert rows["quitter"].mean_score > rows["greedy"].mean_score
    assert result.compare("greedy", "quitter").difference.mean > 0


def test_an_agents_games_do_not_depend_on_who_else_plays() -> None:
    """Each agent's generator is seeded from the deal and the names at the table, not from places in the lists: the
    random agent's solo games are the same alone or after another agent (SM1: one agent a table)."""
    alone = tournament({"random": AGENTS["random"]()}, Rules.solo_game(1, full_game=False), games=4, workers=1,
                       progress=False)
    joined = tournament({"greedy": GreedyAgent(), "random": AGENTS["random"]()}, Rules.solo_game(1, full_game=False),
                        games=4, workers=1, progress=False)
    mine = [rec for seating, rec in zip(joined.schedule, joined.records) if seating.order == (1,)]
    assert [(r.seed, r.actions) for r in mine] == [(r.seed, r.actions) for r in alone.records]
    renamed = tournament({"chance": AGENTS["random"]()}, Rules.solo_game(1, full_game=False), games=4, workers=1,
                         progress=False)
    assert [r.actions for r in renamed.records] != [r.actions for r in alone.records], "its name seeds it"


def test_results_are_sorted_and_compare_each_agent_with_the_best_and_the_baseline_paired_by_deal() -> None:
    """The paired difference is the mean over deals of (other's mean total − agent's mean total) in that deal: lower
    totals win (E2), so a positive difference means the agent did better."""
    from egonb.stats import paired_difference, wilson

    agents = {"random": AGENTS["random"](), "greedy": AGENTS["greedy"](), "citybot-style": AGENTS["citybot-style"]()}
    result = tournament(agents, Rules(players=3), games=8, workers=1, progress=False, baseline="random")
    rows = result.rows()
    assert [r.mean_score for r in rows] == sorted(r.mean_score for r in rows), "best (lowest) mean score first"
    per_deal: dict[str, dict[int, list[int]]] = {name: {} for name in agents}
    for seating, rec in zip(result.schedule, result.records):
        for seat, agent in enumerate(seating.order):
            per_deal[result.names[agent]].setdefault(seating.deal, []).append(rec.totals[seat])
    mean = {name: [sum(v) / len(v) for _, v in sorted(d.items())] for name, d in per_deal.items()}
    best, second = rows[0].agent, rows[1].agent
    for row in rows:
        other = second if row.agent == best else best
        expected = paired_difference(mean[other], mean[row.agent])
        assert row.vs_best is not None and row.vs_best.other == other
        assert row.vs_best.difference == pytest.approx(expected)
        if row.agent == "random":
            assert row.vs_baseline is None
        else:
            assert row.vs_baseline.difference == pytest.approx(paired_difference(mean["random"], mean[row.agent]))
        wins = sum(seating.order.index(result.names.index(row.agent)) in rec.winners
                   for seating, rec in zip(result.schedule, result.records))
        assert row.wins == wins and (row.win_low, row.win_high) == pytest.approx(wilson(wins, 24))
    assert rows[0].vs_best.verdict in result.table() and "Who is better" in result._repr_html_()
    assert result.rows(baseline="greedy")[0].vs_baseline is None or result.rows(baseline="greedy")[0].agent != "greedy"
    with pytest.raises(ValueError, match="baseline must be one of the agents' names"):
        result.rows(baseline="gredy")
    with pytest.raises(ValueError, match="baseline must be one of the agents' names"):
        tournament(agents, Rules(players=3), games=1, workers=1, progress=False, baseline="nobody")


def test_a_clear_difference_gets_a_verdict_with_its_interval_and_p_value() -> None:
    result = tournament({"random": AGENTS["random"](), "greedy": AGENTS["greedy"]()}, Rules.solo_game(1),
                        games=30, workers=1, progress=False, measure="score")
    verdict = result.compare("greedy", "random").verdict
    assert verdict.startswith("greedy beats random by ") and "points a game, 95 % CI " in verdict
    assert verdict.endswith("p < 0.001") and result.verdicts() == [verdict]
    with pytest.raises(ValueError, match="measure must be one of 'score', 'wins'"):
        tournament([my_agent], Rules.solo_game(1), games=1, progress=False, measure="points")


def test_solo_results_measure_games_won_paired_by_deal() -> None:
    """Solo: the Citybots decide who wins, so agents are compared on games won, deal by deal, in percentage points."""
    from egonb.stats import paired_difference

    result = tournament({"random": AGENTS["random"](), "greedy": AGENTS["greedy"]()}, Rules.solo_game(1,
                        full_game=False), games=12, workers=1, progress=False)
    won = {name: [100.0 * (0 in rec.winners) for seating, rec in zip(result.schedule, result.records)
                  if result.names[seating.order[0]] == name] for name in result.names}
    assert result.measure == "wins" and [r.agent for r in result.rows()] == ["greedy", "random"]
    assert result.compare("greedy", "random").difference == pytest.approx(paired_difference(won["greedy"],
                                                                                            won["random"]))
    assert "percentage points of games won" in result.verdicts()[0]
    assert "no significant difference" in tournament([my_agent, my_agent], Rules.solo_game(1, full_game=False),
                                                     games=3, workers=1, progress=False).verdicts()[0]


def exits(view):
    """Ends its worker process the first time it must keep or discard a drawn card."""
    if view.decision == "keep_or_discard":
        os._exit(3)
    return view.legal_actions[0]


def segfaults(view):
    if view.decision == "keep_or_discard":
        faulthandler.disable()  # pytest's would print the worker's stack on the test's output
        ctypes.string_at(0)  # reads address 0: a segmentation fault
    return view.legal_actions[0]


def raises_instead(view):
    """Faults exactly where `exits` and `segfaults` kill their process, but with an exception the game loop catches."""
    if view.decision == "keep_or_discard":
        raise RuntimeError("instead of dying")
    return view.legal_actions[0]


def _same_but_time(row):
    return (row.agent, row.games, row.mean_score, row.ci95, row.wins, row.mean_rank, row.faults, row.unfinished)


def test_an_agent_that_kills_its_worker_forfeits_those_games_and_the_others_are_unchanged() -> None:
    """os._exit and a segfault break the process pool: the tournament restarts it, blames the dead games on the agent
    ('crash'), and every other game's record is what it is when the same agent raises an exception instead."""
    rules = Rules.solo_game(1, full_game=False)
    field = {"greedy": AGENTS["greedy"](), "exits": exits, "citybot-style": AGENTS["citybot-style"](),
             "segfaults": segfaults}
    calm = dict(field, exits=raises_instead, segfaults=raises_instead)
    dying = tournament(field, rules, games=5, seed=2, workers=2, progress=False, chunk_size=3)
    raising = tournament(calm, rules, games=5, seed=2, workers=1, progress=False)
    crashes = [(name, f) for name, f in dying.faults()]
    assert crashes and {name for name, _ in crashes} == {"exits", "segfaults"}
    assert all(f.kind == "crash" and "process died during its move" in f.message for _, f in crashes)
    assert [(name, f.decision) for name, f in crashes] == [(name, f.decision) for name, f in raising.faults()]
    for mine, other in zip(dying.records, raising.records):
        assert (mine.seed, mine.actions, mine.totals) == (other.seed, other.actions, other.totals)
    assert list(map(_same_but_time, dying.rows())) == list(map(_same_but_time, raising.rows()))


def test_a_worker_death_is_blamed_on_the_seat_whose_move_it_was() -> None:
    result = tournament({"greedy": AGENTS["greedy"](), "exits": exits}, Rules(players=2), games=2, workers=2,
                        progress=False)
    assert result.faults() and {(name, f.kind) for name, f in result.faults()} == {("exits", "crash")}
    for seating, rec in zip(result.schedule, result.records):
        assert rec.fault is not None and seating.order[rec.fault.seat] == 1
