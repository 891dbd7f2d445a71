"""Diverse City's page guide (its record's `guide`): the steps of "How to play", the player's rulebook and the
rules page of docs/DIVERSE-CITY.md as notes for the curious."""

from __future__ import annotations

from typing import Any

from ...app.guide import Step, book, notes, rules_of, steps
from ...messages import PAGE, Texts
from .config import Config
from .game import ENTRY

#: The walk-through (title and text message ids, the rules each step tells), as Egocentric World's.
_STEPS: list[Step] = [("city.guide.build", "city.guide.build.text", ("K1", "R3", "G1")),
                      ("city.guide.turn", "city.guide.turn.text", ("P1", "P2", "P4", "H1")),
                      ("guide.coach", "guide.coach.text", ()),  # Egocentric World's step: the same coach
                      ("city.guide.diversity", "city.guide.diversity.text", ("R4", "R1", "R2")),
                      ("city.guide.disasters", "city.guide.disasters.text", ("X1", "K3", "X3")),
                      ("city.guide.donate", "city.guide.donate.text", ("X4", "X5", "X8", "X9")),
                      ("city.guide.majors", "city.guide.majors.text", ("M1", "M2", "M3", "M4"))]

#: The player's rulebook (docs/DIVERSE-CITY.md), as Egocentric World's.
_BOOK: list[tuple[str, tuple[str, ...]]] = [
    ("book.city.goal", ("R3", "R5", "G1")), ("book.city.cards", ("K1", "K2", "H2")),
    ("book.city.deal", ("U1", "U2", "U3")), ("book.city.turn", ("P1", "P2", "P4", "H3")),
    ("book.city.disasters", ("X1", "X2", "X3", "K3")), ("book.city.help", ("X4", "X5", "X6", "X7")),
    ("book.city.reset", ("X8", "X9")), ("book.city.majors", ("M1", "M2", "M3", "M4")),
    ("book.city.limit", ("P7", "H1", "R1", "R2")), ("book.city.score", ("R3", "R4"))]


def guide(config: Config | None = None, texts: Texts = PAGE) -> dict[str, Any]:
    """What the page's "How to play" and "Rules" panels show for a game of `config` (its end score, G1)."""
    end_score = (config if config is not None else Config()).end_score
    return {"how_to_play": steps(_STEPS, texts, end_score), "rulebook": book(_BOOK, texts, end_score),
            "rules": rules_of(ENTRY, texts), "notes": notes(texts)}
