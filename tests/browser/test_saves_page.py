"""Saved games in a real browser: a reload mid-round continues exactly, two tabs keep their own games, Load
asks before replacing a game you played and says what it loaded, and "Abandon this game?" hands the keyboard
to Keep playing.
"""

from __future__ import annotations

import re

from clicking import ROOT, click_el, ui, unload_noise, values, wait_ui
from playing import act_and_wait, open_position


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
    path.write_text(path.read_text().replace('"version": 2', '"version": 7'))
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
    assert re.fullmatch(r"Saved as egocentric-world-\d{4}-\d{2}-\d{2}-round1\.json\. Loading it brings back this "
                        r"position; the cards you could not see are dealt anew\.", page.inner_text(".eg-save-msg"))
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
