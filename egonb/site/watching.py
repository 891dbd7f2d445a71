"""Replays in the static edition's game worker: watch your agent play the built-in AI players (`Watch`, as `egonb
watch` does) and open a recording (`opened`, as `egonb replay` does). Both end in the replay page's data
(`egonb.replay.page_data`), which the page draws with widgets/replay.js over the table.

Your agent runs in a Web Worker of its own (egonb/site/guest.py's `BrowserAgent`, relayed by the page): the game
here cannot wait for it, so `Watch.advance` plays the built-in seats until your agent's turn comes, asks it for that
seat's view only, and goes on when the page brings the answer. A fault (an error, a move the rules do not allow, no
answer in time) is told in plain words (the catalogue's `guest.fault.*`) and the built-in AI player takes the seat
for the rest of the game, through the same `egonb.app.guests` seat as at the table.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from ..app.guests import Guests
from ..app.sealing import FORMAT, SealError, unseal
from ..errors import GameError
from ..games import entry
from ..messages import Texts
from ..replay import FACE_UP, Recording, page_data, read_text
from .guest import BrowserAgent

#: Per game: the built-in agent your agent plays against, and the message that names it (the page's AI players').
BUILT_IN = {"egocentric-world": ("greedy", "strength.Greedy"), "diverse-city": ("dc-heuristic", "city.ai.heuristic")}
#: How many players a watched game seats: your agent and the built-in AI players.
PLAYERS = 4


class Watch:
    """A game of `slug` between `guest` (seat 0, given `seconds` a move) and the built-in AI players, seeded."""

    def __init__(self, slug: str, guest: BrowserAgent, seconds: float, seed: int, texts: Texts) -> None:
        game = entry(slug)
        builtin, self.fallback = BUILT_IN[slug]
        self.texts = texts
        names = (guest.name, *(texts("site.watch.seat", number=n)
                                for n in range(2, PLAYERS + 1)))
        self.config = dataclasses.replace(game.table(PLAYERS, True), names=names)
        self.seed = seed
        self.state: Any = game.new_state(self.config, seed)
        rng = random.Random(seed)
        self.agents: dict[int, Any] = {}
        for seat in self.config.agent_seats:
            agent: Any = game.agent(builtin)
            agent.reset(seat, random.Random(rng.getrandbits(32)))
            self.agents[seat] = agent
        self.guest = guest
        self.guests = Guests([guest], slug, time_limit=seconds)
        self.guests.event_count = lambda: len(self.state.events)
        self.guests.seat(self.agents, names, self.fallback, rng.getrandbits(32))
        self.actions: list[int] = []

    def advance(self) -> bool:
        """Play on until your agent's answer must come from its worker (False) or the game is over (True)."""
        state = self.state
        while not state.is_over:
            seat = state.current_player
            agent = self.agents[seat]
            view = state.view(seat)
            waits = getattr(agent, "waiting", None)
            if waits is not None and waits(view):
                return False
            self.actions.append(state.apply(agent.act(view), player=seat).id)
        self.guests.end()
        return True

    def notes(self) -> list[dict[str, Any]]:
        """What happened to your agent since the last call (seated, its fault: an `error`), in the reader's words."""
        told: list[dict[str, Any]] = [{"events": []}]
        self.guests.tell(told, self.texts)
        return [{"text": event["text"], "error": event["error"]} for event in told[0]["events"]]

    def replay(self, pace: str = "normal") -> dict[str, Any]:
        """The finished game's replay, every card face up, playing by itself at `pace`."""
        return page_data(Recording(self.config, self.seed, tuple(self.actions)), view=FACE_UP, autoplay=True,
                         pace=pace, texts=self.texts)


def opened(text: Any, index: Any, texts: Texts) -> dict[str, Any]:
    """The replay of the game in a file's `text` (a recording, a ladder's record: its game `index`, a saved game or
    this page's download), opening on its first player's seat, with how many games the file holds (`games`);
    GameError says why not (a download changed by hand: in the reader's words)."""
    if not isinstance(text, str) or not (isinstance(index, int) and not isinstance(index, bool)):
        raise GameError("a recording is a file's text and the number of one of its games")
    if _sealed(text):
        try:  # the static page's download: the save with a checksum, no key (egonb/app/sealing.py)
            text = unseal(text, None).to_json()
        except SealError as err:
            raise GameError(texts(err.message, **err.fields)) from None
    rec, games = read_text(text, index)
    return {**page_data(rec, texts=texts), "games": games, "index": index}


def _sealed(text: str) -> bool:
    try:
        data = json.loads(text)
    except ValueError:
        return False  # read_text says why
    return isinstance(data, dict) and data.get("format") == FORMAT
