"""The words for a new player beside the table: "How to play" and the rules page (egonb/app/guide.py)."""

from __future__ import annotations

import re

from egonb.app.assets import rules_text
from egonb.app.guide import guide, rules_page

RULE_ID = re.compile(r"\*\*([A-Z]+\d+)")


def test_the_rules_page_has_every_rule_of_the_rules_text_but_the_teaching_variant() -> None:
    text = rules_text()
    ids = [i for i in RULE_ID.findall(text) if not i.startswith("MV")]
    page = rules_page()
    assert [r["id"] for s in page for r in s["rules"]] == ids
    assert [s["title"] for s in page][:2] == ["Components", "Setup (2–6 players)"]
    assert all("*" not in r["text"] and "`" not in r["text"] for s in page for r in s["rules"])


def test_a_rule_is_read_whole_in_plain_words() -> None:
    """A rule over several lines is one paragraph; an interpretation is said as this edition's reading; the ids it
    cites stay out of the sentence (the rule's own id is shown by the page's switch)."""
    page = rules_page("## A turn\n\n- **T5 STOP.** Say STOP: every other\n  player plays once more (T6).\n"
                      "  *Interpretation:* only one STOP per round.\n\n## Teaching variant\n\n- **MV1** Not here.\n")
    assert page == [{"title": "A turn", "rules": [{"id": "T5", "text": "STOP. Say STOP: every other player plays "
                                                   "once more. How this edition reads it: only one STOP per round."}]}]


def test_how_to_play_is_short_and_in_plain_words() -> None:
    steps = guide()["how_to_play"]
    assert 4 <= len(steps) <= 8
    assert not any(re.search(r"\b[A-Z]{1,2}\d+\b", s["title"] + s["text"]) for s in steps)
