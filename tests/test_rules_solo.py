"""Solo rules from hand-built positions: SM1-SM4, the Citybot steps SB1-SB9, their abilities SC8-SC12, yours SP8-SP12.

Seat 0 is you, 1 Citybot Left, 2 Citybot Right; a Citybot's `hands[seat]` are its
visible cards and `piles[seat]` its hidden pile (top card last). To test a
Citybot's turn, a position starts on its turn and `g.play_automated()` plays until you
must decide. Setting `stop_caller` to the seat that plays next freezes the game
right after the turn under test (T5 ends the round), so its cards can be checked
before anyone else plays.
"""

from __future__ import annotations

import pytest
from helpers import assert_all_cards, assert_refused, bot_steps, draw_and_discard, kinds, texts

from egonb import GameState, Rules, new_game
from egonb.games.egocentric_world.actions import (
    DISCARD_DRAWN,
    DRAW,
    EXCHANGE,
    HOURGLASS,
    LOOK,
    MATCH,
    NO_SHIELD,
    PAIR,
    REVEAL_PILE,
    SHIELD,
    SKIP,
    STOP,
    SWAP,
    TAKE,
)
from egonb.games.egocentric_world.events import Event

SOLO = Rules.solo_game(difficulty=1, full_game=False)
YOU, LEFT, RIGHT = 0, 1, 2


def bot_turn(seat: int, you: list[int], visible: list[int], top: int, pile: list[int] | None = None, *,
             other: list[int] | None = None, other_pile: list[int] | None = None, deck: tuple[int, ...] = (),
             stop_caller: int = -1, rules: Rules = SOLO) -> GameState:
    """Citybot `seat` plays its turn from this position, then the engine plays on until you decide."""
    hands: list[list[int]] = [you, [], []]
    piles: list[list[int]] = [[], [], []]
    hands[seat], piles[seat] = visible, pile or []
    hands[3 - seat], piles[3 - seat] = other or [4, 6], other_pile or []
    g = GameState.from_position(
        rules, hands=hands, discard=[top], deck=deck, piles=piles, turn=seat, stop_caller=stop_caller,
        rest="deck")
    g.play_automated()
    assert_all_cards(g)
    return g


def steps_of(g: GameState, seat: int = RIGHT) -> list[str]:
    """The step ids of `seat`'s Citybot events, in order."""
    return [rule for player, rule in bot_steps(g) if player == seat]


def your_turn(you: list[int], top: int, left: list[int], right: list[int], left_pile: list[int] | None = None,
              right_pile: list[int] | None = None, *, stop_caller: int = LEFT, rules: Rules = SOLO) -> GameState:
    """Your turn; by default Citybot Left has said STOP, so the round ends right after it."""
    return GameState.from_position(
        rules, hands=[you, left, right], discard=[top], deck=[], piles=[[], left_pile or [], right_pile or []],
        stop_caller=stop_caller, rest="deck")


# --------------------------------------------------------------------- set-up


def test_SM1_three_players_you_then_left_then_right() -> None:
    g = GameState.from_position(SOLO, hands=[[1, 2], [4, 6], [3, 5]], discard=[7], deck=[2], rest="deck")
    assert g.rules.names == ("You", "Citybot Left", "Citybot Right")
    draw_and_discard(g)
    assert [p for p, _ in bot_steps(g)] == [LEFT, RIGHT, RIGHT]
    assert bot_steps(g)[0] == (LEFT, "SB6")
    assert (g.turn, g.current_player, g.decision) == (YOU, YOU, "action")


def test_SM1_you_always_decide_and_cannot_act_for_a_citybot() -> None:
    g = new_game(SOLO, seed=4)
    assert g.current_player == YOU
    assert_refused(g, DRAW, player=LEFT)


@pytest.mark.parametrize(("difficulty", "removed", "scores"), [
    (1, [], [3, 17, 7]),
    (2, [(LEFT, 2), (RIGHT, 3)], [3, 15, 4]),
    (3, [(LEFT, 9), (RIGHT, 4)], [3, 8, 3]),
])
def test_SM2_each_difficulty_removes_a_citybot_card_before_scoring(difficulty: int, removed: list,
                                                                 scores: list[int]) -> None:
    rules = Rules.solo_game(difficulty=difficulty, full_game=False)
    g = your_turn([1, 2], 12, [6, 9], [3, 4], left_pile=[2], rules=rules)
    draw_and_discard(g)
    assert g.is_over
    top = next(e for e in g.events if e.kind == "round_end").args["top"]
    assert g.discard[-1] == top, "a removed card is set aside under the pile: the top at the round's end stays"
    assert [(e.player, e.args["card"]) for e in g.events if e.kind == "removal"] == removed
    assert all(rule == "SM2" for kind, rule, _ in kinds(g) if kind == "removal")
    order = [k for k, _, _ in kinds(g) if k in ("removal", "reveal_hand")]
    assert order == ["removal"] * len(removed) + ["reveal_hand"] * 3, "removal comes before scoring"
    assert g.scores == [scores]
    assert_all_cards(g)


