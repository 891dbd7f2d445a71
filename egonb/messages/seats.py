"""The seats' default names, rendered in the reader's language when read (docs/I18N.md).

A game keeps its seats' names as configuration data, in the engine's English ("You", "Citybot Left", "Player 2"):
saves stay free of any language, and a game saved in English continues in French. A reader sees each default name
through its message here (« Citébot gauche »); a name of the reader's own choosing ("Ada", an agent's name) is shown
as it is. A name saved in another shipped language (a game saved before names were kept in English) is read back as
the same seat.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .catalogue import Texts, msg, texts_for
from .language import shipped

msg("seat.reader", "You")
msg("seat.citybot.left", "Citybot Left")
msg("seat.citybot.right", "Citybot Right")
msg("seat.player", "Player {number}")

#: The default names as messages and their fields: the solo game's seats (SM1) and the numbered players of either
#: game (seats beyond the largest table are numbered the same way).
DEFAULTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("seat.reader", {}), ("seat.citybot.left", {}), ("seat.citybot.right", {}),
    *(("seat.player", {"number": n}) for n in range(1, 13)))


@lru_cache(maxsize=1)
def _known() -> dict[str, tuple[str, dict[str, Any]]]:
    """Every default name as some shipped language writes it -> its message and fields (built when first read)."""
    known = {}
    for language in reversed(shipped()):  # English last: it wins where two languages write a name alike
        texts = texts_for(language)
        for message_id, fields in DEFAULTS:
            known[texts(message_id, **fields)] = (message_id, fields)
    return known


def seat_name(name: str, texts: Texts) -> str:
    """`name` as `texts`'s reader reads it: a default name in their language, any other name unchanged."""
    found = _known().get(name)
    return texts(found[0], **found[1]) if found else name


def seat_names(names: tuple[str, ...] | list[str], texts: Texts) -> tuple[str, ...]:
    return tuple(seat_name(name, texts) for name in names)


def default_name(message_id: str, **fields: Any) -> str:
    """A default name as a game keeps it: in the engine's English, whatever its readers' languages (a fresh English
    catalogue: a notebook's `use_language` switches `ENGLISH` itself)."""
    return Texts()(message_id, **fields)
