"""A real game end: your rank, the numbers of a per-round score chart, a few stats, and the
record of your games per difficulty kept beside the saves. All computed here from the game; the page only draws.
"""

from __future__ import annotations

from typing import Any

from ...messages import PAGE, Texts
from .state import GameState
from .variants.citybots import YOU

#: Your moves that use a card's ability: Black Shield (SP9, A9), Magnifying Glass (SP10, A10), Two Cards (SP11, A11),
#: Hourglass (SP12, A12).
_ABILITY_KINDS = ("shield", "reveal_pile", "solo_exchange", "solo_swap", "hourglass", "look", "designate")
#: The record's key for multiplayer games (a solo game's is its difficulty).
MULTIPLAYER = "multiplayer"


def game_end(game: GameState, seat: int = YOU) -> dict[str, Any] | None:
    """What the final summary shows `seat` once the game is over (E2), else None: `rank` (1 = lowest total; a tie
    shares a rank), `running` (each player's total after each round, the chart's lines), `end_score`, and `stats`."""
    if not game.is_over:
        return None
    v = game.view(seat)
    totals = list(v.totals)
    running = [[sum(r[p] for r in v.scores[: i + 1]) for i in range(len(v.scores))] for p in range(len(totals))]
    yours = [r[seat] for r in v.scores]
    best = min(yours, default=0)
    return {
        "rank": 1 + sum(t < totals[seat] for t in totals),
        "players": len(totals),
        "running": running,
        "end_score": game.rules.end_score,
        "stats": {"rounds": len(v.scores), "best_round": best,
                  "best_round_number": yours.index(best) + 1 if yours else 0,
                  "stops": sum(e.kind == "stop" and e.player == seat for e in game.events),
                  "abilities": sum(e.kind in _ABILITY_KINDS and e.player == seat for e in game.events)},
    }


def record(history: dict[str, Any], game: GameState) -> dict[str, Any]:
    """`history` (per difficulty: wins, losses, games, total: the sum of your final totals) with the finished
    `game` added; a win is the lowest total, shared or not (E2). Malformed entries start again from zero."""
    level = MULTIPLAYER if game.rules.difficulty is None else str(game.rules.difficulty)
    old = history.get(level)
    entry = {k: old[k] if isinstance(old, dict) and isinstance(old.get(k), int) else 0
             for k in ("wins", "losses", "games", "total")}
    totals = game.view(YOU).totals
    won = totals[YOU] == min(totals)
    entry["wins" if won else "losses"] += 1
    entry["games"] += 1
    entry["total"] += totals[YOU]
    return {**history, level: entry}


def history_rows(history: dict[str, Any], texts: Texts = PAGE) -> list[dict[str, Any]]:
    """The record as the start panel shows it: per difficulty played (then multiplayer games: `difficulty` None, with
    a `label`), wins, losses and the average total."""
    rows = []
    for level in ("1", "2", "3", MULTIPLAYER):
        e = history.get(level)
        if isinstance(e, dict) and isinstance(e.get("games"), int) and e["games"] > 0:
            row = {"difficulty": int(level) if level != MULTIPLAYER else None, "wins": e.get("wins", 0),
                   "losses": e.get("losses", 0), "average": round(e.get("total", 0) / e["games"], 1)}
            rows.append(row if level != MULTIPLAYER else {**row, "label": texts("history.multiplayer")})
    return rows
