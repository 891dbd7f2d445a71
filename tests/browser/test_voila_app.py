"""The solo game in a real browser: Voilà serves notebooks/play.ipynb, Chromium plays it by clicking.

One whole game (several rounds, to 50 points, E2) is played with clicks on cards, piles and
buttons; every legal action must have a button or card to click; no console errors; screenshots
of the key moments go to artifacts/.
"""

from __future__ import annotations

import re
from collections import Counter

from clicking import PACE_MS, ROOT, click_el, off_screen, recorded, recorder, shown, ui, unload_noise, values, wait_ui

from egonb.cards import ABILITY_NAMES, ABILITY_SYMBOLS, card_name


def play_one_decision(page, used: Counter) -> None:
    """A simple human policy, clicking cards and piles where the table allows it."""
    state = ui(page)
    hand = values(page, f"{ROOT} .eg-hand button.eg-face")
    decision = state["decision"]
    if decision == "action":
        counts = Counter(v for v, _ in hand)
        top = int(page.get_attribute(f'{ROOT} [data-el="discard"] .eg-face', "data-value") or 0)
        pair = [v for v, n in counts.items() if n > 1 and v >= 6]
        if sum(v for v, _ in hand) <= 12 and page.locator(f"{ROOT} .eg-act-stop").count():
            page.click(f"{ROOT} .eg-act-stop")
            used["stop (button)"] += 1
        elif pair:
            two = [e for v, e in hand if v == max(pair)][:2]
            click_el(page, two[0])
            click_el(page, two[1])
            used["pair (two cards)"] += 1
        elif top and top + 4 <= max(v for v, _ in hand):
            click_el(page, "discard")
            click_el(page, max(hand)[1])
            used["take (discard, then card)"] += 1
        else:
            click_el(page, "deck")
            used["draw (deck)"] += 1
    elif decision == "keep_or_discard":
        drawn = int(page.get_attribute(f"{ROOT} .eg-drawn .eg-face", "data-value"))
        worst = max(hand)
        if drawn < worst[0]:
            click_el(page, worst[1])
            used["keep (card)"] += 1
        else:
            click_el(page, "discard")
            used["discard drawn (discard pile)"] += 1
    elif decision == "ability" and state["ability"] == "10" and page.locator(f"{ROOT} .eg-stack.eg-usable").count():
        page.locator(f"{ROOT} .eg-stack.eg-usable").first.click()
        used["SP10 reveal (pile)"] += 1
    elif decision == "ability" and state["ability"] == "11":
        click_el(page, max(hand)[1])
        targets = values(page, f"{ROOT} .eg-bot button.eg-face.eg-usable")
        if targets:
            click_el(page, min(targets)[1])
            used["SP11 exchange (your card, its card)"] += 1
        else:
            page.locator(f"{ROOT} .eg-stack.eg-usable").first.click()
            used["SP11 exchange (your card, its pile)"] += 1
    elif decision == "ability" and state["ability"] == "12":
        page.click(f"{ROOT} .eg-act-hourglass")
        used["SP12 hourglass (button)"] += 1
    elif decision == "shield":  # SP9: you answer during a Citybot's turn, not your own
        assert page.inner_text(f"{ROOT} .eg-who").startswith("▶ Your answer ("), page.inner_text(f"{ROOT} .eg-who")
        page.click(f"{ROOT} .eg-act-shield")
        used["SP9 shield (button)"] += 1
    else:
        page.locator(f"{ROOT} .eg-act[data-action]:enabled").first.click()
        used[f"{decision} (first button)"] += 1


def assert_exactly_the_legal_actions_are_clickable(page) -> None:
    state = ui(page)
    legal = [x for x in state["legal"].split(",") if x]
    buttons = set(page.eval_on_selector_all(f"{ROOT} .eg-act[data-action]", "els => els.map(e => e.dataset.action)"))
    assert set(legal) == buttons, (state, buttons)  # all of them, and nothing the engine forbids


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


def test_two_cards_swap_by_clicking(chrome, voila_url, console) -> None:
    """T2 then SP11 with clicks only: take the discard for your 11, then swap a card of each Citybot."""
    page = chrome.new_page(viewport={"width": 1280, "height": 1000})
    errors = console(page)
    page.goto(voila_url)
    state = wait_ui(page, "ready", timeout=60_000)
    click_el(page, "discard")
    eleven = [e for v, e in values(page, f"{ROOT} .eg-hand button.eg-face") if v == 11]
    assert eleven, "the test server's seed deals you an 11"
    click_el(page, eleven[0])
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, state["token"]])
    state = wait_ui(page, "ready")
    assert (state["decision"], state["ability"]) == ("ability", "11")
    left = values(page, f'{ROOT} .eg-bot[data-seat="1"] button.eg-face.eg-usable')
    click_el(page, left[0][1])
    right = values(page, f'{ROOT} .eg-bot[data-seat="2"] button.eg-face.eg-usable')
    assert right and page.locator(f"{ROOT} .eg-selected").count() == 1
    click_el(page, right[0][1])
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, state["token"]])
    log = page.inner_text(".egonb-log")
    assert f"swap Citybot Left's {left[0][0]}" in log and "SP11" not in log  # plain words; the rule id in a tooltip
    assert "rule SP11" in log_rules(page)
    assert not errors.problems, errors.problems
    page.close()


def test_a_two_cards_choice_with_many_targets_fits_the_screen_and_works_from_the_keyboard(
        chrome, voila_url, voila_folder, console) -> None:
    """SP11 after matching your 11 (T3): your 6 could go for ten Citybot cards and piles. At 1280 x 900 and on a phone
    the selection's prompt, Cancel and "All possible actions" stay on the first screen (the highlighted cards name the
    moves, ten buttons are not listed), and a Citybot card chosen with the keyboard makes its exchange."""
    from egonb import GameState, Rules

    game = GameState.from_position(
        Rules.solo_game(difficulty=1), hands=[[11, 2, 3, 5, 6], [1, 4, 7, 8], [2, 6, 10, 12]], discard=[11],
        deck=[1], piles=[[], [3, 5], [4, 7]], rest="deck")
    for slot, viewport in (("c1", {"width": 1280, "height": 900}), ("c2", PHONE)):
        page = open_position(chrome, voila_url, voila_folder, game, "0" * 30 + slot, viewport)
        errors = console(page)
        click_el(page, your_card(page, 11))
        assert act_and_wait(page, lambda p=page: p.click(f'{ROOT} .eg-act[data-kind="match"]'))["ability"] == "11"
        click_el(page, your_card(page, 6))
        prompt = page.inner_text(f"{ROOT} .eg-prompt")
        assert prompt == ("Your 6 is selected: click a highlighted card or pile of Citybot Left or of Citybot Right to "
                          "make the move."), prompt
        bar = [".eg-prompt", ".eg-actions > .eg-buttons .eg-act", ".eg-all summary"]
        for selector in bar:
            boxes = page.eval_on_selector_all(f"{ROOT} {selector}", f"els => els.map({SCREEN})")
            assert boxes and all(0 <= b["top"] and b["bottom"] <= b["height"] for b in boxes), (slot, selector, boxes)
        assert page.locator(f"{ROOT} .eg-actions > .eg-buttons .eg-act").all_inner_texts() == ["Cancel selection"]
        seven = page.locator(f'{ROOT} .eg-bot[data-seat="1"] button.eg-face[data-value="7"]')
        said = "Give your 6 to Citybot Left for its visible 7"
        assert seven.get_attribute("title") == said and seven.get_attribute("aria-label").endswith(f": {said}")
        seven.focus()
        assert act_and_wait(page, lambda p=page: p.keyboard.press("Enter"))["decision"] == "action"
        assert "SP11 You give the 6 to Citybot Left and take its visible 7" in your_moves(page)[0], slot
        assert [v for v, _ in values(page, f"{ROOT} .eg-hand .eg-face")] == [2, 3, 5, 7]
        assert not errors.problems, errors.problems
        page.close()


