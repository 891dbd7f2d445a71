"""Round and game ends in a real browser: the table in step with its summary, who won or shared a round (E1),
the last move on the table before its summary, and the game end's rank, score chart, stats and record (E2).
"""

from __future__ import annotations

import re

from clicking import ROOT, click_el, recorded, recorder, shown, unload_noise, wait_ui
from playing import FADES, PHONE, act_and_wait, open_position, piles, press_stop, say_stop, stop_mark


def assert_the_summary_names_the_round_winners(page) -> str:
    """The summary says who won the round (E1: the lowest score of the round, a tie shares it), as the scores of its
    rows ("You 9 points · total 9") say it must ("You win round 2 …" when you alone won it); returns that line."""
    rows = page.eval_on_selector_all(f"{ROOT} .eg-reveal-name", "els => els.map((e) => e.innerText)")
    scores = {m[1]: int(m[2]) for m in (re.match(r"(.+?) (\d+) points? · total", row) for row in rows)}
    low = min(scores.values())
    won = [name for name, score in scores.items() if score == low]
    number = re.match(r"Round (\d+) scores:", page.inner_text(f"{ROOT} .eg-scoreline"))[1]
    points = f"{low} point{'' if low == 1 else 's'}"
    names = ", ".join(won[:-1]) + f" and {won[-1]}"
    expected = (f"Round {number} shared by {names} with {points} each" if len(won) > 1
                else f"You win round {number} with {points}" if won == ["You"]
                else f"Round {number} won by {won[0]} with {points}")
    line = page.locator(f"{ROOT} .eg-panel .eg-roundwin")
    assert line.count() == 1, page.inner_text(f"{ROOT} .eg-panel")
    assert line.locator(".eg-rule").inner_text() == "E1"
    said = line.evaluate("el => el.lastChild.textContent")
    assert said == expected, (said, expected, rows)
    return said

def assert_the_table_shows_the_end_of_the_round(page, title: str) -> None:
    """Under a round-end summary the status, the felt and the scores beside it show that round's end: nobody
    is playing, every hand is face up (E1)."""
    assert page.inner_text(f"{ROOT} .eg-panel h2").startswith(title)
    assert page.locator(f"{ROOT} .eg-turnmark").count() == 0
    assert page.locator(f"{ROOT} .eg-bot .eg-back").count() == 0
    for seat in (1, 2):
        felt = page.locator(f'{ROOT} .eg-bot[data-seat="{seat}"] .eg-visible .eg-face').count()
        assert felt == page.locator(f'{ROOT} .eg-reveal[data-seat="{seat}"] .eg-face').count() > 0

def downloaded(page) -> str:
    """Click "Download this game": the name of the file the browser saves."""
    with page.expect_download() as download:
        page.click(".eg-download")
    return download.value.suggested_filename

