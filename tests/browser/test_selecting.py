"""Choosing a move by clicking in a real browser: cards and piles selected, switched and matched (T2, A8,
SP11 Two Cards), a selection that redraws without replaying its animations, a selected Citybot card in view.
"""

from __future__ import annotations

import re

from clicking import ROOT, click_el, ui, values, wait_ui
from playing import (
    PHONE,
    SCREEN,
    act_and_wait,
    assert_the_first_screen_shows,
    fades,
    log_rules,
    open_position,
    your_card,
)

from egonb.games.egocentric_world.cards import ABILITY_NAMES, ABILITY_SYMBOLS, card_words


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
        assert prompt == ("Your 6 is selected: click a highlighted card or pile of Citybot Left or Citybot Right to "
                          "make the move."), prompt  # the list in the browser's words (Intl.ListFormat)
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
        and "the discard pile" in said and f"another {top}," in said, said
    # A screen reader hears it: the same words in a live region outside the table, which every draw rebuilds.
    assert page.text_content(".eg-app > .eg-sr[aria-live=polite]") == said
    kinds = page.eval_on_selector_all(f"{ROOT} .eg-actions > .eg-buttons .eg-act[data-kind]",
                                      "els => els.map(e => e.dataset.kind)")
    assert {"match", "pair"} <= set(kinds), kinds  # the buttons of the candidate actions stay
    buttons = page.eval_on_selector_all(f"{ROOT} .eg-actions > .eg-buttons .eg-act[data-kind]",
                                        "els => els.map(e => [e.dataset.kind, e.innerText])")
    assert buttons[0][0] == "match" and "take" not in kinds, buttons
    # Swapping your 9 for the 9 on the discard pile changes nothing: only under "All possible actions".
    idle = page.eval_on_selector_all(f"{ROOT} details.eg-all .eg-act[data-kind=take]",
                                     "els => els.map(e => e.textContent)")
    assert f"Swap your {top} for the {top} on the discard pile: your hand stays the same" in idle, idle
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
    assert page.inner_text(f"{ROOT} .eg-prompt").startswith(f"Your {card_words(other[0])} is selected: ")
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

def your_moves(page) -> list[str]:
    """The log's lines of your moves with their rule ids ("T3 You match …", "SP8 You match …"), newest first."""
    return page.eval_on_selector_all(".egonb-log li", "els => els.map(e => e.querySelector('.rule').textContent + "
                                     "' ' + e.innerText.trim()).filter(t => /^[A-Z]+\\d+\\s+You /.test(t))")

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
    are for, the bar leads with the match, and the take of that card for the top one (T2) keeps its button unless it
    changes nothing (your 5 for the 5 on the discard pile: only under "All possible actions")."""
    from egonb import GameState, Rules
    from egonb.games.egocentric_world.actions import ACTIONS, TAKE

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
        assert bar[0].kind == "match" and bar[0].a == mine and (TAKE[mine] in bar) == (mine != top), bar
        assert {int(v) for v in re.findall(r"your (\d+)", prompt)} == {a.a for a in bar} == set(hand), (prompt, bar)
        act_and_wait(page, lambda p=page, v=mine: click_el(p, your_card(p, v)))
        moves = your_moves(page)
        assert re.match(rf"{rule}\s+You match the {top}\b.* with the {mine}\b", moves[0]), moves
        left = list(hand)
        left.remove(mine)
        assert sorted(v for v, _ in values(page, f"{ROOT} .eg-hand .eg-face")) == left
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