#: Before the page loads: record what the table shows each time it draws a frame (data-step changes).
RECORD_FRAMES = recorder("egFrames", {
    "step": "root.dataset.step", "ui": "root.dataset.ui", "who": "root.querySelector('.eg-who').innerText",
    "felt": "root.querySelector('.eg-felt').innerText", "log": "document.querySelectorAll('.egonb-log li').length"},
    watch="step")


#: An element's top within the table (a click may scroll the page: the viewport's top would move with it).
TOP = "el => el.getBoundingClientRect().top - el.closest('.eg-root').getBoundingClientRect().top"


def frames_seen(page) -> list[dict]:
    """The first drawing of each animation step recorded since the page opened."""
    firsts: dict[str, dict] = {}
    for record in recorded(page, "egFrames"):
        firsts.setdefault(record["step"], record)
    return [firsts[k] for k in sorted(firsts, key=int)]


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
    since = page.inner_text(f"{ROOT} .eg-since")
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
    assert page.inner_text(f"{ROOT} .eg-since") == since
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


def table_text(page) -> list[str]:
    """What the seats and piles show: hands, visible cards, pile counts, deck, discard, drawn card."""
    return page.eval_on_selector_all(f"{ROOT} .eg-seat, {ROOT} .eg-piles", "els => els.map(e => e.innerText)")


def test_reload_mid_round_continues_exactly_where_you_were(chrome, voila_url, voila_folder, artifacts, console,
                                                          tmp_path) -> None:
    """Nothing lost: after a reload (a new kernel) the page offers the saved game and continues it in the
    middle of a keep-or-discard decision (T1) with the same hand, drawn card and discard pile."""
    from egonb.app.sealing import server_key, unseal

    page = chrome.new_page(viewport={"width": 1280, "height": 1000})
    errors = console(page)
    forbidden: list[str] = []
    page.on("response", lambda r: r.status == 403 and forbidden.append(r.url))
    page.goto(voila_url)
    state = wait_ui(page, "ready", timeout=60_000)
    click_el(page, "deck")
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, state["token"]])
    wait_ui(page, "ready")
    before = table_text(page), ui(page)
    since = page.inner_text(f"{ROOT} .eg-since")  # the Citybots' opening (SM3), kept through your turn
    assert since.startswith("Since the round began:"), since
    page.reload()
    wait_ui(page, "offer", timeout=60_000)
    offer = page.inner_text(f"{ROOT} .eg-resume-continue")
    assert offer.startswith("Continue your game (round 1, totals You 0"), offer
    page.screenshot(path=artifacts / "09-continue-prompt.png", full_page=True)
    page.click(f"{ROOT} .eg-resume-continue")
    after = wait_ui(page, "ready")
    assert table_text(page) == before[0]  # hand, drawn card, discard, deck and Citybots as they were
    assert page.inner_text(f"{ROOT} .eg-since") == since  # and the box of moves since your turn
    assert (after["decision"], after["legal"]) == (before[1]["decision"], before[1]["legal"]) == \
        ("keep_or_discard", before[1]["legal"])
    assert page.locator(".egonb-log li").count() > 5  # the game so far is in the log again
    # Download the game: the file is the engine's save sealed with the server's key, and it loads.
    with page.expect_download() as download:
        page.click(".eg-download")
    path = tmp_path / "saved.json"
    download.value.save_as(path)
    assert '"deck"' not in path.read_text() and '"piles"' not in path.read_text()  # no hidden card in clear
    game = unseal(path.read_text(), server_key(voila_folder / "saves"))
    assert game.decision == "keep_or_discard" and list(game.view(0).hand) == [
        int(v) for v in page.eval_on_selector_all(f"{ROOT} .eg-hand .eg-face", "els => els.map(e => e.dataset.value)")]
    # A tampered file is refused with the engine's message; the table does not change. The save area names the file
    # and gives Python's reason (the log's note, less its "This file cannot be loaded: "), in the error style.
    path.write_text(path.read_text().replace('"version": 1', '"version": 7'))
    page.set_input_files(".eg-upload-input", str(path))
    page.wait_for_function("document.querySelector('.eg-save-msg').innerText.includes('version')")
    said, error, colour = page.eval_on_selector(
        ".eg-save-msg", "el => [el.innerText, el.classList.contains('eg-error'), getComputedStyle(el).color]")
    note = page.eval_on_selector(".egonb-log li.eg-note", "el => [el.innerText, el.classList.contains('eg-error')]")
    assert said.startswith("Could not load saved.json: ") and "cannot be loaded" not in said, said
    assert note[0].endswith(said.removeprefix("Could not load saved.json: ")) and note[1], (said, note)
    assert error and colour == "rgb(179, 38, 30)", (error, colour)  # the table's red (STOP, "Replace this game?")
    page.locator(".eg-save-msg").screenshot(path=artifacts / "18-load-refused.png")
    assert table_text(page) == before[0] and ui(page)["token"] == after["token"]
    # And play goes on from where it was.
    click_el(page, "discard")
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, after["token"]])
    # The reload shut the old kernel down: Voilà's request carries the `_xsrf` cookie the page's own request set
    # (egonb/app/xsrf.py; voila-dashboards/voila#1458), so it is not refused (403) and no kernel is left running. The
    # page that sends it is already going away, so the browser reports it as failed even though the server acts on it.
    assert not forbidden and not unload_noise(errors.problems), (forbidden, errors.problems)
    assert "_xsrf" in {c["name"] for c in page.context.cookies()}
    page.wait_for_timeout(500)
    assert "Kernel shutdown" in (voila_folder / "voila.log").read_text()
    page.close()


def test_two_tabs_of_one_browser_keep_their_own_games(chrome, voila_url, console) -> None:
    """Tabs share localStorage, so they would share a save slot: a slot an open tab plays is locked,
    and a second tab starts its own game instead of being offered (and overwriting) the first one's."""
    context = chrome.new_context(viewport={"width": 1280, "height": 900})
    first, second = context.new_page(), context.new_page()
    errors = console(first), console(second)
    first.goto(voila_url)
    state = wait_ui(first, "ready", timeout=60_000)
    click_el(first, "deck")
    first.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, state["token"]])
    second.goto(voila_url)
    assert wait_ui(second, "ready", "offer", timeout=60_000)["ui"] == "ready"  # no offer of the first tab's game
    slots = [p.evaluate("sessionStorage.getItem('egonb-save-slot')") for p in (first, second)]
    assert len(set(slots)) == 2 and all(len(s) == 32 for s in slots), slots
    second.close()
    first.reload()  # the first tab still finds its own game
    wait_ui(first, "offer", timeout=60_000)
    first.click(f"{ROOT} .eg-resume-continue")
    assert wait_ui(first, "ready")["decision"] == "keep_or_discard"
    assert not [p for e in errors for p in unload_noise(e.problems)]
    context.close()


#: The running card animations of the page ('eg-fade': a card that just appeared).
FADES = "document.getAnimations().filter((a) => a.animationName === 'eg-fade').length"
#: Before the page loads: count the cards drawn fading in (class eg-enter), in the hand and as the drawn card.
RECORD_FADES = """
window.egFades = {hand: 0, drawn: 0, other: 0};
new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) {
    if (!(n instanceof Element)) continue;
    for (const el of [n, ...n.querySelectorAll('.eg-card.eg-enter')]) {
      if (!el.matches('.eg-card.eg-enter')) continue;
      window.egFades[el.closest('.eg-hand') ? 'hand' : el.closest('.eg-drawn') ? 'drawn' : 'other'] += 1;
    }
  }
}).observe(document, {childList: true, subtree: true});
"""


def fades(page) -> dict[str, int]:
    """The cards drawn fading in since the last call."""
    return page.evaluate("(() => { const f = window.egFades; window.egFades = {hand: 0, drawn: 0, other: 0}; "
                         "return f; })()")


