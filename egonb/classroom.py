"""The games the classroom tools (`egonb ladder`, `egonb grade`) run, by the name given to `--game`: a view of the
games' records (`egonb.games`), each with a duel's rules, the built-in agents that play the game, and the baseline
a student's agent is measured against. A new game joins the classroom by its record."""

from __future__ import annotations

from .games import Entries, GameEntry

#: What the classroom reads of a game: its record.
ClassGame = GameEntry

#: The games by `--game` name (each imported when first read).
GAMES = Entries()


def class_game(name: str) -> GameEntry:
    """The game called `name` (`--game`); an unknown name is refused with the names there are."""
    if name not in GAMES:
        raise ValueError(f"--game: no game {name!r}; there are {', '.join(GAMES)}")
    return GAMES[name]
