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
from ..messages import ENGLISH
from . import scenes
from .explorer import ActionExplorer
from .scenes import scene

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
    scene("tutorial.sandbox.a8"): (ENGLISH("tutorial.sandbox.a8.try"),
        seven_eight_nine),
    scene("tutorial.sandbox.a9"): (ENGLISH("tutorial.sandbox.a9.try"),
        black_shield),
    scene("tutorial.sandbox.a10"): (ENGLISH("tutorial.sandbox.a10.try"), magnifying_glass),
    scene("tutorial.sandbox.a11"): (ENGLISH("tutorial.sandbox.a11.try"), two_cards),
    scene("tutorial.sandbox.a12"): (ENGLISH("tutorial.sandbox.a12.try"), hourglass),
}


def solo(yours: list[int], top: int, left: tuple[list[int], list[int]], right: tuple[list[int], list[int]],
         deck_top: tuple[int, ...] = ()) -> GameState:
    """Your turn in a solo round: your hand, the discard top, each Citybot's (visible cards, pile top first), and
    the next cards to be drawn, first one first."""
    return GameState.from_position(SOLO, hands=[yours, left[0], right[0]], discard=[top], deck=deck_top[::-1],
                                   piles=[[], left[1][::-1], right[1][::-1]], rest="deck")


SOLO_SCENARIOS: dict[str, tuple[str, Callable[[], GameState]]] = {
    scene("tutorial.sandbox.sp8"): (ENGLISH("tutorial.sandbox.sp8.try"),
        lambda: solo([8, 9, 3, 4, 1], 9, ([6], [2, 5, 7, 3]), ([], [1, 4, 6, 10, 3]))),
    scene("tutorial.sandbox.sp9"): (ENGLISH("tutorial.sandbox.sp9.try"),
        lambda: solo([9, 2, 3, 5, 6], 7, ([11, 11, 4, 10], []), ([], [1, 1, 2, 3, 5]),
                     deck_top=(1,))),
    scene("tutorial.sandbox.sp10"): (ENGLISH("tutorial.sandbox.sp10.try"),
        lambda: solo([10, 10, 2, 3, 4], 6, ([], [5, 6, 8, 2, 1]), ([], [3, 9, 1, 2, 7]))),
    scene("tutorial.sandbox.sp11"): (ENGLISH("tutorial.sandbox.sp11.try"),
        lambda: solo([11, 11, 12, 1, 5], 4, ([7, 2], [6, 3, 8]), ([10], [1, 2, 3, 4]))),
    scene("tutorial.sandbox.sp12"): (ENGLISH("tutorial.sandbox.sp12.try"),
        lambda: solo([12, 12, 1, 2, 3], 5, ([6, 7], [4, 4, 2]), ([], [5, 6, 7, 8, 1]))),
}


class AbilitySandbox(widgets.VBox):
    """Pick an ability, then play its prepared position with the action explorer."""

    def __init__(self, start: str = scene("tutorial.sandbox.a8"),
                 scenarios: dict[str, tuple[str, Callable[[], GameState]]] = SCENARIOS) -> None:
        self.scenarios = scenarios
        self.picker = widgets.ToggleButtons(options=scenes.options(scenarios), value=start,
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
