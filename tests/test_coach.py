"""The coach (egonb/coach.py): a move proposed from your view alone, why in plain words, and the traps it warns
about (Egocentric World's SB1); the sessions' hint message (egonb/app/coaching.py) and the notebooks' table widget,
driven with the very message the browser's Hint button sends."""

from __future__ import annotations

import random

import pytest
from dc_positions import C, table

from egonb import GameState, Rules
from egonb.app import SoloApp
from egonb.coach import Coach, explain, traps
from egonb.errors import GameError
from egonb.games.diverse_city.session import DCSession
from egonb.games.diverse_city.table import DiverseCityApp
from egonb.games.egocentric_world.actions import DISCARD_DRAWN, DRAW, MATCH, REVEAL_PILE
from egonb.games.egocentric_world.session import GameSession
from egonb.messages import ENGLISH, PAGE

SOLO = Rules.solo_game(difficulty=1)
YOU, LEFT, RIGHT = 0, 1, 2


def magnifying_glass(left: list[int], left_pile: list[int], right: list[int], right_pile: list[int],
                     stop_caller: int | None = None) -> GameState:
    """Your SP10 decision: you matched a 10 on the discard pile, and hold 11 + 12 (23)."""
    g = GameState.from_position(SOLO, hands=[[10, 11, 12], left, right], discard=[10], deck=[],
                                piles=[[], left_pile, right_pile], stop_caller=stop_caller, rest="deck")
    g.apply(MATCH[10])
    assert g.decision == "ability" and REVEAL_PILE[LEFT] in g.legal_actions()
    return g


def test_SB1_the_coach_warns_before_you_reveal_the_last_hidden_card_of_a_citybot_below_your_total() -> None:
    """SB1: Citybot Left shows 1 + 2 and hides one card; revealed, all its cards are visible and under your 23, so
    it says STOP on its turn. Citybot Right shows 7 + 7 + 6 + 5 (25) and holds no Hourglass: revealed, it stays above
    you whatever it hides until your next decision."""
    v = magnifying_glass([1, 2], [3], [7, 7, 6, 5], [4]).view(YOU)
    warned = traps(v, ENGLISH)
    assert [t.action for t in warned] == [REVEAL_PILE[LEFT]]
    text = warned[0].text
    assert "Citybot Left" in text and "says STOP" in text and "(SB1)" in text and "(23)" in text
    assert "100 %" in text  # every world dealt from your view: its last card is at least a 1
    advice = Coach().advise(v, ENGLISH)
    assert advice.traps == tuple(warned)


def test_SB1_no_warning_once_somebody_has_said_stop() -> None:
    """T5: after a STOP nobody says it again, so revealing a pile hands no Citybot a STOP."""
    v = magnifying_glass([1, 2], [3], [7, 7, 6, 5], [4], stop_caller=RIGHT).view(YOU)
    assert traps(v, ENGLISH) == []


def test_SB1_page_words_hide_the_rule_id_unless_shown() -> None:
    v = magnifying_glass([1, 2], [3], [7, 7, 6, 5], [4]).view(YOU)

    (trap,) = traps(v, PAGE)
    assert "SB1" not in trap.text and "says STOP" in trap.text


def test_hidden_cards_stay_hidden_the_same_view_gets_the_same_hint() -> None:
    """Two games that differ only in cards you cannot see (Citybot Right's pile and the deck, SM4): the same view,
    so the same proposal, numbers, words and warnings."""
    one = magnifying_glass([1, 2], [3], [5, 6], [7, 8])
    two = magnifying_glass([1, 2], [3], [5, 6], [9, 4])
    assert one.piles[RIGHT] != two.piles[RIGHT] and one.deck != two.deck
    v1, v2 = one.view(YOU), two.view(YOU)
    assert v1 == v2
    # no time budget here: a search cut short by a busy machine may stop at another world (bench_coach.py counts them)
    a1, a2 = Coach(budget=None).advise(v1, ENGLISH), Coach(budget=None).advise(v2, ENGLISH)
    assert a1 == a2 and a1.complete
    assert explain(v1, a1, ENGLISH) == explain(v2, a2, ENGLISH)


def test_hidden_cards_stay_hidden_in_diverse_city() -> None:
    """The other hands and the draw pile's order (I1-I4) do not change what the coach says to seat 0."""
    hand = [C("Food", 3), C("Housing", 2), C("Activity", 2)]
    one = table([hand, [C("School", 1), C("Power Plant", 4)]], draw=[C("Communications", 2), C("School", 3)])
    two = table([hand, [C("School", 3), C("Power Plant", 4)]], draw=[C("Communications", 2), C("School", 1)])
    assert one.hands[1] != two.hands[1]
    assert one.view(0) == two.view(0)
    assert Coach(simulations=40, budget=None).advise(one.view(0)) == Coach(simulations=40, budget=None).advise(
        two.view(0))


def test_the_hint_is_deterministic_for_a_seed_and_names_a_searched_move() -> None:
    v = magnifying_glass([1, 2], [3], [5, 6], [7, 8]).view(YOU)
    first, again = Coach(seed=4, budget=None).advise(v), Coach(seed=4, budget=None).advise(v)
    assert first == again
    assert first.action in v.legal_actions and set(first.means) <= set(v.legal_actions)
    assert list(first.means)[0] == first.action
    assert 0 <= first.share <= 1 and first.endings[first.action] >= 1


