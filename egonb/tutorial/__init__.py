"""Live widgets for the tutorial chapters in notebooks/ (`import egonb.tutorial`; plain `import egonb`
never loads Jupyter).

Every widget asks the engine what is legal and applies what the reader clicks;
nothing here re-implements a rule. Positions come from `prepare`, the text on
screen from views and event texts.
"""

from .deck import DealExplorer, DeckExplorer
from .exercise import LegalityQuiz, exercise
from .explorer import ActionExplorer
from .positions import prepare
from .sandbox import AbilitySandbox
from .scorer import GameScorer
from .stepper import CitybotStepper

__all__ = [
    "AbilitySandbox", "ActionExplorer", "CitybotStepper", "DealExplorer", "DeckExplorer", "GameScorer",
    "LegalityQuiz", "exercise", "prepare",
]
