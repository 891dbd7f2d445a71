"""Diverse City's actions: small immutable values, each with a stable integer id in one fixed action space.

Cards are named by code (equal cards are interchangeable), other players by seat offset (1 = the player to the
left), a disaster by its place in its owner's row in front (0 = the oldest). Multi-card acts are one card per
action (P8): a resolve fills one slot per FILL, a donation gives one card per GIVE.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import CITY_CODES, MAX_FRONT, MAX_PLAYERS, PEOPLE


class Action(NamedTuple):
    """One decision. `kind` says which; `card` is a card code, `offset` a seat offset, `slot` a disaster's place."""

    id: int
    kind: str
    card: int = -1
    offset: int = 0
    slot: int = 0

    @property
    def rule(self) -> str:
        return RULES[self.kind]


#: Per kind, the rule id(s) it cites.
RULES = {
    "draw": "P2", "take": "P2", "discard": "P4, H1, M3, M4", "fill": "X3", "give": "X4, X5", "ask": "X5",
    "decline": "X5", "stop": "P5, X4", "pass": "P4", "call": "R1", "no_call": "R1",
}

_table: list[Action] = []


def _add(kind: str, card: int = -1, offset: int = 0, slot: int = 0) -> Action:
    act = Action(len(_table), kind, card, offset, slot)
    _table.append(act)
    return act


DRAW = _add("draw")
TAKE = _add("take")
DECLINE = _add("decline")
STOP = _add("stop")
PASS = _add("pass")
CALL = _add("call")
NO_CALL = _add("no_call")
DISCARD = {c: _add("discard", c) for c in (*CITY_CODES, PEOPLE)}
FILL = {(c, d): _add("fill", c, 0, d) for c in CITY_CODES for d in range(MAX_FRONT)}
GIVE = {(c, o, d): _add("give", c, o, d) for c in CITY_CODES for o in range(1, MAX_PLAYERS) for d in range(MAX_FRONT)}
ASK = {(o, d): _add("ask", -1, o, d) for o in range(1, MAX_PLAYERS) for d in range(MAX_FRONT)}

ACTIONS: tuple[Action, ...] = tuple(_table)
NUM_ACTIONS = len(ACTIONS)
