"""Saving a Diverse City game to JSON and loading it back, refusing anything malformed or tampered with.

What is saved is the state's parts (`state.PARTS`, declared once on `DCState`), each written and read as its kind
says. A loaded game is checked and settled (P8) by `checks.settled`, as a built position is, before it is handed over.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, cast

from ...errors import GameError
from .checks import settled
from .config import Config
from .decisions import PHASES, from_values, to_values
from .events import KINDS, Event
from .state import PARTS, DCState

FORMAT = "egonb-diverse-city"
VERSION = 1
FIELDS = {"format", "version", *(f.name for f in PARTS)}


def _fresh(value: Any) -> Any:
    """A JSON value copied all the way down (an event's args hold lists)."""
    if isinstance(value, dict):
        return {k: _fresh(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_fresh(v) for v in value]
    return value


def _rng(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


#: How each kind of part is written as JSON values (sharing the game's lists: `to_dict` copies them).
_WRITE: dict[str, Callable[[Any], Any]] = {
    "config": Config.to_dict, "rng": _rng, "pending": to_values,
    "known": lambda known: [[obs, seat, cards] for (obs, seat), cards in sorted(known.items())],
    "events": lambda events: [e.to_dict() for e in events],
}


def _values(s: DCState) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    data.update((f.name, _WRITE.get(f.metadata["kind"], _same)(getattr(s, f.name))) for f in PARTS)
    return data


def _same(value: Any) -> Any:
    return value


def to_dict(s: DCState) -> dict[str, Any]:
    """The game as JSON values, all of them new: editing the result changes no game."""
    return cast(dict[str, Any], _fresh(_values(s)))


def dumps(s: DCState) -> str:
    return json.dumps(_values(s), separators=(",", ":"))


def loads(text: str | bytes) -> DCState:
    """A game from `dumps` output, settled (P8); GameError says what is wrong with anything else."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise GameError(f"a saved Diverse City game must be JSON text: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise GameError(f"not a saved Diverse City game (format {FORMAT!r}, version {VERSION})")
    if set(data) != FIELDS:
        raise GameError(f"saved game fields are wrong: unknown {sorted(set(data) - FIELDS)}, "
                        f"missing {sorted(FIELDS - set(data))}")
    try:
        s = _build(data)
    except GameError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise GameError(f"saved game is malformed: {exc!r}") from None
    return settled(s, "saved game is not a possible position")


def _ints(value: Any, depth: int = 1) -> Any:
    """`value` checked to be a list of ints (depth 1), a list of such lists (depth 2), and so on."""
    if not isinstance(value, list):
        raise GameError(f"expected a list, got {value!r}")
    for v in value:
        if depth > 1:
            _ints(v, depth - 1)
        elif type(v) is not int:
            raise GameError(f"expected whole numbers, got {v!r}")
    return value


def _whole(value: Any, name: str) -> int:
    if type(value) is not int:
        raise GameError(f"{name} must be a whole number")
    return value


def _maybe(value: Any, name: str) -> int | None:
    if value is not None and type(value) is not int:
        raise GameError(f"{name} must be a whole number or null")
    return value


def _read_rng(value: Any, name: str) -> random.Random:
    version, internal, gauss = value
    rng = random.Random.__new__(random.Random)  # not seeded: its state is set at once
    rng.setstate((version, tuple(_ints(internal)), gauss))
    return rng


def _read_phase(value: Any, name: str) -> str:
    if value not in PHASES:
        raise GameError(f"unknown decision {value!r}")
    return str(value)


def _read_known(value: Any, name: str) -> dict[tuple[int, int], list[int]]:
    return {(_whole(obs, "an observer"), _whole(seat, "a seat")): _ints(cards) for obs, seat, cards in value}


def _read_events(value: Any, name: str) -> list[Event]:
    events = [cast(Event, Event.from_dict(e)) for e in value]
    if any(e.kind not in KINDS for e in events):
        raise GameError("an event of an unknown kind")
    return events


#: How each kind of part is read and checked (the pending record is read with its decision, below).
_READ: dict[str, Callable[[Any, str], Any]] = {
    "whole": _whole, "maybe": _maybe, "rng": _read_rng, "phase": _read_phase, "known": _read_known,
    "events": _read_events, "cards": lambda v, _: _ints(v, 1), "cards2": lambda v, _: _ints(v, 2),
    "cards3": lambda v, _: _ints(v, 3),
}


def _build(d: dict[str, Any]) -> DCState:
    config = Config.from_dict(d["config"])
    n = config.players
    parts = {f.name: _READ[f.metadata["kind"]](d[f.name], f.name) for f in PARTS
             if f.metadata["kind"] in _READ}
    parts["pending"] = from_values(parts["phase"], _object(d["pending"]))
    if len(parts["hands"]) != n or len(parts["fronts"]) != n or len(parts["totals"]) != n or any(
            len(r) != n for r in parts["scores"]):
        raise GameError(f"hands, fronts, totals and round scores must have {n} entries")
    if any(len(e) != 3 for f in parts["fronts"] for e in f) or any(len(a) != 2 for a in parts["asks"]):
        raise GameError("a disaster in front is [card, partial, slot] and an ask is [seat, place]")
    if any(not (0 <= obs < n and 0 <= seat < n) or obs == seat for obs, seat in parts["known"]):
        raise GameError("known cards must name two different seats")
    return DCState(config=config, **parts)


def _object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise GameError("pending must be an object")
    return value
