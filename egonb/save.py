"""Saving a game to JSON and loading it back, refusing anything malformed or tampered with."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from .errors import GameError
from .events import TEXTS, Event
from .rules import Rules
from .state import DECISION_TEXT, GameState

FORMAT = "egonb-game"
VERSION = 2  # 2 added "seed" (later rounds are dealt from it); a version 1 game deals them from "rng"

_FIELDS = (
    "format", "version", "rules", "rng", "seed", "deck", "discard", "hands", "piles", "known", "round",
    "scores", "totals", "turn", "current", "phase", "drawn", "pending", "stop_caller", "extra",
    "winners", "events",
)
_PENDING_KEYS = {"card", "targets", "ask", "choices"}


def to_dict(state: GameState) -> dict[str, Any]:
    version, internal, gauss = state.rng.getstate()
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": state.rules.to_dict(),
        "rng": [version, list(internal), gauss],
        "seed": state.seed,
        "deck": state.deck,
        "discard": state.discard,
        "hands": state.hands,
        "piles": state.piles,
        "known": {f"{k // 8},{k % 8}": v for k, v in sorted(state.known.items())},
        "round": state.round,
        "scores": state.scores,
        "totals": state.totals,
        "turn": state.turn,
        "current": state.current,
        "phase": state.phase,
        "drawn": state.drawn,
        "pending": state.pending,
        "stop_caller": state.stop_caller,
        "extra": state.extra,
        "winners": state.winners,
        "events": [e.to_dict() for e in state.events],
    }


def dumps(state: GameState) -> str:
    return json.dumps(to_dict(state), separators=(",", ":"))


def loads(text: str | bytes) -> GameState:
    """A game from `dumps` output; GameError says what is wrong with anything else."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise GameError(f"a saved game must be JSON text: {exc}") from None
    return from_dict(data)


def from_dict(data: Any) -> GameState:
    if not isinstance(data, dict):
        raise GameError("a saved game must be a JSON object")
    if data.get("format") != FORMAT:
        raise GameError(f"not an egonb saved game (format {data.get('format')!r}, expected {FORMAT!r})")
    if data.get("version") not in (1, VERSION) or isinstance(data.get("version"), bool):
        raise GameError(f"saved game format version {data.get('version')!r} is not supported; this egonb reads "
                        f"versions 1 and {VERSION}")
    fields = set(_FIELDS) - ({"seed"} if data["version"] == 1 else set())
    unknown, missing = set(data) - fields, fields - set(data)
    if unknown or missing:
        raise GameError(f"saved game fields are wrong: unknown {sorted(unknown)}, missing {sorted(missing)}")
    try:
        state = _build(data)
    except GameError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise GameError(f"saved game is malformed: {exc!r}") from None
    _validate(state)
    return state


def _ints(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise GameError(f"{what} must be a list of ints")
    return list(value)


def _build(d: dict[str, Any]) -> GameState:
    rules = Rules.from_dict(d["rules"])
    n = rules.players
    s = GameState.__new__(GameState)
    s.rules, s.n, s.solo = rules, n, rules.solo
    version, internal, gauss = d["rng"]
    s.rng = random.Random()
    s.rng.setstate((version, tuple(_ints(internal, "rng")), gauss))
    s.seed = d.get("seed")
    if s.seed is not None and (not isinstance(s.seed, int) or isinstance(s.seed, bool)):
        raise GameError(f"seed must be an int or null, got {s.seed!r}")
    s.deck = _ints(d["deck"], "deck")
    s.discard = _ints(d["discard"], "discard")
    for key in ("hands", "piles"):
        if not isinstance(d[key], list) or len(d[key]) != n:
            raise GameError(f"{key} must list {n} hands, one per player")
    s.hands = [_ints(h, "a hand") for h in d["hands"]]
    s.piles = [_ints(h, "a pile") for h in d["piles"]]
    s.known = {}
    for key, values in d["known"].items():
        obs, seat = (int(x) for x in key.split(","))
        if not (0 <= obs < n and 0 <= seat < n) or obs == seat:
            raise GameError(f"known: no such pair of seats {key!r}")
        s.known[obs * 8 + seat] = _ints(values, "known cards")
    s.round = d["round"]
    s.scores = [_ints(x, "scores") for x in d["scores"]]
    s.totals = _ints(d["totals"], "totals")
    s.turn, s.current, s.phase = d["turn"], d["current"], d["phase"]
    s.drawn, s.stop_caller, s.extra = d["drawn"], d["stop_caller"], d["extra"]
    s.pending = dict(d["pending"])
    s.winners = _ints(d["winners"], "winners")
    s.events = [Event.from_dict(e) for e in d["events"]]
    s._legal = None
    return s


def _validate_pending(s: GameState) -> None:
    """The pending ability matches the decision: who is asked, who is designated, what was chosen."""
    pend, phase, n = s.pending, s.phase, s.n
    if phase in ("action", "keep_or_discard", "game_over"):
        ok = not pend
    elif phase == "ability":
        ok = set(pend) == {"card"} and pend["card"] in (10, 11, 12)
    else:
        ok = set(pend) == _PENDING_KEYS and pend["card"] in (10, 11) and isinstance(pend["targets"], list) \
            and 1 <= len(pend["targets"]) <= 2 and len(set(pend["targets"])) == len(pend["targets"]) \
            and all(type(t) is int and 0 <= t < n for t in pend["targets"]) \
            and isinstance(pend["ask"], list) and all(t in pend["targets"] for t in pend["ask"]) \
            and isinstance(pend["choices"], list) and len(pend["choices"]) < len(pend["targets"]) \
            and all(isinstance(c, list) and len(c) == 2 and c[0] in ("pick", "random", "announce")
                    and type(c[1]) is int for c in pend["choices"])
        if phase == "shield":
            ok = ok and bool(pend["ask"]) and s.current == pend["ask"][0]
        else:
            ok = ok and not pend["ask"] and len(pend["targets"]) == 2
    if not ok:
        raise GameError(f"the pending ability {pend!r} does not fit the decision {phase!r}")
    if phase not in ("shield", "game_over") and s.current != s.turn:
        raise GameError("outside a Black Shield question, the player whose turn it is decides")


def _validate(s: GameState) -> None:
    """Every card exactly once, seats and phase consistent, knowledge true."""
    n = s.n
    if s.phase not in DECISION_TEXT:
        raise GameError(f"unknown decision {s.phase!r}; known: {sorted(DECISION_TEXT)}")
    for name in ("turn", "round", "drawn", "stop_caller"):  # exact ints: the range checks below rely on it
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
    if set(s.pending) - _PENDING_KEYS:
        raise GameError(f"unknown pending fields {sorted(set(s.pending) - _PENDING_KEYS)}")
    _validate_pending(s)
    if not over and (s.winners or s.round != len(s.scores) + 1) or over and (
            not s.winners or s.round != len(s.scores)):
        raise GameError("round, scores and winners disagree: winners are named once the game is over")
    for e in s.events:
        known_kind = e.kind in TEXTS or e.kind == "round_end"
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
    if not s.discard:
        raise GameError("the discard pile cannot be empty")
    if not s.solo and any(s.piles):
        raise GameError("only Citybots have hidden piles")
    for key, values in s.known.items():
        if Counter(values) - Counter(s.hands[key % 8]):
            raise GameError("known cards must be in the hand they are known to be in")
    try:
        s.legal_actions()
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise GameError(f"saved decision is inconsistent: {exc!r}") from None
    if not over and not s.legal_actions():
        raise GameError("the saved decision has no legal action")
