"""The static edition's Python, driven through `egonb.site.host.handle` exactly as its Web Worker drives it
(JSON text in and out), with no browser: the Voilà app's `GameSession` over the browser's storage. Play,
refusals, saves after every decision, the "Continue your game" offer, a broken save, game files, the controls;
a multiplayer game against AI players, and Diverse City's `DCSession`."""

from __future__ import annotations

import json
import random
import re

from egonb import GameState
from egonb.games.diverse_city.session import DCSession
from egonb.games.egocentric_world.session import GameSession
from egonb.site import host

SLOT = "5e" * 16


def send(message: dict) -> list[dict]:
    return json.loads(host.handle(json.dumps(message)))


def custom(content: dict, **extra) -> list[dict]:
    return send({"kind": "custom", "content": content, **extra})


def start(seed: int = 7, stored: dict | None = None, pace_ms: int = 0, **page) -> list[dict]:
    """A tab opens: the session deals, the table says hello with its slot and what this browser keeps there.
    `page`: what the address chose (the game, the first game's players)."""
    out = send({"kind": "start", "seed": seed, "pace_ms": pace_ms, **page})
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
    assert re.fullmatch(r"egocentric-world-\d{4}-\d{2}-\d{2}-round1\.json", save["name"])
    assert "hands" not in save["text"]  # no hidden card in clear
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
    shown = controls(out)
    assert {k: shown[k] for k in ("playing", "next", "progress", "game", "players")} == \
        {"playing": 1, "next": 1, "progress": False, "game": "solo", "players": 3}  # a newcomer: 1
    assert [g[0] for g in shown["games"]] == ["solo", "multiplayer"]
    assert shown["opponent_counts"] == [1, 2, 3, 4, 5]
    # The controls say the Voilà page's words, sent by Python in the reader's language (static/controls.js types none)
    assert shown["opponents_words"][0] == [1, "1", "You and 1 AI player"]
    assert shown["difficulties"][1] == [2, "2", "Difficulty 2: each Citybot removes its lowest card before scoring "
                                                "(SM2)"]
    assert shown["hint"].startswith("This game: difficulty 1.") and not shown["pending"]
    out = send({"kind": "difficulty", "level": 3})
    assert controls(out)["next"] == 3 and stored(out)["settings"]["difficulty"] == 3
    assert controls(out)["pending"] and "Difficulty 3 applies from the next New game" in controls(out)["hint"]
    out = send({"kind": "sync", "changes": {"pace_ms": 350}})
    assert changes(out, "pace_ms") == [350] and stored(out)["settings"]["pace_ms"] == 350
    assert table_of(send({"kind": "new_game"}))["difficulty"] == 3  # SM2: from the next game on
    again = start(stored={"game": None, "settings": {"pace_ms": 350}})  # a reload keeps the slot's pace
    assert changes(again, "pace_ms")[-1] == 350


def test_bad_input_from_the_page_is_one_clear_error() -> None:
    start()
    for message, words in [({"kind": "difficulty", "level": 4}, "1, 2 or 3"),
                           ({"kind": "sync", "changes": {"table": {}}}, "only set pace_ms"),
                           ({"kind": "game", "game": "multiplayer", "opponents": 9}, "AI players must be"),
                           ({"kind": "game", "game": "poker"}, "game must be one of"),
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


def play_some(table: dict, moves: int, seed: int) -> tuple[dict, list[dict]]:
    """Play `moves` of your decisions with a seeded random pick; the last table and every answer."""
    pick, answers = random.Random(seed), []
    for _ in range(moves):
        if table["decision"] == "game_over":
            break
        out = custom({"type": "act", "token": table["token"], "action": pick.choice(table["legal"])["id"]})
        assert not customs(out, "note"), customs(out, "note")  # nothing refused
        answers.append(out)
        table = table_of(out)
    return table, answers


def test_a_multiplayer_game_against_ai_players_is_chosen_played_and_saved() -> None:
    """`?players=3` deals you and 2 AI players (as the Voilà page's controls do); the AI players' turns come as
    frames; hidden cards stay hidden (the table shows their hands as counts); the game is kept in the browser."""
    out = start(seed=4, choice={"game": "multiplayer", "opponents": 2, "strength": "Greedy"})
    table = table_of(out)
    assert table["names"] == ["You", "Ada", "Ben"] and table["difficulty"] is None
    assert controls(out)["game"] == "multiplayer" and controls(out)["players"] == 3
    # an AI player's hand is a count of face-down cards; only the cards its seat has shown are values
    assert [(b["name"], b["pile"], b["visible"]) for b in table["bots"]] == [("Ada", 5, []), ("Ben", 5, [])]
    table, answers = play_some(table, 8, seed=4)
    frames = [f for out in answers for feed in changes(out, "feed") for f in feed["frames"]]
    assert any(e["player"] in (1, 2) for f in frames for e in f["events"]), "the AI players played"
    saved = persisted(answers[-1])
    assert GameState.from_json(saved["text"]).rules.players == 3 and saved["another"] is False


def test_the_page_chooses_the_next_game_and_new_game_deals_it() -> None:
    start()
    out = send({"kind": "game", "game": "multiplayer", "opponents": 4, "strength": "Greedy"})
    assert controls(out)["game"] == "multiplayer" and controls(out)["players"] == 3  # this game is still solo
    assert stored(out)["settings"]["game"] == {"game": "multiplayer", "opponents": 4, "strength": "Greedy"}
    table = table_of(send({"kind": "new_game"}))
    assert len(table["names"]) == 5


def test_diverse_city_is_played_in_the_static_edition_and_keeps_nothing_in_the_browser() -> None:
    out = send({"kind": "start", "seed": 6, "pace_ms": 0, "game": "diverse-city"})
    assert type(host._host.session) is DCSession  # noqa: SLF001 - the one session of the worker
    out += custom({"type": "hello", "slot": SLOT}, stored={"game": None, "settings": {}})
    assert customs(out, "welcome") == [{"type": "welcome", "saving": False}]
    table = table_of(out)
    assert table["names"][0] == "You" and len(table["hand"]) > 0
    assert all(isinstance(n, int) for n in table["hand_sizes"])  # the others' hands are counts (hidden)
    table, answers = play_some(table, 6, seed=6)
    assert len(answers) == 6 and table["token"] > 1
    assert not [m for out in answers for m in out if m["kind"].startswith("persist")]
    # a stale click is refused and changes nothing
    out = custom({"type": "act", "token": table["token"] - 1, "action": table["legal"][0]["id"]})
    assert kinds(out) == ["custom"] and customs(out, "note")[0]["refused"]
    # its page draws its own controls: the Egocentric World page's messages are not its own
    try:
        send({"kind": "difficulty", "level": 2})
    except ValueError as err:
        assert "only sends its table's messages" in str(err)
    else:
        raise AssertionError("a Diverse City page took a difficulty")
    try:
        send({"kind": "start", "seed": 1, "game": "chess"})
    except ValueError as err:
        assert "game must be one of" in str(err)
    else:
        raise AssertionError("an unknown game was started")
