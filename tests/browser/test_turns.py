"""The Citybots' turns in a real browser: each one animated as a table of its own, theirs until your turn;
what they did to you told in a banner and the recap; a long turn moves nothing of yours; labels and Skip.
"""

from __future__ import annotations

import re

from clicking import ROOT, click_el, recorded, recorder, ui, values, wait_ui
from playing import PHONE, SCREEN, TOP, act_and_wait, open_position, say_stop, your_card

#: Before the page loads: record what the table shows each time it draws a frame (data-step changes).
RECORD_FRAMES = recorder("egFrames", {
    "step": "root.dataset.step", "ui": "root.dataset.ui", "who": "root.querySelector('.eg-who').innerText",
    "felt": "root.querySelector('.eg-felt').innerText", "log": "document.querySelectorAll('.egonb-log li').length"},
    watch="step")

def frames_seen(page) -> list[dict]:
    """The first drawing of each animation step recorded since the page opened."""
    firsts: dict[str, dict] = {}
    for record in recorded(page, "egFrames"):
        firsts.setdefault(record["step"], record)
    return [firsts[k] for k in sorted(firsts, key=int)]

#: The box of moves since your turn, without the banner laid over it for a while.
WITHOUT_BANNER = "el => [...el.children].filter((c) => !c.matches('.eg-news')).map((c) => c.innerText).join('\\n')"


