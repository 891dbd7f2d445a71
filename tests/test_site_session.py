"""The static edition's Python, driven through `egonb.site.host.handle` exactly as its Web Worker drives it
(JSON text in and out), with no browser: play, refusals, saves after every decision, resuming, game files."""

from __future__ import annotations

import json
import random

from egonb import GameState
from egonb.site import host


def send(message: dict) -> list[dict]:
    return json.loads(host.handle(json.dumps(message)))


def start(seed: int = 7, saved: str | None = None, difficulty: int = 2) -> list[dict]:
    return send({"kind": "start", "seed": seed, "saved": saved, "difficulty": difficulty})


def custom(content: dict) -> list[dict]:
    return send({"kind": "custom", "content": content})


def kinds(out: list[dict]) -> list[str]:
    return [m["kind"] for m in out]


def notes(out: list[dict]) -> list[dict]:
    return [m["content"] for m in out if m["kind"] == "custom" and m["content"]["type"] == "note"]


def table_of(out: list[dict]) -> dict:
    return next(m["changes"]["table"] for m in out if m["kind"] == "state")


def persisted(out: list[dict]) -> dict:
    return next(m for m in out if m["kind"] == "persist")


def test_a_whole_game_is_played_and_saved_after_every_decision():
    out = start(seed=3, difficulty=3)
    assert kinds(out) == ["state", "persist"] and persisted(out)["summary"]["another"] is True
    assert set(out[0]["changes"]) == {"table", "feed", "offer", "faces"}
    table = table_of(out)
    pick = random.Random(3)
    decisions = 0
    while table["decision"] != "game_over":
        action = pick.choice(table["legal"])["id"]
        out = custom({"type": "act", "token": table["token"], "action": action})
        saved = persisted(out)
        assert saved["summary"]["another"] is False  # the same game, the same slot
        table = table_of(out)
        assert GameState.from_json(saved["text"]).view(0).hand == tuple(table["hand"])
        decisions += 1
    assert decisions and saved["summary"]["over"] and table["difficulty"] == 3


def test_a_stale_click_is_refused_and_changes_nothing():
    table = table_of(start())
    out = custom({"type": "act", "token": table["token"] - 1, "action": table["legal"][0]["id"]})
    assert kinds(out) == ["custom"] and notes(out)[0]["refused"] and "decision #" in notes(out)[0]["text"]
    out = custom({"type": "act", "token": table["token"], "action": 999})
    assert kinds(out) == ["custom"] and notes(out)[0]["refused"]
    assert custom({"type": "act", "token": table["token"], "action": table["legal"][0]["id"]})[0]["kind"] == "state"


def test_a_reload_resumes_the_saved_game_exactly():
    out = start(seed=11)
    table = table_of(out)
    out = custom({"type": "act", "token": table["token"], "action": table["legal"][0]["id"]})
    text, before = persisted(out)["text"], table_of(out)
    again = start(seed=99, saved=text)  # another seed: nothing is dealt anew
    after = table_of(again)
    assert {k: v for k, v in after.items() if k != "token"} == {k: v for k, v in before.items() if k != "token"}
    assert persisted(again)["summary"]["another"] is False and not notes(again)


def test_a_corrupted_save_gives_a_new_game_and_says_why():
    out = start(saved='{"format": "egonb-game", "version": 2, "deck": [1, 2')
    (note,) = notes(out)
    assert note["error"] and "JSON" in note["broken_save"] and "new game" in note["text"].lower()
    assert table_of(out)["decision"] == "action" and persisted(out)["summary"]["another"] is True


def test_a_downloaded_game_loads_back_and_an_edited_one_is_refused_with_the_reason():
    table = table_of(start(seed=5))
    table = table_of(custom({"type": "act", "token": table["token"], "action": table["legal"][0]["id"]}))
    (save,) = [m["content"] for m in custom({"type": "download", "round": 1})]
    assert save["type"] == "save" and save["name"] == "egonb-round1.json"
    assert "hands" not in save["text"]  # the hidden cards are not in the file in clear
    edited = json.loads(save["text"])
    edited["totals"] = [0, 40, 40]
    out = custom({"type": "load", "text": json.dumps(edited)})
    assert kinds(out) == ["custom"] and "round or totals" in notes(out)[0]["load_refused"]
    out = custom({"type": "load", "text": save["text"]})
    loaded = table_of(out)
    assert loaded["hand"] == table["hand"] and loaded["totals"] == table["totals"]
    assert persisted(out)["summary"]["another"] is True  # a loaded game gets a slot of its own


def test_new_game_takes_the_difficulty_from_the_page_and_refuses_a_bad_one():
    table = table_of(start(difficulty=1))
    out = custom({"type": "new_game", "token": table["token"], "difficulty": 4})
    assert notes(out)[0]["refused"] and "1, 2 or 3" in notes(out)[0]["text"]
    assert table_of(custom({"type": "new_game", "token": table["token"], "difficulty": 3}))["difficulty"] == 3
