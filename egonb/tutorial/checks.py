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
from typing import Any

from ..agents import AGENTS
from ..app import SoloApp
from ..games.egocentric_world.actions import Action
from ..games.egocentric_world.cards import ABILITY_NAMES
from ..games.egocentric_world.rules import Rules
from ..games.egocentric_world.state import GameState
from .deck import turn_order
from .explorer import ActionExplorer
from .stepper import SCENARIOS as STEPPER_SCENARIOS
from .stepper import STEPS, solo_position

Namespace = dict[str, Any]


def _option(explorer: ActionExplorer, kind: str, a: int | None = None, b: int | None = None) -> Action:
    """The explorer's button of this kind (and first / second card or seat, when given)."""
    return next(x for x in explorer.options() if x.kind == kind and a in (None, x.a) and b in (None, x.b))


def _do(explorer: ActionExplorer, kind: str, a: int | None = None, b: int | None = None) -> Any:
    """Click that button; the engine must accept it. Returns the explorer's game."""
    assert explorer.choose(_option(explorer, kind, a, b)), f"the engine refused {kind}: {explorer.last_error}"
    return explorer.game


def _first(game: Any, kind: str) -> Action:
    return next(a for a in game.legal_actions() if a.kind == kind)


def _names(actions: Sequence[Action]) -> list[tuple[str, int, int]]:
    return sorted((a.kind, a.a, a.b) for a in actions)


def chapter_01(ns: Namespace) -> None:
    rules, g, deck_explorer = ns["rules"], ns["g"], ns["deck_explorer"]
    counts = {v: rules.deck.count(v) for v in range(1, 13)}
    assert len(rules.deck) == 60 and set(counts.values()) == {5}, "C1: 60 cards, five of each value 1-12"
    assert len(Rules(counts=(6,) * 12).deck) == 72, "C1: the count table is a setting the engine honours"
    assert sorted(ABILITY_NAMES) == [8, 9, 10, 11, 12] and ABILITY_NAMES[8] == "789", "C2: abilities on 8-12"
    assert g.scores == [[11, 6]] and g.winners == [1], "C3: the 789 scores 8 (8 + 3 = 11 against 2 + 4 = 6)"
    deck_explorer.reset()
    first = deck_explorer.hand
    deck_explorer.deal.click()
    hand = deck_explorer.hand
    assert len(hand) == 5 and hand != first, "S1: each click deals a new starting hand of five"
    assert f"scores <b>{sum(hand)}</b>" in deck_explorer.score.value, "C3, E1: a hand scores the sum of its values"
    deck_explorer.value.value = 8
    assert "5 of the 60 cards are an 8 (789)" in deck_explorer.odds.value, "C1, C2: five 789s in the deck"
    held = sum(8 in h for h in deck_explorer.hands)
    assert f"<b>{held}</b> starting hands" in deck_explorer.odds.value and 0 < held < 400, \
        "C1: how often a card turns up, counted over real deals"
    assert sum(1 for c in rules.deck if c in ABILITY_NAMES) == 25 and counts[1] == 5, "C2: 25 ability cards"
    deck_explorer.reset()


def chapter_02(ns: Namespace) -> None:
    deal, game, round1, reshuffle = ns["deal"], ns["game"], ns["round1"], ns["reshuffle"]
    for players, left in ((4, 39), (6, 29)):
        deal.players.value = players
        view = deal.game.view(deal.seat.value)
        assert view.hand_sizes == (5,) * players and len(view.discard) == 1, "S1: five cards each, one card up"
        assert view.deck_size == left, "S1: the rest of the 60 cards is the deck"
        assert len(view.hand) == 5 and all(not k for k in view.known), "S1: you see only your own hand"
    deal.players.value = 4
    deal.seat.value = 2
    assert "(only Player 3 sees the hand)" in deal.story.value, "S1: the log shows your hand to you alone"
    assert deal.story.value.count("sees the hand") == 1, "S1: nobody else's hand is in your log"
    assert game.round == 2 and round1[game.turn] == max(round1), "S2: the highest scorer starts round 2"
    order = turn_order(deal.game)
    assert order == [(order[0] + k) % 4 for k in range(4)], "S3: clockwise from the first player"
    reshuffle.restart.click()
    assert reshuffle.choose(_option(reshuffle, "draw")), "S4: drawing from an empty deck is allowed"
    assert reshuffle.game.events[0].rule == "S4" and reshuffle.game.view(0).discard == (10,), \
        "S4: the discard pile was reshuffled except its top card"
    assert reshuffle.game.view(0).deck_size == 60 - 10 - 1 - 1, "S4: every other card is the new deck"
    reshuffle.restart.click()
    deal.seat.value = 0


