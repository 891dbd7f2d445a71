"""Live widgets for the tutorial chapters in notebooks/ (`import egonb.tutorial`; plain `import egonb`
never loads Jupyter).

Every widget asks the engine what is legal and applies what the reader clicks;
nothing here re-implements a rule. Positions come from `GameState.from_position`, the text on
screen from views and event texts.

A chapter's setup is one line, `from egonb.tutorial import *`: `__all__` is what the chapters use (the widgets,
`prepare`, the engine's `Rules` and `new_game`, and `checks`, the module behind each chapter's last cell).
"""

import ipywidgets as widgets

from ..games.egocentric_world.cards import ABILITY_NAMES
from ..games.egocentric_world.rules import Rules
from ..games.egocentric_world.state import new_game
from . import checks, render, sandbox
from .cards_view import CardsView
from .deck import DealExplorer, DeckExplorer
from .exercise import LegalityQuiz, exercise
from .explorer import ActionExplorer
from .positions import prepare
from .sandbox import SOLO_SCENARIOS, AbilitySandbox
from .scorer import GameScorer, play_round
from .setups import DifficultyExplorer, SoloOpening, checklist, round_two_explorer, scoring_explorer
from .stepper import STEPS, CitybotStepper

__all__ = [
    "ABILITY_NAMES", "AbilitySandbox", "ActionExplorer", "CardsView", "CitybotStepper", "DealExplorer", "DeckExplorer",
    "DifficultyExplorer", "GameScorer", "LegalityQuiz", "Rules", "SOLO_SCENARIOS", "STEPS", "SoloOpening", "checklist",
    "checks", "exercise", "new_game", "play_round", "prepare", "render", "round_two_explorer", "sandbox",
    "scoring_explorer", "widgets",
]
