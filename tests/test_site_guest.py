"""The static edition's own agent, with no browser: the game's worker (`egonb.site.host.handle`) seats your agent
(`egonb.site.guest.BrowserAgent`), asks the page for its moves with nothing but its seat's view, and plays on when
the answer comes; the agent's worker (`egonb.site.agenthost.handle`) is driven here as the page relays to it. A fault
(an exception, a late answer the page stopped, garbage) is told in the log and the seat goes to the built-in AI
player; a stale answer is ignored and a malformed one refused, changing nothing."""

from __future__ import annotations

import base64
import json
import pickle
from typing import Any

import pytest

from egonb.site import agenthost, host

LAST = 'NAME = "last-one"\n\n\ndef agent(view):\n    return view.legal_actions[-1]\n'


def send(message: dict) -> list[dict]:
    return json.loads(host.handle(json.dumps(message)))


def agent_side(request: dict) -> dict:
    return json.loads(agenthost.handle(json.dumps(request)))


def notes(out: list[dict]) -> list[str]:
    return [e["text"] for m in out if m["kind"] == "state" and "feed" in m["changes"]
            for f in m["changes"]["feed"]["frames"] for e in f["events"] if e["kind"] == "note"]


def seated(source: str = LAST) -> list[dict]:
    """A tab with your agent loaded in its worker and seated: the first AI seat of a new multiplayer game."""
    send({"kind": "start", "seed": 2, "pace_ms": 0})
    assert "loaded" in agent_side({"load": {"source": source, "filename": "mine.py"}})
    return send({"kind": "guest", "name": "last-one", "filename": "mine.py", "seconds": 5})


def questions(out: list[dict]) -> list[dict]:
    return [r for m in out if m["kind"] == "agent" for r in m["requests"]]


def you_move() -> list[dict]:
    session = host._host.session  # type: ignore[union-attr]
    assert session.game.current_player == 0
    return send({"kind": "custom", "content": {"type": "act", "token": session.token,
                                               "action": session.game.legal_actions()[0].id}})


def relay(out: list[dict], answer: Any = None) -> tuple[list[dict], list[dict]]:
    """The page relays the questions to the agent's worker and brings back the answer to the last move asked (or
    `answer` in its place); returns the game worker's next output and the questions relayed."""
    asked = questions(out)
    reply, n = None, None
    for request in asked:
        got = agent_side(request)
        if "act" in request:
            reply, n = got, request["n"]
    if n is None:
        return [], asked
    return send({"kind": "agent_answer", "answer": reply if answer is None else answer, "n": n}), asked


def test_your_agent_plays_its_seat_from_only_its_views() -> None:
    out = seated()
    assert "Ada is played by your agent last-one (mine.py), in a Web Worker of its own that receives only Ada's " \
           "view." in notes(out)
    session = host._host.session  # type: ignore[union-attr]
    moves = 0
    pending = questions(out)
    for _ in range(60):
        assert all(set(r) in ({"reset"}, {"act", "n"}) for r in pending)  # nothing else is sent to your agent
        acts = [r for r in pending if "act" in r]
        for request in pending:
            if "reset" in request:
                assert agent_side(request) == {"done": True}
        if acts:
            (request,) = acts
            assert pickle.loads(base64.b64decode(request["act"])) == session.game.view(1)  # Ada's view, no more
            out = send({"kind": "agent_answer", "answer": agent_side(request), "n": request["n"]})
            moves += 1
        elif session.game.is_over:
            break
        else:
            out = you_move()
        pending = questions(out)
    assert moves >= 5 and not [n for n in notes(out) if "did not" in n or "raised" in n]


def test_while_your_agent_thinks_the_table_says_so_and_your_clicks_wait() -> None:
    out = seated()
    for _ in range(5):
        if questions(out) and any("act" in r for r in questions(out)):
            break
        out = you_move()
    changes = [m["changes"] for m in out if m["kind"] == "state" and "table" in m["changes"]][-1]
    assert changes["table"]["waiting"] and changes["table"]["prompt"] == \
        "Ada is thinking: your agent answers from a worker of its own."
    session = host._host.session  # type: ignore[union-attr]
    token = session.token
    send({"kind": "custom", "content": {"type": "act", "token": token, "action": 0}})
    assert session.token == token and session.game.current_player == 1  # refused: not your turn


