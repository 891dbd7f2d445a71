"""What the game page's browser tests share: a simple player that clicks (every legal action has
something to click), a position opened in a fresh save slot, a click and the table it leads to.
"""

from __future__ import annotations

from collections import Counter

from clicking import ROOT, click_el, ui, values, wait_ui


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
            press_stop(page)
            used["stop (button, asked twice)"] += 1
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


#: An element's top within the table (a click may scroll the page: the viewport's top would move with it).
TOP = "el => el.getBoundingClientRect().top - el.closest('.eg-root').getBoundingClientRect().top"


#: The running card animations of the page ('eg-fade': a card that just appeared).
FADES = "document.getAnimations().filter((a) => a.animationName === 'eg-fade').length"


def fades(page) -> dict[str, int]:
    """The cards drawn fading in since the last call."""
    return page.evaluate("(() => { const f = window.egFades; window.egFades = {hand: 0, drawn: 0, other: 0}; "
                         "return f; })()")


def press_stop(page) -> None:
    """"Say STOP" asks first (widgets/table.js): the first click turns it into the question and plays nothing, the
    second one says STOP (T5)."""
    token = ui(page)["token"]
    page.click(f"{ROOT} .eg-act-stop")
    assert page.inner_text(f"{ROOT} .eg-act-stop") == "Say STOP now? Click again"
    assert ui(page)["token"] == token and page.locator(f"{ROOT} .eg-stop-keep").count() == 1
    page.click(f"{ROOT} .eg-act-stop")


def say_stop(page) -> dict[str, str]:
    token = ui(page)["token"]
    press_stop(page)
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, token])
    return wait_ui(page, "panel")


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


PHONE = {"width": 390, "height": 844}


def your_card(page, value: int) -> str:
    """The data-el of your first card of `value`."""
    return next(e for v, e in values(page, f"{ROOT} .eg-hand button.eg-face") if v == value)


def log_rules(page) -> list[str]:
    """The tooltips of the log's lines ("rule SP11"): the log reads in plain words, its rule ids are in tooltips."""
    return page.eval_on_selector_all(".egonb-log li", "els => els.map(e => e.title)")
