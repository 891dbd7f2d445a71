"""The rule variants of Egocentric World: multiplayer (A8-A12) and solo against two Citybots (SM, SB, SC, SP).

Each is a `state.Variant` object, registered here so that `Rules` and `GameState` find the one that accepts a
game's `Rules` (`seating`). A new variant is a module with a `Variant` subclass, registered in this file.
"""

from ..seating import register_variant
from .multiplayer import MULTIPLAYER
from .solo import SOLO

register_variant(SOLO)
register_variant(MULTIPLAYER)

__all__ = ["MULTIPLAYER", "SOLO"]
