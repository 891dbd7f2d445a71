"""Saving a game to JSON and loading it back, refusing anything malformed or tampered with.

The parts written are `fields.FIELDS`, each by its kind; `validate` is also what vouches for a position built
with `GameState.from_position`. This module reads a state through its public parts and never builds one itself:
`GameState.from_json` assembles the parts `loads` returns, then calls `validate`.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from ...errors import GameError
from .decisions import AbilityOffer, Pending, Phase, ShieldQuestion, TwoCardsChoice
from .events import KINDS, Event
from .fields import FIELDS
from .rules import Rules

if TYPE_CHECKING:
    from .state import GameState

FORMAT = "egonb-game"
#: 2 added "seed" (later rounds are dealt from it; a version 1 game deals them from "rng"); 3 added "turns" and
#: each event's "turn" and "step" (a version 1 or 2 game counts its turns from 0 on).
VERSION = 3
_ADDED = {"seed": 2, "turns": 3}
_PENDING_KEYS = {"card", "targets", "ask", "choices"}
_PHASES = frozenset(p.value for p in Phase)


def _rng_out(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_in(data: Any) -> random.Random:
    version, internal, gauss = data
    rng = random.Random()
    rng.setstate((version, tuple(_ints(internal, "rng")), gauss))
    return rng


def _known_in(data: Any, n: int) -> dict[tuple[int, int], list[int]]:
    known = {}
    for key, values in data.items():
        obs, seat = (int(x) for x in key.split(","))
        if not (0 <= obs < n and 0 <= seat < n) or obs == seat:
            raise GameError(f"known: no such pair of seats {key!r}")
        known[obs, seat] = _ints(values, "known cards")
    return known


def _phase_in(data: Any) -> Phase:
    if not isinstance(data, str) or data not in _PHASES:
        raise GameError(f"unknown decision {data!r}; known: {sorted(p.value for p in Phase)}")
    return Phase(data)


def _pending_out(pend: Pending | None) -> dict[str, Any]:
    """The pending record in the JSON form every version writes: {} when nothing is pending, {"card"} for an
    offered ability, and "card", "targets", "ask", "choices" once seats are designated."""
    if pend is None:
        return {}
    if isinstance(pend, AbilityOffer):
        return {"card": pend.card}
    ask = pend.ask if isinstance(pend, ShieldQuestion) else ()
    choices = pend.choices if isinstance(pend, TwoCardsChoice) else ()
    return {"card": pend.card, "targets": list(pend.targets), "ask": list(ask), "choices": [list(c) for c in choices]}


def _pending_in(data: Any, n: int) -> Pending | None:
    """The record `_pending_out` wrote: seats still to answer a Black Shield question make it a `ShieldQuestion`,
    none a `TwoCardsChoice` (`validate` checks it fits the decision)."""
    if not isinstance(data, dict):
        raise GameError("pending must be a JSON object")
    if set(data) - _PENDING_KEYS:
        raise GameError(f"unknown pending fields {sorted(set(data) - _PENDING_KEYS)}")
    if not data:
        return None
    card = data.get("card")
    if type(card) is not int:
        raise GameError(f"the pending ability's card must be an int, not {card!r}")
    if set(data) == {"card"}:
        return AbilityOffer(card)
    if set(data) != _PENDING_KEYS:
        raise GameError(f"the pending ability {data!r} needs all of {sorted(_PENDING_KEYS)}")
    targets, ask = tuple(_ints(data["targets"], "targets")), tuple(_ints(data["ask"], "ask"))
    choices = data["choices"]
    if not isinstance(choices, list) or not all(
            isinstance(c, list) and len(c) == 2 and c[0] in ("pick", "random", "announce") and type(c[1]) is int
            for c in choices):
        raise GameError(f"pending choices must be [kind, value] pairs, not {choices!r}")
    if ask:
        if choices:
            raise GameError("no Two Cards choice is made while a Black Shield question is open (A9)")
        return ShieldQuestion(card, targets, ask)
    return TwoCardsChoice(card, targets, tuple((kind, value) for kind, value in choices))


def _lists_in(data: Any, what: str) -> list[list[int]]:
    if not isinstance(data, list):
        raise GameError(f"{what} must be a list of lists of ints")
    return [_ints(x, what) for x in data]


#: kind -> (write, read(data, players)) for the parts that are not plain JSON values.
_CODECS: dict[str, tuple[Any, Any]] = {
    "rng": (_rng_out, lambda d, n: _rng_in(d)),
    "known": (lambda k: {f"{o},{s}": v for (o, s), v in sorted(k.items())}, _known_in),
    "events": (lambda es: [e.to_dict() for e in es], lambda d, n: [Event.from_dict(e) for e in d]),
    "list": (lambda v: v, lambda d, n: _ints(d, "a list of cards or seats")),
    "lists": (lambda v: v, lambda d, n: _lists_in(d, "hands, piles and scores")),
    "pending": (_pending_out, _pending_in),
}
_READ_VALUE = {"phase": lambda d, n: _phase_in(d)}


def to_dict(state: GameState) -> dict[str, Any]:
    out: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    for name, kind in FIELDS:
        value = getattr(state, name)
        if name == "rules":
            out[name] = value.to_dict()
        elif kind in _CODECS:
            out[name] = _CODECS[kind][0](value)
        else:
            out[name] = value.value if isinstance(value, Phase) else value
    return out


def dumps(state: GameState) -> str:
    return json.dumps(to_dict(state), separators=(",", ":"))


def loads(text: str | bytes) -> tuple[Rules, dict[str, Any]]:
    """The rules and the parts of a game from `dumps` output (any version 1-3); GameError says what is wrong
    with anything else. `GameState.from_json` assembles and validates them."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise GameError(f"a saved game must be JSON text: {exc}") from None
    if not isinstance(data, dict):
        raise GameError("a saved game must be a JSON object")
    if data.get("format") != FORMAT:
        raise GameError(f"not an egonb saved game (format {data.get('format')!r}, expected {FORMAT!r})")
    version = data.get("version")
    if type(version) is not int or not 1 <= version <= VERSION:
        raise GameError(f"saved game format version {version!r} is not supported; this egonb reads versions 1 to "
                        f"{VERSION}: a game saved by a newer egonb needs that egonb (upgrade egonb to load it)")
    fields = {"format", "version"} | {f.name for f in FIELDS if _ADDED.get(f.name, 1) <= version}
    unknown, missing = set(data) - fields, fields - set(data)
    if unknown or missing:
        raise GameError(f"saved game fields are wrong: unknown {sorted(unknown)}, missing {sorted(missing)}")
    try:
        rules = Rules.from_dict(data["rules"])
        n = rules.players
        values: dict[str, Any] = {}
        for name, kind in FIELDS:
            if name == "rules" or name not in data:
                continue
            read = _READ_VALUE.get(name) or (_CODECS[kind][1] if kind in _CODECS else None)
            values[name] = read(data[name], n) if read else data[name]
    except GameError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise GameError(f"saved game is malformed: {exc!r}") from None
    for key in ("hands", "piles"):
        if len(values[key]) != n:
            raise GameError(f"{key} must list {n} hands, one per player")
    seed = values.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise GameError(f"seed must be an int or null, got {seed!r}")
    return rules, values


