"""Card values and abilities (rules C1-C3).

A card is just its Egocentrism value, a small int 1-12: cards of equal value are
interchangeable, and the scoring value is the printed value (C3).
"""

from typing import Final

from ...messages import ENGLISH, Texts

VALUES: Final = tuple(range(1, 13))

#: C2: the five special abilities, by card value, in English (their words are the catalogue's `card.ability.<value>`).
ABILITY_NAMES: Final = {value: ENGLISH(f"card.ability.{value}") for value in (8, 9, 10, 11, 12)}

#: A short symbol per ability so a card is readable without colour (all in the common DejaVu fonts).
ABILITY_SYMBOLS: Final = {8: "★", 9: "◆", 10: "◎", 11: "⇄", 12: "↻"}

SEVEN_EIGHT_NINE: Final = 8
BLACK_SHIELD: Final = 9
MAGNIFYING_GLASS: Final = 10
TWO_CARDS: Final = 11
HOURGLASS: Final = 12
#: The abilities a card offers when it is played (D2); the 789 and the Black Shield work otherwise (A8, A9).
PLAYED_ABILITIES: Final = (MAGNIFYING_GLASS, TWO_CARDS, HOURGLASS)


#: The values said with "an" in English (`card.an`).
ARTICLE_AN: Final = (8, 11)


def card_words(value: int, texts: Texts = ENGLISH) -> str:
    """'7' or '11 (Two Cards)': how a card is named in messages and events."""
    if value in ABILITY_NAMES:
        return texts("card.named", value=value, ability=texts(f"card.ability.{value}"))
    return texts("card.plain", value=value)


def a_card_words(value: int, texts: Texts = ENGLISH, named: bool = True) -> str:
    """'a 7', 'an 11 (Two Cards)' ('an 11' unless `named`): a card with its article, for narration."""
    card = card_words(value, texts) if named else texts("card.plain", value=value)
    return texts("card.an" if value in ARTICLE_AN else "card.a", card=card)


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