@pytest.mark.parametrize("answer, says", [
    ({"fault": ["timeout", "no answer within 5 s: its worker was stopped", ""]},
     "last-one did not answer in time as Ada (5 s a move), so it was stopped. Ada is played by the built-in Greedy "
     "for the rest of this game."),
    ({"fault": ["exception", "ZeroDivisionError: division by zero", "mine.py:5 in agent: return 1 / 0"]},
     "last-one raised an error as Ada: ZeroDivisionError: division by zero. Ada is played by the built-in Greedy for "
     "the rest of this game."),
    ({"garbage": "list"}, "last-one made a move the rules do not allow as Ada: '<list>' is not one of "
                          "view.legal_actions (an Action, or its id). Ada is played by the built-in Greedy for the "
                          "rest of this game."),
    ({"move": 999}, "last-one made a move the rules do not allow as Ada: 999 is not one of view.legal_actions (an "
                    "Action, or its id). Ada is played by the built-in Greedy for the rest of this game."),
])
def test_a_fault_is_told_and_the_built_in_plays_the_seat_from_then_on(answer, says) -> None:
    out = seated()
    while not any("act" in r for r in questions(out)):
        out = you_move()
    out, _ = relay(out, answer)
    assert says in notes(out)
    for _ in range(20):  # the game goes on, never asking your agent again
        assert not any("act" in r for r in questions(out))
        if host._host.session.game.is_over:  # type: ignore[union-attr]
            break
        out = you_move()


def test_a_stale_answer_is_ignored_and_a_malformed_one_refused() -> None:
    out = seated()
    while not any("act" in r for r in questions(out)):
        out = you_move()
    n = [r for r in questions(out) if "act" in r][0]["n"]
    session = host._host.session  # type: ignore[union-attr]
    before = session.token
    assert send({"kind": "agent_answer", "answer": {"move": 0}, "n": n - 1}) == []  # a question of the past
    with pytest.raises(ValueError, match="not an answer"):
        send({"kind": "agent_answer", "answer": {"move": "draw"}, "n": n})
    assert session.token == before and session.game.current_player == 1  # nothing changed: still asked


def test_the_agent_worker_says_why_a_file_gives_no_agent_and_reports_exceptions() -> None:
    assert agent_side({"load": {"source": "def agent(view)\n", "filename": "bad.py"}})["error"].startswith(
        "cannot be loaded: SyntaxError: expected ':' (line 1)")
    assert "defines no agent" in agent_side({"load": {"source": "X = 1\n", "filename": "none.py"}})["error"]
    assert agent_side({"load": {"source": "def agent(view):\n    return 1 / 0\n", "filename": "zero.py"}}) == \
        {"loaded": "zero"}
    send({"kind": "start", "seed": 2, "pace_ms": 0})
    view = host._host.session.game.view(0)  # type: ignore[union-attr]
    fault = agent_side({"act": base64.b64encode(pickle.dumps(view)).decode(), "n": 1})["fault"]
    assert fault[:2] == ["exception", "ZeroDivisionError: division by zero"] and "zero.py:2 in agent" in fault[2]


def test_seating_no_agent_leaves_the_next_games_to_the_ai_players() -> None:
    seated()
    send({"kind": "guest", "name": None})
    out = send({"kind": "new_game"})
    assert not questions(out) and not [n for n in notes(out) if "your agent" in n]


def test_an_agent_whose_worker_is_stopped_between_questions_hands_its_seat_to_the_built_in() -> None:
    out = seated()
    send({"kind": "guest", "name": None})  # the page seated another agent (which did not load) or stopped this one
    for _ in range(10):
        assert not any("act" in r for r in questions(out))
        if host._host.session.game.is_over:  # type: ignore[union-attr]
            break
        out = you_move()
        if any("stopped working" in n for n in notes(out)):
            break
    assert "last-one stopped working as Ada: its worker was stopped. Ada is played by the built-in Greedy for the " \
           "rest of this game." in notes(out)


def test_with_nothing_due_playing_on_changes_nothing() -> None:
    seated()
    session = host._host.session  # type: ignore[union-attr]
    token, table = session.token, session.state["table"]
    assert session.game.current_player == 0
    assert send({"kind": "guest", "name": None}) == []  # your turn: no frame, no new decision
    assert session.token == token and session.state["table"] == table
