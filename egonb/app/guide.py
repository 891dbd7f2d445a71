"""The words around the table for a new player: a short "How to play" and the rules page.

Both are plain text the page shows as it is, so they live in Python with the rules, not in the
browser's code. The rules page is read from the project's rules text (`docs/RULES.md`): its
sections for the solo game, each rule with its id (shown by the page's "Show rule ids" switch).
"""

from __future__ import annotations

import re
from typing import Any

from ..events import uncited
from .assets import rules_text

#: The walk-through: one short step per line, in the order a first game meets them. The steps that differ between
#: the solo game and the multiplayer game (who plays after your STOP, the card powers, the others) are in `_OTHERS`.
HOW_TO_PLAY = [
    ("Keep your hand low", "Each card is worth its number. When a round ends, the player with the lowest total in "
                           "hand wins it. Rounds add up: once someone reaches 50 points, the lowest total wins the "
                           "game."),
    ("Your turn: one move", "Click the deck to draw a card, then click a card of your hand to swap it, or the discard "
                            "pile to throw the new card away. Or click the discard pile and a card of yours to take "
                            "the top card instead."),
    ("Get rid of cards", "Click a card with the same number as the top of the discard pile, then the pile, to play it "
                         "(a match). Two cards of one number: show them as a pair and one of them goes."),
]

#: The steps of each kind of game after the first three: solo (SM, SB, SP rules), multiplayer (A8–A12).
_OTHERS = {
    False: [
        ("Say STOP", "When your hand is low enough, say STOP: the Citybots each play once more, then the round ends."),
        ("Card powers", "A card you play from your hand may do something: 8 counts as 7, 8 or 9, 9 protects you, 10 "
                        "looks at a Citybot's hidden cards, 11 swaps cards, 12 gives you another turn. The legend "
                        "beside the table tells each one."),
        ("The Citybots", "Citybot Left and Citybot Right play by fixed steps. Their hidden pile shows as face-down "
                         "cards; what they play and take is told under the table and in the log."),
    ],
    True: [
        ("Say STOP", "When your hand is low enough, say STOP: every other player plays once more, then the round "
                     "ends."),
        ("Card powers", "A card you play from your hand may do something: 8 counts as 7, 8 or 9; 10 looks at another "
                        "player's hand; 11 exchanges a card between two players (take one, or announce a value: a "
                        "wrong guess cancels it and costs you a card); 12 gives you another turn. You may play a 9 "
                        "from your hand to cancel a 10 or an 11 aimed at you. The legend beside the table tells each "
                        "one."),
        ("The AI players", "They play in turn around the table, their hands face down; a card of theirs you have "
                           "seen shows beside their hand. What they do is told under the table and in the log, and "
                           "when one aims a card at you, you are asked what to do."),
    ],
}

#: The section of the rules text that is not a game played here (the rest is the rules page, in its order).
_NOT_PLAYED = "Teaching variant"
_ITEM = re.compile(r"^- \*\*(?P<id>[A-Z]+\d+)(?P<head>[^*]*)\*\*(?P<text>.*)$")


def _plain_markdown(text: str) -> str:
    """Markdown emphasis and code marks off: the page shows plain sentences."""
    text = re.sub(r"\*Interpretation:\*", "How this edition reads it:", text)
    return uncited(re.sub(r"[*`]", "", text)).strip()


def rules_page(markdown: str | None = None) -> list[dict[str, Any]]:
    """The rules page: [{"title", "rules": [{"id", "text"}]}], a section per section of the rules text."""
    sections: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for line in (markdown if markdown is not None else rules_text()).splitlines():
        if line.startswith("# "):
            continue  # the document's own title
        if line.startswith("#"):
            title = line.lstrip("#").strip()
            wanted = not title.startswith(_NOT_PLAYED)
            title = re.sub(r"^[A-Z]+: ", "", title.split(" — ")[0])  # "SB: a Citybot's turn" -> "a Citybot's turn"
            current = {"title": title[:1].upper() + title[1:], "rules": []} if wanted else None
            if current is not None:
                sections.append(current)
        elif current is not None and (item := _ITEM.match(line)):
            current["rules"].append({"id": item["id"], "text": _plain_markdown(item["head"] + item["text"])})
        elif current is not None and current["rules"] and line.startswith("  ") and line.strip():
            rule = current["rules"][-1]
            rule["text"] = f"{rule['text']} {_plain_markdown(line)}"
    return sections


def guide(multiplayer: bool = False) -> dict[str, Any]:
    """What the page's "How to play" and "Rules" panels show, for the solo game or the multiplayer game."""
    steps = HOW_TO_PLAY + _OTHERS[multiplayer]
    return {"how_to_play": [{"title": t, "text": x} for t, x in steps], "rules": rules_page()}
