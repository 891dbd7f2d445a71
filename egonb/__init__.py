"""egonb: the card game Egocentric World as a rules engine, a solo game and an AI toolkit.

Quick start::

    from egonb import Rules, new_game
    game = new_game(Rules(players=4), seed=1)
    while not game.is_over:
        game.apply(game.legal_actions()[0])

The rules are cited by id (T3, SB6, ...) from RULES.md throughout the code.
"""

from .errors import GameError
from .games import egocentric_world  # noqa: F401  (its record registers `Rules` with the game protocol)
from .games.egocentric_world.actions import ACTIONS, NUM_ACTIONS, Action
from .games.egocentric_world.events import Event
from .games.egocentric_world.rules import Rules
from .games.egocentric_world.state import GameState, new_game
from .games.egocentric_world.view import View
from .games.egocentric_world.worlds import determinize
from .replay import replay_game

__all__ = [
    "ACTIONS", "NUM_ACTIONS", "Action", "Event", "GameError", "GameState", "Rules", "View",
    "determinize", "new_game", "play_against", "replay_game",
]


def play_against(*agents: object, **options: object) -> object:
    """The card table in a notebook, with your `agents` in its AI seats (`egonb.app.guests.play_against`: the
    widgets are imported only when it is called)."""
    from .app.guests import play_against as table

    return table(*agents, **options)  # type: ignore[arg-type]
__version__ = "0.1.0"
