"""A rule-based agent in the spirit of the Citybots' SB1-SB9, for any number of players (Egocentric World only)."""

from __future__ import annotations

from ..actions import Action
from ..cards import matches
from ..view import View
from .base import check_turn
from .simple import GreedyAgent, egocentric_only, unseen_and_mean


class CitybotStyleAgent(GreedyAgent):
    """Plays a fixed checklist like a Citybot: STOP when clearly lowest, else match, pair, take a lower
    discard, or draw and keep a lower card; it uses the abilities of the cards it plays unless
    the greedy one-ply estimate rates every way of using one as a cost (a rare Two Cards).

    Other players' unknown cards count at the mean unseen value, so STOP is called when the own total
    is below every estimated opponent total by a safety `margin`."""

    name = "citybot-style"

    def __init__(self, margin: float = 4.0):
        super().__init__(margin)

    def act(self, view: View) -> Action:
        egocentric_only(view, self.name)
        check_turn(view)
        if view.decision != "action":
            return super().act(view)  # keep/discard, abilities, shields: the greedy one-ply choice
        legal = {(a.kind, a.a, a.b): a for a in view.legal_actions}
        hand, top = view.hand, view.top
        if ("stop", 0, 0) in legal and self.clearly_lowest(view, unseen_and_mean(view)[1]):
            return legal["stop", 0, 0]
        fits = [v for v in set(hand) if matches(v, top) and ("match", v, 0) in legal]
        if fits:
            return legal["match", max(fits), 0]
        pairs = [a for a in view.legal_actions if a.kind == "pair"]
        if pairs:
            return max(pairs, key=lambda a: (a.a, a.b))
        high = max(hand)
        if top and high > top and ("take", high, 0) in legal:
            return legal["take", high, 0]
        if ("draw", 0, 0) in legal:
            return legal["draw", 0, 0]
        return super().act(view)
