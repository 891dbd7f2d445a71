"""The Python of the static edition's agent worker (static/agentworker.js): your agent file, loaded from its text,
answering the questions the page relays from the game's worker (egonb/site/guest.py) with nothing but its seat's
view. It runs in a Pyodide of its own, in a worker of its own: it never sees the game, the deck or the other hands.

`handle` takes one request (JSON) and returns its answer (JSON): {"load": {"source", "filename"}} -> {"loaded": name}
or {"error": why}; {"reset": [seat, seed]} -> {"done": true}; {"act": the view, pickled} -> {"move": an action id},
{"garbage": the type it returned} or {"fault": ["exception", text, where]}.
"""

from __future__ import annotations

import base64
import json
import pickle
import random
from typing import Any

from ..agentfile import load_source
from ..agents.base import Agent, as_agent
from ..errors import whole_or_none
from ..play import agent_lines, exception_text

_agent: Agent | None = None


def handle(text: str) -> str:
    global _agent
    message = json.loads(text)
    if "load" in message:
        entry = load_source(message["load"]["source"], message["load"]["filename"])
        if entry.agent is not None:
            try:
                _agent = as_agent(entry.agent)  # type: ignore[arg-type]
            except TypeError as exc:
                entry.error = str(exc)
        return json.dumps({"error": entry.error} if entry.error else {"loaded": entry.name})
    if _agent is None:
        raise RuntimeError("load an agent first")
    try:
        if "reset" in message:
            seat, seed = message["reset"]
            _agent.reset(seat, random.Random(seed))
            return json.dumps({"done": True})
        view = pickle.loads(base64.b64decode(message["act"]))
        return json.dumps(_answer(_agent.act(view), view))
    except BaseException as exc:  # noqa: BLE001 - SystemExit too: the agent's, told to the page
        return json.dumps({"fault": ["exception", exception_text(exc), agent_lines(exc)]})


def _answer(move: object, view: Any) -> dict[str, Any]:
    """An action of the view as its id, a whole number as itself; anything else is named, as garbage."""
    if view.legal_actions and type(move) is type(view.legal_actions[0]):
        return {"move": move.id}  # type: ignore[attr-defined]
    number = whole_or_none(move)
    return {"move": number} if number is not None else {"garbage": type(move).__name__}
