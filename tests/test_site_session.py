"""The static edition's Python, driven through `egonb.site.host.handle` exactly as its Web Worker drives it
(JSON text in and out), with no browser: the Voilà app's `GameSession` over the browser's storage. Play,
refusals, saves after every decision, the "Continue your game" offer, a broken save, game files, the controls."""

from __future__ import annotations

import json
import random

from egonb import GameState
from egonb.app.session import GameSession
from egonb.site import host

SLOT = "5e" * 16


def send(message: dict) -> list[dict]:
    return json.loads(host.handle(json.dumps(message)))


def custom(content: dict, **extra) -> list[dict]:
    return send({"kind": "custom", "content": content, **extra})


def start(seed: int = 7, stored: dict | None = None, pace_ms: int = 0) -> list[dict]:
    """A tab opens: the session deals, the table says hello with its slot and what this browser keeps there."""
    out = send({"kind": "start", "seed": seed, "pace_ms": pace_ms})
    return out + custom({"type": "hello", "slot": SLOT}, stored=stored or {"game": None, "settings": {}})


def kinds(out: list[dict]) -> list[str]:
    return [m["kind"] for m in out]


def customs(out: list[dict], kind: str) -> list[dict]:
    return [m["content"] for m in out if m["kind"] == "custom" and m["content"]["type"] == kind]


def changes(out: list[dict], key: str) -> list:
    return [m["changes"][key] for m in out if m["kind"] == "state" and key in m["changes"]]


def table_of(out: list[dict]) -> dict:
    return changes(out, "table")[-1]


def persisted(out: list[dict]) -> dict:
    (saved,) = [m for m in out if m["kind"] == "persist"]
    return saved


def controls(out: list[dict]) -> dict:
    return next(m for m in out if m["kind"] == "controls")


def stored(out: list[dict]) -> dict:
    """What the page keeps for the slot after `out` (its last game and settings)."""
    games = [m["text"] for m in out if m["kind"] == "persist"]
    settings = [m["settings"] for m in out if m["kind"] == "persist_settings"]
    return {"game": games[-1] if games else None, "settings": settings[-1] if settings else {}}


def test_the_host_runs_the_voila_apps_session_class() -> None:
    start()
    assert type(host._host.session) is GameSession  # noqa: SLF001 - the one session of the worker


def test_a_whole_game_is_played_and_saved_after_every_decision() -> None:
    out = start(seed=1)
    assert {"table", "feed", "offer", "faces", "guide", "pace_ms"} <= {k for m in out if m["kind"] == "state"
                                                                       for k in m["changes"]}
    assert customs(out, "welcome") == [{"type": "welcome", "saving": True}]
    assert persisted(out)["another"] is True and persisted(out)["slot"] == SLOT  # a new game: a place of its own
    table = table_of(out)
    pick = random.Random(1)
    decisions, news = 0, []
    while table["decision"] != "game_over":
        out = custom({"type": "act", "token": table["token"], "action": pick.choice(table["legal"])["id"]})
        news += [n["text"] for feed in changes(out, "feed") for frame in feed["frames"] for n in frame["news"]]
        saved = persisted(out)
        assert saved["another"] is False  # the same game, the same place
        table = table_of(out)
        assert GameState.from_json(saved["text"]).view(0).hand == tuple(table["hand"])
        decisions += 1
    assert decisions and saved["summary"]["over"] and max(saved["summary"]["totals"]) >= 50  # E2
    # the banner over the table: a Citybot's Two Cards changed your hand (SC11), in one sentence from Python
    assert any("took your" in n and "gave you" in n for n in news), news


def test_a_stale_click_is_refused_and_changes_nothing() -> None:
    table = table_of(start())
    out = custom({"type": "act", "token": table["token"] - 1, "action": table["legal"][0]["id"]})
    (note,) = customs(out, "note")
    assert kinds(out) == ["custom"] and note["refused"] and "decision #" in note["text"]
    out = custom({"type": "act", "token": table["token"], "action": 999})
    assert kinds(out) == ["custom"] and customs(out, "note")[0]["refused"]
    assert "persist" in kinds(custom({"type": "act", "token": table["token"], "action": table["legal"][0]["id"]}))


