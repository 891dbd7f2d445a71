"""Diverse City's coach (egonb/games/diverse_city/coach.py): the traps it warns about, on hand-built positions
(tests/dc_positions.py), with the DIVERSE-CITY.md rule ids in the test names; and its rollouts, which skip asks."""

from __future__ import annotations

from dc_positions import PEOPLE, C, D, table

from egonb.agents.search import play_out
from egonb.coach import Coach, traps
from egonb.games.diverse_city.actions import ASK, DECLINE, DISCARD, DRAW, GIVE, TAKE
from egonb.games.diverse_city.agents import rollout_action
from egonb.messages import ENGLISH, PAGE

YOU, LEFT, RIGHT = 0, 1, 2


def warned(state, texts=ENGLISH) -> dict:
    """The trapped moves of seat 0's view, with their words."""
    return {t.action: t.text for t in traps(state.view(YOU), texts)}


def test_X4_R3_a_donation_that_clears_a_rivals_disaster_is_a_trap() -> None:
    """Player 2's Traffic Jam (-2, one slot) is cleared by your Public Transportation card; their Flood (two slots,
    no partial) is not cleared by one card (X6: it becomes a partial), so that donation is no trap."""
    s = table([[C("Public Transportation", 2), C("Food", 3), C("Housing", 1)], [C("School", 1)], [C("School", 2)]],
              [(), (D("Traffic Jam"), D("Flood")), ()])
    clearing, partial = GIVE[C("Public Transportation", 2), 1, 0], GIVE[C("Food", 3), 1, 1]
    assert {clearing, partial} <= set(s.legal_actions())
    said = warned(s)
    assert list(said) == [clearing]
    assert "clears Player 2's Traffic Jam" in said[clearing] and "2 points" in said[clearing]
    assert "(X4, R3)" in said[clearing]


def test_X6_the_second_card_of_a_two_slot_disaster_clears_it() -> None:
    """A Food partial lies on Player 2's Flood: your Emergency Services card fills its last open slot."""
    s = table([[C("Emergency Services", 1), C("Food", 3)], [C("School", 1)], [C("School", 2)]],
              [(), ((D("Flood"), C("Food", 1)),), ()])
    give = GIVE[C("Emergency Services", 1), 1, 0]
    assert give in s.legal_actions()
    assert list(warned(s)) == [give] and "Flood" in warned(s)[give] and "3 points" in warned(s)[give]


def test_X5_answering_an_ask_with_a_clearing_card_is_a_trap_declining_is_not() -> None:
    """Player 2 (on its turn) asks you for its Traffic Jam (X5): giving clears it; declining is no trap."""
    s = table([[C("Public Transportation", 4), C("Food", 3)], [C("School", 1)], [C("School", 2)]],
              [(), (D("Traffic Jam"),), ()], turn=LEFT)
    s.apply(ASK[RIGHT, 0])  # Player 2 asks the player two seats on its left: you
    v = s.view(YOU)
    assert v.decision == "answer" and v.current_player == YOU
    give = GIVE[C("Public Transportation", 4), 1, 0]
    assert set(v.legal_actions) == {DECLINE, give}
    assert list(warned(s)) == [give]


def test_R1_P2_discarding_your_people_card_is_a_trap() -> None:
    s = table([[PEOPLE, C("Food", 3), C("Housing", 1)], [C("School", 1)], [C("School", 2)]])
    said = warned(s)
    assert list(said) == [DISCARD[PEOPLE]]
    assert "cannot call Diversity (R1)" in said[DISCARD[PEOPLE]] and "3 points" in said[DISCARD[PEOPLE]]
    assert "Player 2 may take it from the discard pile (P2)" in said[DISCARD[PEOPLE]]


def test_R4_taking_a_card_of_a_category_you_hold_at_no_more_points_is_a_trap() -> None:
    """The top discard is Food 2: you hold Food 3, so it could only replace a better card (R4: both would score 0)."""
    s = table([[C("Food", 3), C("Housing", 1)], [C("School", 1)]], discard=[C("Food", 2)], phase="draw")
    assert set(s.legal_actions()) == {DRAW, TAKE}
    said = warned(s)
    assert list(said) == [TAKE]
    assert "you already hold Food 3" in said[TAKE] and "(R4)" in said[TAKE] and "Food 2 can only replace" in said[TAKE]


def test_R4_taking_a_better_card_of_your_category_or_a_new_one_is_no_trap() -> None:
    better = table([[C("Food", 1), C("Housing", 1)], [C("School", 1)]], discard=[C("Food", 4)], phase="draw")
    new = table([[C("Food", 3), C("Housing", 1)], [C("School", 1)]], discard=[C("School", 2)], phase="draw")
    assert warned(better) == {} and warned(new) == {}


def test_the_page_words_hide_the_rule_ids_and_the_hint_carries_the_traps() -> None:
    s = table([[PEOPLE, C("Food", 3), C("Housing", 1)], [C("School", 1)], [C("School", 2)]])
    (text,) = warned(s, PAGE).values()
    assert "(R1)" not in text and "Diversity" in text
    advice = Coach(simulations=24, budget=None).advise(s.view(YOU), ENGLISH)
    assert [t.action for t in advice.traps] == [DISCARD[PEOPLE]]


def test_X5_rollouts_never_ask_and_play_on_to_the_rounds_end() -> None:
    """Every rollout player declines an ask (the heuristic), so the rollout skips them: in your main phase with a
    disaster and two rivals, asks are legal, and the rollout's move is another one."""
    s = table([[C("Food", 3), C("Housing", 1)], [C("School", 1)], [C("School", 2)]], [(D("Fire"),), (), ()],
              end_score=1, turn_cap=12)
    assert any(a.kind == "ask" for a in s.legal_actions())
    assert rollout_action(s).kind != "ask"
    play_out(s, rollout_action)
    assert s.current_player is None
    assert not any(e.kind == "ask" for e in s.events)
