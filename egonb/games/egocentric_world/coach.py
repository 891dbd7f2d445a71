"""Egocentric World's traps for the coach (egonb/coach.py finds them through the record's `coach`).

SB1: a Citybot whose cards are all visible says STOP as soon as its total is below yours. A move that shows a
Citybot's last hidden cards (your Magnifying Glass on its pile, SP10; your Two Cards on its pile's last card, SP11)
can hand it that STOP: the coach plays the move in worlds dealt from your view and warns when the Citybot said STOP
before your next decision in enough of them.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...coach import Trap
from ...messages import PAGE, Texts
from .actions import Action
from .view import View
from .worlds import state_from_view

#: Worlds dealt to test each revealing move, and the share of STOPs from which the coach warns.
DEALS = 40
WARN_FROM = 0.25


def revealed_seat(view: View, action: Action) -> int | None:
    """The Citybot whose every card `action` makes visible (SP10 on its pile, SP11 taking its pile's last card),
    else None."""
    if action.kind == "reveal_pile":
        seat = (view.player + action.a) % view.n_players
    elif action.kind == "exchange" and action.c == 0:
        seat = (view.player + action.b) % view.n_players
        if view.pile_sizes[seat] != 1:
            return None
    else:
        return None
    return seat if seat in view.automated and view.pile_sizes[seat] else None


def traps(view: View, texts: Texts = PAGE, rng: random.Random | None = None,
          label: Callable[[Action], str] = str) -> list[Trap]:
    """The moves of `view` that showed a Citybot all its cards and then saw it say STOP (SB1) in at least
    WARN_FROM of DEALS worlds consistent with `view` (nothing is read from the hidden cards)."""
    rng = rng or random.Random(0)
    if view.stop_caller is not None:  # somebody said STOP already (T5): no Citybot says it again
        return []
    found = []
    total = sum(view.hand)
    for action in view.legal_actions:
        seat = revealed_seat(view, action)
        if seat is None:
            continue
        stops = 0
        for _ in range(DEALS):
            world = state_from_view(view, rng, one_round=True)
            world.apply(action)
            stops += world.stop_caller == seat
        if stops >= WARN_FROM * DEALS:
            found.append(Trap(action, texts("coach.trap.sb1", move=label(action), player=view.names[seat],
                                            total=total, share=round(100 * stops / DEALS), n=DEALS)))
    return found
