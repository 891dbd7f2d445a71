"""Hand-built positions for the rules tests.

A rules test names only the cards that matter for the rule it checks; `position`
writes them over a fresh game and puts every other card of the deck table under
the deck (or under the discard pile), so a hand-built position is still a real
one: all cards accounted for exactly once. As in GameState, the top card of the
deck, of the discard pile and of a Citybot's hidden pile is the LAST one of its
list; in solo mode `hands[1]` and `hands[2]` are the Citybots' visible cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from invariants import all_cards

from egonb import Action, GameError, GameState, Rules, new_game
from egonb.actions import DISCARD_DRAWN, DRAW


def position(
    rules: Rules,
    hands: Sequence[Sequence[int]],
    discard: Sequence[int],
    *,
    deck: Sequence[int] = (),
    piles: Sequence[Sequence[int]] | None = None,
    turn: int = 0,
    stop_caller: int = -1,
    totals: Sequence[int] | None = None,
    rest: str = "deck",
    seed: int = 0,
) -> GameState:
    """A game at the start of `turn`'s turn (decision 'action') holding exactly the given cards.

    `deck` are the top cards of the deck; the cards nobody named go under them,
    or under the discard pile when `rest="discard"` (an empty deck, for S4).
    `totals` presets the running totals of earlier rounds (E2).
    """
    g = new_game(rules, seed)
    piles = piles if piles is not None else [[] for _ in range(g.n)]
    if len(hands) != g.n or len(piles) != g.n:
        raise ValueError(f"give one hand and one pile per seat ({g.n})")
    named = Counter(discard) + Counter(deck)
    for cards in (*hands, *piles):
        named += Counter(cards)
    missing = named - Counter(rules.deck)
    if missing:
        raise ValueError(f"the deck table has no room for {sorted(missing.elements())}")
    others = sorted((Counter(rules.deck) - named).elements())
    if rest == "deck":
        g.deck, g.discard = others + list(deck), list(discard)
    elif rest == "discard":
        g.deck, g.discard = list(deck), others + list(discard)
    else:
        raise ValueError(f"rest must be 'deck' or 'discard', not {rest!r}")
    g.hands = [list(h) for h in hands]
    g.piles = [list(p) for p in piles]
    g.known = {}
    g.stop_caller = stop_caller
    if totals is not None:
        g.totals = list(totals)
    g._start_turn(turn)
    g.events = []
    assert Counter(all_cards(g)) == Counter(rules.deck)
    return g


def draw_and_discard(g: GameState) -> None:
    """A quiet turn for the current player: draw, then discard the drawn card (D1: nothing triggers)."""
    g.apply(DRAW)
    g.apply(DISCARD_DRAWN)


def kinds(g: GameState, start: int = 0) -> list[tuple[str, str, int | None]]:
    """(kind, rule id, player) of every event from `start` on: what happened, by which rule, to whom."""
    return [(e.kind, e.rule, e.player) for e in g.events[start:]]


def bot_steps(g: GameState, start: int = 0) -> list[tuple[int | None, str]]:
    """(Citybot seat, step id) of the Citybot events from `start` on, in order."""
    return [(e.player, e.rule) for e in g.events[start:] if e.kind == "bot"]


def assert_refused(g: GameState, action: Action | int, player: int | None = None) -> GameError:
    """Bad input: GameError, and the game is exactly as it was."""
    before = g.to_json()
    with pytest.raises(GameError) as info:
        g.apply(action, player)
    assert g.to_json() == before
    return info.value


def assert_all_cards(g: GameState) -> None:
    """Every card of the deck table is somewhere, exactly once."""
    assert Counter(all_cards(g)) == Counter(g.rules.deck)


def texts(g: GameState, seat: int | None, kind: str) -> list[str]:
    """The texts of the events of `kind` as `seat` may read them (secret parts only for their `to` seats)."""
    return [t for e, t in g.events_for(seat) if e.kind == kind]