def test_SM2_and_E1_round_end_narration_reads_as_plain_english() -> None:
    """The removal (SM2) names the card once, the score (E1) counts "1 point", and a round that ends on your
    STOP (T5) says "you" in mid-sentence."""
    rules = Rules.solo_game(difficulty=3, full_game=False)
    g = your_turn([1, 2], 12, [1, 10], [3, 4], rules=rules)
    draw_and_discard(g)
    said = {(e.kind, e.player): text for e, text in g.events_for(YOU) if e.kind in ("removal", "reveal_hand")}
    assert said["removal", LEFT] == "Citybot Left removes its highest card at difficulty 3: the 10 (Magnifying Glass)"
    assert said["reveal_hand", LEFT] == "Citybot Left shows 1: 1 point"
    assert said["reveal_hand", YOU] == "You show 1, 2: 3 points"
    ended = Event("round_end", "T5", YOU, {"round": 2})
    assert ended.text(rules.names) == "Round 2 ends: the turn comes back to you, who said STOP (T5)"


def test_SM3_citybot_left_starts_the_first_round() -> None:
    for seed in range(10):
        g = new_game(SOLO, seed=seed)
        start = g.events[0]
        assert (start.kind, start.rule, start.player) == ("round_start", "S2", LEFT)
        assert "(SM3: Citybot Left starts the first round)" in start.text(g.rules.names)
        assert bot_steps(g)[0][0] == LEFT


def test_SM3_later_rounds_follow_S2_highest_round_score_starts() -> None:
    rules = Rules.solo_game(difficulty=1, full_game=True)
    g = your_turn([1, 2], 12, [3, 4], [10, 12], rules=rules)
    draw_and_discard(g)
    assert g.round == 2 and g.scores == [[3, 7, 22]]
    start = max(i for i, e in enumerate(g.events) if e.kind == "round_start")
    assert (g.events[start].rule, g.events[start].player) == ("S2", RIGHT)
    assert {p for p, _ in bot_steps(g, start)} == {RIGHT}, "Right plays first, then you"


def test_SM4_a_citybot_starts_with_a_hidden_pile_of_five() -> None:
    for seed in range(5):
        g = new_game(SOLO, seed=seed)
        for bot in (LEFT, RIGHT):
            assert g.hand_size(bot) == 5 - sum(1 for p, r in bot_steps(g) if p == bot and r in ("SB4", "SB5"))
            view = g.view(YOU)
            assert view.visible[bot] == tuple(sorted(g.hands[bot]))
            assert view.pile_sizes[bot] == len(g.piles[bot])


def test_SM4_pile_reveals_from_the_top_and_new_cards_become_visible() -> None:
    g = bot_turn(RIGHT, [1, 1], [], 2, pile=[7, 3, 12, 5, 1])
    assert steps_of(g) == ["SB2", "SB3", "SB6"]
    assert g.piles[RIGHT] == [7, 3, 12]
    assert sorted(g.hands[RIGHT]) == [1, 2], "the taken 2 is visible"


def test_SM4_your_view_shows_visible_cards_and_pile_sizes_never_hidden_cards() -> None:
    g = GameState.from_position(
        SOLO, hands=[[1, 2], [4, 6], [3, 5]], discard=[7], deck=[], piles=[[], [9, 10], [11, 12, 1]],
        rest="deck")
    view = g.view(YOU)
    assert view.visible == ((), (4, 6), (3, 5)) and view.pile_sizes == (0, 2, 3)
    assert view.hand == (1, 2)
    other = GameState.from_position(
        SOLO, hands=[[1, 2], [4, 6], [3, 5]], discard=[7], deck=[], piles=[[], [2, 3], [8, 8, 7]], rest="deck")
    assert other.view(YOU) == view


# ------------------------------------------------------------ a Citybot's turn


