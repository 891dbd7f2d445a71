"""The card legend beside Diverse City's table: every kind of card (K1), what it does and why it matters, and the
game's one call (Diversity, R1), in the reader's words. The page draws each entry beside a sample card from `faces`
(the session's), so a newcomer matches the words to the cards on the table."""

from __future__ import annotations

from typing import Any

from ...messages import PAGE, Texts
from .cards import CATEGORIES, FIRST_DISASTER, GLOBAL_WARMING, PANDEMIC, PEOPLE, WORLD_WAR, city
from .config import Config
from .names import said

#: M2-M4: each Major's effect, by its code.
_MAJORS = {WORLD_WAR: "city.legend.world_war", PANDEMIC: "city.legend.pandemic",
           GLOBAL_WARMING: "city.legend.global_warming"}


def legend(config: Config, texts: Texts = PAGE) -> list[dict[str, Any]]:
    """The legend's entries: [{kind, title, text, sample (a card code or None), items: [{text, short?}]}]."""
    def entry(kind: str, sample: int | None, items: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
        return {"kind": kind, "title": texts(f"city.legend.{kind}"), "text": texts(f"city.legend.{kind}.text",
                                                                                    **fields),
                "sample": sample, "items": items}

    disasters = [{"text": texts("city.legend.disaster.item", name=said(d.name, texts), points=d.points,
                                needs=_needs(d.slots, texts))}
                 for d in config.disasters if d.copies]
    return [
        entry("city", city(2, 3), [{"text": said(name, texts), "short": str(i + 1)}
                                   for i, name in enumerate(CATEGORIES)]),
        entry("people", PEOPLE, [], points=config.points(PEOPLE)),
        entry("disaster", FIRST_DISASTER, disasters, threshold=config.threshold),
        entry("major", PANDEMIC, [{"text": texts(_MAJORS[code], name=config.card_words(code, texts))}
                                  for code in _MAJORS]),
        entry("diversity", None, []),
    ]


def either(words: tuple[str, ...], texts: Texts = PAGE) -> str:
    """'Food or Housing': what may fill a disaster's slot (K3)."""
    out = said(words[0], texts)
    for word in words[1:]:
        out = texts("city.slot.or", first=out, second=said(word, texts))
    return out


def _needs(slots: tuple[tuple[str, ...], ...], texts: Texts) -> str:
    """'Emergency Services and Food', 'Power Plant or Communications': what clears a disaster (K3)."""
    return texts.join([either(slot, texts) for slot in slots])
