"""One catalogue for every sentence a person reads, in both games (docs/ARCHITECTURE.md, "Texts").

A message has an id (`event.draw`) and an English template with named fields (`{player} draws a card`); a message
that can speak of the reader has a second-person form under the same id plus `.you` (`event.draw.you`: `You draw a
card`), chosen by the renderer when the reader is the subject. The templates are declared with `msg` / `msg_n`
(Babel's extractor finds them: `python -m egonb.messages.extract` writes `egonb.pot`), and read through `Texts`,
backed at run time by a standard library `gettext` translation chosen per reader, never at import.

A rule citation is written into a template as `{cite: (T1)}`: it reads " (T1)" when the reader shows rule ids and
nothing otherwise, so one message serves the page's "Show rule ids" switch both ways.
"""

# The catalogue's parts declare their messages on import.
from . import (  # noqa: F401
    browser,
    city,
    coach,
    ego,
    guests,
    landing,
    page,
    replay,
    rulebook,
    seats,
    site,
    toolkit,
    tutorial,
)
from .browser import browser_words
from .catalogue import ENGLISH, MESSAGES, PAGE, Texts, msg, msg_n, texts_for, use_language

__all__ = ["browser_words", "ENGLISH", "MESSAGES", "PAGE", "Texts", "msg", "msg_n", "texts_for", "use_language"]