def test_round_and_game_end_keep_the_table_in_step_with_the_summary(chrome, voila_url, artifacts, console) -> None:
    """The test seed's game ends when you say STOP (T5) at once in rounds 1 and 2 (E2). Each summary has the
    table and the score column of that round's end; a reload shows the summary again; after Continue no empty
    caption is left, and a download is named after round 2; after the game, the table keeps every hand face up."""
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    errors = console(page)
    page.goto(voila_url)
    wait_ui(page, "ready", timeout=60_000)
    say_stop(page)
    assert_the_table_shows_the_end_of_the_round(page, "Round 1 is over")
    assert_the_summary_names_the_round_winners(page).startswith("Round 1 won by ")
    assert page.inner_text(".egonb-scores + .egonb-status").startswith("Round 1 is over")
    assert page.inner_text(f"{ROOT} .eg-who") == "■ Round 1 is over"
    assert stop_mark(page) == "You said STOP (rule T5)"  # T5
    ended = piles(page)
    assert ended["deck"] is not None, ended  # the piles of the round that ended, as its last move left them
    page.reload()
    wait_ui(page, "offer", timeout=60_000)
    page.click(f"{ROOT} .eg-resume-continue")
    wait_ui(page, "panel")
    assert_the_table_shows_the_end_of_the_round(page, "Round 1 is over")
    # The summary is rebuilt from the events; the page only has round 2's table, whose deal must not show
    # under round 1's hands: the round-end event gives round 1's own piles.
    assert piles(page) == ended and "put away" not in page.inner_text(f"{ROOT} .eg-centre")
    assert stop_mark(page) == "You said STOP (rule T5)"  # from the round-end event, not round 2's table
    page.screenshot(path=artifacts / "09-round-end-after-reload.png", full_page=True)
    # the summary on the screen: round 1
    assert re.fullmatch(r"egocentric-world-\d{4}-\d{2}-\d{2}-round1\.json", downloaded(page))
    page.click(f"{ROOT} .eg-panel .eg-continue")
    assert wait_ui(page, "ready")["decision"] == "action"
    # round 2's table, before your first move in it
    assert re.fullmatch(r"egocentric-world-\d{4}-\d{2}-\d{2}-round2\.json", downloaded(page))
    captions = page.eval_on_selector_all(f"{ROOT} .eg-caption", "els => els.map(e => e.innerText)")
    assert all(text.strip() for text in captions)  # no empty caption box
    say_stop(page)
    assert_the_table_shows_the_end_of_the_round(page, "Game over")
    assert_the_summary_names_the_round_winners(page)  # the last round's winner too, under the game's
    assert page.inner_text(".egonb-scores + .egonb-status").startswith("Winner")
    page.screenshot(path=artifacts / "10-game-end-table.png", full_page=True)
    final = page.inner_text(f"{ROOT} .eg-panel")
    # SM2 at difficulty 2: each Citybot's removed card is set aside under the discard pile. The summary's table
    # shows the hands left after the removals, and the discard pile with the removed cards, as the table after it.
    assert page.locator(f"{ROOT} .eg-panel .eg-removal").count() == 2, final
    under_summary = page.get_attribute(f'{ROOT} [data-el="discard"]', "aria-label")
    page.click(f"{ROOT} .eg-panel .eg-close")
    assert wait_ui(page, "ready")["decision"] == "game_over"
    assert page.get_attribute(f'{ROOT} [data-el="discard"]', "aria-label") == under_summary
    assert page.locator(f"{ROOT} .eg-felt .eg-enter").count() == 0, "the cards under the summary do not fade in again"
    assert page.locator(f"{ROOT} .eg-turnmark").count() == 0 and page.locator(f"{ROOT} .eg-bot .eg-back").count() == 0
    page.screenshot(path=artifacts / "11-after-game-table.png", full_page=True)
    page.click(f"{ROOT} .eg-actions .eg-final")  # the final scores again, from the table
    wait_ui(page, "panel")
    assert page.inner_text(f"{ROOT} .eg-panel") == final
    page.click(f"{ROOT} .eg-panel .eg-close")
    assert wait_ui(page, "ready")["decision"] == "game_over"
    assert page.locator(f"{ROOT} .eg-actions .eg-final").count() == 1
    assert not unload_noise(errors.problems), errors.problems
    page.close()

#: Close the summary the moment it is drawn (quicker than a card's fade), then list what fades in on the table.
CLOSE_AT_ONCE = """(() => {
  const root = document.querySelector('.eg-root');
  const seen = new MutationObserver(() => {
    const close = root.querySelector('.eg-panel .eg-close');
    if (!close) return;
    seen.disconnect();
    const under = [...root.querySelectorAll('.eg-felt .eg-card')].length;
    close.click();
    window.egClosed = {under, fading: [...root.querySelectorAll('.eg-felt .eg-enter')].map(
      (e) => e.getAttribute('aria-label') || e.className), ui: root.dataset.ui};
  });
  seen.observe(root, {childList: true, subtree: true});
})()"""

