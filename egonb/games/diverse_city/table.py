"""The Diverse City table: one anywidget (widgets/diverse.js over the card table's shared modules) hosting a
`DCSession`, for the app notebook (`egonb play --game diverse-city`, egonb/app/serve.py).

The browser receives `table`, `feed`, `faces`, `legend`, `guide`, `offer`, `choices` and `pace_ms` (see
`egonb.games.diverse_city.session`) and sends back the session's messages: `act`, `new_game`, `hello`, `resume`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ...app.assets import widget_esm, widget_file
from ...app.guests import Guests
from ...app.saves import default_dir
from ...messages import PAGE, browser_words
from ...messages.language import page_texts
from .game import ENTRY
from .session import PACE_MS, DCSession, Message


class DiverseCityTable(anywidget.AnyWidget):
    # The record's table module and style sheets (table.css brings the felt, seats, buttons and panels the entry
    # shares with Egocentric World's table).
    _esm = widget_esm(ENTRY.widget or "")
    _css = "".join(widget_file(name).read_text(encoding="utf-8") for name in ENTRY.styles)

    table = traitlets.Dict().tag(sync=True)
    feed = traitlets.Dict().tag(sync=True)
    offer = traitlets.Dict().tag(sync=True)
    faces = traitlets.Dict().tag(sync=True)
    #: The card legend beside the table (egonb/games/diverse_city/legend.py).
    legend: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    choices = traitlets.Dict().tag(sync=True)
    #: "How to play" and the rules page (`guide`).
    guide = traitlets.Dict().tag(sync=True)
    pace_ms = traitlets.Int(PACE_MS).tag(sync=True)
    #: The page's own words in the reader's language (egonb/messages/browser.py), for widgets/words.js.
    words = traitlets.Dict(browser_words(PAGE)).tag(sync=True)


class DiverseCityApp:
    """A `DCSession` on its table (arguments: `DCSession`'s)."""

    def __init__(self, **session: Any) -> None:
        self.table = DiverseCityTable()
        self.session = DCSession(update=self._update, send=lambda message: self.table.send(message), **session)
        self.table.words = self.session.state["words"]  # the page's words in its reader's language
        self.table.on_msg(lambda _widget, content, _buffers: self.session.handle(content))

    @classmethod
    def from_env(cls) -> DiverseCityApp:
        """The app notebook's entry point: saves on (EGONB_SAVE_DIR or the user's data dir); EGONB_SEED,
        EGONB_PACE_MS and EGONB_DC_END_SCORE (for tests) if set; the language of the page's request (`?lang=fr`, else
        the browser's)."""
        seed, pace, end = (os.environ.get(k) for k in ("EGONB_SEED", "EGONB_PACE_MS", "EGONB_DC_END_SCORE"))
        guests = Guests.from_env("diverse-city")
        if guests is not None:  # `egonb play --game diverse-city --opponent`: a game against your agents, not saved
            return cls.for_guests(guests, int(seed) if seed else None, int(pace) if pace else PACE_MS,
                                  end_score=int(end) if end else 50)
        return cls(seed=int(seed) if seed else None, pace_ms=int(pace) if pace else PACE_MS,
                   end_score=int(end) if end else 50, save_dir=Path(default_dir()), texts=page_texts())

    @classmethod
    def for_guests(cls, guests: Guests, seed: int | None = None, pace_ms: int = PACE_MS, **session: Any
                   ) -> DiverseCityApp:
        """Games of you and one AI player per agent of `guests`, who take those seats; not saved."""
        return cls(opponents=len(guests), seed=seed, pace_ms=pace_ms, guests=guests, **session)

    def _update(self, changes: Message) -> None:
        with self.table.hold_sync():  # the browser never sees a table without its frames
            for name, value in changes.items():
                setattr(self.table, name, value)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.table._repr_mimebundle_(**kwargs)
