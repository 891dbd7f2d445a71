"""Actions: small immutable values, each with a stable integer id in one fixed action space.

Cards are named by value (equal values are interchangeable); targets are seat
offsets relative to the actor (1 = the next player clockwise). Every action in
the game is one of the `ACTIONS` table, so a learning agent gets a fixed-size mask.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from ...messages import ENGLISH, Texts
from .cards import VALUES
from .events import card_words

MAX_PLAYERS: Final = 6


class Action(NamedTuple):
    """One decision. `kind` says which; `a`, `b`, `c` are card values or seat offsets."""

    id: int
    kind: str
    a: int = 0
    b: int = 0
    c: int = 0

    def __str__(self) -> str:
        return f"{self.words()} ({self.rule})"

    def words(self, texts: Texts = ENGLISH) -> str:
        """What the action does (the catalogue's `action.<kind>`), without the rule id that `str()` adds."""
        side = texts("action.exchange.left" if self.b == 1 else "action.exchange.right")  # an exchange's Citybot
        what = (texts("action.exchange.visible", c=_card(self.c, texts)) if self.c
                else texts("action.exchange.pile"))
        return texts(f"action.{self.kind}", a=_card(self.a, texts), b=_card(self.b, texts), oa=self.a, ob=self.b,
                     side=side, what=what)

    @property
    def rule(self) -> str:
        """The rule id(s) the action cites; `GameState.rule_of` gives the one that applies in a game (the 789's
        A8, the solo ids)."""
        return RULES[self.kind]


def _card(v: int, texts: Texts) -> str:
    return card_words(v, texts) if v else ""


#: Per kind, the rule id(s) it cites (its words are the catalogue's `action.<kind>`, egonb/messages).
RULES: Final = {
    "draw": "T1", "stop": "T5", "take": "T2", "match": "T3", "pair": "T4", "discard_drawn": "T1, D1", "keep": "T1",
    "skip": "D2", "hourglass": "A12", "look": "A10", "designate": "A11", "shield": "A9", "no_shield": "A9",
    "pick": "A11", "random": "A11", "announce": "A11", "reveal_pile": "SP10", "exchange": "SP11", "swap": "SP11",
}

_table: list[Action] = []


def _add(kind: str, a: int = 0, b: int = 0, c: int = 0) -> Action:
    act = Action(len(_table), kind, a, b, c)
    _table.append(act)
    return act


DRAW: Final = _add("draw")
STOP: Final = _add("stop")
TAKE: Final = {v: _add("take", v) for v in VALUES}
MATCH: Final = {v: _add("match", v) for v in VALUES}
#: T4 pairs (play, keep): equal values, or the 789 with a 7 or a 9 (A8).
PAIR: Final = {(v, v): _add("pair", v, v) for v in VALUES}
PAIR.update({(p, k): _add("pair", p, k) for p, k in ((8, 7), (7, 8), (8, 9), (9, 8))})
DISCARD_DRAWN: Final = _add("discard_drawn")
KEEP: Final = {v: _add("keep", v) for v in VALUES}
SKIP: Final = _add("skip")
HOURGLASS: Final = _add("hourglass")
LOOK: Final = {o: _add("look", o) for o in range(1, MAX_PLAYERS)}
DESIGNATE: Final = {(i, j): _add("designate", i, j) for i in range(MAX_PLAYERS) for j in range(i + 1, MAX_PLAYERS)}
SHIELD: Final = _add("shield")
NO_SHIELD: Final = _add("no_shield")
PICK: Final = {v: _add("pick", v) for v in VALUES}
RANDOM: Final = _add("random")
ANNOUNCE: Final = {v: _add("announce", v) for v in VALUES}
REVEAL_PILE: Final = {o: _add("reveal_pile", o) for o in (1, 2)}
#: SP11 exchange: (your card, bot offset, its card or 0 for the top of its pile).
EXCHANGE: Final = {(g, o, t): _add("exchange", g, o, t) for g in VALUES for o in (1, 2) for t in (0, *VALUES)}
SWAP: Final = {(v, w): _add("swap", v, w) for v in VALUES for w in VALUES}

ACTIONS: Final[tuple[Action, ...]] = tuple(_table)
NUM_ACTIONS: Final = len(ACTIONS)

