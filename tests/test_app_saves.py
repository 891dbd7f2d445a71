"""Nothing lost in the solo app, without a browser: the very messages the page sends.

The page names its save slot when it opens (`hello`); from then on the game is saved after every
decision, byte for byte the engine's `to_json`. A new app on the same save directory (a reload,
or a restarted server) offers that game and continues it exactly, mid-decision included. A game
can be downloaded (sealed: no hidden card in clear) and loaded again; a tampered or foreign file is
refused with a clear message and changes nothing; so are malformed, stale or not-offered messages.
"""

from __future__ import annotations

import base64
import json
import logging
import random
from datetime import date, timedelta
from pathlib import Path

import pytest
from test_app_widget import Clock, click, feed_events, synced

from egonb import GameError, Rules, new_game
from egonb.app import SoloApp
from egonb.app.saves import SaveSlots, default_dir
from egonb.app.sealing import download_name, seal, server_key, unseal

SLOT = "0123456789abcdef" * 2


def open_page(app: SoloApp, slot: str = SLOT) -> list[dict]:
    """The page opens and says hello with its slot; returns the messages the kernel sends the page."""
    sent: list[dict] = []
    app.table.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    click(app, {"type": "hello", "slot": slot})
    return sent


def saved(save_dir: Path, slot: str = SLOT) -> str:
    return (save_dir / f"{slot}.json").read_text(encoding="utf-8")


def untokened(table: dict) -> dict:
    """A table without its decision token (a new kernel numbers decisions afresh)."""
    return {k: v for k, v in table.items() if k != "token"}


def play(app: SoloApp, rng: random.Random, until) -> None:
    """Random legal clicks, STOP (T5) only when nothing else is offered, until `until(app)` or the game ends."""
    for _ in range(2000):
        if until(app) or not app.session.game.legal_actions():
            return
        table = synced(app)["table"]
        moves = [a for a in table["legal"] if a["kind"] != "stop"] or table["legal"]
        click(app, {"type": "act", "token": table["token"], "action": rng.choice(moves)["id"]})


def test_the_game_is_saved_after_every_decision(tmp_path: Path) -> None:
    app = SoloApp(seed=3, pace_ms=0, save_dir=tmp_path)
    assert not list(tmp_path.iterdir())  # nothing is written before the page names its slot
    welcome = open_page(app)
    assert welcome == [{"type": "welcome", "saving": True}] and synced(app)["offer"] == {}
    assert saved(tmp_path) == app.session.game.to_json()
    rng = random.Random(1)
    for _ in range(60):
        if not app.session.game.legal_actions():
            break
        before = saved(tmp_path)
        table = synced(app)["table"]
        click(app, {"type": "act", "token": table["token"], "action": rng.choice(table["legal"])["id"]})
        assert saved(tmp_path) == app.session.game.to_json() != before
    # No temporary file left behind; a game that ended (E2) is in the record of your games, in the slot's settings.
    settings = [f"{SLOT}.settings.json"] if app.session.game.is_over else []
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([f"{SLOT}.json", *settings])