def test_citybot_turns_animate_one_table_after_another_and_are_theirs_until_your_turn(chrome, voila_url,
                                                                                     console) -> None:
    """SM1/SM3: the opening turns of round 1 and the turns after your move are shown as successive
    tables, and the log grows with them (a line never appears before its move is on the table).
    SM1: after your move, the frames shown are the Citybots': each says which Citybot is playing, never that it is
    your move, and the last Citybot's move (Citybot Right plays just before you) stays on the table for the pace, as
    its turn, before your turn comes. Skip, and the Instant pace, show every move at once."""
    page = chrome.new_page(viewport={"width": 1280, "height": 1000})
    errors = console(page)
    choosers: list = []
    # Listening from the start: the picker is intercepted before any key is pressed (expect_file_chooser raced).
    page.on("filechooser", lambda chooser: choosers.append(chooser))
    page.add_init_script(RECORD_FRAMES)
    page.add_init_script(RECORD_DRAWS)
    page.add_init_script(SKIPPED_AT)
    page.goto(voila_url)
    wait_ui(page, "ready", timeout=60_000)
    opening = frames_seen(page)
    assert len(opening) >= 3 and all(f["ui"] == "animating" for f in opening[:-1])
    assert any("Citybot Left is playing" in f["who"] for f in opening)  # SM3: Left opens round 1
    state = ui(page)
    click_el(page, "deck")  # T1: draw (your decision goes on), then discard the drawn card: the Citybots play
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, state["token"]])
    state = wait_ui(page, "ready")
    before = len(frames_seen(page))
    draws = draws_of(page, lambda: click_el(page, "discard"))  # D1, then the Citybots play (the test seed: both)
    assert_the_citybots_frames_are_theirs_until_your_turn(draws)
    turns = frames_seen(page)[before:]
    assert len(turns) >= 3, turns  # your move (Citybot Left to play), then at least one turn per Citybot
    assert all("is playing" in f["who"] for f in turns), turns
    felts = [f["felt"] for f in turns]
    assert all(a != b for a, b in zip(felts, felts[1:])), "each frame shows a changed table"
    logs = [f["log"] for f in turns]
    assert logs == sorted(logs) and logs[0] < logs[-1], logs  # the log grows step by step
    # Between turns, the box under the piles keeps every Citybot move since yours, both Citybots' (not
    # only the last turn), in the order they played.
    state = ui(page)
    assert state["ui"] == "ready", "the test server's seed: the round goes on after your first turn"
    since = page.eval_on_selector(f"{ROOT} .eg-since", WITHOUT_BANNER)
    assert since.startswith("Since your turn:"), since
    assert 0 < since.index("Citybot Left") < since.index("Citybot Right"), since
    # ... and only those, one line per Citybot turn (the recap): the log (newest first) holds their steps after
    # your last move (D1), one line each, the opening's not.
    log = page.eval_on_selector_all(".egonb-log li", "els => els.map(e => e.innerText)")
    after_you = log[:next(i for i, line in enumerate(log) if line.startswith("You discard"))][::-1]
    lines = page.eval_on_selector_all(f"{ROOT} .eg-since-list li", "els => els.map(e => e.lastChild.textContent)")
    assert all(line.startswith(("Citybot Left ", "Citybot Right ")) for line in lines), lines
    assert 2 <= len(lines) < len(after_you), (lines, after_you)  # each turn's steps in one line
    # At 800 px the Citybots' visible cards wrap beside their piles but never cover them (Left: its pile is empty).
    page.set_viewport_size({"width": 800, "height": 900})
    for seat in (1, 2):
        pile, cards = page.eval_on_selector(f'{ROOT} .eg-bot[data-seat="{seat}"]', """b => [
            b.querySelector('.eg-stack').getBoundingClientRect().right,
            Math.min(...[...b.querySelectorAll('.eg-visible > *')].map((c) => c.getBoundingClientRect().left))]""")
        assert pile <= cards, (seat, pile, cards)
    # The difficulty hint has a line of its own: a longer hint does not move the Citybots pace control.
    pace = page.eval_on_selector("select", "el => el.getBoundingClientRect().left")
    hint = page.inner_text(".egonb-hint")
    page.get_by_role("button", name="3", exact=True).click()
    page.wait_for_function("h => document.querySelector('.egonb-hint').innerText !== h", arg=hint)
    assert page.eval_on_selector("select", "el => el.getBoundingClientRect().left") == pace
    # Keyboard: the hidden file input is no Tab stop; "Load a saved game…" is, and Enter opens the file picker (you
    # have moved in this game: the first Enter asks whether to replace it, the second opens the picker).
    assert page.get_attribute(".eg-upload-input", "tabindex") == "-1"
    page.focus(".eg-download")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('eg-upload')")
    page.keyboard.press("Enter")
    assert page.inner_text(".eg-upload") == "Replace this game? Choose a file"
    page.keyboard.press("Enter")
    for _ in range(100):
        if choosers:
            break
        page.wait_for_timeout(50)
    assert choosers, "Enter on 'Load a saved game…' opens the file picker"
    # Drawing (T1) keeps the box until a Citybot moves again, so the hand you now pick a card from stays where it was.
    hand = page.eval_on_selector(f"{ROOT} .eg-hand", TOP)
    click_el(page, "deck")
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, state["token"]])
    state = wait_ui(page, "ready")
    assert page.eval_on_selector(f"{ROOT} .eg-since", WITHOUT_BANNER) == since
    assert page.eval_on_selector(f"{ROOT} .eg-hand", TOP) == hand
    # Slow (1.5 s a turn): your discard that ends the round (Citybot Left said STOP, T5) opens its summary at once; in
    # round 2 (you open it) Skip shows the Citybots' turns at once. Instant: nothing is animated.
    page.locator("select").select_option(label="Slow")
    draws = draws_of(page, lambda: click_el(page, "discard"))
    uis = [d["ui"] for d in draws]
    assert "panel" in uis and "animating" not in uis[:uis.index("panel")], draws
    page.click(f"{ROOT} .eg-panel .eg-continue")
    act_and_wait(page, lambda: click_el(page, "deck"))
    click_el(page, "discard")
    wait_ui(page, "animating")
    page.click(f"{ROOT} .eg-skip")
    assert wait_ui(page, "ready", "panel")["ui"] == "ready"
    skipped = [d for d in recorded(page, "egDraws") if d["t"] >= page.evaluate("window.egSkippedAt")]
    assert skipped and not [d for d in skipped if d["ui"] == "animating"], skipped  # no frame drawn after Skip
    page.locator("select").select_option(label="Instant")
    act_and_wait(page, lambda: click_el(page, "deck"))
    draws = draws_of(page, lambda: click_el(page, "discard"))
    assert draws[-1]["who"] == "▶ Your turn" and not [d for d in draws if d["ui"] == "animating"], draws
    assert not errors.problems, errors.problems
    page.close()

