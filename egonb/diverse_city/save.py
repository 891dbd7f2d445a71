"""Saving a Diverse City game to JSON and loading it back, refusing anything malformed or tampered with."""

from __future__ import annotations

import json
import random
from typing import Any, cast

from ..errors import GameError
from .checks import problems
from .config import Config
from .events import TEXTS, Event
from .state import DCState

FORMAT = "egonb-diverse-city"
VERSION = 1
_LISTS = ("draw_pile", "discard", "hands", "fronts", "asks", "scores", "totals", "winners", "shown")
_INTS = ("round", "first", "turn", "turns", "redeals")
FIELDS = {"format", "version", "config", "rng", "seed", "known", "current", "phase", "pending", "events",
          *_LISTS, *_INTS}


def to_dict(s: DCState) -> dict[str, Any]:
    version, internal, gauss = s.rng.getstate()
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "config": s.config.to_dict(),
                            "rng": [version, list(internal), gauss], "seed": s.seed,
                            "known": [[obs, seat, cards] for (obs, seat), cards in sorted(s.known.items())],
                            "current": s.current, "phase": s.phase, "pending": s.pending,
                            "events": [e.to_dict() for e in s.events]}
    data.update({name: getattr(s, name) for name in (*_LISTS, *_INTS)})
    return data


def dumps(s: DCState) -> str:
    return json.dumps(to_dict(s), separators=(",", ":"))


def loads(text: str | bytes) -> DCState:
    """A game from `dumps` output; GameError says what is wrong with anything else."""
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
        found = problems(s)
    except GameError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise GameError(f"saved game is malformed: {exc!r}") from None
    if found:
        raise GameError("saved game is not a possible position: " + "; ".join(found))
    return s


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


def _build(d: dict[str, Any]) -> DCState:
    s = DCState.__new__(DCState)
    s.config = Config.from_dict(d["config"])
    n = s.n = s.config.players
    version, internal, gauss = d["rng"]
    s.rng = random.Random()
    s.rng.setstate((version, tuple(_ints(internal)), gauss))
    s.seed = d["seed"] if type(d["seed"]) is int else None
    for name, depth in (("draw_pile", 1), ("discard", 1), ("hands", 2), ("fronts", 3), ("asks", 2), ("scores", 2),
                        ("totals", 1), ("winners", 1), ("shown", 2)):
        setattr(s, name, _ints(d[name], depth))
    for name in _INTS:
        if type(d[name]) is not int:
            raise GameError(f"{name} must be a whole number")
        setattr(s, name, d[name])
    if len(s.hands) != n or len(s.fronts) != n or len(s.totals) != n or any(len(r) != n for r in s.scores):
        raise GameError(f"hands, fronts, totals and round scores must have {n} entries")
    if any(len(e) != 3 for f in s.fronts for e in f) or any(len(a) != 2 for a in s.asks):
        raise GameError("a disaster in front is [card, partial, slot] and an ask is [seat, place]")
    if not all(type(v) in (int, bool) or v is None or isinstance(v, list) for v in d["pending"].values()):
        raise GameError("pending values must be numbers, true/false or lists")
    s.pending = dict(d["pending"])
    s.known = {(obs, seat): _ints(cards) for obs, seat, cards in d["known"]}
    if any(not (0 <= obs < n and 0 <= seat < n) or obs == seat for obs, seat in s.known):
        raise GameError("known cards must name two different seats")
    s.current, s.phase = d["current"], d["phase"]
    if s.current is not None and type(s.current) is not int:
        raise GameError("current must be a seat or null")
    s.events = [cast(Event, Event.from_dict(e)) for e in d["events"]]
    if any(e.kind not in TEXTS for e in s.events):
        raise GameError("an event of an unknown kind")
    s._legal = None
    return s