def chapter_03(ns: Namespace) -> None:
    actions, stop_again, quiz, quiz_position = ns["actions"], ns["stop_again"], ns["quiz"], ns["quiz_position"]
    actions.restart.click()
    legal = _names(actions.game.legal_actions())
    assert ("match", 3, 0) in legal and ("match", 5, 0) not in legal, "T3: match only the discard's value"
    assert ("pair", 5, 5) in legal and ("pair", 9, 9) not in legal, "T4: a pair needs two equal cards"
    assert [k for k in legal if k[0] == "take"] == [("take", v, 0) for v in (3, 5, 9, 12)], \
        "T2: take the discard in place of any hand card"
    assert ("draw", 0, 0) in legal and ("stop", 0, 0) in legal, "T1, T5: draw and STOP are offered"
    assert not actions.choose(_option(actions, "match", 5)), "T3: a 5 does not match a 3"
    assert "not allowed" in actions.last_error and actions.game.view(0).hand == (3, 5, 5, 9, 12), \
        "T3: a refused match changes nothing"
    assert _do(actions, "draw").view(0).drawn == 2, "T1: the drawn card is shown to the drawer"
    game = _do(actions, "keep", 12)
    assert game.view(0).hand == (2, 3, 5, 5, 9) and game.decision == "ability", \
        "T1, D2: the kept 2 replaces the 12, which is played"
    actions.restart.click()
    game = _do(actions, "pair", 5)
    assert game.view(0).hand == (3, 5, 9, 12) and game.view(1).known[0] == (5,), \
        "T4: the hand shrinks by one and the kept 5 is known to all"
    stop_again.restart.click()
    assert all(a.kind != "stop" for a in stop_again.game.legal_actions()), "T5: one STOP per round"
    assert not stop_again.choose(_option(stop_again, "stop")), "T5: a second STOP is refused"
    quiz.reset()
    assert quiz.answers.disabled, "T1-T5: the quiz shows no answer before it is attempted"
    for box, act in zip(quiz.boxes, quiz.offered):
        box.value = act in quiz.game.legal_actions()
    assert quiz.mark() == 0, "T1-T5: the engine's legal actions mark the quiz"
    quiz.boxes[0].value = not quiz.boxes[0].value
    assert quiz.mark() == 1, "T1-T5: one wrong box is one mistake"

    def total_after(act: Action) -> int:
        g = quiz_position.clone()
        g.apply(act)
        return sum(g.view(0).hand)

    shrinking = [a for a in quiz_position.legal_actions() if a.kind in ("match", "pair", "take")]
    best = min(shrinking, key=total_after)
    assert (best.kind, best.a, total_after(best)) == ("match", 10, 26), "T3: matching the 10 lowers the hand most"
    actions.restart.click()
    stop_again.restart.click()
    quiz.reset()