#: Each time the table is drawn: the top of your hand, the caption's height and its moves, whether the caption's list
#: is scrolled to its end, and the cards marked fresh (come to a seat in this frame).
RECORD_HAND = recorder("egHand", {
    "step": "root.dataset.step", "ui": "root.dataset.ui", "hand": f"({TOP})(root.querySelector('.eg-hand'))",
    "caption": "root.querySelector('.eg-caption')?.offsetHeight ?? null",
    "moves": "root.querySelectorAll('.eg-caption li').length",
    "end": "(l => l ? l.scrollTop + l.clientHeight >= l.scrollHeight - 1 : null)(root.querySelector('.eg-turn-list'))",
    "fresh": "[...root.querySelectorAll('.eg-fresh')].map((e) => e.getAttribute('aria-label'))"}, distinct=True)

def test_a_long_citybot_turn_does_not_move_your_hand(chrome, voila_url, voila_folder, console) -> None:
    """Your move (one line), then Citybot Left's long turn (SB2 in a frame of its own, then SB4, its Two Cards
    exchange, SC11) and Right's STOP (SB1) at 800 px: the caption keeps one height, so your hand stays where it was
    from the first frame to your next turn; a turn longer than the box shows its last moves, and the whole narration
    is in the log."""
    from egonb import GameState, Rules

    page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
        Rules.solo_game(difficulty=1), hands=[[2, 3, 1], [11, 4], [5, 6]], discard=[8], deck=[11],
        piles=[[], [12], []], rest="deck"),
        "0" * 31 + "6")
    errors = console(page)
    page.set_viewport_size({"width": 800, "height": 1000})
    act_and_wait(page, lambda: click_el(page, "deck"))
    page.evaluate(RECORD_HAND)
    act_and_wait(page, lambda: click_el(page, "discard"))
    frames = recorded(page, "egHand")
    playing = [f for f in frames if f["ui"] == "animating"]
    assert [f["moves"] for f in playing][:3] == [1, 1, 3], frames  # your discard (D1), Left's reveal, its 3 moves
    shown = frames[frames.index(playing[0]):]
    assert len({f["hand"] for f in shown}) == 1, frames  # until your next turn, the since box included
    assert len({f["caption"] for f in shown}) == 1, frames
    assert all(f["end"] for f in playing), frames  # a long turn shows its last moves
    # The cards that came to a seat in a frame keep a ring through it: the 12 Left reveals (SB2), then the 1 it gets
    # from you and the 12 you get for it (SC11, labelled as a Citybot's gift until your move); nothing new in Right's
    # STOP frame, nor once it is your turn.
    fresh = {f["step"]: f["fresh"] for f in frames}  # as each step was drawn last
    steps = sorted({int(f["step"]) for f in playing})
    assert [fresh[str(step)] for step in steps[1:4]] == [
        ["Citybot Left's visible 12, Hourglass"],
        ["Citybot Left's visible 1", "Your 12, Hourglass (a Citybot just gave it to you)"], []], fresh
    assert page.locator(f"{ROOT} .eg-fresh").count() == 0
    exchange = "Citybot Left — it has no hidden card, so it takes its highest card, the 12, and exchanges it"
    assert exchange in page.inner_text(".egonb-log")
    assert "Citybot Left revealed a 12, matched the 11 with its 11 — Two Cards: your 1 for its 12" in page.inner_text(
        f"{ROOT} .eg-since")  # the recap: the turn in one line
    assert not errors.problems, errors.problems
    page.close()

#: Before the page loads: record each drawing of the table (the time, the state, who plays, your seat, the action
#: bar's prompt and the cards on the felt).
RECORD_DRAWS = recorder("egDraws", {
    "t": "performance.now()", "ui": "root.dataset.ui", "who": "root.querySelector('.eg-who').innerText",
    "you": "root.querySelector('.eg-you').className", "prompt": "root.querySelector('.eg-prompt').innerText",
    "cards": "[...root.querySelectorAll('.eg-bot .eg-row, [data-el=discard]')].map((e) => e.innerText).join(' | ')"})

#: Before the page loads: the time a press on Skip came (on the clock of RECORD_DRAWS; a press on the table skips).
SKIPPED_AT = """document.addEventListener('pointerdown', (e) => {
  if (e.target.closest && e.target.closest('.eg-skip')) window.egSkippedAt = performance.now();
}, true);"""

