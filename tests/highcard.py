"""High card: a second, tiny game on egonb's game protocol, to prove the toolkit plays any game. Every seat is dealt
a card from 1-13 (four of each); in turn each keeps it or swaps it for the top of the deck; the highest card wins."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from egonb import protocol
from egonb.errors import GameError


class Move(NamedTuple):
    id: int
    word: str


KEEP, SWAP = Move(0, "keep"), Move(1, "swap")
DECK = [v for v in range(1, 14) for _ in range(4)]


@dataclass(frozen=True)
class HighCard:
    players: int = 2
    names: tuple[str, ...] = ()
    num_actions = 2
    scoring = "the card kept, higher is better"
    decisions = ("keep_or_swap",)

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", tuple(self.names) or tuple(f"P{i + 1}" for i in range(self.players)))

    @property
    def agent_seats(self) -> tuple[int, ...]:
        return tuple(range(self.players))


@dataclass(frozen=True)
class View:
    rules: HighCard
    player: int
    current_player: int | None
    card: int
    decision: str = "keep_or_swap"

    @property
    def legal_actions(self) -> tuple[Move, ...]:
        return (KEEP, SWAP) if self.current_player == self.player else ()


class State:
    def __init__(self, rules: HighCard, cards: list[int], deck: list[int], turn: int = 0) -> None:
        self.rules, self.cards, self.deck, self.turn, self.log = rules, cards, deck, turn, []

    current_player = property(lambda self: None if self.is_over else self.turn)
    is_over = property(lambda self: self.turn == self.rules.players)
    totals = property(lambda self: tuple(self.cards))
    winners = property(lambda self: [p for p, c in enumerate(self.cards) if self.is_over and c == max(self.cards)])

    def legal_actions(self) -> list[Move]:
        return [] if self.is_over else [KEEP, SWAP]

    def apply(self, action: object, player: int | None = None) -> Move:
        move = next((m for m in self.legal_actions() if type(action) in (int, Move) and action in (m, m.id)), None)
        if move is None or player not in (None, self.turn):
            raise GameError(f"{action!r} is not allowed now", "keep (0) or swap (1), by the player to decide")
        if move is SWAP:
            self.cards[self.turn] = self.deck.pop()
        self.log.append(f"{self.rules.names[self.turn]} {move.word}s")
        self.turn += 1
        return move

    def view(self, player: int) -> View:
        return View(self.rules, player, self.current_player, self.cards[player])

    def returns(self) -> tuple[float, ...]:
        return tuple(1.0 if p in self.winners else -1.0 for p in range(self.rules.players))

    def ranks(self) -> tuple[float, ...]:
        return protocol.rank_by(self.cards, higher_wins=True)

    def describe(self, action: Move) -> str:
        return f"{action.word} your {self.cards[self.turn]}"

    def transcript(self, viewer: int | None = None) -> list[str]:
        shown = [f"{name} shows {card}" for name, card in zip(self.rules.names, self.cards)] if self.is_over else []
        return self.log + shown

    def clone(self) -> State:
        copy = State(self.rules, self.cards[:], self.deck[:], self.turn)
        copy.log = self.log[:]
        return copy


class Encoder:
    size = 13

    def observation(self, view: View) -> np.ndarray:
        return np.eye(13, dtype=np.float32)[view.card - 1]

    def mask(self, view: View) -> np.ndarray:
        return np.array([int(m in view.legal_actions) for m in (KEEP, SWAP)], dtype=np.int8)


class Game:
    def new_state(self, config: HighCard, seed: int) -> State:
        deck = random.Random(seed).sample(DECK, 2 * config.players)
        return State(config, deck[:config.players], deck[config.players:])

    def sample_state(self, view: View, rng: random.Random) -> State:
        unseen = DECK[:]
        unseen.remove(view.card)
        deal = rng.sample(unseen, 2 * view.rules.players)
        cards = deal[:view.rules.players]
        cards[view.player] = view.card
        return State(view.rules, cards, deal[view.rules.players:], turn=view.player)

    def encoder(self, config: HighCard) -> Encoder:
        return Encoder()


protocol.register(HighCard, Game())


def keeps_high(view: View) -> Move:
    """Keeps a card of 7 or more."""
    return KEEP if view.card >= 7 else SWAP
