"""The tutorial: every rule taught somewhere, and its widgets driven from Python the way the browser would.

The tutorial's chapters are notebooks/01-*.ipynb to 08-*.ipynb, after a quick start (00-quick-start.ipynb;
other notebooks, such as the AI toolkit's 20-* ones and the app's play.ipynb, are not chapters); each says which
rule ids it covers in a `**Rules covered:** ...` line, which is what the coverage tests read. The toolkit's chapter
24 covers the mini teaching variant (MV1-MV4) the same way.
"""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path
from types import ModuleType

import pytest

from egonb import GameError, Rules, ai_checks, new_game
from egonb.games.egocentric_world.actions import DESIGNATE, DISCARD_DRAWN, DRAW, MATCH, NO_SHIELD, PAIR, TAKE
from egonb.games.egocentric_world.events import Event
from egonb.tutorial import (
    AbilitySandbox,
    ActionExplorer,
    CitybotStepper,
    DealExplorer,
    DeckExplorer,
    GameScorer,
    LegalityQuiz,
    checks,
    exercise,
    prepare,
    render,
)
from egonb.tutorial.deck import starting_hands, turn_order
from egonb.tutorial.labels import short_label
from egonb.tutorial.sandbox import SCENARIOS as ABILITY_SCENARIOS
from egonb.tutorial.sandbox import SOLO_SCENARIOS
from egonb.tutorial.setups import DifficultyExplorer, round_two_explorer, scoring_explorer
from egonb.tutorial.stepper import SCENARIOS as STEPPER_SCENARIOS
from egonb.tutorial.stepper import STEPS, solo_position

ROOT = Path(__file__).resolve().parents[1]
#: The rules reference, committed with the project (tests/test_project.py keeps it equal to the shared copy).
RULES = ROOT / "docs" / "RULES.md"
CHAPTERS = sorted((ROOT / "notebooks").glob("0[1-9]-*.ipynb"))
QUICK_START = ROOT / "notebooks" / "00-quick-start.ipynb"
#: The notebooks that teach rules: the chapters, and game theory's, which teaches the mini variant (MV1-MV4).
TEACHING = [*CHAPTERS, ROOT / "notebooks" / "24-game-theory.ipynb"]
RULE_ID = re.compile(r"^- \*\*([A-Z]{1,2}\d{1,2})\b")
ID_WORD = r"(?<![A-Z0-9]){}(?![0-9])"


def rules_md() -> str:
    return RULES.read_text(encoding="utf-8")


def rule_ids() -> list[str]:
    return [m.group(1) for line in rules_md().splitlines() if (m := RULE_ID.match(line))]


def interpreted_ids() -> list[str]:
    """The rule each *Interpretation* belongs to: the last rule id stated before it."""
    out, last = [], None
    for line in rules_md().splitlines():
        if m := RULE_ID.match(line):
            last = m.group(1)
        if "*Interpretation" in line and last:
            out.append(last)
    return out


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def covered(path: Path) -> list[str]:
    lines = [line for c in cells(path) if c["cell_type"] == "markdown"
             for line in source(c).splitlines() if line.startswith("**Rules covered:**")]
    assert len(lines) == 1, f"{path.name} must have exactly one '**Rules covered:**' line, has {len(lines)}"
    return [x.strip() for x in lines[0].removeprefix("**Rules covered:**").split(",")]


# ----------------------------------------------------------- coverage of the rules


def test_chapters_are_numbered_in_order() -> None:
    numbers = [int(p.name[:2]) for p in CHAPTERS]
    assert numbers == list(range(1, 9)), [p.name for p in CHAPTERS]


def test_every_rule_id_is_taught_in_some_chapter() -> None:
    ids = rule_ids()
    assert len(ids) == len(set(ids)) > 40 and {"C1", "T6", "SB9", "SC8", "SP12"} <= set(ids)
    listed = {rule: p.name for p in TEACHING for rule in covered(p)}
    missing = [r for r in ids if r not in listed]
    unknown = sorted(set(listed) - set(ids))
    assert not missing, f"rules no chapter covers: {missing}"
    assert not unknown, f"chapters list ids that RULES.md does not have: {unknown}"


