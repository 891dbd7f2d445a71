"""Diverse City in a real browser: Voilà serves its app notebook (egonb/app/serve.py), Chromium plays a seeded game to
its end by clicking, answers a question asked out of turn (X5), sees cards travel at the Normal pace
(widgets/motion.js, none with reduced motion or at the Instant pace, a new round's from the draw pile), and
screenshots the table at 1280 and 390 px."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from clicking import unload_noise
from test_motion import RECORD_TRAVELS, travels

from egonb.app.serve import running_voila
from egonb.games.diverse_city.session import DCSession

#: A seed whose game (3 AI players, to 20 points) asks you to donate out of turn while you hold a card that fits.
SEED, END = 3, 20
FELT = ".dc-felt"


def choose(t: dict) -> dict:
    """The test's player, on the table the browser is given: call Diversity, donate when asked, draw from the
    pile, else the first move of the lowest card that has one, else the first move."""
    legal = t["legal"]
    by_kind = {a["kind"]: a for a in legal}
    if "call" in by_kind:
        return by_kind["call"]
    if t["decision"] == "answer":
        return next(a for a in legal if a["kind"] == "give")
    if "draw" in by_kind:
        return by_kind["draw"]
    cards = sorted({a["card"] for a in legal if a["kind"] in ("discard", "fill", "give")})
    return next((a for a in legal if a["card"] == cards[0]), legal[0]) if cards else legal[0]


def test_the_seed_asks_you_out_of_turn() -> None:
    """The browser test below relies on it: the same player in Python meets a real question (you hold a card
    that fits) and the game ends."""
    s = DCSession(opponents=3, seed=SEED, end_score=END)
    asked = 0
    while not s.game.is_over:
        t = s.state["table"]
        asked += t["decision"] == "answer"
        assert s.act(s.token, choose(t)["id"])
    assert asked >= 1


@pytest.fixture(scope="module")
def dc_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("dc-voila")
    env = {"EGONB_SEED": str(SEED), "EGONB_PACE_MS": "0", "EGONB_SAVE_DIR": str(folder / "saves"),
           "EGONB_DC_END_SCORE": str(END)}
    with running_voila(env, folder / "voila.log", game="diverse-city") as url:
        yield url


def ready(page, old_token: str | None) -> str:
    """Wait until your decision is open (a new one) or a summary is shown; "panel" or "decide"."""
    page.wait_for_function(
        """([old]) => {
          if (document.querySelector('.eg-overlay')) return true;
          const f = document.querySelector('.dc-felt');
          return f && f.dataset.busy === '0' && f.dataset.token !== old;
        }""", arg=[old_token], timeout=60_000, polling=100)
    return "panel" if page.query_selector(".eg-overlay") else "decide"


def play_move(page) -> None:
    """One move of `choose`, made as a person makes it: a pile or a card, then the button it offers."""
    felt = page.query_selector(FELT)
    decision = felt.get_attribute("data-decision")
    buttons = ".dc-actions .dc-act"
    # each button's whole sentence (an ask shows only whom it asks, in its disaster's row)
    words = page.eval_on_selector_all(buttons, "els => els.map(e => e.getAttribute('aria-label'))")
    assert all(words) and len(words) == len(set(words)), f"a button twice: {words}"
    if page.query_selector(".dc-actions .dc-call"):
        page.click(".dc-actions .dc-call")
    elif decision == "answer":
        assert not page.query_selector(".dc-hand button.dc-card"), "asked to donate, the gifts are buttons at once"
        page.click(".dc-actions .dc-give >> nth=0")  # your lowest card that fits
    elif page.query_selector(".dc-actions .dc-draw"):
        page.click("button.dc-pile.dc-draw")
    elif page.query_selector(".dc-hand button.dc-card"):
        page.click(".dc-hand button.dc-card >> nth=0")
        page.click(f"{buttons} >> nth=0")
    else:
        page.click(f"{buttons} >> nth=0")


def pace(page, label: str) -> None:
    """Choose the pace of the AI players' moves (the page's select)."""
    page.locator(".dc-pace").select_option(label=label)


def test_a_whole_diverse_city_game_by_clicking(chrome, dc_url: str, console, artifacts: Path) -> None:
    """The game played to its end; on the way, at the Normal pace your discard travels from your hand (at most
    400 ms), with reduced motion and at the Instant pace nothing travels, and the second round's cards come from the
    draw pile (U2) at the Normal pace."""
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    problems = console(page)
    page.add_init_script(RECORD_TRAVELS)
    page.goto(dc_url)
    token = None
    asked = rounds = moves = 0
    shot = False
    while True:
        state = ready(page, token)
        if state == "panel":
            if page.query_selector(".dc-again"):
                break
            rounds += 1
            top = page.eval_on_selector("#dc-panel-title", "el => el.getBoundingClientRect().top")
            assert 0 <= top < 900, "the summary opens with its title in view"
            page.screenshot(path=str(artifacts / "dc-round-end-1280.png"))
            if rounds == 1:  # the next round's deal, seen travelling from the draw pile
                pace(page, "Normal")
                travels(page)
            page.click(".eg-overlay .eg-continue")
            if rounds == 1:
                page.wait_for_function("() => document.querySelector('.dc-felt')?.dataset.busy === '0' || "
                                       "document.querySelector('.eg-overlay')", timeout=60_000, polling=100)
                dealt = travels(page)
                hand = page.eval_on_selector_all(".dc-you .dc-hand .dc-card",
                                                 "els => els.map(e => Number(e.dataset.code))")
                assert dealt and all(0 < t["ms"] <= 400 for t in dealt), dealt
                assert set(hand) <= {t["value"] for t in dealt}, (hand, dealt)
                pace(page, "Instant")
            continue
        felt = page.query_selector(FELT)
        token = felt.get_attribute("data-token")
        if felt.get_attribute("data-decision") == "answer":
            question = page.inner_text(".dc-question")
            assert " asks you to donate to their " in question, question
            assert "Declining costs nothing" in page.inner_text(".dc-actions")  # what giving costs and brings
            asked += 1
            page.screenshot(path=str(artifacts / "dc-question-1280.png"), full_page=True)
            page.set_viewport_size({"width": 390, "height": 844})
            page.locator(".dc-actions").scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts / "dc-question-390.png"))
            page.set_viewport_size({"width": 1280, "height": 900})
        elif not shot:
            page.screenshot(path=str(artifacts / "dc-table-1280.png"), full_page=True)
            shot = True
        moves += 1
        if moves == 1:
            pace(page, "Normal")
        elif moves == 2:
            page.emulate_media(reduced_motion="reduce")
        elif moves == 3:
            page.emulate_media(reduced_motion="no-preference")
            pace(page, "Instant")
        hand = page.eval_on_selector_all(".dc-you .dc-hand .dc-card", "els => els.map(e => Number(e.dataset.code))")
        travels(page)
        play_move(page)
        if moves <= 3:
            ready(page, token)
            trips = travels(page)
            if moves == 1:  # your card left your hand (a discard, a fill or a donation) and travelled
                assert any(t["value"] in hand and 0 < t["ms"] <= 400 for t in trips), (hand, trips)
            else:
                assert trips == [], trips
    title = page.inner_text("#dc-panel-title")
    assert title.startswith("Game over: ")
    page.screenshot(path=str(artifacts / "dc-game-over-1280.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator(".dc-panel").screenshot(path=str(artifacts / "dc-game-over-390.png"))
    assert asked >= 1 and rounds >= 1
    assert "Total" in page.inner_text(".eg-scorebox")
    assert problems.problems == []
    page.close()


def test_a_reload_offers_the_saved_game_and_a_new_game_takes_five_ai_players(chrome, dc_url: str, console,
                                                                             artifacts: Path) -> None:
    context = chrome.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    problems = console(page)
    page.goto(dc_url)
    ready(page, None)
    while page.query_selector(".eg-overlay .eg-continue"):  # a round may end before your first move
        page.click(".eg-overlay .eg-continue")
        ready(page, None)
    token = page.get_attribute(FELT, "data-token")
    play_move(page)
    ready(page, token)
    hand = page.eval_on_selector_all(".dc-you .dc-card", "els => els.map(e => e.dataset.code)")
    page.reload()
    try:
        page.wait_for_selector(".dc-resume-continue", timeout=60_000)
    finally:
        page.screenshot(path=str(artifacts / "dc-welcome-back-390.png"))
    assert len(page.query_selector_all(".eg-overlay")) == 1
    assert page.query_selector(FELT) is None, "the game dealt behind the question is not shown"
    assert page.inner_text(".egonb-log").strip() == "", "nor its log"
    assert "Your last game is saved" in page.inner_text(".eg-overlay")
    page.click(".dc-resume-continue")
    page.wait_for_function("() => !document.querySelector('.eg-overlay') && "
                           "document.querySelector('.dc-felt')?.dataset.busy === '0'", timeout=60_000, polling=100)
    assert page.eval_on_selector_all(".dc-you .dc-card", "els => els.map(e => e.dataset.code)") == hand
    page.select_option(".dc-opponents", "5")
    page.click(".dc-new")
    assert page.inner_text(".dc-new") == "Abandon this game?"
    page.click(".dc-new")
    page.wait_for_function("() => document.querySelectorAll('.dc-others .dc-seat').length === 5", timeout=60_000,
                           polling=100)
    ready(page, None)
    page.evaluate("() => document.querySelector('.dc-root').scrollIntoView()")
    page.screenshot(path=str(artifacts / "dc-six-players-390.png"))
    page.evaluate("() => document.querySelector('.eg-scorebox').scrollIntoView()")
    page.screenshot(path=str(artifacts / "dc-six-players-scores-390.png"))
    box = page.eval_on_selector(".eg-scorebox", "el => [el.getBoundingClientRect().right, window.innerWidth]")
    assert box[0] <= box[1], "the scores stay on the page"
    assert unload_noise(problems.problems) == []
    context.close()


def test_a_first_visit_opens_how_to_play_diverse_city_and_nothing_is_played_behind_it(chrome, dc_url: str, console,
                                                                                      artifacts: Path) -> None:
    """Diverse City can be learned from its page: a first visit opens its own "How to play" (CITY and PEOPLE,
    Diversity, disasters, why donate, Major disasters) over the deal, with its close button focused; the AI players
    wait for it to close; "Rules" lists docs/DIVERSE-CITY.md section by section, rule ids shown by the switch only."""
    context = chrome.browser.new_context(viewport={"width": 1366, "height": 900})  # no "seen" flag: a first visit
    page = context.new_page()
    problems = console(page)
    page.goto(dc_url)
    page.wait_for_selector(".dc-root .eg-guide", timeout=60_000)
    assert page.inner_text(".eg-guide h2") == "How to play"
    steps = page.inner_text(".eg-guide-steps")
    assert all(words in steps for words in ("CITY", "PEOPLE", "Diversity", "disaster", "give CITY cards", "World War"))
    assert page.evaluate("document.activeElement.matches('.eg-guide-close')")
    assert page.locator(".eg-guide .eg-rule:visible").count() == 0  # rule ids: only with the switch
    page.screenshot(path=str(artifacts / "dc-first-visit-guide-1366.png"))
    # The seed's first player is an AI player: the deal (and its forced first draw, P8) is on the table, its first
    # decision waits for the guide to close.
    page.wait_for_timeout(1000)
    assert page.get_attribute(FELT, "data-step") == "1", "nothing is played behind the guide"
    assert page.get_attribute(FELT, "data-current") != "0"
    log = page.inner_text(".egonb-log")
    assert "Turn 1: Player " in log and "draws a card" in log and "Turn 2" not in log, log
    legend = page.inner_text(".dc-legend")  # the card legend beside the table
    assert all(words in legend for words in ("CITY card", "PEOPLE card", "Disaster", "Major disaster", "Diversity",
                                             "Flood -3: Emergency Services and Food", "World War"))
    page.click(".eg-guide-tab[data-tab=rules]")
    # the player's rulebook, then the engine's reference folded under "Notes for the curious"
    book = page.eval_on_selector_all(".eg-guide-book h3", "els => els.map(e => e.firstChild.textContent)")
    assert book[0] == "The goal" and {"Giving and asking", "Major disasters"} <= set(book), book
    assert page.inner_text(".eg-guide-notes summary") == "Notes for the curious"
    titles = page.eval_on_selector_all(".eg-guide-notes .eg-guide-section h3", "els => els.map(e => e.textContent)")
    assert {"A turn", "Major disasters", "Round end and scoring"} <= set(titles), titles
    page.click(".eg-guide-close")
    assert page.locator(".eg-guide").count() == 0
    page.wait_for_function("() => document.querySelector('.dc-felt')?.dataset.busy === '0' || "
                           "document.querySelector('.eg-overlay')", timeout=60_000, polling=100)
    page.click(".dc-root .eg-how")  # one click away afterwards
    assert page.inner_text(".eg-guide h2") == "How to play"
    page.keyboard.press("Escape")
    assert page.locator(".eg-guide").count() == 0
    assert unload_noise(problems.problems) == []
    context.close()