def test_a_reload_offers_the_saved_game_and_continues_it_exactly_with_the_recap() -> None:
    table = table_of(start(seed=11))
    out = custom({"type": "act", "token": table["token"], "action": table["legal"][0]["id"]})
    before, kept = table_of(out), stored(out)
    again = start(seed=99, stored=kept)  # another deal behind the question: it is never shown
    (offer,) = [o for o in changes(again, "offer") if o]
    assert offer["round"] == before["round"] and offer["totals"] == before["totals"]
    assert "persist" not in kinds(again)  # the offered game is not overwritten by the deal behind it
    out = custom({"type": "resume", "choice": "continue"})
    after = table_of(out)
    assert {**after, "token": 0} == {**before, "token": 0}
    feed = changes(out, "feed")[-1]
    assert feed["new_game"] and "since" in feed  # the "since your turn" box is rebuilt from the saved game
    assert persisted(out)["another"] is False  # the same game keeps its place in the list


def test_a_corrupted_save_gives_a_new_game_and_says_why() -> None:
    out = start(stored={"game": '{"format": "egonb-game", "version": 2, "deck": [1, 2', "settings": {}})
    (note,) = customs(out, "note")
    assert note["error"] and "JSON" in note["broken_save"] and "new game" in note["text"].lower()
    assert not [o for o in changes(out, "offer") if o] and table_of(out)["decision"] == "action"
    assert persisted(out)["another"] is True  # the broken one keeps its place; the new game gets its own


def test_a_downloaded_game_loads_back_and_an_edited_one_is_refused_with_the_reason() -> None:
    table = table_of(start(seed=5))
    table = table_of(custom({"type": "act", "token": table["token"], "action": table["legal"][0]["id"]}))
    (save,) = customs(custom({"type": "download", "round": 1}), "save")
    assert save["name"] == "egonb-round1.json" and "hands" not in save["text"]  # no hidden card in clear
    edited = json.loads(save["text"])
    edited["totals"] = [0, 40, 40]
    out = custom({"type": "load", "text": json.dumps(edited)})
    assert kinds(out) == ["custom"] and "round or totals" in customs(out, "note")[0]["load_refused"]
    out = custom({"type": "load", "text": save["text"]})
    loaded = table_of(out)
    assert loaded["hand"] == table["hand"] and loaded["totals"] == table["totals"]
    assert persisted(out)["another"] is True  # a loaded game gets a place of its own


def test_the_controls_choose_the_next_difficulty_and_the_pace_for_the_slot() -> None:
    out = start()
    assert controls(out) == {"kind": "controls", "playing": 2, "next": 2, "progress": False}
    out = send({"kind": "difficulty", "level": 3})
    assert controls(out)["next"] == 3 and stored(out)["settings"]["difficulty"] == 3
    out = send({"kind": "sync", "changes": {"pace_ms": 350}})
    assert changes(out, "pace_ms") == [350] and stored(out)["settings"]["pace_ms"] == 350
    assert table_of(send({"kind": "new_game"}))["difficulty"] == 3  # SM2: from the next game on
    again = start(stored={"game": None, "settings": {"pace_ms": 350}})  # a reload keeps the slot's pace
    assert changes(again, "pace_ms")[-1] == 350


def test_bad_input_from_the_page_is_one_clear_error() -> None:
    start()
    for message, words in [({"kind": "difficulty", "level": 4}, "1, 2 or 3"),
                           ({"kind": "sync", "changes": {"table": {}}}, "only set pace_ms"),
                           ({"kind": "teleport"}, "unknown message kind")]:
        try:
            send(message)
        except ValueError as err:
            assert words in str(err)
        else:
            raise AssertionError(f"{message} was accepted")


def test_a_session_saves_to_one_place_only(tmp_path) -> None:
    try:
        GameSession(seed=1, save_dir=tmp_path, saves=host.BrowserSaves())
    except ValueError as err:
        assert "not to both" in str(err)
    else:
        raise AssertionError("a session was given a save directory and a store at once")
