"""check_agent(): what a student sees when their agent crashes, cheats, dawdles or is not reproducible."""

from __future__ import annotations

import os
import random
import time

import numpy as np
import pytest

from egonb import Rules
from egonb.agents import AGENTS, GreedyAgent
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

    report = check_agent(endless, games=2, slow_ms=10, time_limit=0.05)  # returns at all: the alarm stopped them
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
        # (any: on a busy machine another of its moves may be slow too)
        assert any(line.startswith(f"seed {game}, move 1: ") for line in report.slow), report.slow
        assert report.exceptions[game].startswith(f"seed {game}, move 2: KeyError")


def test_a_seed_that_is_not_a_whole_number_is_refused() -> None:
    with pytest.raises(TypeError, match="seed must be a whole number"):
        check_agent(AGENTS["greedy"](), seed="1")


def test_global_randomness_is_caught_as_non_determinism() -> None:
    random.seed(3)  # the global generator, seeded once: its plays still differ, the same way every run
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
    assert check_agent(AGENTS["greedy"](), games=2, time_limit=0.5).games == 2  # accepted (ok depends on speed)


def test_an_opponents_faults_and_non_determinism_are_not_blamed_on_the_agent() -> None:
    """The checked agent is deterministic; its opponent plays from the global generator, then raises: both show
    under the opponents' problems, and the agent's own report stays clean."""
    def shaky(view):
        return random.choice(view.legal_actions)

    def broken(view):
        raise RuntimeError("opponent bug")

    random.seed(3)  # the global generator, seeded once: its plays still differ, the same way every run
    report = check_agent(AGENTS["greedy"](), Rules(players=2), opponents=[shaky], games=4)
    assert report.ok and not report.nondeterministic
    assert any("played differently" in m for m in report.opponents), report
    report = check_agent(AGENTS["greedy"](), Rules(players=2), opponents=[broken], games=2)
    assert not (report.exceptions or report.illegal or report.slow or report.nondeterministic), report
    assert report.opponents and all("(exception) " in m for m in report.opponents), report
    assert "opponents' problems: 2" in str(report)
    # The opponent raised before the agent's first move in both games: nothing of the agent was tested.
    assert report.decisions == 0 and not report.ok
    assert str(report).endswith("NOT TESTED: the agent made no move (see the opponents' problems)")


def raises_at_once(view):
    raise KeyError("oops")


def test_an_exception_shows_only_the_agents_own_lines() -> None:
    """The lines under an exception are the student's code, not egonb's wrappers (check_agent's own timer too)."""
    report = check_agent(raises_at_once, games=1)
    line = raises_at_once.__code__.co_firstlineno + 1
    own = f'{__file__}:{line} in raises_at_once: raise KeyError("oops")'
    assert [text.strip() for text in report.exceptions[0].splitlines()[1:]] == [own]


class OwnGenerator:
    """Makes its generator in __init__ and ignores the one reset() gives: both plays of a seed copy one generator
    and agree, yet the games change from one run of a tournament to the next."""

    def __init__(self) -> None:
        self.coin = random.Random(7)  # seeded here, not in reset: still the mistake the check must find

    def reset(self, seat, rng) -> None:
        self.seat = seat

    def act(self, view):
        return self.coin.choice(view.legal_actions)


class OwnNumpyGenerator:
    """The same mistake with numpy's generator."""

    def __init__(self) -> None:
        self.coin = np.random.default_rng(7)  # seeded here, not in reset: still the mistake

    def reset(self, seat, rng) -> None:
        pass

    def act(self, view):
        return view.legal_actions[int(self.coin.integers(len(view.legal_actions)))]


class GeneratorFromReset(OwnGenerator):
    """Fine: makes its generator from the one reset() gives."""

    def reset(self, seat, rng) -> None:
        self.coin = random.Random(rng.random())


class ReseededGenerator(OwnGenerator):
    """Fine: reseeds its own generator from the one reset() gives."""

    def reset(self, seat, rng) -> None:
        self.coin.seed(rng.random())


