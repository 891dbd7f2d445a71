"""Diverse City's traps for the coach (egonb/coach.py finds them through the record's `coach`).

Each is a move a newcomer makes that hands points away, read from the view alone (nothing hidden, nothing sampled,
so a hint spends its time on the search):

- a donation that clears a rival's disaster (X4, X5): its negative points leave the rival's round score (R3);
- discarding your PEOPLE card (main phase, H1): you can no longer call Diversity (R1), its points go (R3), and the
  player on your left may take it from the discard pile (P2);
- taking a CITY card of a category you hold already, worth no more than the one you hold (P2): two cards of one
  category both score 0 (R4), so it can only replace that card, never add to your city.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...coach import Trap
from ...messages import PAGE, Texts
from .actions import Action
from .cards import PEOPLE, category_of, is_city
from .decisions import Phase
from .view import View


def clears(view: View, action: Action) -> tuple[int, int] | None:
    """The (seat, disaster) a donation `action` clears (its last open slot, K3, X6), else None."""
    if action.kind != "give":
        return None
    owner = (view.player + action.offset) % view.rules.players
    code, partial, _ = view.fronts[owner][action.slot]
    open_slots = len(view.rules.disaster(code).slots) - (partial >= 0)
    return (owner, code) if open_slots == 1 else None


def traps(view: View, texts: Texts = PAGE, rng: random.Random | None = None,
          label: Callable[[Action], str] = str) -> list[Trap]:
    """The moves of `view` that hand points away (see the module's docstring); `rng` is unused: nothing is
    sampled."""
    config = view.rules
    found = []
    for action in view.legal_actions:
        cleared = clears(view, action)
        if cleared is not None:
            owner, code = cleared
            found.append(Trap(action, texts("coach.trap.dc.give", move=label(action), player=view.names[owner],
                                            disaster=config.card_words(code, texts), points=-config.points(code))))
        elif action.kind == "discard" and action.card == PEOPLE and view.decision in (Phase.MAIN, Phase.HAND_LIMIT):
            left = (view.player + 1) % config.players
            found.append(Trap(action, texts("coach.trap.dc.people", move=label(action),
                                            points=config.points(PEOPLE), player=view.names[left])))
        elif action.kind == "take" and view.discard and is_city(top := view.discard[-1]):
            held = [c for c in view.hand if is_city(c) and category_of(c) == category_of(top)]
            if held and max(config.points(c) for c in held) >= config.points(top):
                found.append(Trap(action, texts("coach.trap.dc.duplicate", move=label(action),
                                                card=config.card_words(top, texts),
                                                held=config.card_words(max(held, key=config.points), texts))))
    return found
