"""The one exception type for bad input (illegal actions, wrong player, corrupt saves, bad configurations)."""


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
