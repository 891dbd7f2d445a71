"""Replays (egonb/replay.py): a recorded game replays into the very states its players saw, frame by frame, for
both games; a seat's frames show nothing that seat did not know (the live page's check, tests/test_app_widget.py:
re-deal every card it cannot see and nothing changes); every card face up only once the game is over; a saved game
and a ladder's record replay too."""

from __future__ import annotations

import base64
import gzip
import json
import random
import re
import signal
import subprocess
import sys
import urllib.request
from typing import Any

import pytest

from egonb import GameError, Rules, determinize
from egonb.app.replaying import replay, watch
from egonb.app.serve import free_port
from egonb.cli import main
from egonb.games import entry
from egonb.games.diverse_city.worlds import sample_state
from egonb.games.egocentric_world.session import GameSession
from egonb.messages import PAGE
from egonb.play import play
from egonb.replay import FACE_UP, PACES, Recording, frames, from_saved, recording, replay_data, replay_game, states

EW, DC = entry("egocentric-world"), entry("diverse-city")


class Watched:
    """An agent that keeps every view it was given (what its seat knew at each of its decisions)."""

    def __init__(self, agent: Any, seen: dict[int, list[Any]]) -> None:
        self.agent, self.seen = agent, seen

    def reset(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.agent.reset(seat, rng)

    def act(self, view: Any) -> Any:
        self.seen.setdefault(self.seat, []).append(view)
        return self.agent.act(view)


GAMES = {
    "three players, full game (E2)": (EW, ["greedy", "random", "citybot-style"], Rules(players=3, full_game=True)),
    "solo against the Citybots (SM1)": (EW, ["greedy"], Rules.solo_game(2, full_game=True)),
    "Diverse City, three players (G1)": (DC, ["dc-heuristic", "random", "dc-heuristic"], DC.table(3, True)),
}


def recorded(name: str, seed: int = 4) -> tuple[Any, dict[int, list[Any]]]:
    game, agents, rules = GAMES[name]
    seen: dict[int, list[Any]] = {}
    record = play([Watched(game.agent(a), seen) for a in agents], rules, seed=seed)
    return record, seen


@pytest.mark.parametrize("name", list(GAMES))
def test_a_replay_reproduces_every_decision_and_the_final_totals(name: str) -> None:
    """Each seat's frames, at each of its decisions, hold the hand and totals of the view it was given then; the
    replayed game ends with the recorded totals and winners."""
    record, seen = recorded(name)
    rec = recording(record)
    assert record.finished and len(rec.actions) == sum(len(v) for v in seen.values())
    final = replay_game(rec.config, rec.seed, rec.actions)
    assert tuple(final.totals) == record.totals and tuple(final.winners) == record.winners
    replayed = list(states(rec))
    automated = len(rec.config.agent_seats) < rec.config.players  # the Citybots' turns are shown one by one (SM3)
    assert (len(replayed) > len(rec.actions) + 1) == automated
    for seat, views in seen.items():
        shown = frames(rec, seat)
        assert len(shown) == len(replayed)
        asked = [k for k, state in enumerate(replayed[:-1]) if state.current_player == seat]
        assert [replayed[k].view(seat) for k in asked] == views  # the very views the agent was given
        for k, view in zip(asked, views):
            table = shown[k]["table"]
            assert table["hand"] == sorted(view.hand)
            assert table["totals"] == list(view.totals[seat:] + view.totals[:seat])  # the seat sits where you do
        # every line of the log is told once, in order
        assert [e["i"] for f in shown for e in f["events"]] == list(range(len(replayed[-1].events)))
    last = frames(rec, FACE_UP)[-1]["table"]
    assert last["totals"] == list(record.totals) and last["decision"] == "game_over"


def redealt(state: Any, seat: int, rng: random.Random) -> Any:
    """A world the seat cannot tell from `state`: every card it cannot see dealt anew."""
    if isinstance(state.config if hasattr(state, "config") else None, type(DC.table(2, True))):
        return sample_state(state.view(seat), rng)
    return determinize(state, seat, rng)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_seats_view_never_shows_a_card_it_did_not_know(name: str) -> None:
    """The live page's check on every frame of a replay: re-deal every card the seat cannot see, twice, and its
    table is the same (its log too, in Egocentric World where a world keeps the story); face up, the other hands
    show."""
    record, _ = recorded(name, seed=7)
    rec = recording(record)
    module = __import__(rec.game.replay, fromlist=["frame"])
    rng = random.Random(11)
    checked = 0
    for seat in rec.config.agent_seats:
        seen = 0
        for state in states(rec):
            mine = module.frame(state, seat, seen, PAGE)
            for _ in range(2):
                world = redealt(state, seat, rng)
                other = module.frame(world, seat, seen if world.events else len(world.events), PAGE)
                assert other["table"] == mine["table"]
                if world.events:
                    assert other["events"] == mine["events"]
                checked += 1
            seen = len(state.events)
    assert checked > 30
    up = frames(rec, FACE_UP)[1]["table"]
    mine = frames(rec, rec.config.agent_seats[0])[1]["table"]
    assert up != mine and up["hand"] == mine["hand"]


def test_face_up_is_refused_until_the_game_is_over() -> None:
    record = play([EW.agent("greedy"), EW.agent("greedy")], Rules(players=2), seed=1)
    unfinished = Recording(record.rules, record.seed, tuple(record.actions[:-1]))
    with pytest.raises(GameError, match="finished"):
        frames(unfinished, FACE_UP)
    assert [v["key"] for v in replay_data(unfinished)["views"]] == ["0", "1"]
    with pytest.raises(GameError, match="no player's seat"):
        frames(recording(play([EW.agent("greedy")], Rules.solo_game(1), seed=1)), 1)  # a Citybot's (SM1)


def test_a_recording_goes_through_json_and_bad_records_are_refused() -> None:
    record, _ = recorded("Diverse City, three players (G1)", seed=2)
    rec = recording(record)
    again = recording(json.loads(rec.to_json()))
    assert again == rec
    with pytest.raises(GameError, match="cannot be played"):
        list(states(Recording(rec.config, rec.seed, (*rec.actions[:3], 10_000))))
    with pytest.raises(GameError, match="names no game"):
        recording({"seed": 1, "actions": []})
    with pytest.raises(GameError, match="no setting"):
        recording({"game": "diverse-city", "config": {"colour": 1}, "seed": 1, "actions": []})


def test_a_saved_game_replays_to_the_same_story() -> None:
    """The page's save (GameSession, solo, E2) keeps no actions: they are found again from its seed and events."""
    session = GameSession(seed=5, difficulty=2, pace_ms=0)
    rng = random.Random(3)
    for _ in range(25):
        legal = session.state["table"]["legal"]
        if not legal:
            break
        session.act(session.token, rng.choice(legal)["id"])
    saved = session.game.to_json()
    rec = from_saved(saved)
    final = replay_game(rec.config, rec.seed, rec.actions)
    assert final.events == session.game.events and final.view(0) == session.game.view(0)
    with pytest.raises(GameError, match="not a saved game"):
        from_saved('{"format": "nothing"}')


def test_a_saved_diverse_city_game_replays_too() -> None:
    from egonb.games.diverse_city.save import dumps
    from egonb.games.diverse_city.session import DCSession

    session = DCSession(opponents=2, seed=4, end_score=20)
    for _ in range(6):
        legal = session.state["table"]["legal"]
        session.act(session.token, legal[-1]["id"])
    rec = from_saved(dumps(session.game), "diverse-city")
    assert replay_game(rec.config, rec.seed, rec.actions).events == session.game.events


def page_of(path: Any) -> dict[str, Any]:
    """The data a replay page holds: its frames, gzipped in base64, and the model file beside it that it names."""
    text = path.read_text()
    found = re.search(r'<script type="application/octet-stream" id="replay-data" data-model="(model-[0-9a-f]+\.json)">'
                      r'([A-Za-z0-9+/=]+)</script>', text)
    assert found and "$" not in text, "every field of the page filled in"
    data = json.loads(gzip.decompress(base64.b64decode(found.group(2))))
    return {**data, "model": json.loads((path.parent / found.group(1)).read_text())}


def test_egonb_replay_writes_the_page_of_a_recording_a_ladders_game_or_a_saved_game(tmp_path, capsys) -> None:
    record, _ = recorded("three players, full game (E2)", seed=2)
    rec = recording(record)
    (tmp_path / "game.json").write_text(rec.to_json())
    assert main(["replay", str(tmp_path / "game.json"), "--seat", "2", "--out", str(tmp_path / "a")]) == 0
    data = page_of(tmp_path / "a" / "index.html")
    assert data["start"] == "2" and data["autoplay"] is False and data["totals"] == list(record.totals)
    assert (tmp_path / "a" / "widgets" / "replay.js").is_file() and (tmp_path / "a" / "widgets" / "table.css").is_file()
    ladder = [{"seed": rec.seed, "seat": 0, "actions": list(rec.actions), "game": "egocentric-world",
               "config": json.loads(rec.to_json())["config"]}] * 2
    (tmp_path / "ladder.json").write_text(json.dumps(ladder))
    second = ["--index", "1", "--face-up", "--out", str(tmp_path / "b")]
    assert main(["replay", str(tmp_path / "ladder.json"), *second]) == 0
    assert page_of(tmp_path / "b" / "index.html")["start"] == FACE_UP
    session = GameSession(seed=8, difficulty=1, pace_ms=0)
    session.act(session.token, session.state["table"]["legal"][0]["id"])
    (tmp_path / "saved.json").write_text(session.game.to_json())
    assert main(["replay", str(tmp_path / "saved.json"), "--play", "--out", str(tmp_path / "c")]) == 0
    data = page_of(tmp_path / "c" / "index.html")
    assert data["autoplay"] is True and [v["key"] for v in data["views"]] == ["0"]  # not over: no face-up view
    unfinished = Recording(rec.config, rec.seed, rec.actions[:6])
    (tmp_path / "going-on.json").write_text(unfinished.to_json())
    assert main(["replay", str(tmp_path / "going-on.json"), "--seat", "1", "--out", str(tmp_path / "d")]) == 0
    assert [v["key"] for v in page_of(tmp_path / "d" / "index.html")["views"]] == ["1"], "the others' hands stay hidden"
    for argv, why in ((["--seat", "5"], "no view 5"), (["--index", "4"], "not 4")):
        with pytest.raises(SystemExit):
            main(["replay", str(tmp_path / ("game.json" if "--seat" in argv else "ladder.json")), *argv])
        assert why in capsys.readouterr().err
    (tmp_path / "broken.json").write_text("{not json")
    with pytest.raises(SystemExit):
        main(["replay", str(tmp_path / "broken.json")])
    assert "not a JSON file" in capsys.readouterr().err


@pytest.mark.parametrize("game, agents", [("egocentric-world", ["random", "greedy"]),
                                          ("diverse-city", ["random", "dc-heuristic"]),
                                          ("egocentric-world", ["greedy"])])
def test_egonb_watch_plays_the_agents_and_opens_face_up_playing_by_itself(tmp_path, game, agents) -> None:
    assert main(["watch", *agents, "--game", game, "--seed", "3", "--pace", "fast", "--out", str(tmp_path)]) == 0
    data = page_of(tmp_path / "index.html")
    assert data["game"] == game and data["finished"] and data["start"] == FACE_UP and data["autoplay"]
    assert data["pace"] == PACES["fast"] and len(data["views"]) == len(agents) + 1


def test_egonb_replay_serves_the_page_until_stopped(tmp_path) -> None:
    (tmp_path / "game.json").write_text(recording(recorded("solo against the Citybots (SM1)")[0]).to_json())
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "egonb", "replay", str(tmp_path / "game.json"), "--port", str(port)],
                            stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()  # type: ignore[union-attr]
        assert f"http://127.0.0.1:{port}/" in line
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as answer:
            assert b'id="replay-data"' in answer.read()
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(30) == 0


def test_replay_and_watch_in_jupyterlab_are_widgets_with_the_pages_data() -> None:
    record, _ = recorded("Diverse City, three players (G1)", seed=5)
    widget = replay(record, view=2)
    assert widget.replay["start"] == "2" and widget.replay["widget"] == "diverse.js"
    assert '"replay.js"' in widget._esm and ".eg-replay-bar" in widget._css
    watched = watch([EW.agent("greedy"), EW.agent("random")], Rules(players=2), seed=1)
    assert watched.replay["autoplay"] and watched.replay["start"] == FACE_UP


def test_a_tournaments_records_replay_from_their_worker_processes() -> None:
    """Records come back from a process pool with their configuration (`GameRecord.rules`, the table's names in it)."""
    from egonb.tournament import tournament

    result = tournament({"g": EW.agent("greedy"), "r": EW.agent("random")}, Rules(players=2, full_game=True), games=2,
                        workers=2, progress=False)
    for record in result.records:
        rec = recording(record)
        assert rec.config.names == record.names
        assert tuple(replay_game(rec.config, rec.seed, rec.actions).totals) == record.totals
