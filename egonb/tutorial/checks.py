"""The chapters' checks: what each chapter showed, asserted against the engine, out of the reader's way.

Each chapter ends with one collapsed cell, `checks.chapter_NN(globals())`, that nbval runs with the rest of the
notebook (the test command runs `notebooks/`). A check reads the chapter's own objects (its widgets, positions
and results) from the notebook's namespace, so it tests what the reader saw, and every assert names the rule it
proves. The widgets a check clicks are put back as a first-time reader finds them.
"""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Sequence
from html import escape
from typing import Any

from ..agents import AGENTS
from ..app import SoloApp
from ..games.egocentric_world.actions import Action
from ..games.egocentric_world.cards import ABILITY_NAMES, a_card_words
from ..games.egocentric_world.rules import Rules
from ..games.egocentric_world.state import GameState
from ..messages import ENGLISH, Texts
from ..messages.seats import seat_names
from .deck import turn_order
from .explorer import ActionExplorer
from .scenes import scene
from .stepper import SCENARIOS as STEPPER_SCENARIOS
from .stepper import STEPS, solo_position

Namespace = dict[str, Any]


def _option(explorer: ActionExplorer, kind: str, a: int | None = None, b: int | None = None) -> Action:
    """The explorer's button of this kind (and first / second card or seat, when given)."""
    return next(x for x in explorer.options() if x.kind == kind and a in (None, x.a) and b in (None, x.b))


def _do(explorer: ActionExplorer, kind: str, a: int | None = None, b: int | None = None) -> Any:
    """Click that button; the engine must accept it. Returns the explorer's game."""
    assert explorer.choose(_option(explorer, kind, a, b)), ENGLISH("tutorial.check.refused", kind=kind,
                                                                    why=explorer.last_error)
    return explorer.game


def _first(game: Any, kind: str) -> Action:
    return next(a for a in game.legal_actions() if a.kind == kind)


def _names(actions: Sequence[Action]) -> list[tuple[str, int, int]]:
    return sorted((a.kind, a.a, a.b) for a in actions)


def chapter_01(ns: Namespace) -> None:
    rules, scoring, deck_explorer = ns["rules"], ns["scoring"], ns["deck_explorer"]
    counts = {v: rules.deck.count(v) for v in range(1, 13)}
    assert len(rules.deck) == 60 and set(counts.values()) == {5}, ENGLISH("tutorial.check.01.c1")
    assert len(Rules(counts=(6,) * 12).deck) == 72, ENGLISH("tutorial.check.01.c1.2")
    assert sorted(ABILITY_NAMES) == [8, 9, 10, 11, 12] and ABILITY_NAMES[8] == "789", ENGLISH("tutorial.check.01.c2")
    scoring.restart.click()
    _do(scoring, "stop")
    _do(scoring, "draw")
    g = _do(scoring, "discard_drawn")
    assert g.is_over and g.scores == [[11, 6]] and g.winners == [1], ENGLISH("tutorial.check.01.c3")
    scoring.restart.click()
    deck_explorer.reset()
    first = deck_explorer.hand
    deck_explorer.deal.click()
    hand = deck_explorer.hand
    assert len(hand) == 5 and hand != first, ENGLISH("tutorial.check.01.s1")
    assert f"<b>{sum(hand)}</b>" in deck_explorer.score.value, ENGLISH("tutorial.check.01.c3.2")
    deck_explorer.value.value = 8
    # in the chapter's language: the widget's sentence with the deck's counts (5 of 60) and the deals' own
    held, deals = sum(8 in h for h in deck_explorer.hands), deck_explorer.DEALS
    odds = ENGLISH("tutorial.deck.odds", n=5, cards=60, a_card=escape(a_card_words(8)), deals=deals, held=held,
                   percent=f"{100 * held / deals:.0f}")
    assert deck_explorer.odds.value == f"<div>{odds}</div>", ENGLISH("tutorial.check.01.c1.3")
    assert 0 < held < 400, ENGLISH("tutorial.check.01.c1.4")
    assert sum(1 for c in rules.deck if c in ABILITY_NAMES) == 25 and counts[1] == 5, ENGLISH("tutorial.check.01.c2.2")
    deck_explorer.reset()


