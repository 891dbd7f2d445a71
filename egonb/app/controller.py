"""The solo app: one game against the two Citybots, the card table and the ipywidgets chrome.

Every click from the browser names the decision it answers (a token that grows by
one with each applied action, across games). A click for another decision, an
action the engine does not offer, or a malformed message is refused, logged and
changes nothing: a stale or double click can never be applied twice.
"""

from __future__ import annotations

import html
import logging
import os
import random
import secrets
from typing import Any

import ipywidgets as w

from ..errors import GameError
from ..rules import Rules
from ..state import GameState, new_game
from .snapshot import event_feed, table_state
from .table import CardTable

log = logging.getLogger(__name__)

PACES = {"Slow": 1500, "Normal": 900, "Fast": 350, "Instant": 0}
DIFFICULTY_HELP = {
    1: "Difficulty 1: the Citybots keep all their cards at round end (SM2)",
    2: "Difficulty 2: each Citybot removes its lowest card before scoring (SM2)",
    3: "Difficulty 3: each Citybot removes its highest card before scoring (SM2)",
}


class SoloApp:
    """A full solo game (to 50 points, E2) with its table, controls, score board and log.

    `seed` makes the sequence of games reproducible (each New game draws the next seed).
    """

    def __init__(self, seed: int | None = None, difficulty: int = 2, pace_ms: int = PACES["Normal"]) -> None:
        if difficulty not in (1, 2, 3):
            raise ValueError(f"difficulty must be 1, 2 or 3, got {difficulty!r}")
        self._seeds = random.Random(secrets.randbits(64) if seed is None else seed)
        self.token = 0
        self.batch = 0
        self.refused: list[str] = []
        self._lines: list[str] = []
        self.table = CardTable(pace_ms=pace_ms)
        self.table.on_msg(self._on_msg)
        self.difficulty = w.ToggleButtons(
            options=[("1", 1), ("2", 2), ("3", 3)], value=difficulty, description="Difficulty",
            tooltips=[DIFFICULTY_HELP[d] for d in (1, 2, 3)], style={"button_width": "3em"},
        )
        self.new_game_button = w.Button(description="New game", icon="refresh", button_style="success",
                                        tooltip="Deal a new game at the chosen difficulty")
        self.new_game_button.on_click(lambda _button: self.new_game())
        paces = list(PACES.items())
        if pace_ms not in PACES.values():
            paces.append((f"{pace_ms} ms", pace_ms))
        self.pace = w.Dropdown(options=paces, value=pace_ms, description="Citybots",
                               tooltip="How long each Citybot step stays on screen")
        self.pace.observe(lambda change: setattr(self.table, "pace_ms", change["new"]), "value")
        self.scoreboard = w.HTML()
        self.log_view = w.HTML(layout=w.Layout(max_height="22em", overflow="auto"))
        self.log_view.add_class("egonb-log")
        controls = w.HBox([self.difficulty, self.new_game_button, self.pace],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        controls.add_class("egonb-controls")
        side = w.VBox([w.HTML("<h3 class='egonb-h'>Scores</h3>"), self.scoreboard,
                       w.HTML("<h3 class='egonb-h'>What happened</h3>"), self.log_view],
                      layout=w.Layout(flex="1 1 18em", min_width="0"))
        body = w.HBox([self.table, side], layout=w.Layout(flex_flow="row wrap", grid_gap="1em"))
        self.table.layout = w.Layout(flex="3 1 36em", min_width="0")
        self.ui = w.VBox([controls, body])
        self.ui.add_class("egonb-app")
        self.game: GameState
        self.new_game()

    @classmethod
    def from_env(cls) -> SoloApp:
        """The app notebook's entry point: EGONB_SEED and EGONB_PACE_MS (for tests) if set."""
        seed = os.environ.get("EGONB_SEED")
        pace = os.environ.get("EGONB_PACE_MS")
        return cls(seed=int(seed) if seed else None, pace_ms=int(pace) if pace else PACES["Normal"])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Shown as its widgets when it is the last expression of a cell."""
        return self.ui._repr_mimebundle_(**kwargs)

    # ------------------------------------------------------------- actions

    def new_game(self) -> None:
        """Deal a new full game (E2: to 50) at the chosen difficulty (SM2)."""
        level = self.difficulty.value
        self.game = new_game(Rules.solo_game(difficulty=level, full_game=True), seed=self._seeds.getrandbits(32))
        self._seen = 0
        self._lines = []
        self.token += 1
        self._note(f"New game at difficulty {level}: first to 50 points ends it, lowest total wins (E2)")
        self._publish(new=True)

    def act(self, token: Any, action: Any) -> bool:
        """Apply `action` (an id) if `token` is the current decision and the engine allows it."""
        if token != self.token:
            return self._refuse(f"a click for decision #{token!r} arrived while decision #{self.token} is open")
        if not isinstance(action, int) or isinstance(action, bool):
            return self._refuse(f"action must be an action id, got {action!r}")
        try:
            self.game.apply(action, player=0)
        except GameError as err:
            return self._refuse(str(err))
        self.token += 1
        self._publish()
        return True

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            self._refuse(f"malformed message {content!r}")
        elif content.get("type") == "act":
            self.act(content.get("token"), content.get("action"))
        elif content.get("type") == "new_game":
            if content.get("token") == self.token:
                self.new_game()
            else:
                self._refuse(f"a stale New game click for decision #{content.get('token')!r}")
        else:
            self._refuse(f"unknown message type {content.get('type')!r}")

    def _refuse(self, why: str) -> bool:
        self.refused.append(why)
        log.info("refused click: %s", why)
        self._note(f"Click ignored: {why}")
        self._render_log()
        return False

    # ------------------------------------------------------------ display

    def _publish(self, new: bool = False) -> None:
        """Send the new table and the events since the last update; the browser animates them."""
        events = event_feed(self.game, self._seen)
        self._seen += len(events)
        for e in events:
            self._lines.append(f"<li><b class='rule'>{html.escape(e['rule'])}</b> {html.escape(e['text'])}</li>")
        self.batch += 1
        with self.table.hold_sync():
            self.table.table = table_state(self.game, self.token)
            self.table.feed = {"batch": self.batch, "events": events, "new_game": new}
        self.scoreboard.value = self._scores_html()
        self._render_log()

    def _note(self, text: str) -> None:
        self._lines.append(f"<li><b class='rule'>app</b> {html.escape(text)}</li>")

    def _render_log(self) -> None:
        self.log_view.value = "<ol class='egonb-lines' reversed>" + "".join(reversed(self._lines[-300:])) + "</ol>"

    def _scores_html(self) -> str:
        v = self.game.view(0)
        head = "".join(f"<th scope='col'>{html.escape(n)}</th>" for n in v.names)
        rows = "".join(
            f"<tr><th scope='row'>Round {i}</th>" + "".join(f"<td>{s}</td>" for s in scores) + "</tr>"
            for i, scores in enumerate(v.scores, 1)
        )
        best = min(v.totals) if v.scores else None  # the lowest total leads (E2); bold once a round is scored
        totals = "".join(f"<td><b>{t}</b></td>" if t == best else f"<td>{t}</td>" for t in v.totals)
        status = (f"Winner: {html.escape(' and '.join(v.names[s] for s in v.winners))} (E2)" if v.is_over
                  else f"Round {v.round} in play · difficulty {v.difficulty} · the game ends at 50 points (E2)")
        return (f"<table class='egonb-scores'><thead><tr><th></th>{head}</tr></thead><tbody>{rows}"
                f"<tr class='total'><th scope='row'>Total</th>{totals}</tr></tbody></table>"
                f"<p class='egonb-status'>{status}</p>")
