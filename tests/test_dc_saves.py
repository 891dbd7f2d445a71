"""Diverse City's engine keeps its behaviour and its saves: games and saved files recorded by the engine as it was
before its parts were declared once (`tests/dc_saved/`) replay and load identically; a saved game is a copy; a
built or loaded position is settled (P8 of docs/DIVERSE-CITY.md)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from dc_positions import PEOPLE, C, D, table
from dc_saved.replay import SAVED, fingerprint, play_out, recorded, replay

from egonb.errors import GameError
from egonb.games.diverse_city import Config, from_position
from egonb.games.diverse_city.actions import DISCARD
from egonb.games.diverse_city.decisions import Answer, MajorChoice
from egonb.games.diverse_city.save import dumps, loads, to_dict


def test_seeded_games_play_exactly_as_recorded() -> None:
    """90 seeded games of 2-6 players: the same legal actions, chosen alike, give the same events and saves."""
    golden = recorded()
    assert len(golden) == 90
    for key, want in golden.items():
        game = replay(key)
        assert game["actions"] == want["actions"], key
        assert game["events"] == want["events"], key
        assert game["totals"] == want["totals"] and game["save"] == want["save"], key


@pytest.mark.parametrize("decision", ["draw", "main", "answer", "give_more", "resolve_fill", "resolve_more", "major",
                                      "hand_limit", "diversity", "game_over"])
def test_games_saved_by_the_earlier_engine_load_and_play_on(decision: str) -> None:
    """A game saved at each kind of decision loads into the typed records and plays on as it did then."""
    text = (SAVED / f"{decision}.json").read_text()
    game = loads(text)
    assert game.phase == decision
    assert json.loads(dumps(game)) == json.loads(text), "saved again, it is the same file"
    if decision == "answer":
        assert isinstance(game.pending, Answer)
    if decision == "major":
        assert isinstance(game.pending, MajorChoice) and game.pending.queue == (1, 2)
    want = json.loads((SAVED / "continued.json").read_text())[decision]
    actions = play_out(game, random.Random(f"dc-saved:{decision}"))
    assert actions == want["actions"] and list(game.winners) == want["winners"]
    assert fingerprint(game) == want["save"]


def test_a_saved_game_is_a_copy_editing_it_changes_no_game() -> None:
    game = loads((SAVED / "major.json").read_text())
    before = dumps(game)
    data = to_dict(game)
    data["hands"][0].append(99)
    data["fronts"][1].append([0, 0, 0])
    data["draw_pile"].clear()
    data["totals"][0] += 5
    data["scores"][0][0] = -1
    data["known"].append([0, 1, [3]])
    data["pending"]["queue"].append(0)
    data["events"][0]["args"]["round"] = 99
    data["events"][-1]["to"].append(0)
    data["rng"][1][0] += 1
    data["config"]["names"][0] = "Mallory"
    assert dumps(game) == before


def test_P8_a_built_position_with_one_legal_action_is_settled() -> None:
    food, house = C("Food", 1), C("Housing", 1)
    s = table([[food], [C("Food", 2)]])  # a single CITY card, no disaster anywhere: the discard is forced
    assert s.turn == 1 and s.discard[-1] == food and [e.kind for e in s.events[:2]] == ["discard", "turn"]
    s = table([[food, house], [C("Food", 2)]])  # two possible discards: a real choice, asked
    assert s.turn == 0 and s.phase == "main" and s.events == []
    assert set(s.legal_actions()) == {DISCARD[food], DISCARD[house]}


def test_P8_a_loaded_position_with_one_legal_action_is_settled() -> None:
    food, house = C("Food", 1), C("Housing", 1)
    data = to_dict(table([[food, house], [C("Food", 2)]]))
    data["hands"][0].remove(house)  # now the discard of the Food is the only legal action
    data["draw_pile"].insert(0, house)
    s = loads(json.dumps(data))
    assert s.turn == 1 and s.discard[-1] == food and s.events[0].kind == "discard"


def test_from_position_refuses_impossible_positions_with_a_reason() -> None:
    config = Config(players=2)
    bad: list[tuple[dict[str, Any], str]] = [
        ({"hands": [[C("Food", 4)]] * 2, "discard": [C("Food", 4)]}, "Food 4"),
        ({"hands": [[C("Food", 1)], [C("Food", 2)]], "phase": "answer"}, "pending record"),
        ({"hands": [[C("Food", 1)], [C("Food", 2)]], "phase": "nap"}, "phase must be"),
        ({"hands": [[C("Food", 1)], [C("Food", 2)]], "turn": 2}, "turn must be"),
        ({"hands": [[C("Food", 1)], [C("Food", 2)]], "rest": "hand"}, "rest must be"),
        ({"hands": [[C("Food", 1)]]}, "one per seat"),
        ({"hands": [[D("Flood")], [C("Food", 2)]]}, "no hand may hold"),
        ({"hands": [[C("Food", 1)], ["Food 2"]]}, "by their codes"),
        ({"hands": [[C("Food", 1)], [C("Food", 2)]], "fronts": [[C("Food", 3)], []]}, "only personal disasters"),
    ]
    for kwargs, reason in bad:
        with pytest.raises(GameError, match=reason):
            from_position(config, **kwargs)


def test_a_position_names_its_cards_and_puts_the_rest_under_the_draw_pile_in_order_or_shuffled() -> None:
    config = Config(players=2)
    hands = [[C("Food", 1), C("Food", 2)], [C("School", 3)]]
    s = from_position(config, hands, [[], [(D("Flood"), C("Emergency Services", 1))]], draw=[C("Food", 3), PEOPLE],
                      discard=[C("Housing", 1)])
    assert s.draw_pile[-2:] == [PEOPLE, C("Food", 3)] and s.discard == [C("Housing", 1)]
    rest = s.draw_pile[:-2]
    assert rest == sorted(rest, reverse=True), "the lowest code on top"
    assert s.fronts[1] == [[D("Flood"), C("Emergency Services", 1), 0]] and s.round == 1 and s.first == 0
    shuffled = from_position(config, hands, draw=[C("Food", 3)], shuffle=5)
    again = from_position(config, hands, draw=[C("Food", 3)], shuffle=5)
    assert shuffled.draw_pile == again.draw_pile and shuffled.draw_pile[:-1] != sorted(shuffled.draw_pile[:-1])
    later = from_position(config, hands, scores=[[10, 4]], phase="diversity")
    assert later.round == 2 and later.totals == [10, 4] and later.shown == [[], []]