def chapter_02(ns: Namespace) -> None:
    deal, round_two, reshuffle = ns["deal"], ns["round_two"], ns["reshuffle"]
    for players, left in ((4, 39), (6, 29)):
        deal.players.value = players
        view = deal.game.view(deal.seat.value)
        assert view.hand_sizes == (5,) * players and len(view.discard) == 1, ENGLISH("tutorial.check.02.s1.3")
        assert view.deck_size == left, ENGLISH("tutorial.check.02.s1.4")
        assert len(view.hand) == 5 and all(not k for k in view.known), ENGLISH("tutorial.check.02.s1.5")
    deal.players.value = 4
    deal.seat.value = 2
    # the log's note, in the chapter's language (ENGLISH reads the reader's catalogue: `use_language`)
    hand = ENGLISH("tutorial.secret.hand")
    assert escape(ENGLISH("tutorial.log.only", who=ENGLISH("seat.player", number=3), what=hand)) in deal.story.value, \
        ENGLISH("tutorial.check.02.s1")
    notes = sum(deal.story.value.count(escape(ENGLISH("tutorial.log.only", who=name, what=hand)))
                for name in seat_names(deal.game.rules.names, ENGLISH))
    assert notes == 1, ENGLISH("tutorial.check.02.s1.2")
    round_two.restart.click()
    game = _do(round_two, "match")
    round1 = game.scores[0]
    assert game.round == 2 and round1[game.turn] == max(round1) and game.turn == 2, ENGLISH("tutorial.check.02.s2")
    assert any(e.kind == "round_start" and e.rule == "S2" for e in game.events), ENGLISH("tutorial.check.02.s2.2")
    round_two.restart.click()
    order = turn_order(deal.game)
    assert order == [(order[0] + k) % 4 for k in range(4)], ENGLISH("tutorial.check.02.s3")
    reshuffle.restart.click()
    assert reshuffle.choose(_option(reshuffle, "draw")), ENGLISH("tutorial.check.02.s4")
    assert reshuffle.game.events[0].rule == "S4" and reshuffle.game.view(0).discard == (10,), \
        ENGLISH("tutorial.check.02.s4.2")
    assert reshuffle.game.view(0).deck_size == 60 - 10 - 1 - 1, ENGLISH("tutorial.check.02.s4.3")
    reshuffle.restart.click()
    deal.seat.value = 0


def chapter_03(ns: Namespace) -> None:
    actions, stop_again, quiz, quiz_position = ns["actions"], ns["stop_again"], ns["quiz"], ns["quiz_position"]
    actions.restart.click()
    legal = _names(actions.game.legal_actions())
    assert ("match", 3, 0) in legal and ("match", 5, 0) not in legal, ENGLISH("tutorial.check.03.t3")
    assert ("pair", 5, 5) in legal and ("pair", 9, 9) not in legal, ENGLISH("tutorial.check.03.t4")
    assert [k for k in legal if k[0] == "take"] == [("take", v, 0) for v in (3, 5, 9, 12)], \
        ENGLISH("tutorial.check.03.t2")
    assert ("draw", 0, 0) in legal and ("stop", 0, 0) in legal, ENGLISH("tutorial.check.03.t1")
    assert not actions.choose(_option(actions, "match", 5)), ENGLISH("tutorial.check.03.t3.2")
    said = ENGLISH.citing(False)("tutorial.refusal.match", a="5", top="3")
    assert actions.last_error and actions.refusal == said and actions.game.view(0).hand == (3, 5, 5, 9, 12), \
        ENGLISH("tutorial.check.03.t3.3")
    assert _do(actions, "draw").view(0).drawn == 2, ENGLISH("tutorial.check.03.t1.2")
    game = _do(actions, "keep", 12)
    assert game.view(0).hand == (2, 3, 5, 5, 9) and game.decision == "ability", \
        ENGLISH("tutorial.check.03.t1.3")
    actions.restart.click()
    game = _do(actions, "pair", 5)
    assert game.view(0).hand == (3, 5, 9, 12) and game.view(1).known[0] == (5,), \
        ENGLISH("tutorial.check.03.t4.2")
    stop_again.restart.click()
    assert all(a.kind != "stop" for a in stop_again.game.legal_actions()), ENGLISH("tutorial.check.03.t5")
    assert not stop_again.choose(_option(stop_again, "stop")), ENGLISH("tutorial.check.03.t5.2")
    quiz.reset()
    assert quiz.answers.disabled, ENGLISH("tutorial.check.03.t1.4")
    for box, act in zip(quiz.boxes, quiz.offered):
        box.value = act in quiz.game.legal_actions()
    assert quiz.mark() == 0, ENGLISH("tutorial.check.03.t1.5")
    quiz.boxes[0].value = not quiz.boxes[0].value
    assert quiz.mark() == 1, ENGLISH("tutorial.check.03.t1.6")

    def total_after(act: Action) -> int:
        g = quiz_position.clone()
        g.apply(act)
        return sum(g.view(0).hand)

    shrinking = [a for a in quiz_position.legal_actions() if a.kind in ("match", "pair", "take")]
    best = min(shrinking, key=total_after)
    assert (best.kind, best.a, total_after(best)) == ("match", 10, 26), ENGLISH("tutorial.check.03.t3.4")
    actions.restart.click()
    stop_again.restart.click()
    quiz.reset()


