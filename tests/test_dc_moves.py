"""Your moves' buttons on Diverse City's page (egonb/games/diverse_city/moves.py), on hand-built positions: a button
says all its move does (the card P8 adds, a clearing that ends the turn, what you decide next), and two moves that
do the same thing are one button (DIVERSE-CITY.md ids in the test names)."""

from __future__ import annotations

import random
from collections import Counter

from dc_positions import C, D, table

from egonb.games.diverse_city import Config, new_game
from egonb.games.diverse_city.actions import ASK, DECLINE
from egonb.games.diverse_city.moves import distinct, labels
from egonb.games.diverse_city.session import table_state

NAMES = ("You", "Player 2", "Player 3")


def buttons(state) -> list[str]:
    """The words of your buttons, as the page gets them."""
    return [a["label"] for a in table_state(state, 1)["legal"]]


def test_X3_P8_P4_a_resolve_names_the_card_it_adds_and_that_it_ends_your_turn() -> None:
    """The issue's case: one School in hand, so after Emergency Services 1 the School is forced (P8) and the
    cleared Blizzard is the turn's ending act (P4)."""
    s = table([[C("Emergency Services", 1), C("School", 2), C("Food", 4)], [C("Housing", 1)], [C("Housing", 2)]],
              [[D("Blizzard")], [], []], names=NAMES)
    labels = buttons(s)
    assert "Clear your Blizzard with Emergency Services 1 and School 2: that ends your turn" in labels
    assert not any(label.startswith("Put Emergency Services 1") for label in labels)
    fill = next(a for a in table_state(s, 1)["legal"] if a["label"].startswith("Clear your Blizzard"))
    s.apply(fill["id"], player=0)
    assert s.turn == 1 and s.fronts[0] == [] and s.hands[0] == [C("Food", 4)]  # all the button said, no more


def test_X3_a_resolve_with_a_choice_left_says_you_choose_the_card_that_completes_it() -> None:
    s = table([[C("Emergency Services", 1), C("School", 2), C("School", 3)], [C("Housing", 1)], [C("Housing", 2)]],
              [[D("Blizzard")], [], []], names=NAMES)
    labels = buttons(s)
    assert "Put Emergency Services 1 on your Blizzard, then choose the card that completes it" in labels
    # a School first leaves one Emergency Services to complete it: P8 puts it on at once
    assert "Clear your Blizzard with School 2 and Emergency Services 1: that ends your turn" in labels


def test_P5_a_resolve_that_leaves_another_possible_says_you_may_go_on() -> None:
    s = table([[C("Public Transportation", 1), C("Waste Management", 2)], [C("Housing", 1)], [C("Housing", 2)]],
              [[D("Traffic Jam"), D("Litter Bug")], [], []], names=NAMES)
    labels = buttons(s)
    assert "Clear your Traffic Jam with Public Transportation 1, then clear another or stop" in labels
    assert "Discard Public Transportation 1 and end your turn" in labels


def test_X4_a_clearing_gift_ends_your_turn_and_a_partial_one_says_what_follows() -> None:
    s = table([[C("Food", 1), C("Emergency Services", 2), C("Public Transportation", 3)], [C("Housing", 1)],
               [C("Housing", 2)]], [[], [D("Traffic Jam"), D("Flood")], []], names=NAMES)
    labels = buttons(s)
    assert "Give Public Transportation 3 to Player 2's Traffic Jam: that clears it and ends your turn" in labels
    assert "Give Food 1 to Player 2's Flood, then you may give its second card" in labels


def test_X5_a_clearing_answer_says_whose_turn_it_ends() -> None:
    """You are asked out of turn (X5): your gift clears Player 2's disaster, which ends Player 2's turn (P4)."""
    s = table([[C("Public Transportation", 3), C("Food", 1)], [C("Housing", 1)], [C("Housing", 2)]],
              [[], [D("Traffic Jam")], []], turn=1, names=NAMES)
    s.apply(ASK[2, 0], player=1)  # Player 2 asks you (two seats to its left of three)
    assert s.current_player == 0
    labels = buttons(s)
    assert labels == ["Decline to donate",
                      "Give Public Transportation 3 to Player 2's Traffic Jam: that clears it and ends Player 2's "
                      "turn"]


def test_X5_two_identical_disasters_give_one_button_per_move_and_one_ask_per_player() -> None:
    """The engine numbers disasters by place; two Litter Bugs are the same to a player: one button per move, and
    no ask to a player already asked this turn about an identical one."""
    s = table([[C("Waste Management", 1), C("Housing", 3)], [C("Housing", 1)], [C("Housing", 2)]],
              [[D("Litter Bug"), D("Litter Bug")], [], []], names=NAMES)
    assert len(s.legal_actions()) > len(distinct(s.view(0)))  # the engine offers both places
    labels = buttons(s)
    assert max(Counter(labels).values()) == 1, labels
    assert labels.count("Ask Player 2 to donate to your Litter Bug") == 1
    s.apply(ASK[1, 0], player=0)
    assert s.current_player == 0  # Player 2 holds no Waste Management: the decline was forced (P8)
    assert s.events[-1].kind == "decline"
    labels = buttons(s)
    assert "Ask Player 2 to donate to your Litter Bug" not in labels  # the second Litter Bug is the same question
    assert "Ask Player 3 to donate to your Litter Bug" in labels
    assert ASK[1, 1] in s.legal_actions()  # which X5 allows: the page leaves it out as a repeat


