"""The Python end of the static edition's Web Worker: JSON in, JSON out, one session per tab.

The worker (static/worker.js) calls `handle` with each message of the page and posts back what it returns:
`{"kind": "state", "changes": {...}}` (model keys that changed), `{"kind": "custom", "content": {...}}` (a
custom message for the table) and `{"kind": "persist", "text": ..., "summary": {...}}` (the game to store
after a decision). This is the only module that talks to the session: switching to the shared session class
changes this file only.
"""

from __future__ import annotations

import json
from typing import Any

from .session import BrowserSession

_session: BrowserSession | None = None


def handle(text: str) -> str:
    """One message of the page: {"kind": "start", "seed", "saved", "difficulty"}, {"kind": "custom", "content"}
    (what the table sends) or {"kind": "sync", "changes"} (model keys the page set)."""
    global _session
    message = json.loads(text)
    if message.get("kind") == "start":
        _session = BrowserSession(int(message["seed"]))
        _session.start(message.get("saved"), int(message.get("difficulty") or 2))
    elif _session is None:
        raise RuntimeError("the page must start the session before sending it anything")
    elif message.get("kind") == "sync":  # model keys the page set (the Citybots' pace): kept, nothing to redo
        _session.model.update({k: v for k, v in message.get("changes", {}).items() if k == "pace_ms"})
    else:
        _session.message(message.get("content"))
    return json.dumps(_outgoing(_session))


def _outgoing(session: BrowserSession) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if session.changed:
        out.append({"kind": "state", "changes": {key: session.model[key] for key in sorted(session.changed)}})
        session.changed = set()
    out += [{"kind": "custom", "content": content} for content in session.outbox]
    session.outbox = []
    if session.saved is not None:
        game = session.game
        out.append({"kind": "persist", "text": session.saved, "summary": {
            "round": game.round, "totals": list(game.totals), "difficulty": game.rules.difficulty,
            "over": game.is_over, "another": session.another}})
        session.saved, session.another = None, False
    return out