def test_a_summary_closed_at_once_does_not_fade_its_table_in_again(chrome, voila_url, voila_folder, console) -> None:
    """E2: your STOP (T5) ends the game; the Citybots still hold hidden cards, which the summary shows face up (E1).
    "Look at the table" pressed the moment the summary appears: the cards it covered are on the table already and do
    not fade in again, however soon it is closed."""
    from egonb import GameState, Rules

    game = GameState.from_position(
        Rules.solo_game(difficulty=1, full_game=True), hands=[[1, 2], [], []], discard=[12], deck=[12, 12],
        piles=[[], [1, 2, 9], [3, 4, 10]], scores=[[40, 45, 45]], rest="deck")
    game.round, game.scores = 2, [[40, 45, 45]]  # a saved game's totals are its rounds' scores
    page = open_position(chrome, voila_url, voila_folder, game, "0" * 30 + "e9")
    errors = console(page)
    page.evaluate(CLOSE_AT_ONCE)
    press_stop(page)  # "Say STOP" asks first: two clicks
    page.wait_for_function("window.egClosed !== undefined")
    closed = page.evaluate("window.egClosed")
    assert closed["ui"] == "ready" and closed["under"] >= 8, closed  # your 2 cards, 3 of each Citybot (its pile too)
    assert closed["fading"] == [], closed
    assert page.locator(f"{ROOT} .eg-bot .eg-back").count() == 0  # every hand face up after the game
    assert not errors.problems, errors.problems
    page.close()

#: The score board's row labels ("Round 1", "Total"): [text, height], and whether the board scrolls sideways.
SCORE_ROWS = """box => ({rows: [...box.querySelectorAll('tbody th')].map((th) => [th.innerText, th.offsetHeight]),
  scrolls: box.scrollWidth > box.clientWidth})"""

def test_a_round_end_summary_says_who_won_or_shared_the_round(chrome, voila_url, voila_folder, artifacts,
                                                             console) -> None:
    """E1: you say STOP (T5); each Citybot draws a card and discards it (SB7, SB9). With 3 points you alone win the
    round: "You win round 1" (not "won by You"); with 7, Citybot Left keeps its 7 points too: the round is shared.
    Beside the table, at 1024 and 800 px, the score board's "Round 1" stays on one line and the board fits."""
    from egonb import GameState, Rules

    for slot, you, said in (("e0", [1, 2], "You win round 1 with 3 points"),
                            ("e1", [3, 4], "Round 1 shared by You and Citybot Left with 7 points each")):
        page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
            Rules.solo_game(difficulty=1), hands=[you, [2, 5], [5, 6]], discard=[6], deck=[6, 7], rest="deck"),
            "0" * 30 + slot,
            {"width": 1280, "height": 900})
        errors = console(page)
        say_stop(page)
        assert assert_the_summary_names_the_round_winners(page) == said
        page.wait_for_function(f"{FADES} === 0")
        page.screenshot(path=artifacts / f"17-round-{'won' if slot == 'e0' else 'shared'}.png")
        for width in (1024, 800):
            page.set_viewport_size({"width": width, "height": 900})
            board = page.eval_on_selector(".eg-scorebox", SCORE_ROWS)
            assert [text for text, _ in board["rows"]] == ["Round 1", "Total"], board
            assert len({height for _, height in board["rows"]}) == 1 and not board["scrolls"], (width, board)
        assert not errors.problems, errors.problems
        page.close()

#: At each animation step: the discard top on the felt, the table's state, whether a summary is open and the turn told.
RECORD_ENDS = recorder("egEnds", {
    "step": "root.dataset.step", "ui": "root.dataset.ui",
    "top": "root.querySelector('[data-el=discard] .eg-face')?.dataset.value ?? null",
    "panel": "Boolean(root.querySelector('.eg-panel'))",
    "turn": "root.querySelector('.eg-turn-list')?.innerText || ''"}, watch="all", distinct=True)

