"""The words around the table for a new player, for any game: a short "How to play" and the rules page.

Both are plain text the page shows as it is, so they live in Python with the rules, not in the browser's code.
Each game's record names its guide (`GameEntry.guide`, in the game's own `guide.py`: its steps, its rules page) and
its rules document (`GameEntry.rules`, in `docs/`); every session sends `page_guide` to its page. The rules page is
read from the rules document: its sections, each rule with its id (shown by the page's "Show rule ids" switch).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from ..games import GameEntry, resolve
from ..messages import PAGE, Texts
from .assets import rules_text

#: A step of "How to play": its title and text message ids and the rules it tells (badges by the switch).
Step = tuple[str, str, tuple[str, ...]]
#: The section of the rules text that is not a game played here (the rest is the rules page, in its order).
_NOT_PLAYED = "Teaching variant"
_ITEM = re.compile(r"^- \*\*(?P<id>[A-Z]+\d+)(?P<head>[^*]*)\*\*(?P<text>.*)$")


def _same(words: str) -> str:
    return words


def _plain_markdown(text: str, texts: Texts, plain: Callable[[str], str]) -> str:
    """Markdown emphasis and code marks off, then `plain` (a game's own rule citations out): the page shows plain
    sentences."""
    text = text.replace("*Interpretation:*", texts("guide.interpretation"))
    return plain(re.sub(r"[*`]", "", text)).strip()


def _next(lines: list[str], number: int) -> str:
    return lines[number + 1] if number + 1 < len(lines) else ""


def _row(line: str, rule: bool = False) -> list[str]:
    """A Markdown table row's cells (none for any other line); `rule`: only its |---| line."""
    if not line.startswith("|"):
        return []
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    ruled = all(c and set(c) <= set("-: ") for c in cells)
    return cells if ruled == rule else []


def rules_page(markdown: str, texts: Texts = PAGE, plain: Callable[[str], str] = _same) -> list[dict[str, Any]]:
    """The rules page: [{"title", "rules": [{"id", "text"}]}], a section per section of the rules text `markdown`;
    `plain` takes out of each rule's words what a reader does not read there (Egocentric World: the ids it cites)."""
    sections: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    lines = markdown.splitlines()
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
            words = _plain_markdown(item["head"] + item["text"], texts, plain)
            current["rules"].append({"id": item["id"], "text": words})
        elif current is not None and current["rules"] and line.startswith("  ") and line.strip():
            rule = current["rules"][-1]
            rule["text"] = f"{rule['text']} {_plain_markdown(line, texts, plain)}"
        elif current is not None and current["rules"] and _row(line) and not _row(_next(lines, number), True):
            # a table's row (not its heading: the row above the |---| line) joins its rule: "Flood (−3): Emergency
            # Services + Food; Fire (−3 (printed)): …"
            rule, cells = current["rules"][-1], _row(line)
            row = texts("guide.row", first=cells[0], second=cells[1], rest=", ".join(cells[2:]))
            rule["text"] = f"{rule['text']}{' ' if rule['text'].endswith(':') else '; '}{row}"
    return [s for s in sections if s["rules"]]  # a section with no rule (Diverse City's open questions) is not shown


def steps(chosen: Sequence[Step], texts: Texts, end_score: int) -> list[dict[str, Any]]:
    """The "How to play" panel: each step's title, text (which may say the total that ends the game) and rules."""
    return [{"title": texts(t), "text": texts(x, end_score=end_score), "rules": list(ids)} for t, x, ids in chosen]


def page_guide(game: GameEntry, config: Any, texts: Texts = PAGE) -> dict[str, Any]:
    """What the page's "How to play" and "Rules" panels show for a game of `config`: `{"how_to_play": steps,
    "rules": rules page}`, as the game's record says (its `guide` given the configuration and the reader's texts)."""
    found: dict[str, Any] = resolve(game.guide)(config, texts)
    return found


def rules_of(game: GameEntry, texts: Texts = PAGE, plain: Callable[[str], str] = _same) -> list[dict[str, Any]]:
    """The rules page of the game's rules document (`GameEntry.rules`) in the reader's language."""
    return rules_page(rules_text(game.rules, texts.language), texts, plain)


def book(sections: Sequence[tuple[str, tuple[str, ...]]], texts: Texts, end_score: int) -> list[dict[str, Any]]:
    """The Rules tab's player's rulebook: each section's title, text (`<key>.text`) and the rules it tells."""
    return [{"title": texts(key), "text": texts(f"{key}.text", end_score=end_score), "rules": list(ids)}
            for key, ids in sections]


def notes(texts: Texts) -> dict[str, Any]:
    """The heading of the rules document under the rulebook: "Notes for the curious"."""
    return {"title": texts("book.notes"), "text": texts("book.notes.text")}
