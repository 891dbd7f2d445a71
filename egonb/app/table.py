"""The card table: one anywidget for every card surface (hands, piles, deck, discard).

Python owns the game; the browser only receives `table` (see `snapshot.table_state`)
and `feed` (new events to animate), and sends back clicks as custom messages
`{"type": "act", "token": t, "action": id}` or `{"type": "new_game"}`.
"""

from __future__ import annotations

import anywidget
import traitlets

from .assets import widget_file
from .snapshot import card_faces


class CardTable(anywidget.AnyWidget):
    _esm = widget_file("table.js")
    _css = widget_file("table.css")

    #: The table as the human sees it (snapshot.table_state).
    table = traitlets.Dict().tag(sync=True)
    #: The events since the previous update: {"batch": n, "events": [...]}; the browser plays them in order.
    feed = traitlets.Dict().tag(sync=True)
    #: Milliseconds each Citybot step stays on screen (0 = no animation).
    pace_ms = traitlets.Int(900).tag(sync=True)
    #: Ability name and symbol per card value (C2).
    faces = traitlets.Dict(card_faces()).tag(sync=True)
