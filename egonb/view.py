"""What one player may know (DESIGN "Information"), and a determinizer for search agents.

A `View` holds the player's own hand, the public table and the cards the player
legitimately saw; `determinize` deals every card the player cannot see anew, so
that the player's view is unchanged (the test of hidden information).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action
from .rules import Rules

if TYPE_CHECKING:
    from .state import GameState


@dataclass(frozen=True)
class View:
    """One player's knowledge of the game. Tuples only, so views compare and hash."""

    player: int
    #: The public configuration: deck counts, hand size, end score, difficulty.
    rules: Rules
    names: tuple[str, ...]
    solo: bool
    difficulty: int | None
    round: int
    turn: int
    current_player: int | None
    decision: str
    hand: tuple[int, ...]
    #: The card you drew and must now keep or discard (0 otherwise).
    drawn: int
    discard: tuple[int, ...]
    deck_size: int
    hand_sizes: tuple[int, ...]
    #: Per seat, cards you know are in that hand (Magnifying Glass, exchanges, shown pairs, taken discards).
    known: tuple[tuple[int, ...], ...]
    #: Solo: per seat, the Citybot's visible cards and the size of its hidden pile.
    visible: tuple[tuple[int, ...], ...]
    pile_sizes: tuple[int, ...]
    stop_caller: int | None
    #: The turn in progress is the extra one an Hourglass gave (A12, SP12).
    extra_turn: bool
    #: The ability being resolved: card, designated seats, and choices so far (a hidden pick shows as 0).
    ability_card: int
    designated: tuple[int, ...]
    choices: tuple[tuple[str, int], ...]
    scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    legal_actions: tuple[Action, ...]

    @property
    def n_players(self) -> int:
        return len(self.names)

    @property
    def top(self) -> int:
        return self.discard[-1] if self.discard else 0

    @property
    def is_over(self) -> bool:
        return self.decision == "game_over"


def build_view(state: GameState, player: int) -> View:
    n = state.n
    if type(player) is not int or not 0 <= player < n:
        from .errors import GameError

        raise GameError(f"no seat {player!r}: seats are 0-{n - 1}")
    pend = state.pending
    actor = state.turn
    choices = tuple(
        (kind, value if kind != "pick" or player == actor else 0) for kind, value in pend.get("choices", ())
    )
    nothing: tuple[tuple[int, ...], ...] = ((),) * n
    if state.solo:
        visible = tuple(tuple(sorted(state.hands[p])) if p else () for p in range(n))
        known = nothing
    else:
        visible = nothing
        known = tuple(
            tuple(sorted(state.known.get(player * 8 + p, ()))) if p != player else () for p in range(n)
        )
    return View(
        player=player,
        rules=state.rules,
        names=state.rules.names,
        solo=state.solo,
        difficulty=state.rules.difficulty,
        round=state.round,
        turn=state.turn,
        current_player=state.current,
        decision=state.phase,
        hand=tuple(sorted(state.hands[player] + state.piles[player])),
        drawn=state.drawn if (player == actor and state.phase == "keep_or_discard") else 0,
        discard=tuple(state.discard),
        deck_size=len(state.deck),
        hand_sizes=tuple(state.hand_size(p) for p in range(n)),
        known=known,
        visible=visible,
        pile_sizes=tuple(len(pile) for pile in state.piles),
        stop_caller=None if state.stop_caller < 0 else state.stop_caller,
        extra_turn=state.extra,
        ability_card=pend.get("card", 0),
        designated=tuple(pend.get("targets", ())),
        choices=choices,
        scores=tuple(tuple(s) for s in state.scores),
        totals=tuple(state.totals),
        winners=tuple(state.winners),
        legal_actions=tuple(state.legal_actions()) if player == state.current else (),
    )


def determinize(state: GameState, player: int, rng: random.Random) -> GameState:
    """A copy of `state` where every card `player` cannot see is dealt anew at random.

    Kept: the player's own hand, the discard pile, what the player knows of
    other hands (solo: the Citybots' visible cards), all sizes, and the drawn
    card if it is the player's. Dropped: the secrets of events and what other
    players know, since both come from the real cards. The copy gets a fresh
    random generator from `rng`.
    """
    return redeal(state.clone(), player, rng)


def redeal(c: GameState, player: int, rng: random.Random) -> GameState:
    """`determinize` in place, for a state nobody else holds (a search agent's freshly built sample)."""
    pool = c.deck[:]
    holes: list[tuple[list[int], int]] = []  # (list to refill, how many cards)
    for p in range(c.n):
        if p == player:
            continue
        pool.extend(c.piles[p])
        holes.append((c.piles[p], len(c.piles[p])))
        c.piles[p].clear()
        if c.solo:
            continue  # a Citybot's visible cards are public
        hand = c.hands[p]
        keep = list(c.known.get(player * 8 + p, ()))
        rest = hand[:]
        for v in keep:
            rest.remove(v)
        pool.extend(rest)
        hand[:] = keep
        holes.append((hand, len(rest)))
    redraw = bool(c.drawn) and c.turn != player
    if redraw:
        pool.append(c.drawn)
    rng.shuffle(pool)
    deck_size = len(c.deck)
    c.deck = pool[:deck_size]
    i = deck_size
    for target, count in holes:
        target.extend(pool[i:i + count])
        i += count
    if redraw:
        c.drawn = pool[i]
    c.known = _consistent_knowledge(c, player)
    _redeal_secret_picks(c, player, rng)
    c.events = [e if e.secret is None or player in e.to else e._replace(secret=None, to=()) for e in c.events]
    c.rng = random.Random(rng.getrandbits(64))
    c.seed = None  # later rounds are dealt from c.rng: the real seed would tell their cards
    return c


def _redeal_secret_picks(c: GameState, player: int, rng: random.Random) -> None:
    """A Two Cards pick from the actor's own hand is secret (A11): re-deal it from the actor's new hand."""
    actor = c.turn
    if actor == player:
        return
    if "choices" in c.pending:
        c.pending["choices"] = [[kind, rng.choice(c.hands[actor]) if kind == "pick" else value]
                                for kind, value in c.pending["choices"]]


def _consistent_knowledge(c: GameState, player: int) -> dict[int, list[int]]:
    """The player's own knowledge, which still holds after the re-deal. What others know is dropped: it
    was built from the real hidden cards, so keeping it would let samples reveal them."""
    out = {}
    for key, values in c.known.items():
        if key // 8 != player:
            continue
        seat = key % 8
        hand = c.hands[seat][:]
        kept = []
        for v in values:
            if v in hand:
                hand.remove(v)
                kept.append(v)
        if kept:
            out[key] = kept
    return out
