"""Exercises: a question with a solution hidden until asked for, and a legality quiz the engine marks."""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..games.egocentric_world.actions import Action
from ..games.egocentric_world.state import GameState
from ..messages import ENGLISH
from . import render
from .cards_view import CardsView
from .explorer import candidates
from .labels import short_label


def exercise(question: str, solution: str) -> widgets.VBox:
    """The question (HTML) and a folded "Show solution" panel: try first, then unfold."""
    panel = widgets.Accordion(children=[widgets.HTML(solution)], titles=(ENGLISH("tutorial.exercise.solution"),),
                              selected_index=None)
    return widgets.VBox([widgets.HTML(f"<b>{escape(ENGLISH('tutorial.exercise'))}</b> {question}"), panel],
                        layout=widgets.Layout(border="1px dashed #d4730b", padding="6px", margin="6px 0"))


class LegalityQuiz(widgets.VBox):
    """Tick the actions you think are legal here; the engine's legal actions mark the answer.

    "Check my answer" says which of your choices were right or wrong, not what the right ones are: the answers
    stay hidden until you have tried at least once and press "Show answers".
    """

    def __init__(self, game: GameState, question: str = ENGLISH("tutorial.quiz.question")) -> None:
        self.game = game.clone()
        seat = game.current_player or 0
        self.offered: list[Action] = candidates(self.game, seat)
        self.boxes = [widgets.Checkbox(description=short_label(self.game, a), value=False, indent=False,
                                       tooltip=self.game.describe(a), layout=widgets.Layout(width="auto"))
                      for a in self.offered]
        self.check = widgets.Button(description=ENGLISH("tutorial.quiz.check"), button_style="primary")
        self.check.on_click(lambda _: self.mark())
        self.answers = widgets.Button(description=ENGLISH("tutorial.quiz.answers"), disabled=True,
                                      tooltip=ENGLISH("tutorial.quiz.answers.help"))
        self.answers.on_click(lambda _: self.reveal())
        self.result = widgets.HTML()
        board = CardsView(render.table(self.game.view(seat)))
        super().__init__([widgets.HTML(f"<b>{escape(ENGLISH('tutorial.quiz'))}</b> {escape(question)}"), board,
                          *self.boxes,
                          widgets.HBox([self.check, self.answers]), self.result],
                         layout=widgets.Layout(border="1px dashed #d4730b", padding="6px", margin="6px 0"))

    def mark(self) -> int:
        """Mark every box against the engine, right or wrong only; returns how many the reader got wrong."""
        legal = set(self.game.legal_actions())
        wrong = [box.description for act, box in zip(self.offered, self.boxes, strict=True)
                 if box.value != (act in legal)]
        self.answers.disabled = False
        if not wrong:
            self.result.value = f"<b>{escape(ENGLISH('tutorial.quiz.right'))}</b>"
        else:
            items = "".join(f"<div>✗ {escape(d)}</div>" for d in wrong)
            self.result.value = (ENGLISH("tutorial.quiz.wrong", n=len(wrong)) + items
                                 + f"<i>{escape(ENGLISH('tutorial.quiz.again'))}</i>")
        return len(wrong)

    def reveal(self) -> None:
        """Every offered action and the engine's verdict: only after at least one attempt."""
        if self.answers.disabled:
            return
        legal = set(self.game.legal_actions())
        self.result.value = f"<b>{escape(ENGLISH('tutorial.quiz.answers.head'))}</b>" + "".join(
            f"<div title='{escape(self.game.describe(act))}'>"
            + ENGLISH("tutorial.quiz.legal" if act in legal else "tutorial.quiz.illegal",
                      label=escape(box.description)) + "</div>"
            for act, box in zip(self.offered, self.boxes, strict=True))

    def reset(self) -> None:
        """As a first-time reader finds it: nothing ticked, nothing marked, the answers hidden."""
        for box in self.boxes:
            box.value = False
        self.result.value = ""
        self.answers.disabled = True
