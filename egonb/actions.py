"""Actions: small immutable values, each with a stable integer id in one fixed action space.

Cards are named by value (equal values are interchangeable); targets are seat
offsets relative to the actor (1 = the next player clockwise). Every action in
the game is one of the `ACTIONS` table, so a learning agent gets a fixed-size mask.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .cards import VALUES, card_name

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

    def words(self) -> str:
        """What the action does, without the rule id that `str()` adds."""
        side = "Citybot Left" if self.b == 1 else "Citybot Right"  # an exchange's Citybot (SP11)
        what = f"its visible {_card(self.c)}" if self.c else "the top card of its pile"
        return _TEXT[self.kind][0].format(a=_card(self.a), b=_card(self.b), oa=self.a, ob=self.b, side=side, what=what)

    @property
    def rule(self) -> str:
        """The rule id(s) the action cites; `GameState.rule_of` gives the one that applies in a game (the 789's
        A8, the solo ids)."""
        return _TEXT[self.kind][1]


def _card(v: int) -> str:
    return card_name(v) if v else ""


#: Per kind: what the action does and the rule id(s) it cites.
_TEXT: Final = {
    "draw": ("draw the top card of the deck", "T1"),
    "stop": ("say STOP", "T5"),
    "take": ("take the top discard card in place of your {a}", "T2"),
    "match": ("play your {a} on the discard pile as a match", "T3"),
    "pair": ("show the pair {a} + {b} and play the {a}", "T4"),
    "discard_drawn": ("discard the drawn card", "T1, D1"),
    "keep": ("keep the drawn card in place of your {a}", "T1"),
    "skip": ("do not use the ability", "D2"),
    "hourglass": ("use the Hourglass: take another turn", "A12"),
    "look": ("look at the hand of the player {oa} seat(s) to your left", "A10"),
    "designate": ("designate the players at offsets {oa} and {ob} for Two Cards", "A11"),
    "shield": ("play your 9 (Black Shield) to cancel the effect", "A9"),
    "no_shield": ("let the effect happen", "A9"),
    "pick": ("give your {a} in the exchange", "A11"),
    "random": ("take a random card from that player", "A11"),
    "announce": ("announce the value {oa}", "A11"),
    "reveal_pile": ("reveal the hidden pile of Citybot at offset {oa}", "SP10"),
    "exchange": ("give your {a} to {side} for {what}", "SP11"),
    "swap": ("swap Citybot Left's {a} with Citybot Right's {b}", "SP11"),
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