def chapter_04(ns: Namespace) -> None:
    played_or_not, take_explorer = ns["played_or_not"], ns["take_explorer"]
    played_or_not.restart.click()
    assert _do(played_or_not, "draw").view(0).drawn == 12, ENGLISH("tutorial.check.04.t1")
    g = _do(played_or_not, "discard_drawn")
    assert g.events[-1].rule == "D1" and g.decision == "action" and g.current_player == 1, \
        ENGLISH("tutorial.check.04.d1")
    played_or_not.restart.click()
    _do(played_or_not, "draw")
    g = _do(played_or_not, "keep", 12)
    assert g.decision == "ability" and {a.kind for a in g.legal_actions()} == {"skip", "hourglass"}, \
        ENGLISH("tutorial.check.04.d2")
    played_or_not.restart.click()
    _do(played_or_not, "draw")
    g = _do(played_or_not, "keep", 6)
    assert g.current_player == 1 and g.view(0).hand == (2, 3, 4, 12, 12), ENGLISH("tutorial.check.04.d2.2")
    take_explorer.restart.click()
    g = _do(take_explorer, "take", 10)
    assert g.decision == "ability" and any(a.kind == "look" for a in g.legal_actions()), \
        ENGLISH("tutorial.check.04.d2.3")
    take_explorer.restart.click()
    assert _do(take_explorer, "take", 6).current_player == 1, ENGLISH("tutorial.check.04.d2.4")
    ex = GameState.from_position(Rules(players=3), hands=[[1, 2, 3, 3, 4], [5, 6, 7, 8, 9], [5, 6, 7, 8, 9]],
                                 discard=[10], deck=[11], rest="deck")
    ex.apply(_first(ex, "draw"))
    ex.apply(_first(ex, "discard_drawn"))
    assert ex.decision == "action" and ex.current_player == 1 and ex.view(1).top == 11, \
        ENGLISH("tutorial.check.04.d1.2")
    played_or_not.restart.click()
    take_explorer.restart.click()


