"""The first screen of the game page in a real browser: your hand, the newest move and the summaries in
view at 1024 px and on a phone, and "How to play" opened by itself on a first visit only.
"""

from __future__ import annotations

from clicking import PACE_MS, ROOT, click_el, off_screen, unload_noise, wait_ui
from playing import (
    FADES,
    PHONE,
    SCREEN,
    SINCE_END,
    act_and_wait,
    assert_the_first_screen_shows,
    assert_whole_lines,
    say_stop,
    your_card,
)


def test_the_first_screen_at_1024_shows_your_hand(chrome, voila_url, artifacts, console) -> None:
    """At 1024 x 768 the first screen shows your hand (at 1280 x 900 your hand, the prompt and the action buttons: in
    test_clicking_another_card_…, which opens there; at 390 x 844: the phone tests below)."""
    page = chrome.new_page(viewport={"width": 1024, "height": 768})
    errors = console(page)
    page.goto(voila_url)
    wait_ui(page, "ready", timeout=60_000)
    assert_the_first_screen_shows(page, (".eg-hand .eg-face",), artifacts)
    assert not errors.problems, errors.problems
    page.close()

def test_a_phone_shows_your_hand_the_newest_move_and_the_summaries_from_their_top(chrome, voila_url, artifacts,
                                                                                 console) -> None:
    """At 390 x 844: your hand is on the first screen; the box of moves since your turn shows its newest move (the
    older ones scrolled above, faded); a selected card stays clear of your name line; the 6s and 9s are underlined;
    each summary (round end, game end, final scores again) opens with its heading on the screen."""
    page = chrome.new_page(viewport={"width": 390, "height": 844})
    errors = console(page)
    page.goto(voila_url)
    wait_ui(page, "ready", timeout=60_000)
    cards = page.eval_on_selector_all(f"{ROOT} .eg-hand .eg-face", f"els => els.map({SCREEN})")
    assert cards and all(c["bottom"] <= c["height"] for c in cards), cards  # no scrolling to see your cards
    page.wait_for_function(f"{FADES} === 0")  # the cards seen once faded in
    page.screenshot(path=artifacts / "13-phone-first-screen.png")
    since = page.eval_on_selector(f"{ROOT} .eg-since-list", SINCE_END)
    assert since["overflows"] and since["end"] and since["inside"] and since["fade"], since  # the test seed's opening
    assert_whole_lines(since)
    newest = page.eval_on_selector_all(".egonb-log li:not(.eg-note)", "els => els[0].innerText")
    # The log's newest move (Citybot Left's 9 played at once, SC9) ends the recap's last line: Right's turn, whose
    # Magnifying Glass revealed it.
    assert newest.startswith("Citybot Left — a 9 was revealed"), newest
    assert since["last"].endswith("Citybot Left played the 9 it revealed"), since
    underlined = page.eval_on_selector_all(f"{ROOT} .eg-corner", """els => els.map((e) =>
      [e.textContent, getComputedStyle(e).textDecorationLine.includes('underline')])""")
    assert {text for text, line in underlined if line} == {"6", "9"}, underlined  # and the seed deals 6s and 9s
    assert all(line for text, line in underlined if text in ("6", "9")), underlined
    # A 9 of yours is only selected (it can be matched, paired or given for the discard): lifted, clear of the name.
    nine = your_card(page, 9)
    click_el(page, nine)
    lifted = page.eval_on_selector(f'{ROOT} [data-el="{nine}"]', SCREEN)
    name = page.eval_on_selector(f"{ROOT} .eg-you .eg-name", SCREEN)
    assert page.locator(f"{ROOT} .eg-hand .eg-selected").count() == 1
    assert lifted["top"] >= name["bottom"], (lifted, name)
    page.click(f"{ROOT} .eg-cancel")
    for title, leave in (("Round 1 is over", ".eg-continue"), ("Game over", ".eg-close")):
        say_stop(page)
        heading = page.eval_on_selector(f"{ROOT} .eg-panel h2", SCREEN)
        yours = page.eval_on_selector(f'{ROOT} .eg-reveal[data-seat="0"]', SCREEN)
        assert page.inner_text(f"{ROOT} .eg-panel h2").startswith(title)
        assert 0 <= heading["top"] and yours["bottom"] <= yours["height"], (title, heading, yours)
        assert page.evaluate(f"document.activeElement.matches('{ROOT} .eg-panel .eg-act')")  # the keyboard is there too
        page.wait_for_function(f"{FADES} === 0")
        page.screenshot(path=artifacts / f"14-phone-{'round' if leave == '.eg-continue' else 'game'}-end.png")
        page.click(f"{ROOT} .eg-panel {leave}")
        wait_ui(page, "ready")
    page.click(f"{ROOT} .eg-actions .eg-final")  # at the foot of the table: the summary opens from its top
    wait_ui(page, "panel")
    assert page.eval_on_selector(f"{ROOT} .eg-panel h2", SCREEN)["top"] >= 0
    assert not errors.problems, errors.problems
    page.close()

