"""The page Voilà serves: one address, both games. Voilà hands the page's query string to the kernel
(`QUERY_STRING`), so `?game=diverse-city` deals Diverse City and anything else Egocentric World; each game's
heading names it and links to the other, so a player finds both from either. The page speaks the request's language
(`?lang=fr`, else the browser's `Accept-Language`, which notebooks/voila.py has Voilà hand over too)."""

from __future__ import annotations

import json
import os
import time
from typing import Any
from urllib.parse import parse_qs

from ..games import DEFAULT, FOLDERS, entry
from ..messages import PAGE, Texts
from ..messages.language import page_texts

#: Each game's key and where its app is (module:class), from its record; its words are the catalogue's
#: `page.<key>.*`.
APPS = {key: entry(key).app for key in FOLDERS}
#: The total that ends each game (E2, G1), said in its introduction.
END_SCORES = {key: entry(key).config.end_score for key in FOLDERS}


def pages(texts: Texts = PAGE) -> dict[str, tuple[str, str, str, str]]:
    """key -> (heading, one-line pitch for the link from the other game, the app's module and class, introduction)."""
    return {key: (texts(f"page.{key}"), texts(f"page.{key}.pitch"), where,
                  texts(f"page.{key}.intro", end_score=END_SCORES[key])) for key, where in APPS.items()}


#: The English edition's `pages()`.
PAGES = pages()


def chosen(query: str | None, default: str = DEFAULT) -> str:
    """The game a query string asks for (`game=diverse-city`); `default` for anything else, however malformed."""
    asked = parse_qs(query or "").get("game", [""])[-1]
    return asked if asked in PAGES else default


def heading(game: str, texts: Texts = PAGE) -> str:
    """The page's heading in Markdown: the game's name, a link to the other game, and the introduction."""
    title, _, _, intro = pages(texts)[game]
    links = [texts("page.link", pitch=pitch, key=key) for key, (_, pitch, _, _) in pages(texts).items() if key != game]
    others = links[0]
    for link in links[1:]:
        others = texts("page.links", first=others, second=link)
    return texts("page.heading", title=title, intro=intro, others=others)


def page(default: str = DEFAULT) -> Any:
    """The app notebook's one cell: shows the heading of the game the address asks for and returns its app.

    Voilà may run it before anyone asks for the page (a preheated kernel, notebooks/voila.py): then the request,
    and with it the query string, only arrives at `_wait_for_request`. Everything that does not depend on it (the
    imports, the widget classes with their ES modules read from disk) is done before; only the deal after."""
    import importlib

    from IPython.display import Markdown, display

    apps = {game: importlib.import_module(where.split(":")[0]) for game, (_, _, where, _) in PAGES.items()}
    _wait_for_request()
    game = chosen(os.environ.get("QUERY_STRING"), default)
    display(Markdown(heading(game, page_texts())))
    return getattr(apps[game], PAGES[game][2].split(":")[1]).from_env()


def _wait_for_request() -> None:
    """In a kernel Voilà preheats, wait for the page's request and take its variables (`QUERY_STRING`…) into the
    environment; elsewhere return at once.

    This is Voilà's `voila.utils.wait_for_request` (one JSON message on the server's `voila/query/<kernel id>`
    websocket), minus importing `voila` into the kernel: that pulls in the Jupyter server, 45 MB more in every
    kernel. A wait that fails (a busy server did not answer in time) is tried again: going on without the request
    would deal the default game whatever the address asks for."""
    if os.environ.get("VOILA_PREHEAT") != "True":
        return
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    url = (f"ws://{os.environ.get('VOILA_APP_IP', '127.0.0.1')}:{os.environ['VOILA_APP_PORT']}"
           f"{os.environ.get('VOILA_SERVER_URL', '/')}voila/query/{os.environ['VOILA_KERNEL_ID']}")
    while True:
        try:
            # no keep-alive pings: a pong late on a busy machine would close the connection the request comes by
            with connect(url, open_timeout=30, ping_interval=None) as server:
                os.environ.update(json.loads(server.recv()))
                return
        except (OSError, WebSocketException):  # TimeoutError is an OSError
            time.sleep(1)
