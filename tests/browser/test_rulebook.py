"""The Rules tab of Egocentric World's table in a real browser: a player's rulebook, the solo game's own rules before
the cards' details, no rule id unless "Show rule ids" is on, and the engine's reference folded under "Notes for the
curious" (docs/RULES.md)."""

from __future__ import annotations

from clicking import ROOT, wait_ui


def test_the_rules_tab_opens_on_the_players_rulebook(chrome, voila_url, artifacts, console) -> None:
    page = chrome.new_page(viewport={"width": 1366, "height": 900})
    errors = console(page)
    page.goto(voila_url)
    wait_ui(page, "ready", "animating", timeout=60_000)
    page.click(f"{ROOT} .eg-rules")
    book = page.eval_on_selector_all(f"{ROOT} .eg-guide-book h3", "els => els.map(e => e.firstChild.textContent)")
    assert book[:4] == ["The goal", "You and the two Citybots", "Your turn: one move", "When a Citybot says STOP"]
    assert book.index("How a Citybot plays") < book.index("The cards") and "Difficulty" in book  # SB before C, SM2
    assert page.locator(f"{ROOT} .eg-guide .eg-rule:visible").count() == 0  # ids only with the switch
    assert not page.eval_on_selector(f"{ROOT} .eg-guide-notes", "el => el.open")  # the notes folded
    assert page.locator(f"{ROOT} .eg-guide-notes .eg-guide-section:visible").count() == 0
    page.screenshot(path=str(artifacts / "rules-tab-1366.png"))
    page.click(f"{ROOT} .eg-guide-notes summary")
    assert page.locator(f"{ROOT} .eg-guide-notes .eg-guide-section:visible").count() >= 3
    page.click(f"{ROOT} .eg-guide-close")
    page.check(f"{ROOT} .eg-rules-switch")
    page.click(f"{ROOT} .eg-rules")
    assert page.locator(f"{ROOT} .eg-guide-book .eg-rule:visible").count() > 10  # each section's rules, as badges
    assert not errors.problems, errors.problems
    page.close()