def _ints(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise GameError(f"{what} must be a list of ints")
    return list(value)


def _validate_pending(s: GameState) -> None:
    """The pending ability matches the decision: who is asked, who is designated, what was chosen."""
    pend, phase, n = s.pending, s.phase, s.n
    if phase in ("action", "keep_or_discard", "game_over"):
        ok = pend is None
    elif phase == "ability":
        ok = isinstance(pend, AbilityOffer) and pend.card in (10, 11, 12)
    elif isinstance(pend, (ShieldQuestion, TwoCardsChoice)) and pend.card in (10, 11) \
            and 1 <= len(pend.targets) <= 2 and len(set(pend.targets)) == len(pend.targets) \
            and all(0 <= t < n for t in pend.targets):
        if isinstance(pend, ShieldQuestion):
            ok = phase == "shield" and bool(pend.ask) and all(t in pend.targets for t in pend.ask) \
                and s.current == pend.ask[0]
        else:
            ok = phase == "two_cards_choice" and len(pend.targets) == 2 and len(pend.choices) < 2
    else:
        ok = False
    if not ok:
        raise GameError(f"the pending ability {pend!r} does not fit the decision '{phase}'")
    if phase not in ("shield", "game_over") and s.current != s.turn:
        raise GameError("outside a Black Shield question, the player whose turn it is decides")


def validate(s: GameState) -> None:
    """Every card exactly once, seats and phase consistent, knowledge true: GameError says what is not."""
    n = s.n
    for name in ("turn", "round", "drawn", "stop_caller", "turns"):  # exact ints: the range checks below rely on it
        if type(getattr(s, name)) is not int:
            raise GameError(f"{name} must be an int")
    if type(s.extra) is not bool:
        raise GameError("extra must be true or false")
    over = s.phase == "game_over"
    if not 0 <= s.turn < n:
        raise GameError(f"turn must be a seat 0-{n - 1}")
    if over != (s.current is None) or (s.current is not None and not (
            isinstance(s.current, int) and 0 <= s.current < n)):
        raise GameError("current player must be a seat while the game goes on, and null once it is over")
    if not -1 <= s.stop_caller < n:
        raise GameError("stop_caller must be -1 or a seat")
    if (s.drawn != 0) != (s.phase == "keep_or_discard"):
        raise GameError("a drawn card is held exactly while its player must keep or discard it")
    _validate_pending(s)
    if not over and (s.winners or s.round != len(s.scores) + 1) or over and (
            not s.winners or s.round != len(s.scores)):
        raise GameError("round, scores and winners disagree: winners are named once the game is over")
    for e in s.events:
        known_kind = e.kind in KINDS or e.kind == "round_end"
        if not known_kind or not isinstance(e.args, dict) or not isinstance(e.secret, (dict, type(None))) \
                or not all(type(seat) is int and 0 <= seat < n for seat in e.to):
            raise GameError(f"malformed event {e.kind!r}")
    if len(s.totals) != n or any(len(r) != n for r in s.scores):
        raise GameError(f"totals and each round's scores must have {n} entries")
    if ([sum(col) for col in zip(*s.scores)] if s.scores else [0] * n) != s.totals:
        raise GameError("totals are not the sum of the round scores")
    if s.round < 1:
        raise GameError("round must be a positive int")
    cards = s.deck + s.discard + [c for h in s.hands for c in h] + [c for p in s.piles for c in p]
    if s.drawn:
        cards.append(s.drawn)
    have, want = Counter(cards), Counter(s.rules.deck)
    if have != want:
        extra, short = have - want, want - have
        raise GameError(f"the cards do not add up to the deck: extra {dict(sorted(extra.items()))}, "
                        f"missing {dict(sorted(short.items()))}")
    if any(pile for p, pile in enumerate(s.piles) if p not in s.automated_seats):
        raise GameError("only automated seats (the Citybots) have hidden piles")
    for (_, seat), values in s.known.items():
        if Counter(values) - Counter(s.hands[seat]):
            raise GameError("known cards must be in the hand they are known to be in")
    try:
        s.legal_actions()
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise GameError(f"saved decision is inconsistent: {exc!r}") from None
    if not over and not s.legal_actions():
        raise GameError("the saved decision has no legal action")