def test_SB1_stops_when_every_card_is_visible_and_its_total_is_lower_than_yours() -> None:
    g = bot_turn(RIGHT, [6, 6], [1, 2], 3, other=[10, 11])
    assert bot_steps(g) == [(RIGHT, "SB1")]
    assert g.stop_caller == RIGHT and g.view(YOU).stop_caller == RIGHT
    assert (g.current_player, g.decision) == (YOU, "action")
    assert STOP not in g.legal_actions(), "only one STOP per round (T5)"
    draw_and_discard(g)
    assert g.is_over, "you and Citybot Left had one more turn each (T5)"
    assert [p for p, _ in bot_steps(g)][1:] and {p for p, _ in bot_steps(g)[1:]} == {LEFT}
    assert ("round_end", "T5", RIGHT) in kinds(g)


def test_SB1_no_stop_when_its_total_equals_yours() -> None:
    g = bot_turn(RIGHT, [6, 6], [5, 7], 3)
    assert "SB1" not in steps_of(g) and g.stop_caller == -1


def test_SB1_no_stop_while_a_card_is_hidden() -> None:
    g = bot_turn(RIGHT, [6, 6], [1], 3, pile=[1])
    assert steps_of(g)[0] == "SB2" and g.stop_caller == -1


def test_SB1_no_second_stop_in_a_round() -> None:
    g = bot_turn(RIGHT, [6, 6], [1, 2], 3, stop_caller=YOU)
    assert "SB1" not in steps_of(g)
    assert g.is_over and ("round_end", "T5", YOU) in kinds(g)


def test_SB2_reveals_the_top_card_of_its_pile() -> None:
    g = bot_turn(RIGHT, [1, 1], [], 10, pile=[4, 9], deck=(12,))
    assert steps_of(g) == ["SB2", "SB7", "SB9"]
    assert g.piles[RIGHT] == [4] and g.hands[RIGHT] == [9]
    assert texts(g, YOU, "bot")[0] == "Citybot Right — SB2: it reveals the top card of its pile: a 9"


def test_SB2_SB3_the_steps_show_the_revealed_cards_before_the_citybot_plays() -> None:
    """A front end shows a Citybot's reveals (SB2, SB3) as a beat of their own, before the card it then plays."""
    g = GameState.from_position(
        SOLO, hands=[[1, 1], [], [4, 6]], discard=[2], deck=[1, 11], piles=[[], [9, 5, 3], []], rest="deck")
    g.apply(DRAW)
    g.apply(DISCARD_DRAWN, automate=False)
    seen = [(s.turn, list(s.hands[LEFT]), list(s.discard), s.events[-1].rule) for s in g.automated_steps()]
    assert seen == [(LEFT, [], [2, 11], "D1"),  # before Left's turn: your discarded 11 on top
                    (LEFT, [3, 5], [2, 11], "SB3"),  # Left has revealed a 3 then a 5 (none above 7): not played yet
                    (RIGHT, [3, 1], [2, 11, 5], "SB8"),  # ... then drew the 1 and played its 5 for it (SB7, SB8)
                    (YOU, [3, 1], [2, 11, 6], "SB6")]  # Right took the 5 for its 6: no pile, no reveal beat
    assert steps_of(g, LEFT) == ["SB2", "SB3", "SB7", "SB8"]


def test_SB3_second_reveal_when_no_visible_card_is_above_7() -> None:
    g = bot_turn(RIGHT, [1, 1], [], 1, pile=[9, 5, 3])
    assert steps_of(g)[:2] == ["SB2", "SB3"]
    assert g.piles[RIGHT] == [9]


def test_SB3_a_7_is_not_above_7() -> None:
    g = bot_turn(RIGHT, [1, 1], [], 1, pile=[9, 5, 7])
    assert steps_of(g)[:2] == ["SB2", "SB3"] and g.piles[RIGHT] == [9]


@pytest.mark.parametrize(("visible", "pile", "left"), [([9], [5, 3], [5]), ([], [5, 8], [5]), ([1], [3], [])])
def test_SB3_no_second_reveal_with_a_card_above_7_or_an_empty_pile(visible: list[int], pile: list[int],
                                                                    left: list[int]) -> None:
    g = bot_turn(RIGHT, [1, 1], visible, 1, pile=pile)
    assert steps_of(g)[0] == "SB2" and "SB3" not in steps_of(g)
    assert g.piles[RIGHT] == left