def chapter_04(ns: Namespace) -> None:
    played_or_not, take_explorer = ns["played_or_not"], ns["take_explorer"]
    played_or_not.restart.click()
    assert _do(played_or_not, "draw").view(0).drawn == 12, "T1: the drawn 12 is shown"
    g = _do(played_or_not, "discard_drawn")
    assert g.events[-1].rule == "D1" and g.decision == "action" and g.current_player == 1, \
        "D1: a card discarded from the deck has no ability"
    played_or_not.restart.click()
    _do(played_or_not, "draw")
    g = _do(played_or_not, "keep", 12)
    assert g.decision == "ability" and {a.kind for a in g.legal_actions()} == {"skip", "hourglass"}, \
        "D2: the played 12 offers its ability, optionally"
    played_or_not.restart.click()
    _do(played_or_not, "draw")
    g = _do(played_or_not, "keep", 6)
    assert g.current_player == 1 and g.view(0).hand == (2, 3, 4, 12, 12), "D2: a played 6 has no ability"
    take_explorer.restart.click()
    g = _do(take_explorer, "take", 10)
    assert g.decision == "ability" and any(a.kind == "look" for a in g.legal_actions()), \
        "D2, T2: the 10 given up for the discard is played"
    take_explorer.restart.click()
    assert _do(take_explorer, "take", 6).current_player == 1, "D2, T2: a 6 given up has no ability"
    ex = GameState.from_position(Rules(players=3), hands=[[1, 2, 3, 3, 4], [5, 6, 7, 8, 9], [5, 6, 7, 8, 9]],
                                 discard=[10], deck=[11], rest="deck")
    ex.apply(_first(ex, "draw"))
    ex.apply(_first(ex, "discard_drawn"))
    assert ex.decision == "action" and ex.current_player == 1 and ex.view(1).top == 11, \
        "D1: the exercise's drawn 11 is discarded without its ability"
    played_or_not.restart.click()
    take_explorer.restart.click()


def chapter_05(ns: Namespace) -> None:
    a8, a9, a10, a11, a12 = (ns[name] for name in ("a8", "a9", "a10", "a11", "a12"))
    a8.restart.click()
    kinds = {(x.kind, x.a, x.b) for x in a8.game.legal_actions()}
    assert {("match", 8, 0), ("pair", 8, 9), ("pair", 9, 8)} <= kinds, "A8: the 789 matches a 7 and pairs a 9"
    assert ("match", 9, 0) not in kinds, "A8: a 9 does not match a 7"
    a10.restart.click()
    _do(a10, "pair", 10, 10)
    g = _do(a10, "look", 1)
    assert g.current_player == 1 and [x.kind for x in g.legal_actions()] == ["no_shield"], \
        "A9: a designated player without a 9 is asked too"
    g = _do(a10, "no_shield")
    i = next(i for i, e in enumerate(g.events) if e.kind == "look")
    assert g.events[i].to == (0,) and "2, 3, 5, 7, 12" in g.events_for(0, i)[0][1], \
        "A10: the looker sees the whole hand"
    assert all("7" not in g.events_for(seat, i)[0][1] for seat in (1, 2)), "A10: nobody else sees it"
    assert "only Player 1 sees the hand" in a10.history.value, "A10: the log says the look is secret"
    a11.restart.click()
    _do(a11, "match", 11)
    g = _do(a11, "designate", 1, 2)
    assert g.decision == "shield" and g.current_player == 1 and [x.kind for x in g.legal_actions()] == ["no_shield"], \
        "A11, A9: each designated player is asked before anything moves"
    _do(a11, "no_shield")
    _do(a11, "no_shield")
    _do(a11, "announce", 3)
    g = _do(a11, "random")
    assert g.view(0).hand_sizes == (4, 5, 5) and g.view(1).hand.count(3) == 1, "A11: one 3 of Player 2 moved"
    assert sum(1 for e in g.events if e.kind == "receive") == 2, "A11: both receivers see their card"
    a11.restart.click()
    _do(a11, "match", 11)
    _do(a11, "designate", 1, 2)
    _do(a11, "no_shield")
    _do(a11, "no_shield")
    _do(a11, "announce", 4)
    g = _do(a11, "random")
    assert [e.kind for e in g.events[-2:]] == ["wrong", "penalty"] and g.current_player == 1, \
        "A11: a wrong announcement cancels the swap"
    assert g.view(0).hand_sizes[0] == 5 and g.view(0).hand == (1, 4, 5, 7, 12), "A11: and costs a penalty card"
    a9.restart.click()
    _do(a9, "match", 11)
    g = _do(a9, "designate", 0, 1)
    assert g.current_player == 1 and {x.kind for x in g.legal_actions()} == {"shield", "no_shield"}, \
        "A9: the 9-holder may shield"
    g = _do(a9, "shield")
    assert g.events[-1].rule == "A9" and 9 not in g.view(1).hand and g.view(0).hand == (2, 3, 4, 6), \
        "A9: the shield cancels the whole Two Cards"
    a12.restart.click()
    _do(a12, "pair", 12, 12)
    g = _do(a12, "hourglass")
    assert g.current_player == 0 and g.decision == "action", "A12: the Hourglass gives another turn"
    for explorer in (a8, a9, a10, a11, a12):
        explorer.restart.click()


