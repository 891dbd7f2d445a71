"""A fixed-size numeric observation of a Diverse City view and its action mask, for learning environments (the
game protocol's optional `Encoder`): counts and small numbers only, each in [0, 10]."""

from __future__ import annotations

import numpy as np

from .actions import NUM_ACTIONS
from .cards import FIRST_DISASTER, MAX_PLAYERS, PEOPLE
from .config import DECISIONS, MAX_FRONT, Config
from .view import View


class DiverseCityEncoder:
    """Per view: the own hand (a count per CITY code and PEOPLE); per seat counted from the viewer's (up to 6) the
    disasters in front by kind, partials, hand size and total; the discard pile's top card; the decision; who asks
    for which disaster (an answer)."""

    def __init__(self, config: Config):
        self.config = config
        self.kinds = len(config.disasters)
        self.codes = FIRST_DISASTER + self.kinds
        self.seat_size = self.kinds + 3
        self.size = (PEOPLE + 1) + MAX_PLAYERS * self.seat_size + self.codes + len(DECISIONS) + MAX_PLAYERS + MAX_FRONT

    def observation(self, view: View) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        for card in view.hand:
            out[card] += 1
        at = PEOPLE + 1
        n = len(view.names)
        for o in range(n):
            seat = (view.player + o) % n
            base = at + o * self.seat_size
            for code, partial, _ in view.fronts[seat]:
                out[base + code - FIRST_DISASTER] += 1
                out[base + self.kinds] += partial >= 0
            out[base + self.kinds + 1] = view.hand_sizes[seat]
            out[base + self.kinds + 2] = min(10.0, max(0.0, view.totals[seat] / 10 + 2))
        at += MAX_PLAYERS * self.seat_size
        if view.discard:
            out[at + view.discard[-1]] = 1
        at += self.codes
        if view.decision in DECISIONS:
            out[at + DECISIONS.index(view.decision)] = 1
        at += len(DECISIONS)
        pending = dict(view.pending)
        if "asker" in pending:
            out[at + (pending["asker"] - view.player) % n] = 1
            out[at + MAX_PLAYERS + pending["place"]] = 1
        return np.minimum(out, 10.0)

    def mask(self, view: View) -> np.ndarray:
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        mask[[a.id for a in view.legal_actions]] = 1
        return mask
