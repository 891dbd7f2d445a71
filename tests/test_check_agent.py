"""check_agent(): what a student sees when their agent crashes, cheats, dawdles or is not reproducible."""

from __future__ import annotations

import random
import time

import pytest

from egonb import Rules
from egonb.agents import AGENTS
from egonb.check import check_agent


def test_a_good_agent_passes() -> None:
    report = check_agent(AGENTS["greedy"](), games=4)
    assert report.ok and report.games == 4 and report.decisions > 0
    assert "OK" in str(report)


def test_exceptions_are_reported_with_seed_and_decision() -> None:
    def crash(view):
        if view.decision == "keep_or_discard":
            raise KeyError("oops")
        return view.legal_actions[0]

    report = check_agent(crash, games=3)
    assert not report.ok and len(report.exceptions) == 3
    assert "KeyError" in report.exceptions[0] and "seed 0" in report.exceptions[0]


def test_illegal_moves_are_reported_with_the_move_and_what_the_moment_asks() -> None:
    report = check_agent(lambda view: 0, games=2)  # always "draw", also when it must keep or discard (T1)
    assert len(report.illegal) == 2
    assert report.illegal[0].startswith("seed 0, move 1: 'draw the top card of the deck (T1)' is not allowed")
    assert "keep the drawn card or discard it" in report.illegal[0]


def test_an_endless_move_is_stopped_and_reported() -> None:
    def endless(view):
        while True:
            pass

    start = time.perf_counter()
    report = check_agent(endless, games=2, slow_ms=10, time_limit=0.05)
    assert time.perf_counter() - start < 5, "each endless move was stopped after 0.05 s"
    assert len(report.slow) == 2, "one line per stopped move, not a second one for its time"
    assert "no move within 0.05 s" in report.slow[0] and not report.ok


def test_bad_settings_are_refused() -> None:
    greedy = AGENTS["greedy"]()
    for settings in ({"games": 0}, {"games": 2.5}, {"slow_ms": 0}, {"time_limit": -1}, {"rules": "solo"},
                     {"time_limit": float("inf")}, {"slow_ms": 20_000}):  # the last one: stopped before it is slow
        with pytest.raises((ValueError, TypeError)):
            check_agent(greedy, **settings)
    with pytest.raises(TypeError, match=r"is a class: give an agent, e.g. GreedyAgent\(\)"):
        check_agent(AGENTS["greedy"])


def test_slow_moves_are_reported() -> None:
    def sleepy(view):
        time.sleep(0.003)
        return view.legal_actions[-1]

    report = check_agent(sleepy, games=1, slow_ms=1)
    assert report.slow and not report.exceptions


class SlowThenCrash:
    """Slow on its own move 1, raises on its own move 2: both must be located the same way."""

    def reset(self, seat, rng):
        self.moves = 0

    def act(self, view):
        self.moves += 1
        if self.moves == 2:
            time.sleep(0.05)
        if self.moves == 3:
            raise KeyError("oops")
        return view.legal_actions[0]


def test_slow_moves_and_faults_count_the_agents_own_moves_alike() -> None:
    report = check_agent(SlowThenCrash(), Rules(players=4), games=2, slow_ms=30)
    for game in range(2):  # seat 0 then seat 1: the table's decisions would number them differently
        assert f"seed {game}, move 1: " in report.slow[game]
        assert report.exceptions[game].startswith(f"seed {game}, move 2: KeyError")


def test_a_seed_that_is_not_a_whole_number_is_refused() -> None:
    with pytest.raises(TypeError, match="seed must be a whole number"):
        check_agent(AGENTS["greedy"](), seed="1")


def test_global_randomness_is_caught_as_non_determinism() -> None:
    report = check_agent(lambda view: random.choice(view.legal_actions), Rules(players=3), games=4)
    assert report.nondeterministic, "random.choice uses the global generator: seeds must not reproduce"
    seeded = check_agent(AGENTS["random"](), Rules(players=3), games=4)
    assert seeded.ok, "the built-in random agent uses the generator it is given in reset()"