def chapter_06(ns: Namespace) -> None:
    finisher, scorer = ns["finisher"], ns["scorer"]
    finisher.restart.click()
    g = _do(finisher, "match")
    assert g.is_over and g.events[-1].rule == "E2" and g.scores == [[0, 21, 34]] and g.winners == [0], \
        "T6, E1: the empty hand ends the round, scored at once"
    assert not any(e.kind == "designate" or e.rule == "A10" for e in g.events), "T6: the last card's ability is lost"
    assert any(e.kind == "round_end" and e.rule == "T6" for e in g.events), "T6: the round ends on an empty hand"
    finisher.restart.click()
    g = _do(finisher, "take")
    assert not g.is_over and g.view(0).hand == (10,), "T6: taking the 10 keeps a card, the round goes on"
    scorer.end_score.value = 50
    while not scorer.game.is_over:
        scorer.play()
    view = scorer.game.view(0)
    totals_before_last = [sum(r[p] for r in view.scores[:-1]) for p in range(4)]
    assert max(view.totals) >= 50 and max(totals_before_last) < 50, "E2: the game ends after the round reaching 50"
    assert list(view.winners) == [p for p in range(4) if view.totals[p] == min(view.totals)], \
        "E2: the lowest total wins"
    assert "Winner" in scorer.board.value and scorer.round_button.disabled, "E2: the scorer says the game is over"
    ex = GameState.from_position(Rules(players=3, full_game=True), hands=[[12], [12, 6, 9], [8]], discard=[1, 4],
                                 deck=[], scores=[[16, 10, 25], [15, 14, 15]], rest="deck")
    ex.apply(_first(ex, "stop"))
    for seat in (1, 2):
        assert ex.current_player == seat, "T5: every other player gets one last turn"
        ex.apply(_first(ex, "draw"))
        ex.apply(_first(ex, "discard_drawn"))
    assert ex.totals == [43, 51, 48] and ex.is_over and ex.winners == [0], "E2: the exercise's game ends, 43 wins"
    finisher.restart.click()
    scorer.new_button.click()


