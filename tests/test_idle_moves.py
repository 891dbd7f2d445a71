"""Moves that change nothing are marked for the page (`idle`), which keeps them under "All possible actions": taking
the discard pile's card for one of the same value (T2) or keeping the drawn card in place of one of the same value
(T1), unless the card played has an ability to use (D2: a 10, 11 or 12)."""

from __future__ import annotations

from egonb import GameState, Rules
from egonb.games.egocentric_world.snapshot import table_state


def idle(game: GameState) -> dict[str, bool]:
    return {a["label"]: a["idle"] for a in table_state(game, 0)["legal"] if a["kind"] in ("take", "keep")}


def test_taking_or_keeping_a_card_of_the_same_value_is_idle_unless_its_ability_can_be_used() -> None:
    rules = Rules.solo_game(difficulty=1)
    game = GameState.from_position(rules, hands=[[2, 5, 11], [9, 5], [2, 4]], discard=[2], deck=[3, 8],
                                   piles=[[], [6], [7]], rest="deck")
    assert idle(game) == {"Take the 2 from the discard pile for your 2": True,
                          "Take the 2 from the discard pile for your 5": False,
                          "Take the 2 from the discard pile for your 11": False}
    game = GameState.from_position(rules, hands=[[11, 5], [9, 5], [2, 4]], discard=[11], deck=[3, 8],
                                   piles=[[], [6], [7]], rest="deck")
    assert not any(idle(game).values())  # T2 then D2: your 11 played may use its Two Cards
    game = GameState.from_position(rules, hands=[[3, 5], [9, 5], [2, 4]], discard=[6], deck=[8, 3],
                                   piles=[[], [6], [7]], rest="deck")
    game.apply(next(a for a in game.legal_actions() if a.kind == "draw"))  # T1: the 3
    kept = idle(game)
    assert [label for label, value in kept.items() if value] == ["Keep the drawn 3 in place of your 3"], kept