def chapter_05(ns: Namespace) -> None:
    a8, a9, a10, a11, a12 = (ns[name] for name in ("a8", "a9", "a10", "a11", "a12"))
    a8.restart.click()
    kinds = {(x.kind, x.a, x.b) for x in a8.game.legal_actions()}
    assert {("match", 8, 0), ("pair", 8, 9), ("pair", 9, 8)} <= kinds, ENGLISH("tutorial.check.05.a8")
    assert ("match", 9, 0) not in kinds, ENGLISH("tutorial.check.05.a8.2")
    a10.restart.click()
    _do(a10, "pair", 10, 10)
    g = _do(a10, "look", 1)
    assert g.current_player == 1 and [x.kind for x in g.legal_actions()] == ["no_shield"], \
        ENGLISH("tutorial.check.05.a9")
    g = _do(a10, "no_shield")
    i = next(i for i, e in enumerate(g.events) if e.kind == "look")
    assert g.events[i].to == (0,) and "2, 3, 5, 7, 12" in g.events_for(0, i)[0][1], \
        ENGLISH("tutorial.check.05.a10")
    assert all("7" not in g.events_for(seat, i)[0][1] for seat in (1, 2)), ENGLISH("tutorial.check.05.a10.2")
    note = ENGLISH("tutorial.log.only", who=ENGLISH("seat.player", number=1), what=ENGLISH("tutorial.secret.hand"))
    assert escape(note) in a10.history.value, \
        ENGLISH("tutorial.check.05.a10.3")
    a11.restart.click()
    _do(a11, "match", 11)
    g = _do(a11, "designate", 1, 2)
    assert g.decision == "shield" and g.current_player == 1 and [x.kind for x in g.legal_actions()] == ["no_shield"], \
        ENGLISH("tutorial.check.05.a11")
    _do(a11, "no_shield")
    _do(a11, "no_shield")
    _do(a11, "announce", 3)
    g = _do(a11, "random")
    assert g.view(0).hand_sizes == (4, 5, 5) and g.view(1).hand.count(3) == 1, ENGLISH("tutorial.check.05.a11.2")
    assert sum(1 for e in g.events if e.kind == "receive") == 2, ENGLISH("tutorial.check.05.a11.3")
    a11.restart.click()
    _do(a11, "match", 11)
    _do(a11, "designate", 1, 2)
    _do(a11, "no_shield")
    _do(a11, "no_shield")
    _do(a11, "announce", 4)
    g = _do(a11, "random")
    assert [e.kind for e in g.events[-2:]] == ["wrong", "penalty"] and g.current_player == 1, \
        ENGLISH("tutorial.check.05.a11.4")
    assert g.view(0).hand_sizes[0] == 5 and g.view(0).hand == (1, 4, 5, 7, 12), ENGLISH("tutorial.check.05.a11.5")
    a9.restart.click()
    _do(a9, "match", 11)
    g = _do(a9, "designate", 0, 1)
    assert g.current_player == 1 and {x.kind for x in g.legal_actions()} == {"shield", "no_shield"}, \
        ENGLISH("tutorial.check.05.a9.2")
    g = _do(a9, "shield")
    assert g.events[-1].rule == "A9" and 9 not in g.view(1).hand and g.view(0).hand == (2, 3, 4, 6), \
        ENGLISH("tutorial.check.05.a9.3")
    a12.restart.click()
    _do(a12, "pair", 12, 12)
    g = _do(a12, "hourglass")
    assert g.current_player == 0 and g.decision == "action", ENGLISH("tutorial.check.05.a12")
    for explorer in (a8, a9, a10, a11, a12):
        explorer.restart.click()


def chapter_06(ns: Namespace) -> None:
    finisher, scorer = ns["finisher"], ns["scorer"]
    finisher.restart.click()
    g = _do(finisher, "match")
    assert g.is_over and g.events[-1].rule == "E2" and g.scores == [[0, 21, 34]] and g.winners == [0], \
        ENGLISH("tutorial.check.06.t6")
    assert not any(e.kind == "designate" or e.rule == "A10" for e in g.events), ENGLISH("tutorial.check.06.t6.2")
    assert any(e.kind == "round_end" and e.rule == "T6" for e in g.events), ENGLISH("tutorial.check.06.t6.3")
    finisher.restart.click()
    g = _do(finisher, "take")
    assert not g.is_over and g.view(0).hand == (10,), ENGLISH("tutorial.check.06.t6.4")
    scorer.end_score.value = 50
    while not scorer.game.is_over:
        scorer.play()
    view = scorer.game.view(0)
    totals_before_last = [sum(r[p] for r in view.scores[:-1]) for p in range(4)]
    assert max(view.totals) >= 50 and max(totals_before_last) < 50, ENGLISH("tutorial.check.06.e2")
    assert list(view.winners) == [p for p in range(4) if view.totals[p] == min(view.totals)], \
        ENGLISH("tutorial.check.06.e2.2")
    winners = ENGLISH("tutorial.scores.winners", n=len(view.winners),
                      players=ENGLISH.join([seat_names(view.names, ENGLISH)[w] for w in view.winners]))
    assert escape(winners) in scorer.board.value and scorer.round_button.disabled, ENGLISH("tutorial.check.06.e2.3")
    ex = GameState.from_position(Rules(players=3, full_game=True), hands=[[12], [12, 6, 9], [8]], discard=[1, 4],
                                 deck=[], scores=[[16, 10, 25], [15, 14, 15]], rest="deck")
    ex.apply(_first(ex, "stop"))
    for seat in (1, 2):
        assert ex.current_player == seat, ENGLISH("tutorial.check.06.t5")
        ex.apply(_first(ex, "draw"))
        ex.apply(_first(ex, "discard_drawn"))
    assert ex.totals == [43, 51, 48] and ex.is_over and ex.winners == [0], ENGLISH("tutorial.check.06.e2.4")
    finisher.restart.click()
    scorer.new_button.click()


