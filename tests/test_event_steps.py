"""Every event says which turn and, in a Citybot's turn, which of its steps it belongs to (`Event.turn`, `Event.step`).

A front end cuts its animation frames from the event stream after `apply` returns, so nothing a Citybot's turn
causes may lack its step: a reshuffle while it draws (S4 in SB7), the round end it causes (T5, T6), the SM2
removals, the next round's deal, your Black Shield answer to its Two Cards (SP9). Events of your own turn carry
no step, even a Citybot's SC9 answer to your Magnifying Glass.
"""

from __future__ import annotations

import random

import pytest

from egonb import GameState, Rules
from egonb.games.egocentric_world.actions import DRAW, NO_SHIELD, REVEAL_PILE, SHIELD

SOLO = Rules.solo_game(difficulty=1, full_game=False)
YOU, LEFT, RIGHT = 0, 1, 2


def test_S4_SB7_a_reshuffle_while_a_citybot_draws_belongs_to_SB7() -> None:
    g = GameState.from_position(
        SOLO, hands=[[1, 1], [4, 6], [2, 5]], discard=[9], deck=[], turn=RIGHT, rest="discard")
    g.play_automated()
    reshuffle = next(e for e in g.events if e.kind == "reshuffle")
    assert (reshuffle.rule, reshuffle.step, reshuffle.turn) == ("S4", "SB7", g.events[0].turn)


def test_SM2_T6_the_round_end_a_citybot_causes_belongs_to_its_step() -> None:
    rules = Rules.solo_game(difficulty=2, full_game=True)
    g = GameState.from_position(rules, hands=[[1, 2], [4, 6], [5]], discard=[5], deck=[], piles=[[], [3], []],
                                turn=RIGHT, rest="deck")
    g.play_automated()
    turn = g.events[0].turn
    ending = [e for e in g.events if e.turn == turn]
    assert [e.kind for e in ending][:3] == ["bot", "round_end", "removal"] and ending[1].rule == "T6"
    assert {e.step for e in ending} == {"SB4"}, "T6, SM2, E1 and the next deal all belong to Right's SB4"
    assert {"round_start", "flip", "deal", "reveal_hand"} <= {e.kind for e in ending}


@pytest.mark.parametrize("answer", [SHIELD, NO_SHIELD])
def test_SP9_your_answer_to_a_citybot_two_cards_belongs_to_its_SC11(answer) -> None:
    g = GameState.from_position(SOLO, hands=[[9, 4], [4, 6], [11, 3]], discard=[11], deck=[],
                                piles=[[], [], [7, 12]], turn=RIGHT, rest="deck")
    g.play_automated()
    before = len(g.events)
    assert g.decision == "shield"
    g.apply(answer)
    answered = [e for e in g.events[before:] if e.turn == g.events[before - 1].turn]
    assert answered and {e.step for e in answered} == {"SC11"}


def test_SC9_a_citybot_answer_in_your_turn_carries_no_step() -> None:
    g = GameState.from_position(SOLO, hands=[[10, 4], [6, 3], [2]], discard=[10], deck=[], piles=[[], [9, 5], []],
                                rest="deck")
    g.apply(next(a for a in g.legal_actions() if a.kind == "match"))
    g.apply(REVEAL_PILE[LEFT], automate=False)
    sc9 = [e for e in g.events if e.rule == "SC9"]
    assert sc9 and all(e.step == "" for e in g.events if e.turn == sc9[0].turn)


def _turn_seats(rules: Rules, seed: int) -> tuple[GameState, dict[int, int]]:
    """A whole game with random choices, and whose turn each turn number was (turn 0: the first deal)."""
    g = GameState.start(rules, seed, automate=False)
    rng = random.Random(seed)
    seats = {0: -1, g.turns: g.turn}
    while not g.is_over:
        if g.automated:
            g.play_step()
        else:
            legal = g.legal_actions()
            g.apply(DRAW if DRAW in legal and rng.random() < 0.5 else rng.choice(legal), automate=False)
        seats.setdefault(g.turns, g.turn)
    return g, seats


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_SB_SC_every_event_of_a_citybot_turn_has_its_step_and_none_of_yours_has(difficulty: int) -> None:
    rules = Rules.solo_game(difficulty=difficulty, full_game=True)
    automated, stamped = {LEFT, RIGHT}, set()
    for seed in range(25):
        g, seats = _turn_seats(rules, seed)
        for i, e in enumerate(g.events):
            if seats[e.turn] in automated:
                assert e.step, f"seed {seed}, event {i} ({e.kind} {e.rule}) of a Citybot turn has no step"
            else:
                assert not e.step, f"seed {seed}, event {i} ({e.kind} {e.rule}) of your turn has step {e.step}"
        stamped.update(e.kind for e in g.events if e.step and e.kind != "bot")
    assert {"round_end", "reveal_hand", "round_start"} <= stamped, "round ends fall in Citybot turns too"
