"""Invariants every reachable game state must satisfy, checked after every action by the random-play tests."""

from __future__ import annotations

from collections import Counter

from egonb import GameState
from egonb.games.egocentric_world.decisions import DECISION_KINDS

#: How each event kind changes its player's hand size (SM2 removal and Citybot plays included).
_HAND_DELTA = {"match": -1, "pair": -1, "shield": -1, "penalty": +1, "removal": -1}
_BOT_PLAY_DELTA = {"SB4": -1, "SB5": -1, "SC8": -1, "SC9": -1}


def all_cards(g: GameState) -> list[int]:
    cards = g.deck + g.discard + [c for h in g.hands for c in h] + [c for p in g.piles for c in p]
    return cards + ([g.drawn] if g.drawn else [])


class Tracker:
    """Follows a game's events to predict hand sizes, so the state and its events must agree."""

    def __init__(self, g: GameState) -> None:
        self.seen = 0
        self.sizes = [g.rules.hand_size] * g.n
        self.scored_rounds = 0
        self.advance(g)

    def advance(self, g: GameState) -> None:
        for event in g.events[self.seen:]:
            if event.kind == "round_start":
                self.sizes = [g.rules.hand_size] * g.n
            elif event.kind in _HAND_DELTA:
                self.sizes[event.player] += _HAND_DELTA[event.kind]
            elif event.kind == "bot" and event.rule in _BOT_PLAY_DELTA:
                self.sizes[event.player] += _BOT_PLAY_DELTA[event.rule]
            elif event.kind == "reveal_hand":
                assert event.args["score"] == sum(event.args["hand"]), "E1: a round score is the hand's sum"
                assert len(event.args["hand"]) == self.sizes[event.player], "hand size at round end"
        self.seen = len(g.events)


def check(g: GameState, tracker: Tracker) -> None:
    """All cards once, hand sizes, whose decision it is, scores = hand sums, knowledge true."""
    assert Counter(all_cards(g)) == Counter(g.rules.deck), "every card exactly once"
    tracker.advance(g)
    assert g.discard, "the discard pile is never empty"
    assert len(g.totals) == g.n and all(len(s) == g.n for s in g.scores)
    assert [sum(col) for col in zip(*g.scores)] == g.totals or not g.scores
    if g.is_over:
        assert g.current_player is None and g.legal_actions() == []
        best = min(g.totals)
        assert g.winners == [p for p in range(g.n) if g.totals[p] == best], "E2: lowest total wins"
        assert not g.rules.full_game or max(g.totals) >= g.rules.end_score
        return
    assert [g.hand_size(p) for p in range(g.n)] == tracker.sizes, "hand sizes follow the events"
    assert all(g.hand_size(p) > 0 for p in range(g.n)), "T6: an empty hand ends the round"
    assert g.legal_actions(), "a live game always offers an action"
    assert {a.kind for a in g.legal_actions()} <= DECISION_KINDS[g.decision], "each decision offers its own kinds"
    if g.automated_seats:
        assert g.current_player == 0, "the engine plays the automated seats (the solo Citybots); you always decide"
        assert not g.piles[0] and not g.known
    else:
        assert not any(g.piles)
    if g.decision == "shield":
        assert g.current_player == g.pending.ask[0] != g.turn or bool(g.automated_seats)
    else:
        assert g.current_player == g.turn
    assert (g.drawn != 0) == (g.decision == "keep_or_discard")
    for key, values in g.known.items():
        assert not Counter(values) - Counter(g.hands[key[1]]), "knowledge of a hand is never false"
