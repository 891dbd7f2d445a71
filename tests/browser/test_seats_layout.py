"""The seats on narrow screens in a real browser: a protected pile and an extra turn (SP9, SP12), a Citybot
saying STOP, pile counts, the Black Shield answer and the card you drew, each in place and in view at 390 and
800 px.
"""

from __future__ import annotations

from clicking import ROOT, click_el, recorded, recorder, ui, values
from playing import (
    FADES,
    PHONE,
    SCREEN,
    SINCE_END,
    TOP,
    act_and_wait,
    assert_whole_lines,
    log_rules,
    open_position,
    stop_mark,
    your_card,
)


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
