"""Solo Egocentric World (SM1-SM4): you (seat 0) against Citybot Left (seat 1) and Citybot Right (seat 2).

The Citybots are automated seats: the engine plays them (`variants.citybots`) until you must decide. Your
abilities are SP8-SP12 (SP10 and SP11 differ from multiplayer: they work on the Citybots' piles and visible cards);
at difficulty 2 and 3 each Citybot drops a card before a round is scored (SM2). Nobody's knowledge is tracked:
the Citybots' visible cards are public and the Citybots see everything.
"""

from __future__ import annotations

from typing import Final

from ..actions import EXCHANGE, HOURGLASS, NO_SHIELD, REVEAL_PILE, SHIELD, SKIP, SWAP, Action
from ..cards import BLACK_SHIELD, MAGNIFYING_GLASS
from ..cards import HOURGLASS as HOURGLASS_CARD
from ..decisions import AbilityOffer, Phase
from ..rules import Rules
from ..state import GameState, Variant
from . import citybots, shared
from .citybots import BOTS, YOU

#: SM1: you at seat 0, then the two Citybots.
NAMES: Final = ("You", "Citybot Left", "Citybot Right")


class Solo(Variant):
    name = "solo"
    match_789 = "SP8"
    shield = "SP9"
    hourglass = "SP12"
    tracks_knowledge = False

    def accepts(self, rules: Rules) -> bool:
        return rules.difficulty is not None

    def seat_names(self, rules: Rules) -> tuple[str, ...]:
        return NAMES

    def automated(self, rules: Rules) -> frozenset[int]:
        return frozenset(BOTS)

    def decisions(self, rules: Rules) -> tuple[str, ...]:
        """No Two Cards choice: SP11 and SC11 say which cards change hands."""
        return tuple(kind for kind in super().decisions(rules) if kind != Phase.TWO_CARDS_CHOICE)

    def first_player(self, state: GameState) -> tuple[int, str]:
        return BOTS[0], "solo_first"

    def legal(self, state: GameState) -> list[Action]:
        if state.phase == Phase.SHIELD:  # SC11 aimed at you
            return [SHIELD, NO_SHIELD] if BLACK_SHIELD in state.hands[YOU] else [NO_SHIELD]
        offer = state.pending
        assert isinstance(offer, AbilityOffer)
        card = offer.card
        if card == HOURGLASS_CARD:
            return [SKIP, HOURGLASS]
        return [SKIP, *_uses(state, card)]

    def no_target(self, state: GameState) -> tuple[str, str]:
        offer = state.pending
        assert isinstance(offer, AbilityOffer)
        if offer.card == MAGNIFYING_GLASS:
            return "SP10", "no_pile"
        return "SP11", "both_shields"

    def after_questions(self, state: GameState) -> None:
        citybots.finish_two_cards(state)

    def round_end(self, state: GameState) -> None:
        if state.rules.difficulty in (2, 3):
            for bot in BOTS:
                citybots.remove_for_difficulty(state, bot)

    def play_step(self, state: GameState) -> bool:
        return citybots.play_step(state)


def _uses(state: GameState, card: int) -> list[Action]:
    """SP10 and SP11 targets; SC9: never a Citybot that shows a 9."""
    bots = [b for b in BOTS if BLACK_SHIELD not in state.hands[b]]
    if card == MAGNIFYING_GLASS:
        return [REVEAL_PILE[b] for b in bots if state.piles[b]]
    mine = sorted(set(state.hands[YOU]))
    out: list[Action] = []
    for b in bots:
        takes = ([0] if state.piles[b] else []) + sorted(set(state.hands[b]))
        out.extend(EXCHANGE[g, b, t] for g in mine for t in takes)
    if len(bots) == 2:
        left, right = BOTS
        out.extend(SWAP[v, w] for v in sorted(set(state.hands[left])) for w in sorted(set(state.hands[right])))
    return out


def _reveal_pile(state: GameState, act: Action) -> None:
    """SP10: every hidden card of the chosen Citybot's pile becomes visible; SC9 may follow."""
    bot = act.a
    cards = state.reveal_pile(bot)
    state.emit("reveal_pile", "SP10", state.turn, {"q": bot, "cards": cards})
    if citybots.protect(state, bot, cards, "shield_your_glass"):
        state.end_turn()


def _exchange(state: GameState, act: Action) -> None:
    """SP11: give one of your cards for a Citybot's visible card or the top of its pile."""
    give, bot, take = act.a, act.b, act.c
    if not take:
        take = state.take_top(bot)
        if take == BLACK_SHIELD:
            state.give(bot, take)
            if citybots.protect(state, bot, [take], "shield_your_two_cards"):
                state.end_turn()
            return
        where = "pile"
    else:
        state.take(bot, take)
        where = "visible"
    state.take(YOU, give)
    state.give(YOU, take)
    state.give(bot, give)
    state.emit("solo_exchange", "SP11", YOU, {"say": where, "given": give, "q": bot, "took": take})
    state.end_turn()


def _swap(state: GameState, act: Action) -> None:
    """SP11: exchange two visible cards of the two Citybots."""
    left, right = BOTS
    state.take(left, act.a)
    state.take(right, act.b)
    state.give(left, act.b)
    state.give(right, act.a)
    state.emit("solo_swap", "SP11", YOU, {"card": act.a, "kept": act.b})
    state.end_turn()


SOLO: Final = Solo()
SOLO.handlers = {**shared.HANDLERS, "reveal_pile": _reveal_pile, "exchange": _exchange, "swap": _swap}
