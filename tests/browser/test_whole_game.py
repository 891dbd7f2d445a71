"""One whole game in a real browser: Voilà serves notebooks/play.ipynb and Chromium plays it to its end by
clicking cards, piles and buttons; every legal action must have a button or card to click (E2); the phone
width and the keyboard play it too; no console errors; screenshots of the key moments go to artifacts/.
"""

from __future__ import annotations

from collections import Counter

from clicking import ROOT, ui, wait_ui
from playing import assert_exactly_the_legal_actions_are_clickable, play_one_decision


def test_play_a_whole_game_by_clicking(chrome, voila_url, artifacts, console) -> None:
    page = chrome.new_page(viewport={"width": 1280, "height": 1000})
    errors = console(page)
    try:
        play_game(page, voila_url, artifacts, errors)
    except Exception:
        page.screenshot(path=artifacts / "failure.png", full_page=True)
        raise
    finally:
        page.close()

def play_game(page, url, artifacts, errors) -> None:
    page.goto(url)
    state = wait_ui(page, "ready", timeout=60_000)
    assert state["decision"] == "action"
    assert page.locator(f"{ROOT} .eg-bot .eg-back").count() > 0  # SM4: hidden piles are face down
    assert page.locator(f"{ROOT} .eg-who").inner_text().startswith("▶ Your turn")
    page.screenshot(path=artifacts / "01-round-start.png", full_page=True)
    used: Counter = Counter()
    shots = {"mid": False, "citybot": False, "round_end": False}
    rounds_seen, decisions = 0, 0
    for _ in range(400):
        state = wait_ui(page, "ready", "panel")
        if state["ui"] == "panel":
            title = page.inner_text(f"{ROOT} .eg-panel h2")
            assert page.locator(f"{ROOT} .eg-reveal").count() == 3  # E1: every hand is shown
            if page.locator(f"{ROOT} .eg-panel .eg-new").count():
                page.screenshot(path=artifacts / "05-game-end.png", full_page=True)
                assert "win" in title
                page.click(f"{ROOT} .eg-panel .eg-close")
                break
            rounds_seen += 1
            if not shots["round_end"]:
                page.screenshot(path=artifacts / "04-round-end.png", full_page=True)
                shots["round_end"] = True
            page.click(f"{ROOT} .eg-panel .eg-continue")
            continue
        assert_exactly_the_legal_actions_are_clickable(page)
        if state["decision"] == "keep_or_discard" and not shots["mid"]:
            page.screenshot(path=artifacts / "02-mid-round.png", full_page=True)
            shots["mid"] = True
        slow = decisions >= 4 and not shots["citybot"]
        if slow:  # the Citybots' pace control (ipywidgets) set to Slow for one turn, to catch an animation
            quick = page.locator("select").evaluate("el => el.options[el.selectedIndex].label")
            page.locator("select").select_option(label="Slow")
        token = state["token"]
        play_one_decision(page, used)
        decisions += 1
        page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, token])
        if slow:
            if ui(page)["ui"] == "animating":  # your move is shown first, then each Citybot turn (SM1)
                page.wait_for_function("s => document.querySelector(s + ' .eg-who').innerText.includes('is playing')",
                                       arg=ROOT)
                assert page.locator(f"{ROOT} .eg-caption .eg-rule").count() >= 1
                page.screenshot(path=artifacts / "03-citybot-turn.png", full_page=True)
                shots["citybot"] = True
                page.click(f"{ROOT} .eg-skip")
            page.locator("select").select_option(label=quick)
    else:
        raise AssertionError(f"the game did not end in 400 steps; used {used}")
    state = wait_ui(page, "ready")
    assert state["decision"] == "game_over" and rounds_seen >= 1
    assert "Winner" in page.inner_text(".egonb-scores + .egonb-status")
    assert page.locator(".egonb-log li").count() > 20  # the log narrates every move
    assert all(shots.values()), shots
    assert {"draw (deck)", "keep (card)"} <= set(used), used
    # New game from the table (the click carries the current token), then the page is playable again.
    page.click(f"{ROOT} .eg-actions .eg-new")
    # The game-over table was "ready" already: wait for the new game's token, not for a state it is in.
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, state["token"]])
    state = wait_ui(page, "ready", "animating")
    assert ui(page)["decision"] != "game_over"
    assert not errors.problems, errors.problems
    print("actions used by clicking:", dict(used))

def test_phone_width_and_keyboard(chrome, voila_url, artifacts, console) -> None:
    page = chrome.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    errors = console(page)
    page.goto(voila_url)
    wait_ui(page, "ready", timeout=60_000)
    width = page.eval_on_selector(ROOT, "el => el.getBoundingClientRect().width")
    assert width <= 390
    overflow = page.eval_on_selector(ROOT, "el => el.scrollWidth - el.clientWidth")
    assert overflow <= 1, overflow
    page.set_viewport_size({"width": 390, "height": 1900})  # Voilà scrolls inside its own panel: show it all
    page.screenshot(path=artifacts / "06-phone-390px.png")
    # Keyboard only: focus the deck (a button with an aria-label) and press Enter to draw (T1).
    deck = page.locator(f'{ROOT} [data-el="deck"]')
    assert "Deck" in deck.get_attribute("aria-label")
    token = ui(page)["token"]
    deck.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, token])
    assert ui(page)["decision"] == "keep_or_discard"
    page.screenshot(path=artifacts / "07-phone-drawn.png")
    labels = page.eval_on_selector_all(f"{ROOT} .eg-hand button", "els => els.map(e => e.getAttribute('aria-label'))")
    assert labels and all(label.startswith("Your ") for label in labels)
    # The focus came back to the table: Enter again keeps the drawn card in place of the focused card (T1).
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused in labels, focused
    token = ui(page)["token"]
    page.keyboard.press("Enter")
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, token])
    assert "keep the drawn" in page.inner_text(".egonb-log").lower()

    assert not errors.problems, errors.problems
    page.close()
