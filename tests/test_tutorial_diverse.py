"""Chapter 30's widgets (egonb.tutorial.diverse) driven from Python the way the browser would: positions the engine
checks, a scorer that asks the engine, an explorer that only applies legal actions, boards that hide what a seat
cannot see (DIVERSE-CITY.md I1, I2)."""

from __future__ import annotations

import pytest

from egonb.errors import GameError
from egonb.tutorial.diverse import (
    CLEARING,
    MAJORS,
    PEOPLE,
    WORLD_WAR,
    C,
    CityExplorer,
    D,
    HandScorer,
    board,
    card,
    played_round,
    position,
    show,
)

HANDS = [[C("Food", 3), C("Housing", 1)], [C("School", 2), PEOPLE], [C("Activity", 4)]]


def faces(b: dict, name: str) -> list:
    """The face-up points, or ("down", n), of the row `name` of a board."""
    row = next(r for r in b["rows"] if r["name"] == name)
    return [c["v"] if "v" in c else ("down", c["down"]) for c in row["cards"] if "text" not in c]


def test_a_position_is_a_saved_game_the_engine_checks() -> None:
    g = position(HANDS, [[D("Flood")], [], []], draw=[WORLD_WAR], discard=[C("Food", 1)])
    assert g.view(0).hand == tuple(sorted(HANDS[0])) and g.view(0).fronts[0] == ((D("Flood"), -1, -1),)
    assert g.decision == "draw" and g.current_player == 0 and g.view(0).discard[-1] == C("Food", 1)
    g.apply(next(a for a in g.legal_actions() if a.kind == "draw"))
    assert any(e.kind == "major" or e.rule == "M1" for e in g.events), "the named card is the next one drawn"
    with pytest.raises(GameError, match="H2"):
        position([[PEOPLE, PEOPLE], [], []])
    with pytest.raises(GameError, match="Food 4"):
        position([[C("Food", 4)] * 3, [], []])


def test_the_scorer_asks_the_engine_and_shows_the_duplicate_rule() -> None:
    """R4: two Foods score nothing; R3: a disaster in front counts against the hand; H2 refused with its reason."""
    s = HandScorer([C("Housing", 3), C("Food", 4), C("Food", 1), PEOPLE])
    assert s.total == 6 and dict(s.parts()) == {"Housing": 3, "Food": 0, "PEOPLE": 3}
    assert "held twice" in s.score.value and [c["v"] for c in s.view.value["rows"][0]["cards"]] == [3, 1, 4, 3]
    s.remove(C("Food", 1))
    assert s.total == 10 and dict(s.parts())["Food"] == 4
    assert not s.add(PEOPLE) and "H2" in s.refusal.value and s.total == 10, "a refused card changes nothing"
    assert s.place(D("Fire")) and s.total == 7 and s.view.value["rows"][1]["cards"][0]["v"] == "−3"
    s.pick.value = D("Fire")
    s.buttons[3].click()
    assert s.total == 10 and not s.front
    s.reset()
    assert s.total == 6


def test_a_board_hides_other_hands_and_shows_what_is_in_front() -> None:
    """I1: another hand is a count of face-down cards, whatever it holds; I2: disasters and partials are public."""
    a = position(HANDS, [[], [(D("Fire"), C("Housing", 2))], []], phase="main")
    b = position([HANDS[0], [C("Power Plant", 2), C("Waste Management", 1)], HANDS[2]],
                 [[], [(D("Fire"), C("Housing", 2))], []], phase="main")  # drawn: before it the draw is forced (P8)
    assert board(a.view(0)) == board(b.view(0))
    row = board(a.view(0))
    assert faces(row, "Player 2") == [("down", 2), "−3", 2]
    fire = next(c for c in row["rows"][3]["cards"] if c.get("name") == "Fire")
    assert fire["caption"] == "needs Emergency Services", "the Housing slot is filled by the partial (X6)"
    assert faces(row, "Player 1 (you)") == [1, 3]  # Housing 1, Food 3: in category order


def test_cards_carry_their_points_kind_and_words() -> None:
    from egonb.games.diverse_city import Config

    config = Config()
    assert card(config, C("Food", 3)) == {"v": 3, "name": "Food", "symbol": "☕", "label": "Food, 3 points"}
    assert card(config, PEOPLE)["v"] == 3 and card(config, WORLD_WAR)["label"] == "World War, a Major disaster"
    assert "cleared by Emergency Services + Food" in card(config, D("Flood"))["label"]
    kinds = show([C("Food", 3), D("Blackout")], "two").value["rows"][0]["cards"]
    assert kinds[1]["caption"] == "needs Power Plant or Communications"


def test_the_explorer_follows_whoever_decides_and_refuses_a_stale_click() -> None:
    ex = CityExplorer(CLEARING, "Ask for help (X5)")
    ask = next(b for b, a in zip(ex.buttons, ex.options(), strict=True) if a.kind == "ask" and a.offset == 1)
    ask.click()
    assert ex.viewer == 1 and ex.game.decision == "answer" and ex.board.value["banner_new"]
    before = ex.game.clone().view(1)
    ask.click()
    assert ex.game.view(1) == before and "earlier decision" in ex.answer.value
    assert [b.description for b in ex.buttons] == ["Decline to donate",
                                                    "Give Public Transportation 2 to Player 1's Traffic Jam"]
    ex.rule_ids.value = True
    assert ex.buttons[0].description == "Decline to donate (X5)" and "<code" in ex.history.value
    ex.picker.value = "Resolve your Flood (X3)"
    assert ex.viewer == 0 and ex.lines == [] and not ex.board.value["banner_new"]


@pytest.mark.parametrize("name", list(MAJORS))
def test_every_major_scene_starts_with_player_1_about_to_draw_it(name: str) -> None:
    ex = CityExplorer(MAJORS, name)
    g = ex.game
    assert g.decision == "draw" and g.current_player == 0
    g.apply(next(a for a in g.legal_actions() if a.kind == "draw"))
    assert any(e.rule in ("M2", "M3", "M4") or e.kind == "major" for e in g.events), name


def test_played_round_shows_every_hand_and_its_score() -> None:
    v = played_round(seed=4).value
    assert v["head"] == "After 5 turns: Player 2 calls Diversity!"
    assert [r["name"] for r in v["rows"]] == ["Player 1 scores +9", "Player 2 scores +18", "Player 3 scores +12",
                                             "Player 4 scores +10"]