def chapter_07(ns: Namespace) -> None:
    solo, first_view, stepper = ns["solo"], ns["first_view"], ns["stepper"]
    bots = [e.player for e in solo.events if e.kind == "bot"]
    assert solo.events[0].player == 1 and "SM3" in solo.events_for(0)[0][1], "SM3: Citybot Left opens round 1"
    assert bots[0] == 1 and 2 in bots and bots.index(2) > bots.index(1) and solo.current_player == 0, \
        "SM1: Left, then Right, then you"
    assert all(first_view.hand_sizes[b] == first_view.pile_sizes[b] + len(first_view.visible[b]) for b in (1, 2)), \
        "SM4: a Citybot's hand is its pile plus its visible cards"

    def watch(name: str) -> list[frozenset[str]]:
        stepper.show(name)
        lit = []
        while stepper.step() is not None:
            lit.append(frozenset(stepper.lit))
        return lit

    assert watch("STOP (SB1)") == [{"SB1"}], "SB1"
    assert watch("reveal and match (SB2–SB4)") == [{"SB2"}, {"SB3"}, {"SB4"}] and stepper.passed == {"SB1"}, \
        "SB2, SB3, SB4"
    assert stepper.board_view()[0].visible[1] == (2,) and stepper.board_view()[0].top == 3, \
        "SB4: the revealed 3 went from Left's hand to the discard pile on the board"
    assert watch("pair (SB5)")[-1] == {"SB5"} and "SB3" in stepper.passed, "SB5 (SB3 passed over: a 9 is up)"
    assert watch("take the discard (SB6)") == [{"SB6"}], "SB6"
    assert watch("draw and keep (SB7–SB8)") == [{"SB7"}, {"SB8"}], "SB7, SB8"
    assert watch("draw and discard (SB7, SB9)")[-2:] == [{"SB7"}, {"SB9"}] and "SB8" in stepper.passed, "SB7, SB9"
    assert stepper.result.events[-1].rule == "SB9" and stepper.result.view(0).top == 9, "SB9: the 9 is discarded"
    assert watch("789 on the discard (SC8)") == [{"SB4", "SC8"}], "SC8: a 9 matches the 789"
    assert watch("Magnifying Glass and a 9 (SC10, SC9)") == [{"SB6"}, {"SC10"}, {"SC9"}], "SC10, SC9"
    assert stepper.result.view(0).visible[2] == (1, 3, 5, 7) and stepper.result.view(0).top == 9, \
        "SC9: the uncovered 9 is played at once"
    assert watch("Two Cards (SC11)")[-1] == {"SC11"} and 1 in stepper.result.view(0).visible[1], \
        "SC11: your lowest card joins Left's visible cards"
    assert 6 in stepper.result.view(0).hand, "SC11: Left's pile top (6) comes to you"
    assert watch("Hourglass (SC12)")[-1] == {"SC12"} and stepper.can_continue, "SC12: Left plays again"
    stepper.next_turn()
    assert stepper.start.turn == 1, "SC12: the next turn is Left's too"
    stepper.watch(solo_position([6, 6, 11], [], [1, 2, 3, 4, 10], [4]))
    while stepper.step() is not None:
        pass
    assert [e.rule for e in stepper.events if e.kind == "bot"] == ["SB5"], "SB5: the exercise's answer"
    assert stepper.result.view(0).visible[1] == (6, 11) and stepper.result.view(0).top == 6, "SB5: a 6 is played"
    assert set(STEPPER_SCENARIOS) and all(rule in STEPS for rule in ("SB1", "SB9", "SC8", "SC12")), \
        "SB1-SB9, SC8-SC12: the checklist is complete"
    stepper.picker.value = "reveal and match (SB2–SB4)"
    stepper.show(stepper.picker.value)


