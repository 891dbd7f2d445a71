"""The round and game scorer: play a seeded game a round at a time and watch the scores add up (E1, E2).

The moves are random (a seeded `random.Random`, so a seed always tells the same
story); the point is what the engine does at each round end: reveal the hands,
score them, add the totals, pick who starts next (S2), and stop at the end score.
"""

from __future__ import annotations

import random
from html import escape

import ipywidgets as widgets

from ..games.egocentric_world.rules import Rules
from ..games.egocentric_world.state import GameState, new_game
from ..messages import ENGLISH
from . import render
from .deck import seed_box

#: Event kinds that tell the end of a round and the start of the next one.
ROUND_KINDS = ("round_end", "reveal_hand", "game_end", "game_end_round", "round_start")


def play_round(game: GameState, rng: random.Random) -> None:
    """Random legal moves until the round number changes or the game ends."""
    start = game.round
    while not game.is_over and game.round == start:
        game.apply(rng.choice(game.legal_actions()))


class GameScorer(widgets.VBox):
    """A full multiplayer game, one round per click, with the round scores and running totals."""

    def __init__(self, players: int = 4, seed: int = 3, end_score: int = 50) -> None:
        self.players = widgets.IntSlider(value=players, min=2, max=6, description=ENGLISH("tutorial.scorer.players"))
        self.seed = seed_box(seed)
        self.end_score = widgets.IntSlider(value=end_score, min=10, max=100, step=5,
                                           description=ENGLISH("tutorial.scorer.end"),
                                           style={"description_width": "initial"})
        self.round_button = widgets.Button(description=ENGLISH("tutorial.scorer.play"), button_style="primary",
                                           icon="play")
        self.new_button = widgets.Button(description=ENGLISH("tutorial.scorer.new"), icon="refresh")
        self.board = widgets.HTML()
        self.story = widgets.HTML()
        self.round_button.on_click(lambda _: self.play())
        self.new_button.on_click(lambda _: self.new())
        for w in (self.players, self.seed, self.end_score):
            w.observe(lambda _: self.new(), names="value")
        super().__init__([widgets.HBox([self.players, self.seed, self.end_score]),
                          widgets.HBox([self.round_button, self.new_button]), self.board, self.story],
                         layout=widgets.Layout(border="1px solid #ccc", padding="8px"))
        self.new()

    def new(self) -> None:
        rules = Rules(players=self.players.value, full_game=True, end_score=self.end_score.value)
        self.game = new_game(rules, self.seed.value)
        self.rng = random.Random(self.seed.value)
        self.story.value = f"<i>{escape(ENGLISH('tutorial.scorer.press'))}</i>"
        self._refresh()

    def play(self) -> None:
        """Play the current round to its end and tell how it ended."""
        if self.game.is_over:
            return
        start = len(self.game.events)
        play_round(self.game, self.rng)
        names = self.game.rules.names
        lines = [render.event_line(e, t, None, names) for e, t in self.game.events_for(None, start)
                 if e.kind in ROUND_KINDS]
        self.story.value = render.log(lines)
        self._refresh()

    def _refresh(self) -> None:
        view = self.game.view(0)
        rounds = len(view.scores)
        head = (ENGLISH("tutorial.scorer.over", n=rounds) if view.is_over
                else escape(ENGLISH("tutorial.scorer.next", round=view.round)))
        self.board.value = f"<div>{head}</div>" + (render.scoreboard(view) if view.scores else "")
        self.round_button.disabled = self.game.is_over