def chapter_07(ns: Namespace) -> None:
    solo, first_view, stepper = ns["opening"].game, ns["opening"].view, ns["stepper"]
    bots = [e.player for e in solo.events if e.kind == "bot"]
    assert solo.events[0].player == 1 and "SM3" in solo.events_for(0)[0][1], ENGLISH("tutorial.check.07.sm3")
    assert bots[0] == 1 and 2 in bots and bots.index(2) > bots.index(1) and solo.current_player == 0, \
        ENGLISH("tutorial.check.07.sm1")
    assert all(first_view.hand_sizes[b] == first_view.pile_sizes[b] + len(first_view.visible[b]) for b in (1, 2)), \
        ENGLISH("tutorial.check.07.sm4")

    def watch(name: str) -> list[frozenset[str]]:
        stepper.show(name)
        lit = []
        while stepper.step() is not None:
            lit.append(frozenset(stepper.lit))
        return lit

    assert watch(scene("tutorial.stepper.scenario.sb1")) == [{"SB1"}], ENGLISH("tutorial.check.07.sb1")
    assert watch(scene("tutorial.stepper.scenario.sb2_sb4")) == [{"SB2"}, {"SB3"}, {"SB4"}] \
            and stepper.passed == {"SB1"}, \
        ENGLISH("tutorial.check.07.sb2")
    assert stepper.board_view()[0].visible[1] == (2,) and stepper.board_view()[0].top == 3, \
        ENGLISH("tutorial.check.07.sb4")
    assert watch(scene("tutorial.stepper.scenario.sb5"))[-1] == {"SB5"} and "SB3" in stepper.passed, \
        ENGLISH("tutorial.check.07.sb5")
    assert watch(scene("tutorial.stepper.scenario.sb6")) == [{"SB6"}], ENGLISH("tutorial.check.07.sb6")
    assert watch(scene("tutorial.stepper.scenario.sb7_sb8")) == [{"SB7"}, {"SB8"}], ENGLISH("tutorial.check.07.sb7")
    assert watch(scene("tutorial.stepper.scenario.sb7_sb9"))[-2:] == [{"SB7"}, {"SB9"}] and "SB8" in stepper.passed, \
        ENGLISH("tutorial.check.07.sb7.2")
    assert stepper.result.events[-1].rule == "SB9" and stepper.result.view(0).top == 9, ENGLISH("tutorial.check.07.sb9")
    assert watch(scene("tutorial.stepper.scenario.sc8")) == [{"SB4", "SC8"}], ENGLISH("tutorial.check.07.sc8")
    assert watch(scene("tutorial.stepper.scenario.sc10_sc9")) == [{"SB6"}, {"SC10"}, {"SC9"}], \
        ENGLISH("tutorial.check.07.sc10")
    assert stepper.result.view(0).visible[2] == (1, 3, 5, 7) and stepper.result.view(0).top == 9, \
        ENGLISH("tutorial.check.07.sc9")
    assert watch(scene("tutorial.stepper.scenario.sc11"))[-1] == {"SC11"} \
            and 1 in stepper.result.view(0).visible[1], \
        ENGLISH("tutorial.check.07.sc11")
    assert 6 in stepper.result.view(0).hand, ENGLISH("tutorial.check.07.sc11.2")
    assert watch(scene("tutorial.stepper.scenario.sc12"))[-1] == {"SC12"} and stepper.can_continue, \
        ENGLISH("tutorial.check.07.sc12")
    stepper.next_turn()
    assert stepper.start.turn == 1, ENGLISH("tutorial.check.07.sc12.2")
    stepper.watch(solo_position([6, 6, 11], [], [1, 2, 3, 4, 10], [4]))
    while stepper.step() is not None:
        pass
    assert [e.rule for e in stepper.events if e.kind == "bot"] == ["SB5"], ENGLISH("tutorial.check.07.sb5.2")
    assert stepper.result.view(0).visible[1] == (6, 11) and stepper.result.view(0).top == 6, \
        ENGLISH("tutorial.check.07.sb5.3")
    assert set(STEPPER_SCENARIOS) and all(rule in STEPS for rule in ("SB1", "SB9", "SC8", "SC12")), \
        ENGLISH("tutorial.check.07.sb1.2")
    stepper.picker.value = scene("tutorial.stepper.scenario.sb2_sb4")
    stepper.show(stepper.picker.value)


