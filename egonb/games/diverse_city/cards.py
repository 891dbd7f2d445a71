"""Diverse City's cards (K1-K9) as small integer codes, and the default deck table.

Cards of equal code are interchangeable, so hands and piles are lists of codes (as Egocentric World's are
lists of values). Codes are fixed for every configuration, so actions that name a card have stable ids:

* 0-44: a CITY card, `category * MAX_POINTS + points - 1` (K2: nine categories; points 1 to MAX_POINTS);
* PEOPLE (K7);
* the three Majors (K9);
* from FIRST_DISASTER on: the configuration's personal disasters, in the order of its table (K8).
"""

from __future__ import annotations

from typing import NamedTuple

#: K2: the nine CITY categories, in the rulebook's order. PEOPLE is not one of them.
CATEGORIES = (
    "Emergency Services", "Housing", "Food", "School", "Public Transportation", "Waste Management",
    "Power Plant", "Communications", "Activity",
)
MAX_POINTS = 5
CITY_CODES = range(len(CATEGORIES) * MAX_POINTS)
PEOPLE = len(CITY_CODES)
WORLD_WAR, PANDEMIC, GLOBAL_WARMING = PEOPLE + 1, PEOPLE + 2, PEOPLE + 3
MAJORS = (WORLD_WAR, PANDEMIC, GLOBAL_WARMING)
MAJOR_NAMES = {WORLD_WAR: "World War", PANDEMIC: "Pandemic", GLOBAL_WARMING: "Global Warming"}
FIRST_DISASTER = GLOBAL_WARMING + 1
#: The most personal disasters one player can have in front (a reset threshold of at most MAX_FRONT + 1).
MAX_FRONT = 8
MAX_PLAYERS = 6
#: K7: PEOPLE's points (rulebook).
PEOPLE_POINTS = 3


class Disaster(NamedTuple):
    """One personal disaster of the deck table (K3, K8): its points (negative), its slots (each slot a tuple of
    the categories that fill it) and how many `copies` the deck holds."""

    name: str
    points: int
    slots: tuple[tuple[str, ...], ...]
    copies: int = 2


#: K8 (Interpretation): the default personal disasters, two of each.
DEFAULT_DISASTERS = (
    Disaster("Flood", -3, (("Emergency Services",), ("Food",))),
    Disaster("Fire", -3, (("Emergency Services",), ("Housing",))),
    Disaster("Blizzard", -3, (("Emergency Services",), ("School",))),
    Disaster("Traffic Jam", -2, (("Public Transportation",),)),
    Disaster("Litter Bug", -2, (("Waste Management",),)),
    Disaster("Blackout", -2, (("Power Plant", "Communications"),)),
    Disaster("Pollution", -2, (("Activity", "Power Plant"),)),
)
#: K6 (Interpretation): the points of the 8 CITY cards of every category.
DEFAULT_CITY_POINTS = (1, 1, 2, 2, 3, 3, 4, 4)


def city(category: int, points: int) -> int:
    """The code of a CITY card of category index `category` worth `points`."""
    return category * MAX_POINTS + points - 1


def is_city(code: int) -> bool:
    return 0 <= code < PEOPLE


def category_of(code: int) -> int:
    return code // MAX_POINTS


def city_points(code: int) -> int:
    return code % MAX_POINTS + 1


def is_disaster(code: int) -> bool:
    """A personal disaster (a Major is not one: X8 never counts it)."""
    return code >= FIRST_DISASTER


def city_name(code: int) -> str:
    return f"{CATEGORIES[category_of(code)]} {city_points(code)}"