def test_the_words_say_the_move_the_endings_and_the_share() -> None:
    v = magnifying_glass([1, 2], [3], [5, 6], [7, 8]).view(YOU)
    advice = Coach().advise(v, ENGLISH)
    said = explain(v, advice, ENGLISH, label=lambda a: f"<{a.kind}>")
    assert said[0].startswith(f"<{advice.action.kind}>: in {advice.endings[advice.action]} simulated endings of "
                              f"this round it ")
    assert f"{round(100 * advice.share)} %" in said[0] and "lowest total" in said[0]
    assert said[1].startswith("Next best: <")


def test_one_move_worth_making_is_said_so() -> None:
    """You drew a 12 (T1): keeping it in place of any card of yours makes your hand no better, so discarding it is
    the one move the search tries."""
    g = GameState.from_position(SOLO, hands=[[3, 5, 9], [4, 6], [3, 5]], discard=[7], deck=[12], rest="deck")
    g.apply(DRAW)
    v = g.view(YOU)
    assert v.decision == "keep_or_discard" and len(v.legal_actions) > 1
    advice = Coach().advise(v, ENGLISH)
    assert advice.action == DISCARD_DRAWN and list(advice.means) == [DISCARD_DRAWN]
    assert explain(v, advice, ENGLISH, label=lambda a: "Discard it") == [
        "Discard it: it is the only move worth making here."]


def test_the_coach_refuses_a_view_whose_player_does_not_decide() -> None:
    g = magnifying_glass([1, 2], [3], [5, 6], [7, 8])
    with pytest.raises(GameError):
        Coach().advise(g.view(LEFT))


def test_the_coach_plays_a_whole_solo_game_as_a_player() -> None:
    g = GameState.from_position(SOLO, hands=[[1, 2, 3], [4, 6], [3, 5]], discard=[7], deck=[2], rest="deck")
    coach = Coach(simulations=30)
    for _ in range(400):
        if g.current_player is None:
            break
        g.apply(coach.act(g.view(YOU)))
    assert g.current_player is None or g.round > 1


# ---------------------------------------------------------------- the sessions' hint and the widgets


@pytest.mark.parametrize("make", [lambda sent: GameSession(seed=3, send=sent.append),
                                  lambda sent: DCSession(seed=3, send=sent.append)], ids=["ew", "dc"])
def test_a_session_answers_the_hint_of_its_open_decision_and_changes_nothing(make) -> None:
    sent: list[dict] = []
    session = make(sent)
    session.new_game()
    before = (session.token, session.game.to_json() if hasattr(session.game, "to_json") else None, dict(session.state))
    session.handle({"type": "hint", "token": session.token})
    reply = sent[-1]
    legal = {a["id"]: a["label"] for a in session.state["table"]["legal"]}
    assert reply["type"] == "hint" and reply["token"] == session.token and reply["action"] in legal
    assert reply["text"][0].startswith(legal[reply["action"]] + ":")  # the move named as its button names it
    assert "chapter 22" in reply["about"]
    after = (session.token, session.game.to_json() if hasattr(session.game, "to_json") else None, dict(session.state))
    assert after == before and not session.refused


@pytest.mark.parametrize("token", [99, "1", None, True])
def test_a_hint_for_another_decision_proposes_nothing(token) -> None:
    sent: list[dict] = []
    session = GameSession(seed=3, send=sent.append)
    session.new_game()
    session.handle({"type": "hint", "token": token})
    assert sent[-1]["action"] is None
    assert sent[-1]["text"] == ["No hint now: the coach helps when the decision is yours."]


def test_the_notebooks_table_widget_answers_the_hint_button() -> None:
    """The table of the notebooks (chapter 00's `SoloApp`) takes the Hint button's message over its comm and sends
    the answer back: the move's id, on the table's own legal actions."""
    app = SoloApp(seed=1, difficulty=1, pace_ms=0)
    sent: list[dict] = []
    app.table.send = sent.append  # the comm's far end: the browser
    table_now = app.table.table
    app.table._handle_msg({"content": {"data": {"method": "custom",
                                                "content": {"type": "hint", "token": table_now["token"]}}},
                           "buffers": []})
    (reply,) = [m for m in sent if m.get("type") == "hint"]
    assert reply["action"] in [a["id"] for a in table_now["legal"]]
    assert app.table.table == table_now  # asking changes nothing on the table


def test_diverse_citys_table_widget_answers_the_hint_button() -> None:
    app = DiverseCityApp(seed=2)
    sent: list[dict] = []
    app.table.send = sent.append
    token = app.table.table["token"]
    app.table._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "hint", "token": token}}},
                           "buffers": []})
    (reply,) = [m for m in sent if m.get("type") == "hint"]
    legal = [a["id"] for a in app.table.table["legal"]]
    assert (reply["action"] in legal) if legal else reply["action"] is None


def test_the_coach_seeds_its_worlds_from_the_view_not_from_a_shared_generator() -> None:
    """Asking about another position in between does not change a hint (the page may ask in any order)."""
    v = magnifying_glass([1, 2], [3], [5, 6], [7, 8]).view(YOU)
    other = magnifying_glass([1, 2], [3], [7, 7, 6, 5], [4]).view(YOU)
    coach = Coach(budget=None)
    first = coach.advise(v)
    coach.rng = random.Random(99)
    coach.advise(other)
    assert coach.advise(v) == first
