"""The multiplayer game on the page: you and 1-5 AI players from `egonb.agents` (T1-T6, A8-A12, E1-E2).

The engine plays no seat of a multiplayer game itself (there are no Citybots): the session asks each AI player's
agent for a move on that seat's own `View`, so an AI player never sees a card it may not know. Its turns are played
between your decisions, with the same beats as the Citybots' (`GameState.automated_steps`), so the page narrates and
animates them the same way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from ...agents import GreedyAgent, MonteCarloAgent, SeededAgent
from .rules import Rules
from .snapshot import YOU
from .state import GameState

if TYPE_CHECKING:
    from ...app.guests import Guests

#: The strengths the page offers, weakest first, and how to make each AI player. Monte-Carlo's samples are few
#: enough that a move takes well under a second on a busy machine (a full search would take seconds).
STRENGTHS: dict[str, Callable[[], SeededAgent]] = {
    "Greedy": GreedyAgent,
    "Monte-Carlo": lambda: MonteCarloAgent(simulations=150),
}
#: The seats' names (yours first): short, so six seats fit a phone.
NAMES = ("You", "Ada", "Ben", "Cleo", "Dev", "Eve")
#: How many AI players you may play against (a game has 2-6 players, S1).
OPPONENTS = range(1, len(NAMES))


def multiplayer_rules(opponents: int) -> Rules:
    """A full multiplayer game (E2: to 50 points) of you and `opponents` AI players."""
    if opponents not in OPPONENTS:
        raise ValueError(f"a multiplayer game has 1 to {OPPONENTS[-1]} AI players, got {opponents!r}")
    return Rules(players=opponents + 1, full_game=True, names=NAMES[: opponents + 1])


class AIPlayers:
    """One agent of `strength` per seat but yours, each with its own generator drawn from `seed`; `guests` (your own
    agents) take the first AI seats, each falling back on the agent of `strength` it replaces."""

    def __init__(self, strength: str, players: int, seed: int, guests: Guests | None = None) -> None:
        if strength not in STRENGTHS:
            raise ValueError(f"strength must be one of {', '.join(STRENGTHS)}, got {strength!r}")
        self.strength = strength
        rng = random.Random(seed)
        self.agents: dict[int, SeededAgent] = {}
        for seat in range(players):
            if seat != YOU:
                agent = STRENGTHS[strength]()
                agent.reset(seat, random.Random(rng.getrandbits(64)))
                self.agents[seat] = agent
        if guests is not None:
            guests.seat(self.agents, NAMES, f"strength.{strength}", rng.getrandbits(64))  # type: ignore[arg-type]

    def turns(self, game: GameState) -> Iterator[GameState]:
        """Play the AI players' decisions due now, pausing where the page shows the table: before each AI turn and
        after the last (as `automated_steps` does for the Citybots). It stops when you must decide (your turn, or a
        Black Shield question to you, A9), when an agent waits for its answer to come from elsewhere (`waiting`: the
        static edition's agent in a worker of its own) or the game is over."""
        played = False
        while game.current_player not in (None, YOU) and not self.waiting(game):
            yield game
            played = True
            turn = game.turns
            while game.current_player not in (None, YOU) and game.turns == turn and not self.waiting(game):
                seat = game.current_player
                game.apply(self.agents[seat].act(game.view(seat)), player=seat)
        if played:
            yield game

    def waiting(self, game: GameState) -> bool:
        """Does the seat to play wait for an answer from outside this process (its agent's `waiting(view)`)?"""
        seat = game.current_player
        if seat is None:
            return False
        waits = getattr(self.agents.get(seat), "waiting", None)
        return bool(waits is not None and waits(game.view(seat)))