def test_clicking_another_card_switches_the_selection_and_redraws_do_not_replay_animations(chrome, voila_url,
                                                                                           artifacts, console) -> None:
    """At 1280 x 900 the first screen shows your hand, the prompt and the action buttons. With a card selected, a card
    that does not go with it is still clickable and becomes the selection; redrawing the same table (a selection)
    fades nothing in, while a card that appears (the drawn one, T1) does.

    The test seed deals a 9 on the discard pile and two 9s to you. A 9 selected alone lists the match (T3) first and
    the take of the equal 9 (T2) last, saying it leaves your hand as it was; the prompt's "click the discard pile"
    then matches it (T3) rather than swapping it for the equal card."""
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    errors = console(page)
    page.add_init_script(RECORD_FADES)
    page.goto(voila_url)
    state = wait_ui(page, "ready", timeout=60_000)
    assert_the_first_screen_shows(page, (".eg-hand .eg-face", ".eg-prompt", ".eg-actions > .eg-buttons .eg-act"),
                                  artifacts)
    assert fades(page)["hand"] >= 5  # the first deal fades in
    hand = values(page, f"{ROOT} .eg-hand button.eg-face")
    # The test seed deals a 9 on the discard pile and two 9s to you: a 9 alone is a match (T3), half of a pair
    # (T4) or what you give for the discard (T2), so it is only selected and the prompt says what it can become.
    prompt = page.inner_text(f"{ROOT} .eg-prompt")
    # Beside the table, the legend names every card symbol and says what it does for you (SP8-SP12).
    legend = page.eval_on_selector_all(".eg-legend li", "els => els.map(e => e.innerText)")
    assert [line.split(" — ")[0] for line in legend] == [f"{ABILITY_SYMBOLS[v]} {name} ({v})"
                                                          for v, name in ABILITY_NAMES.items()], legend
    rules = page.eval_on_selector_all(".eg-legend li .rule", "els => els.map(e => e.textContent)")  # behind the switch
    assert rules == [f"SP{v}" for v in ABILITY_NAMES], legend
    top = int(page.get_attribute(f'{ROOT} [data-el="discard"] .eg-face', "data-value"))
    same = [e for v, e in hand if v == top]
    assert len(same) == 2, (hand, top)
    click_el(page, same[0])
    said = page.inner_text(f"{ROOT} .eg-prompt")
    # T2 and T4 need one more click; T3 is the 9 alone. The card is named with its ability (C2), once.
    assert said.startswith(f"Your {top} (Black Shield) is selected: choose a move below, or click ") \
        and "the discard pile" in said and f"another {top} " in said, said
    # A screen reader hears it: the same words in a live region outside the table, which every draw rebuilds.
    assert page.text_content(".eg-app > .eg-sr[aria-live=polite]") == said
    kinds = page.eval_on_selector_all(f"{ROOT} .eg-actions > .eg-buttons .eg-act[data-kind]",
                                      "els => els.map(e => e.dataset.kind)")
    assert {"match", "pair", "take"} <= set(kinds), kinds  # the buttons of the candidate actions stay
    buttons = page.eval_on_selector_all(f"{ROOT} .eg-actions > .eg-buttons .eg-act[data-kind]",
                                        "els => els.map(e => [e.dataset.kind, e.innerText])")
    assert buttons[0][0] == "match" and buttons[-1] == [
        "take", f"Swap your {top} for the {top} on the discard pile: your hand stays the same"], buttons
    page.locator(f"{ROOT} .eg-actions").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "12-selection-prompt.png")
    page.click(f"{ROOT} .eg-cancel")
    assert page.inner_text(f"{ROOT} .eg-prompt") == prompt and page.text_content(".eg-app > .eg-sr") == ""
    first = hand[0]
    other = next(c for c in reversed(hand) if c[0] not in (first[0], 8))  # no pair with it (T4, A8: 789)
    click_el(page, first[1])
    disabled = page.eval_on_selector_all(f"{ROOT} .eg-hand button.eg-face", "els => els.filter(e => e.disabled)")
    assert disabled == []
    click_el(page, other[1])
    selected = page.eval_on_selector_all(f"{ROOT} .eg-selected", "els => els.map(e => e.dataset.el)")
    assert selected == [other[1]] and ui(page)["token"] == state["token"]  # a new selection, nothing sent
    assert page.inner_text(f"{ROOT} .eg-prompt").startswith(f"Your {card_name(other[0])} is selected: ")
    page.click(f"{ROOT} .eg-cancel")
    assert fades(page) == {"hand": 0, "drawn": 0, "other": 0}  # three redraws of the same cards
    said = match_by_clicking_the_discard_pile(page, top)
    assert f"click the discard pile to put your {top} on it" in said, said
    mine = your_moves(page)
    assert mine and mine[0].startswith("T3"), mine  # the newest move of yours is the match
    state = wait_ui(page, "ready")  # the Citybots have played: your turn again
    fades(page)  # the cards their turns brought in: counted from here on
    click_el(page, "deck")
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, state["token"]])
    wait_ui(page, "ready")
    seen = fades(page)
    assert seen["drawn"] >= 1 and seen["hand"] == 0, seen  # T1: only the drawn card is new on the table
    assert not errors.problems, errors.problems
    page.close()


def say_stop(page) -> dict[str, str]:
    token = ui(page)["token"]
    page.click(f"{ROOT} .eg-act-stop")
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, token])
    return wait_ui(page, "panel")


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


def piles(page) -> dict:
    """The deck size and the discard top card on the felt (None: not shown)."""
    return page.eval_on_selector(ROOT, """root => ({
      deck: root.querySelector('[data-el="deck"]')?.getAttribute('aria-label') ?? null,
      top: root.querySelector('[data-el="discard"] .eg-face')?.dataset.value ?? null})""")


def stop_mark(page) -> str:
    """Who said STOP (T5), as the status lines tell it: a mark after the caller's total, or on a phone a badge after
    the round and difficulty (one of the two is shown); its title."""
    marks = page.locator(f"{ROOT} .eg-status .eg-stopmark:visible, {ROOT} .eg-status .eg-stopline:visible")
    assert marks.count() == 1
    title = marks.get_attribute("title")  # "You said STOP (rule T5)"
    shown = marks.evaluate("el => (el.closest('.eg-total') || el).innerText")  # "You 12 said STOP"
    assert shown.startswith(title.removesuffix(" said STOP (rule T5)")) and shown.endswith("said STOP"), (title, shown)
    return title


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
    assert downloaded(page) == "egonb-round1.json"  # the summary on the screen: round 1
    page.click(f"{ROOT} .eg-panel .eg-continue")
    assert wait_ui(page, "ready")["decision"] == "action"
    assert downloaded(page) == "egonb-round2.json"  # round 2's table, before your first move in it
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
    page.click(f"{ROOT} .eg-act-stop")
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


def open_position(chrome, voila_url, voila_folder, game, slot: str, viewport: dict | None = None):
    """A page that continues the hand-built position `game`, stored as the saved game of its own slot."""
    saves = voila_folder / "saves"
    saves.mkdir(exist_ok=True)
    (saves / f"{slot}.json").write_text(game.to_json())
    page = chrome.new_page(viewport=viewport or {"width": 1280, "height": 1000})
    page.add_init_script(f"localStorage.setItem('egonb-save-slot', '{slot}')")
    page.goto(voila_url)
    wait_ui(page, "offer", timeout=60_000)
    page.click(f"{ROOT} .eg-resume-continue")
    wait_ui(page, "ready")
    return page


def act_and_wait(page, click) -> dict[str, str]:
    """Click (a callable), then wait until the table has answered it and every Citybot move is shown."""
    token = ui(page)["token"]
    click()
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, token])
    return wait_ui(page, "ready", "panel")


