"""Nothing hidden, at 1366 x 900 and on a phone (390 x 844): the banner of what a Citybot did to you covers neither the
status line nor a seat; a round's summary shows its winner and "Continue" on the first screen (E1); the game end its
winner, the score chart with its axis values, "Play again" and "Try difficulty 2" (E2, SM2) without scrolling."""

from __future__ import annotations

import pytest
from clicking import ROOT, click_el
from playing import PHONE, act_and_wait, open_position, say_stop

SIZES = [{"width": 1366, "height": 900}, PHONE]
#: An element's box on the screen: [left, top, right, bottom].
BOX = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def boxes(page, selector: str) -> list[list[float]]:
    return page.eval_on_selector_all(f"{ROOT} {selector}", f"els => els.map({BOX})")


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def on_screen(page, selector: str, viewport: dict) -> list[float]:
    """The box of `selector`, asserted wholly on the screen as the page is scrolled now."""
    (box,) = boxes(page, selector)[:1]
    assert 0 <= box[1] and box[3] <= viewport["height"] and 0 <= box[0] and box[2] <= viewport["width"], (
        selector, box, viewport)
    return box


@pytest.mark.parametrize("viewport", SIZES, ids=["1366x900", "390x844"])
def test_the_banner_covers_neither_the_status_line_nor_a_seat(chrome, voila_url, voila_folder, artifacts, console,
                                                              viewport) -> None:
    """SB1/T5: Citybot Left says STOP on its turn; the banner saying so lies over the box of moves, clear of the
    status line, both Citybots' seats and your hand."""
    from egonb import GameState, Rules

    full = Rules.solo_game(difficulty=1, full_game=True)
    page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
        full, hands=[[9, 8], [1], [4, 6]], discard=[5], deck=[3, 2], piles=[[], [], [7, 8]], rest="deck"),
        "0" * 29 + ("a1" if viewport is PHONE else "a2") + "0", viewport)
    errors = console(page)
    act_and_wait(page, lambda: click_el(page, "deck"))
    act_and_wait(page, lambda: click_el(page, "discard"))
    assert page.inner_text(f"{ROOT} .eg-news") == "Citybot Left said STOP: this is your last turn of the round."
    (banner,) = boxes(page, ".eg-news")
    covered = [(part, box) for part in (".eg-status", ".eg-bot", ".eg-you", ".eg-piles") for box in boxes(page, part)
               if overlap(banner, box)]
    assert not covered, (banner, covered)
    assert len(boxes(page, ".eg-bot")) == 2
    page.screenshot(path=str(artifacts / f"banner-{viewport['width']}.png"))
    assert not errors.problems, errors.problems
    page.close()


@pytest.mark.parametrize("viewport", SIZES, ids=["1366x900", "390x844"])
def test_round_and_game_summaries_fit_the_screen(chrome, voila_url, voila_folder, artifacts, console,
                                                 viewport) -> None:
    """E1: a round's summary has who won it and "Continue to round 2" on the screen; E2: the game end has the winner,
    the chart with values on both axes, "Play again" and, after a win at difficulty 1, "Try difficulty 2" (SM2),
    which deals a game at difficulty 2."""
    from egonb import GameState, Rules

    full = Rules.solo_game(difficulty=1, full_game=True)
    phone = viewport is PHONE
    page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
        full, hands=[[1, 2], [4, 7], [3, 5, 8]], discard=[6], deck=[2, 9, 9, 9], piles=[[], [], []], rest="deck"),
        "0" * 29 + ("b1" if phone else "b2") + "0", viewport)
    errors = console(page)
    say_stop(page)  # T5: the Citybots play once more, the round ends
    assert page.inner_text(f"{ROOT} .eg-roundwin").endswith("You win round 1 with 3 points")
    for part in (".eg-panel h2", ".eg-roundwin", ".eg-panel .eg-continue"):
        on_screen(page, part, viewport)
    page.screenshot(path=str(artifacts / f"round-summary-{viewport['width']}.png"))
    page.close()
    page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
        full, hands=[[1, 2], [4], [3, 5]], discard=[6], deck=[2], piles=[[], [7], [8]], stop_caller=1,
        scores=[[0, 10, 48]], rest="deck"), "0" * 29 + ("c1" if phone else "c2") + "0", viewport)
    act_and_wait(page, lambda: click_el(page, "deck"))
    act_and_wait(page, lambda: click_el(page, "discard"))
    assert page.inner_text(f"{ROOT} .eg-panel h2").endswith("You win with 3 points")
    for part in (".eg-panel h2", ".eg-cheer", ".eg-rank", "svg.eg-chart", ".eg-panel .eg-new", ".eg-panel .eg-next"):
        on_screen(page, part, viewport)
    ticks = page.eval_on_selector_all(f"{ROOT} svg.eg-chart .eg-chart-tick", "els => els.map((e) => e.textContent)")
    assert {"0", "20", "40", "1", "2"} <= set(ticks), ticks  # totals on the left, rounds below
    assert page.inner_text(f"{ROOT} .eg-panel .eg-new") == "Play again"
    assert page.inner_text(f"{ROOT} .eg-panel .eg-next") == "Try difficulty 2"
    page.screenshot(path=str(artifacts / f"game-summary-{viewport['width']}.png"))
    token = page.eval_on_selector(ROOT, "el => el.dataset.token")
    page.click(f"{ROOT} .eg-panel .eg-next")
    page.wait_for_function("([s, t]) => document.querySelector(s).dataset.token !== t", arg=[ROOT, token])
    page.wait_for_function(f"() => document.querySelector('{ROOT} .eg-where').textContent.includes('Difficulty 2')")
    assert not errors.problems, errors.problems
    page.close()