def chapter_08(ns: Namespace) -> None:
    level, end_round, solo_sandbox, app = ns["level"], ns["end_round"], ns["solo_sandbox"], ns["app"]
    def scores_at(lvl: int) -> list[int]:
        level.value = lvl
        assert _do(end_round, "match").is_over, "T6: the last card matched ends the round"
        return list(end_round.game.scores[0])

    assert scores_at(1) == [0, 19, 22], "SM2: difficulty 1 scores every card"
    assert scores_at(2) == [0, 17, 21], "SM2: difficulty 2 drops each Citybot's lowest card"
    assert scores_at(3) == [0, 7, 12], "SM2: difficulty 3 drops each Citybot's highest card"
    assert [e.rule for e in end_round.game.events if e.kind == "removal"] == ["SM2", "SM2"], "SM2: one per Citybot"
    solo_sandbox.show("789 (SP8)")
    kinds = {(a.kind, a.a, a.b) for a in solo_sandbox.explorer.game.legal_actions()}
    assert {("match", 8, 0), ("pair", 8, 9), ("pair", 9, 8)} <= kinds, "SP8: the 789 matches and pairs the 9"
    solo_sandbox.show("Black Shield (SP9)")
    e = solo_sandbox.explorer
    _do(e, "draw")
    _do(e, "discard_drawn")
    assert e.game.decision == "shield" and {a.kind for a in e.options()} == {"shield", "no_shield"}, \
        "SP9: you are asked because you hold a 9"
    _do(e, "shield")
    assert 9 not in e.game.view(0).hand and any(ev.rule == "SP9" for ev in e.game.events), "SP9: the 9 cancels SC11"
    solo_sandbox.show("Magnifying Glass (SP10)")
    e = solo_sandbox.explorer
    _do(e, "pair")
    _do(e, "reveal_pile", 2)
    rules = [ev.rule for ev in e.game.events]
    assert rules[rules.index("SP10") + 1] == "SC9", "SP10, SC9: the uncovered 9 is played at once"
    solo_sandbox.show("Two Cards (SP11)")
    e = solo_sandbox.explorer
    _do(e, "pair")
    assert any(a.kind == "swap" for a in e.options()), "SP11: a swap between the Citybots is offered"
    e.choose(next(a for a in e.options() if a.kind == "exchange" and (a.a, a.b, a.c) == (12, 1, 0)))
    assert 6 in e.game.view(0).hand and 12 not in e.game.view(0).hand, "SP11: your 12 for Left's pile top"
    solo_sandbox.show("Hourglass (SP12)")
    e = solo_sandbox.explorer
    _do(e, "pair")
    _do(e, "hourglass")
    assert e.game.decision == "action" and not any(ev.kind == "bot" for ev in e.game.events), \
        "SP12: your extra turn comes before the Citybots"
    game = app.session.game  # the game behind the widgets (egonb.games.egocentric_world.session.GameSession)
    assert game.rules == Rules.solo_game(2, full_game=True) and game.current_player in (0, None), \
        "SM2: the full game at difficulty 2"
    twin = SoloApp(seed=2024, difficulty=2).session  # the same deal, so the reader's table stays as they left it
    assert twin.game.current_player == 0 and twin.game.round == 1, "SM3: the Citybots opened, you decide"
    token, first = twin.token, twin.game.legal_actions()[0].id
    assert twin.act(token, first) and twin.token == token + 1, "T1-T5: a legal click is applied once"
    with contextlib.redirect_stderr(io.StringIO()):  # the app logs the refusal; keep it off the page
        assert not twin.act(token, first), "T1-T5: the same click repeated is refused"
    # in the reader's language (a French chapter's too): the click's decision and the open one
    assert f"{token}" in twin.refused[-1] and f"{twin.token}" in twin.refused[-1], "T1-T5: the refusal says why"
    end_round.restart.click()
    solo_sandbox.show("789 (SP8)")


