"""Hostile agents in tournaments: an agent that raises, hangs or returns garbage forfeits its
games, the fault is recorded against it (never against its opponents), and the tournament still returns a
record for every game, in this process and in a process pool.

test_tournament.py already covers a plain exception, an illegal action id and a slow move in process;
the cases here are the nastier ones. The agents are module-level so that a process pool can pickle them.
"""

from __future__ import annotations

import os
import signal
import sys
import time

import pytest

from egonb import NUM_ACTIONS, Action, GameError, GameState, Rules, new_game
from egonb.agents import AGENTS
from egonb.games.egocentric_world.actions import DRAW, KEEP
from egonb.play import play
from egonb.tournament import tournament

LIMIT = 1.0  # seconds per move; the greedy opponent needs a few ms, but a loaded 2-core CI once took 0.36 s
HANG = 30  # seconds an agent sleeps: if the alarm failed, the fault message would say "took 30 s"


def exits(view):
    sys.exit("the agent quits")  # SystemExit is not an Exception


class Unprintable(Exception):
    def __str__(self) -> str:
        raise ValueError("no message either")


def unprintable(view):
    raise Unprintable


def hangs(view):
    time.sleep(HANG)
    return view.legal_actions[0]


def swallows_the_alarm(view):
    """Catches every Exception around its sleep: the time limit must still stop it."""
    end = time.monotonic() + HANG
    while time.monotonic() < end:
        try:
            time.sleep(HANG)
        except Exception:
            pass
    return view.legal_actions[0]


def kills_its_process(view):
    os._exit(3)  # no exception to catch: the worker process is simply gone


def returns_none(view):
    return None


def returns_text(view):
    return "draw"


def returns_a_bool(view):
    return True


def returns_an_unknown_id(view):
    return 10**9


def returns_a_forged_action(view):
    return Action(None, "draw", 0, 0, 0)  # type: ignore[arg-type]


def returns_a_tampered_action(view):
    return view.legal_actions[0]._replace(kind="stop")  # a real id dressed up as another action


class BrokenNumber:
    """Passes for a whole number until asked which one."""

    def __index__(self) -> int:
        raise RuntimeError("I am no number")


def returns_a_broken_number(view):
    return BrokenNumber()


class Shifty:
    """A whole number that is a legal action id when the engine reads it, and another id after."""

    def __init__(self, legal: int) -> None:
        self.answers = iter([legal])

    def __index__(self) -> int:
        return next(self.answers, -1)

    __int__ = __index__


def returns_a_shifty_number(view):
    return Shifty(view.legal_actions[0].id)


class HiddenId(Action):
    """An Action whose id cannot be read."""

    @property
    def id(self) -> int:  # type: ignore[override]
        raise RuntimeError("no id for you")


def returns_an_action_without_an_id(view):
    return HiddenId(*view.legal_actions[0])


class Impostor:
    """Not an Action, but says its class is one (isinstance believes it)."""

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        return Action


def returns_an_impostor(view):
    return Impostor()


class Liar(Action):
    """An Action that claims to equal any other, to slip an action the engine does not offer past it."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = Action.__hash__


def cheats(view):
    """Draws (T1), then, where it must keep or discard the drawn card, dresses up 'take the discard for your
    highest card' (T2, not allowed then) as one of the offered actions."""
    if view.decision != "keep_or_discard":
        return view.legal_actions[0]
    return Liar(view.legal_actions[0].id, "take", max(view.hand), 0, 0)


class Stale:
    """Answers every decision with the Action it was offered at its first one (the deck, T1): at the
    next decision (keep or discard the drawn card, T1) that Action belongs to a decision already taken."""

    name = "stale"

    def reset(self, seat, rng) -> None:
        self.first = None

    def act(self, view):
        self.first = self.first or view.legal_actions[0]
        return self.first


class ResetRaises:
    name = "reset-raises"

    def reset(self, seat, rng) -> None:
        raise RuntimeError("cannot load my weights")

    def act(self, view):
        return view.legal_actions[0]


class ResetHangs(ResetRaises):
    name = "reset-hangs"

    def reset(self, seat, rng) -> None:
        time.sleep(HANG)


