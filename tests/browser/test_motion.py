"""Cards that move, a fast start and your record, in a real browser against the Voilà app.

A card's travel is read from the page itself: every copy of a card that slides over the felt (widgets/motion.js) is
recorded where it starts, how long it travels and where it lands, then compared with where the card was before the
click and where it is after. Nothing here measures how fast anything is.
"""

from __future__ import annotations

import json
import urllib.request

from clicking import ROOT, click_el, recorded, recorder, ui, unload_noise, values, wait_ui
from playing import PHONE, act_and_wait

from egonb.games.egocentric_world.cards import HOURGLASS, MAGNIFYING_GLASS, TWO_CARDS

#: Cards whose ability you are offered when you play them from your hand (SP10-SP12).
ABILITIES_PLAYED = (MAGNIFYING_GLASS, TWO_CARDS, HOURGLASS)
#: Before the page loads: every card copy that starts a travel is recorded ({value, ms, from: its centre at the
#: start}); with `window.egHold` set, its travel is paused at the start, for the test to move it along.
RECORD_TRAVELS = """
window.egTravels = [];
window.egHold = false;
const animate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  const trip = animate.call(this, keyframes, options);
  if (this.classList.contains('eg-ghost')) {
    const r = this.getBoundingClientRect();
    const value = this.dataset.value ?? this.dataset.code; // a card of Egocentric World or of Diverse City
    window.egTravels.push({value: value ? Number(value) : null, ms: options.duration,
      from: [r.left + r.width / 2, r.top + r.height / 2]});
    if (window.egHold) trip.pause();
  }
  return trip;
};
"""
#: The centre of an element on the screen.
CENTRE = "el => { const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }"
#: The travelling copy, moved to a fraction of its travel: its centre then.
AT = """f => { const ghost = document.querySelector('.eg-ghost'); const [trip] = ghost.getAnimations();
  trip.currentTime = f * trip.effect.getTiming().duration;
  const r = ghost.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }"""


def near(a: list[float], b: list[float], by: float = 3) -> bool:
    return abs(a[0] - b[0]) <= by and abs(a[1] - b[1]) <= by


def travels(page) -> list[dict]:
    """The travels recorded since the last call."""
    return page.evaluate("(() => { const t = window.egTravels; window.egTravels = []; return t; })()")


def test_cards_travel_from_where_they_were_to_where_they_go_unless_motion_is_off(chrome, voila_url, artifacts,
                                                                                console) -> None:
    """At the Normal pace: the card you draw (T1) slides from the deck to its place, a copy of it seen on its way
    (paused half way, it is between the two); the drawn card you keep goes into your hand and the card it replaces
    to the discard pile, each in at most 400 ms. The kept card is marked "new" in your sorted hand until your next
    move. A card you can play and a selected card look different. Then prefers-reduced-motion: the card you draw is on
    the table at once, no copy travels; and the Instant pace: neither."""
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    errors = console(page)
    page.add_init_script(RECORD_TRAVELS)
    page.goto(voila_url)
    wait_ui(page, "ready", timeout=60_000)
    page.locator("select").select_option(label="Normal")
    travels(page)
    deck = page.eval_on_selector(f'{ROOT} [data-el="deck"] .eg-top', CENTRE)
    page.evaluate("window.egHold = true")
    click_el(page, "deck")
    page.wait_for_selector(".eg-flights .eg-ghost")
    drawn = page.eval_on_selector(f"{ROOT} .eg-drawn .eg-face", CENTRE)
    start, end, half = (page.evaluate(AT, f) for f in (0, 0.999, 0.5))
    assert near(start, deck) and near(end, drawn, 6), (start, deck, end, drawn)
    assert min(deck[0], drawn[0]) + 10 < half[0] < max(deck[0], drawn[0]) - 10, (deck, half, drawn)
    page.screenshot(path=str(artifacts / "motion-draw-half-way.png"))
    page.evaluate("document.querySelector('.eg-ghost').getAnimations()[0].finish(); window.egHold = false")
    page.wait_for_selector(".eg-flights .eg-ghost", state="detached")
    [draw] = travels(page)
    value = int(page.get_attribute(f"{ROOT} .eg-drawn .eg-face", "data-value"))
    assert draw["value"] == value and 0 < draw["ms"] <= 400, draw
    # Keep the drawn card in place of your highest card with no ability to use (one click on it, T1).
    wait_ui(page, "ready")
    hand = values(page, f"{ROOT} .eg-hand button.eg-face")
    high, el = max(c for c in hand if c[0] not in ABILITIES_PLAYED)  # the Citybots play next, no ability to use
    old = {"drawn": page.eval_on_selector(f"{ROOT} .eg-drawn .eg-face", CENTRE),
           "high": page.eval_on_selector_all(f'{ROOT} .eg-hand [data-value="{high}"]', f"els => els.map({CENTRE})")}
    act_and_wait(page, lambda: click_el(page, el))
    trips = travels(page)
    kept = next(t for t in trips if t["value"] == value and near(t["from"], old["drawn"], 6))
    # the card replaced, from its place in your hand (or that of another card of its value: they are alike)
    gone = next(t for t in trips if t["value"] == high and any(near(t["from"], c, 6) for c in old["high"]))
    assert all(0 < t["ms"] <= 400 for t in (kept, gone)), trips
    assert ui(page)["decision"] == "action"  # the Citybots have played since, and it is your turn again
    page.wait_for_selector(".eg-flights .eg-ghost", state="detached")
    # The kept card, wherever the sort put it, is marked until your next move.
    marked = page.eval_on_selector_all(f"{ROOT} .eg-hand .eg-changed",
                                       "els => els.map((e) => [Number(e.dataset.value), e.getAttribute('aria-label')])")
    assert [v for v, _ in marked].count(value) >= 1 and any("new in your hand" in label for _, label in marked), marked
    page.screenshot(path=str(artifacts / "motion-kept-card-marked.png"))
    # "Can be played now" and "selected" are told apart by their outline (shape and colour) and a check mark.
    click_el(page, values(page, f"{ROOT} .eg-hand button.eg-face.eg-usable")[-1][1])
    look = """el => { const s = getComputedStyle(el); return [s.outlineStyle, s.outlineColor,
      getComputedStyle(el, '::after').content]; }"""
    selected = page.eval_on_selector(f"{ROOT} .eg-hand .eg-selected", look)
    playable = page.eval_on_selector(f"{ROOT} .eg-hand .eg-usable:not(.eg-selected)", look)
    assert selected[0] == "solid" and selected[2] == '"✓"', selected
    assert playable[0] == "dashed" and playable[1] != selected[1], playable
    page.click(f"{ROOT} .eg-cancel")
    page.emulate_media(reduced_motion="reduce")  # still at the Normal pace
    travels(page)
    act_and_wait(page, lambda: click_el(page, "deck"))
    assert page.locator(f"{ROOT} .eg-drawn .eg-face").count() == 1 and travels(page) == []
    page.emulate_media(reduced_motion="no-preference")
    page.locator("select").select_option(label="Instant")
    act_and_wait(page, lambda: click_el(page, "discard"))
    assert travels(page) == [] and page.evaluate("document.querySelectorAll('.eg-ghost').length") == 0
    assert not errors.problems, errors.problems
    page.close()