def test_refused_messages_leave_the_game_and_its_save_byte_identical(tmp_path: Path,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    """Malformed, stale and not-offered messages are refused, logged, and change nothing."""
    caplog.set_level(logging.INFO, logger="egonb.games.egocentric_world.session")
    app = SoloApp(seed=4, pace_ms=0, save_dir=tmp_path)
    sent = open_page(app)
    table = synced(app)["table"]
    click(app, {"type": "act", "token": table["token"], "action": table["legal"][0]["id"]})
    stale = table["token"]
    before_file, before_sync = saved(tmp_path), synced(app)
    legal = {a["id"] for a in synced(app)["table"]["legal"]}
    hostile = [
        {"type": "act", "token": stale, "action": table["legal"][0]["id"]},  # stale: an older decision
        {"type": "act", "token": app.session.token,
         "action": next(i for i in range(300) if i not in legal)},  # not offered
        {"type": "act", "token": app.session.token, "action": "draw"},
        {"type": "act", "token": app.session.token},
        {"type": "act", "token": [app.session.token], "action": 0},
        {"type": "act", "token": float(app.session.token) + 0.5, "action": 0},
        {"type": "new_game", "token": stale},
        {"type": "resume", "choice": "continue"},  # no saved game is offered
        {"type": "hello", "slot": "../../etc/passwd"},
        {"type": "load", "text": None},
        {"type": "load", "text": "{not json"},
        {"type": 7},
        ["act"],
        None,
    ]
    for message in hostile:
        click(app, message)
        assert saved(tmp_path) == before_file and synced(app) == before_sync, message
    assert len(app.session.refused) == len(hostile) - 1  # a second hello is answered, not refused: the slot stays
    notes = [m for m in sent if m["type"] == "note"]
    assert len(notes) == len(app.session.refused)
    assert all(m["text"] and m["refused"] for m in notes)  # the page unblocks
    assert [r.getMessage() for r in caplog.records] == [f"refused: {why}" for why in app.session.refused]
    assert app.session.slot == SLOT and sorted(p.name for p in tmp_path.iterdir()) == [f"{SLOT}.json"]


def test_a_restarted_server_continues_exactly_where_you_were(tmp_path: Path) -> None:
    """Mid-round, in the middle of a keep-or-discard decision (T1): a new app on the same save
    directory and slot offers the game and continues it with the same hand, drawn card and choices."""
    first = SoloApp(seed=9, pace_ms=0, save_dir=tmp_path)
    open_page(first)
    play(first, random.Random(2),
         lambda app: app.session.game.round >= 2 and app.session.game.decision == "keep_or_discard")
    assert first.session.game.decision == "keep_or_discard" and first.session.game.round >= 2
    before = synced(first)["table"]

    second = SoloApp(seed=99, pace_ms=0, save_dir=tmp_path)  # the server restarted: another kernel, another deal
    assert synced(second)["table"]["hand"] != before["hand"] or synced(second)["table"]["round"] == 1
    open_page(second)
    offer = synced(second)["offer"]
    assert offer["round"] == before["round"] and offer["totals"] == before["totals"]
    # While the offer waits, the fresh deal behind it is neither playable nor saved over the old game.
    click(second, {"type": "act", "token": second.session.token, "action": synced(second)["table"]["legal"][0]["id"]})
    assert "Continue" in second.session.refused[-1] and saved(tmp_path) == first.session.game.to_json()
    click(second, {"type": "resume", "choice": "continue"})
    after = synced(second)
    assert after["offer"] == {}
    assert untokened(after["table"]) == untokened(before)
    assert second.session.game.to_json() == first.session.game.to_json() == saved(tmp_path)
    assert after["feed"]["new_game"] and after["feed"]["history"][-1]["i"] == len(first.session.game.events) - 1
    # Continuing, the same click gives the same game in both.
    keep = next(a for a in after["table"]["legal"] if a["kind"] == "keep")
    click(first, {"type": "act", "token": first.session.token, "action": keep["id"]})
    click(second, {"type": "act", "token": second.session.token, "action": keep["id"]})
    assert second.session.game.to_json() == first.session.game.to_json() == saved(tmp_path)


def test_declining_the_offer_starts_afresh_and_a_finished_game_shows_its_final_scores(tmp_path: Path) -> None:
    SoloApp(seed=6, pace_ms=0, save_dir=tmp_path).table  # noqa: B018 - a page that never said hello saves nothing
    first = SoloApp(seed=6, pace_ms=0, save_dir=tmp_path)
    open_page(first)
    second = SoloApp(seed=7, pace_ms=0, save_dir=tmp_path)
    open_page(second)
    assert synced(second)["offer"]
    click(second, {"type": "resume", "choice": "new"})
    assert synced(second)["offer"] == {}
    assert saved(tmp_path) == second.session.game.to_json() != first.session.game.to_json()
    play(second, random.Random(3), lambda app: False)
    assert second.session.game.is_over and saved(tmp_path) == second.session.game.to_json()
    finished = saved(tmp_path)
    third = SoloApp(seed=8, pace_ms=0, save_dir=tmp_path)
    open_page(third)  # a reload on the final scores (E2) shows them again instead of dealing a new game behind them
    assert synced(third)["offer"] == {} and third.session.game.to_json() == finished == saved(tmp_path)
    shown = feed_events(synced(third)["feed"])
    assert shown[0]["kind"] == "round_end" and shown[-1]["kind"] == "game_end"
    assert synced(third)["feed"]["frames"][0]["events"][0]["text"].startswith("Your last game is over: totals")
    click(third, {"type": "new_game", "token": synced(third)["table"]["token"]})
    assert not third.session.game.is_over and saved(tmp_path) == third.session.game.to_json() != finished


def test_new_game_asks_before_overwriting_a_saved_game_still_offered(tmp_path: Path) -> None:
    """The top New game button while "Continue your game?" waits: the saved game has moves, so the first click
    only asks and the save is untouched; the second deals a new game, saves it and closes the offer."""
    first = SoloApp(seed=6, pace_ms=0, save_dir=tmp_path)
    open_page(first)
    play(first, random.Random(2), lambda app: len(app.session.game.events) > 30)
    kept = saved(tmp_path)
    second = SoloApp(seed=7, pace_ms=0, save_dir=tmp_path)
    second.clock = clock = Clock()
    open_page(second)
    assert synced(second)["offer"]
    second.new_game_button.click()
    assert synced(second)["offer"] and saved(tmp_path) == kept
    assert second.new_game_button.description == "Abandon this game?"
    clock.now += 1
    second.new_game_button.click()
    assert synced(second)["offer"] == {} and saved(tmp_path) == second.session.game.to_json() != kept
    assert not any(e.player == 0 and e.kind not in ("round_start", "deal") for e in second.session.game.events)


def test_download_and_load_round_trip(tmp_path: Path) -> None:
    app = SoloApp(seed=9, pace_ms=0, save_dir=tmp_path)
    sent = open_page(app)
    play(app, random.Random(4), lambda a: a.session.game.decision == "keep_or_discard")
    click(app, {"type": "download"})
    file = sent[-1]
    assert file["type"] == "save" and file["name"].endswith(".json")
    sealed = json.loads(file["text"])
    assert sealed["format"] == "egonb-sealed-game" and sealed["round"] == app.session.game.round
    for hidden in ("deck", "piles", "hands"):  # the browser gets no hidden card, not even in a download
        assert hidden not in sealed and f'"{hidden}"' not in file["text"]

    other = SoloApp(seed=10, difficulty=1, pace_ms=0, save_dir=tmp_path)  # a reload, or a restarted server
    open_page(other, "f" * 32)
    click(other, {"type": "load", "text": file["text"]})
    assert other.session.game.view(0) == app.session.game.view(0)
    assert other.session.game.to_json() == saved(tmp_path, "f" * 32)
    assert untokened(synced(other)["table"]) == untokened(synced(app)["table"])
    # The cards you cannot see are dealt anew, so loading an old download cannot be used to peek at them.
    assert (other.session.game.deck, other.session.game.piles) != (app.session.game.deck, app.session.game.piles)
    assert other.difficulty.value == app.session.game.rules.difficulty


def _flip_a_byte(text: str) -> str:
    data = json.loads(text)
    raw = bytearray(base64.b64decode(data["data"]))
    raw[len(raw) // 2] ^= 1
    data["data"] = base64.b64encode(bytes(raw)).decode()
    return json.dumps(data)


@pytest.mark.parametrize("tamper, message", [
    ("flipped byte", "was changed, or saved by another egonb server"),
    ("other server", "was changed, or saved by another egonb server"),
    ("totals edited", "this game file was changed"),  # the clear part is AES-GCM's associated data
    ("round edited", "this game file was changed"),
    ("other version", "version 99 is not supported"),
    ("egonb 0.1 file", "downloaded from egonb 0.1"),
    ("static edition", "saved by egonb's static edition"),
    ("engine save", "not a game downloaded from the egonb solo app"),
    ("not json", "not a game downloaded from the egonb solo app"),
    ("multiplayer", "4-player game"),
])
def test_a_tampered_or_foreign_file_is_refused_with_a_clear_message(tmp_path: Path, tamper: str,
                                                                     message: str) -> None:
    app = SoloApp(seed=11, pace_ms=0, save_dir=tmp_path)
    sent = open_page(app)
    before_file, before_sync = saved(tmp_path), synced(app)
    good = seal(app.session.game, server_key(tmp_path))
    text = {
        "flipped byte": lambda: _flip_a_byte(good),
        "other server": lambda: seal(app.session.game, server_key(tmp_path / "elsewhere")),
        "totals edited": lambda: json.dumps({**json.loads(good), "totals": [0, 0, 99]}),
        "round edited": lambda: json.dumps({**json.loads(good), "round": 7}),
        "other version": lambda: good.replace('"version": 2', '"version": 99'),
        "egonb 0.1 file": lambda: good.replace('"version": 2', '"version": 1'),
        "static edition": lambda: seal(app.session.game, None),
        "engine save": lambda: app.session.game.to_json(),
        "not json": lambda: "{broken",
        "multiplayer": lambda: seal(new_game(Rules(players=4), seed=1), server_key(tmp_path)),
    }[tamper]()
    click(app, {"type": "load", "text": text})
    assert saved(tmp_path) == before_file and synced(app) == before_sync
    assert sent[-1]["type"] == "note" and sent[-1]["error"] and message in sent[-1]["text"]
    assert sent[-1]["text"] == f"This file cannot be loaded: {sent[-1]['load_refused']}"  # the page names the file


def test_the_sealing_key_is_made_once_and_kept_private(tmp_path: Path) -> None:
    key = server_key(tmp_path)
    assert key == server_key(tmp_path) and len(key) == 32
    assert (tmp_path / "seal.key").stat().st_mode & 0o077 == 0
    game = new_game(Rules.solo_game(2), seed=5)
    assert unseal(seal(game, key), key).to_json() == game.to_json()
    with pytest.raises(GameError, match="another egonb server"):
        unseal(seal(game, key), server_key(None))
    assert "deck" not in seal(game, key) and json.loads(seal(game, key))["lock"] == "aes-gcm"


def test_a_store_without_a_key_writes_a_checksummed_file_that_refuses_changes() -> None:
    """The static edition has no secret (`sealing_key() -> None`): its file is the save in clear, checksummed."""
    game = new_game(Rules.solo_game(2), seed=5)
    text = seal(game, None)
    assert unseal(text, None).to_json() == game.to_json()
    data = json.loads(text)
    assert "Citybot" not in text and "hands" not in text  # not readable at a glance (but not secret)
    edited = base64.b64decode(data["data"]).replace(b'"end_score":50', b'"end_score":60')
    with pytest.raises(GameError, match="checksum does not match"):
        unseal(json.dumps({**data, "data": base64.b64encode(edited).decode()}), None)
    with pytest.raises(GameError, match="round or totals do not match"):
        unseal(json.dumps({**data, "totals": [0, 0, 99]}), None)
    with pytest.raises(GameError, match="sealed by an egonb server"):
        unseal(seal(game, bytes(32)), None)


def test_save_slots_refuse_paths_and_ignore_unreadable_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    slots = SaveSlots(tmp_path)
    for bad in ("../x", "A" * 32, "0" * 31, None):
        with pytest.raises(ValueError, match="32 hexadecimal"):
            slots.path(bad)  # type: ignore[arg-type]
    (tmp_path / f"{SLOT}.json").write_text("{broken", encoding="utf-8")
    assert slots.read(SLOT) is None and slots.read("e" * 32) is None
    app = SoloApp(seed=12, pace_ms=0, save_dir=tmp_path)
    open_page(app)  # an unreadable save is not offered; the new game takes the slot
    assert synced(app)["offer"] == {} and saved(tmp_path) == app.session.game.to_json()
    monkeypatch.setenv("EGONB_SAVE_DIR", str(tmp_path / "env"))
    assert default_dir() == tmp_path / "env"
    monkeypatch.delenv("EGONB_SAVE_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_dir() == tmp_path / "xdg" / "egonb" / "saves"


def test_a_failing_disk_does_not_stop_the_game(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    app = SoloApp(seed=14, pace_ms=0, save_dir=blocked / "saves")
    sent = open_page(app)
    assert sent[0]["type"] == "note" and sent[0]["error"] and "could not be saved" in sent[0]["text"]
    assert not sent[0]["refused"], "a save error refuses no click: a move in flight stays in flight"
    # the click is applied; the game goes on unsaved
    assert app.session.act(app.session.token, app.session.game.legal_actions()[0].id)
    assert list(tmp_path.iterdir()) == [blocked]


def test_without_a_save_dir_nothing_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = SoloApp(seed=13, pace_ms=0)
    assert open_page(app) == [{"type": "welcome", "saving": False}]
    click(app, {"type": "act", "token": app.session.token, "action": app.session.game.legal_actions()[0].id})
    assert not list(tmp_path.iterdir()) and app.session.slot is None


def test_the_citybots_pace_is_kept_for_the_slot(tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A reload (a new kernel) keeps the pace this browser chose, like its game; a bad settings file is ignored."""
    first = SoloApp(seed=3, pace_ms=900, save_dir=tmp_path)
    open_page(first)
    first.pace.value = 1500
    writes: list[dict] = []
    monkeypatch.setattr(SaveSlots, "write_settings", lambda self, slot, settings: writes.append(settings))
    reloaded = SoloApp(seed=3, pace_ms=900, save_dir=tmp_path)
    open_page(reloaded)
    assert reloaded.pace.value == 1500 and synced(reloaded)["pace_ms"] == 1500
    assert writes == [], "restoring the pace does not write it back"
    monkeypatch.undo()
    assert SoloApp(seed=3, pace_ms=900, save_dir=tmp_path).pace.value == 900  # only once the page names its slot
    other = SoloApp(seed=3, pace_ms=900, save_dir=tmp_path)
    open_page(other, "e" * 32)
    assert other.pace.value == 900  # another browser, another slot
    for bad in ('{"pace_ms": "fast"}', '{"pace_ms": 123}', '{"pace_ms": true}', "[1500]", "{broken"):
        (tmp_path / f"{SLOT}.settings.json").write_text(bad, encoding="utf-8")
        app = SoloApp(seed=3, pace_ms=900, save_dir=tmp_path)
        open_page(app)
        assert app.pace.value == 900 and synced(app)["pace_ms"] == 900, bad
    said = [r.getMessage() for r in caplog.records
            if r.name in ("egonb.app.saves", "egonb.games.egocentric_world.session")]
    assert len(said) == 5 and all(m.startswith("ignoring") for m in said), said  # one warning per bad file


def test_a_difficulty_chosen_for_the_next_game_survives_a_reload(tmp_path: Path,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    """SM2: a difficulty is set for a whole game, so one picked mid-game waits for the next New game; a reload
    (a new kernel) must keep that promise, not show the toggle back on the game's own difficulty."""
    first = SoloApp(seed=3, difficulty=2, pace_ms=0, save_dir=tmp_path)
    open_page(first)
    play(first, random.Random(2), lambda app: len(app.session.game.events) > 30)
    first.difficulty.value = 3
    reloaded = SoloApp(seed=4, difficulty=2, pace_ms=0, save_dir=tmp_path)
    open_page(reloaded)
    # While "Continue?" waits, the controls say both: the game offered is at 2, the next New game at 3.
    assert synced(reloaded)["offer"]["difficulty"] == 2 and reloaded.difficulty.value == 3
    assert "Difficulty 3 applies from the next New game</b>; this game stays at difficulty 2" in \
        reloaded.difficulty_hint.value
    click(reloaded, {"type": "resume", "choice": "continue"})
    assert reloaded.session.game.rules.difficulty == 2 and reloaded.difficulty.value == 3
    assert "Difficulty 3 applies from the next New game" in reloaded.difficulty_hint.value
    reloaded.clock = clock = Clock()
    reloaded.new_game_button.click()
    clock.now += 1
    reloaded.new_game_button.click()  # the second click abandons the game in progress
    assert reloaded.session.game.rules.difficulty == 3
    assert json.loads((tmp_path / f"{SLOT}.settings.json").read_text()) == {
        "pace_ms": 0}, "the choice is made good: nothing waits any more"
    again = SoloApp(seed=5, difficulty=2, pace_ms=0, save_dir=tmp_path)
    open_page(again)
    click(again, {"type": "resume", "choice": "new"})  # declining the offer: a new game, still at 3
    assert again.session.game.rules.difficulty == again.difficulty.value == 3
    play(again, random.Random(3), lambda app: len(app.session.game.events) > 30)
    again.difficulty.value = 1
    offered = SoloApp(seed=7, difficulty=2, pace_ms=0, save_dir=tmp_path)
    open_page(offered)
    offered.clock = clock
    offered.new_game_button.click()
    clock.now += 1
    offered.new_game_button.click()  # the top New game while the offer waits deals what the offer's New game would
    assert offered.session.game.rules.difficulty == offered.difficulty.value == 1
    (tmp_path / f"{SLOT}.settings.json").write_text('{"pace_ms": 0, "difficulty": 7}', encoding="utf-8")
    ignored = SoloApp(seed=6, difficulty=2, pace_ms=0, save_dir=tmp_path)
    open_page(ignored)
    click(ignored, {"type": "resume", "choice": "continue"})
    assert ignored.difficulty.value == 1 and "ignoring the saved difficulty 7" in caplog.text  # the game's own


def test_a_reload_during_a_round_end_summary_shows_it_again(tmp_path: Path) -> None:
    """E1: the page shows a round's end (every hand, the scores) until you continue; a reload before your next
    move must show it again, and after your next move it is part of the log."""
    first = SoloApp(seed=9, pace_ms=0, save_dir=tmp_path)
    open_page(first)
    play(first, random.Random(5), lambda app: app.session.game.round == 2)
    assert first.session.game.round == 2
    second = SoloApp(seed=1, pace_ms=0, save_dir=tmp_path)
    open_page(second)
    assert synced(second)["offer"]["round"] == 1  # the welcome names the round whose summary it opens on
    click(second, {"type": "resume", "choice": "continue"})
    feed = synced(second)["feed"]
    assert feed["frames"][0]["events"][0]["text"].startswith("Continued your saved game: round 1 is over, totals")
    shown = feed_events(feed)
    assert shown[0]["kind"] == "round_end" and shown[0]["round"] == 1
    assert [e["kind"] for e in shown[1:6]] == ["removal"] * 2 + ["reveal_hand"] * 3  # difficulty 2 (SM2), E1
    assert [e["i"] for e in feed["history"] + shown] == list(range(len(first.session.game.events)))  # none lost/twice
    table = synced(second)["table"]
    click(second, {"type": "act", "token": table["token"], "action": table["legal"][0]["id"]})
    third = SoloApp(seed=1, pace_ms=0, save_dir=tmp_path)
    open_page(third)
    click(third, {"type": "resume", "choice": "continue"})
    assert not any(e["kind"] == "round_end" for e in feed_events(synced(third)["feed"]))
    assert synced(third)["feed"]["frames"][0]["events"][0]["text"].startswith("Continued your saved game: round 2, ")


def days() -> set[date]:
    """Today, and the day before (a test run across midnight)."""
    return {date.today(), date.today() - timedelta(days=1)}


def test_a_download_is_named_by_game_day_and_round() -> None:
    """Files of several games and days tell apart and sort by day."""
    assert download_name("egocentric-world", 3, date(2026, 11, 28)) == "egocentric-world-2026-11-28-round3.json"
    assert download_name("diverse-city", 12, date(2027, 1, 2)) == "diverse-city-2027-01-02-round12.json"


def test_a_download_is_named_after_the_round_the_page_shows(tmp_path: Path) -> None:
    """Downloaded while round 1's summary is shown (the engine has dealt round 2 already), the file is named after
    round 1, the round it opens on when loaded; once the page has gone on to round 2's table ("Continue to round 2",
    which only the page knows), after round 2. A round the game cannot be showing is not believed."""
    app = SoloApp(seed=9, pace_ms=0, save_dir=tmp_path)
    sent = open_page(app)
    play(app, random.Random(5), lambda a: a.session.game.round == 2)
    for shown, number in ((1, 1), (2, 2), (None, 1), (3, 1), (0, 1), (True, 1)):
        click(app, {"type": "download", "round": shown})
        assert sent[-1]["name"] in {download_name("egocentric-world", number, day) for day in days()}, shown
    other = SoloApp(seed=1, pace_ms=0, save_dir=tmp_path)  # the same server's key
    click(other, {"type": "load", "text": sent[-1]["text"]})
    feed = synced(other)["feed"]
    assert feed["frames"][0]["events"][0]["text"].startswith("Loaded a saved game: round 1 is over")
    assert (feed_events(feed)[0]["kind"], feed_events(feed)[0]["round"]) == ("round_end", 1)
    assert [e["i"] for e in feed["history"] + feed_events(feed)] == list(range(len(other.session.game.events)))  # once
    table = synced(app)["table"]
    click(app, {"type": "act", "token": table["token"], "action": table["legal"][0]["id"]})
    click(app, {"type": "download", "round": 1})  # a page still showing round 1 after your move: not believed
    assert sent[-1]["name"] in {download_name("egocentric-world", 2, day) for day in days()}


def test_the_controls_speak_of_the_offered_game_and_new_game_keeps_its_difficulty(tmp_path: Path) -> None:
    """SM2: a game at difficulty 3 is offered after a reload. The controls say difficulty 3 (not the default 2
    of the deal waiting behind the question), and "New game" there deals at difficulty 3."""
    first = SoloApp(seed=6, difficulty=3, pace_ms=0, save_dir=tmp_path)
    open_page(first)
    play(first, random.Random(2), lambda app: len(app.session.game.events) > 30)
    second = SoloApp(seed=7, pace_ms=0, save_dir=tmp_path)  # the page's default difficulty: 2
    open_page(second)
    assert synced(second)["offer"]["difficulty"] == 3
    assert second.difficulty.value == 3 and "This game: difficulty 3" in second.difficulty_hint.value
    click(second, {"type": "resume", "choice": "new"})
    assert synced(second)["offer"] == {} and synced(second)["table"]["difficulty"] == 3
    assert saved(tmp_path) == second.session.game.to_json() and second.session.game.rules.difficulty == 3
    assert "This game: difficulty 3" in second.difficulty_hint.value


def test_a_reload_after_closing_a_round_summary_opens_on_the_next_round(tmp_path: Path) -> None:
    """Round summaries: "Continue to round 2" closes round 1's summary; a reload before your next move names round 2
    and opens on its table, never on the old summary again. A closed summary that does not name the round on
    screen changes nothing; a malformed one is refused."""
    first = SoloApp(seed=9, pace_ms=0, save_dir=tmp_path)
    open_page(first)
    play(first, random.Random(5), lambda app: app.session.game.round == 2)
    click(first, {"type": "summary_read", "round": 7})  # not the summary on screen: nothing recorded
    click(first, {"type": "summary_read", "round": "1"})
    assert "names its round" in first.session.refused[-1]
    second = SoloApp(seed=1, pace_ms=0, save_dir=tmp_path)
    open_page(second)
    assert synced(second)["offer"]["round"] == 1  # still unread
    click(first, {"type": "summary_read", "round": 1})  # "Continue to round 2"
    third = SoloApp(seed=1, pace_ms=0, save_dir=tmp_path)
    open_page(third)
    assert synced(third)["offer"]["round"] == 2
    click(third, {"type": "resume", "choice": "continue"})
    feed = synced(third)["feed"]
    assert feed["frames"][0]["events"][0]["text"].startswith("Continued your saved game: round 2, ")
    assert not any(e["kind"] == "round_end" for e in feed_events(feed))
    assert [e["i"] for e in feed["history"]] == list(range(len(third.session.game.events)))  # all in the log


def test_try_the_next_difficulty_deals_it_and_a_bad_one_is_refused(tmp_path: Path) -> None:
    """SM2: the game end's "Try difficulty 2" is a New game naming its difficulty: the deal is at difficulty 2 and the
    controls keep it for the games after. A difficulty the solo game does not have is refused and changes nothing."""
    app = SoloApp(seed=4, pace_ms=0, save_dir=tmp_path, difficulty=1)
    sent = open_page(app)
    token = synced(app)["table"]["token"]
    for bad in (4, 0, "2", True):
        click(app, {"type": "new_game", "token": token, "difficulty": bad})
        assert sent[-1]["type"] == "note" and sent[-1]["refused"] and "difficulty" in sent[-1]["text"], bad
        assert synced(app)["table"]["token"] == token and app.session.game.rules.difficulty == 1
    click(app, {"type": "new_game", "token": app.session.token, "difficulty": 2})
    assert app.session.game.rules.difficulty == 2 and app.session.next_difficulty == 2
    click(app, {"type": "new_game", "token": app.session.token})
    assert app.session.game.rules.difficulty == 2
