"""Looks for the game up the call stack and among every object in its process; raises if it finds it (the hidden
cards would be there), else plays as greedy does."""

import gc
import inspect

from egonb.agents import GreedyAgent


def _secret(obj):
    """A game's state, or anything holding hidden piles of cards."""
    try:
        return type(obj).__name__ in ("GameState", "DCState") or isinstance(getattr(obj, "piles", None), list)
    except Exception:  # some objects refuse to be asked
        return False


class Agent(GreedyAgent):
    def act(self, view):
        for frame in inspect.stack():
            for value in frame.frame.f_locals.values():
                if _secret(value):
                    raise RuntimeError(f"found the game in {frame.function}: {type(value).__name__}")
        for obj in gc.get_objects():
            if _secret(obj):
                raise RuntimeError(f"found the game among the objects: {type(obj).__name__}")
        return super().act(view)


agent = Agent