def chapter_08(ns: Namespace) -> None:
    levels, solo_sandbox, app = ns["levels"], ns["solo_sandbox"], ns["app"]
    level, end_round = levels.level, levels.explorer
    assert level.value == 1 and end_round.game.rules.difficulty == 1, ENGLISH("tutorial.check.08.sm2.6")

    def scores_at(lvl: int) -> list[int]:
        level.value = lvl
        assert _do(end_round, "match").is_over, ENGLISH("tutorial.check.08.t6")
        return list(end_round.game.scores[0])

    assert scores_at(1) == [0, 19, 22], ENGLISH("tutorial.check.08.sm2")
    assert scores_at(2) == [0, 17, 21], ENGLISH("tutorial.check.08.sm2.2")
    assert scores_at(3) == [0, 7, 12], ENGLISH("tutorial.check.08.sm2.3")
    assert [e.rule for e in end_round.game.events if e.kind == "removal"] == ["SM2", "SM2"], \
        ENGLISH("tutorial.check.08.sm2.4")
    solo_sandbox.show(scene("tutorial.sandbox.sp8"))
    kinds = {(a.kind, a.a, a.b) for a in solo_sandbox.explorer.game.legal_actions()}
    assert {("match", 8, 0), ("pair", 8, 9), ("pair", 9, 8)} <= kinds, ENGLISH("tutorial.check.08.sp8")
    solo_sandbox.show(scene("tutorial.sandbox.sp9"))
    e = solo_sandbox.explorer
    _do(e, "draw")
    _do(e, "discard_drawn")
    assert e.game.decision == "shield" and {a.kind for a in e.options()} == {"shield", "no_shield"}, \
        ENGLISH("tutorial.check.08.sp9")
    _do(e, "shield")
    assert 9 not in e.game.view(0).hand and any(ev.rule == "SP9" for ev in e.game.events), \
        ENGLISH("tutorial.check.08.sp9.2")
    solo_sandbox.show(scene("tutorial.sandbox.sp10"))
    e = solo_sandbox.explorer
    _do(e, "pair")
    _do(e, "reveal_pile", 2)
    rules = [ev.rule for ev in e.game.events]
    assert rules[rules.index("SP10") + 1] == "SC9", ENGLISH("tutorial.check.08.sp10")
    solo_sandbox.show(scene("tutorial.sandbox.sp11"))
    e = solo_sandbox.explorer
    _do(e, "pair")
    assert any(a.kind == "swap" for a in e.options()), ENGLISH("tutorial.check.08.sp11")
    e.choose(next(a for a in e.options() if a.kind == "exchange" and (a.a, a.b, a.c) == (12, 1, 0)))
    assert 6 in e.game.view(0).hand and 12 not in e.game.view(0).hand, ENGLISH("tutorial.check.08.sp11.2")
    solo_sandbox.show(scene("tutorial.sandbox.sp12"))
    e = solo_sandbox.explorer
    _do(e, "pair")
    _do(e, "hourglass")
    assert e.game.decision == "action" and not any(ev.kind == "bot" for ev in e.game.events), \
        ENGLISH("tutorial.check.08.sp12")
    game = app.session.game  # the game behind the widgets (egonb.games.egocentric_world.session.GameSession)
    assert game.rules == Rules.solo_game(1, full_game=True) and game.current_player in (0, None), \
        ENGLISH("tutorial.check.08.sm2.5")
    twin = SoloApp(seed=2024, difficulty=1).session  # the same deal, so the reader's table stays as they left it
    assert twin.game.current_player == 0 and twin.game.round == 1, ENGLISH("tutorial.check.08.sm3")
    token, first = twin.token, twin.game.legal_actions()[0].id
    assert twin.act(token, first) and twin.token == token + 1, ENGLISH("tutorial.check.08.t1")
    with contextlib.redirect_stderr(io.StringIO()):  # the app logs the refusal; keep it off the page
        assert not twin.act(token, first), ENGLISH("tutorial.check.08.t1.3")
    # in the reader's language (a French chapter's too): the click's decision and the open one
    assert f"{token}" in twin.refused[-1] and f"{twin.token}" in twin.refused[-1], ENGLISH("tutorial.check.08.t1.2")
    level.value = 1
    solo_sandbox.show(scene("tutorial.sandbox.sp8"))