def test_every_interpretation_is_explained_where_its_rule_is_taught() -> None:
    interpreted = interpreted_ids()
    assert {"C1", "S4", "T5", "A9", "A11", "SB9", "SC9"} <= set(interpreted)
    for rule in interpreted:
        chapter = next(p for p in TEACHING if rule in covered(p))
        notes = [line for c in cells(chapter) if c["cell_type"] == "markdown"
                 for line in source(c).splitlines() if line.startswith("> **How this edition reads the rule")]
        assert any(re.search(ID_WORD.format(rule), n) for n in notes), \
            f"{chapter.name} teaches {rule} but has no 'How this edition reads the rule' note naming it"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_chapter_shape(path: Path) -> None:
    """A title, a one-line setup, a widget from the engine, an exercise, and one collapsed line of checks last."""
    cs = cells(path)
    assert source(cs[0]).startswith(f"# Chapter {int(path.name[:2])} · ")
    assert source(cs[1]) == "from egonb.tutorial import *"
    code = "\n".join(source(c) for c in cs if c["cell_type"] == "code")
    assert re.search(r"\b(ActionExplorer|AbilitySandbox|CitybotStepper|DeckExplorer|DealExplorer|GameScorer|"
                     r"SoloApp)\(", code)
    assert "exercise(" in code
    assert_ends_with_hidden_checks(path, checks)


def assert_ends_with_hidden_checks(path: Path, module: ModuleType) -> None:
    """The last cell is one call into the checks module, hidden in JupyterLab and Voilà, and nbval runs it."""
    last = cells(path)[-1]
    number = path.name[:2]
    assert last["cell_type"] == "code" and "test" in last["metadata"].get("tags", [])
    assert source(last).startswith(f"checks.chapter_{number}(globals())") and "\n" not in source(last)
    assert last["metadata"]["jupyter"]["source_hidden"] and "remove-input" in last["metadata"]["tags"]
    assert not any("assert " in source(c) for c in cells(path)), f"{path.name}: asserts belong in {module.__name__}"
    checker = getattr(module, f"chapter_{number}")
    asserts = [line for line in inspect.getsource(checker).splitlines() if line.strip().startswith("assert ")]
    # every assert says the rule it proves (the tutorial's checks in the catalogue's words, `tutorial.check.<NN>`)
    assert len(asserts) >= 5 and all(re.search(r'", "|, "|, f"|, ENGLISH\("tutorial\.check\.', line)
                                     or line.endswith("\\")
                                     for line in asserts)


#: A newcomer reads at 200 words a minute and clicks a move in a few seconds.
WORDS_PER_MINUTE, SECONDS_PER_MOVE = 200, 5


def newcomer_minutes() -> float:
    """The quick start's scripted newcomer: read every markdown cell, then play its first round as `greedy` would."""
    words = sum(len(re.findall(r"[A-Za-z0-9][\w'’-]*", source(c))) for c in cells(QUICK_START)
                if c["cell_type"] == "markdown")
    setup = [source(c) for c in cells(QUICK_START) if "SoloApp(" in source(c)][0]
    found = re.search(r"SoloApp\(seed=(\d+), difficulty=(\d)\)", setup)
    assert found, "the quick start deals a seeded game"
    seed, level = map(int, found.groups())
    from egonb.app import SoloApp

    _, moves = checks.newcomer_round(SoloApp(seed=seed, difficulty=level).session.game)
    return words / WORDS_PER_MINUTE + moves * SECONDS_PER_MOVE / 60


def test_quick_start_gets_a_newcomer_to_a_first_round_in_about_ten_minutes() -> None:
    cs = cells(QUICK_START)
    assert source(cs[0]).startswith("# Quick start · ") and source(cs[1]) == "from egonb.tutorial import *"
    code = "\n".join(source(c) for c in cs if c["cell_type"] == "code")
    assert "SoloApp(seed=" in code and "difficulty=1" in code, "the same solo table as chapter 8, at difficulty 1"
    text = "\n".join(source(c) for c in cs if c["cell_type"] == "markdown")
    assert all(f"({p.name})" in text for p in CHAPTERS), "a pointer to every chapter"
    assert all(word in text for word in ("Draw", "Take the discard", "Match", "Pair", "STOP")), "the five actions"
    assert_ends_with_hidden_checks(QUICK_START, checks)
    assert 2 < newcomer_minutes() <= 10


@pytest.mark.parametrize("name", ["20-first-agent", "22-monte-carlo-and-ismcts", "23-learning-agent"])
def test_ai_chapters_end_with_hidden_checks(name: str) -> None:
    assert_ends_with_hidden_checks(ROOT / "notebooks" / f"{name}.ipynb", ai_checks)


# ----------------------------------------------------------------- positions


def test_prepare_deals_exactly_the_named_cards_and_the_deck_order() -> None:
    g = prepare(Rules(players=2), [[1, 2, 3], [12, 12]], [5, 7], deck_top=[9, 4], turn=1)
    assert g.view(0).hand == (1, 2, 3) and g.view(1).hand == (12, 12)
    assert g.view(0).discard == (5, 7) and g.current_player == 1 and g.view(0).deck_size == 60 - 7
    g.apply(next(a for a in g.legal_actions() if a.kind == "draw"))
    assert g.view(1).drawn == 9