def test_SB4_plays_a_visible_card_of_the_top_discard_value() -> None:
    g = bot_turn(RIGHT, [1, 1], [4, 6], 6)
    assert bot_steps(g) == [(RIGHT, "SB4")]
    assert g.hands[RIGHT] == [4] and g.discard[-2:] == [6, 6]


def test_SB4_comes_before_SB5() -> None:
    g = bot_turn(RIGHT, [1, 1], [3, 6, 3], 6)
    assert steps_of(g) == ["SB4"] and sorted(g.hands[RIGHT]) == [3, 3]


def test_SB5_plays_from_the_highest_pair() -> None:
    g = bot_turn(RIGHT, [1, 1], [3, 3, 6, 6, 2], 1)
    assert steps_of(g) == ["SB5"]
    assert sorted(g.hands[RIGHT]) == [2, 3, 3, 6] and g.discard[-1] == 6


def test_SB6_takes_the_discard_and_plays_its_highest_card() -> None:
    g = bot_turn(RIGHT, [1, 1], [2, 9], 5)
    assert steps_of(g) == ["SB6"]
    assert sorted(g.hands[RIGHT]) == [2, 5] and g.discard[-1] == 9


def test_SB6_comes_before_SB7_to_SB9_so_nothing_is_drawn() -> None:
    g = bot_turn(RIGHT, [1, 1], [2, 3, 9], 5, deck=(1,))
    assert steps_of(g) == ["SB6"]
    assert g.deck[-1] == 1 and not any(k == "reshuffle" for k, _, _ in kinds(g))


def test_SB7_SB8_draws_and_keeps_a_card_below_its_highest() -> None:
    g = bot_turn(RIGHT, [1, 1], [2, 5], 9, deck=(3,))
    assert steps_of(g) == ["SB7", "SB8"]
    assert sorted(g.hands[RIGHT]) == [2, 3] and g.discard[-1] == 5


def test_SB7_draw_reshuffles_the_discard_when_the_deck_is_empty() -> None:
    g = GameState.from_position(
        SOLO, hands=[[1, 1], [4, 6], [2, 5]], discard=[9], deck=[], turn=RIGHT, rest="discard")
    g.play_automated()
    assert ("reshuffle", "S4", None) in kinds(g)
    assert steps_of(g)[0] == "SB7" and g.discard[0] == 9
    assert_all_cards(g)


@pytest.mark.parametrize("drawn", [10, 5])
def test_SB9_discards_a_drawn_card_not_below_its_highest_without_its_ability(drawn: int) -> None:
    g = bot_turn(RIGHT, [1, 1], [2, 5], 9, deck=(drawn,), other_pile=[4])
    assert steps_of(g) == ["SB7", "SB9"]
    assert sorted(g.hands[RIGHT]) == [2, 5] and g.discard[-1] == drawn
    assert g.piles[LEFT] == [4], "D1: a discarded 10 does not trigger SC10"


# -------------------------------------------------------- a Citybot's abilities


@pytest.mark.parametrize(("top", "visible", "plays", "keeps"), [
    (8, [7, 9, 3], 9, [3, 7]),    # a 789 on the discard: the highest real card that it matches
    (8, [8, 7, 3], 7, [3, 8]),    # ... and a real 7 rather than its own 789
    (7, [8, 3], 8, [3]),          # its 789 counts as a 7
    (9, [8, 3], 8, [3]),          # ... and as a 9
    (7, [8, 7, 3], 7, [3, 8]),    # a real 7 rather than the 789
    (9, [8, 9, 3], 9, [3, 8]),    # a real 9 rather than the 789
])
def test_SC8_789_in_SB4_on_the_discard_or_visible(top: int, visible: list[int], plays: int, keeps: list[int]) -> None:
    g = bot_turn(RIGHT, [1, 1], visible, top)
    assert len(bot_steps(g)) == 1 and bot_steps(g)[0][1] in ("SB4", "SC8")
    assert g.discard[-1] == plays and sorted(g.hands[RIGHT]) == keeps
    if plays != top:
        assert bot_steps(g) == [(RIGHT, "SC8")]
    text = next(e.step_words(g.rules.names) for e in g.events if e.kind == "bot")
    assert text.startswith(f"its {'789' if plays == 8 else plays} matches the {'789' if top == 8 else top} "), text