def test_the_last_move_of_a_round_is_on_the_table_before_its_summary(chrome, voila_url, voila_folder, artifacts,
                                                                    console) -> None:
    """T5: Citybot Right said STOP, so after your move and Citybot Left's the round ends. Left takes the 4 you
    discarded and plays its 7 (SB6): the table shows that 7 on the discard pile, with Left's move told, before the
    round's summary opens over it (the summary used to open over the table as it was before Left's move)."""
    from egonb import GameState, Rules

    full = Rules.solo_game(difficulty=1, full_game=True)
    for slot, viewport in (("f3", None), ("f4", PHONE)):
        page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
            full, hands=[[1, 2], [7], [3]], discard=[5], deck=[4], stop_caller=2, rest="deck"),
            "0" * 30 + slot, viewport)
        errors = console(page)
        page.evaluate(RECORD_ENDS)
        act_and_wait(page, lambda p=page: click_el(p, "deck"))
        assert shown(page)["drawn"] == 4
        act_and_wait(page, lambda p=page: click_el(p, "discard"))
        assert wait_ui(page, "panel")["ui"] == "panel"
        seen = recorded(page, "egEnds")
        first_panel = next(i for i, s in enumerate(seen) if s["panel"])
        before = [s for s in seen[:first_panel] if s["ui"] == "animating"]
        assert before and before[-1]["top"] == "7" and "Citybot Left" in before[-1]["turn"], seen
        page.screenshot(path=str(artifacts / f"last-move-summary-{'phone' if viewport else 'desktop'}.png"))
        assert not errors.problems, errors.problems
        page.close()

def test_the_game_end_shows_your_rank_a_score_chart_your_stats_and_your_record(chrome, voila_url, voila_folder,
                                                                             artifacts, console) -> None:
    """The game end (E2): Citybot Left said STOP (T5); your draw and discard end the round and the game (Right
    passes 50). The final summary says you finish 1st of 3, draws each player's running total as a chart (inline
    SVG), gives your stats and your record at difficulty 1; the Welcome back panel of a later visit shows the record.
    Each at 1280 x 1000 and on a phone (the same page: it decides by no width)."""
    from egonb import GameState, Rules

    full = Rules.solo_game(difficulty=1, full_game=True)
    sizes = (("desktop", {"width": 1280, "height": 1000}), ("phone", PHONE))
    page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
        full, hands=[[1, 2], [4], [3, 5]], discard=[6], deck=[2], piles=[[], [7], [8]], stop_caller=1,
        scores=[[0, 10, 48]], rest="deck"), "0" * 30 + "f5")
    errors = console(page)
    act_and_wait(page, lambda: click_el(page, "deck"))
    act_and_wait(page, lambda: click_el(page, "discard"))
    wait_ui(page, "panel")
    record = "Difficulty 1: 1 win, 0 losses, average total 3"
    for name, viewport in sizes:
        page.set_viewport_size(viewport)
        assert page.inner_text(f"{ROOT} .eg-panel .eg-rank") == "You finish 1st of 3"
        lines = page.eval_on_selector_all(f"{ROOT} .eg-panel svg.eg-chart polyline",
                                          "els => els.map((e) => e.getAttribute('points').split(' ').length)")
        assert lines == [3, 3, 3]  # the start and two rounds, for each player
        assert page.eval_on_selector_all(f"{ROOT} .eg-panel .eg-stats li", "els => els.map((e) => e.innerText)") == [
            "Rounds played: 2", "Your best round: 0 points (round 1)", "STOPs you called: 0", "Abilities you used: 0"]
        assert page.inner_text(f"{ROOT} .eg-panel .eg-history li") == record
        page.locator(f"{ROOT} .eg-panel .eg-chart").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"game-end-{name}.png"))
    page.click(f"{ROOT} .eg-panel .eg-new")
    wait_ui(page, "ready")
    page.reload()
    wait_ui(page, "offer", timeout=60_000)
    for name, viewport in sizes[::-1]:
        page.set_viewport_size(viewport)
        assert page.inner_text(f"{ROOT} .eg-offer .eg-history li") == record
        page.screenshot(path=str(artifacts / f"start-panel-record-{name}.png"))
    assert not unload_noise(errors.problems), errors.problems
    page.close()
