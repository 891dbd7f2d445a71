"""What search agents assume of cards they cannot see (rebuilding whole states from a view lives in the core,
`egonb.worlds`)."""

from __future__ import annotations

#: The mean card value of the default deck: what a card nobody has seen is worth on average.
MEAN_CARD = 6.5

__all__ = ["MEAN_CARD"]