def test_prepare_refuses_impossible_positions() -> None:
    with pytest.raises(GameError, match="uses"):
        prepare(Rules(players=2), [[7] * 6, [1]], [2])
    with pytest.raises(GameError, match="3 hands"):
        prepare(Rules(players=3), [[1], [2]], [3])
    with pytest.raises(GameError, match="1-12"):
        prepare(Rules(players=2), [[13], [2]], [3])


def shown(board: dict) -> dict[str, list]:
    """Each row of a board by name: its face-up values, and its face-down cards as ("down", how many)."""
    return {r["name"]: [c["v"] if "v" in c else ("down", c["down"]) for c in r["cards"] if "text" not in c]
            for r in board["rows"]}


def test_hidden_cards_never_reach_the_board() -> None:
    """Changing cards the viewer cannot see leaves the board sent to the browser unchanged."""
    a = prepare(Rules(players=3), [[1, 2, 3, 4, 5], [6, 6, 7, 8, 9], [10, 10, 11, 12, 12]], [4])
    b = prepare(Rules(players=3), [[1, 2, 3, 4, 5], [10, 10, 11, 12, 12], [6, 6, 7, 8, 9]], [4])
    assert render.table(a.view(0)) == render.table(b.view(0))
    s1 = solo_position([3], [12, 11, 10], [1, 2, 3, 4, 5], [6])
    s2 = solo_position([3], [1, 1, 2], [1, 2, 3, 4, 5], [6])
    assert render.table(s1.view(0)) == render.table(s2.view(0))
    assert shown(render.table(s1.view(0)))["Citybot Left"] == [("down", 3), 3]


# ----------------------------------------------------------- action explorer


def three_player() -> ActionExplorer:
    game = prepare(Rules(players=3), [[3, 5, 5, 9, 12], [1, 2, 6, 7, 10], [4, 4, 8, 11, 12]], [7, 3])
    return ActionExplorer(game, seat=0, show_candidates=True)


def test_explorer_offers_illegal_candidates_and_says_what_to_do_when_refused() -> None:
    """T3, T4, T5: a refused guess says in plain words what to do now; the engine's sentence is its tooltip and the
    rule id shows only behind "Show rule ids"."""
    ex = three_player()
    offered = {(a.kind, a.a) for a in ex.options()}
    legal = {(a.kind, a.a) for a in ex.game.legal_actions()}
    assert ("match", 5) in offered - legal and ("match", 3) in offered & legal
    assert [b.description for b in ex.buttons] == [short_label(ex.game, a) for a in ex.options()]
    assert [b.tooltip for b in ex.buttons] == [ex.game.describe(a) for a in ex.options()]
    before = ex.game.to_json()
    assert not ex.choose(next(a for a in ex.options() if a.kind == "match" and a.a == 9))
    assert "not allowed" in ex.last_error and "(T1-T5)" in ex.last_error
    assert ex.refusal == ("Your 9 does not match the 3 on the discard pile: a match takes a card with the same number "
                          "as the top card. Choose another move.")
    assert f">✗ {ex.refusal}</div>" in ex.answer.value and "T1-T5" in ex.answer.value.split(">")[0]
    assert ex.game.to_json() == before and "nothing yet" in ex.history.value
    ex.rule_ids.value = True
    assert not ex.choose(next(a for a in ex.options() if a.kind == "pair" and a.a == 9))
    assert ex.refusal.startswith("You hold only one 9 (T4): a pair takes two cards")
    after_stop = prepare(Rules(players=3), [[3, 5, 5, 9, 12], [1, 2, 6, 7, 10], [4, 4, 8, 11, 12]], [7, 3],
                         stop_caller=1)
    ex2 = ActionExplorer(after_stop, seat=0, show_candidates=True)
    assert not ex2.choose(next(a for a in ex2.options() if a.kind == "stop"))
    assert ex2.refusal.startswith("Player 2 has already said STOP this round") and "T5" not in ex2.refusal
    for junk in (10**6, -1, "draw", None):  # a malformed click is refused with the engine's message
        assert not ex.choose(junk) and "not an action" in ex.last_error
    assert ex.game.to_json() == before


def test_the_set_pieces_are_live_positions_the_learner_plays() -> None:
    """C3, S2, SM2: the chapters' one-call widgets (tutorial/setups.py) are engine positions, not printed logs."""
    c3 = scoring_explorer()
    for kind in ("stop", "draw", "discard_drawn"):
        assert c3.choose(next(a for a in c3.options() if a.kind == kind))
    assert c3.game.is_over and c3.game.scores == [[11, 6]]  # C3: the 789 scores 8
    s2 = round_two_explorer()
    assert s2.choose(next(a for a in s2.options() if a.kind == "match"))  # T6 ends round 1
    assert s2.game.round == 2 and s2.game.turn == 2 and any(e.rule == "S2" for e in s2.game.events)
    levels = DifficultyExplorer()
    assert levels.level.value == 1 and levels.explorer.game.rules.difficulty == 1
    levels.level.value = 3
    assert levels.explorer.game.rules.difficulty == 3 and levels.explorer.game.view(0).hand == (3,)


