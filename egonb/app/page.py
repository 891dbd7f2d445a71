"""The page Voilà serves: one address, both games. Voilà hands the page's query string to the kernel
(`QUERY_STRING`), so `?game=diverse-city` deals Diverse City and anything else Egocentric World; each game's
heading names it and links to the other, so a player finds both from either."""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import parse_qs

#: key -> (heading, one-line pitch for the link from the other game, the app's module and class, introduction)
PAGES: dict[str, tuple[str, str, str, str]] = {
    "egocentric-world": (
        "Egocentric World", "Egocentric World: solo against the Citybots, or you and 1–5 AI players",
        "egonb.app.controller:SoloApp",
        "Keep the cards in your hand worth as few points as you can. A game is played in rounds; it ends after the "
        "round in which someone's total reaches 50 points, and then the lowest total wins."),
    "diverse-city": (
        "Diverse City", "Diverse City: you and 1–5 AI players",
        "egonb.app.dc_table:DiverseCityApp",
        "Build a diverse city: each category of CITY card you hold once scores its points, a category held twice "
        "scores nothing. Clear the disasters in front of you, help or refuse the others, survive the major "
        "disasters, and call Diversity while you hold a PEOPLE card to end the round. The game ends when a total "
        "reaches 50; the highest wins."),
}


def chosen(query: str | None, default: str = "egocentric-world") -> str:
    """The game a query string asks for (`game=diverse-city`); `default` for anything else, however malformed."""
    asked = parse_qs(query or "").get("game", [""])[-1]
    return asked if asked in PAGES else default


def heading(game: str) -> str:
    """The page's heading in Markdown: the game's name, a link to the other game, and the introduction."""
    title, _, _, intro = PAGES[game]
    others = " · ".join(f"[{pitch}](?game={key})" for key, (_, pitch, _, _) in PAGES.items() if key != game)
    return f"# {title}\n\n{intro}\n\nAlso here: {others}"


def page(default: str = "egocentric-world") -> Any:
    """The app notebook's one cell: shows the heading of the game the address asks for and returns its app."""
    import importlib

    from IPython.display import Markdown, display

    game = chosen(os.environ.get("QUERY_STRING"), default)
    display(Markdown(heading(game)))
    module, name = PAGES[game][2].split(":")
    return getattr(importlib.import_module(module), name).from_env()
