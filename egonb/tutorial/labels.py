"""Short button labels for the tutorial's widgets ("Pair of 9s: play one"), with the engine's sentence on demand.

A button must fit on a line and read at a glance; the engine's `GameState.describe` says everything ("show the
pair 9 (Black Shield) + 9 (Black Shield) and play the 9 (Black Shield) (T4)"), so it goes in the tooltip, and the
rule id (`GameState.rule_of`) follows the label only when the reader asks for rule ids. Kinds whose engine words
are already short keep them.
"""

from __future__ import annotations

from ..games.egocentric_world.actions import ACTIONS, Action
from ..games.egocentric_world.state import GameState
from ..messages import ENGLISH, Texts

#: The kinds with short words of their own (`tutorial.label.<kind>`); the others say the engine's words.
SHORT = ("draw", "stop", "take", "match", "pair", "discard_drawn", "keep", "skip", "hourglass", "shield", "no_shield",
         "pick")


def short_label(game: GameState, action: Action | int, *, rule_ids: bool = False, texts: Texts = ENGLISH) -> str:
    """The action in a few plain words for the player about to choose it; `rule_ids` adds its rule id.

    Raises the engine's GameError for something that is not an action (its `describe` checks)."""
    words = game.describe(action, texts=texts.citing(False))
    act = ACTIONS[action] if isinstance(action, int) else action
    view = game.view(game.current_player or 0)
    if act.kind == "pair" and act.a != act.b:
        text = texts("tutorial.label.pair_789", a=card_name(act.a), b=card_name(act.b))
    elif act.kind in SHORT:
        text = texts(f"tutorial.label.{act.kind}", a=card_name(act.a), top=card_name(view.top) if view.top else "",
                     drawn=view.drawn)
    else:  # the engine's words, as a button begins them
        text = words[:1].upper() + words[1:]
    return texts("tutorial.label", label=text, rule=game.rule_of(act)) if rule_ids else text


def card_name(value: int) -> str:
    """A card as a button names it: its number, the 8 by its name (the 789, C2)."""
    return "789" if value == 8 else str(value)