def test_explorer_labels_are_short_and_rule_ids_come_on_demand() -> None:
    """Players read plain words; the rule id is in each tooltip, and after the labels and in the log on demand."""
    ex = three_player()
    pair = next(b for b, a in zip(ex.buttons, ex.options()) if a.kind == "pair" and a.a == 9)
    assert pair.description == "Pair of 9s: play one" and "(T4)" in pair.tooltip and "Black Shield" in pair.tooltip
    assert ex.choose(next(a for a in ex.options() if a.kind == "pair" and a.a == 5))
    assert "T4" not in ex.answer.value and "<code" not in ex.history.value and 'title="rule T4"' in ex.history.value
    ex.restart.click()
    ex.rule_ids.value = True
    assert all(b.description.endswith(")") for b in ex.buttons)
    assert ex.choose(next(a for a in ex.options() if a.kind == "pair" and a.a == 5))
    assert "Pair of 5s: play one (T4)" in ex.answer.value and ">T4</code>" in ex.history.value


def test_candidates_keep_every_legal_789_pair_playable() -> None:
    """A8: a 789 pairs with a 7 or a 9. A same-value guess never finds that pair, yet the explorer's and the
    quiz's candidates must still offer it (and still offer guesses the engine refuses)."""
    game = prepare(Rules(players=2), [[8, 9, 7, 1, 2], [3, 4, 5, 6, 10]], [9])
    ex = ActionExplorer(game, seat=0, show_candidates=True)
    legal = set(game.legal_actions())
    assert {PAIR[8, 9], PAIR[9, 8], PAIR[8, 7], PAIR[7, 8]} <= legal <= set(ex.options())
    assert MATCH[1] in set(ex.options()) - legal
    assert legal <= set(LegalityQuiz(game).offered)
    assert ex.choose(PAIR[8, 7]) and ex.game.view(0).hand == (1, 2, 7, 9)


def test_explorer_button_click_applies_and_restart_restores() -> None:
    ex = three_player()
    pair = next(b for b, a in zip(ex.buttons, ex.options(), strict=True) if a.kind == "pair" and a.a == 5)
    pair.click()
    assert ex.game.view(0).hand == (3, 5, 9, 12) and "T4" in ex.history.value
    assert ex.buttons == []  # Player 2 decides now; a fixed seat offers nothing
    # ... and says so: nothing more will happen here, so the reader is not left "waiting" for Player 2.
    assert "Player 2" in ex.prompt.value and "Start again" in ex.prompt.value
    ex.restart.click()
    assert ex.game.view(0).hand == (3, 5, 5, 9, 12) and ex.lines == [] and ex.buttons


@pytest.mark.parametrize(("target", "shielded"), [(1, False), (2, False), (3, True)])
def test_a_fixed_seat_lets_a_designated_player_answer_the_black_shield_question(target, shielded) -> None:
    """Chapter 4's position: taking the 1 plays your 10 (D2), and the player you look at (A10) is asked about
    a Black Shield (A9). The explorer offers their answer as one button; then the look happens, or not."""
    game = prepare(Rules(players=4), [[2, 6, 7, 9, 10], [3, 3, 4, 8, 12], [2, 5, 5, 11, 12], [1, 4, 9, 9, 12]], [1])
    ex = ActionExplorer(game, seat=0)
    ex.choose(TAKE[10])
    ex.choose(next(a for a in ex.options() if a.kind == "look" and a.a == target))
    assert ex.game.current_player == target and "Black Shield" in ex.prompt.value
    [answer] = ex.buttons
    assert answer.description == f"Let Player {target + 1} answer", "the button does not tell whether they hold a 9"
    answer.click()
    assert ex.game.current_player == 1 and ex.buttons == []  # the ability is over; Player 2's turn
    looked = ex.game.view(0).known[target]
    assert (looked == ()) == shielded, "a 9 cancels the look (A9); otherwise you see the whole hand (A10)"
    assert ("cancels the Magnifying Glass" in ex.history.value) == shielded


