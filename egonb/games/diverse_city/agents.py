"""Diverse City's own heuristic player: keep the categories diverse, clear disasters, call Diversity when ahead and
its city is worth it.

`choose` reads only what a view shows (its own hand, the fronts, the totals, the hand sizes), so the same checklist
is the `HeuristicAgent` (on views) and the search agents' rollout policy (on sampled states, for speed).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...errors import GameError
from .actions import CALL, DECLINE, DRAW, NO_CALL, STOP, TAKE, Action
from .cards import CATEGORIES, PEOPLE, category_of, is_city
from .config import Config
from .decisions import Phase
from .state import DCState
from .view import View

#: What a PEOPLE card is worth keeping: its 3 points and the right to call Diversity (R1).
PEOPLE_WORTH = 10.0
#: Per card an opponent holds, the round score the heuristic expects of it.
POINTS_PER_CARD = 1.5
#: The round score (R3) a city must reach before the heuristic calls Diversity: a dealt hand with a PEOPLE often
#: leads the rivals' estimate at once, and calling on the first turn (it did, in half the rounds) turns a round
#: into a lottery of the deal.
CITY_WORTH = 14.0
#: Per turn of the round so far, how much less the city must be worth and how far behind the rivals' estimate it
#: still calls: only a call ends a round (R2), so players who all wait for a fine lead could play one round for ever.
PATIENCE = 0.5


def keep_worths(hand: Sequence[int], config: Config) -> dict[int, float]:
    """What each card of `hand` adds to its round score (R3, R4): 0 for a CITY card whose category is held twice,
    PEOPLE_WORTH for a PEOPLE card (the hand's categories counted once: the rollouts ask it at every step)."""
    same = [0] * len(CATEGORIES)
    for c in hand:
        if is_city(c):
            same[category_of(c)] += 1
    return {c: PEOPLE_WORTH if c == PEOPLE else 0.0 if is_city(c) and same[category_of(c)] > 1
            else float(config.points(c)) for c in hand}


def choose(legal: Sequence[Action], me: int, hand: Sequence[int], fronts: Sequence[Sequence[Sequence[int]]],
           totals: Sequence[int], hand_sizes: Sequence[int], top: int, decision: str, turns: int,
           config: Config) -> Action:
    """The checklist's action among `legal` for seat `me`."""
    if len(legal) == 1:
        return legal[0]
    if decision == "draw":  # take a PEOPLE, or a new category worth more than the card it would then discard
        worst = min(keep_worths(hand, config).values(), default=0.0)
        new_category = is_city(top) and all(category_of(c) != category_of(top) for c in hand if is_city(c))
        return TAKE if TAKE in legal and (top == PEOPLE or new_category and config.points(top) > worst) else DRAW
    if decision == "diversity":
        city = config.round_score(hand, [e[0] for e in fronts[me]])
        mine = totals[me] + city
        theirs = max(totals[p] + POINTS_PER_CARD * hand_sizes[p] + config.round_score([], [e[0] for e in fronts[p]])
                     for p in range(len(totals)) if p != me)
        if mine >= config.end_score:  # G1: a call that would end the game is worth it if it wins
            return CALL if mine > theirs else NO_CALL
        lenience = PATIENCE * turns
        return CALL if mine + lenience > theirs and city + lenience >= CITY_WORTH else NO_CALL
    if decision in ("answer", "give_more"):
        return DECLINE if DECLINE in legal else STOP  # helping a rival costs points
    fills = [a for a in legal if a.kind == "fill"]
    if fills:  # clear a disaster with the cards that score least
        worth = keep_worths(hand, config)
        return min(fills, key=lambda a: worth[a.card])
    asks = [a for a in legal if a.kind == "ask"]
    if asks:  # asking costs nothing
        return asks[0]
    discards = [a for a in legal if a.kind == "discard"]
    if discards:
        worth = keep_worths(hand, config)
        return min(discards, key=lambda a: (worth[a.card], a.card))
    return STOP if STOP in legal else legal[-1]  # a pass, or the end of a resolve


class HeuristicAgent:
    """Keeps its categories diverse, clears its disasters (asking each player once a round for each, X5), never
    helps a rival, and calls Diversity when its total with this round's score beats every rival's estimate and its
    city is worth `CITY_WORTH` (both less and less strictly as the round goes on: `PATIENCE`).

    X5 allows an ask per player and disaster in every turn; a player who declined is asked again only once the
    disaster changed (a partial given, X6) or in the next round, and a player with no card in hand never is, so a
    person at the table is not asked the same question turn after turn."""

    name = "dc-heuristic"

    def __init__(self) -> None:
        self.seat = 0
        #: The asks made this game: (round, asked seat, disaster, its partial).
        self.asked: set[tuple[int, int, int, int]] = set()

    def reset(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.asked = set()

    def act(self, view: View) -> Action:
        if view.current_player != view.player:
            raise GameError(f"this is seat {view.player}'s view, but seat {view.current_player} decides now")
        top = view.discard[-1] if view.discard else -1
        legal = [a for a in view.legal_actions if a.kind != "ask" or self._worth_asking(view, a)]
        act = choose(legal, view.player, view.hand, view.fronts, view.totals, view.hand_sizes,
                     top, view.decision, view.turns, view.rules)
        if act.kind == "ask":
            self.asked.add(_ask_key(view, act))
        return act

    def _worth_asking(self, view: View, act: Action) -> bool:
        seat = (view.player + act.offset) % view.rules.players
        return view.hand_sizes[seat] > 0 and _ask_key(view, act) not in self.asked


def _ask_key(view: View, act: Action) -> tuple[int, int, int, int]:
    """An ask as the heuristic remembers it: the round, the asked seat, the disaster's card and its partial."""
    code, partial, _ = view.fronts[view.player][act.slot]
    return view.round, (view.player + act.offset) % view.rules.players, code, partial


def rollout_action(state: DCState) -> Action:
    """The checklist for whoever decides in a sampled state, read directly for speed. It never asks (X5): every
    player of a rollout declines an ask (`choose`), and a declined ask changes no card, so a rollout ends as it would
    have with them, two decisions sooner per ask (a third of a hint's rollout steps were asks and their answers)."""
    me = state.current or 0
    legal = state.legal_actions()
    if state.phase == Phase.MAIN:
        legal = [a for a in legal if a.kind != "ask"]
    return choose(legal, me, state.hands[me], state.fronts, state.totals,
                  [len(h) for h in state.hands], state.discard[-1] if state.discard else -1, state.phase, state.turns,
                  state.config)

