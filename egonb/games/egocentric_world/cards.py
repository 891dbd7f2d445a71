"""Card values and abilities (rules C1-C3).

A card is just its Egocentrism value, a small int 1-12: cards of equal value are
interchangeable, and the scoring value is the printed value (C3).
"""

from typing import Final

VALUES: Final = tuple(range(1, 13))

#: C2: the five special abilities, by card value.
ABILITY_NAMES: Final = {
    8: "789",
    9: "Black Shield",
    10: "Magnifying Glass",
    11: "Two Cards",
    12: "Hourglass",
}

#: A short symbol per ability so a card is readable without colour (all in the common DejaVu fonts).
ABILITY_SYMBOLS: Final = {8: "★", 9: "◆", 10: "◎", 11: "⇄", 12: "↻"}

SEVEN_EIGHT_NINE: Final = 8
BLACK_SHIELD: Final = 9
MAGNIFYING_GLASS: Final = 10
TWO_CARDS: Final = 11
HOURGLASS: Final = 12
#: The abilities a card offers when it is played (D2); the 789 and the Black Shield work otherwise (A8, A9).
PLAYED_ABILITIES: Final = (MAGNIFYING_GLASS, TWO_CARDS, HOURGLASS)


def card_name(value: int) -> str:
    """'7' or '11 (Two Cards)': how a card is named in messages and events."""
    ability = ABILITY_NAMES.get(value)
    return f"{value} ({ability})" if ability else str(value)


def a_card(value: int, named: bool = False) -> str:
    """'a 7', 'an 8', 'an 11 (Two Cards)': a card with its article, for narration."""
    article = "an" if value in (8, 11) else "a"
    return f"{article} {card_name(value) if named else value}"


def short_name(value: int) -> str:
    """A value as the Citybots' narration names the card: the 8 is the 789 (C2), which SC8 lets stand for 7, 8 or 9."""
    return "789" if value == SEVEN_EIGHT_NINE else str(value)


def a_short(value: int) -> str:
    """'a 7', 'a 789', 'an 11': a card with its article, named as `short_name` names it."""
    return "a 789" if value == SEVEN_EIGHT_NINE else a_card(value)


def matches(card: int, top: int) -> bool:
    """T3 with A8: does `card` match the discard `top`, a 789 counting as 7, 8 or 9?"""
    if card == top:
        return True
    if card == SEVEN_EIGHT_NINE:
        return top in (7, 9)
    if top == SEVEN_EIGHT_NINE:
        return card in (7, 9)
    return False


#: Per discard top, the values that match it (`matches`), in value order: every turn looks up its top's few
#: matches (at most three) instead of testing each card of the hand.
MATCHING: Final = {top: tuple(v for v in VALUES if matches(v, top)) for top in VALUES}