def test_protected_pile_and_extra_turn_in_the_browser_and_on_a_phone(chrome, voila_url, voila_folder,
                                                                      console) -> None:
    """Hand-built positions a seeded deal rarely reaches, read from the page and played by clicking: the SC9 badge on
    a protected Citybot, and SP12's extra turn. At 390 px "▶ your extra turn" keeps your name line on one line, so
    your cards do not move down (the Black Shield answer, SP9: test_your_answer_…)."""
    from egonb import GameState, Rules

    rules = Rules.solo_game(difficulty=1)
    # SC9: you match your 10 (T3); Citybot Left shows a 9, so only Citybot Right's pile can be revealed (SP10).
    page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
        rules, hands=[[10, 3, 4], [9, 5], [2]], discard=[10], deck=[], piles=[[], [6, 7], [7, 8]], rest="deck"),
        "0" * 31 + "2")
    errors = console(page)
    ten = your_card(page, 10)
    click_el(page, ten)
    act_and_wait(page, lambda: page.click(f'{ROOT} .eg-act[data-kind="match"]'))
    assert page.inner_text(f'{ROOT} .eg-bot[data-seat="1"] .eg-protected') == "shows a 9: protected"
    assert not page.locator(f'{ROOT} .eg-bot[data-seat="2"] .eg-protected').count()
    assert "Citybot Left shows a 9, so its pile is protected." in page.inner_text(f"{ROOT} .eg-prompt")
    assert page.locator(f"{ROOT} .eg-stack.eg-usable").count() == 1  # Right's pile only
    act_and_wait(page, lambda: page.locator(f'{ROOT} .eg-bot[data-seat="2"] .eg-stack.eg-usable').click())
    assert "rule SP10" in log_rules(page)
    assert not errors.problems, errors.problems
    page.close()
    # SP12: you match your 12 (T3) and use its Hourglass; the header and your seat name the extra turn. The felt (at
    # 1280 px) and your hand (at 390 px) are measured before and after, each at its own width.
    page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
        rules, hands=[[12, 3, 4], [5, 6], [2, 7]], discard=[12], deck=[1, 11, 10], piles=[[], [8], [8]],
        rest="deck"), "0" * 31 + "3")
    errors = console(page)
    twelve = your_card(page, 12)
    click_el(page, twelve)
    act_and_wait(page, lambda: page.click(f'{ROOT} .eg-act[data-kind="match"]'))
    assert page.inner_text(f"{ROOT} .eg-who") == "▶ Your turn"  # the Hourglass is offered, not used yet
    felt = page.eval_on_selector(f"{ROOT} .eg-felt", TOP)
    page.set_viewport_size(PHONE)
    hand = page.eval_on_selector(f"{ROOT} .eg-hand", TOP)
    act_and_wait(page, lambda: page.click(f'{ROOT} .eg-act[data-kind="hourglass"]'))
    line = your_name_line(page)
    assert line["text"].startswith("▶ your extra turn You · 2 cards") and line["oneLine"], line
    assert page.eval_on_selector(f"{ROOT} .eg-hand", TOP) == hand
    page.set_viewport_size({"width": 1280, "height": 1000})
    assert page.inner_text(f"{ROOT} .eg-who") == "▶ Your extra turn (Hourglass)"
    # The longer mark wraps the status line within the room kept for it: the table does not move.
    assert page.eval_on_selector(f"{ROOT} .eg-felt", TOP) == felt
    assert page.inner_text(f"{ROOT} .eg-you .eg-turnmark") == "▶ your extra turn"
    act_and_wait(page, lambda: click_el(page, "deck"))
    act_and_wait(page, lambda: click_el(page, "discard"))  # the extra turn ends; both Citybots play
    assert page.inner_text(f"{ROOT} .eg-who") == "▶ Your turn"
    assert not errors.problems, errors.problems
    page.close()


#: Both Citybot seats: the top of the row of cards under their name lines, each time the table is drawn; and the
#: top of the felt under the status lines.
RECORD_SEATS = recorder("egSeats", {
    "rows": "[...root.querySelectorAll('.eg-bot .eg-row')].map((r) => r.getBoundingClientRect().top)",
    "felt": f"({TOP})(root.querySelector('.eg-felt'))"})


#: Each Citybot's name line: is "· 4 cards" on the name's own line (a STOP badge between them pushed it to the next
#: one), and inside the seat?
NAME_WITH_COUNT = """els => els.map((seat) => {
  const line = seat.querySelector('.eg-name'), count = line.querySelector('.eg-sub');
  const texts = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  let name = texts.nextNode();
  while (name && !name.data.startsWith('Citybot')) name = texts.nextNode();
  const range = document.createRange();
  range.selectNode(name);
  const a = range.getBoundingClientRect(), b = count.getBoundingClientRect(), s = seat.getBoundingClientRect();
  return {line: line.innerText, together: Math.abs(a.top - b.top) < 1, inside: b.right <= s.right + 0.5};
})"""


def assert_citybot_names_keep_their_counts(page) -> None:
    names = page.eval_on_selector_all(f"{ROOT} .eg-bot", NAME_WITH_COUNT)
    assert len(names) == 2 and all(n["together"] and n["inside"] for n in names), names


def test_a_citybot_saying_stop_on_a_phone_keeps_both_seats_level(chrome, voila_url, voila_folder, console) -> None:
    """SB1 on a phone: the turn Citybot Left says STOP, its seat shows the turn mark and the STOP badge; the
    name line still takes no more room than the other seat's, so the cards of both stay level in every frame.
    At difficulty 3 Left keeps only its 1 (SM2): the summary says "1 point"."""
    from egonb import GameState, Rules

    page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
        Rules.solo_game(difficulty=3), hands=[[12, 11, 10, 7], [1, 2], [3, 4]], discard=[6], deck=[12, 9],
        piles=[[], [], [5, 5, 6]], rest="deck"), "0" * 31 + "4")
    errors = console(page)
    page.set_viewport_size({"width": 400, "height": 1200})
    page.evaluate(RECORD_SEATS)
    act_and_wait(page, lambda: click_el(page, "deck"))
    act_and_wait(page, lambda: click_el(page, "discard"))  # Left says STOP (SB1), Right plays
    assert page.inner_text(f'{ROOT} .eg-bot[data-seat="1"] .eg-badge') == "STOP"
    seen = recorded(page, "egSeats")
    frames = [r["rows"] for r in seen if len(r["rows"]) == 2]
    assert frames and all(abs(left - right) < 0.5 for left, right in frames), frames
    felt = [r["felt"] for r in seen]  # the status keeps three lines: who plays, round, totals with the mark
    assert len(set(felt)) == 1, felt
    assert stop_mark(page) == "Citybot Left said STOP (rule T5)"
    assert_citybot_names_keep_their_counts(page)  # the STOP badge is a tab on the seat's top edge
    act_and_wait(page, lambda: click_el(page, "deck"))
    assert act_and_wait(page, lambda: click_el(page, "discard"))["ui"] == "panel"  # the turn comes back to Left
    assert "Citybot Left 1 point · total 1" in page.inner_text(f"{ROOT} .eg-panel")
    assert not errors.problems, errors.problems
    page.close()


#: A Citybot seat, in px from its top left corner: the top of its pile, its name with the count, and its marks (turn
#: mark, STOP and SC9 badges) with their text.
SEAT_TOP = """seat => {
  const s = seat.getBoundingClientRect();
  const box = (el) => { const r = el.getBoundingClientRect();
    return {left: r.left - s.left, right: r.right - s.left, top: r.top - s.top, bottom: r.bottom - s.top}; };
  return {width: s.width, pile: box(seat.querySelector('.eg-stack')).top, name: box(seat.querySelector('.eg-named')),
    tabs: [...seat.querySelectorAll('.eg-turnmark, .eg-badge')].map((t) => ({text: t.innerText, ...box(t)}))};
}"""


