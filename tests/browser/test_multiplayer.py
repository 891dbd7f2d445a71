"""The multiplayer game in the browser: a real Voilà server deals you and two Greedy AI
players (EGONB_GAME), and a whole game is played by clicking, at 1280 px and on a phone, with a Black Shield
question answered with a 9 and a Two Cards announcement made (the seeded game of tests/test_multiplayer_session.py).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from clicking import ROOT, click_action, off_screen, shown, ui, wait_ui
from helpers import multiplayer_move
from test_multiplayer_session import SEED

from egonb.app.serve import running_voila
from egonb.games.egocentric_world.actions import ACTIONS


@pytest.fixture(scope="module")
def multi_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("voila-multi")
    log = folder / "voila.log"
    env = {"EGONB_SEED": str(SEED), "EGONB_PACE_MS": "40", "EGONB_SAVE_DIR": str(folder / "saves"),
           "EGONB_GAME": "multiplayer,2,Greedy"}
    try:
        with running_voila(env, log) as url:
            yield url
    finally:
        sys.stdout.write(log.read_text()[-3000:])


def play_to_the_end(page, shots: Path, tag: str) -> dict:
    """Click through the whole game with `multiplayer_move`; screenshots of the first Black Shield question, the
    first announcement and the game end. Returns what was seen."""
    seen = {"shield": 0, "announce": 0, "rounds": 0, "seats": set(), "banners": set()}
    for _ in range(300):
        state = wait_ui(page, "ready", "panel")
        if state["ui"] == "panel":
            assert page.locator(f"{ROOT} .eg-reveal").count() == 3  # E1: every hand is shown
            if page.locator(f"{ROOT} .eg-panel .eg-new").count():
                page.screenshot(path=shots / f"multi-{tag}-game-end.png", full_page=True)
                return seen
            seen["rounds"] += 1
            page.click(f"{ROOT} .eg-panel .eg-continue")
            continue
        seen["seats"].add(page.locator(f"{ROOT} .eg-bot").count())
        if page.locator(f"{ROOT} .eg-news").count():
            seen["banners"].add(page.inner_text(f"{ROOT} .eg-news"))
        table = shown(page)
        action = multiplayer_move(table["hand"], table["drawn"] or 0, [ACTIONS[i] for i in table["legal"]])
        prompt = page.inner_text(f"{ROOT} .eg-prompt")
        if state["decision"] == "shield":
            assert "on you" in prompt and page.inner_text(f"{ROOT} .eg-who").startswith("▶ Your answer")
            if action.kind == "shield":
                seen["shield"] += 1
                if seen["shield"] == 1:
                    page.screenshot(path=shots / f"multi-{tag}-black-shield.png", full_page=True)
        if action.kind == "announce":
            assert "take one at random, or announce a value" in prompt
            seen["announce"] += 1
            if seen["announce"] == 1:
                page.screenshot(path=shots / f"multi-{tag}-announce.png", full_page=True)
        token = state["token"]
        click_action(page, action)
        page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, token])
    raise AssertionError("the game did not end in 300 decisions")


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 1000}, {"width": 390, "height": 844}],
                         ids=["1280", "phone"])
def test_a_multiplayer_game_to_the_end_by_clicking(chrome, multi_url, artifacts, console, viewport) -> None:
    tag = str(viewport["width"])
    page = chrome.new_page(viewport=viewport)
    errors = console(page)
    try:
        page.goto(multi_url)
        wait_ui(page, "ready", timeout=60_000)
        assert page.locator(".egonb-game .mod-active, .egonb-game button[aria-pressed=true]").first.inner_text() \
            .startswith("Multiplayer")
        names = [n.strip().split(" ·")[0] for n in page.locator(f"{ROOT} .eg-bot .eg-named").all_inner_texts()]
        assert names == ["Ada", "Ben"]
        assert "2 AI players" in page.inner_text(f"{ROOT} .eg-where")
        page.screenshot(path=artifacts / f"multi-{tag}-start.png", full_page=True)
        seen = play_to_the_end(page, artifacts, tag)
        assert seen["shield"] >= 1 and seen["announce"] >= 1 and seen["rounds"] >= 1 and seen["seats"] == {2}
        assert "Ben took your 5 and gave you an 11." in seen["banners"], seen["banners"]  # an AI's Two Cards on you
        assert page.inner_text(f"{ROOT} .eg-rank") == "You finish 1st of 3"
        assert page.locator(f"{ROOT} .eg-chart polyline").count() == 3
        text = page.inner_text(f"{ROOT} .eg-history")
        assert "Multiplayer: 1 win, 0 losses" in text
        page.click(f"{ROOT} .eg-panel .eg-close")
        state = wait_ui(page, "ready")
        assert state["decision"] == "game_over"
        assert not errors.problems, errors.problems
    except Exception:
        page.screenshot(path=artifacts / f"multi-{tag}-failure.png", full_page=True)
        raise
    finally:
        page.close()


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 1000}, {"width": 390, "height": 844}],
                         ids=["1280", "phone"])
def test_five_ai_players_chosen_with_the_controls_sit_at_the_table(chrome, multi_url, artifacts, console,
                                                                   viewport) -> None:
    """The controls deal a game of you and five AI players: six seats laid out from the table's data."""
    tag = str(viewport["width"])
    page = chrome.new_page(viewport=viewport)
    errors = console(page)
    page.goto(multi_url)
    state = wait_ui(page, "ready", timeout=60_000)
    page.locator(".egonb-opponents button", has_text="5").click()
    page.get_by_role("button", name="New game").click()
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, state["token"]])
    wait_ui(page, "ready")
    names = [n.strip().split(" ·")[0] for n in page.locator(f"{ROOT} .eg-bot .eg-named").all_inner_texts()]
    assert names == ["Ada", "Ben", "Cleo", "Dev", "Eve"]
    assert "5 AI players" in page.inner_text(f"{ROOT} .eg-where")
    boxes = [page.locator(f"{ROOT} .eg-bot").nth(i).bounding_box() for i in range(5)]
    assert all(b["x"] >= 0 and b["x"] + b["width"] <= viewport["width"] for b in boxes)  # no seat off the screen
    assert ui(page)["decision"] in ("action", "shield")
    if page.locator(".eg-guide-close").count():  # "How to play" opens by itself on a first visit
        page.click(".eg-guide-close")
    page.evaluate("window.scrollTo(0, 0); document.querySelectorAll('*').forEach((e) => { e.scrollTop = 0; })")
    outside = off_screen(page, viewport["height"])  # from the top of the page (closing the guide may scroll it)
    page.screenshot(path=artifacts / f"multi-{tag}-six-seats.png")
    if viewport["width"] == 390:  # item 8 with five AI players: your whole turn on one screen, no scrolling
        assert not outside, outside
    assert not errors.problems, errors.problems
    page.close()