def assert_the_citybots_frames_are_theirs_until_your_turn(draws: list[dict]) -> None:
    """`draws` (RECORD_DRAWS) from your move to your next turn: every frame between says which Citybot is playing,
    never that it is your move; the last Citybot's move stays on the table, as its turn, for the pace."""
    shown = [d for d in draws if d["ui"] == "animating"]
    assert shown and draws[-1]["ui"] == "ready" and draws[-1]["who"] == "▶ Your turn", draws
    for d in shown:
        assert re.fullmatch(r"▷ Citybot (Left|Right) is playing", d["who"]) and "eg-active" not in d["you"], d
        assert d["prompt"].startswith("The Citybots are playing"), d
    # (a redraw of your own turn may come before the first Citybot frame: the table as it was, until the answer)
    first = next(i for i, d in enumerate(draws) if d["ui"] == "animating")
    ready = next(i for i, d in enumerate(draws) if i > first and d["ui"] == "ready")
    last, yours = draws[ready - 1], draws[ready]
    assert last["who"] == "▷ Citybot Right is playing" and last["cards"] == yours["cards"], (last, yours)
    assert yours["t"] > last["t"], (last, yours)  # a frame of its own, held for the pace (table.js `pump`)

def draws_of(page, move) -> list[dict]:
    """The drawings of the table from `move` (a callable that clicks) until your next decision or a summary."""
    start = page.evaluate("window.egDraws.length")
    act_and_wait(page, move)
    return recorded(page, "egDraws", start)

def test_labels_say_card_and_your_and_a_summary_hides_skip(chrome, voila_url, voila_folder, console) -> None:
    """A discard pile or a deck of one card says "1 card"; after a draw a card of yours names the keep it makes (T1,
    one click); the round-end summary labels your cards "Your 1" (as the Citybots' "Citybot Left's 2"); the Skip of
    the moves still to show after a summary is not left behind it."""
    from egonb import GameState, Rules

    rules = Rules.solo_game(difficulty=1, full_game=True)
    page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
        rules, hands=[[2, 3], [5], [6]], discard=[4], deck=[1], rest="discard"), "0" * 30 + "d3")
    errors = console(page)
    assert page.get_attribute(f'{ROOT} [data-el="deck"]', "aria-label") == "Deck: 1 face-down card, click to draw"
    act_and_wait(page, lambda: click_el(page, "deck"))  # you drew the 1: one click on a card of yours keeps it (T1)
    card = page.locator(f'{ROOT} [data-el="{your_card(page, 3)}"]')
    assert card.get_attribute("aria-label").startswith("Your 3: ") and "in place of your 3" in card.get_attribute(
        "title"), (card.get_attribute("aria-label"), card.get_attribute("title"))
    page.close()
    assert not errors.problems, errors.problems
    page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
        rules, hands=[[1, 2], [2, 5], [5, 6]], discard=[6], deck=[6, 7], rest="deck"),
                         "0" * 30 + "d4")
    errors = console(page)
    assert page.get_attribute(f'{ROOT} [data-el="discard"]', "aria-label") == "Discard pile, 1 card, top card 6"
    say_stop(page)
    labels = page.eval_on_selector_all(f"{ROOT} .eg-reveal .eg-face", "els => els.map(e => e.ariaLabel)")
    assert labels[:2] == ["Your 1", "Your 2"] and "Citybot Left's 2" in labels, labels
    assert page.locator(f"{ROOT} .eg-skip").count() == 0
    assert not errors.problems, errors.problems
    page.close()

#: One line per Citybot turn in the box of moves since your turn: its words (without the rule badge) and its badge.
RECAP_LINES = """els => els.map((li) => ({text: li.lastChild.textContent,
  rules: li.querySelector('.eg-rule').textContent,
  top: li.getBoundingClientRect().top, bottom: li.getBoundingClientRect().bottom}))"""

