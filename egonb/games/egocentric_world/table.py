"""The card table: one anywidget for every card surface (hands, piles, deck, discard), the score
board, the narration log and the save controls.

Python owns the game; the browser only receives `table` (see `snapshot.table_state`), `feed`
(the frames to animate: the table after your move, after the cards a Citybot reveals from its
pile (SB2, SB3) and after each Citybot turn, with their events) and `offer` (a saved game it
may continue). It sends back custom messages:
`{"type": "act", "token": t, "action": id}`, `{"type": "new_game", "token": t}`,
`{"type": "hello", "slot": s}`, `{"type": "resume", "choice": "continue" | "new"}`,
`{"type": "download", "round": n}` (the round the page shows), `{"type": "load", "text": ...}` and
`{"type": "hint", "token": t}` (the coach, egonb/app/coaching.py).
"""

from __future__ import annotations

import anywidget
import traitlets

from ...app.assets import widget_esm, widget_file
from ...messages import PAGE, browser_words
from .game import ENTRY
from .guide import guide
from .snapshot import card_faces


class CardTable(anywidget.AnyWidget):
    _esm = widget_esm(ENTRY.widget or "")  # the record's table module and style sheets
    _css = "".join(widget_file(name).read_text(encoding="utf-8") for name in ENTRY.styles)

    #: The table as the human sees it when the next decision is open (snapshot.table_state).
    table = traitlets.Dict().tag(sync=True)
    #: {"batch": n, "frames": [{"table", "events"}...], "new_game": bool, "history": [...]}: what the browser
    #: plays, frame by frame, before it shows `table`; `history` (new game or continue) is the log so far.
    feed = traitlets.Dict().tag(sync=True)
    #: A saved game waiting for "Continue" or "New game": {"round", "totals", "names", "difficulty"}; {} if none.
    offer = traitlets.Dict().tag(sync=True)
    #: Milliseconds each Citybot turn stays on screen (0 = no animation).
    pace_ms = traitlets.Int(900).tag(sync=True)
    #: Ability name and symbol per card value (C2).
    faces = traitlets.Dict(card_faces()).tag(sync=True)
    #: The "How to play" steps and the rules page (`guide`).
    guide = traitlets.Dict(guide()).tag(sync=True)
    #: Your record per difficulty (wins, losses, average total; gameend.history_rows), for the start panel.
    history = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: The page's own words in the reader's language (egonb/messages/browser.py), for widgets/words.js.
    words = traitlets.Dict(browser_words(PAGE)).tag(sync=True)
