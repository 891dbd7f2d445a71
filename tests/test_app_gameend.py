"""A real game end: rank, the score chart's numbers, stats, and the record per difficulty kept
with the saves, from hand-built positions played to the end (E2)."""

from __future__ import annotations

from egonb.games.egocentric_world.gameend import history_rows, record
from egonb.games.egocentric_world.rules import Rules
from egonb.games.egocentric_world.session import GameSession
from egonb.games.egocentric_world.state import GameState

SLOT = "cd" * 16


def finish(tmp_path, scores, difficulty: int = 1) -> GameSession:
    """E2/T5: Citybot Left said STOP with a card still hidden; your draw and discard end the round, and the game
    (Right's total passes 50). You hold 1 + 2; Left 4 + 7, Right 3 + 5 + 8 once every hand is shown (E1)."""
    game = GameState.from_position(Rules.solo_game(difficulty=difficulty, full_game=True), hands=[[1, 2], [4], [3, 5]],
                                   discard=[6], deck=[2], piles=[[], [7], [8]], stop_caller=1, scores=scores,
                                   rest="deck")
    session = GameSession(seed=1, difficulty=difficulty, pace_ms=0, save_dir=tmp_path)
    session.handle({"type": "hello", "slot": SLOT})
    session.handle({"type": "resume", "choice": "new"})
    session.resume(game, "a hand-built position")
    for kind in ("draw", "discard_drawn"):
        table = session.state["table"]
        session.act(table["token"], next(a["id"] for a in table["legal"] if a["kind"] == kind))
    assert session.game.is_over
    return session


def test_e2_the_game_end_gives_your_rank_the_running_totals_and_your_stats(tmp_path) -> None:
    session = finish(tmp_path, [[10, 0, 48]])
    end = session.state["table"]["game_end"]
    assert end["running"] == [[10, 13], [0, 11], [48, 64]]  # each player's total after rounds 1 and 2
    assert end["rank"] == 2 and end["players"] == 3  # Left's 11 is lowest; your 13 next
    assert end["end_score"] == 50
    assert end["stats"] == {"rounds": 2, "best_round": 3, "best_round_number": 2, "stops": 0, "abilities": 0}


def test_a_finished_game_joins_the_record_of_its_difficulty_kept_with_the_saves(tmp_path) -> None:
    session = finish(tmp_path, [[0, 10, 48]])  # you win: 3 against 21 and 64
    assert session.state["table"]["game_end"]["rank"] == 1
    assert session.state["history"] == [{"difficulty": 1, "wins": 1, "losses": 0, "average": 3.0}]
    finish(tmp_path, [[30, 0, 48]])  # a second page of the same browser (slot) loses one: 33 against 11
    reopened = GameSession(seed=2, save_dir=tmp_path)
    reopened.handle({"type": "hello", "slot": SLOT})
    assert reopened.state["history"] == [{"difficulty": 1, "wins": 1, "losses": 1, "average": 18.0}]


def test_a_malformed_record_starts_again_and_no_game_in_play_has_a_game_end(tmp_path) -> None:
    game = GameState.from_position(Rules.solo_game(difficulty=2, full_game=True), hands=[[1, 2], [4], [3, 5]],
                                   discard=[6], deck=[2], piles=[[], [7], [8]], scores=[[0, 10, 48]], rest="deck")
    assert history_rows({"2": "nonsense", "9": {"games": 3}}) == []
    done = finish(tmp_path, [[0, 10, 48]], difficulty=2).game
    assert history_rows(record({"2": {"wins": "x", "games": 1, "total": 10}}, done)) == [
        {"difficulty": 2, "wins": 1, "losses": 0, "average": 6.5}]
    session = GameSession(seed=1, pace_ms=0)
    session.resume(game, "in play")
    assert session.state["table"]["game_end"] is None