def test_citybot_seats_on_a_phone_have_no_empty_band_above_their_piles(chrome, voila_url, voila_folder,
                                                                        console) -> None:
    """T5 and SC9 on a phone: Citybot Left said STOP and shows a 9 while you aim your Magnifying Glass (T3, SP10).
    Its STOP and SC9 badges are tabs side by side on the seat's top edge, inside the seat and clear of each other;
    the name line stays one line, so in both seats the pile starts right under the name. (A STOP badge used to wrap
    onto a second name line, and both seats kept room for it: an empty band put the piles 54 px below the seats'
    tops.)"""
    from egonb import GameState, Rules

    page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
        Rules.solo_game(difficulty=1), hands=[[10, 3, 4], [9, 5], [2]], discard=[10], deck=[],
        piles=[[], [6, 7], [7, 8]], stop_caller=1, rest="deck"),
        "0" * 30 + "f7", PHONE)
    errors = console(page)
    click_el(page, your_card(page, 10))
    act_and_wait(page, lambda: page.click(f'{ROOT} .eg-act[data-kind="match"]'))
    left, right = page.eval_on_selector_all(f"{ROOT} .eg-bot", f"els => els.map({SEAT_TOP})")
    for seat in (left, right):
        assert seat["pile"] - seat["name"]["bottom"] <= 10 and seat["pile"] <= 32, seat  # no empty band
    assert left["pile"] == right["pile"], (left, right)
    # Beside STOP the SC9 badge keeps "protected" (its title and the prompt say "shows a 9").
    assert [t["text"] for t in left["tabs"]] == ["STOP", "protected"] and not right["tabs"], left
    stop, guard = left["tabs"]
    assert all(t["top"] < 0 < t["bottom"] for t in (stop, guard)), left  # on the seat's top edge, out of the flow
    assert 0 <= stop["left"] and stop["right"] + 2 <= guard["left"] and guard["right"] <= left["width"], left
    assert "Citybot Left shows a 9, so its pile is protected." in page.inner_text(f"{ROOT} .eg-prompt")
    assert not errors.problems, errors.problems
    page.close()


#: How far (px) the word in an empty pile's dashed box is from the inside of its border, on the nearest side.
EMPTY_CLEAR = """el => {
  const box = el.getBoundingClientRect(), border = parseFloat(getComputedStyle(el).borderLeftWidth);
  const range = document.createRange();
  range.selectNodeContents(el);
  const t = range.getBoundingClientRect();
  return Math.min(t.left - box.left, box.right - t.right, t.top - box.top, box.bottom - t.bottom) - border;
}"""


#: The status lines and the felt under them, each time the table is drawn: their height, the felt's top and whether
#: they say who said STOP.
RECORD_STATUS = recorder("egStatus", {
    "step": "root.dataset.step", "ui": "root.dataset.ui", "height": "root.querySelector('.eg-status').offsetHeight",
    "felt": f"({TOP})(root.querySelector('.eg-felt'))",
    "mark": "root.querySelector('.eg-status').innerText.includes('said STOP')"})


def test_pile_counts_say_what_they_count_and_a_citybot_saying_stop_at_800_px_moves_nothing(chrome, voila_url,
                                                                                          voila_folder,
                                                                                          console) -> None:
    """Under a pile its count keeps its word ("3 hidden", "0 hidden" under an empty pile): a bare "3" read as a card's
    value. At 390 px a Citybot's pile is 42 px wide: the count runs on beside it, inside its seat and clear of the
    visible cards; the deck's count stays under the deck.

    Then SB1 at 800 px (the side column beside a narrow table): the STOP mark (T5) follows Citybot Left's total in the
    status; the status keeps its two lines, so the felt does not move in any frame, before the mark or after it."""
    from egonb import GameState, Rules

    page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
        Rules.solo_game(difficulty=3), hands=[[12, 11, 10, 7], [1, 2], [3, 4]], discard=[6], deck=[12, 9],
        piles=[[], [], [5, 5, 6]], rest="deck"), "0" * 31 + "5")
    errors = console(page)
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 1200})
        fits = page.eval_on_selector_all(f"{ROOT} .eg-stack", """els => els.map((pile) => {
          const count = pile.querySelector('.eg-count'), box = count.getBoundingClientRect();
          const around = (pile.closest('.eg-seat') || pile).getBoundingClientRect();
          const cards = pile.closest('.eg-seat')?.querySelector('.eg-visible').getBoundingClientRect();
          const clear = !cards || box.bottom <= cards.top + 0.5 || box.right <= cards.left + 0.5;
          return [pile.dataset.el, count.innerText, pile.getAttribute('aria-label'),
            box.left >= around.left - 0.5 && box.right <= around.right + 0.5 && clear];
        })""")
        assert [(el, text, fit) for el, text, _, fit in fits] == [
            ("p1", "0 hidden", True), ("p2", "3 hidden", True), ("deck", "48 in deck", True)], (width, fits)
        assert fits[0][2].startswith("Citybot Left's hidden pile: 0 face-down cards"), fits
        # Left's empty pile says so inside its dashed box (at 390 px, down the 34 px box), clear of its edge.
        clear = page.eval_on_selector(f'{ROOT} [data-el="p1"] .eg-empty', EMPTY_CLEAR)
        assert clear >= 4, (width, clear)
    page.set_viewport_size({"width": 800, "height": 1000})
    page.evaluate(RECORD_STATUS)
    act_and_wait(page, lambda: click_el(page, "deck"))
    act_and_wait(page, lambda: click_el(page, "discard"))  # Left says STOP (SB1), Right plays
    frames = recorded(page, "egStatus")
    assert {f["mark"] for f in frames} == {False, True}, frames  # drawn without the mark, then with it
    assert len({f["height"] for f in frames}) == 1, frames
    assert len({f["felt"] for f in frames}) == 1, frames
    assert stop_mark(page) == "Citybot Left said STOP (rule T5)"
    assert_citybot_names_keep_their_counts(page)
    # Each line is whole: nothing is cut with "…" at this width.
    cut = page.eval_on_selector_all(f"{ROOT} .eg-status > *", "els => els.filter((e) => e.scrollWidth > e.clientWidth)"
                                    ".map((e) => e.innerText)")
    assert cut == [], cut
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


#: Where an element is on the screen (the viewport: Voilà scrolls its own panel, so this is what the player sees).
SCREEN = "el => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, height: innerHeight}; }"
#: The box of moves since your turn: scrolled to its end, the last line inside the box, and the fade above it; `cut`:
#: how far (px) its top and bottom edges are from the nearest boundary between two lines of text (0: no line is cut
#: in half); `tails`: moves that begin above the box and go on in it (a move's lines without its rule id); `dim`: the
#: fade's first colour, which must not be transparent (the top line stays readable).
SINCE_END = """el => {
  const lines = el.querySelectorAll('li'), last = lines[lines.length - 1];
  const lh = parseFloat(getComputedStyle(el).lineHeight), box = el.getBoundingClientRect();
  const bounds = [...lines].flatMap((li) => { const r = li.getBoundingClientRect();
    return Array.from({length: Math.round(r.height / lh) + 1}, (_, k) => r.top + k * lh); });
  const cut = (y) => Math.min(...bounds.map((b) => Math.abs(b - y)));
  const mask = getComputedStyle(el).maskImage || getComputedStyle(el).webkitMaskImage;
  return {end: el.scrollTop + el.clientHeight >= el.scrollHeight - 1,
    inside: last.getBoundingClientRect().bottom <= box.bottom + 0.5,
    overflows: el.scrollHeight > el.clientHeight + 1, fade: el.classList.contains('eg-above'), last: last.innerText,
    cut: [cut(box.top), cut(box.top + el.clientHeight)],
    tails: [...lines].filter((li) => { const r = li.getBoundingClientRect();
      return r.top < box.top - 0.5 && r.bottom > box.top + 0.5; }).map((li) => li.innerText),
    dim: (/gradient\\((rgba?\\([^)]*\\)|\\w+)/.exec(mask) || [])[1]};
}"""


