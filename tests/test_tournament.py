"""play() and tournament(): seating, duplicate deals, reproducibility, faults, table and plots."""

from __future__ import annotations

import random
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from egonb import Rules
from egonb.agents import AGENTS
from egonb.play import play
from egonb.tournament import schedule, tournament


def _fingerprint(result) -> list:
    return [(r.seed, r.actions, r.totals, r.winners) for r in result.records]


def test_play_gives_a_transcript_with_rule_ids_and_hides_secrets_from_spectators() -> None:
    rec = play([AGENTS["greedy"](), AGENTS["random"]()], Rules(players=2), seed=3)
    assert rec.finished and rec.fault is None
    assert rec.transcript[0].startswith("[  S2] Round 1 begins")
    deals = [line for line in rec.transcript if line.startswith("[  S1] Player")]
    assert deals and all(line.endswith("receives 5 cards") for line in deals), "a spectator sees no hand (S1)"
    own = play([AGENTS["greedy"](), AGENTS["random"]()], Rules(players=2), seed=3, viewer=0)
    assert own.actions == rec.actions
    mine = [line for line in own.transcript if line.startswith("[  S1] Player 1 receives")]
    theirs = [line for line in own.transcript if line.startswith("[  S1] Player 2 receives")]
    assert not any(line.endswith("5 cards") for line in mine), "seat 0 reads its own hand"
    assert all(line.endswith("5 cards") for line in theirs), "but not the other one"


def test_play_refuses_the_wrong_number_of_agents() -> None:
    with pytest.raises(ValueError, match="need 3 agent"):
        play([AGENTS["random"]()], Rules(players=3))


def test_schedule_rotates_seats_over_duplicate_deals() -> None:
    plan = schedule(3, Rules(players=3), deals=4)
    assert len(plan) == 12
    for deal in range(4):
        games = [s for s in plan if s.deal == deal]
        for seat in range(3):
            assert sorted(g.order[seat] for g in games) == [0, 1, 2], "each agent gets each seat's cards"
    solo = schedule(2, Rules.solo_game(1), deals=5)
    assert Counter(s.order for s in solo) == {(0,): 5, (1,): 5}, "every agent plays every solo deal"


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


def test_every_agent_gets_its_own_generator() -> None:
    """Two copies of the random agent at one table must not play from the same random stream."""
    result = tournament([AGENTS["random"](), AGENTS["random"]()], Rules(players=2), games=3, workers=1,
                        progress=False)
    assert result.names == ["random", "random-2"]
    first = result.records[0]
    assert len(set(first.actions)) > 1


def crash(view):
    if view.decision == "keep_or_discard":
        raise RuntimeError("my bug")
    return view.legal_actions[0]


def illegal(view):
    return 561  # an action id that is never legal at the start of a turn


def sleepy(view):
    time.sleep(0.05)
    return view.legal_actions[0]


@pytest.mark.parametrize(("bad", "kind"), [(crash, "exception"), (illegal, "illegal"), (sleepy, "timeout")])
def test_faults_are_recorded_against_the_agent_never_replaced(bad, kind) -> None:
    result = tournament({"bad": bad, "greedy": AGENTS["greedy"]()}, Rules(players=2), games=2, workers=1,
                        progress=False, time_limit=0.02)
    faults = result.faults()
    assert faults and {name for name, _ in faults} == {"bad"}
    assert {f.kind for _, f in faults} == {kind}
    rows = {r.agent: r for r in result.rows()}
    assert rows["bad"].faults == len(faults) and rows["bad"].win_rate == 0.0 and rows["bad"].mean_rank == 2.0
    assert rows["greedy"].faults == 0
    for rec in result.records:
        assert not rec.finished  # the game stopped at the fault: no move was made up for the agent


def test_table_and_plot() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    agents = {"random": AGENTS["random"](), "greedy": AGENTS["greedy"]()}
    result = tournament(agents, Rules.solo_game(1), games=20, workers=1, progress=False)
    rows = result.rows()
    assert [r.agent for r in rows] == ["random", "greedy"]
    for r in rows:
        assert r.games == 20 and 0 <= r.win_rate <= 1 and 1 <= r.mean_rank <= 3 and r.ci95 > 0
    assert rows[1].mean_score < rows[0].mean_score
    assert "mean score" in result.table() and "<table>" in result._repr_html_()
    fig = result.plot()
    assert len(fig.axes) == 2


def test_agents_that_cannot_be_pickled_run_in_process_with_a_warning() -> None:
    with pytest.warns(UserWarning, match="cannot be sent"):
        result = tournament([lambda v: v.legal_actions[0], AGENTS["greedy"]()], Rules(players=2), games=2,
                            workers=2, progress=False)
    assert len(result.records) == 4


def test_play_refuses_bad_settings() -> None:
    agents = [AGENTS["random"](), AGENTS["random"]()]
    with pytest.raises(ValueError, match="time_limit"):
        play(agents, Rules(players=2), time_limit=0)
    with pytest.raises(ValueError, match="one random generator per agent"):
        play(agents, Rules(players=2), rngs=[random.Random(1)])
