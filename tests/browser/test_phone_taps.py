"""A tap on a phone (390 x 844, a touch screen) leaves the table still under the finger: what was tapped is where it
was once the table has answered (no scroll, nothing pushed aside), so a second tap lands where the player aims."""

from __future__ import annotations

from clicking import ROOT, wait_ui
from playing import PHONE

#: Where an element is on the screen.
BOX = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }"


def tap(page, selector: str) -> list[float]:
    """Tap the middle of `selector` with a finger; returns its box on the screen before the tap."""
    box = page.eval_on_selector(selector, BOX)
    page.touchscreen.tap(box[0] + box[2] / 2, box[1] + box[3] / 2)
    return box


def test_drawing_a_card_leaves_the_deck_under_the_finger(chrome, voila_url, voila_folder, console) -> None:
    """T1 on a phone: the deck tapped, the drawn card shows beside the discard pile and the keep or discard question
    opens (six answers), yet the deck stays where the finger is and the page does not scroll; your
    hand, whose cards answer the question, is on the screen."""
    from egonb import GameState, Rules

    rules = Rules.solo_game(difficulty=1)
    game = GameState.from_position(rules, hands=[[1, 3, 5, 7, 11], [9, 5], [2, 4]], discard=[6], deck=[8, 10, 4, 3],
                                   piles=[[], [12, 6], [7, 8]], rest="deck")
    slot = "0" * 30 + "41"
    saves = voila_folder / "saves"
    saves.mkdir(exist_ok=True)
    (saves / f"{slot}.json").write_text(game.to_json())
    context = chrome.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script(f"localStorage.setItem('egonb-save-slot', '{slot}')")
    page = context.new_page()
    errors = console(page)
    page.goto(voila_url)
    wait_ui(page, "offer", timeout=60_000)
    tap(page, f"{ROOT} .eg-resume-continue")
    assert wait_ui(page, "ready")["decision"] == "action"
    deck = f'{ROOT} [data-el="deck"]'
    before = tap(page, deck)
    wait_ui(page, "ready")
    page.wait_for_function("([s, d]) => document.querySelector(s).dataset.decision === d",
                           arg=[ROOT, "keep_or_discard"])
    page.wait_for_timeout(600)  # a scroll (smooth or not) would be over
    assert page.eval_on_selector(deck, BOX) == before, "the deck moved under the finger"
    assert page.locator(f"{ROOT} .eg-actions .eg-act").count() >= 6  # every answer has its button
    hand = page.eval_on_selector(f"{ROOT} .eg-hand", BOX)
    assert hand[1] + hand[3] <= PHONE["height"]  # your hand, which answers the question, is on the screen
    assert not errors.problems, errors.problems
    context.close()