#: Before the page loads: every table step drawn (data-step), in order.
RECORD_STEPS = recorder("egSteps", {"step": "root.dataset.step"}, watch="step", distinct=True)


def fresh_slot(voila_folder, slot: str, settings: dict) -> None:
    """A save slot with these settings and no saved game."""
    saves = voila_folder / "saves"
    saves.mkdir(exist_ok=True)
    (saves / f"{slot}.json").unlink(missing_ok=True)
    (saves / f"{slot}.settings.json").write_text(json.dumps(settings))


def test_a_press_anywhere_on_the_table_skips_the_citybots_opening(chrome, voila_url, voila_folder, console) -> None:
    """SM3: Citybot Left opens round 1 and its moves play at the Slow pace; the page's clock is stopped while they
    do, so nothing moves on by itself. A press on Citybot Right's seat (not on Skip) shows the rest of the opening at
    once: the table is yours to play, the frames in between were never drawn, and the press played no move."""
    slot = "0" * 30 + "c1"
    fresh_slot(voila_folder, slot, {"pace_ms": 1500})
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    errors = console(page)
    page.add_init_script(f"localStorage.setItem('egonb-save-slot', '{slot}')")
    page.add_init_script(RECORD_STEPS)
    page.clock.install()
    page.goto(voila_url)
    wait_ui(page, "animating", timeout=60_000)
    page.clock.pause_at(page.evaluate("Date.now()") + 1)  # the opening's next frame never comes by itself
    before = ui(page)
    seat = page.locator(f'{ROOT} .eg-bot[data-seat="2"] .eg-name').bounding_box()
    page.mouse.click(seat["x"] + seat["width"] - 4, seat["y"] + seat["height"] / 2)
    after = wait_ui(page, "ready")  # the clock is stopped: only the press can get there
    assert after["token"] == before["token"] and after["decision"] == "action", (before, after)
    steps = [int(s["step"]) for s in recorded(page, "egSteps")]
    assert int(after["step"]) > int(before["step"]) + 1 and steps[-2:] == [int(before["step"]), int(after["step"])], \
        (before, after, steps)
    page.clock.resume()
    act_and_wait(page, lambda: click_el(page, "deck"))  # the table plays on as usual
    assert not errors.problems, errors.problems
    page.close()


