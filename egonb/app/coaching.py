"""The page's Hint (widgets/coach.js): the page asks {type: "hint", token} for the decision on its table, and the
session (`BaseSession._hint`) answers with a custom message {type: "hint", token, action, text, warnings, traps,
about}: the coach's proposal (egonb/coach.py) in the reader's words, the move's id so the page can mark its button,
and the moves it warns about. The coach sees only your view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..coach import Coach, explain
from ..messages import Texts


def hint(view: Any, texts: Texts, labels: Mapping[int, str]) -> dict[str, Any]:
    """The hint message for `view`, its moves named by their buttons' `labels` (by action id); `view` None, or
    a view whose decision is not its player's: a message saying there is no hint now."""
    if view is None or view.current_player != view.player or not view.legal_actions:
        return {"type": "hint", "action": None, "text": [texts("coach.not_now")], "warnings": [], "traps": [],
                "about": ""}

    def label(action: Any) -> str:
        return labels.get(action.id) or str(action)

    advice = Coach().advise(view, texts, label)
    warnings = [trap.text for trap in advice.traps]
    if any(trap.action == advice.action for trap in advice.traps):
        warnings.append(texts("coach.trap.still"))
    return {"type": "hint", "action": advice.action.id, "text": explain(view, advice, texts, label),
            "warnings": warnings, "traps": [trap.action.id for trap in advice.traps], "about": texts("coach.about")}
