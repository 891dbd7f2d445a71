"""The ability sandbox: one prepared position per special ability (A8-A12), played in a hot seat.

Each scenario hands Player 1 the card to try, with the right card on the discard
pile to play it at once; the explorer then follows whoever must decide, so the
Black Shield question goes to the player who was designated (A9).
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from ..rules import Rules
from ..state import GameState
from .explorer import ActionExplorer
from .positions import prepare

THREE = Rules(players=3)


def seven_eight_nine() -> GameState:
    """A8: a 789 in hand meets a 7 on the discard pile, and pairs with a 9."""
    return prepare(THREE, [[8, 9, 2, 5, 12], [1, 3, 4, 6, 10], [2, 4, 6, 7, 11]], [3, 7])


def black_shield() -> GameState:
    """A9: Player 1 plays a Two Cards; Player 2 holds a 9 and may cancel when designated."""
    return prepare(THREE, [[11, 3, 4, 6, 2], [9, 1, 5, 7, 12], [2, 3, 6, 8, 10]], [5, 11])


def magnifying_glass() -> GameState:
    """A10: a pair of 10s lets Player 1 play a Magnifying Glass."""
    return prepare(THREE, [[10, 10, 1, 4, 6], [2, 3, 5, 7, 12], [1, 4, 8, 11, 12]], [6, 2])


def two_cards() -> GameState:
    """A11: a Two Cards on top of the discard pile matches Player 1's Two Cards."""
    return prepare(THREE, [[11, 1, 5, 7, 12], [2, 3, 3, 6, 12], [4, 5, 8, 10, 10]], [6, 11], deck_top=[4])


def hourglass() -> GameState:
    """A12: a pair of Hourglasses; play one and take another turn."""
    return prepare(THREE, [[12, 12, 2, 5, 6], [1, 3, 4, 7, 9], [2, 8, 10, 11, 11]], [3, 1])


SCENARIOS: dict[str, tuple[str, Callable[[], GameState]]] = {
    "789 (A8)": ("Your 789 can stand for a 7, 8 or 9 this turn: look at the match and pair buttons.",
                 seven_eight_nine),
    "Black Shield (A9)": ("Play the Two Cards and designate Player 2: the question then goes to Player 2.",
                          black_shield),
    "Magnifying Glass (A10)": ("Play one 10 of the pair, then choose whose hand to look at.", magnifying_glass),
    "Two Cards (A11)": ("Match the 11, designate two players, then for each one take a card or announce a "
                        "value.", two_cards),
    "Hourglass (A12)": ("Play one 12 of the pair and use it: the next turn is yours again.", hourglass),
}


class AbilitySandbox(widgets.VBox):
    """Pick an ability, then play its prepared position with the action explorer."""

    def __init__(self, start: str = "789 (A8)") -> None:
        self.picker = widgets.ToggleButtons(options=list(SCENARIOS), value=start,
                                            style={"button_width": "auto"})
        caption, factory = SCENARIOS[start]
        self.explorer = ActionExplorer(factory(), caption=caption)
        self.picker.observe(lambda change: self.show(change["new"]), names="value")
        super().__init__([self.picker, self.explorer])

    def show(self, name: str) -> None:
        caption, factory = SCENARIOS[name]
        self.explorer.caption.value = caption
        self.explorer.load(factory())
        if self.picker.value != name:
            self.picker.value = name
