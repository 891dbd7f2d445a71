"""Replays in the static edition, with no browser: the game's worker (`egonb.site.host.handle`) plays your agent
(driven here through `egonb.site.agenthost` as the page relays it) against the built-in AI players while you watch,
asking it for nothing but its seat's views, and ends in a face-up replay; a fault or a stopped worker is told and the
built-in finishes the game. Diverse City seats your agent at the table too. A recording opened from the page (a
recording, a ladder's record, a saved game, the page's own download) becomes a replay whose seat views show nothing
the seat did not know (the live page's re-deal check, tests/test_replay.py) and no face-up view before the end."""

from __future__ import annotations

import base64
import json
import pickle
import random
from typing import Any

import pytest
from test_replay import redealt

from egonb.app.sealing import seal
from egonb.games import entry
from egonb.games.egocentric_world.session import GameSession
from egonb.play import play
from egonb.replay import FACE_UP, Recording, recording, replay_game, states
from egonb.site import agenthost, host

LAST = 'NAME = "last-one"\n\n\ndef agent(view):\n    return view.legal_actions[-1]\n'


def send(message: dict) -> list[dict]:
    return json.loads(host.handle(json.dumps(message)))


def agent_side(request: dict) -> dict:
    return json.loads(agenthost.handle(json.dumps(request)))


def of(out: list[dict], kind: str) -> list[dict]:
    return [m for m in out if m["kind"] == kind]


def watching(game: str | None) -> tuple[list[dict], Any]:
    """A tab of `game` where your agent, loaded in its worker, starts a game you watch; the game."""
    send({"kind": "start", "seed": 2, "pace_ms": 0, "game": game})
    assert agent_side({"load": {"source": LAST, "filename": "mine.py"}}) == {"loaded": "last-one"}
    out = send({"kind": "watch", "name": "last-one", "filename": "mine.py", "seconds": 5, "seed": 3})
    return out, host._host.watching  # type: ignore[union-attr]


def relay(out: list[dict], watched: Any, answer: Any = None) -> tuple[list[dict], int]:
    """Relay the questions to your agent's worker (each a view of seat 0: checked to be exactly that seat's view)
    and bring back the answer (or `answer` in its place); the worker's next output and the moves asked."""
    asked = [r for m in of(out, "agent") for r in m["requests"]]
    assert all(set(r) in ({"reset"}, {"act", "n"}) for r in asked)  # nothing else is sent to your agent
    reply, n = None, None
    for request in asked:
        got = agent_side(request)
        if "act" in request:
            assert pickle.loads(base64.b64decode(request["act"])) == watched.state.view(0)
            reply, n = got, request["n"]
    if n is None:
        return [], 0
    return send({"kind": "agent_answer", "answer": reply if answer is None else answer, "n": n}), 1


def notes(outs: list[list[dict]]) -> list[str]:
    return [note["text"] for out in outs for m in out if m["kind"] in ("watching", "replay") for note in m["notes"]]


@pytest.mark.parametrize("game", [None, "diverse-city"])
def test_you_watch_your_agent_play_from_its_views_only_and_the_game_is_replayed_face_up(game) -> None:
    out, watched = watching(game)
    outs, moves = [out], 0
    while not of(out, "replay"):
        assert of(out, "watching")[-1]["decisions"] == len(watched.actions)
        out, asked = relay(out, watched)
        assert asked, "the game waits for your agent only"
        outs.append(out)
        moves += asked
    (done,) = of(out, "replay")
    data = done["data"]
    assert moves >= 5 and host._host.watching is None  # type: ignore[union-attr]
    assert data["finished"] and data["start"] == FACE_UP and data["autoplay"]
    assert [v["key"] for v in data["views"]] == ["0", "1", "2", "3", FACE_UP] and data["names"][0] == "last-one"
    final = replay_game(watched.config, watched.seed, watched.actions)
    assert final.is_over and list(final.totals) == data["totals"] == list(watched.state.totals)
    said = notes(outs)
    assert said == ["last-one is played by your agent last-one (mine.py), in a Web Worker of its own that receives "
                    "only last-one's view."]


@pytest.mark.parametrize("stop", ["fault", "worker stopped"])
def test_a_fault_while_you_watch_is_told_and_the_built_in_finishes_the_game(stop) -> None:
    out, watched = watching(None)
    outs = [out]
    if stop == "fault":
        out, _ = relay(out, watched, {"fault": ["exception", "ZeroDivisionError: division by zero", ""]})
        says = ("last-one raised an error as last-one: ZeroDivisionError: division by zero. last-one is played by the "
                "built-in Greedy for the rest of this game.")
    else:  # the page replaced or stopped its worker
        out = send({"kind": "guest", "name": None})
        says = "last-one stopped working as last-one: its worker was stopped. last-one is played by the built-in " \
               "Greedy for the rest of this game."
    outs.append(out)
    assert not of(out, "agent") and of(out, "replay")[0]["data"]["finished"]  # never asked again: the game ended
    assert says in notes(outs) and watched.state.is_over