def test_hot_seat_says_whose_eyes_and_keeps_the_seat_order() -> None:
    """A9 in chapter 5: designating Player 2 hands the board to Player 2; a banner says so, the rows stay put."""
    ex = AbilitySandbox("Black Shield (A9)").explorer
    assert ex.board.value["banner"].startswith("You are Player 1") and not ex.board.value["banner_new"]

    def rows() -> list[str]:
        return [r["name"] for r in ex.board.value["rows"]][2:]

    assert rows() == ["Player 1 (you)", "Player 2", "Player 3"]
    ex.choose(next(a for a in ex.options() if a.kind == "match"))
    ex.choose(next(a for a in ex.options() if a.kind == "designate" and (a.a, a.b) == (0, 1)))
    assert ex.viewer == 1 and ex.board.value["banner_new"]
    assert ex.board.value["banner"].startswith("You are now Player 2")
    assert rows() == ["Player 1", "Player 2 (you)", "Player 3"], "the seats keep their order whoever looks"
    assert 9 in shown(ex.board.value)["Player 2 (you)"], "Player 2 sees their own 9"
    solo = AbilitySandbox("789 (SP8)", SOLO_SCENARIOS).explorer
    assert "banner" not in solo.board.value, "in solo mode only you decide: no banner"


def test_explorer_shows_every_hand_face_up_once_the_game_is_over() -> None:
    """E1 shows every hand at the end of the round: the board stops drawing them face down (chapter 6)."""
    ex = ActionExplorer(prepare(Rules(players=3), [[10], [2, 5, 5, 9], [1, 3, 7, 11, 12]], [4, 10]), seat=0)
    before = shown(ex.board.value)
    assert before["Player 2"] == [("down", 4)] and before["Player 3"] == [("down", 5)]
    ex.choose(next(a for a in ex.options() if a.kind == "match"))  # T6: your last card goes
    after = shown(ex.board.value)
    assert ex.game.is_over and after["Player 2"] == [2, 5, 5, 9] and 12 in after["Player 3"], "E1: hands shown"
    assert [row for row in after.values() if any(type(c) is tuple for c in row)] == [[("down", after["Deck"][0][1])]], \
        "only the deck stays face down"


def test_explorer_refuses_a_stale_or_repeated_click() -> None:
    """Player 2 may also hold a 1 to give for the discard: a repeated click must not play it for them."""
    game = prepare(Rules(players=2), [[1, 6, 8, 9, 10], [1, 2, 3, 4, 5]], [7])
    ex = ActionExplorer(game)
    take = next(b for b, a in zip(ex.buttons, ex.options(), strict=True) if a.kind == "take" and a.a == 1)
    take.click()
    after = ex.game.to_json()
    assert ex.game.current_player == 1 and any(a.kind == "take" and a.a == 1 for a in ex.options())
    take.click()
    assert ex.game.to_json() == after and "earlier decision" in ex.last_error


def test_hot_seat_shows_each_secret_only_to_its_owner() -> None:
    ex = ActionExplorer(ABILITY_SCENARIOS["Magnifying Glass (A10)"][1]())
    ex.choose(next(a for a in ex.options() if a.kind == "pair"))
    ex.choose(next(a for a in ex.options() if a.kind == "look" and a.a == 2))
    assert ex.viewer == 2 and [a.kind for a in ex.options()] == ["no_shield"]  # A9: asked even without a 9
    ex.choose(ex.options()[0])
    assert "hand: 1, 4, 8 (789), 11 (Two Cards), 12 (Hourglass)" in ex.history.value
    assert "only Player 1 sees the hand" in ex.history.value
    assert 11 not in shown(render.table(ex.game.view(1)))["Player 1"]


def test_a_secret_every_seat_knows_gets_no_only_you_see_note() -> None:
    """A11: a card exchanged by announcing its value is public, so its line names no 'only ... see'."""
    names = ("Player 1", "Player 2", "Player 3")
    for to, note in (((0, 1), "(only Player 1 and Player 2 see the card)"), ((0, 1, 2), "")):
        event = Event("receive", "A11", 0, {"q": 1}, {"card": 4}, to)
        line = render.event_line(event, event.text(names, 0), 0, names)
        assert "Player 1 receives the 4 from Player 2" in line and ("only" in line) == bool(note) and note in line


def test_solo_explorer_logs_the_citybots_turns() -> None:
    ex = ActionExplorer(SOLO_SCENARIOS["Hourglass (SP12)"][1](), seat=0)
    ex.choose(next(a for a in ex.options() if a.kind == "draw"))
    ex.choose(next(a for a in ex.options() if a.kind == "discard_drawn"))
    assert "Citybot Left — SB" in ex.history.value and "Citybot Right — SB" in ex.history.value
    assert ex.game.current_player == 0 and ex.buttons


# ---------------------------------------------------------- ability sandboxes


