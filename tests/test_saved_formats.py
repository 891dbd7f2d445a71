"""Saved games written before the core was rebuilt still load and play on exactly as they would have.

`tests/golden/save-v2.json` holds version-2 saves made by the engine of that time: a solo game in a Black Shield
question (SP9), a 4-player game in a Black Shield question (A9) with knowledge of other hands, and a 5-player game
in a Two Cards choice (A11). `save-v2-continued.json` is how each went on under seeded random play then.
"""

import json
import random
from pathlib import Path

import pytest

from egonb import GameError, GameState

HERE = Path(__file__).parent / "golden"
SAVES = json.loads((HERE / "save-v2.json").read_text())
CONTINUED = json.loads((HERE / "save-v2-continued.json").read_text())


def _play_on(g: GameState) -> dict:
    rng = random.Random(7)
    actions = []
    while not g.is_over:
        act = rng.choice(g.legal_actions())
        actions.append(act.id)
        g.apply(act)
    return {"actions": actions, "totals": g.totals, "events": len(g.events)}


@pytest.mark.parametrize("name", sorted(SAVES))
def test_a_version_2_save_loads_and_plays_on_as_before(name):
    g = GameState.from_json(json.dumps(SAVES[name]))
    assert g.decision == SAVES[name]["phase"]
    assert _play_on(g) == CONTINUED[name]


@pytest.mark.parametrize("name", sorted(SAVES))
def test_a_version_1_save_loads(name):
    data = dict(SAVES[name], version=1)
    del data["seed"]
    g = GameState.from_json(json.dumps(data))
    assert g.decision == SAVES[name]["phase"]


def test_an_unknown_version_is_refused_with_the_version_and_what_to_do():
    data = dict(SAVES["solo"], version=99)
    with pytest.raises(GameError, match="version 99"):
        GameState.from_json(json.dumps(data))


def test_A9_a_save_with_a_two_cards_choice_made_during_a_black_shield_question_is_refused():
    data = json.loads(json.dumps(SAVES["multiplayer_shield"]))
    data["pending"]["choices"] = [["announce", 9]]
    with pytest.raises(GameError, match="no Two Cards choice is made while a Black Shield question is open"):
        GameState.from_json(json.dumps(data))