def test_a_phone_shows_your_whole_turn_on_one_screen(chrome, voila_url, artifacts, console) -> None:
    """At 390 x 844, during your turn (your action, then the card you drew, T1), the Citybots' cards,
    the discard pile, your hand and your actions are all on the screen at once, with no scrolling of yours."""
    page = chrome.new_page(viewport=PHONE)
    errors = console(page)
    page.goto(voila_url)
    wait_ui(page, "ready", timeout=60_000)
    for step in ("action", "drawn"):
        outside = off_screen(page, PHONE["height"])
        assert not outside, (step, outside)
        page.screenshot(path=str(artifacts / f"phone-one-screen-{step}.png"))
        if step == "action":
            act_and_wait(page, lambda: click_el(page, "deck"))
    assert not errors.problems, errors.problems
    page.close()

def test_how_to_play_opens_by_itself_on_a_first_visit_only(chrome, voila_url, artifacts, console) -> None:
    """A browser that never opened the game gets "How to play" over the table at once (at 1280, and
    the same page on a phone: the page decides by no width); nothing is played behind it: the Citybots' opening turns
    (SM3: Citybot Left starts round 1) wait until it is closed. Once closed, a reload of the page does not open it
    again (this browser remembers)."""
    context = chrome.browser.new_context(viewport={"width": 1280, "height": 900})  # a first visit: no "seen" flag
    page = context.new_page()
    errors = console(page)
    page.goto(voila_url)
    page.wait_for_selector(f"{ROOT} .eg-guide", timeout=60_000)
    held = wait_ui(page, "animating")  # the deal is on the table, the Citybots' turns wait
    for name, viewport in (("desktop", {"width": 1280, "height": 900}), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        assert page.inner_text(f"{ROOT} .eg-guide h2") == "How to play"
        assert page.evaluate(f"document.activeElement.matches('{ROOT} .eg-guide-close')")  # the keyboard is there
        box = page.eval_on_selector(f"{ROOT} .eg-guide .eg-panel", "e => e.getBoundingClientRect().top")
        assert box >= 0, "the guide opens at its top"
        page.screenshot(path=str(artifacts / f"first-visit-guide-{name}.png"))
    page.wait_for_timeout(20 * PACE_MS)  # many Citybot turns' worth of time: none is played behind the guide
    assert wait_ui(page, "animating")["step"] == held["step"]
    page.click(f"{ROOT} .eg-guide-close")
    assert page.locator(f"{ROOT} .eg-guide").count() == 0
    assert int(wait_ui(page, "ready")["step"]) > int(held["step"])  # then the Citybots played their opening turns
    loose = page.eval_on_selector(ROOT, "r => [...r.childNodes].filter((n) => n.nodeType === 3).map((n) => n.data)")
    assert loose == [], loose  # no stray text (a closed guide once drew "null" under the table)
    page.reload()
    wait_ui(page, "offer", "ready", timeout=60_000)
    page.wait_for_timeout(500)  # the page has had its welcome: a guide would be open by now
    assert page.locator(f"{ROOT} .eg-guide").count() == 0
    assert not unload_noise(errors.problems), errors.problems
    context.close()