@pytest.mark.parametrize("name", [n for n in {**ABILITY_SCENARIOS, **SOLO_SCENARIOS} if not re.search(r"A9|SP9", n)])
def test_each_ability_scenario_lets_you_play_its_card(name: str) -> None:
    """The card named by the scenario's rule id (A10 -> 10) can be played and its ability is offered."""
    scenarios = ABILITY_SCENARIOS if name in ABILITY_SCENARIOS else SOLO_SCENARIOS
    box = AbilitySandbox(name, scenarios)
    card = int(re.search(r"\((?:A|SP)(\d+)\)", name).group(1))
    plays = [a for a in box.explorer.options() if a.kind in ("match", "pair") and a.a == card]
    assert plays, name
    if card == 8:  # A8/SP8: the 789 is accepted in place of a 7 or a 9
        top = box.explorer.game.view(0).top
        assert any((a.kind == "pair" and a.a != a.b) or (a.kind == "match" and top != 8) for a in plays)
        return
    assert box.explorer.choose(plays[0]) and box.explorer.game.decision == "ability"


def test_solo_black_shield_scenario_asks_after_every_move_that_keeps_the_9() -> None:
    """The SP9 prompt promises the question after any move that keeps your 9: Left's total stays above yours
    (no SB1 STOP), nothing you can put on the discard matches its cards (no SB4), so it plays an 11 (SB5, SC11)."""
    first = SOLO_SCENARIOS["Black Shield (SP9)"][1]()
    drawn = first.clone()
    drawn.apply(next(a for a in drawn.legal_actions() if a.kind == "draw"))
    keeps_nine = [(first, a) for a in first.legal_actions() if a.kind != "draw" and a.a != 9]
    keeps_nine += [(drawn, a) for a in drawn.legal_actions() if a.a != 9]
    assert len(keeps_nine) >= 8
    for start, act in keeps_nine:
        g = start.clone()
        g.apply(act)
        if g.decision == "ability":  # none of your cards here has an ability to offer but the 9
            g.apply(next(a for a in g.legal_actions() if a.kind == "skip"))
        assert g.decision == "shield" and {a.kind for a in g.legal_actions()} == {"shield", "no_shield"}, act
        assert "SP9" in g.describe(g.legal_actions()[0])


def test_the_table_says_the_decision_in_the_engines_words() -> None:
    """render.decision_text is the engine's: the A11 target named, SP9 in solo mode."""
    g = prepare(Rules(players=3), [[11, 2], [3, 4], [5, 6]], [11])
    for act in (MATCH[11], DESIGNATE[1, 2], NO_SHIELD, NO_SHIELD):
        g.apply(act)
    assert render.decision_text(g.view(0)) == g.decision_text() == "choose the card to exchange for Player 2 (A11)"
    solo = SOLO_SCENARIOS["Black Shield (SP9)"][1]()
    solo.apply(DRAW)
    solo.apply(DISCARD_DRAWN)
    assert render.decision_text(solo.view(0)) == solo.decision_text() == "answer with a Black Shield or not (SP9)"
    assert render.table(solo.view(0))["head"].endswith("You must answer with a Black Shield or not"), "plain words"


def test_black_shield_scenario_cancels_the_two_cards() -> None:
    box = AbilitySandbox("Black Shield (A9)")
    ex = box.explorer
    ex.choose(next(a for a in ex.options() if a.kind == "match"))
    ex.choose(next(a for a in ex.options() if a.kind == "designate" and (a.a, a.b) == (0, 1)))
    assert ex.viewer == 1 and {a.kind for a in ex.options()} == {"shield", "no_shield"}
    ex.choose(next(a for a in ex.options() if a.kind == "shield"))
    assert ex.game.view(0).hand == (2, 3, 4, 6) and 9 not in ex.game.view(1).hand
    box.picker.value = "Hourglass (A12)"
    assert ex.game.view(0).hand == (2, 5, 6, 12, 12) and ex.lines == []


# --------------------------------------------------------------- the stepper


@pytest.mark.parametrize("name", list(STEPPER_SCENARIOS))
def test_stepper_scenario_shows_the_steps_it_names(name: str) -> None:
    stepper = CitybotStepper(name)
    assert not stepper.next_button.disabled and stepper.shown == 0
    seen = []
    while (event := stepper.step()) is not None:
        seen.append(event.rule)
        assert event.rule in stepper.lit or event.kind != "bot"
        assert not stepper.lit & stepper.passed
    assert stepper.next_button.disabled and stepper.board.value["title"] == "After the turn"
    for rule in re.findall(r"S[BC]\d+", name):
        assert rule in seen or rule in stepper.lit | stepper.done, (name, rule, seen)
    assert set(seen) <= set(STEPS) | {"T6", "E1", "E2"}


