"""The chapters' set pieces, one call each: a hand-made position and the widget that shows it, so a chapter's code
cell is the widget a learner plays with, not the plumbing behind it (chapters 1, 2, 7 and 8).

Each one is a live position of the engine: the learner clicks, the engine plays and logs (C3, S2, SM2), or shows a
real solo game's first decision (SM1, SM3, SM4) and the Citybots' checklist (SB1-SB9).
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..games.egocentric_world.rules import Rules
from ..games.egocentric_world.state import GameState, new_game
from ..messages import ENGLISH
from . import render
from .cards_view import CardsView
from .explorer import ActionExplorer
from .positions import prepare
from .stepper import STEPS


def scoring_explorer() -> ActionExplorer:
    """C3 (chapter 1): Player 1 holds a 789 and a 3 and may say STOP; Player 2's last turn draws a 7. Played from
    both seats in turn (a hot seat), the round ends and the board scores the 789 as 8."""
    game = prepare(Rules(players=2), [[8, 3], [2, 4]], [6], deck_top=[7])
    return ActionExplorer(game, caption=ENGLISH("tutorial.setup.c3"))


def round_two_explorer() -> ActionExplorer:
    """S2 (chapter 2): the last move of round 1 in a four-player game; matching the last card ends the round (T6),
    and the engine names who starts round 2 (the highest scorer of round 1, Player 3 here) and deals it."""
    game = prepare(Rules(players=4, full_game=True), [[5], [1, 2, 3], [9, 10, 11, 12], [4, 4, 6]], [5])
    return ActionExplorer(game, seat=0, caption=ENGLISH("tutorial.setup.s2"))


class SoloOpening(widgets.VBox):
    """SM1, SM3, SM4 (chapter 7): a real solo game at your first decision, as you see it (`view`), with the log of
    the Citybots' first turns."""

    def __init__(self, seed: int = 4) -> None:
        self.game: GameState = new_game(Rules.solo_game(1), seed=seed)
        self.view = self.game.view(0)
        names = self.view.names
        log = render.log(render.event_line(event, text, 0, names) for event, text in self.game.events_for(0))
        super().__init__([CardsView(render.table(self.view)), widgets.HTML(log)])


def checklist() -> widgets.HTML:
    """SB1-SB9 (chapter 7): the Citybot's checklist in this tutorial's words, each step with its rule id."""
    rows = "".join(f"<tr><td style='padding:2px 8px'><code>{rule}</code></td><td>{escape(text)}</td></tr>"
                   for rule, text in STEPS.items() if rule.startswith("SB"))
    return widgets.HTML(f"<table>{rows}</table>")


class DifficultyExplorer(widgets.VBox):
    """SM2 (chapter 8): the end of a solo round at difficulty 1, 2 or 3. You hold a single 3 on a 3: matching it
    ends the round (T6), and the log and scores show what each Citybot throws away first at that level."""

    def __init__(self, difficulty: int = 1) -> None:
        self.level = widgets.ToggleButtons(options=[1, 2, 3], value=difficulty,
                                           description=ENGLISH("tutorial.setup.sm2.level"))
        self.explorer = ActionExplorer(self.position(difficulty), seat=0, caption=ENGLISH("tutorial.setup.sm2"))
        self.level.observe(lambda change: self.explorer.load(self.position(change["new"])), names="value")
        super().__init__([self.level, self.explorer])

    @staticmethod
    def position(difficulty: int) -> GameState:
        """Your last card, a 3, on a 3; Citybot Left shows 2, 5 and 12; Right shows 1 and 7 over a pile of 4, 10."""
        rules = Rules.solo_game(difficulty, full_game=False)
        return prepare(rules, [[3], [2, 5, 12], [1, 7]], [3], piles=[[], [], [4, 10]])
