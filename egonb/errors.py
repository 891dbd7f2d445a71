"""The one exception type for bad input (illegal actions, wrong player, corrupt saves, bad configurations)."""


class GameError(ValueError):
    """Raised for any bad input; the message says what was wrong and what was allowed.

    Whatever raised it leaves the game exactly as it was before the call.
    """