@pytest.mark.parametrize(("visible", "plays", "keeps"), [
    ([8, 9, 2], 9, [2, 8]),          # 789 + 9 is a pair
    ([8, 7, 5, 5], 7, [5, 5, 8]),    # 789 + 7, a pair of 7s, beats the 5s
    ([8, 7, 9, 9], 9, [7, 8, 9]),
])
def test_SC8_789_makes_a_pair_in_SB5(visible: list[int], plays: int, keeps: list[int]) -> None:
    g = bot_turn(RIGHT, [1, 1], visible, 1)
    assert steps_of(g)[0] in ("SB5", "SC8") and len(steps_of(g)) == 1
    assert g.discard[-1] == plays and sorted(g.hands[RIGHT]) == keeps


@pytest.mark.parametrize(("visible", "says"), [
    ([8, 9, 2], "it shows a 9 and a 789 as a pair, its highest pair, and plays a 9"),
    ([8, 7, 2], "it shows a 7 and a 789 as a pair, its highest pair, and plays a 7"),
    ([8, 9, 9], "it shows a pair of 9s, its highest pair, and plays a 9"),
])
def test_SC8_a_pair_made_with_the_789_is_narrated_as_such(visible: list[int], says: str) -> None:
    """SB5 with SC8: a 9 and a 789 are not 'a pair of 9s'; a real pair still is."""
    g = bot_turn(RIGHT, [1, 1], visible, 1)
    assert texts(g, YOU, "bot")[0] == f"Citybot Right — {steps_of(g)[0]}: {says}"


@pytest.mark.parametrize(("visible", "top", "pile", "deck", "says"), [
    ([8, 8, 2], 1, None, (), "SB5: it shows a pair of 789s, its highest pair, and plays a 789"),
    ([8, 3], 5, None, (), "SB6: its highest visible card, the 789, is above the 5 on the discard pile, "
                          "so it takes the 5 and plays the 789"),
    ([10, 3], 12, None, (8,), "SB8: its highest visible card, the 10, is above the drawn 789, "
                              "so it keeps the 789 and plays the 10"),
    ([6, 3], 12, None, (8,), "SB9: the drawn 789 is not below its highest visible card (6), so it discards it"),
    ([5, 12], 1, [8], (), "SB2: it reveals the top card of its pile: a 789"),
])
def test_citybot_narration_names_the_8_as_the_789(visible, top, pile, deck, says) -> None:
    """C2: the 8 is the 789 wherever a Citybot's step narrates it, as SB4's match already did (SC8)."""
    g = bot_turn(RIGHT, [1, 2], visible, top, pile, deck=deck)
    step = says.split(":")[0]
    said = [t for t in texts(g, YOU, "bot") if t.startswith(f"Citybot Right — {step}:")]
    assert said == [f"Citybot Right — {says}"]


def test_SC9_you_cannot_aim_at_a_citybot_showing_a_9() -> None:
    g = your_turn([10, 11, 3], 10, [9, 2], [5], left_pile=[4], right_pile=[6], stop_caller=-1)
    g.apply(MATCH[10])
    assert g.legal_actions() == [SKIP, REVEAL_PILE[RIGHT]]
    assert_refused(g, REVEAL_PILE[LEFT])
    g2 = your_turn([11, 3], 11, [9, 2], [5], left_pile=[4], right_pile=[6], stop_caller=-1)
    g2.apply(MATCH[11])
    uses = g2.legal_actions()[1:]
    assert uses and all(a.kind == "exchange" and a.b == RIGHT for a in uses)
    assert_refused(g2, EXCHANGE[3, LEFT, 2])
    assert_refused(g2, SWAP[2, 5])


def test_SC9_a_9_revealed_by_your_magnifying_glass_is_played_at_once() -> None:
    g = your_turn([10, 3], 10, [5], [5], right_pile=[4, 9, 2])
    g.apply(MATCH[10])
    g.apply(REVEAL_PILE[RIGHT])
    assert [k for k, _, _ in kinds(g)][1:3] == ["reveal_pile", "bot"]
    assert bot_steps(g) == [(RIGHT, "SC9")]
    assert g.piles[RIGHT] == [] and sorted(g.hands[RIGHT]) == [2, 4, 5]
    assert g.discard[-1] == 9


