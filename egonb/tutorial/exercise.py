"""Exercises: a question with a solution hidden until asked for, and a legality quiz the engine marks."""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..actions import Action
from ..state import GameState
from . import render
from .explorer import candidates
from .labels import short_label


def exercise(question: str, solution: str) -> widgets.VBox:
    """The question (HTML) and a folded "Show solution" panel: try first, then unfold."""
    panel = widgets.Accordion(children=[widgets.HTML(solution)], titles=("Show solution",), selected_index=None)
    return widgets.VBox([widgets.HTML(f"<b>Exercise.</b> {question}"), panel],
                        layout=widgets.Layout(border="1px dashed #d4730b", padding="6px", margin="6px 0"))


class LegalityQuiz(widgets.VBox):
    """Tick the actions you think are legal here; the engine's legal actions mark the answer."""

    def __init__(self, game: GameState, question: str = "Which of these actions are legal?") -> None:
        self.game = game.clone()
        seat = game.current_player or 0
        self.offered: list[Action] = candidates(self.game, seat)
        self.boxes = [widgets.Checkbox(description=short_label(self.game, a), value=False, indent=False,
                                       tooltip=self.game.describe(a), layout=widgets.Layout(width="auto"))
                      for a in self.offered]
        self.check = widgets.Button(description="Check my answer", button_style="primary")
        self.check.on_click(lambda _: self.mark())
        self.result = widgets.HTML()
        board = widgets.HTML(render.table(self.game.view(seat)))
        super().__init__([widgets.HTML(f"<b>Quiz.</b> {escape(question)}"), board, *self.boxes, self.check,
                          self.result],
                         layout=widgets.Layout(border="1px dashed #d4730b", padding="6px", margin="6px 0"))

    def mark(self) -> int:
        """Mark every box against the engine; returns how many the reader got wrong."""
        legal = set(self.game.legal_actions())
        wrong = 0
        lines = []
        for act, box in zip(self.offered, self.boxes, strict=True):
            right = box.value == (act in legal)
            wrong += not right
            verdict = "legal" if act in legal else "not legal"
            lines.append(f"<div title='{escape(self.game.describe(act))}'>{'✓' if right else '✗'} "
                         f"{escape(short_label(self.game, act))}: {verdict}</div>")
        head = "All right!" if not wrong else f"{wrong} to look at again:"
        self.result.value = f"<b>{head}</b>" + "".join(lines)
        return wrong