def test_the_start_page_is_the_games_table_not_a_spinner(chrome, voila_url, artifacts, console) -> None:
    """While the kernel starts, the page already shows the game: its name on the green felt with card backs, "Shuffling
    the cards…", and no Voilà spinner. The page is the server's, as the browser has it before the notebook has run
    (everything up to the first cell), at 1280 px and on a phone."""
    with urllib.request.urlopen(voila_url, timeout=120) as response:
        head = b""
        while b"cell-index" not in head:
            chunk = response.read1(65536)
            assert chunk, "the page ended before its first cell"
            head += chunk
    early = head[: head.index(b"<div cell-index")].decode()
    for name, viewport in (("desktop", {"width": 1280, "height": 900}), ("phone", PHONE)):
        page = chrome.new_page(viewport=viewport)
        errors = console(page)
        page.route(voila_url, lambda route: route.fulfill(body=early, content_type="text/html"))
        page.goto(voila_url, wait_until="domcontentloaded")
        look = page.eval_on_selector("#loading", """el => ({text: [el.querySelector('h1').innerText,
          el.querySelector('p').innerText], shown: el.offsetHeight > 200,
          felt: getComputedStyle(el.querySelector('.eg-start-felt')).backgroundImage,
          backs: el.querySelectorAll('.eg-start-back').length,
          spinner: document.querySelectorAll('.spinner').length})""")
        assert look["text"] == ["Egocentric World", "Shuffling the cards…"], look
        assert look["shown"] and "radial-gradient" in look["felt"] and look["backs"] == 3, look
        assert not look["spinner"], look
        assert page.title() == "Egocentric World"
        page.screenshot(path=str(artifacts / f"start-page-{name}.png"))
        assert not [p for p in errors.problems if "voila" not in p], errors.problems  # its scripts never came
        page.close()


#: Before the page's scripts: on every change of the page until the table is drawn, does the page show anything but
#: the start page, covering the screen? (Voilà would take it away as soon as the notebook has run, and show the
#: heading and "Loading widget..." meanwhile.)
WATCH_START = """(() => {
  window.egStart = { changes: 0, bare: [] };
  new MutationObserver(() => {
    if (document.querySelector('.eg-root') || !document.body) return;
    window.egStart.changes += 1;
    const start = document.querySelector('#loading, #eg-start'), shown = document.body.innerText.trim();
    if ((!start || start.offsetHeight < 200) && shown) window.egStart.bare.push(shown.slice(0, 80));
  }).observe(document, { subtree: true, childList: true });
})()"""


def test_the_start_page_stays_until_the_table_is_drawn(chrome, voila_url, console) -> None:
    """A fast start: from the first byte to the table, the player sees the game's felt, never Voilà's bare page
    with "Loading widget..." under the heading; once the table is drawn the start page is gone."""
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    errors = console(page)
    page.add_init_script(WATCH_START)
    page.goto(voila_url)
    wait_ui(page, "ready", "animating", timeout=120_000)
    seen = page.evaluate("window.egStart")
    assert seen["changes"] > 5 and not seen["bare"], seen
    assert page.locator("#loading, #eg-start").count() == 0
    assert page.is_visible("h1") and page.inner_text("h1") == "Egocentric World"
    assert not errors.problems, errors.problems
    page.close()


def test_your_record_is_on_the_first_screen_when_no_game_is_saved(chrome, voila_url, voila_folder, artifacts,
                                                                 console) -> None:
    """Your record: a browser whose saved game is gone (its record per difficulty is kept with its settings) starts
    a new game at once, and the record is beside the table under the scores (at 1280 px on the first screen), and on a
    phone under the table."""
    for name, viewport in (("desktop", {"width": 1280, "height": 900}), ("phone", PHONE)):
        slot = "0" * 30 + ("d1" if name == "desktop" else "d2")
        fresh_slot(voila_folder, slot, {"history": {"1": {"wins": 2, "losses": 1, "games": 3, "total": 91},
                                                    "3": {"wins": 0, "losses": 1, "games": 1, "total": 64}}})
        page = chrome.new_page(viewport=viewport)
        errors = console(page)
        page.add_init_script(f"localStorage.setItem('egonb-save-slot', '{slot}')")
        page.goto(voila_url)
        wait_ui(page, "ready", timeout=60_000)
        rows = page.eval_on_selector_all(".eg-side .eg-record .eg-history li", "els => els.map((e) => e.innerText)")
        assert rows == ["Difficulty 1: 2 wins, 1 loss, average total 30.3",
                        "Difficulty 3: 0 wins, 1 loss, average total 64"], rows
        box = page.locator(".eg-side .eg-record").bounding_box()
        if name == "desktop":  # under the scores, on the first screen; on a phone, below the table
            assert 0 <= box["y"] and box["y"] + box["height"] <= viewport["height"], box
        page.locator(".eg-side .eg-record").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"record-no-saved-game-{name}.png"))
        assert not unload_noise(errors.problems), errors.problems
        page.close()
