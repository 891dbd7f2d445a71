"""The decisions Diverse City asks (`Phase`, in the order a turn meets them) and the typed records of what a
decision is about (`Pending`), as Egocentric World's `egonb.games.egocentric_world.decisions` holds its own.

A pending record is immutable: the state replaces it
whole, so copies of a state share it safely. Outside the decisions that have one, nothing is pending (None).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, TypeAlias


class Phase:
    """The decisions, as named constants: plain strings, as views and saves show them (and fast to compare, which
    an Enum in the engine's inner loop is not)."""

    DRAW: Final = "draw"
    MAIN: Final = "main"
    ANSWER: Final = "answer"
    GIVE_MORE: Final = "give_more"
    RESOLVE_FILL: Final = "resolve_fill"
    RESOLVE_MORE: Final = "resolve_more"
    MAJOR: Final = "major"
    HAND_LIMIT: Final = "hand_limit"
    DIVERSITY: Final = "diversity"
    GAME_OVER: Final = "game_over"


#: Every decision a state can be at, in the order a turn meets them, and the game's end.
PHASES = (Phase.DRAW, Phase.MAIN, Phase.ANSWER, Phase.GIVE_MORE, Phase.RESOLVE_FILL, Phase.RESOLVE_MORE, Phase.MAJOR,
          Phase.HAND_LIMIT, Phase.DIVERSITY, Phase.GAME_OVER)


@dataclass(frozen=True, slots=True)
class Answer:
    """X5: `asker` asked the deciding seat to donate to its disaster at `place`."""

    asker: int
    place: int


@dataclass(frozen=True, slots=True)
class GiveMore:
    """X4, X5: the deciding seat gave one card to `owner`'s disaster at `place` and may give the second."""

    owner: int
    place: int


@dataclass(frozen=True, slots=True)
class ResolveFill:
    """X3: the deciding seat began to resolve its disaster at `place` and must fill its other slot."""

    place: int


@dataclass(frozen=True, slots=True)
class MajorChoice:
    """M1, M3, M4: the Major `card` is under way; the seats in `queue` choose after the deciding one, which still
    discards `left` cards (`people`: it may give up its PEOPLE instead, M3)."""

    card: int
    queue: tuple[int, ...]
    left: int = 0
    people: bool = False


Pending: TypeAlias = Answer | GiveMore | ResolveFill | MajorChoice

#: The record each decision is about (the others have none).
RECORDS: dict[str, type[Pending]] = {Phase.ANSWER: Answer, Phase.GIVE_MORE: GiveMore,
                                     Phase.RESOLVE_FILL: ResolveFill, Phase.MAJOR: MajorChoice}


def to_values(pending: Pending | None) -> dict[str, Any]:
    """The record as a saved game writes it: its fields by name (a queue as a list), {} for none."""
    if pending is None:
        return {}
    values = {name: getattr(pending, name) for name in pending.__match_args__}
    return {name: list(v) if isinstance(v, tuple) else v for name, v in values.items()}


def from_values(phase: str, values: dict[str, Any]) -> Pending | None:
    """The record of `phase` from `to_values` output (or a view's pairs); ValueError if the fields do not fit."""
    record = RECORDS.get(phase)
    if record is None:
        if values:
            raise ValueError(f"the decision {phase!r} has no pending record")
        return None
    if set(values) != set(record.__match_args__):
        raise ValueError(f"the pending record does not fit the decision {phase!r}")
    if not all(type(v) in (int, bool) or isinstance(v, (list, tuple)) and all(type(x) is int for x in v)
               for v in values.values()):
        raise ValueError("pending values must be whole numbers, true/false or lists of whole numbers")
    fresh: dict[str, Any] = {k: tuple(v) if isinstance(v, (list, tuple)) else v for k, v in values.items()}
    return record(**fresh)
