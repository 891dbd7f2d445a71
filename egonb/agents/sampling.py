"""Determinization for search agents: rebuilding possible states from a view lives in the core (`egonb.worlds`);
chapter 22 of the tutorial imports `state_from_view` and `unseen_cards` from here, where search agents use them."""

from __future__ import annotations

from ..worlds import state_from_view, unseen_cards

#: The mean card value of the default deck: what a card nobody has seen is worth on average.
MEAN_CARD = 6.5

__all__ = ["MEAN_CARD", "state_from_view", "unseen_cards"]
