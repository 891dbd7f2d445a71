"""Diverse City's frames for a replay (`egonb.replay`): the page's table and log (`session.table_state`,
`event_feed`) after a decision, as one seat saw it (I1-I3), or with every hand face up (a finished game only).

The page draws you at seat 0 and the others after you, so a frame seen from seat `seat` is turned: every seat number
in it counts from `seat` on (`turned`). Its words are already that seat's.
"""

from __future__ import annotations

from typing import Any

from ...messages import Texts, browser_words
from ...seats import Turn
from .guide import guide
from .save import loads
from .session import _fronts, ais, event_feed, faces, table_state
from .state import DCState, new_game

#: Does the replay draw the score chart at the game's end? (The table draws none.)
CHART = True

#: The table's keys that hold one entry per seat, in seat order.
_PER_SEAT = ("names", "hand_sizes", "fronts", "known", "totals", "shown", "twice")
_ONE_SEAT = ("current", "turn")


def model(config: Any, texts: Texts) -> dict[str, Any]:
    """The table's model keys that stay the same for the whole game (the card faces, How to play, the words)."""
    return {"faces": faces(config, texts), "guide": guide(config, texts), "offer": {},
            "choices": {"opponents": config.players - 1, "ai": "heuristic", "ais": ais(texts)},
            "words": browser_words(texts)}


def deal(config: Any, seed: int) -> tuple[DCState, list[DCState]]:
    """The game dealt from `seed`, and the states to show of its opening (the deal: P8 settles it)."""
    game = new_game(config, seed)
    return game, [game.clone()]


def play(game: DCState, action: int) -> list[DCState]:
    """Play `action` for the seat that decides: the state to show after it (a copy)."""
    game.apply(action, player=game.current_player)
    return [game.clone()]


def load(text: str | bytes) -> DCState:
    """A saved game (`save.dumps`, the page's save)."""
    return loads(text)


def frame(game: DCState, seat: int, start: int, texts: Texts, face_up: bool = False,
          before: DCState | None = None) -> dict[str, Any]:
    """The table after the last decision as `seat` saw it (or every hand face up: `face_up`), with the events from
    index `start` on; a decision that ended a round brings the disasters in front as it ended (`ended`, from the
    game `before` it), as the page's frames do. Turned so that `seat` sits where the page draws you."""
    table = table_state(game, 0, texts, seat)
    if face_up:
        table["known"] = [sorted(hand) if s != seat else [] for s, hand in enumerate(game.hands)]
    out: dict[str, Any] = {"table": table, "events": event_feed(game, start, texts, seat)}
    if before is not None and any(e["kind"] == "reveal" for e in out["events"]):
        out["ended"] = _fronts(before.view(seat), texts)
    return turned(out, seat, game.n)


def turned(frame: dict[str, Any], seat: int, n: int) -> dict[str, Any]:
    """`frame` with every seat number counted from `seat` (`egonb/seats.py`), the asks and the round's end too."""
    if not seat:
        return frame
    turn = Turn(seat, n)
    out = turn.frame(frame, _PER_SEAT, _ONE_SEAT)
    out["table"]["asks"] = [[turn.at(s), place] for s, place in out["table"]["asks"]]
    if "ended" in frame:
        out["ended"] = turn.row(frame["ended"])
    return out
