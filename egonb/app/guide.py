"""The words around the table for a new player: a short "How to play" and the rules page.

Both are plain text the page shows as it is, so they live in Python with the rules, not in the
browser's code. The rules page is read from the project's rules text (`docs/RULES.md`): its
sections for the solo game, each rule with its id (shown by the page's "Show rule ids" switch).
"""

from __future__ import annotations

import re
from typing import Any

from ..games.egocentric_world.events import uncited
from ..games.egocentric_world.rules import Rules
from ..messages import PAGE, Texts
from .assets import rules_text

#: The walk-through, as (title, text) message ids and the rules each step tells (badges shown by the "Show rule ids"
#: switch): the first three steps, then those that differ between the solo game and the multiplayer game (who plays
#: after your STOP, the card powers, the others; in the solo game also when a Citybot says STOP, next to yours, and the
#: difficulty).
_STEPS = [("guide.low", "guide.low.text", ("E1", "E2")), ("guide.turn", "guide.turn.text", ("T1", "T2")),
          ("guide.match", "guide.match.text", ("T3", "T4"))]
_OTHERS = {
    False: [("guide.stop", "guide.stop.solo", ("T5",)), ("guide.watch", "guide.watch.text", ("SB1",)),
            ("guide.powers", "guide.powers.solo", ("SP8", "SP12")), ("guide.citybots", "guide.citybots.text", ("SM4",)),
            ("guide.difficulty", "guide.difficulty.text", ("SM2",))],
    True: [("guide.stop", "guide.stop.multiplayer", ("T5",)), ("guide.powers", "guide.powers.multiplayer",
                                                             ("A8", "A12")),
           ("guide.players", "guide.players.text", ())],
}

#: The section of the rules text that is not a game played here (the rest is the rules page, in its order).
_NOT_PLAYED = "Teaching variant"
_ITEM = re.compile(r"^- \*\*(?P<id>[A-Z]+\d+)(?P<head>[^*]*)\*\*(?P<text>.*)$")


def _plain_markdown(text: str, texts: Texts) -> str:
    """Markdown emphasis and code marks off: the page shows plain sentences."""
    text = text.replace("*Interpretation:*", texts("guide.interpretation"))
    return uncited(re.sub(r"[*`]", "", text)).strip()


def _next(lines: list[str], number: int) -> str:
    return lines[number + 1] if number + 1 < len(lines) else ""


def _row(line: str, rule: bool = False) -> list[str]:
    """A Markdown table row's cells (none for any other line); `rule`: only its |---| line."""
    if not line.startswith("|"):
        return []
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    ruled = all(c and set(c) <= set("-: ") for c in cells)
    return cells if ruled == rule else []


def rules_page(markdown: str | None = None, texts: Texts = PAGE) -> list[dict[str, Any]]:
    """The rules page: [{"title", "rules": [{"id", "text"}]}], a section per section of the rules text."""
    sections: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    lines = (markdown if markdown is not None else rules_text()).splitlines()
    for number, line in enumerate(lines):
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
            current["rules"].append({"id": item["id"], "text": _plain_markdown(item["head"] + item["text"], texts)})
        elif current is not None and current["rules"] and line.startswith("  ") and line.strip():
            rule = current["rules"][-1]
            rule["text"] = f"{rule['text']} {_plain_markdown(line, texts)}"
        elif current is not None and current["rules"] and _row(line) and not _row(_next(lines, number), True):
            # a table's row (not its heading: the row above the |---| line) joins its rule: "Flood (−3): Emergency
            # Services + Food; Fire (−3 (printed)): …"
            rule, cells = current["rules"][-1], _row(line)
            row = texts("guide.row", first=cells[0], second=cells[1], rest=", ".join(cells[2:]))
            rule["text"] = f"{rule['text']}{' ' if rule['text'].endswith(':') else '; '}{row}"
    return [s for s in sections if s["rules"]]  # a section with no rule (Diverse City's open questions) is not shown


#: Diverse City's walk-through (docs/DIVERSE-CITY.md), as _STEPS.
_CITY_STEPS = [("city.guide.build", "city.guide.build.text", ("K1", "R3", "G1")),
               ("city.guide.turn", "city.guide.turn.text", ("P1", "P2", "P4", "H1")),
               ("city.guide.diversity", "city.guide.diversity.text", ("R4", "R1", "R2")),
               ("city.guide.disasters", "city.guide.disasters.text", ("X1", "K3", "X3")),
               ("city.guide.donate", "city.guide.donate.text", ("X4", "X5", "X8", "X9")),
               ("city.guide.majors", "city.guide.majors.text", ("M1", "M2", "M3", "M4"))]


