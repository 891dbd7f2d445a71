"""Helpers for the rules tests, which build their positions with `GameState.from_position(..., rest="deck")`:
a test names only the cards that matter for the rule it checks, and every other card goes under the deck."""

from __future__ import annotations

from collections import Counter

import pytest
from invariants import all_cards

from egonb import Action, GameError, GameState
from egonb.games.egocentric_world.actions import DISCARD_DRAWN, DRAW


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


def multiplayer_move(hand: list[int], drawn: int, legal: list[Action]) -> Action:
    """A plain, seeded-game-friendly way to play your seat of a multiplayer game (the app's tests): answer a Black
    Shield question with a 9 when you hold one (A9), play every 11 you get and designate yourself and the next
    player, putting in your highest card and announcing a 5 for theirs (A11), look at the next player's hand (A10),
    keep a drawn card lower than your highest card but a 9 (T1), match or pair when you can (T3, T4), else draw."""
    first: dict[str, Action] = {}
    for a in legal:
        first.setdefault(a.kind, a)
    worst = max((v for v in hand if v != 9), default=0)
    chosen = {
        "designate": lambda a: (a.a, a.b) == (0, 1), "look": lambda a: a.a == 1, "random": lambda a: False,
        "announce": lambda a: a.a == 5 and "pick" not in first, "pick": lambda a: a.a == max(hand),
        "keep": lambda a: a.a == worst and drawn < worst, "take": lambda a: a.a == 11,
    }
    for kind in ("shield", "no_shield", "designate", "look", "pick", "announce", "keep", "discard_drawn", "take",
                 "match", "pair", "skip", "draw"):
        fits = [a for a in legal if a.kind == kind and chosen.get(kind, lambda _a: True)(a)]
        if fits:
            return fits[0]
    return legal[0]
