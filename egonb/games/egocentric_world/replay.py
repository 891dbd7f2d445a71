"""Egocentric World's frames for a replay (`egonb.replay`): the page's table and event feed (`snapshot`) after a
decision, as one seat saw it, or with every card face up (a finished game only). The Citybots' turns after a decision
are shown at the beats the page shows them (`GameState.automated_steps`: each turn, and the cards a turn reveals
first, SB2 and SB3), so a replay steps through them one by one.

The page draws you at seat 0 and the others after you in play order, so a frame seen from seat `seat` is turned:
every seat number in it counts from `seat` on (`turned`). Its words are already that seat's ("You draw a card").
"""

from __future__ import annotations

from typing import Any

from ...messages import Texts, browser_words
from ...seats import Turn
from .guide import guide
from .rules import Rules
from .snapshot import card_faces, event_feed, table_state
from .state import GameState

#: Does the replay draw the score chart at the game's end? (The table's final scores have their own.)
CHART = False
#: The table's keys that hold one entry per seat, in seat order, and those that name one seat.
_PER_SEAT = ("names", "totals")
_ONE_SEAT = ("current", "turn", "stop_caller")


def model(config: Any, texts: Texts) -> dict[str, Any]:
    """The table's model keys that stay the same for the whole game (the card legend, How to play, the words)."""
    return {"faces": card_faces(config.difficulty is None, texts), "guide": guide(config, texts), "history": [],
            "words": browser_words(texts)}


def deal(config: Rules, seed: int) -> tuple[GameState, list[GameState]]:
    """The game dealt from `seed`, and the states to show of its opening (the Citybots' turns before yours, SM3)."""
    game = GameState.start(config, seed, automate=False)
    return game, _beats(game)


def play(game: GameState, action: int) -> list[GameState]:
    """Play `action` for the seat that decides, and the automated turns after it: the states to show (copies)."""
    game.apply(action, player=game.current_player, automate=False)
    return _beats(game)


def _beats(game: GameState) -> list[GameState]:
    return [beat.clone() for beat in game.automated_steps()] or [game.clone()]


def load(text: str | bytes) -> GameState:
    """A saved game (`GameState.to_json`, the page's save)."""
    return GameState.from_json(text)


def frame(game: GameState, seat: int, start: int, texts: Texts, face_up: bool = False,
          before: GameState | None = None) -> dict[str, Any]:
    """The table after the last decision as `seat` saw it (or every hand face up: `face_up`), with the events from
    index `start` on, turned so that `seat` sits where the page draws you. (`before`, the game before the decision,
    adds nothing here: a round end's events carry the hands and piles the page's summary shows.)"""
    table = table_state(game, 0, texts, seat)
    if face_up:
        for bot in table["bots"]:
            bot["visible"], bot["pile"] = sorted(game.hands[bot["seat"]] + game.piles[bot["seat"]]), 0
            bot["protected"] = False
    events = event_feed(game, start, texts, seat)
    return turned({"table": table, "events": events}, seat, game.n)


def turned(frame: dict[str, Any], seat: int, n: int) -> dict[str, Any]:
    """`frame` with every seat number counted from `seat` (`egonb/seats.py`), the Citybots' and the game end's too."""
    if not seat:
        return frame
    turn = Turn(seat, n)
    out = turn.frame(frame, _PER_SEAT, _ONE_SEAT)
    table = out["table"]
    table["designated"] = [turn.at(s) for s in table["designated"]]
    table["bots"] = sorted(({**b, "seat": turn.at(b["seat"])} for b in table["bots"]), key=lambda b: b["seat"])
    if table["game_end"]:
        table["game_end"] = {**table["game_end"], "running": turn.row(table["game_end"]["running"])}
    out["events"] = [{**e, "stop": turn.at(e["stop"])} if "stop" in e else e for e in out["events"]]
    return out
