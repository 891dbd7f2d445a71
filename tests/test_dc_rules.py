"""Diverse City's rules, one hand-built position per rule id of docs/DIVERSE-CITY.md (the id is in the name)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from dc_positions import GLOBAL_WARMING, PANDEMIC, PEOPLE, WORLD_WAR, C, D, table, texts

from egonb.errors import GameError
from egonb.games.diverse_city import Config, new_game
from egonb.games.diverse_city.actions import ASK, CALL, DECLINE, DISCARD, DRAW, FILL, GIVE, NO_CALL, PASS, STOP, TAKE
from egonb.games.diverse_city.cards import CATEGORIES, MAJORS, is_city, is_disaster
from egonb.games.diverse_city.checks import problems

ES1, ES2, ES3 = C("Emergency Services", 1), C("Emergency Services", 2), C("Emergency Services", 3)
FOOD1, FOOD2, FOOD3 = C("Food", 1), C("Food", 2), C("Food", 3)
HOUSE1, HOUSE4 = C("Housing", 1), C("Housing", 4)
SCHOOL2 = C("School", 2)
BUS1, WASTE2, POWER3, COMMS4, FUN1 = (C("Public Transportation", 1), C("Waste Management", 2), C("Power Plant", 3),
                                      C("Communications", 4), C("Activity", 1))


def test_every_rule_id_of_the_rules_text_has_a_test_named_for_it() -> None:
    ids = re.findall(r"^- \*\*([A-Z]\d)\b", (Path(__file__).parent.parent / "docs" / "DIVERSE-CITY.md").read_text(),
                     re.M)
    assert len(ids) > 40
    names = " ".join(n for n in globals() if n.startswith("test_"))
    assert [i for i in ids if not re.search(rf"_{i}(_|$)", names)] == []


# ---------------------------------------------------------------------- components and the deck table


def test_K1_K2_K5_K6_K7_K8_K9_the_default_deck_table() -> None:
    deck = Config().deck
    assert len(deck) == 95 and len(CATEGORIES) == 9
    assert sum(map(is_city, deck)) == 72 and deck.count(PEOPLE) == 6
    assert sum(map(is_disaster, deck)) == 14 and sorted(c for c in deck if c in MAJORS) == sorted(MAJORS)
    assert sorted(C(cat, 0 + 1) for cat in CATEGORIES) == sorted({c for c in deck if is_city(c) and c % 5 == 0})
    assert [Config().points(c) for c in deck if is_city(c)][:8] == [1, 1, 2, 2, 3, 3, 4, 4]
    assert Config().points(D("Fire")) == -3 and Config().points(D("Litter Bug")) == -2
    small = Config(players=2, city_points=(1, 2), people=2, majors=(0, 1, 0))  # K5: every number configurable
    assert len(small.deck) == 18 + 2 + 1 + 14


def test_K3_a_slot_names_one_category_or_two_alternatives() -> None:
    cfg = Config()
    assert cfg.fits(ES1, D("Flood"), 0) and cfg.fits(FOOD1, D("Flood"), 1) and not cfg.fits(FOOD1, D("Flood"), 0)
    assert cfg.fits(POWER3, D("Blackout"), 0) and cfg.fits(COMMS4, D("Blackout"), 0)
    assert not cfg.fits(PEOPLE, D("Blackout"), 0)


def test_K4_a_disaster_does_nothing_but_cost_points_and_wait_for_its_slots() -> None:
    s = table([[FOOD1], [FOOD2]], [[D("Fire"), D("Traffic Jam")], []])
    assert s.round_score(0) == 1 - 3 - 2 and s.round_score(1) == 2


def test_config_refuses_bad_values_with_one_clear_error() -> None:
    for bad in ({"players": 7}, {"players": 1}, {"end_score": 0}, {"reset_threshold": 12}, {"free_clearing": 1},
                {"city_points": (1, 9)}, {"majors": (1, 1)}, {"names": ("a",)}):
        with pytest.raises(GameError, match="impossible Diverse City configuration"):
            Config(**bad)  # type: ignore[arg-type]
    assert Config(players=5).reset_threshold == 6 and Config(players=4).reset_threshold == 5


# ---------------------------------------------------------------------- setup and drawing


def test_U1_the_first_player_comes_from_the_seed_then_moves_left() -> None:
    firsts = {new_game(Config(players=4), seed).first for seed in range(30)}
    assert firsts == {0, 1, 2, 3}
    s = table([[PEOPLE], [FOOD1]], turn=1, phase="diversity")
    s.first = 1
    s.apply(CALL)
    assert s.round == 2 and s.first == 0


def test_U2_U3_every_player_is_dealt_five_cards_counting_disasters_in_front() -> None:
    for seed in range(40):
        s = new_game(Config(players=2 + seed % 5), seed)
        for p in range(s.n):
            if p != s.first:
                assert len(s.hands[p]) + len(s.fronts[p]) == 5
                assert not any(c in MAJORS for c in s.hands[p]) and s.hands[p].count(PEOPLE) <= 1


def test_U3_U4_H3_a_refill_puts_back_a_second_people_and_a_major_after_their_replacement() -> None:
    s = table([[FOOD1], []], draw=[PEOPLE, PEOPLE, WORLD_WAR, ES1, D("Fire"), FOOD2])  # P8: the discard is forced
    assert s.turn == 1 and sorted(s.hands[1]) == sorted([PEOPLE, ES1]) and s.fronts[1] == [[D("Fire"), -1, -1]]
    shown = [t for t in texts(s) if "puts it back" in t]
    assert len(shown) == 2 and PEOPLE in s.draw_pile and WORLD_WAR in s.draw_pile
    assert s.draw_pile[-1] != PEOPLE or s.draw_pile[-2:] != [WORLD_WAR, PEOPLE]  # U4: not straight back on top


def test_U5_a_deal_that_reaches_the_reset_threshold_is_dealt_again() -> None:
    redealt = [new_game(Config(players=6, reset_threshold=3), seed) for seed in range(20)]
    assert any(s.redeals for s in redealt)
    for s in redealt:
        assert sum(len(f) for f in s.fronts) < 3 or s.turns > 1 or s.phase != "draw"
        assert any("Misdeal" in t for t in texts(s)) == bool(s.redeals)


def test_U6_an_empty_draw_pile_is_the_discard_pile_shuffled_under_its_top_card() -> None:
    s = table([[FOOD1], [FOOD2]], phase="draw", rest="discard", discard=[HOUSE1])
    assert s.draw_pile == [] and s.legal_actions() == [DRAW, TAKE]
    s.apply(DRAW)
    assert s.discard == [HOUSE1] and any("shuffled" in t for t in texts(s))


# ---------------------------------------------------------------------- a turn


def test_P1_P2_a_turn_refills_then_draws_and_may_take_a_city_or_a_first_people_from_the_discard() -> None:
    s = table([[FOOD1], [FOOD2]], discard=[D("Flood"), HOUSE1], phase="draw")
    assert s.legal_actions() == [DRAW, TAKE]
    s.apply(TAKE)
    assert HOUSE1 in s.hands[0] and s.phase == "main" and s.discard[-1] == D("Flood")
    s.apply(DISCARD[FOOD1])  # discarding onto the Flood: seat 1 may take the Food
    assert s.turn == 1 and s.legal_actions() == [DRAW, TAKE]
    s = table([[PEOPLE], [FOOD2]], discard=[PEOPLE], phase="draw")  # H2: no second PEOPLE from the discard pile,
    assert s.events[0].kind == "draw" and s.discard == [PEOPLE]  # so the draw is forced and made at once (P8)


def test_P2_a_disaster_is_never_taken_from_the_discard_pile() -> None:
    s = table([[FOOD1], [FOOD2]], discard=[D("Flood")], phase="draw")
    assert s.events[0].kind == "draw" and s.discard == [D("Flood")]  # the only choice, made at once (P8)


def test_P3_X1_a_drawn_disaster_goes_in_front_and_the_turn_goes_on() -> None:
    s = table([[FOOD1], [FOOD2]], draw=[D("Flood")], phase="draw")  # P8: the draw is forced
    assert s.fronts[0] == [[D("Flood"), -1, -1]] and s.phase == "main" and s.current == 0
    assert DISCARD[FOOD1] in s.legal_actions() and all(a.kind != "discard" or a.card == FOOD1
                                                       for a in s.legal_actions())


def test_P3_R1_a_second_people_is_discarded_and_ends_the_turn() -> None:
    s = table([[PEOPLE, FOOD1], [FOOD2, FOOD3]], draw=[PEOPLE], phase="draw")  # P8: the draw is forced
    assert s.discard[-1] == PEOPLE and s.hands[0] == [PEOPLE, FOOD1] and s.phase == "diversity"
    s.apply(NO_CALL)
    assert s.turn == 1


def test_P4_asks_and_partial_donations_go_on_then_one_ending_act() -> None:
    s = table([[ES1, FOOD1, HOUSE1], [PEOPLE, FOOD3]], [[], [D("Flood")]])
    s.apply(GIVE[ES1, 1, 0])  # a partial: the turn goes on (the Food could follow in the same donation)
    s.apply(STOP)
    assert s.current == 0 and s.phase == "main" and s.fronts[1] == [[D("Flood"), ES1, 0]]
    assert PASS not in s.legal_actions()
    s.apply(GIVE[FOOD1, 1, 0])  # this one clears the Flood: the ending act
    assert s.turn == 1 and s.fronts[1] == []


def test_P4_pass_only_with_an_empty_hand() -> None:
    s = table([[], [FOOD1]], [[D("Flood")], []], phase="main")
    assert s.legal_actions() == [ASK[1, 0], PASS]
    s.apply(PASS)
    assert s.turn == 1


def test_P5_several_resolves_make_one_ending_act_then_stop() -> None:
    s = table([[BUS1, WASTE2, FOOD1], [FOOD2]], [[D("Traffic Jam"), D("Litter Bug")], []])
    s.apply(FILL[BUS1, 0])
    assert s.phase == "resolve_more" and s.legal_actions() == [FILL[WASTE2, 0], STOP]
    s.apply(FILL[WASTE2, 0])
    assert s.fronts[0] == [] and s.turn == 1  # nothing left to resolve: STOP was forced (P8)


def test_P6_the_disaster_ends_on_top_of_the_cards_discarded_with_it() -> None:
    s = table([[ES1, FOOD1, HOUSE1], [FOOD2]], [[(D("Flood"), FOOD3)], []])
    s.apply(FILL[ES1, 0])
    assert s.discard[-3:] == [FOOD3, ES1, D("Flood")]


def test_P7_the_hand_limit_then_the_diversity_option_then_the_left_seat() -> None:
    hand = [PEOPLE, ES1, ES2, ES3, FOOD1, FOOD2, FOOD3, HOUSE1]
    s = table([hand, [FOOD1 + 1]], [[D("Flood")], []])
    s.apply(DISCARD[HOUSE1])  # 7 in hand + 1 disaster = 8: no H1
    assert s.phase == "diversity" and s.current == 0
    s.apply(NO_CALL)
    assert s.turn == 1


def test_P8_only_real_choices_are_asked_and_a_forced_decline_is_announced() -> None:
    s = table([[FOOD1, HOUSE1], [SCHOOL2], [ES1, FOOD3]], [[D("Flood")], [], []])
    s.apply(ASK[1, 0])
    assert s.current == 0 and s.phase == "main" and texts(s)[-1] == "[ X5] Player 2 declines"
    s.apply(ASK[2, 0])
    assert s.current == 2 and s.legal_actions() == [DECLINE, GIVE[ES1, 1, 0], GIVE[FOOD3, 1, 0]]


# ---------------------------------------------------------------------- personal disasters


def test_X1_a_disaster_is_never_a_legal_discard() -> None:
    s = table([[FOOD1], [FOOD2]], [[D("Flood")], []])
    assert [a for a in s.legal_actions() if a.kind == "discard"] == [DISCARD[FOOD1]]


def test_X2_one_card_fills_one_slot_of_one_disaster() -> None:
    s = table([[ES1, FOOD1], [FOOD2]], [[], [D("Flood"), D("Fire")]])
    s.apply(GIVE[ES1, 1, 0])
    assert s.fronts[1] == [[D("Flood"), ES1, 0], [D("Fire"), -1, -1]]
    assert GIVE[FOOD1, 1, 0] in s.legal_actions()  # the second card of the same donation


def test_X3_only_the_owner_resolves_on_their_turn_and_only_what_the_hand_completes() -> None:
    s = table([[ES1, ES2, HOUSE1, FOOD1], [ES3, FOOD2]], [[D("Fire"), D("Flood")], [D("Blizzard")]])
    fills = [a for a in s.legal_actions() if a.kind == "fill"]
    assert fills == [FILL[ES1, 0], FILL[ES2, 0], FILL[HOUSE1, 0], FILL[ES1, 1], FILL[ES2, 1], FILL[FOOD1, 1]]
    s.apply(FILL[HOUSE1, 0])
    assert s.phase == "resolve_fill" and s.legal_actions() == [FILL[ES1, 0], FILL[ES2, 0]]  # committed: finish it
    s.apply(FILL[ES1, 0])
    assert s.fronts[0] == [[D("Flood"), -1, -1]] and s.phase == "resolve_more"
    assert s.legal_actions() == [FILL[ES2, 0], FILL[FOOD1, 0], STOP]  # the Flood is now first in the row


def test_X4_a_clearing_donation_ends_the_turn_a_partial_does_not() -> None:
    s = table([[POWER3, ES1, FOOD1], [FOOD2]], [[], [D("Blackout"), D("Flood")]])
    s.apply(GIVE[ES1, 1, 1])
    assert s.phase == "give_more" and s.legal_actions() == [GIVE[FOOD1, 1, 1], STOP]
    s.apply(STOP)
    assert s.phase == "main" and s.fronts[1][1] == [D("Flood"), ES1, 0]
    s.apply(GIVE[POWER3, 1, 0])
    assert s.turn == 1 and s.discard[-2:] == [POWER3, D("Blackout")]


def test_X4_free_clearing_a_clearing_donation_does_not_end_the_turn() -> None:
    s = table([[POWER3, FOOD1, HOUSE1], [FOOD2]], [[], [D("Blackout")]], free_clearing=True)
    s.apply(GIVE[POWER3, 1, 0])
    assert s.turn == 0 and s.phase == "main"


def test_X5_an_ask_is_answered_out_of_turn_and_a_clearing_answer_ends_the_askers_turn() -> None:
    s = table([[FOOD1, HOUSE1], [ES1, ES2, FOOD3]], [[D("Flood")], []])
    s.apply(ASK[1, 0])
    assert s.current == 1 and s.turn == 0 and s.phase == "answer"
    with pytest.raises(GameError):
        s.apply(GIVE[ES1, 1, 0], player=0)
    s.apply(GIVE[ES1, 1, 0], player=1)
    assert s.phase == "give_more" and s.current == 1
    s.apply(GIVE[FOOD3, 1, 0])
    assert s.fronts[0] == [] and s.turn == 1 and ES2 in s.hands[1] and len(s.hands[1]) == 2  # ES2 and its draw


def test_X5_one_ask_per_player_and_disaster_per_turn() -> None:
    s = table([[FOOD1, HOUSE1], [ES1, ES2]], [[D("Flood")], []])
    s.apply(ASK[1, 0])
    s.apply(DECLINE)
    assert ASK[1, 0] not in s.legal_actions() and s.current == 0
    with pytest.raises(GameError, match="not allowed"):
        s.apply(ASK[1, 0])


def test_X6_a_partial_is_not_hand_not_score_untouched_by_majors_and_goes_with_its_disaster() -> None:
    assert table([[FOOD1], [FOOD2]], [[(D("Flood"), ES3)], []]).round_score(0) == 1 - 3
    s = table([[FOOD1], [FOOD2]], [[(D("Flood"), ES3)], []], draw=[GLOBAL_WARMING], phase="draw")  # P8: forced
    assert s.fronts[0] == [[D("Flood"), ES3, 0]] and s.hands[0] == []


def test_X7_a_donation_received_out_of_turn_changes_nobodys_turn() -> None:
    s = table([[FOOD1, HOUSE1], [ES1, FOOD3]], [[D("Flood")], []])
    s.apply(ASK[1, 0])
    s.apply(GIVE[ES1, 1, 0])
    s.apply(STOP)
    assert s.turn == 0 and s.current == 0 and s.phase == "main" and s.fronts[0] == [[D("Flood"), ES1, 0]]


def test_X8_X9_the_fifth_disaster_resets_and_the_next_seat_refills() -> None:
    fronts = [[D("Flood"), (D("Fire"), ES1)], [D("Blizzard"), D("Traffic Jam")], []]
    s = table([[FOOD1], [FOOD2], [PEOPLE, FOOD3]], fronts, draw=[D("Pollution"), HOUSE1, HOUSE4, SCHOOL2, BUS1],
              phase="draw", reset_threshold=5)  # P8: the draw is forced
    assert s.hands[0] == s.hands[2] == [] and s.fronts == [[], [], []] and s.discard[-1] == D("Pollution")
    assert s.turn == 1 and sorted(s.hands[1]) == sorted([HOUSE1, HOUSE4, SCHOOL2, BUS1])  # H3, then P2
    assert any("Reset" in t for t in texts(s))


def test_X8_majors_and_partials_never_count_and_six_with_five_players() -> None:
    fronts = [[D("Flood"), (D("Fire"), ES3)], [D("Blizzard")], [D("Traffic Jam")], [], []]
    s = table([[FOOD1], [FOOD2], [FOOD3], [ES1], [ES2]], fronts, draw=[D("Pollution")], phase="draw")  # P8: forced
    assert sum(map(len, s.fronts)) == 5 and s.phase == "main"  # 5 of 6: no reset


# ---------------------------------------------------------------------- Majors


def test_M1_M2_world_war_moves_every_hand_right_then_the_drawer_ends_the_turn() -> None:
    s = table([[FOOD1], [FOOD2, HOUSE1], [PEOPLE]], [[D("Flood")], [], []], draw=[WORLD_WAR], phase="draw")  # P8
    assert s.hands[0] == [FOOD2, HOUSE1] and PEOPLE in s.hands[1] and s.hands[2] == [FOOD1]
    assert s.fronts[0] == [[D("Flood"), -1, -1]]
    assert s.discard[-1] == WORLD_WAR and s.turn == 1


def test_M2_with_two_players_world_war_swaps() -> None:
    s = table([[FOOD1], [FOOD2]], draw=[WORLD_WAR], phase="draw")  # P8: the draw is forced
    assert s.hands[0] == [FOOD2] and FOOD1 in s.hands[1] and s.turn == 1


def test_M3_pandemic_people_or_three_city_each_player_in_turn() -> None:
    hands = [[PEOPLE, FOOD1, FOOD2, HOUSE1], [PEOPLE, ES1], [ES1 + 1, ES3, FOOD3, SCHOOL2], [BUS1]]
    s = table(hands, draw=[PANDEMIC], phase="draw")  # P8: the draw is forced
    assert s.phase == "major" and s.current == 0 and s.legal_actions()[0] == DISCARD[PEOPLE]
    s.apply(DISCARD[FOOD1])  # three CITY then: the other two are forced
    assert s.hands[0] == [PEOPLE] and s.hands[1] == [ES1]  # PEOPLE but fewer than 3 CITY: the PEOPLE
    assert s.current == 2 and PEOPLE not in [a.card for a in s.legal_actions()]
    s.apply(DISCARD[ES3])
    s.apply(DISCARD[SCHOOL2])
    s.apply(DISCARD[FOOD3])
    assert s.hands[2] == [ES1 + 1] and s.hands[3] == [] and s.discard[-1] == PANDEMIC and s.phase == "diversity"


def test_M4_global_warming_two_city_or_all() -> None:
    s = table([[PEOPLE, FOOD1, FOOD2, HOUSE1], [ES1]], draw=[GLOBAL_WARMING], phase="draw")  # P8: a forced draw
    assert set(s.legal_actions()) == {DISCARD[FOOD1], DISCARD[FOOD2], DISCARD[HOUSE1]}
    s.apply(DISCARD[HOUSE1])
    s.apply(DISCARD[FOOD2])
    assert s.hands == [[PEOPLE, FOOD1], []] and s.discard[-1] == GLOBAL_WARMING and s.phase == "diversity"


# ---------------------------------------------------------------------- hand


def test_H1_hand_plus_disasters_over_eight_discards_at_turn_end_partials_excluded() -> None:
    hand = [ES1, ES2, ES3, FOOD1, FOOD2, FOOD3, HOUSE1, HOUSE4, SCHOOL2]
    s = table([hand, [BUS1]], [[(D("Flood"), C("Emergency Services", 4))], []])
    s.apply(DISCARD[BUS1 - BUS1 + SCHOOL2])  # 8 in hand + 1 disaster: one more
    assert s.phase == "hand_limit" and s.current == 0
    s.apply(DISCARD[HOUSE4])
    assert len(s.hands[0]) + len(s.fronts[0]) == 8 and s.turn == 1


def test_H2_no_hand_holds_two_people() -> None:
    s = table([[PEOPLE, FOOD1], [PEOPLE]], [[], [D("Flood")]], draw=[WORLD_WAR], discard=[PEOPLE], phase="draw")
    assert s.events[0].kind == "draw" and s.events[1].kind == "major"  # no PEOPLE taken: the draw was forced (P8)
    assert all(h.count(PEOPLE) <= 1 for h in s.hands) and not problems(s)


def test_H3_an_empty_hand_refills_three_then_draws() -> None:
    s = table([[FOOD1], []], draw=[ES1, ES2, ES3, HOUSE1])  # P8: the discard is forced
    assert s.turn == 1 and sorted(s.hands[1]) == sorted([ES1, ES2, ES3]) and s.phase == "draw"
    s.apply(DRAW)
    assert HOUSE1 in s.hands[1]


# ---------------------------------------------------------------------- round end, scoring, game end


def test_R1_diversity_only_with_people_at_turn_end_never_after_a_reset() -> None:
    s = table([[FOOD1, HOUSE1], [PEOPLE]])
    s.apply(DISCARD[FOOD1])
    assert s.turn == 1 and s.phase != "diversity"
    fronts = [[D("Flood"), D("Fire")], [D("Blizzard"), D("Traffic Jam")]]
    s = table([[PEOPLE, FOOD1], [FOOD2]], fronts, draw=[D("Pollution")], phase="draw")  # P8: the draw is forced
    assert s.turn == 1 and not any("Diversity" in t for t in texts(s))


def test_R2_R3_R4_R5_a_call_ends_the_round_and_scores_with_duplicates() -> None:
    hands = [[PEOPLE, FOOD1, FOOD3, HOUSE4], [ES1, ES2, SCHOOL2], [PEOPLE, BUS1]]
    s = table(hands, [[(D("Flood"), ES3)], [], [D("Litter Bug")]], phase="diversity", totals=[10, 5, 0])
    s.apply(CALL)
    assert s.scores[-1] == [3 + 4 - 3, 2, 3 + 1 - 2] and s.totals == [14, 7, 2] and s.round == 3  # R5: the next round


def test_R3_a_round_score_may_be_negative() -> None:
    s = table([[FOOD1, FOOD2], [PEOPLE]], [[D("Flood")], []])
    assert s.round_score(0) == -3


def test_G1_a_total_of_fifty_ends_the_game_and_the_highest_wins() -> None:
    s = table([[PEOPLE, FOOD1], [FOOD3]], phase="diversity", totals=[40, 47])
    s.apply(CALL)
    assert s.is_over and s.winners == [1] and s.totals == [44, 50] and s.ranks() == (2.0, 1.0)
    with pytest.raises(GameError, match="over"):
        s.apply(CALL)


def test_G2_a_tie_goes_to_the_last_round_then_is_shared() -> None:
    s = table([[PEOPLE, FOOD3], [FOOD2, HOUSE4]], phase="diversity", totals=[46, 47])
    s.apply(CALL)
    assert s.totals == [52, 53] and s.winners == [1]
    s = table([[PEOPLE, FOOD3], [FOOD2, HOUSE4]], phase="diversity", totals=[47, 48])
    s.apply(CALL)
    assert s.totals == [53, 54] and s.winners == [1]
    s = table([[PEOPLE, FOOD3], [SCHOOL2, HOUSE4]], phase="diversity", totals=[48, 48])
    s.apply(CALL)
    assert s.totals == [54, 54] and s.winners == [0, 1] and s.ranks() == (1.5, 1.5)


def test_G2_equal_totals_the_higher_last_round_wins() -> None:
    s = table([[PEOPLE, FOOD3], [FOOD2, HOUSE1]], phase="diversity", totals=[47, 50])
    s.apply(CALL)
    assert s.totals == [53, 53] and s.winners == [0]


# ---------------------------------------------------------------------- information


def test_I1_other_hands_and_drawn_cards_are_hidden() -> None:
    s = table([[FOOD1], [FOOD2, HOUSE1]], draw=[ES1], phase="draw")  # P8: the draw is forced
    v1 = s.view(1)
    assert v1.hand == tuple(sorted((FOOD2, HOUSE1))) and v1.hand_sizes == (2, 2) and v1.known[0] == ()
    assert "Emergency Services 1" in " ".join(texts(s, 0)) and "Emergency Services 1" not in " ".join(texts(s, 1))


def test_I2_taken_discards_fronts_and_the_whole_discard_pile_are_public() -> None:
    s = table([[FOOD1], [FOOD2]], [[(D("Flood"), ES1)], []], discard=[HOUSE1, HOUSE4], phase="draw")
    s.apply(TAKE)
    v1 = s.view(1)
    assert v1.known[0] == (HOUSE4,) and v1.fronts[0] == ((D("Flood"), ES1, 0),) and v1.discard[-1] == HOUSE1


def test_I3_after_world_war_a_player_knows_the_cards_they_passed() -> None:
    s = table([[FOOD1], [FOOD2, HOUSE1], [PEOPLE]], draw=[WORLD_WAR], phase="draw")  # P8: the draw is forced
    assert s.view(1).known[0] == tuple(sorted((FOOD2, HOUSE1))) and s.view(0).known[2] == (FOOD1,)
    assert s.view(2).known[1] == (PEOPLE,) and s.view(0).known[1] == ()


def test_I4_every_hand_is_shown_at_round_end() -> None:
    s = table([[PEOPLE, FOOD1], [HOUSE4, SCHOOL2]], phase="diversity")
    s.apply(CALL)
    assert any("Player 2 shows School 2, Housing 4" in t or "Player 2 shows Housing 4, School 2" in t
               for t in texts(s, 0))
    assert s.view(0).shown == ((FOOD1, PEOPLE), tuple(sorted((HOUSE4, SCHOOL2)))) == s.view(1).shown