def test_a_citybot_that_changes_your_hand_or_says_stop_is_told_in_a_banner_and_the_recap(chrome, voila_url,
                                                                                       voila_folder, artifacts,
                                                                                       console) -> None:
    """SC11: Citybot Left plays one of its pair of 11s (SB5) and its Two Cards takes your 1 for its 11 (you hold no 9,
    SP9): a banner says so in one sentence and the 11 is marked on your hand until your next move. The recap:
    the box of moves since your turn holds one line per Citybot turn (Left's, then Right's), the whole of it, in the
    words Python sent. SB1/T5: Citybot Left says STOP; the banner, the status line and the prompt say your turn is
    the round's last. At 1280 x 1000 and on a phone; screenshots of each."""
    from egonb import GameState, Rules

    full = Rules.solo_game(difficulty=1, full_game=True)
    for slot, viewport in (("e7", None), ("e8", PHONE)):
        page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
            full, hands=[[2, 1], [11, 11], [4, 6]], discard=[5], deck=[3, 2, 4], piles=[[], [], [7, 8]], rest="deck"),
            "0" * 30 + slot, viewport)
        errors = console(page)
        act_and_wait(page, lambda p=page: click_el(p, "deck"))
        act_and_wait(page, lambda p=page: click_el(p, "discard"))
        assert page.inner_text(f"{ROOT} .eg-news") == "Citybot Left took your 1 and gave you an 11."
        assert [v for v, _ in values(page, f"{ROOT} .eg-hand .eg-changed")] == [11]
        page.screenshot(path=str(artifacts / f"news-two-cards-{slot}.png"))
        lines = page.eval_on_selector_all(f"{ROOT} .eg-since-list li", RECAP_LINES)  # the recap of the same turns
        assert [line["text"] for line in lines][:1] == [
            "Citybot Left showed a pair and played its 11 — Two Cards: your 1 for its 11"], lines
        assert len(lines) == 2 and lines[1]["text"].startswith("Citybot Right "), lines
        assert lines[0]["rules"] == "SB5 SC11"
        box = page.eval_on_selector(f"{ROOT} .eg-since-list", SCREEN)
        assert all(box["top"] - 0.5 <= line["top"] and line["bottom"] <= box["bottom"] + 0.5 for line in lines), (
            box, lines)  # both lines whole, no scrolling needed
        page.screenshot(path=str(artifacts / f"recap-lines-{'phone' if viewport else 'desktop'}.png"))
        act_and_wait(page, lambda p=page: click_el(p, "deck"))  # your move: told, the marks go
        assert page.locator(f"{ROOT} .eg-news").count() == 0 and page.locator(f"{ROOT} .eg-changed").count() == 0
        assert not errors.problems, errors.problems
        page.close()
        page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
            full, hands=[[9, 8], [1], [4, 6]], discard=[5], deck=[3, 2], piles=[[], [], [7, 8]], rest="deck"),
            "0" * 30 + "b" + slot[1], viewport)
        errors = console(page)
        act_and_wait(page, lambda p=page: click_el(p, "deck"))
        act_and_wait(page, lambda p=page: click_el(p, "discard"))
        assert page.inner_text(f"{ROOT} .eg-news") == "Citybot Left said STOP: this is your last turn of the round."
        assert page.inner_text(f"{ROOT} .eg-prompt").startswith("Last turn of the round. Your turn:")
        assert "Last turn of the round" in page.get_attribute(f"{ROOT} .eg-where", "title")
        banner, status = (page.eval_on_selector(f"{ROOT} {part}", SCREEN) for part in (".eg-news", ".eg-status"))
        assert banner["top"] >= status["bottom"] - 0.5, (banner, status)  # the status line stays readable under it
        page.screenshot(path=str(artifacts / f"news-stop-{slot}.png"))
        assert not errors.problems, errors.problems
        page.close()


def test_say_stop_asks_before_it_ends_your_round(chrome, voila_url, artifacts, console) -> None:
    """"Say STOP" sits next to "Draw a card" and cannot be taken back (T5): its first click asks, with "Not yet"
    beside it, and plays nothing; "Not yet" or Escape turn it back; a second click says STOP."""
    page = chrome.new_page(viewport={"width": 1366, "height": 900})
    errors = console(page)
    page.goto(voila_url)
    state = wait_ui(page, "ready", timeout=60_000)
    stop = f"{ROOT} .eg-act-stop"
    label = page.inner_text(stop)
    page.click(stop)
    assert page.inner_text(stop) == "Say STOP now? Click again"
    page.screenshot(path=str(artifacts / "stop-asks.png"))
    page.click(f"{ROOT} .eg-stop-keep")
    assert page.inner_text(stop) == label and page.locator(f"{ROOT} .eg-stop-keep").count() == 0
    page.click(stop)
    page.keyboard.press("Escape")
    assert page.inner_text(stop) == label
    assert ui(page)["token"] == state["token"], "asking plays nothing"
    page.click(stop)
    page.click(stop)
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, state["token"]])
    assert not errors.problems, errors.problems
    page.close()
