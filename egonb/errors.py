"""The one exception type for bad input (illegal actions, wrong player, corrupt saves, bad configurations),
and the check of a count given as a setting."""


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
    """`value` if it is a whole number of at least 1 (games, workers, a search budget); else a clear ValueError."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{what} must be a whole number of at least 1, got {value!r}")
    return value
