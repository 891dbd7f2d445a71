"""The mini variant's own rule (docs/MINI.md): MV3, the turn limit that makes a round finite."""

from __future__ import annotations

import pytest
from helpers import draw_and_discard, kinds

from egonb import GameError, GameState, Rules, new_game
from egonb.games.egocentric_world.actions import HOURGLASS, STOP, TAKE

MINI_LIKE = Rules(players=3, counts=(2, 2, 2, 2) + (0,) * 8, hand_size=1, turn_limit=2)


def _position(rules: Rules = MINI_LIKE, turn: int = 0) -> GameState:
    """Seats 0, 1, 2 hold a 1, a 2 and a 3; a 4 is on the discard pile; the deck holds the other four cards."""
    return GameState.from_position(rules, hands=[[1], [2], [3]], discard=[4], deck=[1, 2, 3, 4], turn=turn)


def test_MV3_the_round_ends_once_every_player_has_had_the_limit_of_turns() -> None:
    g = _position(turn=1)
    for _ in range(5):  # seats 1, 2, 0, 1, 2: everyone but seat 0 has had two turns
        draw_and_discard(g)
    assert not g.is_over and g.current_player == 0
    draw_and_discard(g)
    assert g.is_over
    assert [k for k in kinds(g) if k[0] == "round_end"] == [("round_end", "MV3", 1)]  # seat 1 would play next
    assert g.totals == [1, 2, 3]  # E1 scores the hands as they are
    assert "turn limit" in g.transcript()[-5]


def test_MV3_the_round_end_carries_the_number_of_the_last_turn() -> None:
    g = _position()
    for _ in range(6):
        draw_and_discard(g)
    end = next(e for e in g.events if e.kind == "round_end")
    last_turn = [e.turn for e in g.events if e.kind == "discard_drawn"]
    assert len(set(last_turn)) == 6 and end.turn == last_turn[-1]


def test_MV3_an_Hourglass_extra_turn_counts_so_the_limit_bounds_every_round() -> None:
    """Seat 0 takes the Hourglass from the discard pile and plays its own (T2, A12), again and again: each extra
    turn counts (docs/MINI.md), so the round still ends after turn_limit x players turns."""
    rules = Rules(players=2, counts=(4,) * 12, hand_size=1, turn_limit=2)
    g = GameState.from_position(rules, hands=[[12], [1]], discard=[12], deck=[], rest="deck")
    for _ in range(4):
        assert g.current_player == 0
        g.apply(TAKE[12])
        g.apply(HOURGLASS)
    assert g.is_over and [k for k in kinds(g) if k[0] == "round_end"] == [("round_end", "MV3", 0)]


def test_MV3_a_saved_game_remembers_the_turns_already_taken() -> None:
    rules = Rules(players=2, turn_limit=3)
    g = new_game(rules, seed=4)
    for _ in range(3):
        draw_and_discard(g)
    copies = [GameState.from_json(g.to_json()), g.clone(), g]
    for c in copies:
        while not c.is_over:
            draw_and_discard(c)
    assert {len(c.events) for c in copies} == {len(g.events)}
    ends = [e for e in g.events if e.kind == "round_end"]
    assert [e.rule for e in ends] == ["MV3"]
    assert sum(e.kind == "discard_drawn" for e in g.events) == 6  # three turns each, no more


def test_MV3_an_earlier_STOP_still_ends_the_round_first() -> None:
    g = _position()
    g.apply(STOP)
    draw_and_discard(g)
    draw_and_discard(g)
    assert g.is_over and [k[1] for k in kinds(g) if k[0] == "round_end"] == ["T5"]


def test_MV3_without_a_limit_the_turns_go_on() -> None:
    g = _position(Rules(players=3, counts=MINI_LIKE.counts, hand_size=1))
    for _ in range(6):
        draw_and_discard(g)
    assert not g.is_over


@pytest.mark.parametrize("limit", [0, -1, 1.5, "2", True])
def test_MV3_a_turn_limit_is_a_positive_whole_number(limit: object) -> None:
    with pytest.raises(GameError, match="turn_limit"):
        Rules(players=2, turn_limit=limit)  # type: ignore[arg-type]


def test_MV3_the_turn_limit_is_for_the_multiplayer_game_and_is_saved() -> None:
    with pytest.raises(GameError, match="turn_limit"):
        Rules.solo_game(1, turn_limit=3)
    assert Rules.from_dict(MINI_LIKE.to_dict()) == MINI_LIKE
    assert Rules.from_dict(Rules().to_dict()).turn_limit is None
