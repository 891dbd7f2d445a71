"""A frame of a game's page seen from another chair, shared by every game's replay (`replay.py` in its folder).

The page draws you at seat 0 and the others after you in play order, so a frame seen from seat `seat` is turned:
every seat number in it counts from `seat` on (seat `seat` becomes 0, the next one 1 …) and every list with one
entry per seat starts at `seat`. What each game's table holds besides is turned by the game (`Turn.at`, `Turn.row`).
Imports nothing of egonb: a game may use it as it uses `egonb/events.py`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class Turn:
    """Seat numbers counted from `seat` at a table of `n` seats."""

    def __init__(self, seat: int, n: int) -> None:
        self.seat, self.n = seat, n

    def at(self, s: Any) -> Any:
        """Seat `s` counted from `seat`; anything but a seat number (None: nobody) as it is."""
        return (s - self.seat) % self.n if isinstance(s, int) else s

    def row(self, values: list[Any]) -> list[Any]:
        """A list of one entry per seat, starting at `seat`; any other list as it is."""
        return values[self.seat:] + values[:self.seat] if len(values) == self.n else values

    def frame(self, frame: dict[str, Any], per_seat: Iterable[str], one_seat: Iterable[str]) -> dict[str, Any]:
        """`frame` (its `table` and `events`) turned where every game's table is alike: the `per_seat` lists, the
        `one_seat` numbers, the winners, each round's scores and each event's player. A new dict and table: the
        frame given is left as it was."""
        table = dict(frame["table"])
        for key in per_seat:
            table[key] = self.row(table[key])
        for key in one_seat:
            table[key] = self.at(table[key])
        table["winners"] = sorted(self.at(s) for s in table["winners"])
        table["scores"] = [self.row(r) for r in table["scores"]]
        return {**frame, "table": table, "events": [{**e, "player": self.at(e["player"])} for e in frame["events"]]}
