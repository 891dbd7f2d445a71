"""A whole Diverse City state sampled from one player's view: the worlds search agents play out."""

from __future__ import annotations

import random

from ...errors import GameError
from .config import Config
from .decisions import from_values
from .state import DCState
from .view import View, may_hold, unseen_cards


def sample_state(view: View, rng: random.Random, config: Config | None = None) -> DCState:
    """A whole state consistent with `view`: each other hand is its known cards plus unseen cards drawn at
    random (U3 and H2 respected: no second PEOPLE, no Major, no personal disaster in a hand), the rest the draw
    pile in random order, and a fresh generator for the future. `config` replaces the view's configuration (the
    search cuts its worlds short)."""
    for _ in range(100):
        pool = unseen_cards(view)
        rng.shuffle(pool)
        hands = [list(view.hand) if seat == view.player else list(view.known[seat]) for seat in range(len(view.names))]
        ok = True
        for seat, size in enumerate(view.hand_sizes):
            while len(hands[seat]) < size:
                card = next((c for c in pool if may_hold(hands[seat], c)), None)
                if card is None:
                    ok = False
                    break
                pool.remove(card)
                hands[seat].append(card)
        if ok:
            break
    else:  # pragma: no cover - a view always has a consistent deal: the real one
        raise GameError("no deal fits this view")
    return DCState(
        config or view.rules, random.Random(rng.getrandbits(64)), None, draw_pile=pool, discard=list(view.discard),
        hands=hands, fronts=[[list(e) for e in f] for f in view.fronts],
        known={(view.player, seat): list(k) for seat, k in enumerate(view.known) if k}, round=view.round,
        first=view.first, turn=view.turn, current=view.current_player, phase=view.decision,
        pending=from_values(view.decision, dict(view.pending)), asks=[list(a) for a in view.asks], turns=view.turns,
        scores=[list(r) for r in view.scores], totals=list(view.totals), winners=list(view.winners),
        shown=[list(h) for h in view.shown])