def test_stepper_board_turns_revealed_cards_up_in_place_and_moves_the_played_card() -> None:
    """SB2, SB3 reveal a 2 then a 3 (face up in Left's hand, one per step); SB4 plays the 3 onto the discard pile."""
    stepper = CitybotStepper("reveal and match (SB2–SB4)")

    def left() -> tuple[tuple[int, ...], int]:
        view, _, _ = stepper.board_view()
        return view.visible[1], view.pile_sizes[1]

    assert left() == ((), 5) and stepper.board.value["title"].startswith("Before Citybot Left's turn")
    stepper.step()
    ringed = [c["v"] for r in stepper.board.value["rows"] for c in r["cards"] if c.get("fresh")]
    assert left() == ((2,), 4) and ringed == [2], "the card just turned up is ringed, as on the game table"
    stepper.step()
    assert left() == ((2, 3), 3)
    stepper.step()
    view, _, new_top = stepper.board_view()
    assert left() == ((2,), 3) and view.top == 3 and new_top and stepper.board.value["title"] == "After the turn"
    assert stepper.board_view()[0] == stepper.result.view(0), "the last board is the engine's after the turn"


def test_stepper_replays_chapter_7_exercise_as_its_answer_says() -> None:
    """The answer: no STOP (SB1, 23 is not below 20), no match (SB4), the pair of 6s (SB5) plays a 6."""
    stepper = CitybotStepper("the chapter's exercise")
    rules = []
    while (event := stepper.step()) is not None:
        rules.append(event.rule)
    assert rules == ["SB5"] and {"SB1", "SB4"} <= stepper.passed
    assert stepper.result.view(0).visible[1] == (6, 11) and stepper.result.view(0).top == 6


def test_stepper_pair_scenario_turns_up_its_9_as_its_note_says() -> None:
    """The note of "pair (SB5)": the pair of 5s is face up from the start, the 9 is hidden until SB2 turns it up."""
    stepper = CitybotStepper("pair (SB5)")
    assert "SB2 first turns up a 9" in stepper.note.value
    assert stepper.start.view(0).visible[1] == (5, 5) and stepper.start.piles[1][-1] == 9
    first = stepper.step()
    assert first is not None and first.rule == "SB2" and first.step_words(stepper.start.rules.names).endswith("a 9")
    assert stepper.step().rule == "SB5"


def test_stepper_marks_passed_steps_and_continues_with_the_next_citybot() -> None:
    stepper = CitybotStepper("draw and discard (SB7, SB9)")
    stepper.step()
    assert stepper.lit == {"SB2"} and stepper.passed == {"SB1"}
    assert not stepper.can_continue and stepper.again_button.disabled
    stepper.step()
    stepper.step()
    assert stepper.lit == {"SB9"} and {"SB3", "SB4", "SB5", "SB6", "SB8"} <= stepper.passed
    assert stepper.can_continue
    stepper.again_button.click()
    assert stepper.start.turn == 2 and stepper.shown == 0


def test_stepper_sb1_says_stop_only_if_nobody_has_yet() -> None:
    """SB1 with T5's one STOP per round: after your STOP, a Citybot below your total plays on, and the stepper
    shows SB1 as checked and not applied, as its checklist text says."""
    game = prepare(Rules.solo_game(1, full_game=False), [[4, 5, 6, 7, 2], [1, 2, 3], []], [9],
                   piles=[[], [], [5, 5, 6, 6, 7]], turn=1, stop_caller=0)
    stepper = CitybotStepper()
    stepper.watch(game)
    while stepper.step() is not None:
        pass
    assert "T5" in STEPS["SB1"] and "SB1" in stepper.passed
    assert "SB1" not in {e.rule for e in stepper.events} and stepper.result.stop_caller == 0


def test_stepper_refuses_a_position_where_no_citybot_plays() -> None:
    stepper = CitybotStepper()
    with pytest.raises(ValueError, match="Citybot"):
        stepper.watch(new_game(Rules(players=3), 1))
    with pytest.raises(ValueError, match="Citybot"):
        stepper.watch(new_game(Rules.solo_game(1), 1))


# -------------------------------------------------------------- deck, deal, scores


def test_deck_explorer_teaches_hands_odds_and_scores_from_real_deals() -> None:
    deck = DeckExplorer()
    assert deck.rules == Rules() and "60 cards" in deck.table.value
    assert deck.hands == starting_hands(Rules(), deck.DEALS) and deck.hand == new_game(Rules(), 0).view(0).hand
    deck.deal.click()
    assert deck.hand == new_game(Rules(), 1).view(0).hand and f"<b>{sum(deck.hand)}</b>" in deck.score.value
    assert "◀ your hand" in deck.spread.value
    deck.value.value = 1
    held = sum(1 in h for h in deck.hands)
    assert f"<b>{held}</b> starting hands held at least one" in deck.odds.value
    deck.reset()
    assert deck.shown == 0 and deck.value.value == 12


