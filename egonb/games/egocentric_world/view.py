"""What one player may know (docs/ARCHITECTURE.md, "Information").

A `View` holds the player's own hand, the public table and the cards the player legitimately saw. It is built
from a state's public parts (`GameState.view`); `worlds` turns a view back into possible states.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...errors import GameError
from .actions import Action
from .decisions import ShieldQuestion, TwoCardsChoice
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
    #: The seats the game plays itself (the Citybots, SM1): their visible cards are public (SM4).
    automated: tuple[int, ...]
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
        raise GameError(f"no seat {player!r}: seats are 0-{n - 1}")
    pend = state.pending
    actor = state.turn
    choices = tuple(
        (kind, value if kind != "pick" or player == actor else 0) for kind, value in pend.choices
    ) if isinstance(pend, TwoCardsChoice) else ()
    nothing: tuple[tuple[int, ...], ...] = ((),) * n
    automated = state.automated_seats  # their visible cards are public (SM4)
    visible = tuple(tuple(sorted(state.hands[p])) if p in automated else () for p in range(n))
    known = nothing
    if state.variant.tracks_knowledge:
        known = tuple(tuple(sorted(state.known.get((player, p), ()))) if p != player else () for p in range(n))
    return View(
        player=player,
        rules=state.rules,
        names=state.rules.names,
        automated=tuple(sorted(automated)),
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
        ability_card=pend.card if pend is not None else 0,
        designated=pend.targets if isinstance(pend, (ShieldQuestion, TwoCardsChoice)) else (),
        choices=choices,
        scores=tuple(tuple(s) for s in state.scores),
        totals=tuple(state.totals),
        winners=tuple(state.winners),
        legal_actions=tuple(state.legal_actions()) if player == state.current else (),
    )