class SlottedGenerator:
    """The same mistake in a class with __slots__ (no __dict__ to look in)."""

    __slots__ = ("coin",)

    def __init__(self) -> None:
        self.coin = random.Random(7)  # seeded here, not in reset: still the mistake the check must find

    def reset(self, seat, rng) -> None:
        pass

    def act(self, view):
        return self.coin.choice(view.legal_actions)


class NestedGenerators(OwnGenerator):
    """Its generators in a dict; it draws from one only in reset (a threshold for the whole game)."""

    def __init__(self) -> None:
        self.gens = {"explore": random.Random(7)}  # seeded: the same games every run (the check must see it anyway)

    def reset(self, seat, rng) -> None:
        self.threshold = self.gens["explore"].randint(4, 15)

    def act(self, view):
        return view.legal_actions[self.threshold % len(view.legal_actions)]


class Wrapper:
    """Plays a built-in agent it never resets: the inner agent keeps the generator it was made with."""

    def __init__(self) -> None:
        self.inner = AGENTS["random"]()

    def reset(self, seat, rng) -> None:
        pass

    def act(self, view):
        return self.inner.act(view)


class GreedyPlus(GreedyAgent):
    """Fine: skips GreedyAgent.reset, so its generator stays as __init__ made it, but greedy never draws from it."""

    def reset(self, seat, rng) -> None:
        self.turns = 0

    def act(self, view):
        self.turns += 1
        return super().act(view)


class ConstantSeed(OwnGenerator):
    """Fine for the check: the same generator in every game and every run (reset seeds it with a constant)."""

    def reset(self, seat, rng) -> None:
        self.coin.seed(42)


MESSAGE = ("`{}`: the agent draws from this random generator, but reset() does not seed it from the rng it gives "
           "(made in __init__? unseeded, its games change from run to run; seeded, every game draws the same "
           "numbers): seed it in reset, e.g. random.Random(rng.random())")


@pytest.mark.parametrize("agent, where", [
    (OwnGenerator(), "self.coin"), (OwnNumpyGenerator(), "self.coin"), (SlottedGenerator(), "self.coin"),
    (NestedGenerators(), "self.gens['explore']"), (Wrapper(), "self.inner.rng"),
])
def test_a_generator_the_agent_made_itself_is_reported(agent, where) -> None:
    report = check_agent(agent, games=2)
    assert not report.nondeterministic, "both plays copy one generator: the repeat alone cannot see it"
    assert not report.ok and report.generators == [MESSAGE.format(where)], report
    assert "own random generators: 1" in str(report)


@pytest.mark.parametrize("fine", [GeneratorFromReset(), ReseededGenerator(), GreedyPlus(), ConstantSeed()],
                         ids=lambda a: type(a).__name__)
def test_a_generator_seeded_in_reset_or_never_drawn_from_is_fine(fine) -> None:
    report = check_agent(fine, games=2)
    assert report.ok and not report.generators, report


class EntropyInReset:
    """Draws from the operating system's entropy (random.SystemRandom), which has no state to seed or compare."""

    def reset(self, seat, rng) -> None:
        self.coin = random.SystemRandom()

    def act(self, view):
        return self.coin.choice(view.legal_actions)


def test_a_system_random_generator_is_reported_as_non_determinism_not_a_crash() -> None:
    report = check_agent(EntropyInReset(), games=3)
    assert not report.ok and report.nondeterministic and not report.generators, report


FAST = {"ismcts": {"iterations": 30}, "monte-carlo": {"simulations": 30}}


@pytest.mark.parametrize("name", list(AGENTS))
def test_every_built_in_agent_passes(name) -> None:
    """They keep the generator reset() gives them (replacing the one made in __init__): nothing to report."""
    report = check_agent(AGENTS[name](**FAST.get(name, {})), Rules(players=3), games=2)
    assert report.ok and not report.generators, report


class FailsInOnePlay:
    """Raises at its second move in one play only: the count of plays lives on the class, outside the copies."""

    plays = 0

    def __init__(self, failing_play: int) -> None:
        self.failing_play = failing_play

    def reset(self, seat, rng) -> None:
        type(self).plays += 1
        self.moves = 0

    def act(self, view):
        self.moves += 1
        if self.moves == 2 and type(self).plays == self.failing_play:
            raise RuntimeError("only once")
        return view.legal_actions[0]


