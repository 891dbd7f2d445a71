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

    "Check my answer" says how many ticks are wrong and hints at the rules of their kinds (T1-T5), never which ones:
    only a later check (`NAME_AFTER`) names them, and the verdicts stay hidden until you have tried at least once and
    press "Show answers".
    """

    #: The check from which the wrong ticks are named (the first ones only count them and hint).
    NAME_AFTER = 2

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
        #: How many times the reader has checked since the quiz was (re)set.
        self.tries = 0
        board = CardsView(render.table(self.game.view(seat)))
        super().__init__([widgets.HTML(f"<b>{escape(ENGLISH('tutorial.quiz'))}</b> {escape(question)}"), board,
                          *self.boxes,
                          widgets.HBox([self.check, self.answers]), self.result],
                         layout=widgets.Layout(border="1px dashed #d4730b", padding="6px", margin="6px 0"))

    def mark(self) -> int:
        """Mark every box against the engine: how many are wrong, with a hint per kind of wrong tick (its rule id in
        the tooltip); from the `NAME_AFTER`th check on, which ones. Returns how many the reader got wrong."""
        legal = set(self.game.legal_actions())
        wrong = [(act, box.description) for act, box in zip(self.offered, self.boxes, strict=True)
                 if box.value != (act in legal)]
        self.tries += 1
        self.answers.disabled = False
        if not wrong:
            self.result.value = f"<b>{escape(ENGLISH('tutorial.quiz.right'))}</b>"
            return 0
        plain = ENGLISH.citing(False)
        kinds = {act.kind: self.game.rule_of(act) for act, _ in wrong}
        hints = "".join(f"<div title='{escape(ENGLISH('tutorial.log.rule', rule=rule))}'>• "
                        f"{escape(plain(f'tutorial.quiz.hint.{kind}'))}</div>" for kind, rule in kinds.items())
        named = ""
        if self.tries >= self.NAME_AFTER:
            named = (f"<div>{escape(ENGLISH('tutorial.quiz.wrong.which'))}</div>"
                     + "".join(f"<div>✗ {escape(label)}</div>" for _, label in wrong))
        self.result.value = (ENGLISH("tutorial.quiz.wrong", n=len(wrong)) + hints + named
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
        self.tries = 0
        self.answers.disabled = True