def assert_whole_lines(since: dict) -> None:
    """`since` (SINCE_END) shows whole lines of whole moves: no line cut at its top or bottom edge, no move shown
    without its first line, the top line dimmed, not hidden."""
    assert max(since["cut"]) < 1 and not since["tails"], since
    assert since["dim"] not in ("transparent", "rgba(0, 0, 0, 0)"), since


def assert_the_first_screen_shows(page, seen: tuple[str, ...], artifacts) -> None:
    """The title, its line of rules and the controls (in one line) are compact, and a wide felt has the box of moves
    beside the deck and discard pile: the page as it opened at its size shows `seen` on its first screen, and the box
    of moves whole lines (the test seed's opening)."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    for selector in seen:
        boxes = page.eval_on_selector_all(f"{ROOT} {selector}", f"els => els.map({SCREEN})")
        assert boxes and all(0 <= b["top"] and b["bottom"] <= height for b in boxes), (width, selector, boxes)
    # Difficulty, New game and the Citybots' pace share one line (the hint may take the next one).
    middles = page.eval_on_selector_all(".egonb-controls > :not(.egonb-hint)", """els => els.map((e) => {
      const r = e.getBoundingClientRect(); return (r.top + r.bottom) / 2; })""")
    assert len(middles) >= 3 and max(middles) - min(middles) < 4, (width, middles)
    since = page.eval_on_selector(f"{ROOT} .eg-since-list", SINCE_END)
    assert since["end"] and since["inside"], since  # the test seed's opening, one line per Citybot turn
    assert_whole_lines(since)
    page.wait_for_function(f"{FADES} === 0")  # the cards seen once faded in
    page.screenshot(path=artifacts / f"16-first-screen-{width}.png")


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


PHONE = {"width": 390, "height": 844}
#: Your cards' top within your seat (under its name line).
IN_SEAT = "el => el.getBoundingClientRect().top - el.closest('.eg-seat').getBoundingClientRect().top"


def your_name_line(page) -> dict:
    """Your seat's name line: its text, its title and whether all its parts sit on one line."""
    return page.eval_on_selector(f"{ROOT} .eg-you .eg-name", """el => {
      const tops = [...el.children].map((c) => Math.round(c.getBoundingClientRect().top));
      return {text: el.innerText.replace(/\\s+/g, ' '), title: el.title, oneLine: new Set(tops).size === 1,
        cut: el.scrollWidth > el.clientWidth + 1};
    }""")


def test_your_black_shield_answer_in_the_browser_keeps_your_hand_in_place_on_a_phone(chrome, voila_url,
                                                                                      voila_folder, console) -> None:
    """SP9, a hand-built position a seeded deal rarely reaches: you draw and discard; Citybot Left shows a pair of 11s
    (SB5) and plays Two Cards on you (SC11): you answer during its turn, by clicking. At 390 px "▶ your answer" keeps
    your name line on one line, so your cards do not move down; the box of moves since your turn ends with the Two
    Cards your answer is about."""
    from egonb import GameState, Rules

    page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
        Rules.solo_game(difficulty=1), hands=[[9, 1], [11, 11], [4, 6]], discard=[5], deck=[3],
        piles=[[], [], [7, 8]], rest="deck"), "0" * 30 + "11", PHONE)
    errors = console(page)
    act_and_wait(page, lambda: click_el(page, "deck"))
    hand = page.eval_on_selector(f"{ROOT} .eg-hand", IN_SEAT)  # under "▶ your turn"
    assert act_and_wait(page, lambda: click_el(page, "discard"))["decision"] == "shield"
    line = your_name_line(page)
    assert line["text"].startswith("▶ your answer You · 2 cards") and line["oneLine"], line
    assert line["title"] == "your answer: You · 2 cards · 10 points in hand", line
    assert page.eval_on_selector(f"{ROOT} .eg-hand", IN_SEAT) == hand
    since = page.eval_on_selector(f"{ROOT} .eg-since-list", SINCE_END)
    assert since["end"] and since["inside"], since
    assert_whole_lines(since)
    assert since["last"].endswith("— Two Cards against you"), since  # its line, until you answer (SP9)
    assert page.inner_text(f"{ROOT} .eg-who") == "▶ Your answer (Citybot Left's turn)"
    assert page.inner_text(f"{ROOT} .eg-you .eg-turnmark") == "▶ your answer"
    assert "Citybot Left plays Two Cards against you:" in page.inner_text(f"{ROOT} .eg-prompt")
    act_and_wait(page, lambda: page.click(f'{ROOT} .eg-act[data-kind="shield"]'))
    assert values(page, f"{ROOT} .eg-hand .eg-face") == [(1, "h0")]  # your 9 is played, your 1 stays
    assert "rule SP9" in log_rules(page)
    assert not errors.problems, errors.problems
    page.close()


def test_a_question_only_buttons_answer_comes_into_view_on_a_phone(chrome, voila_url, voila_folder, console) -> None:
    """SP9 at 390 x 844, in a game saved while the Black Shield question was open (after your turn, Citybot Left played
    Two Cards against you, SC11): nothing on the felt answers it and its buttons were below the fold. The page brings
    them into view (the focus is not taken from you), and the keyboard answers it."""
    from helpers import draw_and_discard

    from egonb import GameState, Rules

    game = GameState.from_position(
        Rules.solo_game(difficulty=1), hands=[[9, 1, 2, 3, 4], [11, 11], [4, 6]], discard=[5], deck=[3],
        piles=[[], [], [7, 8]], rest="deck")
    draw_and_discard(game)
    page = open_position(chrome, voila_url, voila_folder, game, "0" * 30 + "b9", PHONE)
    errors = console(page)
    assert ui(page)["decision"] == "shield"
    assert page.locator(f"{ROOT} .eg-felt .eg-usable").count() == 0  # only the buttons answer
    buttons = page.eval_on_selector_all(f"{ROOT} .eg-actions .eg-act[data-kind]", f"els => els.map({SCREEN})")
    assert len(buttons) == 2 and all(0 <= b["top"] and b["bottom"] <= b["height"] for b in buttons), buttons
    assert not page.evaluate(f"document.activeElement.matches('{ROOT} .eg-act')")  # shown, not focused
    page.focus(f'{ROOT} .eg-act[data-kind="shield"]')
    act_and_wait(page, lambda: page.keyboard.press("Enter"))
    assert "rule SP9" in log_rules(page)
    assert not errors.problems, errors.problems
    page.close()


def test_citybot_visible_cards_keep_one_row_beside_their_pile_at_800_px(chrome, voila_url, voila_folder, artifacts,
                                                                       console) -> None:
    """At 800 px (the side column beside the table) a Citybot's three visible cards shrink into one row; four or more
    may take two rows of the smallest cards, still no taller than the pile: both seats keep the height of a seat with
    two cards, and your hand does not move down."""
    from egonb import GameState, Rules

    heights, hands = {}, {}
    for n, left in ((2, [4, 6]), (3, [4, 6, 3]), (5, [4, 6, 3, 5, 10])):
        page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
            Rules.solo_game(difficulty=1), hands=[[2, 3, 1], left, [5, 6]], discard=[8], deck=[11],
            piles=[[], [12], [3]], rest="deck"),
            "0" * 30 + f"2{n}", viewport={"width": 800, "height": 1000})  # opened at that width: nothing resizes
        errors = console(page)
        rows = page.eval_on_selector_all(f"{ROOT} .eg-bot .eg-row", "els => els.map((e) => e.offsetHeight)")
        tops = page.eval_on_selector_all(f'{ROOT} .eg-bot[data-seat="1"] .eg-visible > .eg-face',
                                         "els => els.map((e) => Math.round(e.getBoundingClientRect().top))")
        assert len(tops) == n and (n > 3 or len(set(tops)) == 1), (n, tops)  # three cards: one row
        heights[n], hands[n] = rows, page.eval_on_selector(f"{ROOT} .eg-hand", TOP)
        if n == 3:
            page.wait_for_function(f"{FADES} === 0")  # the cards seen once faded in
            page.screenshot(path=artifacts / "15-three-visible-cards-800px.png")
        assert not errors.problems, errors.problems
        page.close()
    assert heights[3] == heights[5] == heights[2] and heights[2][0] == heights[2][1], heights
    assert hands[3] == hands[5] == hands[2], hands