@pytest.mark.parametrize("failing_play", [1, 2])
def test_an_exception_in_one_play_only_is_non_determinism(failing_play, monkeypatch) -> None:
    """Both plays reached the same position; one raised there and the other moved on: the agent decided
    differently, even though the moves agree as far as the shorter play went."""
    monkeypatch.setattr(FailsInOnePlay, "plays", 0)
    report = check_agent(FailsInOnePlay(failing_play), games=1)
    label = "seed 0" if failing_play == 1 else "seed 0 (repeat)"  # a fault in the repeat alone is reported too
    assert len(report.exceptions) == 1 and report.exceptions[0].startswith(f"{label}, move 1: RuntimeError: only once")
    assert report.nondeterministic == [0] and report.cut_short == [] and not report.ok


class SlowInTheRepeat(FailsInOnePlay):
    """Makes the same moves in both plays, but its second move in the repeat is too slow (a busy machine, say)."""

    def act(self, view):
        self.moves += 1
        if self.moves == 2 and type(self).plays == 2:
            time.sleep(30)  # stopped by the time limit's alarm
        return view.legal_actions[0]


def test_a_play_a_timeout_cut_short_is_not_a_move_difference(monkeypatch) -> None:
    """The repeat's slow move was stopped; the moves agree as far as both plays went, so the report says a fault
    ended one play early, not that the agent decided otherwise."""
    monkeypatch.setattr(SlowInTheRepeat, "plays", 0)
    report = check_agent(SlowInTheRepeat(0), games=1, time_limit=1.0)  # far above a quick move, even on a busy machine
    assert report.slow and report.nondeterministic == [] and report.cut_short == [0], report
    assert "a fault ended one play of the same seed early (same moves until then, not a move difference): [0]" \
        in str(report)


def test_the_report_names_the_decisions_the_agent_never_met() -> None:
    """An agent that fails only on a rare decision passes when it never meets it: the report says what went untested."""
    def shy(view):
        if view.decision == "two_cards_choice":
            raise RuntimeError("never written")
        return view.legal_actions[0]

    report = check_agent(shy, Rules(players=4), games=3)
    assert report.ok and sum(report.asked.values()) == report.decisions
    assert report.asked["action"] > 0 and "two_cards_choice" not in report.asked
    line = next(line for line in str(report).splitlines() if line.startswith("  decisions asked: action "))
    assert "; never met, so not tested: " in line and line.endswith("two_cards_choice")
    solo = str(check_agent(shy, games=2))  # solo rules never ask it (SP11, SC11 say which cards move)
    assert "two_cards_choice" not in solo, solo


def test_a_game_whose_first_play_timed_out_is_not_repeated() -> None:
    """A hang would hang again: repeating it only doubles the wait (10 games x 2 x 10 s by default)."""
    asked = []

    def hangs(view):
        asked.append(view.decision)
        while True:
            pass

    report = check_agent(hangs, games=2, time_limit=0.05)
    assert len(asked) == 2 and len(report.slow) == 2, "one stopped move per game, and no repeat"


def test_a_report_without_a_completed_move_shows_no_average() -> None:
    def hangs(view):
        while True:
            pass

    header = str(check_agent(hangs, games=1, time_limit=0.05)).splitlines()[0]
    assert header == "check_agent(hangs): 1 games, 0 decisions, no move completed"


def stalls(view):
    """Takes a 12 from the discard in place of its own 12 and replays the Hourglass (SP12): some rounds never end."""
    for a in view.legal_actions:
        if (a.kind == "take" and a.a == view.top == 12) or a.kind == "hourglass":
            return a
    return next((a for a in view.legal_actions if a.kind in ("match", "pair", "draw")), view.legal_actions[-1])


def test_a_game_that_never_ends_is_reported() -> None:
    """A tournament counts a game stopped after MAX_DECISIONS as a loss for every seat: the check must not say OK."""
    report = check_agent(stalls, games=10, seed=10)
    assert report.unfinished and set(report.unfinished) <= set(range(10, 20)), report
    assert not (report.exceptions or report.illegal or report.slow or report.nondeterministic)
    assert not report.ok and "games that never ended, stopped after 3000 decisions" in str(report)