def test_deal_explorer_keeps_the_seat_when_the_table_shrinks() -> None:
    deal = DealExplorer(players=5)
    deal.seat.value = 4
    deal.players.value = 3
    assert deal.seat.value == 2 and len(deal.game.view(2).hand) == 5
    order = turn_order(deal.game)
    assert sorted(order) == [0, 1, 2] and order == [(order[0] + k) % 3 for k in range(3)]
    assert deal.story.value.count("sees the hand") == 1


@pytest.mark.parametrize("widget", [DealExplorer, GameScorer], ids=lambda w: w.__name__)
def test_a_negative_seed_typed_in_the_seed_box_deals_instead_of_crashing(widget) -> None:
    """The engine refuses seeds below 0; the seed box must not pass one on (it used to raise in the observer,
    leaving the widget stuck, and every later change of the player slider raised again)."""
    explorer = widget(players=3, seed=2)
    explorer.seed.value = -5
    assert explorer.seed.value == 0 and explorer.game.rules.players == 3
    explorer.players.value = 4
    assert explorer.game.rules.players == 4 and explorer.game.view(0).hand_sizes == (5,) * 4


def test_game_scorer_adds_rounds_until_the_end_score() -> None:
    scorer = GameScorer(players=3, seed=11, end_score=30)
    while not scorer.game.is_over:
        rounds = len(scorer.game.scores)
        scorer.round_button.click()
        assert len(scorer.game.scores) == rounds + 1
    view = scorer.game.view(0)
    assert [sum(r[p] for r in view.scores) for p in range(3)] == list(view.totals)
    before_last = [sum(r[p] for r in view.scores[:-1]) for p in range(3)]
    assert max(view.totals) >= 30 and max(before_last) < 30
    assert scorer.round_button.disabled and "E1" in scorer.story.value
    scorer.new_button.click()
    assert scorer.game.scores == [] and not scorer.round_button.disabled


# ----------------------------------------------------------------- exercises


def test_exercise_hides_its_solution_until_opened() -> None:
    box = exercise("What is 2 + 2?", "<b>4</b>")
    panel = box.children[1]
    assert panel.selected_index is None and panel.titles == ("Show solution",)
    assert panel.children[0].value == "<b>4</b>" and "2 + 2" in box.children[0].value


def test_legality_quiz_is_marked_by_the_engine() -> None:
    game = prepare(Rules(players=3), [[4, 4, 7, 10, 11], [1, 2, 3, 5, 6], [2, 3, 8, 9, 12]], [1, 10])
    quiz = LegalityQuiz(game)
    legal = set(game.legal_actions())
    assert any(a not in legal for a in quiz.offered) and any(a in legal for a in quiz.offered)
    assert quiz.mark() == sum(a in legal for a in quiz.offered)  # nothing ticked: every legal one is missed
    for box, act in zip(quiz.boxes, quiz.offered, strict=True):
        box.value = act in legal
    quiz.check.click()
    assert "All right" in quiz.result.value


def test_legality_quiz_hides_the_answers_until_one_attempt() -> None:
    """T3: the quiz marks right or wrong only; the engine's verdicts appear on "Show answers", after a try."""
    game = prepare(Rules(players=3), [[4, 4, 7, 10, 11], [1, 2, 3, 5, 6], [2, 3, 8, 9, 12]], [1, 10])
    quiz = LegalityQuiz(game)
    assert quiz.answers.disabled and "legal" not in quiz.result.value
    quiz.answers.click()
    assert quiz.result.value == ""
    quiz.boxes[0].value = True
    quiz.check.click()
    assert "legal" not in quiz.result.value and not quiz.answers.disabled
    # the first check counts the wrong ticks and hints at their rules, without naming a box; the second names them
    wrong = [box.description for box, act in zip(quiz.boxes, quiz.offered, strict=True)
             if box.value != (act in game.legal_actions())]
    assert f"{len(wrong)} of your answers are wrong" in quiz.result.value
    assert "title='rule T3'" in quiz.result.value
    assert not any(f"✗ {label}" in quiz.result.value for label in wrong)
    quiz.check.click()
    assert all(f"✗ {label}" in quiz.result.value for label in wrong) and "legal" not in quiz.result.value
    quiz.answers.click()
    assert quiz.result.value.count("legal<") == len(quiz.offered) and "Match: play your 10: <b>legal" in \
        quiz.result.value
    quiz.reset()
    assert quiz.answers.disabled and not any(box.value for box in quiz.boxes)