#: A Citybot's visible card: does its corner index run into its big number; the size of its ability's name (0: not
#: written); its tooltip.
SMALL_CARD = """card => {
  const box = (sel) => card.querySelector(sel).getBoundingClientRect(), corner = box('.eg-tl'), pip = box('.eg-pip');
  const name = card.querySelector('.eg-abname');
  return {touch: corner.bottom > pip.top && corner.right > pip.left, title: card.title,
    name: name && name.offsetParent ? parseFloat(getComputedStyle(name).fontSize) : 0};
}"""
#: Citybot Left shows a 10, an 11 and a 12 (SM4).
ABILITIES_SHOWN = ([[1, 9, 10, 11], [10, 11, 12], [12, 8, 6]], [5])


def test_small_citybot_cards_are_legible_and_a_phone_shows_the_buttons_for_the_card_you_drew(chrome, voila_url,
                                                                                              voila_folder,
                                                                                              console) -> None:
    """A Citybot's visible 10, 11 and 12 are small cards, at 1280 and on a phone: their corner index stays clear of the
    big number, and an ability's name is written at 8 px or more, or not at all (the symbol stays; the tooltip names
    the ability). T1 at 390 x 844: after you draw, the keep and discard buttons are on the screen with your hand and
    the card you drew (the page brings them up)."""
    from egonb import GameState, Rules

    game = GameState.from_position(
        Rules.solo_game(difficulty=1), hands=ABILITIES_SHOWN[0], discard=ABILITIES_SHOWN[1], deck=[2, 3],
        piles=[[], [2, 4, 6], [1, 7, 8]], rest="deck")
    for slot, viewport in (("c1", {"width": 1280, "height": 900}), ("c2", PHONE)):
        page = open_position(chrome, voila_url, voila_folder, game, "0" * 30 + slot, viewport)
        errors = console(page)
        cards = page.eval_on_selector_all(f"{ROOT} .eg-bot .eg-visible .eg-face", f"els => els.map({SMALL_CARD})")
        assert len(cards) == 6 and not any(c["touch"] for c in cards), (slot, cards)
        assert all(c["name"] == 0 or c["name"] >= 8 for c in cards), (slot, cards)
        assert [c["title"] for c in cards[:3]] == ["10, Magnifying Glass", "11, Two Cards", "12, Hourglass"], cards
        if viewport == PHONE:
            assert act_and_wait(page, lambda p=page: click_el(p, "deck"))["decision"] == "keep_or_discard"
            seen = page.eval_on_selector_all(
                f"{ROOT} .eg-actions .eg-act, {ROOT} .eg-drawn .eg-face, {ROOT} .eg-hand .eg-face",
                f"els => els.map({SCREEN})")
            assert len(seen) == 10 and all(0 <= b["top"] and b["bottom"] <= b["height"] for b in seen), seen
        assert not errors.problems, errors.problems
        page.close()


def your_card(page, value: int) -> str:
    """The data-el of your first card of `value`."""
    return next(e for v, e in values(page, f"{ROOT} .eg-hand button.eg-face") if v == value)


def your_moves(page) -> list[str]:
    """The log's lines of your moves with their rule ids ("T3 You match …", "SP8 You match …"), newest first."""
    return page.eval_on_selector_all(".egonb-log li", "els => els.map(e => e.querySelector('.rule').textContent + "
                                     "' ' + e.innerText.trim()).filter(t => /^[A-Z]+\\d+\\s+You /.test(t))")


def log_rules(page) -> list[str]:
    """The tooltips of the log's lines ("rule SP11"): the log reads in plain words, its rule ids are in tooltips."""
    return page.eval_on_selector_all(".egonb-log li", "els => els.map(e => e.title)")


def match_by_clicking_the_discard_pile(page, value: int) -> str:
    """Select your card of `value`, then click the discard pile (what the prompt then offers); returns that prompt."""
    click_el(page, your_card(page, value))
    prompt = page.inner_text(f"{ROOT} .eg-prompt")
    act_and_wait(page, lambda: click_el(page, "discard"))
    return prompt


def test_a_789_is_matched_by_a_click_on_the_discard_pile_both_ways(chrome, voila_url, voila_folder, console) -> None:
    """A8/SP8: your 789 (the 8) selected with a 9 on the discard pile, and your 9 with a 789 on it: the prompt offers
    the discard pile to match, and clicking it matches (T3, SP8) rather than taking the top card for it (T2)."""
    from egonb import GameState, Rules

    for slot, hand, top, mine in (("a8", [2, 2, 3, 8, 11], 9, 8), ("a9", [2, 2, 3, 9, 11], 8, 9)):
        page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
            Rules.solo_game(difficulty=1), hands=[hand, [4, 6], [5, 6]], discard=[top], deck=[1], rest="deck"),
            "0" * 30 + slot)
        errors = console(page)
        prompt = match_by_clicking_the_discard_pile(page, mine)
        moves = your_moves(page)
        assert re.match(rf"(T3|SP8)\s+You match the {top}\b.* with the {mine}\b", moves[0]), moves
        assert f"click the discard pile to put your {mine} on it" in prompt, prompt
        assert [v for v, _ in values(page, f"{ROOT} .eg-hand .eg-face")] == [v for v in hand if v != mine]
        assert not errors.problems, errors.problems
        page.close()


def test_the_discard_pile_then_a_card_that_matches_its_top_matches(chrome, voila_url, voila_folder, console) -> None:
    """The discard pile clicked first, then a card of yours that matches its top (T3: the same value; A8/SP8: your 7
    on a 789), matches it, as that card then the pile does: the prompt names that click and the cards the bar's moves
    are for, the bar leads with the match, and the take of that card for the top one (T2) keeps its button."""
    from egonb import GameState, Rules
    from egonb.actions import ACTIONS, TAKE

    for slot, hand, top, mine, rule in (("d1", [2, 4, 5], 5, 5, "T3"), ("d2", [4, 5, 7, 7], 8, 7, "SP8")):
        page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
            Rules.solo_game(difficulty=1), hands=[hand, [4, 6], [5, 6]], discard=[top], deck=[1], rest="deck"),
            "0" * 30 + slot)
        errors = console(page)
        click_el(page, "discard")
        prompt = page.inner_text(f"{ROOT} .eg-prompt")
        assert f"click your {mine} to match it" in prompt, prompt
        bar = [ACTIONS[int(i)] for i in page.eval_on_selector_all(
            f"{ROOT} .eg-actions > .eg-buttons .eg-act[data-action]", "els => els.map(e => e.dataset.action)")]
        assert bar[0].kind == "match" and bar[0].a == mine and TAKE[mine] in bar, bar
        assert {int(v) for v in re.findall(r"your (\d+)", prompt)} == {a.a for a in bar} == set(hand), (prompt, bar)
        act_and_wait(page, lambda p=page, v=mine: click_el(p, your_card(p, v)))
        moves = your_moves(page)
        assert re.match(rf"{rule}\s+You match the {top}\b.* with the {mine}\b", moves[0]), moves
        left = list(hand)
        left.remove(mine)
        assert sorted(v for v, _ in values(page, f"{ROOT} .eg-hand .eg-face")) == left
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
    assert yours["t"] - last["t"] >= PACE_MS / 2, (last, yours)  # the pace (each time is taken after a drawing)


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


