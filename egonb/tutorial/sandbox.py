"""The ability sandbox: one prepared position per special ability, multiplayer (A8-A12) or solo (SP8-SP12).

Each scenario hands the first player the card to try, with what it takes to play
it at once; the explorer then follows whoever must decide, so the Black Shield
question goes to the player who was designated (A9). In solo positions the engine
answers with the Citybots' turns.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from ..games.egocentric_world.rules import Rules
from ..games.egocentric_world.state import GameState
from .explorer import ActionExplorer

THREE = Rules(players=3)
SOLO = Rules.solo_game(1, full_game=False)


def seven_eight_nine() -> GameState:
    """A8: a 789 in hand meets a 7 on the discard pile, and pairs with a 9."""
    return GameState.from_position(
        THREE, hands=[[8, 9, 2, 5, 12], [1, 3, 4, 6, 10], [2, 4, 6, 7, 11]], discard=[3, 7], deck=[], rest="deck")


def black_shield() -> GameState:
    """A9: Player 1 plays a Two Cards; Player 2 holds a 9 and may cancel when designated."""
    return GameState.from_position(
        THREE, hands=[[11, 3, 4, 6, 2], [9, 1, 5, 7, 12], [2, 3, 6, 8, 10]], discard=[5, 11], deck=[], rest="deck")


def magnifying_glass() -> GameState:
    """A10: a pair of 10s lets Player 1 play a Magnifying Glass."""
    return GameState.from_position(
        THREE, hands=[[10, 10, 1, 4, 6], [2, 3, 5, 7, 12], [1, 4, 8, 11, 12]], discard=[6, 2], deck=[], rest="deck")


def two_cards() -> GameState:
    """A11: a Two Cards on top of the discard pile matches Player 1's Two Cards."""
    return GameState.from_position(
        THREE, hands=[[11, 1, 5, 7, 12], [2, 3, 3, 6, 12], [4, 5, 8, 10, 10]], discard=[6, 11], deck=[4], rest="deck")


def hourglass() -> GameState:
    """A12: a pair of Hourglasses; play one and take another turn."""
    return GameState.from_position(
        THREE, hands=[[12, 12, 2, 5, 6], [1, 3, 4, 7, 9], [2, 8, 10, 11, 11]], discard=[3, 1], deck=[], rest="deck")


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


def solo(yours: list[int], top: int, left: tuple[list[int], list[int]], right: tuple[list[int], list[int]],
         deck_top: tuple[int, ...] = ()) -> GameState:
    """Your turn in a solo round: your hand, the discard top, each Citybot's (visible cards, pile top first), and
    the next cards to be drawn, first one first."""
    return GameState.from_position(SOLO, hands=[yours, left[0], right[0]], discard=[top], deck=deck_top[::-1],
                                   piles=[[], left[1][::-1], right[1][::-1]], rest="deck")


SOLO_SCENARIOS: dict[str, tuple[str, Callable[[], GameState]]] = {
    "789 (SP8)": ("Your 789 meets a 9 on the discard pile.",
                  lambda: solo([8, 9, 3, 4, 1], 9, ([6], [2, 5, 7, 3]), ([], [1, 4, 6, 10, 3]))),
    "Black Shield (SP9)": ("Make any move that keeps your 9: Citybot Left then plays one of its 11s against you "
                           "(SC11), and you may answer with the 9.",
                           lambda: solo([9, 2, 3, 5, 6], 7, ([11, 11, 4, 10], []), ([], [1, 1, 2, 3, 5]),
                                        deck_top=(1,))),
    "Magnifying Glass (SP10)": ("Play a 10 of your pair, then pick a pile to uncover (Right's hides a 9).",
                                lambda: solo([10, 10, 2, 3, 4], 6, ([], [5, 6, 8, 2, 1]), ([], [3, 9, 1, 2, 7]))),
    "Two Cards (SP11)": ("Play an 11 of your pair, then pick one exchange.",
                         lambda: solo([11, 11, 12, 1, 5], 4, ([7, 2], [6, 3, 8]), ([10], [1, 2, 3, 4]))),
    "Hourglass (SP12)": ("Play a 12 of your pair and use it to move again before the Citybots.",
                         lambda: solo([12, 12, 1, 2, 3], 5, ([6, 7], [4, 4, 2]), ([], [5, 6, 7, 8, 1]))),
}


class AbilitySandbox(widgets.VBox):
    """Pick an ability, then play its prepared position with the action explorer."""

    def __init__(self, start: str = "789 (A8)",
                 scenarios: dict[str, tuple[str, Callable[[], GameState]]] = SCENARIOS) -> None:
        self.scenarios = scenarios
        self.picker = widgets.ToggleButtons(options=list(scenarios), value=start,
                                            style={"button_width": "auto"})
        caption, factory = scenarios[start]
        self.explorer = ActionExplorer(factory(), caption=caption)
        self.picker.observe(lambda change: self.show(change["new"]), names="value")
        super().__init__([self.picker, self.explorer])

    def show(self, name: str) -> None:
        caption, factory = self.scenarios[name]
        self.explorer.caption.value = caption
        self.explorer.load(factory())
        if self.picker.value != name:
            self.picker.value = name
