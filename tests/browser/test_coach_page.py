"""The coach on the page (widgets/coach.js, egonb/app/coaching.py): Hint proposes one of your legal moves and says
why, its button is ringed, "Play it" plays it, and "Coach me" asks before each of your decisions; on the Voilà page
of both games and in the static edition (Python in the page)."""

from __future__ import annotations

import shutil
from pathlib import Path

from clicking import ui, wait_ui
from playing import PHONE, act_and_wait
from test_dc_page import dc_url, ready  # noqa: F401  (dc_url: Diverse City's Voilà server, a fixture)
from test_site import open_site, site_url  # noqa: F401  (site_url: the static edition, a fixture)

SHOTS = Path("/tmp/shots/h13-coach")
HINT_MS = 60_000  # a hint takes well under a second; a busy machine's kernel may take longer


def keep(artifacts: Path, name: str) -> None:
    """A screenshot the test took, also where the coach's screenshots are looked at."""
    if SHOTS.parent.exists():
        SHOTS.mkdir(exist_ok=True)
        shutil.copy(artifacts / name, SHOTS / name)


def ask_hint(page) -> dict:
    """Click Hint and wait for the coach's answer: its words and the id of the move it rings."""
    page.click(".eg-coach .eg-hint")
    page.wait_for_selector(".eg-coach .eg-coach-move", timeout=HINT_MS)
    ringed = page.eval_on_selector_all(".eg-act.eg-hinted", "els => els.map((e) => Number(e.dataset.action))")
    return {"text": page.inner_text(".eg-coach .eg-coach-says"), "ringed": ringed}


def play_proposal(page) -> dict[str, str]:
    """Click "Play it" (twice for Say STOP, which asks first as its own button does) and wait for the table."""
    stop = page.inner_text(".eg-coach .eg-coach-move").startswith("Say STOP")

    def click() -> None:
        page.click(".eg-coach .eg-coach-play")
        if stop:
            page.click(".eg-coach .eg-coach-play")
    return act_and_wait(page, click)


def ringed_in_sight(page) -> bool:
    """Is the proposed move ringed where it can be seen: its button, or the cards and piles it uses on the table (a
    move made by clicking cards has its button folded under "All possible actions")?"""
    return page.locator(".eg-act.eg-hinted:visible, .eg-root .eg-coach-ring:visible").count() > 0


def said_a_proposal(text: str) -> bool:
    return "simulated endings of this round" in text or "the only move worth making" in text


def test_hint_proposes_a_legal_move_rings_it_and_plays_it(chrome, voila_url, artifacts, console) -> None:
    page = chrome.new_page(viewport={"width": 1366, "height": 900})
    errors = console(page)
    page.goto(voila_url)
    state = wait_ui(page, "ready", timeout=60_000)
    hint = ask_hint(page)
    assert said_a_proposal(hint["text"]) and "chapter 22's Monte-Carlo agent" in hint["text"]
    legal = [int(a) for a in state["legal"].split(",")]
    assert len(hint["ringed"]) <= 1 and all(a in legal for a in hint["ringed"])
    assert ringed_in_sight(page)
    page.locator(".eg-coach").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "coach-desktop.png")
    keep(artifacts, "coach-desktop.png")
    # "Play it" is the proposed move's own click (a STOP asks first, as its button does)
    after = play_proposal(page)
    assert after["token"] != state["token"]
    assert page.locator(".eg-coach .eg-coach-move").count() == 0  # the answer was for the decision before
    assert not errors.problems


def test_coach_me_asks_before_each_decision_and_fits_a_phone(chrome, voila_url, artifacts, console) -> None:
    page = chrome.new_page(viewport=PHONE)
    errors = console(page)
    page.goto(voila_url)
    wait_ui(page, "ready", timeout=60_000)
    page.check(".eg-coach .eg-coach-mode input")
    for _ in range(2):  # each new decision of yours gets its hint without a click
        page.wait_for_selector(".eg-coach .eg-coach-move", timeout=HINT_MS)
        state = ui(page)
        if state["ui"] != "ready":
            break
        play_proposal(page)
    page.wait_for_selector(".eg-coach .eg-coach-move", timeout=HINT_MS)
    assert page.evaluate("localStorage.getItem('egonb-coach')") == "on"  # this browser remembers it
    box = page.eval_on_selector(".eg-coach", "e => e.getBoundingClientRect().width")
    assert box <= PHONE["width"]
    page.locator(".eg-coach").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "coach-phone.png")
    keep(artifacts, "coach-phone.png")
    assert not errors.problems


def test_hint_in_diverse_city(chrome, dc_url, artifacts, console) -> None:  # noqa: F811
    page = chrome.new_page(viewport={"width": 1366, "height": 900})
    errors = console(page)
    page.goto(dc_url)
    assert ready(page, None) == "decide"
    hint = ask_hint(page)
    assert "simulated endings of this round it" in hint["text"] and "highest total" in hint["text"] \
        or "the only move worth making" in hint["text"]
    assert ringed_in_sight(page)
    page.locator(".eg-coach").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "coach-diverse-city.png")
    keep(artifacts, "coach-diverse-city.png")
    token = page.get_attribute(".dc-felt", "data-token")
    page.click(".eg-coach .eg-coach-play")
    ready(page, token)
    assert not errors.problems


def test_hint_in_the_static_edition(chrome, site_url, artifacts, console) -> None:  # noqa: F811
    context, page, errors, traffic = open_site(chrome, site_url, console)
    try:
        hint = ask_hint(page)
        assert said_a_proposal(hint["text"]) and ringed_in_sight(page)
        page.locator(".eg-coach").scroll_into_view_if_needed()
        page.screenshot(path=artifacts / "coach-site.png")
        keep(artifacts, "coach-site.png")
        assert not errors.problems and not traffic.outside
    finally:
        context.close()
