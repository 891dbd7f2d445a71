"""Thousands of random games with every invariant checked after every action."""

from __future__ import annotations

import random

import pytest
from invariants import Tracker, check

from egonb import Rules, new_game


def play_checked(rules: Rules, seed: int) -> int:
    g = new_game(rules, seed)
    tracker = Tracker(g)
    check(g, tracker)
    rng = random.Random(seed)
    decisions = 0
    while not g.is_over:
        actions = g.legal_actions()
        g.apply(actions[rng.randrange(len(actions))])
        decisions += 1
        check(g, tracker)
    return decisions


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_multiplayer_games_keep_every_invariant(players: int) -> None:
    # 400 games per table size, 2,000 in all; half single rounds, half full games to 50 (E2).
    total = 0
    for seed in range(400):
        total += play_checked(Rules(players=players, full_game=seed % 2 == 1), seed)
    assert total > 400 * 5


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_random_solo_games_keep_every_invariant(difficulty: int) -> None:
    # 700 full solo games per difficulty, 2,100 in all.
    for seed in range(700):
        play_checked(Rules.solo_game(difficulty, full_game=True), seed)


def test_small_decks_reshuffle_often_and_stay_consistent() -> None:
    """S4 under pressure: a 24-card deck for 3 players reshuffles many times per round."""
    counts = (2,) * 12
    for seed in range(150):
        play_checked(Rules(players=3, counts=counts, full_game=True, end_score=30), seed)
