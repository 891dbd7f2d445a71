"""Multiplayer rules from hand-built positions: one or more tests per rule id of RULES.md (C, S, D, T, A, E)."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import assert_all_cards, assert_refused, draw_and_discard, kinds, texts

from egonb import ACTIONS, GameError, GameState, Rules, new_game
from egonb.games.egocentric_world.actions import (
    ANNOUNCE,
    DESIGNATE,
    DISCARD_DRAWN,
    DRAW,
    HOURGLASS,
    KEEP,
    LOOK,
    MATCH,
    NO_SHIELD,
    PAIR,
    PICK,
    RANDOM,
    SHIELD,
    SKIP,
    STOP,
    TAKE,
)
from egonb.games.egocentric_world.cards import card_words

R2 = Rules(players=2)
R3 = Rules(players=3)
R4 = Rules(players=4)
FULL4 = Rules(players=4, full_game=True)


# ------------------------------------------------------------------ components


def test_C1_deck_is_sixty_cards_five_of_each_value() -> None:
    assert Counter(Rules().deck) == Counter({v: 5 for v in range(1, 13)})
    for players in range(2, 7):
        g = new_game(Rules(players=players), seed=players)
        assert len(g.deck) + len(g.discard) + sum(map(len, g.hands)) == 60
        assert_all_cards(g)


def test_C1_counts_are_a_configuration_table() -> None:
    rules = Rules(players=2, counts=(1,) * 12)
    g = new_game(rules, seed=1)
    assert Counter(g.deck + g.discard + g.hands[0] + g.hands[1]) == Counter(range(1, 13))
    with pytest.raises(GameError, match="counts"):
        Rules(counts=(5,) * 11)
    with pytest.raises(GameError, match="need at least"):
        Rules(players=6, counts=(2,) * 12)


@pytest.mark.parametrize("value", range(1, 10))
def test_C2_cards_1_to_9_played_have_no_ability_decision(value: int) -> None:
    g = GameState.from_position(R3, hands=[[value, 3, 4], [1, 2], [5, 6]], discard=[value], deck=[], rest="deck")
    g.apply(MATCH[value])
    assert (g.turn, g.current_player, g.decision) == (1, 1, "action")


@pytest.mark.parametrize(("value", "uses"), [
    (10, [LOOK[1], LOOK[2]]),
    (11, [DESIGNATE[0, 1], DESIGNATE[0, 2], DESIGNATE[1, 2]]),
    (12, [HOURGLASS]),
])
def test_C2_cards_10_to_12_offer_their_ability(value: int, uses: list) -> None:
    g = GameState.from_position(R3, hands=[[value, 3, 4], [1, 2], [5, 6]], discard=[value], deck=[], rest="deck")
    g.apply(MATCH[value])
    assert (g.current_player, g.decision) == (0, "ability")
    assert set(g.legal_actions()) == {SKIP, *uses}
    assert g.view(0).ability_card == value


def test_C3_scoring_value_is_the_printed_value_and_789_scores_8() -> None:
    g = GameState.from_position(R3, hands=[[4], [8, 12], [9, 1]], discard=[4], deck=[], rest="deck")
    g.apply(MATCH[4])
    assert g.scores == [[0, 20, 10]]
    reveal = {e.player: e.args for e in g.events if e.kind == "reveal_hand"}
    assert reveal[1] == {"hand": [8, 12], "score": 20}


# ------------------------------------------------------------------------ setup


def test_S1_each_round_deals_five_cards_and_turns_up_one() -> None:
    g = new_game(R4, seed=5)
    assert [len(h) for h in g.hands] == [5, 5, 5, 5]
    assert len(g.discard) == 1 and len(g.deck) == 60 - 1 - 20
    assert_all_cards(g)
    assert [(k, r) for k, r, _ in kinds(g)][:2] == [("round_start", "S2"), ("flip", "S1")]


def test_S1_nobody_sees_another_players_hand() -> None:
    g = new_game(R4, seed=5)
    for seat in range(4):
        view = g.view(seat)
        assert view.hand == tuple(sorted(g.hands[seat]))
        assert view.known == ((),) * 4
    deals = [e for e in g.events if e.kind == "deal"]
    assert [e.to for e in deals] == [(0,), (1,), (2,), (3,)]
    text_for_1 = dict((e.player, t) for e, t in g.events_for(1) if e.kind == "deal")
    assert text_for_1[0] == "Player 1 receives 5 cards"
    assert all(str(c) in text_for_1[1] for c in g.hands[1])


def test_S1_a_new_round_reshuffles_all_sixty_cards() -> None:
    g = GameState.from_position(
        FULL4, hands=[[4], [12, 12, 11], [1], [2]], discard=[9, 9, 9, 4], deck=[], rest="deck")
    g.apply(MATCH[4])
    assert g.round == 2 and not g.is_over
    assert [len(h) for h in g.hands] == [5, 5, 5, 5]
    assert len(g.discard) == 1 and len(g.deck) == 39
    assert_all_cards(g)


def test_S2_first_player_of_round_1_is_random() -> None:
    firsts = [new_game(R4, seed=s).turn for s in range(40)]
    assert set(firsts) == {0, 1, 2, 3}
    assert firsts == [new_game(R4, seed=s).turn for s in range(40)], "seeded"


def test_S2_highest_round_score_starts_even_when_another_total_is_higher() -> None:
    g = GameState.from_position(
        FULL4, hands=[[5], [12, 12], [3], [11, 11]], discard=[5], deck=[], scores=[[0, 0, 0, 20]], rest="deck")
    g.apply(MATCH[5])
    assert g.round == 3 and g.totals == [0, 24, 3, 42]  # the position's totals are one earlier round's scores
    start = [e for e in g.events if e.kind == "round_start"][-1]
    assert (start.rule, start.player) == ("S2", 1)
    assert g.turn == 1 and g.current_player == 1


def test_S2_tie_for_highest_score_is_broken_at_random() -> None:
    starters = set()
    for seed in range(30):
        g = GameState.from_position(
            FULL4, hands=[[5], [12, 10], [3], [11, 11]], discard=[5], deck=[], rest="deck", seed=seed)
        g.apply(MATCH[5])
        assert g.turn in (1, 3)
        starters.add(g.turn)
    assert starters == {1, 3}


def test_S3_play_goes_clockwise() -> None:
    g = GameState.from_position(
        R4, hands=[[1, 2], [3, 4], [5, 6], [7, 10]], discard=[11], deck=[], turn=2, rest="deck")
    order = []
    for _ in range(5):
        order.append(g.turn)
        draw_and_discard(g)
    assert order == [2, 3, 0, 1, 2]


def test_S4_empty_deck_reshuffles_the_discard_under_its_top_card() -> None:
    g = GameState.from_position(R3, hands=[[1, 2], [3, 4], [5, 6]], discard=[6], deck=[], rest="discard")
    under = g.discard[:-1]
    assert g.deck == [] and DRAW in g.legal_actions()
    g.apply(DRAW)
    assert ("reshuffle", "S4", None) in kinds(g)
    assert g.discard == [6]
    assert Counter(g.deck + [g.drawn]) == Counter(under)
    assert g.view(0).drawn == g.drawn
    assert_all_cards(g)


def test_S4_nothing_to_draw_when_deck_empty_and_discard_holds_one_card() -> None:
    rules = Rules(players=2, counts=(1,) * 12)
    g = GameState.from_position(
        rules, hands=[[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11]], discard=[12], deck=[], rest="deck")
    assert g.deck == []
    assert DRAW not in g.legal_actions()
    assert_refused(g, DRAW)


def test_S4_reshuffle_keeps_the_top_discard_for_a_penalty_draw_too() -> None:
    g = GameState.from_position(R3, hands=[[11, 2], [3, 4], [5, 6]], discard=[11], deck=[], rest="discard")
    g.apply(MATCH[11])
    g.apply(DESIGNATE[1, 2])
    g.apply(NO_SHIELD)
    g.apply(NO_SHIELD)
    g.apply(ANNOUNCE[12])
    g.apply(ANNOUNCE[5])
    assert ("reshuffle", "S4", None) in kinds(g)
    assert g.discard == [11] and len(g.hands[0]) == 2
    assert_all_cards(g)


# --------------------------------------------------------- played or discarded


def test_D1_discarded_card_from_the_deck_never_triggers() -> None:
    g = GameState.from_position(R3, hands=[[1, 2], [3, 4], [5, 6]], discard=[7], deck=[10], rest="deck")
    g.apply(DRAW)
    g.apply(DISCARD_DRAWN)
    assert g.discard[-1] == 10
    assert (g.turn, g.decision) == (1, "action")
    assert kinds(g)[-1] == ("discard_drawn", "D1", 0)
    said = "Player 1 discards the drawn 10 (Magnifying Glass) (its ability does not trigger)"
    assert texts(g, None, "discard_drawn") == [said]
    for card in (4, 8, 9):  # no ability, or one that does not work by playing the card (A8, A9)
        g2 = GameState.from_position(R3, hands=[[1, 2], [3, 4], [5, 6]], discard=[7], deck=[card], rest="deck")
        g2.apply(DRAW)
        g2.apply(DISCARD_DRAWN)
        assert texts(g2, None, "discard_drawn")[0].endswith(f"discards the drawn {card_words(card)}"), card


def test_D2_card_played_from_hand_offers_its_ability_which_is_optional() -> None:
    g = GameState.from_position(R3, hands=[[12, 2], [3, 4], [5, 6]], discard=[7], deck=[3], rest="deck")
    g.apply(DRAW)
    g.apply(KEEP[12])
    assert (g.current_player, g.decision) == (0, "ability")
    assert g.legal_actions() == [SKIP, HOURGLASS]
    g.apply(SKIP)
    assert kinds(g)[-1] == ("skip", "D2", 0)
    assert (g.turn, g.decision) == (1, "action")


def test_D2_taking_the_discard_plays_the_replaced_card() -> None:
    g = GameState.from_position(R3, hands=[[10, 2], [3, 4], [5, 6]], discard=[7], deck=[], rest="deck")
    g.apply(TAKE[10])
    assert (g.current_player, g.decision) == (0, "ability")
    assert set(g.legal_actions()) == {SKIP, LOOK[1], LOOK[2]}


# ------------------------------------------------------------------- the turn


def test_T1_draw_shows_the_card_to_the_drawer_only() -> None:
    g = GameState.from_position(R3, hands=[[1, 2], [3, 4], [5, 6]], discard=[7], deck=[11], rest="deck")
    g.apply(DRAW)
    assert g.decision == "keep_or_discard" and g.current_player == 0
    assert g.view(0).drawn == 11 and g.view(1).drawn == 0
    assert set(g.legal_actions()) == {DISCARD_DRAWN, KEEP[1], KEEP[2]}
    assert [e.to for e in g.events if e.kind == "draw"] == [(0,)]
    assert "11" in texts(g, 0, "draw")[0]
    assert texts(g, 1, "draw") == ["Player 1 draws a card"]


def test_T1_keep_puts_the_drawn_card_in_place_of_a_played_one() -> None:
    g = GameState.from_position(R3, hands=[[1, 6], [3, 4], [5, 6]], discard=[7], deck=[2], rest="deck")
    g.apply(DRAW)
    assert_refused(g, KEEP[5])
    g.apply(KEEP[6])
    assert sorted(g.hands[0]) == [1, 2]
    assert g.discard[-1] == 6 and g.drawn == 0
    assert (g.turn, g.decision) == (1, "action")


def test_T1_discard_keeps_the_hand() -> None:
    g = GameState.from_position(R3, hands=[[1, 6], [3, 4], [5, 6]], discard=[7], deck=[2], rest="deck")
    g.apply(DRAW)
    g.apply(DISCARD_DRAWN)
    assert g.hands[0] == [1, 6] and g.discard[-1] == 2


def test_T1_bad_input_is_refused_and_changes_nothing() -> None:
    g = GameState.from_position(R3, hands=[[1, 6], [3, 4], [5, 6]], discard=[7], deck=[], rest="deck")
    assert_refused(g, KEEP[1])
    assert_refused(g, DISCARD_DRAWN)
    assert_refused(g, DRAW, player=1)
    assert_refused(g, len(ACTIONS))
    assert_refused(g, -1)
    assert_refused(g, True)
    assert_refused(g, "draw")  # type: ignore[arg-type]
    message = str(assert_refused(g, MATCH[6]))
    assert "not allowed" in message and "allowed:" in message


def test_T2_take_the_top_discard_in_place_of_a_hand_card() -> None:
    g = GameState.from_position(R3, hands=[[4, 2], [3, 4], [5, 6]], discard=[1, 7], deck=[], rest="deck")
    assert_refused(g, TAKE[9])
    g.apply(TAKE[4])
    assert sorted(g.hands[0]) == [2, 7]
    assert g.discard == [1, 4]
    assert (g.turn, g.decision) == (1, "action")
    assert g.view(1).known[0] == (7,) and g.view(2).known[0] == (7,)


def test_T2_everyone_knows_the_taken_card_even_when_it_has_the_value_given() -> None:
    g = GameState.from_position(R3, hands=[[4, 2], [3, 5], [6, 1]], discard=[4], deck=[], rest="deck")
    g.apply(TAKE[4])
    assert sorted(g.hands[0]) == [2, 4]
    assert g.view(1).known[0] == (4,) and g.view(2).known[0] == (4,)


def test_T2_giving_one_of_two_known_cards_forgets_only_that_one() -> None:
    g = GameState.from_position(R3, hands=[[4, 4, 2], [3, 5], [6, 1]], discard=[6], deck=[], rest="deck",
                                known={(1, 0): [4, 4]})  # seat 1 saw seat 0 take two 4s earlier
    g.apply(TAKE[4])
    assert g.view(1).known[0] == (4, 6)


def test_T3_match_plays_card_of_same_value() -> None:
    g = GameState.from_position(R3, hands=[[6, 2, 6], [3, 4], [5, 1]], discard=[6], deck=[], rest="deck")
    assert MATCH[6] in g.legal_actions() and MATCH[2] not in g.legal_actions()
    assert_refused(g, MATCH[2])
    g.apply(MATCH[6])
    assert sorted(g.hands[0]) == [2, 6]
    assert g.discard[-2:] == [6, 6]
    assert kinds(g)[0] == ("match", "T3", 0)


def test_T4_pair_plays_one_and_shows_the_other() -> None:
    g = GameState.from_position(R3, hands=[[5, 3, 5], [3, 4], [6, 1]], discard=[7], deck=[], rest="deck")
    assert_refused(g, PAIR[3, 3])
    g.apply(PAIR[5, 5])
    assert sorted(g.hands[0]) == [3, 5]
    assert g.discard[-1] == 5
    assert kinds(g)[0] == ("pair", "T4", 0)
    assert g.view(1).known[0] == (5,), "the kept card was shown"


def test_T5_stop_gives_every_other_player_exactly_one_more_turn() -> None:
    g = GameState.from_position(
        R4, hands=[[1, 2], [3, 4], [5, 6], [7, 3]], discard=[10], deck=[], turn=1, rest="deck")
    g.apply(STOP)
    assert g.view(0).stop_caller == 1
    for seat in (2, 3, 0):
        assert g.turn == seat and not g.is_over
        assert STOP not in g.legal_actions(), "only one STOP per round"
        assert_refused(g, STOP)
        draw_and_discard(g)
    assert g.is_over
    assert [(k, r) for k, r, _ in kinds(g) if k == "round_end"] == [("round_end", "T5")]
    assert [e.player for e in g.events if e.kind == "draw"] == [2, 3, 0]


def test_T5_hourglass_extra_turn_after_stop_is_included() -> None:
    g = GameState.from_position(
        R4, hands=[[1, 2], [3, 4], [5, 6], [12, 3]], discard=[12], deck=[], turn=1, rest="deck")
    g.apply(STOP)
    draw_and_discard(g)  # seat 2
    g.apply(MATCH[12])  # seat 3
    g.apply(HOURGLASS)
    assert (g.turn, g.decision) == (3, "action") and not g.is_over
    draw_and_discard(g)  # seat 3 again
    assert g.turn == 0 and not g.is_over
    draw_and_discard(g)
    assert g.is_over
    assert [e.player for e in g.events if e.kind == "draw"] == [2, 3, 0]


def test_T5_the_round_ends_before_the_callers_next_turn_in_a_full_game() -> None:
    g = GameState.from_position(
        FULL4, hands=[[1, 2], [3, 4], [5, 6], [7, 3]], discard=[10], deck=[], turn=1, rest="deck")
    g.apply(STOP)
    for _ in range(3):
        draw_and_discard(g)
    assert g.round == 2 and g.scores == [[3, 7, 11, 10]]
    assert g.stop_caller == -1 and STOP in g.legal_actions(), "a new round allows a new STOP"


def test_T6_empty_hand_ends_the_round_at_once_without_the_ability() -> None:
    g = GameState.from_position(R3, hands=[[10], [3, 4], [5, 6]], discard=[10], deck=[], rest="deck")
    g.apply(MATCH[10])
    assert g.is_over and g.decision == "game_over"
    assert ("round_end", "T6", 0) in kinds(g)
    assert not any(k == "designate" for k, _, _ in kinds(g))
    assert g.scores == [[0, 7, 11]]


def test_T6_empty_hand_ends_the_round_even_out_of_turn() -> None:
    g = GameState.from_position(R3, hands=[[10, 2], [9], [5, 6]], discard=[10], deck=[], rest="deck")
    g.apply(MATCH[10])
    g.apply(LOOK[1])
    g.apply(SHIELD, player=1)
    assert g.is_over
    assert ("round_end", "T6", 1) in kinds(g)
    assert not any(k == "look" for k, _, _ in kinds(g))
    assert g.scores == [[2, 0, 11]]


# ------------------------------------------------------------------ abilities


@pytest.mark.parametrize("top", [7, 9])
def test_A8_789_in_hand_matches_a_7_or_a_9(top: int) -> None:
    g = GameState.from_position(R3, hands=[[8, 2], [3, 4], [5, 6]], discard=[top], deck=[], rest="deck")
    assert g.describe(MATCH[8]).endswith("as a match (A8)") and g.describe(MATCH[2]).endswith("(T3)")
    g.apply(MATCH[8])
    assert g.hands[0] == [2] and g.discard[-1] == 8
    assert kinds(g)[0] == ("match", "A8", 0)


@pytest.mark.parametrize("card", [7, 9])
def test_A8_789_on_the_discard_is_matched_by_a_7_or_a_9(card: int) -> None:
    g = GameState.from_position(R3, hands=[[card, 6], [3, 4], [5, 1]], discard=[8], deck=[], rest="deck")
    assert MATCH[card] in g.legal_actions() and MATCH[6] not in g.legal_actions()
    g.apply(MATCH[card])
    assert g.hands[0] == [6]


def test_A8_789_does_not_match_other_values() -> None:
    g = GameState.from_position(R3, hands=[[8, 6], [3, 4], [5, 1]], discard=[10], deck=[], rest="deck")
    assert MATCH[8] not in g.legal_actions()
    assert_refused(g, MATCH[8])


@pytest.mark.parametrize("other", [7, 9])
def test_A8_789_pairs_with_a_7_or_a_9_either_card_played(other: int) -> None:
    g = GameState.from_position(R3, hands=[[8, other, 2], [3, 4], [5, 1]], discard=[12], deck=[], rest="deck")
    assert {PAIR[8, other], PAIR[other, 8]} <= set(g.legal_actions())
    g.apply(PAIR[other, 8])
    assert sorted(g.hands[0]) == [2, 8] and g.discard[-1] == other
    assert kinds(g)[0] == ("pair", "A8", 0)
    g2 = GameState.from_position(R3, hands=[[8, other, 2], [3, 4], [5, 1]], discard=[12], deck=[], rest="deck")
    g2.apply(PAIR[8, other])
    assert sorted(g2.hands[0]) == [2, other] and g2.discard[-1] == 8


def test_A8_789_does_not_pair_with_other_values() -> None:
    g = GameState.from_position(R3, hands=[[8, 6, 10], [3, 4], [5, 1]], discard=[12], deck=[], rest="deck")
    assert not [a for a in g.legal_actions() if a.kind == "pair"]


def test_A8_789_is_not_a_black_shield_out_of_turn() -> None:
    g = GameState.from_position(R3, hands=[[10, 2], [8, 4], [5, 6]], discard=[10], deck=[], rest="deck")
    g.apply(MATCH[10])
    g.apply(LOOK[1])
    assert g.legal_actions() == [NO_SHIELD]


def test_A9_designated_player_without_a_9_is_asked_but_can_only_let_it_happen() -> None:
    g = GameState.from_position(R3, hands=[[10, 2], [3, 4], [5, 6]], discard=[10], deck=[], rest="deck")
    g.apply(MATCH[10])
    g.apply(LOOK[1])
    assert (g.turn, g.current_player, g.decision) == (0, 1, "shield")
    assert g.legal_actions() == [NO_SHIELD]
    assert g.view(1).legal_actions == (NO_SHIELD,) and g.view(0).legal_actions == ()
    assert_refused(g, SHIELD)
    assert_refused(g, NO_SHIELD, player=0)
    g.apply(NO_SHIELD, player=1)
    assert ("no_shield", "A9", 1) in kinds(g)
    assert g.view(0).known[1] == (3, 4)
    assert g.turn == 1


def test_A9_black_shield_cancels_a_magnifying_glass() -> None:
    g = GameState.from_position(R3, hands=[[10, 2], [9, 4], [5, 6]], discard=[10], deck=[], rest="deck")
    g.apply(MATCH[10])
    g.apply(LOOK[1])
    assert g.legal_actions() == [SHIELD, NO_SHIELD]
    g.apply(SHIELD, player=1)
    assert ("shield", "A9", 1) in kinds(g)
    assert g.hands[1] == [4] and g.discard[-1] == 9
    assert g.view(0).known[1] == ()
    assert not any(k == "look" for k, _, _ in kinds(g))
    assert (g.turn, g.current_player, g.decision) == (1, 1, "action")


def test_A9_each_designated_player_of_two_cards_is_asked_and_a_shield_cancels_it_all() -> None:
    g = GameState.from_position(R3, hands=[[11, 2], [3, 4], [9, 6]], discard=[11], deck=[], rest="deck")
    g.apply(MATCH[11])
    g.apply(DESIGNATE[1, 2])
    assert (g.current_player, g.legal_actions()) == (1, [NO_SHIELD])
    g.apply(NO_SHIELD)
    assert (g.current_player, g.legal_actions()) == (2, [SHIELD, NO_SHIELD])
    g.apply(SHIELD)
    assert g.hands == [[2], [3, 4], [6]]
    assert not any(k in ("exchange", "pick", "announce", "random") for k, _, _ in kinds(g))
    assert (g.turn, g.decision) == (1, "action")


def test_A9_the_actor_designating_themselves_is_not_asked() -> None:
    g = GameState.from_position(R3, hands=[[11, 9], [3, 4], [5, 6]], discard=[11], deck=[], rest="deck")
    g.apply(MATCH[11])
    g.apply(DESIGNATE[0, 1])
    assert g.current_player == 1 and g.decision == "shield"
    g.apply(NO_SHIELD)
    assert (g.current_player, g.decision) == (0, "two_cards_choice")


def test_A10_look_is_private_to_the_looker() -> None:
    g = GameState.from_position(R4, hands=[[10, 2], [3, 4, 12], [5, 6], [1, 7]], discard=[10], deck=[], rest="deck")
    g.apply(MATCH[10])
    g.apply(LOOK[1])
    g.apply(NO_SHIELD)
    look = g.events[-1]
    assert (look.kind, look.rule, look.to) == ("look", "A10", (0,))
    assert g.view(0).known[1] == (3, 4, 12)
    for seat in (1, 2, 3):
        assert g.view(seat).known[1] == ()
        assert texts(g, seat, "look") == ["Player 1 looks at Player 2's hand"]
    assert "12" in texts(g, 0, "look")[0]


def test_A10_look_targets_any_other_player_but_not_yourself() -> None:
    g = GameState.from_position(
        R4, hands=[[3, 4], [1, 7], [10, 2], [5, 6]], discard=[10], deck=[], turn=2, rest="deck")
    g.apply(MATCH[10])
    assert set(g.legal_actions()) == {SKIP, LOOK[1], LOOK[2], LOOK[3]}
    g.apply(LOOK[3])  # three seats to the left of seat 2 is seat 1
    assert g.current_player == 1


def test_A11_take_secretly_from_yourself_and_announce_a_value_for_another() -> None:
    g = GameState.from_position(R4, hands=[[11, 2, 6], [3, 4], [5, 7], [1, 12]], discard=[11], deck=[], rest="deck")
    g.apply(MATCH[11])
    g.apply(DESIGNATE[0, 1])
    assert texts(g, 2, "designate") == ["Player 1 designates themself and Player 2 for the Two Cards"]
    g.apply(NO_SHIELD)
    assert g.decision == "two_cards_choice" and g.current_player == 0
    assert set(g.legal_actions()) >= {PICK[2], PICK[6]}
    assert PICK[3] not in g.legal_actions()
    g.apply(PICK[6])
    assert g.view(0).choices == (("pick", 6),) and g.view(2).choices == (("pick", 0),)
    assert "6" in texts(g, 0, "pick")[0] and "6" not in texts(g, 2, "pick")[0]
    assert set(g.legal_actions()) == {RANDOM, *ANNOUNCE.values()}
    g.apply(ANNOUNCE[4])
    assert sorted(g.hands[0]) == [2, 4] and sorted(g.hands[1]) == [3, 6]
    assert ("exchange", "A11", 0) in kinds(g)
    assert g.view(2).known[1] == (), "a secret pick is not shown to the others"
    assert g.view(2).known[0] == (4,), "an announced card is public"
    assert texts(g, 2, "receive") == ["Player 1 receives the 4 from Player 2", "Player 2 receives a card from Player 1"]
    assert texts(g, None, "receive")[0] == "Player 1 receives the 4 from Player 2", "a spectator reads it too"
    assert g.turn == 1


def test_A11_the_two_cards_choice_names_the_player_it_is_for() -> None:
    g = GameState.from_position(R4, hands=[[11, 2, 6], [3, 4], [5, 7], [1, 12]], discard=[11], deck=[], rest="deck")
    g.apply(MATCH[11])
    g.apply(DESIGNATE[1, 2])
    assert g.decision_text() == "answer with a Black Shield or not (A9)", "multiplayer keeps A9"
    g.apply(NO_SHIELD)
    g.apply(NO_SHIELD)
    assert g.decision_text() == "choose the card to exchange for Player 2 (A11)"
    assert "Player 1 must choose the card to exchange for Player 2 (A11)" in str(assert_refused(g, DRAW))
    wrong_seat = str(assert_refused(g, RANDOM, player=1))
    assert wrong_seat.startswith("seat 0 (Player 1) decides now, not seat 1: "
                                 "Player 1 must choose the card to exchange for Player 2 (A11)")
    g.apply(RANDOM)
    assert g.decision_text() == "choose the card to exchange for Player 3 (A11)"


def test_A11_announce_a_value_is_also_a_choice_for_yourself() -> None:
    g = GameState.from_position(R4, hands=[[11, 2, 6], [3, 4], [5, 7], [1, 12]], discard=[11], deck=[], rest="deck")
    g.apply(MATCH[11])
    g.apply(DESIGNATE[0, 1])
    g.apply(NO_SHIELD)
    assert ANNOUNCE[6] in g.legal_actions(), "A11: each designated player: take secretly OR announce a value"


def test_A11_random_card_from_another_player() -> None:
    taken = set()
    for seed in range(20):
        g = GameState.from_position(
            R4, hands=[[11, 2], [3, 4, 5], [6, 7], [1, 12]], discard=[11], deck=[], rest="deck", seed=seed)
        g.apply(MATCH[11])
        g.apply(DESIGNATE[0, 1])
        g.apply(NO_SHIELD)
        g.apply(PICK[2])
        g.apply(RANDOM)
        (card,) = set(g.hands[0]) - {2}
        assert card in (3, 4, 5) and sorted(g.hands[1] + [card]) == [2, 3, 4, 5]
        assert [e.to for e in g.events if e.kind == "receive"] == [(0, 1), (0, 1)]
        assert str(card) in texts(g, 0, "receive")[0]
        assert texts(g, 2, "receive")[0] == "Player 1 receives a card from Player 2"
        taken.add(card)
    assert len(taken) > 1, "the card is picked at random"


def test_A11_two_other_players_exchange_and_the_actor_does_not_see_random_cards() -> None:
    g = GameState.from_position(R4, hands=[[11, 2], [3, 4], [6, 7], [1, 12]], discard=[11], deck=[], rest="deck")
    g.apply(MATCH[11])
    g.apply(DESIGNATE[1, 2])
    g.apply(NO_SHIELD)
    g.apply(NO_SHIELD)
    assert set(g.legal_actions()) == {RANDOM, *ANNOUNCE.values()}
    g.apply(RANDOM)
    g.apply(ANNOUNCE[7])
    assert 7 in g.hands[1] and len(g.hands[1]) == 2 and len(g.hands[2]) == 2
    assert Counter(g.hands[1] + g.hands[2]) == Counter([3, 4, 6, 7])
    assert g.hands[0] == [2]
    received = [e for e in g.events if e.kind == "receive" and e.player == 2][0]
    assert received.to == (1, 2)
    assert g.view(0).known[2] == (), "the actor did not see the random card"
    assert g.view(0).known[1] == (7,)


def test_A11_wrong_announcement_cancels_and_the_actor_draws_a_penalty() -> None:
    g = GameState.from_position(R4, hands=[[11, 2], [3, 4], [6, 7], [1, 12]], discard=[11], deck=[5], rest="deck")
    g.apply(MATCH[11])
    g.apply(DESIGNATE[1, 2])
    g.apply(NO_SHIELD)
    g.apply(NO_SHIELD)
    g.apply(ANNOUNCE[3])
    g.apply(ANNOUNCE[12])
    assert g.hands[1:] == [[3, 4], [6, 7], [1, 12]]
    assert sorted(g.hands[0]) == [2, 5]
    assert [(k, r) for k, r, _ in kinds(g)][-2:] == [("wrong", "A11"), ("penalty", "A11")]
    assert not any(k == "exchange" for k, _, _ in kinds(g))
    assert (g.turn, g.decision) == (1, "action")


def test_A11_both_announcements_wrong_cancel_with_one_penalty() -> None:
    g = GameState.from_position(R4, hands=[[11, 2], [3, 4], [6, 7], [1, 12]], discard=[11], deck=[5], rest="deck")
    g.apply(MATCH[11])
    g.apply(DESIGNATE[1, 3])
    g.apply(NO_SHIELD)
    g.apply(NO_SHIELD)
    deck_size = len(g.deck)
    g.apply(ANNOUNCE[6])
    g.apply(ANNOUNCE[6])
    assert [e.args["q"] for e in g.events if e.kind == "wrong"] == [1, 3]
    assert sorted(g.hands[0]) == [2, 5] and len(g.deck) == deck_size - 1


def test_A11_designations_are_two_different_players() -> None:
    g = GameState.from_position(R3, hands=[[11, 2], [3, 4], [6, 7]], discard=[11], deck=[], rest="deck")
    g.apply(MATCH[11])
    designations = [a for a in g.legal_actions() if a.kind == "designate"]
    assert {(a.a, a.b) for a in designations} == {(0, 1), (0, 2), (1, 2)}
    assert_refused(g, DESIGNATE[1, 3])


def test_A10_A11_in_a_two_player_game_the_only_targets_are_the_other_player_and_both() -> None:
    g = GameState.from_position(R2, hands=[[10, 11, 2], [3, 4]], discard=[10], deck=[], rest="deck")
    g.apply(MATCH[10])
    assert g.legal_actions() == [SKIP, LOOK[1]]
    g = GameState.from_position(R2, hands=[[10, 11, 2], [3, 4]], discard=[11], deck=[], rest="deck")
    g.apply(MATCH[11])
    assert g.legal_actions() == [SKIP, DESIGNATE[0, 1]]


def test_A12_hourglass_gives_another_turn() -> None:
    g = GameState.from_position(R3, hands=[[12, 2], [3, 4], [6, 7]], discard=[12], deck=[], rest="deck")
    g.apply(MATCH[12])
    g.apply(HOURGLASS)
    assert ("hourglass", "A12", 0) in kinds(g)
    assert (g.turn, g.current_player, g.decision) == (0, 0, "action")
    assert g.view(0).extra_turn and g.view(1).extra_turn, "everyone sees that this turn is the extra one"
    draw_and_discard(g)
    assert g.turn == 1, "only one extra turn"
    assert not g.view(1).extra_turn


# ------------------------------------------------------------------- scoring


def test_E1_round_score_is_hand_sum_and_lowest_wins_with_ties_shared() -> None:
    g = GameState.from_position(R3, hands=[[1, 2], [3], [4, 6]], discard=[12], deck=[], turn=0, rest="deck")
    g.apply(STOP)
    draw_and_discard(g)
    draw_and_discard(g)
    assert g.is_over
    assert g.scores == [[3, 3, 10]] and g.totals == [3, 3, 10]
    assert g.winners == [0, 1]


def test_E2_scores_add_up_and_the_game_goes_on_below_50() -> None:
    g = GameState.from_position(
        FULL4, hands=[[5], [12, 12], [3], [11, 10]], discard=[5], deck=[], scores=[[10, 20, 5, 28]],
        rest="deck")
    g.apply(MATCH[5])
    assert not g.is_over and g.round == 3  # the position's totals are one earlier round's scores
    assert g.totals == [10, 44, 8, 49]


def test_E2_game_ends_after_a_total_reaches_50_and_lowest_total_wins() -> None:
    g = GameState.from_position(
        FULL4, hands=[[5], [12, 12], [3], [11, 10]], discard=[5], deck=[], scores=[[10, 26, 5, 30]],
        rest="deck")
    g.apply(MATCH[5])
    assert g.is_over and g.current_player is None and g.legal_actions() == []
    assert g.totals == [10, 50, 8, 51]
    assert g.winners == [2], "lowest total wins, not highest"
    assert kinds(g)[-1] == ("game_end", "E2", None)
    assert_refused(g, DRAW)


def test_E2_tied_lowest_totals_share_the_win() -> None:
    g = GameState.from_position(
        FULL4, hands=[[5], [12, 12], [3], [11, 10]], discard=[5], deck=[], scores=[[8, 26, 5, 30]],
        rest="deck")
    g.apply(MATCH[5])
    assert g.winners == [0, 2]

