"""What the browser may see: the synced table state and the event feed, built only from
`game.view(0)` and `game.events_for(0, start)` (DESIGN "Information").

A Citybot's hidden pile travels as a count, never as values; the drawn card is
only present while it is yours to keep or discard. Nothing here reads
`game.hands`, `game.piles` or `game.deck`.
"""

from __future__ import annotations

from typing import Any

from ..cards import ABILITY_NAMES, ABILITY_SYMBOLS
from ..state import GameState

YOU = 0

#: Public event arguments the round-end panel needs (the rest of an event is its text).
_PUBLIC_ARGS = {"reveal_hand": ("hand", "score"), "removal": ("card", "level", "which"), "round_end": ("round",)}


def table_state(game: GameState, token: int) -> dict[str, Any]:
    """The whole table as the human sees it; `token` names the decision the next click must answer."""
    v = game.view(YOU)
    legal = [
        {"id": a.id, "kind": a.kind, "a": a.a, "b": a.b, "c": a.c, "label": _sentence(game.describe(a))}
        for a in v.legal_actions
    ]
    return {
        "token": token,
        "names": list(v.names),
        "round": v.round,
        "difficulty": v.difficulty,
        "decision": v.decision,
        "current": v.current_player,
        "hand": list(v.hand),
        "drawn": v.drawn,
        "discard_top": v.top,
        "discard_size": len(v.discard),
        "deck_size": v.deck_size,
        "bots": [{"seat": s, "name": v.names[s], "visible": list(v.visible[s]), "pile": v.pile_sizes[s]}
                 for s in (1, 2)],
        "stop_caller": v.stop_caller,
        "extra_turn": v.extra_turn,
        "ability_card": v.ability_card,
        "scores": [list(s) for s in v.scores],
        "totals": list(v.totals),
        "winners": list(v.winners),
        "legal": legal,
    }


def event_feed(game: GameState, start: int) -> list[dict[str, Any]]:
    """Events from index `start` on, in the words the human may read, with their rule ids."""
    out = []
    for i, (event, text) in enumerate(game.events_for(YOU, start), start):
        item: dict[str, Any] = {"i": i, "kind": event.kind, "rule": event.rule, "player": event.player,
                                "text": text}
        for key in _PUBLIC_ARGS.get(event.kind, ()):
            item[key] = event.args[key]
        out.append(item)
    return out


def card_faces() -> dict[str, dict[str, str]]:
    """Ability name and symbol per card value, so the browser never hard-codes the rules (C2)."""
    return {str(v): {"name": name, "symbol": ABILITY_SYMBOLS[v]} for v, name in ABILITY_NAMES.items()}


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]