#: (agent, fault kind, words of the recorded message)
CASES = {
    "raises SystemExit": (exits, "exception", "SystemExit: the agent quits"),
    "raises an exception that cannot be printed": (unprintable, "exception", "Unprintable"),
    "hangs far beyond the limit": (hangs, "timeout", f"no move within {LIMIT} s"),
    "hangs and swallows the alarm": (swallows_the_alarm, "timeout", f"no move within {LIMIT} s"),
    "returns None": (returns_none, "illegal", "not NoneType"),
    "returns a string": (returns_text, "illegal", "not str"),
    "returns a bool": (returns_a_bool, "illegal", "not bool"),
    "returns an out-of-range id": (returns_an_unknown_id, "illegal", "out of range"),
    "returns a forged Action": (returns_a_forged_action, "illegal", "not an egonb action"),
    "returns a tampered Action": (returns_a_tampered_action, "illegal", "not an egonb action"),
    "returns an Action subclass that claims to be legal": (cheats, "illegal", "not an egonb action"),
    "returns a number that cannot say which": (returns_a_broken_number, "illegal", "not BrokenNumber"),
    "returns an Action whose id cannot be read": (returns_an_action_without_an_id, "illegal", "not an egonb action"),
    "returns an object whose __class__ says Action": (returns_an_impostor, "illegal", "not Impostor"),
    "returns an Action from another decision": (Stale(), "illegal", "'draw the top card of the deck (T1)' is not"),
    "raises in reset": (ResetRaises(), "exception", "reset: RuntimeError: cannot load my weights"),
    "hangs in reset": (ResetHangs(), "timeout", f"reset did not return within {LIMIT} s"),
}

SETUPS = {
    "in process, 2 players": (1, Rules(players=2)),
    "process pool, 2 players": (2, Rules(players=2)),
    "process pool, solo": (2, Rules.solo_game(1)),
}


@pytest.mark.parametrize("setup", SETUPS)
@pytest.mark.parametrize("case", CASES)
def test_a_hostile_agent_forfeits_and_the_tournament_finishes(case, setup) -> None:
    bad, kind, words = CASES[case]
    workers, rules = SETUPS[setup]
    alarm = signal.getsignal(signal.SIGALRM)
    result = tournament({"bad": bad, "greedy": AGENTS["greedy"]()}, rules, games=2, seed=4, workers=workers,
                        progress=False, time_limit=LIMIT)
    assert signal.getsignal(signal.SIGALRM) is alarm, "the time limit's alarm handler is put back"
    assert len(result.records) == len(result.schedule) == 4, "a record for every game of the schedule"
    for seating, rec in zip(result.schedule, result.records):
        seats = {result.names[agent]: seat for seat, agent in enumerate(seating.order)}
        if "bad" in seats:
            assert rec.fault is not None and rec.fault.seat == seats["bad"], "the fault is the hostile agent's"
            assert rec.fault.kind == kind and words in rec.fault.message, rec.fault
            assert not rec.finished, "no move was made up for it: the game stopped there"
        else:  # solo: the greedy agent's own games are untouched
            assert rec.fault is None and rec.finished
    rows = {r.agent: r for r in result.rows()}
    assert rows["bad"].faults == (2 if rules.variant == "solo" else 4)
    assert rows["bad"].win_rate == 0.0 and rows["bad"].mean_rank == rules.players, "a forfeit is a last place"
    assert rows["greedy"].faults == 0
    assert rows["greedy"].games == (2 if rules.variant == "solo" else 0), "a forfeit does not count for the others"
    assert {name for name, _ in result.faults()} == {"bad"}


def test_an_action_id_is_recorded_as_the_engine_read_it() -> None:
    """A number that gives a legal id when the engine reads it and -1 after: the record keeps the legal ids, so the
    game replays from it."""
    rec = play([returns_a_shifty_number, AGENTS["greedy"]()], Rules(players=2), seed=3)
    assert rec.fault is None and rec.finished
    replay = new_game(Rules(players=2), rec.seed)
    for action in rec.actions:
        assert replay.apply(action).id == action  # apply returns the engine's own Action for the id it read
    assert replay.is_over and tuple(replay.totals) == rec.totals


