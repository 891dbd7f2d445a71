"""The tutorial's card surface: cards, hands and piles drawn by the game table's own ES modules.

`CardsView` is a small anywidget whose module (widgets/tutorial.js) draws from data with widgets/cards.js and the
table's stylesheet, so what a learner sees in a chapter is what they will play on in chapter 8. Its `value` is a
board (see `render.table`): only what the viewer may see, a hidden card as a count, never a value.
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from ..app.assets import widget_esm, widget_file
from ..messages import PAGE, browser_words


class CardsView(anywidget.AnyWidget):
    """A board of rows of cards: `{"title", "head", "banner", "rows": [{"name", "note", "active", "cards"}]}`."""

    _esm = widget_esm("tutorial.js")
    _css = "\n".join(widget_file(name).read_text(encoding="utf-8") for name in ("table.css", "tutorial.css"))

    value = traitlets.Dict().tag(sync=True)
    #: The page's own words (egonb/messages/browser.py): a card's back, an empty row.
    words = traitlets.Dict(browser_words(PAGE)).tag(sync=True)

    def __init__(self, value: dict[str, Any] | None = None, **kwargs: Any) -> None:
        super().__init__(value=value or {}, **kwargs)