def test_diverse_city_seats_your_agent_at_the_table_and_waits_for_its_answers() -> None:
    send({"kind": "start", "seed": 4, "pace_ms": 0, "game": "diverse-city"})
    assert "loaded" in agent_side({"load": {"source": LAST, "filename": "mine.py"}})
    out = send({"kind": "guest", "name": "last-one", "filename": "mine.py", "seconds": 5})
    session = host._host.session  # type: ignore[union-attr]
    moves = 0
    for _ in range(80):
        asked = [r for m in of(out, "agent") for r in m["requests"]]
        acts = [r for r in asked if "act" in r]
        for request in asked:
            if "reset" in request:
                assert agent_side(request) == {"done": True}
        if acts:
            (request,) = acts
            assert session.game.current_player == 1 and \
                pickle.loads(base64.b64decode(request["act"])) == session.game.view(1)  # its seat's view, no more
            out = send({"kind": "agent_answer", "answer": agent_side(request), "n": request["n"]})
            moves += 1
        elif session.game.is_over:
            break
        else:
            assert session.game.current_player == 0  # the AI turns stop only at your agent's seat
            out = send({"kind": "custom", "content": {"type": "act", "token": session.token,
                                                      "action": session.game.legal_actions()[0].id}})
    lines = [e["text"] for m in of(out, "state") for f in m["changes"].get("feed", {}).get("frames", [])
             for e in f["events"] if e["kind"] == "note"]
    assert moves >= 5 and not [line for line in lines if "did not" in line or "raised" in line]


def opened(text: str, index: int = 0) -> dict[str, Any]:
    (answer,) = send({"kind": "replay", "text": text, "index": index})
    assert answer["kind"] == "replay", answer
    return answer["data"]


def test_a_recording_opened_shows_each_seat_only_what_it_knew_and_face_up_only_at_the_end() -> None:
    send({"kind": "start", "seed": 2, "pace_ms": 0})
    greedy = entry("egocentric-world").agent
    table = entry("egocentric-world").table(3, True)
    rec = recording(play([greedy("greedy"), greedy("random"), greedy("greedy")], table, seed=5))
    data = opened(rec.to_json())
    assert [v["key"] for v in data["views"]] == ["0", "1", "2", FACE_UP] and data["games"] == 1
    going_on = Recording(rec.config, rec.seed, rec.actions[:9])
    data = opened(json.dumps([json.loads(rec.to_json()), json.loads(going_on.to_json())]), 1)
    assert [v["key"] for v in data["views"]] == ["0", "1", "2"] and (data["games"], data["index"]) == (2, 1)
    module = __import__(going_on.game.replay, fromlist=["frame"])
    texts, rng, checked = host._host.texts, random.Random(3), 0  # type: ignore[union-attr]
    for view in data["views"]:  # the live page's check on the frames the page was sent: re-deal what it cannot see
        seat, seen = int(view["key"]), 0
        for state, frame in zip(states(going_on), view["frames"], strict=True):
            world = redealt(state, seat, rng)
            assert module.frame(world, seat, seen if world.events else len(world.events), texts)["table"] == \
                frame["table"]
            seen, checked = len(state.events), checked + 1
    assert checked > 20


def test_the_pages_download_replays_and_a_bad_file_is_refused_in_plain_words() -> None:
    send({"kind": "start", "seed": 2, "pace_ms": 0})
    session = GameSession(seed=8, difficulty=1, pace_ms=0)
    for _ in range(3):
        session.act(session.token, session.state["table"]["legal"][0]["id"])
    download = seal(session.game, None)  # what this page's Download gives: no key, a checksum
    data = opened(download)
    assert [v["key"] for v in data["views"]] == ["0"] and not data["finished"]  # the Citybots' hands stay hidden
    changed = {**json.loads(download), "totals": [1, 2, 3]}
    for text, why in ((json.dumps(changed), "This file cannot be replayed: this game file was changed"),
                      ("{not json", "This file cannot be replayed: not a JSON file"),
                      ("[1, 2]", "the file holds games 0 to 1, not 5")):
        (answer,) = send({"kind": "replay", "text": text, "index": 5 if text == "[1, 2]" else 0})
        assert answer["kind"] == "replay_failed" and why in answer["why"]