def chapter_00(ns: Namespace) -> None:
    game = ns["app"].session.game
    assert game.rules == Rules.solo_game(1, full_game=True), ENGLISH("tutorial.check.00.sm2")
    assert game.rules.full_game and game.rules.end_score == 50 and not game.is_over, ENGLISH("tutorial.check.00.e2")
    assert game.n == 3 and game.current_player == 0 and game.round == 1, ENGLISH("tutorial.check.00.sm1")
    kinds = {a.kind for a in game.legal_actions()}
    assert {"draw", "take", "stop"} <= kinds, ENGLISH("tutorial.check.00.t1")
    played, moves = newcomer_round(game)
    assert played.round == 2 or played.is_over, ENGLISH("tutorial.check.00.e1")
    assert len(played.scores[0]) == 3 and moves > 0, ENGLISH("tutorial.check.00.e1.2")


def newcomer_round(game: GameState, policy: str = "greedy") -> tuple[GameState, int]:
    """A copy of `game` after a simple built-in agent played seat 0 to the end of this round, and its move count.

    The quick start's time estimate counts these moves (a newcomer clicks at a few seconds a move)."""
    agent = AGENTS[policy]()
    agent.reset(0, random.Random(0))
    played = game.clone()
    start, moves = played.round, 0
    while not played.is_over and played.round == start:
        played.apply(agent.act(played.view(0)))
        moves += 1
    return played, moves