def test_X5_an_ask_for_a_disaster_that_holds_a_partial_names_it() -> None:
    s = table([[C("Housing", 3)], [C("Food", 1)], [C("Food", 2)]],
              [[D("Flood"), (D("Flood"), C("Food", 3))], [], []], names=NAMES)
    labels = buttons(s)
    assert "Ask Player 2 to donate to your Flood" in labels
    assert "Ask Player 2 to donate to your Flood that holds Food 3" in labels


def test_the_buttons_are_the_legal_moves_and_decline_stays_first() -> None:
    s = table([[C("Public Transportation", 3)], [C("Housing", 1)], [C("Housing", 2)]],
              [[], [D("Traffic Jam")], []], turn=1, names=NAMES)
    s.apply(ASK[2, 0], player=1)
    ids = [a["id"] for a in table_state(s, 1)["legal"]]
    assert ids[0] == DECLINE.id and set(ids) <= {a.id for a in s.legal_actions()}


def test_X5_the_page_draws_the_asks_as_one_row_per_disaster_with_a_button_per_player() -> None:
    s = table([[C("Housing", 3)], [C("Food", 1)], [C("Food", 2)]],
              [[D("Flood"), (D("Flood"), C("Food", 3))], [], []], names=NAMES)
    asks = [a for a in table_state(s, 1)["legal"] if a["kind"] == "ask"]
    assert [(a["row"], a["short"]) for a in asks] == [
        ("Ask for help with your Flood:", "Player 2"), ("Ask for help with your Flood:", "Player 3"),
        ("Ask for help with your Flood that holds Food 3:", "Player 2"),
        ("Ask for help with your Flood that holds Food 3:", "Player 3")]
    assert all("row" not in a for a in table_state(s, 1)["legal"] if a["kind"] != "ask")


def test_open_question_1_with_free_clearing_a_clearing_says_your_turn_goes_on() -> None:
    """The `free_clearing` variant (DIVERSE-CITY.md, Open question 1): clearing is free, only a discard ends the
    turn; the buttons say so."""
    s = table([[C("Public Transportation", 1), C("Food", 2)], [C("Housing", 1)], [C("Housing", 2)]],
              [[D("Traffic Jam")], [D("Litter Bug")], []], names=NAMES, free_clearing=True)
    labels = buttons(s)
    # the clearing is free, but a discard is then the only move left, which P8 makes at once
    assert ("Clear your Traffic Jam with Public Transportation 1, then discard Food 2, the only move left: that ends "
            "your turn") in labels
    s = table([[C("Public Transportation", 1), C("Food", 2), C("Food", 3)], [C("Housing", 1)], [C("Housing", 2)]],
              [[D("Traffic Jam")], [], []], names=NAMES, free_clearing=True)
    assert "Clear your Traffic Jam with Public Transportation 1; your turn goes on" in buttons(s)


def test_P8_a_gift_that_leaves_one_move_names_the_discard_it_brings() -> None:
    """After a partial gift (X4, X6) your turn goes on, but a single card that fits nothing leaves one move, a
    discard, which P8 makes at once: the button says it discards that card and ends your turn."""
    s = table([[C("Food", 1), C("School", 2)], [C("Housing", 1)], [C("Housing", 2)]], [[], [D("Flood")], []],
              names=NAMES)
    labels = buttons(s)
    assert "Give Food 1 to Player 2's Flood, then discard School 2, the only move left: that ends your turn" in labels
    give = next(a for a in table_state(s, 1)["legal"] if a["kind"] == "give")
    s.apply(give["id"], player=0)
    assert s.turn == 1 and s.hands[0] == [] and s.discard[-1] == C("School", 2)


def test_a_buttons_words_are_what_the_move_does_in_the_real_game() -> None:
    """The words come from a world sampled from your view; played on the real game, every move does what its
    button says (the same words), in whole seeded games."""
    checked = 0
    for seed in range(8):
        game = new_game(Config(players=4, names=("You", "Player 2", "Player 3", "Player 4")), seed)
        rng = random.Random(seed)
        while not game.is_over and game.round <= 2:
            seat = game.current_player
            assert seat is not None
            if seat == 0:
                v = game.view(0)
                mine = distinct(v)
                assert labels(v, mine) == labels(v, mine, world=game)
                checked += sum(a.kind in ("fill", "give") for a in mine)
            game.apply(rng.choice(game.legal_actions()), player=seat)
    assert checked > 20
