"""check_agent(): what a student sees when their agent crashes, cheats, dawdles or is not reproducible."""

from __future__ import annotations

import random
import time

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


def test_illegal_moves_are_reported_with_what_was_allowed() -> None:
    report = check_agent(lambda view: 0, games=2)  # always "draw", also when it must keep or discard (T1)
    assert len(report.illegal) == 2 and "allowed" in report.illegal[0]


def test_slow_moves_are_reported() -> None:
    def sleepy(view):
        time.sleep(0.003)
        return view.legal_actions[-1]

    report = check_agent(sleepy, games=1, slow_ms=1)
    assert report.slow and not report.exceptions


def test_global_randomness_is_caught_as_non_determinism() -> None:
    report = check_agent(lambda view: random.choice(view.legal_actions), Rules(players=3), games=4)
    assert report.nondeterministic, "random.choice uses the global generator: seeds must not reproduce"
    seeded = check_agent(AGENTS["random"](), Rules(players=3), games=4)
    assert seeded.ok, "the built-in random agent uses the generator it is given in reset()"