def test_a_reset_fault_stops_the_game_before_any_move() -> None:
    rec = play([AGENTS["greedy"](), ResetRaises()], Rules(players=2), seed=1)
    assert rec.fault is not None and (rec.fault.seat, rec.fault.decision) == (1, 0)
    assert rec.actions == [] and rec.decisions == [0, 0] and not rec.finished
    line = ResetRaises.reset.__code__.co_firstlineno + 1  # where the agent's reset raised (its own code, not play's)
    assert rec.transcript[-2:] == [
        "[FAULT] reset-raises (exception): reset: RuntimeError: cannot load my weights",
        f'[FAULT]   {__file__}:{line} in reset: raise RuntimeError("cannot load my weights")']


def test_an_illegal_move_is_recorded_without_showing_the_seat_hand() -> None:
    """The refused move is named, but not the list of allowed actions, which would show the seat's cards."""
    def not_offered(view):
        return next(i for i in range(NUM_ACTIONS) if all(a.id != i for a in view.legal_actions))

    record = play([not_offered, AGENTS["greedy"]()], Rules(players=2), seed=3)
    assert record.fault is not None and record.fault.kind == "illegal" and "is not allowed now" in record.fault.message
    assert "allowed: " not in record.fault.message


def keeps_a_card_it_lacks(view):
    """Draws (T1), then keeps the drawn card in place of a value it does not hold."""
    if view.decision == "keep_or_discard":
        return KEEP[next(v for v in range(1, 13) if v not in view.hand)]
    return DRAW


def test_a_refused_keep_does_not_name_the_drawn_card() -> None:
    """T1: only the drawer saw the card, and the spectator's transcript says just 'draws a card'; the
    fault recorded for everyone must not name it either."""
    record = play([keeps_a_card_it_lacks, AGENTS["greedy"]()], Rules(players=2), seed=1)
    fault = record.fault
    assert fault is not None and fault.kind == "illegal" and "'keep the drawn card in place of your" in fault.message
    assert record.transcript[-2:] == ["[  T1] keeps_a_card_it_lacks draws a card",
                                      f"[FAULT] keeps_a_card_it_lacks (illegal): {fault.message}"]


def test_the_engine_refusal_has_a_public_text_that_leaves_the_drawn_card_unnamed() -> None:
    """T1: the player is told which card it drew; `GameError.public`, what a record keeps, does not name it."""
    game = GameState.from_position(Rules(players=2), hands=[[1, 2, 3], [4, 5, 6]], discard=[7], deck=[9], rest="deck")
    game.apply(DRAW)
    with pytest.raises(GameError) as refused:
        game.apply(KEEP[12])
    assert refused.value.problem.startswith("'keep the drawn 9 in place of your 12 (T1)' is not allowed now")
    assert refused.value.public.startswith("'keep the drawn card in place of your 12 (T1)' is not allowed now")
    assert "9" not in refused.value.public


def test_an_agent_that_kills_its_worker_forfeits_and_the_tournament_finishes() -> None:
    """The pool is restarted and the game replayed under watch: the seat whose move ended the process is at fault."""
    result = tournament({"bad": kills_its_process, "greedy": AGENTS["greedy"]()}, Rules(players=2), games=2, seed=4,
                        workers=2, progress=False)
    assert len(result.records) == 4 and {(name, f.kind) for name, f in result.faults()} == {("bad", "crash")}
    assert all(rec.fault is not None for rec in result.records if rec.names[0] == "bad"), "it dies at its first move"


def naps(view):
    time.sleep(0.2)
    return view.legal_actions[0]


def test_an_alarm_someone_else_set_is_left_alone() -> None:
    """One real-time timer per process: with another one armed (e.g. pytest-timeout's), a slow move is timed
    and faulted afterwards instead of interrupted, and the other alarm still rings (play neither cancels nor
    replaces it)."""
    rang = []
    outer = signal.signal(signal.SIGALRM, lambda *_: rang.append(True))
    signal.setitimer(signal.ITIMER_REAL, 1.0)
    try:
        rec = play([naps, AGENTS["greedy"]()], Rules(players=2), seed=1, time_limit=0.05)
        assert rec.fault is not None and rec.fault.kind == "timeout" and rec.fault.seat == 0
        took = float(rec.fault.message.split("took ")[1].split(" s")[0])
        assert took >= 0.2, "the whole nap ran: it was not interrupted"
        for _ in range(6000):  # wait for the other alarm (it may have rung already, if the machine is busy)
            if rang:
                break
            time.sleep(0.01)
        assert rang == [True]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, outer)
