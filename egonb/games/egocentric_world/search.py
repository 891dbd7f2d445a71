"""Egocentric World's knowledge for the search agents (its `egonb.protocol.SearchHints`): one-round worlds, the
actions worth searching, a fast rollout policy and the value of a rollout's end. Egocentric World only: the game
protocol hands it to search agents for `Rules` configurations alone.

Rollouts run inside a *sampled* state (see `worlds`), never the real game, so
the policy may read that state directly, without building views, because a search
agent plays thousands of rollouts per move. It is a cruder cousin of `CitybotStyleAgent`'s
checklist: STOP, match, pair, take or draw, but it counts every card it cannot see at
`MEAN_CARD`, plays no 789 pairs and uses no Magnifying Glass or Two Cards outside solo SP11.
"""

from __future__ import annotations

import random

from ...agents.search import play_out
from .actions import (
    DISCARD_DRAWN,
    DRAW,
    HOURGLASS,
    KEEP,
    MATCH,
    NO_SHIELD,
    PAIR,
    PICK,
    RANDOM,
    SHIELD,
    SKIP,
    STOP,
    TAKE,
    Action,
)
from .cards import BLACK_SHIELD, matches
from .rules import Rules
from .state import GameState
from .view import View
from .worlds import state_from_view

__all__ = ["EgocentricWorldSearch", "guess_score", "play_out", "rollout_action", "useful", "values"]

#: The mean card value of the default deck: what a card nobody has seen is worth on average.
MEAN_CARD = 6.5


class EgocentricWorldSearch:
    """What a search agent needs to know of Egocentric World: worlds that end with the round (the search's
    horizon), the `useful` actions, the `rollout_action` checklist and the `values` of a round's end."""

    def __init__(self, rules: Rules):
        self.full_game = rules.full_game

    def sample(self, view: View, rng: random.Random) -> GameState:
        return state_from_view(view, rng, one_round=True)

    def candidates(self, view: View) -> list[Action]:
        return useful(view.legal_actions, view.hand, view.top, view.drawn)

    def candidates_in(self, s: GameState) -> list[Action]:
        mover = s.current or 0
        return useful(s.legal_actions(), s.hands[mover], s.discard[-1] if s.discard else 0, s.drawn)

    def rollout(self, s: GameState) -> Action:
        return rollout_action(s)

    def values(self, s: GameState) -> list[float]:
        return values(s, self.full_game)


def useful(legal: tuple[Action, ...] | list[Action], hand: tuple[int, ...] | list[int], top: int,
           drawn: int) -> list[Action]:
    """The legal actions worth searching: a search agent spends its samples on these only.

    Dropped: taking the discard or keeping the drawn card in place of a lower or equal card (the hand
    gets worse or, for an equal card, nothing changes but the card's ability replays: repeating an
    Hourglass for an Hourglass can stall a game forever); SP11 exchanges that give away a lower card
    than the one taken, or give a card other than your highest for a Citybot's unseen pile top; and
    SP11 swaps between the two Citybots, which never change your own hand."""
    high = max(hand, default=0)
    out = []
    for a in legal:
        kind = a.kind
        if (kind == "take" and a.a <= top) or (kind == "keep" and a.a <= drawn) or kind == "swap":
            continue
        if kind == "exchange" and (a.a <= a.c if a.c else a.a != high):
            continue
        out.append(a)
    return out or list(legal)


def rollout_action(s: GameState) -> Action:
    """A quick, sensible action for the player who must decide in `s` (SB-style checklist)."""
    legal = s.legal_actions()
    me = s.current or 0
    hand = s.hands[me]
    phase = s.phase
    if phase == "action":
        top = s.discard[-1]
        if s.stop_caller < 0 and _lowest_by(s, me, 4.0):
            return STOP
        fits = [v for v in hand if matches(v, top)]
        if fits:
            return MATCH[max(fits)]
        pairs = [v for v in set(hand) if hand.count(v) > 1]
        if pairs:
            v = max(pairs)
            return PAIR[v, v]
        high = max(hand)
        if high > top:
            return TAKE[high]
        return DRAW if DRAW in legal else useful(legal, hand, top, 0)[0]
    if phase == "keep_or_discard":
        high = max(hand)
        return KEEP[high] if s.drawn < high else DISCARD_DRAWN
    if phase == "shield":
        return SHIELD if BLACK_SHIELD in hand else NO_SHIELD
    if phase == "ability":
        if HOURGLASS in legal:
            return HOURGLASS
        if any(a.kind == "exchange" for a in legal):  # SP11: Two Cards against the automated seats
            return _solo_exchange(s, legal)
        return SKIP
    # two_cards_choice (only reached when a search tree designates): highest own card, else a random one.
    return PICK[max(hand)] if PICK[max(hand)] in legal else RANDOM


def _solo_exchange(s: GameState, legal: list[Action]) -> Action:
    """SP11: give your highest card for the lowest visible Citybot card, when that gains at least 2."""
    high = max(s.hands[s.turn])
    best, gain = SKIP, 1
    for act in legal:  # the Citybots in seat order, their visible cards (c > 0; 0 is the unseen pile top)
        if act.kind == "exchange" and act.a == high and act.c and high - act.c > gain:
            best, gain = act, high - act.c
    return best


def _lowest_by(s: GameState, me: int, margin: float) -> bool:
    """Is `me`'s total below every opponent's estimated score by `margin`? (Cards it cannot see
    count MEAN_CARD; in solo the Citybots' visible cards are public and SM2 removal is counted.)"""
    mine = sum(s.hands[me])
    level = s.rules.difficulty
    for p in range(s.n):
        if p == me:
            continue
        automated = p in s.automated_seats
        guess = guess_score(s.hands[p], len(s.piles[p]), level) if automated else MEAN_CARD * len(s.hands[p])
        if mine + margin > guess:
            return False
    return True


def guess_score(seen: tuple[int, ...] | list[int], hidden: int, level: int | None) -> float:
    """Expected round score of a hand with `seen` cards and `hidden` unseen ones, after the SM2 removal
    of difficulty 2 (lowest card) or 3 (highest card). The expected highest of k unseen cards is
    about 1 + 11k/(k+1), the expected lowest about 1 + 11/(k+1)."""
    score = sum(seen) + MEAN_CARD * hidden
    if level == 3:
        score -= max([*seen, *([1 + 11 * hidden / (hidden + 1)] if hidden else [])], default=0)
    elif level == 2:
        score -= min([*seen, *([1 + 11 / (hidden + 1)] if hidden else [])], default=0)
    return score


def values(s: GameState, full_game: bool) -> list[float]:
    """Per seat, how good the finished round is, in [-1, 1].

    If the game is decided (E2: a one-round game, or some total reached the end score): +1 for a
    winner, -1 otherwise. Else the gap to the best other total, scaled, so search still prefers low hands.
    A rollout cut off before the round ended (`play_out`'s step limit, rare) counts the hands as they are,
    a rough guess that skips the SM2 removal."""
    totals = s.totals if s.current is None else [t + s.hand_total(p) for p, t in enumerate(s.totals)]
    decided = not full_game or max(totals) >= s.rules.end_score
    out = []
    for p in range(s.n):
        best_other = min(t for q, t in enumerate(totals) if q != p)
        if decided:
            out.append(1.0 if totals[p] <= best_other else -1.0)
        else:
            out.append(max(-1.0, min(1.0, (best_other - totals[p]) / 25)))
    return out
