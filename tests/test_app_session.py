"""The game session without any widget: what the static edition (Pyodide in a Web Worker) hosts.

It must import no Jupyter package (nor numpy), and speak to the page only in JSON-able dicts:
the model state changes it pushes and the custom messages it sends and handles.
"""

from __future__ import annotations

import json
import subprocess
import sys

from egonb.games.egocentric_world.session import GameSession


def test_the_session_imports_no_widget_nor_numpy() -> None:
    code = ("import sys, egonb.games.egocentric_world.session; "
            "bad = [m for m in ('ipywidgets', 'anywidget', 'IPython', 'traitlets', "
            "'numpy') if m in sys.modules]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_page_plays_through_plain_json_messages(tmp_path) -> None:
    """A page model fed only by `update` and `send`, answering with `handle`, plays a game, saves it and refuses
    a stale click; every change and message survives a JSON round trip unchanged."""
    model: dict = {}
    inbox: list[dict] = []

    def update(changes: dict) -> None:
        assert json.loads(json.dumps(changes)) == changes
        model.update(changes)

    def send(message: dict) -> None:
        assert json.loads(json.dumps(message)) == message
        inbox.append(message)

    session = GameSession(seed=4, pace_ms=0, save_dir=tmp_path, update=update, send=send)
    assert model["table"]["token"] == session.token and model["feed"]["new_game"] and model["offer"] == {}
    session.handle({"type": "hello", "slot": "ab" * 16})
    assert inbox == [{"type": "welcome", "saving": True}]
    for _ in range(8):
        table = model["table"]
        move = next(a for a in table["legal"] if a["kind"] != "stop")  # T5 would end the round
        session.handle({"type": "act", "token": table["token"], "action": move["id"]})
        assert model["table"]["token"] == table["token"] + 1
    before = dict(model)
    session.handle({"type": "act", "token": table["token"], "action": move["id"]})  # stale
    assert model == before and inbox[-1]["refused"] and "Click ignored" in inbox[-1]["text"]
    assert (tmp_path / f"{'ab' * 16}.json").read_text(encoding="utf-8") == session.game.to_json()
    assert session.state["table"] == model["table"]  # the state a newly opened page is given