def _steps(steps: list[tuple[str, str, tuple[str, ...]]], texts: Texts, end_score: int) -> list[dict[str, Any]]:
    return [{"title": texts(t), "text": texts(x, end_score=end_score), "rules": list(ids)} for t, x, ids in steps]


#: The player's rulebook (egonb/messages/rulebook.py), section by section, with the rules each tells: the solo game's
#: own rules first in solo (the Citybots, when one says STOP, how it plays), then those both games share.
_BOOK = {
    False: [("book.goal", ("E1", "E2")), ("book.solo.table", ("SM1", "SM3", "SM4", "S1", "S2")),
            ("book.turn", ("T1", "T2", "T3", "T4", "T5")), ("book.solo.stop", ("SB1",)),
            ("book.solo.bot", ("SB2", "SB3", "SB4", "SB5", "SB6", "SB7", "SB8", "SB9")),
            ("book.cards", ("C1", "C2", "C3")), ("book.played", ("D1", "D2")),
            ("book.solo.powers", ("SP8", "SP9", "SP10", "SP11", "SP12", "SC9")),
            ("book.solo.bot_powers", ("SC8", "SC9", "SC10", "SC11", "SC12")), ("book.end", ("T5", "T6", "E1")),
            ("book.solo.difficulty", ("SM2",))],
    True: [("book.goal", ("E1", "E2")), ("book.multi.table", ("S1", "S2", "S3")),
           ("book.turn", ("T1", "T2", "T3", "T4", "T5")), ("book.cards", ("C1", "C2", "C3")),
           ("book.played", ("D1", "D2")), ("book.multi.powers", ("A8", "A9", "A10", "A11", "A12")),
           ("book.end", ("T5", "T6", "E1"))],
}


#: Diverse City's rulebook (docs/DIVERSE-CITY.md), as _BOOK.
_CITY_BOOK = [("book.city.goal", ("R3", "R5", "G1")), ("book.city.cards", ("K1", "K2", "H2")),
              ("book.city.deal", ("U1", "U2", "U3")), ("book.city.turn", ("P1", "P2", "P4", "H3")),
              ("book.city.disasters", ("X1", "X2", "X3", "K3")), ("book.city.help", ("X4", "X5", "X6", "X7")),
              ("book.city.reset", ("X8", "X9")), ("book.city.majors", ("M1", "M2", "M3", "M4")),
              ("book.city.limit", ("P7", "H1", "R1", "R2")), ("book.city.score", ("R3", "R4"))]


def _book(sections: list[tuple[str, tuple[str, ...]]], texts: Texts, end_score: int) -> list[dict[str, Any]]:
    return [{"title": texts(key), "text": texts(f"{key}.text", end_score=end_score), "rules": list(ids)}
            for key, ids in sections]


def rulebook(multiplayer: bool = False, texts: Texts = PAGE, end_score: int = Rules.end_score) -> list[dict[str, Any]]:
    """The Rules tab's rulebook: [{"title", "text", "rules"}], in the order a new player needs it."""
    return _book(_BOOK[multiplayer], texts, end_score)


def guide(multiplayer: bool = False, texts: Texts = PAGE, end_score: int = Rules.end_score) -> dict[str, Any]:
    """What the page's "How to play" and "Rules" panels show, for the solo game or the multiplayer game: the steps,
    the player's rulebook, and the engine's reference (docs/RULES.md) as notes for the curious."""
    return {"how_to_play": _steps(_STEPS + _OTHERS[multiplayer], texts, end_score),
            "rulebook": rulebook(multiplayer, texts, end_score),
            "rules": rules_page(rules_text("RULES.md", texts.language), texts),
            "notes": {"title": texts("book.notes"), "text": texts("book.notes.text")}}


def city_guide(texts: Texts = PAGE, end_score: int = 50) -> dict[str, Any]:
    """Diverse City's "How to play" and "Rules" panels: its steps, and its rules text (docs/DIVERSE-CITY.md)."""
    return {"how_to_play": _steps(_CITY_STEPS, texts, end_score),
            "rulebook": _book(_CITY_BOOK, texts, end_score),
            "rules": rules_page(rules_text("DIVERSE-CITY.md", texts.language), texts),
            "notes": {"title": texts("book.notes"), "text": texts("book.notes.text")}}
