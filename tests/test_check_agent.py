"""check_agent(): what a student sees when their agent crashes, cheats, dawdles or is not reproducible."""

from __future__ import annotations

import os
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


def test_opponents_must_fit_the_rules() -> None:
    """Solo rules have no seat for opponents (the Citybots play), so they are refused, not silently ignored;
    a multiplayer table needs one per other seat, and a 2-player table takes a single one without a list."""
    greedy = AGENTS["greedy"]()
    with pytest.raises(ValueError, match="solo rules: the agent plays the two Citybots"):
        check_agent(greedy, opponents=[AGENTS["random"]()], games=1)
    with pytest.raises(ValueError, match=r"4-player rules leave 3 seat\(s\) for opponents, got 1"):
        check_agent(greedy, Rules(players=4), opponents=[AGENTS["random"]()], games=1)
    assert check_agent(greedy, Rules(players=2), opponents=AGENTS["citybot-style"](), games=2).ok


class Logger:
    """Writes its moves to a file opened in __init__, which copy.deepcopy cannot copy."""

    def __init__(self) -> None:
        self.log = open(os.devnull, "w")

    def reset(self, seat, rng) -> None:
        pass

    def act(self, view):
        print(view.legal_actions[0], file=self.log)
        return view.legal_actions[0]


def test_an_agent_that_cannot_be_copied_is_told_why_and_what_to_do() -> None:
    agent = Logger()
    with pytest.raises(TypeError, match=r"Logger cannot be copied .*fresh copies .*every game of a tournament"):
        check_agent(agent, games=1)
    with pytest.raises(TypeError, match="Logger cannot be copied"):
        check_agent(AGENTS["greedy"](), Rules(players=2), opponents=[agent], games=1)
    agent.log.close()


def test_a_short_time_limit_needs_no_slow_ms() -> None:
    """slow_ms follows a time limit under one second, instead of refusing it."""
    def sleepy(view):
        time.sleep(0.03)
        return view.legal_actions[0]

    report = check_agent(sleepy, games=1, time_limit=0.02)
    assert report.slow and all("no move within 0.02 s" in line for line in report.slow), report.slow
    assert check_agent(AGENTS["greedy"](), games=2, time_limit=0.5).ok


def test_an_opponents_faults_and_non_determinism_are_not_blamed_on_the_agent() -> None:
    """The checked agent is deterministic; its opponent plays from the global generator, then raises: both show
    under the opponents' problems, and the agent's own report stays clean."""
    def shaky(view):
        return random.choice(view.legal_actions)

    def broken(view):
        raise RuntimeError("opponent bug")

    report = check_agent(AGENTS["greedy"](), Rules(players=2), opponents=[shaky], games=4)
    assert report.ok and not report.nondeterministic
    assert any("played differently" in m for m in report.opponents), report
    report = check_agent(AGENTS["greedy"](), Rules(players=2), opponents=[broken], games=2)
    assert report.ok and report.opponents and all("(exception) " in m for m in report.opponents), report
    assert "opponents' problems: 2" in str(report)
