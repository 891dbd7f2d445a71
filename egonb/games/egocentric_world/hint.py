"""What the line beside New game says (SM2: a game's kind and difficulty are set for a whole game): a choice that
waits for the next New game, or what this game is. Shared by the Voilà app's controls (controller.py) and the static
page's (egonb/site/host.py), in the reader's language."""

from __future__ import annotations

from ...messages import Texts
from .session import GameSession


def next_game_hint(session: GameSession, texts: Texts) -> tuple[str, bool]:
    """(the hint, in the catalogue's words with <b> marks; whether it is news: a choice waiting for the next New
    game). While a saved game is offered, "this game" is that one."""
    choice, stake = session.choice, session.at_stake
    playing, chosen = stake.rules.difficulty, session.next_difficulty
    if choice["game"] != "solo" or playing is None:
        others = stake.rules.players - 1
        this = (texts("controls.this_game.solo") if playing is not None
                else texts("controls.this_game.players", others=others))
        same = choice["game"] != "solo" and playing is None and others == choice["opponents"]
        return (texts("controls.hint.same_players", others=others) if same
                else texts("controls.hint.choice", this=this)), not same
    same = chosen == playing
    return (texts("controls.hint.same_level", level=playing) if same
            else texts("controls.hint.level", chosen=chosen, level=playing)), not same