def test_SC9_a_9_taken_from_a_pile_top_by_your_two_cards_is_played_and_cancels_the_exchange() -> None:
    g = your_turn([11, 3], 11, [5], [5], right_pile=[4, 9])
    g.apply(MATCH[11])
    g.apply(EXCHANGE[3, RIGHT, 0])
    assert bot_steps(g) == [(RIGHT, "SC9")]
    assert g.hands[YOU] == [3], "the exchange is cancelled"
    assert g.hands[RIGHT] == [5] and g.piles[RIGHT] == [4]
    assert g.discard[-1] == 9
    assert not any(k == "solo_exchange" for k, _, _ in kinds(g))


def test_SC9_a_9_revealed_by_the_other_citybots_magnifying_glass_is_played() -> None:
    g = bot_turn(LEFT, [1, 1], [10, 2], 10, other=[5], other_pile=[3, 9], stop_caller=RIGHT)
    assert bot_steps(g) == [(LEFT, "SB4"), (LEFT, "SC10"), (RIGHT, "SC9")]
    assert sorted(g.hands[RIGHT]) == [3, 5] and g.discard[-1] == 9


def test_SC10_reveals_every_hidden_card_of_the_other_citybot() -> None:
    g = bot_turn(LEFT, [1, 1], [10, 2], 10, other=[5], other_pile=[3, 4, 12], stop_caller=RIGHT)
    assert bot_steps(g) == [(LEFT, "SB4"), (LEFT, "SC10")]
    assert g.piles[RIGHT] == [] and sorted(g.hands[RIGHT]) == [3, 4, 5, 12]
    assert g.view(YOU).visible[RIGHT] == (3, 4, 5, 12)


def test_SC11_pile_top_for_your_lowest_card() -> None:
    g = bot_turn(RIGHT, [1, 4], [11, 2], 11, pile=[7, 6], stop_caller=YOU)
    assert steps_of(g) == ["SB2", "SB4", "SC11", "SC11"]
    assert sorted(g.hands[YOU]) == [4, 7]
    assert sorted(g.hands[RIGHT]) == [1, 2, 6] and g.piles[RIGHT] == []


def test_SC11_without_hidden_cards_its_highest_card_for_your_lowest() -> None:
    g = bot_turn(RIGHT, [2, 5], [11, 12, 3], 11, stop_caller=YOU)
    assert steps_of(g) == ["SB4", "SC11", "SC11"]
    assert sorted(g.hands[YOU]) == [5, 12] and sorted(g.hands[RIGHT]) == [2, 3]


def test_SC10_and_SC11_narrate_the_8_as_the_789() -> None:
    """C2: the 8 is the 789 in every Citybot line, not only in SB4-SB9."""
    g = bot_turn(LEFT, [1, 1], [10, 2], 10, other=[5], other_pile=[3, 8], stop_caller=RIGHT)
    said = [e.text(g.rules.names, YOU) for e in g.events if e.rule == "SC10"]
    assert len(said) == 1 and sorted(said[0].split("hidden pile: ")[1].split(", ")) == ["3", "789"], said
    g = bot_turn(RIGHT, [8, 12], [11, 8, 3], 11, stop_caller=YOU)
    said = [e.text(g.rules.names, YOU) for e in g.events if e.rule == "SC11"]
    assert any("takes its highest card, the 789, and exchanges it with your lowest card, the 789" in t
               for t in said), said


def test_SC9_a_9_its_own_two_cards_reveals_is_played_and_the_exchange_cancelled() -> None:
    g = bot_turn(RIGHT, [1, 4], [11, 2], 11, pile=[9, 6], stop_caller=YOU)
    assert steps_of(g) == ["SB2", "SB4", "SC11", "SC9"]
    assert sorted(g.hands[YOU]) == [1, 4], "nothing was exchanged"
    assert sorted(g.hands[RIGHT]) == [2, 6] and g.piles[RIGHT] == [] and g.discard[-1] == 9


def test_SC11_you_are_not_asked_for_a_shield_without_a_9() -> None:
    g = bot_turn(RIGHT, [2, 5], [11, 12, 3], 11)
    assert (g.current_player, g.decision) == (YOU, "action")
    assert not any(k in ("shield", "no_shield") for k, _, _ in kinds(g))


def test_SC12_a_citybot_hourglass_gives_it_another_turn() -> None:
    g = bot_turn(RIGHT, [1, 1], [12, 3], 12, deck=(5,))
    assert bot_steps(g) == [(RIGHT, "SB4"), (RIGHT, "SC12"), (RIGHT, "SB7"), (RIGHT, "SB9")]
    assert (g.turn, g.current_player) == (YOU, YOU)


# ------------------------------------------------------------ your abilities