def test_abandon_this_game_hands_the_keyboard_to_keep_playing(chrome, voila_url, voila_folder, console) -> None:
    """New game after a move asks "Abandon this game?" with the focus on "Keep playing": Enter keeps the game. Escape
    means "Keep playing" too, wherever the focus is in the app."""
    from egonb import GameState, Rules

    rules = Rules.solo_game(difficulty=1, full_game=True)
    page = open_position(chrome, voila_url, voila_folder, GameState.from_position(
        rules, hands=[[2, 3], [5], [6]], discard=[4], deck=[1, 7], rest="deck"),
                         "0" * 30 + "d5")
    errors = console(page)
    act_and_wait(page, lambda: click_el(page, "deck"))
    act_and_wait(page, lambda: click_el(page, "discard"))  # you have moved: the game is at stake
    hand = values(page, f"{ROOT} .eg-hand .eg-face")
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Abandon this game?").wait_for()
    page.wait_for_function("() => document.activeElement && document.activeElement.innerText.includes('Keep playing')")
    page.keyboard.press("Enter")
    page.get_by_role("button", name="New game").wait_for()
    assert page.get_by_role("button", name="Keep playing").is_hidden()
    assert values(page, f"{ROOT} .eg-hand .eg-face") == hand, "the game in progress is kept"
    for focus in ("Keep playing", ".egonb-log"):  # the focus where the question put it, then on the log
        page.get_by_role("button", name="New game").click()
        page.get_by_role("button", name="Abandon this game?").wait_for()
        if focus.startswith("."):
            page.focus(focus)
        page.keyboard.press("Escape")
        page.get_by_role("button", name="New game").wait_for(timeout=5_000)
        assert page.get_by_role("button", name="Keep playing").is_hidden(), focus
        assert values(page, f"{ROOT} .eg-hand .eg-face") == hand, focus
    assert not errors.problems, errors.problems
    page.close()


#: A selected Citybot card: the top of its frame (the outline), the bottoms of its seat's name line and pile count, the
#: bottom of its check mark and the top of its value.
SELECTED_FRAME = """seat => {
  const card = seat.querySelector('.eg-selected'), style = getComputedStyle(card);
  const box = (el) => el.getBoundingClientRect(), tick = getComputedStyle(card, '::after');
  return {frame: box(card).top - parseFloat(style.outlineWidth) - parseFloat(style.outlineOffset),
    name: box(seat.querySelector('.eg-name')).bottom, count: box(seat.querySelector('.eg-count')).bottom,
    tick: box(card).top + parseFloat(tick.top) + parseFloat(tick.height),
    value: box(card.querySelector('.eg-pip')).top};
}"""


def test_a_selected_citybot_card_covers_neither_its_seat_nor_its_value(chrome, voila_url, voila_folder,
                                                                        console) -> None:
    """SP11: Citybot Left's 12 selected first. Its frame stays clear of the seat's name line and, on a phone where the
    card is under the pile, of the pile's "3 hidden"; its check mark stays clear of its value."""
    from egonb import GameState, Rules

    game = GameState.from_position(
        Rules.solo_game(difficulty=1), hands=[[1, 9, 10, 11], [12], [3, 5]], discard=[11], deck=[],
        piles=[[], [2, 4, 6], [1, 7, 8]], rest="deck")
    for slot, viewport in (("d5", PHONE), ("d6", {"width": 1280, "height": 900})):
        page = open_position(chrome, voila_url, voila_folder, game, "0" * 30 + slot, viewport)
        errors = console(page)
        click_el(page, your_card(page, 11))
        assert act_and_wait(page, lambda p=page: p.click(f'{ROOT} .eg-act[data-kind="match"]'))["ability"] == "11"
        page.click(f'{ROOT} .eg-bot[data-seat="1"] button.eg-face')
        seat = page.eval_on_selector(f'{ROOT} .eg-bot[data-seat="1"]', SELECTED_FRAME)
        assert seat["frame"] >= seat["name"] and seat["tick"] <= seat["value"], (slot, seat)
        if viewport == PHONE:
            assert seat["frame"] >= seat["count"] + 1, seat  # a little felt between them
        assert not errors.problems, errors.problems
        page.close()


def load_area(page) -> list[list[float]]:
    """Where the Load control and the save message under it are: [left, top, right, bottom] of each."""
    return page.eval_on_selector_all(".eg-upload, .eg-save-msg", """els => els.map((e) => {
      const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })""")


def test_load_asks_before_replacing_a_game_you_played_and_says_what_it_loaded(chrome, voila_url, tmp_path,
                                                                              console) -> None:
    """Download says what the file brings back. Before your first move, Load opens the file picker at once; once you
    have moved, the first activation (click or Enter) only asks "Replace this game? Choose a file", leaving the focus
    turns it back, and the second opens the picker. After the load, the save area says which file was loaded."""
    page = chrome.new_page(viewport={"width": 1280, "height": 1000})
    errors = console(page)
    choosers: list = []
    page.on("filechooser", lambda chooser: choosers.append(chooser))
    page.goto(voila_url)
    state = wait_ui(page, "ready", timeout=60_000)

    def chooser(count: int):
        for _ in range(100):  # waits for the picker's event to arrive, at most 5 s
            if len(choosers) >= count:
                break
            page.wait_for_timeout(50)
        assert len(choosers) == count, (count, choosers)
        return choosers[-1]

    page.click(".eg-upload")
    chooser(1)  # nothing played yet: nothing to lose
    with page.expect_download() as download:
        page.click(".eg-download")
    path = tmp_path / "my-game.json"
    download.value.save_as(path)
    assert page.inner_text(".eg-save-msg") == ("Saved as egonb-round1.json. Loading it brings back this position; the "
                                               "cards you could not see are dealt anew.")
    click_el(page, "deck")  # T1: a move of yours
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, state["token"]])
    state = wait_ui(page, "ready")
    where = load_area(page)
    page.click(".eg-upload")
    assert page.inner_text(".eg-upload") == "Replace this game? Choose a file"
    assert load_area(page) == where, (where, load_area(page))  # the question takes the control's room: nothing moves
    page.focus(".eg-download")  # the focus leaves it: the question is withdrawn
    assert page.inner_text(".eg-upload") == "Load a saved game…"
    page.focus(".eg-upload")  # the keyboard: Enter asks, Enter again opens the picker
    page.keyboard.press("Enter")
    assert page.inner_text(".eg-upload") == "Replace this game? Choose a file"
    page.keyboard.press("Enter")
    picker = chooser(2)  # the first activations opened none
    assert page.inner_text(".eg-upload") == "Load a saved game…"
    picker.set_files(str(path))
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, state["token"]])
    wait_ui(page, "ready")
    assert page.inner_text(".eg-save-msg") == "Loaded my-game.json."
    assert ui(page)["decision"] == "action"  # the position saved before the draw
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
        page.screenshot(path=str(artifacts / f"news-stop-{slot}.png"))
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


def test_how_to_play_opens_by_itself_on_a_first_visit_only(chrome, voila_url, artifacts, console) -> None:
    """A browser that never opened the game gets "How to play" over the table at once (at 1280, and
    the same page on a phone: the page decides by no width); once closed, a reload of the page does not open it
    again (this browser remembers)."""
    context = chrome.browser.new_context(viewport={"width": 1280, "height": 900})  # a first visit: no "seen" flag
    page = context.new_page()
    errors = console(page)
    page.goto(voila_url)
    wait_ui(page, "ready", timeout=60_000)
    page.wait_for_selector(f"{ROOT} .eg-guide")
    for name, viewport in (("desktop", {"width": 1280, "height": 900}), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        assert page.inner_text(f"{ROOT} .eg-guide h2") == "How to play"
        assert page.evaluate(f"document.activeElement.matches('{ROOT} .eg-guide-close')")  # the keyboard is there
        page.screenshot(path=str(artifacts / f"first-visit-guide-{name}.png"))
    page.click(f"{ROOT} .eg-guide-close")
    assert page.locator(f"{ROOT} .eg-guide").count() == 0
    page.reload()
    wait_ui(page, "offer", "ready", timeout=60_000)
    page.wait_for_timeout(500)  # the page has had its welcome: a guide would be open by now
    assert page.locator(f"{ROOT} .eg-guide").count() == 0
    assert not unload_noise(errors.problems), errors.problems
    context.close()


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
