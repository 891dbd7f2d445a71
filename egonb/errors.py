"""The one exception type for bad input (illegal actions, wrong player, corrupt saves, bad configurations),
and the checks of a count or a time given as a setting."""

import math
import numbers
import operator


class GameError(ValueError):
    """Raised for any bad input; the message says what was wrong and what was allowed.

    Whatever raised it leaves the game exactly as it was before the call. `problem`
    is the first part alone: for records others may read, since the allowed actions
    can show the player's own hand.
    """

    def __init__(self, problem: str, allowed: str = "") -> None:
        super().__init__(f"{problem}; allowed: {allowed}" if allowed else problem)
        self.problem = problem
        self.allowed = allowed


def positive_int(what: str, value: object) -> int:
    """`value` if it is a whole number of at least 1 (games, workers, a search budget; numpy integers too)."""
    try:
        if isinstance(value, bool):
            raise TypeError
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{what} must be a whole number of at least 1, got {value!r}") from None
    if number < 1:
        raise ValueError(f"{what} must be a whole number of at least 1, got {value!r}")
    return number


def positive_number(what: str, value: object) -> float:
    """`value` if it is a finite number above 0 (a time limit; numpy numbers too)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{what} must be a positive number, got {value!r}")
    number = float(value)
    if not (math.isfinite(number) and number > 0):
        raise ValueError(f"{what} must be a finite number above 0, got {value!r}")
    return number