def chapter_00(ns: Namespace) -> None:
    game = ns["app"].session.game
    assert game.rules == Rules.solo_game(1, full_game=True), "SM2: the quick start plays at difficulty 1"
    assert game.n == 3 and game.current_player == 0 and game.round == 1, "SM1, SM3: the Citybots opened, you decide"
    kinds = {a.kind for a in game.legal_actions()}
    assert {"draw", "take", "stop"} <= kinds, "T1, T2, T5: the table offers the moves the quick start lists"
    played, moves = newcomer_round(game)
    assert played.round == 2 or played.is_over, "E1: a simple policy plays the first round to its end"
    assert len(played.scores[0]) == 3 and moves > 0, "E1: the round is scored for you and both Citybots"


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
    assert scorer.total == 8 and dict(scorer.parts())["Food"] == 0, "R4: two Foods score nothing (3 + 2 + 3 = 8)"
    scorer.remove(C("Food", 1))
    assert scorer.total == 12 and dict(scorer.parts())["Food"] == 4, "R4: one Food less, the other one counts"
    assert not scorer.add(PEOPLE) and "H2" in scorer.refusal.value, "H2: the engine refuses a second PEOPLE"
    assert scorer.place(ns["D"]("Flood")) and scorer.total == 9, "R3: a disaster in front counts against you"
    scorer.reset()

    def click(explorer: Any, start: str) -> Any:
        act = next(a for a in explorer.options() if explorer.game.describe(a).lower().startswith(start))
        assert explorer.choose(act), explorer.answer.value
        return explorer.game

    clearing.show("Resolve your Flood (X3)")
    g = click(clearing, "put emergency services 2")
    assert not g.view(0).fronts[0] and g.view(0).discard[-1] == ns["D"]("Flood"), \
        "X3, P6, P8: one click fills both slots (the second is forced) and the Flood tops the discard pile"
    assert g.turn == 1 and clearing.viewer == 1, "P4: clearing is the ending act; the board follows Player 2"
    clearing.show("Donate to a Fire (X4, X6)")
    g = click(clearing, "give housing 2")
    g = click(clearing, "stop")
    assert g.view(0).fronts[1][0][1] == C("Housing", 2) and g.turn == 0 and g.decision == "main", \
        "X6, X4: a lone card lies on the Fire as a partial, and the giver's turn goes on"
    clearing.show("Donate to a Fire (X4, X6)")
    click(clearing, "give housing 2")
    g = click(clearing, "give emergency services 4")
    assert not g.view(0).fronts[1] and g.turn == 1, "X4: a clearing donation clears the Fire and ends the turn"
    clearing.show("Ask for help (X5)")
    g = click(clearing, "ask player 2")
    assert g.current_player == 1 and g.turn == 0 and clearing.viewer == 1, "X5: the asked player answers out of turn"
    assert clearing.board.value["banner"].startswith("You are now Player 2"), "X5: the board says whose eyes"
    g = click(clearing, "give public transportation 2")
    assert not g.view(0).fronts[0] and g.turn == 1, "X5, P4: a clearing answer ends the asker's turn"
    clearing.show("Resolve your Flood (X3)")

    majors.show("World War (M2)")
    hands = [majors.game.view(p).hand for p in range(3)]
    g = click(majors, "draw the top card")
    assert [g.view(p).hand for p in range(3)] == [hands[1], hands[2], hands[0]], "M2: every hand moves right"
    assert g.view(2).known[2] == (), "I3: the hand you passed is yours no more"
    assert set(g.view(0).known[2]) == set(hands[0]), "I3: Player 1 knows the cards it passed to Player 3"
    majors.show("Pandemic (M3)")
    g = click(majors, "draw the top card")
    assert g.decision == "major" and g.current_player == 0, "M1: the drawer chooses first"
    g = click(majors, "discard people")
    assert PEOPLE not in g.view(1).hand and g.current_player == 2, \
        "M3, P8: Player 2's forced choice (PEOPLE, under 3 CITY) is made for it"
    for _ in range(3):
        g = click(majors, "discard")
    assert len(g.view(2).hand) == 1 and g.turn == 1, "M3: 3 CITY cards of your choice; M1: then the drawer's turn ends"
    majors.show("Global Warming (M4)")
    g = click(majors, "draw the top card")
    click(majors, "discard")
    g = click(majors, "discard")
    assert len(g.view(0).hand) == 1, "M4: two CITY cards go"
    while g.decision == "major":
        g = click(majors, "discard")
    assert g.view(1).hand.count(PEOPLE) == 1 and not g.view(2).hand, "M4: PEOPLE stays; fewer than 2 CITY: all go"
    majors.show("World War (M2)")

    flood, food1 = ns["D"]("Flood"), C("Food", 1)
    g = ns["position"]([[C("Food", 4), food1, C("Housing", 2), PEOPLE], [C("Emergency Services", 3), C("School", 2)]],
                       [[flood], []], phase="main")
    assert g.round_score(0) == 2, "R3, R4: the exercise's hand scores 2 (the Foods cancel, the Flood costs 3)"
    for start in ("ask player 2", "give emergency services 3", "put food 1"):
        g.apply(next(a for a in g.legal_actions() if g.describe(a).lower().startswith(start)))
    assert g.round_score(0) == 9 and g.decision == "diversity", "X5, X6, X3, R1: the answer's plan scores 9"