def chapter_30(ns: Namespace) -> None:
    """Diverse City (DIVERSE-CITY.md): the chapter's scorer and explorers, driven as a reader would."""
    C, PEOPLE, scorer, clearing, majors = ns["C"], ns["PEOPLE"], ns["scorer"], ns["clearing"], ns["majors"]
    scorer.reset()
    assert scorer.total == 8 and dict(scorer.parts())["Food"] == 0, ENGLISH("tutorial.check.30.r4")
    scorer.remove(C("Food", 1))
    assert scorer.total == 12 and dict(scorer.parts())["Food"] == 4, ENGLISH("tutorial.check.30.r4.2")
    assert not scorer.add(PEOPLE) and "H2" in scorer.refusal.value, ENGLISH("tutorial.check.30.h2")
    assert scorer.place(ns["D"]("Flood")) and scorer.total == 9, ENGLISH("tutorial.check.30.r3")
    scorer.reset()

    def click(explorer: Any, start: str) -> Any:
        # the moves by their English words, whatever the chapter's language
        act = next(a for a in explorer.options() if explorer.game.describe(a, texts=Texts()).lower().startswith(start))
        assert explorer.choose(act), explorer.answer.value
        return explorer.game

    clearing.show(scene("tutorial.city.scene.x3"))
    g = click(clearing, "put emergency services 2")
    assert not g.view(0).fronts[0] and g.view(0).discard[-1] == ns["D"]("Flood"), \
        ENGLISH("tutorial.check.30.x3")
    assert g.turn == 1 and clearing.viewer == 1, ENGLISH("tutorial.check.30.p4")
    clearing.show(scene("tutorial.city.scene.x4_x6"))
    g = click(clearing, "give housing 2")
    g = click(clearing, "stop")
    assert g.view(0).fronts[1][0][1] == C("Housing", 2) and g.turn == 0 and g.decision == "main", \
        ENGLISH("tutorial.check.30.x6")
    clearing.show(scene("tutorial.city.scene.x4_x6"))
    click(clearing, "give housing 2")
    g = click(clearing, "give emergency services 4")
    assert not g.view(0).fronts[1] and g.turn == 1, ENGLISH("tutorial.check.30.x4")
    clearing.show(scene("tutorial.city.scene.x5"))
    g = click(clearing, "ask player 2")
    assert g.current_player == 1 and g.turn == 0 and clearing.viewer == 1, ENGLISH("tutorial.check.30.x5")
    now = ENGLISH("tutorial.explorer.seat.now", player=ENGLISH("seat.player", number=2))
    assert clearing.board.value["banner"] == now, ENGLISH("tutorial.check.30.x5.2")
    g = click(clearing, "give public transportation 2")
    assert not g.view(0).fronts[0] and g.turn == 1, ENGLISH("tutorial.check.30.x5.3")
    clearing.show(scene("tutorial.city.scene.x3"))

    majors.show(scene("tutorial.city.scene.m2"))
    hands = [majors.game.view(p).hand for p in range(3)]
    g = click(majors, "draw the top card")
    assert [g.view(p).hand for p in range(3)] == [hands[1], hands[2], hands[0]], ENGLISH("tutorial.check.30.m2")
    assert g.view(2).known[2] == (), ENGLISH("tutorial.check.30.i3")
    assert set(g.view(0).known[2]) == set(hands[0]), ENGLISH("tutorial.check.30.i3.2")
    majors.show(scene("tutorial.city.scene.m3"))
    g = click(majors, "draw the top card")
    assert g.decision == "major" and g.current_player == 0, ENGLISH("tutorial.check.30.m1")
    g = click(majors, "discard people")
    assert PEOPLE not in g.view(1).hand and g.current_player == 2, \
        ENGLISH("tutorial.check.30.m3")
    for _ in range(3):
        g = click(majors, "discard")
    assert len(g.view(2).hand) == 1 and g.turn == 1, ENGLISH("tutorial.check.30.m3.2")
    majors.show(scene("tutorial.city.scene.m4"))
    g = click(majors, "draw the top card")
    click(majors, "discard")
    g = click(majors, "discard")
    assert len(g.view(0).hand) == 1, ENGLISH("tutorial.check.30.m4")
    while g.decision == "major":
        g = click(majors, "discard")
    assert g.view(1).hand.count(PEOPLE) == 1 and not g.view(2).hand, ENGLISH("tutorial.check.30.m4.2")
    majors.show(scene("tutorial.city.scene.m2"))

    flood, food1 = ns["D"]("Flood"), C("Food", 1)
    g = ns["position"]([[C("Food", 4), food1, C("Housing", 2), PEOPLE], [C("Emergency Services", 3), C("School", 2)]],
                       [[flood], []], phase="main")
    assert g.round_score(0) == 2, ENGLISH("tutorial.check.30.r3.2")
    for start in ("ask player 2", "give emergency services 3", "put food 1"):
        g.apply(next(a for a in g.legal_actions() if g.describe(a, texts=Texts()).lower().startswith(start)))
    assert g.round_score(0) == 9 and g.decision == "diversity", ENGLISH("tutorial.check.30.x5.4")
