"""Turn a `View` back into a playable `GameState` for search agents (determinization).

An agent never holds the real state, so a search agent rebuilds one from what it
sees: the cards it cannot see are first laid out in a fixed order, then
dealt anew at random as `egonb.determinize` does. Every sample agrees with the view.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from ..errors import GameError
from ..state import GameState
from ..view import View, redeal
from .base import check_turn

#: The mean card value of the default deck: what a card nobody has seen is worth on average.
MEAN_CARD = 6.5


def unseen_cards(view: View) -> list[int]:
    """The cards the viewer cannot place (deck, others' unknown cards, Citybot piles), sorted."""
    left = Counter({v: n for v, n in enumerate(view.rules.counts, start=1)})
    seen = Counter(view.hand) + Counter(view.discard)
    if view.drawn:
        seen[view.drawn] += 1
    for cards in (*view.known, *view.visible):
        seen.update(cards)
    left.subtract(seen)
    if any(n < 0 for n in left.values()):
        raise GameError(f"the view shows more cards than the deck {view.rules.counts} holds")
    return sorted(left.elements())


def state_from_view(view: View, rng: random.Random, one_round: bool = False) -> GameState:
    """One random `GameState` consistent with `view`, ready for `apply` (the viewer decides next).

    `one_round=True` ends the sampled game with the current round: the horizon of a search rollout."""
    check_turn(view)  # a state is only rebuilt for the player who must decide now
    me, n = view.player, view.n_players
    pool = unseen_cards(view)
    hidden = view.deck_size + sum(view.pile_sizes) + sum(
        view.hand_sizes[p] - len(view.known[p]) for p in range(n) if p != me and not view.solo)
    if hidden != len(pool):
        raise GameError(f"the view hides {hidden} cards but {len(pool)} are unaccounted for")
    s = GameState.__new__(GameState)
    s.rules = replace(view.rules, full_game=False) if one_round else view.rules
    s.n, s.solo = n, view.solo
    s.rng = random.Random(0)  # `redeal` seeds it anew, and leaves `seed` None: the future stays unknown
    s.deck, rest = pool[:view.deck_size], pool[view.deck_size:]
    s.discard = list(view.discard)
    s.hands, s.piles = [], []
    s.known = {}
    for p in range(n):
        if p == me:
            s.hands.append(list(view.hand))
            s.piles.append([])
        elif view.solo:
            s.hands.append(list(view.visible[p]))
            s.piles.append(rest[:view.pile_sizes[p]])
            rest = rest[view.pile_sizes[p]:]
        else:
            unknown = view.hand_sizes[p] - len(view.known[p])
            s.hands.append(list(view.known[p]) + rest[:unknown])
            s.piles.append([])
            rest = rest[unknown:]
            if view.known[p]:
                s.known[me * 8 + p] = list(view.known[p])
    s.round = view.round
    s.scores = [list(r) for r in view.scores]
    s.totals = list(view.totals)
    s.turn, s.current, s.phase = view.turn, view.current_player, view.decision
    s.drawn = view.drawn
    s.pending = _pending(view)
    s.stop_caller = -1 if view.stop_caller is None else view.stop_caller
    s.extra = view.extra_turn
    s.events = []
    s.winners = list(view.winners)
    s._legal = None
    return redeal(s, me, rng)  # s is new and ours: no need for determinize's copy


def _pending(view: View) -> dict:
    """The ability being resolved, as the engine stores it (who is still to be asked for a shield)."""
    if not view.ability_card:
        return {}
    if view.decision == "ability":
        return {"card": view.ability_card}
    targets = list(view.designated)
    ask: list[int] = []
    if view.decision == "shield":
        start = targets.index(view.player)
        ask = [t for t in targets[start:] if t != view.turn]
    return {"card": view.ability_card, "targets": targets, "ask": ask,
            "choices": [list(c) for c in view.choices]}