def test_SP8_your_789_counts_as_7_8_or_9() -> None:
    g = your_turn([8, 7, 4], 9, [5], [5], stop_caller=-1)
    legal = g.legal_actions()
    assert {MATCH[8], PAIR[8, 7], PAIR[7, 8]} <= set(legal) and MATCH[7] not in legal
    g.apply(MATCH[8])
    assert sorted(g.hands[YOU]) == [4, 7]


def test_SP8_your_789_match_and_pair_are_narrated_with_SP8() -> None:
    g = your_turn([8, 7, 4], 9, [5], [5], stop_caller=-1)
    assert g.describe(MATCH[8]) == "play your 8 (789) on the discard pile as a match (SP8)"
    assert g.describe(PAIR[7, 8]).endswith("(SP8)") and g.describe(TAKE[4]).endswith("(T2)")
    assert [g.rule_of(a) for a in (MATCH[8], PAIR[7, 8], TAKE[4])] == ["SP8", "SP8", "T2"]  # as data too
    g.apply(MATCH[8])
    assert kinds(g)[0] == ("match", "SP8", YOU)
    g2 = your_turn([8, 9, 4], 12, [5], [5], stop_caller=-1)
    g2.apply(PAIR[9, 8])
    assert kinds(g2)[0] == ("pair", "SP8", YOU)
    assert texts(g2, YOU, "pair") == ["You show the pair 9 (Black Shield) + 8 (789) and play the 9 (Black Shield)"]


def test_SP9_a_refusal_during_the_black_shield_question_cites_SP9() -> None:
    g = bot_turn(RIGHT, [9, 4], [11, 3], 11, pile=[7, 12])
    assert g.decision_text() == "answer with a Black Shield or not (SP9)"
    wrong_moment = str(assert_refused(g, DRAW))
    wrong_seat = str(assert_refused(g, SHIELD, player=RIGHT))
    assert "You must answer with a Black Shield or not (SP9)" in wrong_moment
    assert "seat 0 (You) decides now, not seat 2: You must answer with a Black Shield or not (SP9)" in wrong_seat
    assert "A9" not in wrong_moment + wrong_seat


def test_SP9_your_black_shield_cancels_a_citybot_two_cards() -> None:
    g = bot_turn(RIGHT, [9, 4], [11, 3], 11, pile=[7, 12])
    assert (g.current_player, g.decision) == (YOU, "shield")
    assert g.legal_actions() == [SHIELD, NO_SHIELD]
    assert [g.describe(a)[-5:] for a in g.legal_actions()] == ["(SP9)", "(SP9)"], "the solo rule is named"
    assert [g.rule_of(a) for a in g.legal_actions()] == ["SP9", "SP9"]
    g.apply(SHIELD)
    assert ("shield", "SP9", YOU) in kinds(g)
    assert g.hands[YOU] == [4] and g.piles[RIGHT] == [7]
    assert (g.current_player, g.decision) == (YOU, "action")


def test_SP9_letting_the_citybot_two_cards_happen() -> None:
    g = bot_turn(RIGHT, [9, 4], [11, 3], 11, pile=[7, 12])
    g.apply(NO_SHIELD)
    assert sorted(g.hands[YOU]) == [7, 9] and 4 in g.hands[RIGHT]


def test_SP10_reveals_every_hidden_card_of_the_chosen_citybot() -> None:
    g = your_turn([10, 3], 10, [5], [5], right_pile=[3, 4, 12])
    g.apply(MATCH[10])
    assert g.legal_actions() == [SKIP, REVEAL_PILE[RIGHT]], "Left has no hidden card"
    assert_refused(g, LOOK[1])
    g.apply(REVEAL_PILE[RIGHT])
    assert g.piles[RIGHT] == [] and sorted(g.hands[RIGHT]) == [3, 4, 5, 12]
    assert ("reveal_pile", "SP10", YOU) in kinds(g)


@pytest.mark.parametrize(("card", "left", "rule", "why"), [
    (10, [5], "SP10", "no Citybot has a hidden pile to reveal"),  # Left's pile is empty, Right shows a 9 (SC9)
    (11, [9, 5], "SP11", "both Citybots show a 9"),
])
def test_SP10_SP11_with_nobody_to_choose_are_skipped_and_the_log_says_why(card: int, left: list[int], rule: str,
                                                                           why: str) -> None:
    g = your_turn([card, 3], card, left, [9, 2], right_pile=[4], stop_caller=-1)
    g.apply(MATCH[card])
    assert g.decision != "ability", "nothing to choose, so nothing is asked"
    assert kinds(g)[1] == ("no_target", rule, YOU)
    name = "Magnifying Glass" if card == 10 else "Two Cards"
    assert texts(g, YOU, "no_target")[0].startswith(f"You cannot use the {name}: {why}")


