"""Short button labels for the tutorial's widgets ("Pair of 9s: play one"), with the engine's sentence on demand.

A button must fit on a line and read at a glance; the engine's `GameState.describe` says everything ("show the
pair 9 (Black Shield) + 9 (Black Shield) and play the 9 (Black Shield) (T4)"), so it goes in the tooltip, and the
rule id (`GameState.rule_of`) follows the label only when the reader asks for rule ids. Kinds whose engine words
are already short keep them.
"""

from __future__ import annotations

from ..games.egocentric_world.actions import ACTIONS, Action
from ..games.egocentric_world.state import GameState


def short_label(game: GameState, action: Action | int, *, rule_ids: bool = False) -> str:
    """The action in a few plain words for the player about to choose it; `rule_ids` adds its rule id.

    Raises the engine's GameError for something that is not an action (its `describe` checks)."""
    sentence = game.describe(action)
    act = ACTIONS[action] if isinstance(action, int) else action
    view = game.view(game.current_player or 0)
    words = _SHORT.get(act.kind)
    if act.kind == "pair" and act.a != act.b:
        text = f"Pair {_name(act.a)} + {_name(act.b)}: play the {_name(act.a)}"
    elif words is not None:
        text = words.format(a=_name(act.a), top=_name(view.top) if view.top else "", drawn=view.drawn)
    else:  # the engine's words, without the rule id it ends with
        text = sentence.removesuffix(f" ({game.rule_of(act)})")
        text = text[:1].upper() + text[1:]
    return f"{text} ({game.rule_of(act)})" if rule_ids else text


def _name(value: int) -> str:
    return "789" if value == 8 else str(value)


#: Per kind, the short words; {a} is the action's card, {top} the discard pile's top card, {drawn} the drawn card.
_SHORT = {
    "draw": "Draw a card",
    "stop": "Say STOP",
    "take": "Take the {top}, give your {a}",
    "match": "Match: play your {a}",
    "pair": "Pair of {a}s: play one",
    "discard_drawn": "Throw the {drawn} away",
    "keep": "Keep the {drawn}, play your {a}",
    "skip": "Don't use it",
    "hourglass": "Hourglass: play again",
    "shield": "Black Shield: cancel it",
    "no_shield": "Let it happen",
    "pick": "Give your {a}",
}
