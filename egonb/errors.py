"""The one exception type for bad input (illegal actions, wrong player, corrupt saves, bad configurations),
and the checks of a count, a seed or a time given as a setting."""

import math
import numbers
import operator


class GameError(ValueError):
    """Raised for any bad input; the message says what was wrong and what was allowed.

    Whatever raised it leaves the game exactly as it was before the call. `problem`
    is the first part alone, and `public` the problem without the player's secrets
    (a drawn card it names is unnamed): for records others may read, since the
    allowed actions can show the player's own hand.
    """

    def __init__(self, problem: str, allowed: str = "", public: str | None = None) -> None:
        super().__init__(f"{problem}; allowed: {allowed}" if allowed else problem)
        self.problem = problem
        self.allowed = allowed
        self.public = problem if public is None else public


def whole_number(what: str, value: object) -> int:
    """`value` as a plain int if it is a whole number (a seed, a seat; numpy integers too, not True/False)."""
    number = whole_or_none(value)
    if number is None:
        raise TypeError(f"{what} must be a whole number, got {value!r}")
    return number


def seed_number(value: object, what: str = "seed") -> int:
    """A seed: a whole number of at least 0 (numpy integers too). A negative one is refused because Python's
    `random.seed` ignores the sign: seed -5 would deal exactly the cards of seed 5."""
    number = whole_number(what, value)
    if number < 0:
        raise ValueError(f"{what} must be 0 or more (a negative seed deals the same cards as its positive twin), "
                         f"got {number}")
    return number


def positive_int(what: str, value: object) -> int:
    """`value` if it is a whole number of at least 1 (games, workers, a search budget; numpy integers too)."""
    number = whole_or_none(value)
    if number is None or number < 1:
        error = TypeError if number is None else ValueError
        raise error(f"{what} must be a whole number of at least 1, got {value!r}")
    return number


def whole_or_none(value: object) -> int | None:
    """The int that `value` stands for (numpy integers too), or None if it is no whole number: True and
    False are not, nor floats, strings or arrays, nor an object whose `__index__` fails (an agent's bug must
    come back as a refused action, not as an error inside the engine)."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except Exception:
        return None


def positive_number(what: str, value: object, *, zero_ok: bool = False) -> float:
    """`value` if it is a finite number above 0, or 0 too with `zero_ok` (a time limit, a margin; numpy numbers too)."""
    wanted = "number of 0 or more" if zero_ok else "positive number"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{what} must be a {wanted}, got {value!r}")
    number = float(value)
    if not (math.isfinite(number) and (number > 0 or zero_ok and number == 0)):
        raise ValueError(f"{what} must be a finite {wanted}, got {value!r}")
    return number


class AgentFault(Exception):
    """What an agent playing in a process of its own (`egonb.sandbox`) did wrong, for the game loop to record as
    that seat's fault: its `kind` ('exception', 'illegal', 'timeout', 'crash' or 'memory'), a plain `message`, and
    `where` in the agent's code ("file:line in function: code" lines) when there is such a place."""

    def __init__(self, kind: str, message: str, where: str = "") -> None:
        super().__init__(message)
        self.kind, self.message, self.where = kind, message, where
