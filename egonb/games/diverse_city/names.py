"""A Diverse City card's words: its name is the configuration's data, stored as it is in events and saves (K2, K7-K9),
and said through the catalogue when a reader sees it (`city.card.<key>`: "Food 3", "Flood"), so a translation may say
it its own way. A name the catalogue does not know (a disaster of a configuration of one's own) is said as it is."""

from __future__ import annotations

import re

from ...messages import MESSAGES, Texts
from .cards import CATEGORIES


def key(name: str) -> str:
    """The catalogue's id of a card name: `city.card.emergency_services`."""
    return "city.card." + re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def said(name: str, texts: Texts) -> str:
    """The words of the card stored as `name` ("Food 3": a CITY card, its category and points; "Flood", "PEOPLE")."""
    category, _, points = name.rpartition(" ")
    if category in CATEGORIES and points.isdigit():
        return texts("city.card.city", category=said(category, texts), points=int(points))
    message = key(name)
    return texts(message) if message in MESSAGES else name