def test_SP11_exchange_with_a_visible_card() -> None:
    g = your_turn([11, 3], 11, [7, 1], [5, 6], right_pile=[4])
    g.apply(MATCH[11])
    g.apply(EXCHANGE[3, RIGHT, 6])
    assert g.hands[YOU] == [6] and sorted(g.hands[RIGHT]) == [3, 5] and g.piles[RIGHT] == [4]


def test_SP11_exchange_with_the_top_of_a_pile_and_the_card_given_becomes_visible() -> None:
    g = your_turn([11, 3], 11, [7, 1], [5, 6], right_pile=[4, 2])
    g.apply(MATCH[11])
    g.apply(EXCHANGE[3, RIGHT, 0])
    assert g.hands[YOU] == [2] and g.piles[RIGHT] == [4]
    assert g.view(YOU).visible[RIGHT] == (3, 5, 6)


def test_SP11_swap_two_visible_cards_of_the_two_citybots() -> None:
    g = your_turn([11, 3], 11, [7, 1], [5, 6])
    g.apply(MATCH[11])
    legal = set(g.legal_actions())
    assert {SWAP[v, w] for v in (1, 7) for w in (5, 6)} <= legal
    assert EXCHANGE[3, LEFT, 0] not in legal, "no pile to take from"
    g.apply(SWAP[7, 5])
    assert sorted(g.hands[LEFT]) == [1, 5] and sorted(g.hands[RIGHT]) == [6, 7] and g.hands[YOU] == [3]


def test_SP12_you_may_take_another_turn() -> None:
    g = your_turn([12, 3], 12, [5], [5], stop_caller=-1)
    g.apply(MATCH[12])
    assert g.legal_actions() == [SKIP, HOURGLASS]
    assert g.describe(HOURGLASS).endswith("(SP12)")
    assert not g.view(YOU).extra_turn
    g.apply(HOURGLASS)
    assert g.view(YOU).extra_turn, "the view says this turn is the Hourglass's extra one"
    assert ("hourglass", "SP12", YOU) in kinds(g)
    assert (g.turn, g.current_player, g.decision) == (YOU, YOU, "action")
    assert bot_steps(g) == []


# ------------------------------------------------------------- round end


def test_T5_your_stop_gives_each_citybot_one_more_turn_with_its_hourglass_extra_turn() -> None:
    g = GameState.from_position(SOLO, hands=[[5, 5], [12, 3], [4, 6]], discard=[12], deck=[2, 1], rest="deck")
    g.apply(STOP)
    assert bot_steps(g) == [(LEFT, "SB4"), (LEFT, "SC12"), (LEFT, "SB7"), (LEFT, "SB8"), (RIGHT, "SB6")]
    assert g.is_over and ("round_end", "T5", YOU) in kinds(g)
    assert g.scores == [[10, 1, 7]]


def test_T6_a_citybot_emptying_its_hand_ends_the_round() -> None:
    g = bot_turn(RIGHT, [1, 2], [5], 5, other=[4, 6])
    assert bot_steps(g) == [(RIGHT, "SB4")]
    assert g.is_over and ("round_end", "T6", RIGHT) in kinds(g)
    assert g.scores == [[3, 10, 0]] and g.winners == [RIGHT]



def test_SM1_steps_show_the_table_before_each_citybot_turn_and_after_the_last() -> None:
    """One apply() plays every Citybot turn; its steps let a front end show them one by one."""
    g = GameState.from_position(SOLO, hands=[[1, 2], [4, 6], [3, 5]], discard=[7], deck=[2], rest="deck")
    g.apply(DRAW)
    g.apply(DISCARD_DRAWN, automate=False)
    seen = [(s.turn, len(s.events)) for s in g.automated_steps()]
    assert [turn for turn, _ in seen] == [LEFT, RIGHT, YOU]
    first_left = next(i for i, e in enumerate(g.events) if e.player == LEFT)
    first_right = next(i for i, e in enumerate(g.events) if e.player == RIGHT)
    assert [n for _, n in seen] == [first_left, first_right, len(g.events)]
