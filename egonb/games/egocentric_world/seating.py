"""What a rule variant says about a table's seats before any game exists, and the registry of the variants.

`Rules` answers the game protocol's questions (seat names, the seats agents play, the kinds of decision) from the
variant that accepts it. The variants sit above `Rules` in the layers, so they register here (`variants`) and
`Rules` looks them up without importing them. The whole variant, with how it plays, is `state.Variant`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import GameError
from .decisions import Phase

if TYPE_CHECKING:
    from .rules import Rules


class Seating:
    """A variant's seats: which `Rules` it plays, its seat names, the seats it plays itself, its decisions."""

    name = ""

    def accepts(self, rules: Rules) -> bool:
        raise NotImplementedError

    def seat_names(self, rules: Rules) -> tuple[str, ...]:
        """The names of the seats when the rules give none."""
        return tuple(f"Player {seat + 1}" for seat in range(rules.players))

    def automated(self, rules: Rules) -> frozenset[int]:
        """The seats the engine plays itself: `apply` plays on until another seat must decide."""
        return frozenset()

    def decisions(self, rules: Rules) -> tuple[str, ...]:
        """Every kind of decision these rules can ask (the end of the game asks none)."""
        return tuple(phase.value for phase in Phase if phase != Phase.GAME_OVER)


_VARIANTS: list[Seating] = []


def register_variant(variant: Seating) -> None:
    """Make `variant` available to games whose rules it accepts (`variants` registers the built-in two)."""
    _VARIANTS.append(variant)


def variant_of(rules: Rules) -> Seating:
    for variant in _VARIANTS:
        if variant.accepts(rules):
            return variant
    raise GameError(f"no rule variant plays {rules!r}")
