"""Multiplayer Egocentric World (2-6 players): the abilities A9-A12 of played cards, what players know, and the
turn limit of the mini teaching variant (MV3, docs/MINI.md).

Every seat decides for itself; the engine tracks which cards each player saw in another's hand (A10, A11, T2).
"""

from __future__ import annotations

from typing import Final

from ..actions import ANNOUNCE, DESIGNATE, HOURGLASS, LOOK, NO_SHIELD, PICK, RANDOM, SHIELD, SKIP, Action
from ..cards import BLACK_SHIELD, MAGNIFYING_GLASS, TWO_CARDS, VALUES
from ..cards import HOURGLASS as HOURGLASS_CARD
from ..decisions import DECISION_KINDS, AbilityOffer, Phase, ShieldQuestion, TwoCardsChoice
from ..rules import Rules
from ..state import GameState, Variant
from . import shared

#: A11: per number of seats, the pairs of seats a Two Cards can designate; every announcement, by value.
_DESIGNATIONS: Final = {n: tuple(act for (i, j), act in DESIGNATE.items() if j < n) for n in range(2, 7)}
_ANNOUNCES: Final = tuple(ANNOUNCE[v] for v in VALUES)


class Multiplayer(Variant):
    name = "multiplayer"

    def accepts(self, rules: Rules) -> bool:
        return rules.difficulty is None

    def legal(self, state: GameState) -> list[Action]:
        phase, pend = state.phase, state.pending
        if isinstance(pend, AbilityOffer):
            card = pend.card
            if card == HOURGLASS_CARD:
                return [SKIP, HOURGLASS]
            n = state.n
            if card == MAGNIFYING_GLASS:
                return [SKIP, *(LOOK[o] for o in range(1, n))]
            return [SKIP, *_DESIGNATIONS[n]]
        if phase == Phase.SHIELD:
            return [SHIELD, NO_SHIELD] if BLACK_SHIELD in state.hands[state.current or 0] else [NO_SHIELD]
        assert isinstance(pend, TwoCardsChoice)
        target = pend.targets[len(pend.choices)]
        if target == state.turn:
            return [*(PICK[v] for v in sorted(set(state.hands[target]))), *_ANNOUNCES]
        return [RANDOM, *_ANNOUNCES]

    def no_target(self, state: GameState) -> tuple[str, str]:
        return "D2", "no_other"  # never happens: every other player can be designated

    def round_over(self, state: GameState) -> str | None:
        """MV3: with a turn limit, the round ends once the players have taken `turn_limit` turns each."""
        limit = state.rules.turn_limit
        if limit is not None and _turns_this_round(state) >= limit * state.n:
            return "MV3"
        return None

    def after_questions(self, state: GameState) -> None:
        question = state.pending
        assert isinstance(question, ShieldQuestion)
        if question.card == MAGNIFYING_GLASS:
            _reveal_hand(state, question.targets[0])
        else:
            state.ask(Phase.TWO_CARDS_CHOICE, state.turn, TwoCardsChoice(question.card, question.targets))


#: The event kinds of the one action (T1-T5) that every turn has.
_TURN_ACTIONS: Final = DECISION_KINDS[Phase.ACTION]


def _turns_this_round(state: GameState) -> int:
    """MV3: the turns taken this round, derived from the events, as every turn has exactly one T1-T5 action; a
    position (`GameState.from_position`) counts from its first turn. An Hourglass's extra turn counts too, so the
    limit bounds the round even when one player could take the same Hourglass again and again (A12, T2)."""
    turns = 0
    for e in state.events[::-1]:  # not reversed(): mypyc 2.4 fails on it here
        if e.kind == "round_start":
            break
        turns += e.kind in _TURN_ACTIONS
    return turns


# -------------------------------------------------------- A10, A11


def _look(state: GameState, act: Action) -> None:
    target = (state.turn + act.a) % state.n
    state.emit("designate", "A10", state.turn, {"seats": [target], "ability": MAGNIFYING_GLASS})
    shared.ask_next(state, ShieldQuestion(MAGNIFYING_GLASS, (target,), (target,)))


def _designate(state: GameState, act: Action) -> None:
    p = state.turn
    targets = ((p + act.a) % state.n, (p + act.b) % state.n)
    state.emit("designate", "A11", p, {"seats": list(targets), "ability": TWO_CARDS})
    shared.ask_next(state, ShieldQuestion(TWO_CARDS, targets, tuple(t for t in targets if t != p)))


def _reveal_hand(state: GameState, target: int) -> None:
    p = state.turn
    state.saw_hand(p, target)
    state.emit("look", "A10", p, {"q": target}, {"hand": list(state.hands[target])}, (p,))
    state.end_turn()


def _choose(state: GameState, act: Action) -> None:
    """A11: for each designated player, take secretly or announce a value."""
    pend = state.pending
    assert isinstance(pend, TwoCardsChoice)
    p, target = state.turn, pend.targets[len(pend.choices)]
    pend = TwoCardsChoice(pend.card, pend.targets, (*pend.choices, (act.kind, act.a)))
    state.ask(state.phase, p, pend)
    if act.kind == "pick":
        state.emit("pick", "A11", p, {}, {"card": act.a}, (p,))
    elif act.kind == "random":
        state.emit("random", "A11", p, {"q": target})
    else:
        state.emit("announce", "A11", p, {"q": target, "value": act.a})
    if len(pend.choices) == 2:
        _exchange(state, pend)


def _exchange(state: GameState, chosen: TwoCardsChoice) -> None:
    """A11: swap the two chosen cards, or cancel with a penalty draw after a wrong announcement."""
    p = state.turn
    targets, choices = chosen.targets, chosen.choices
    cards = []
    for seat, (kind, value) in zip(targets, choices):
        hand = state.hands[seat]
        if kind == "random":
            cards.append(state.rng.choice(hand))
        else:
            cards.append(value if value in hand else 0)
    if 0 in cards:
        for seat, (_, value), card in zip(targets, choices, cards):
            if not card:
                state.emit("wrong", "A11", p, {"q": seat, "value": value})
        penalty = state.draw_card()
        if penalty:
            state.give(p, penalty)
            state.emit("penalty", "A11", p, {}, {"card": penalty}, (p,))
        else:
            state.emit("no_penalty", "A11", p, {})
        state.end_turn()
        return
    (a, b), (x, y) = targets, cards
    state.take(a, x)
    state.take(b, y)
    state.give(a, y)
    state.give(b, x)
    everyone = range(state.n)
    knows_x = everyone if choices[0][0] == "announce" else (a, b)
    knows_y = everyone if choices[1][0] == "announce" else (a, b)
    state.exchanged(a, x, y, knows_x, knows_y)
    state.exchanged(b, y, x, knows_y, knows_x)
    state.emit("exchange", "A11", p, {"q": a, "r": b})
    state.emit("receive", "A11", a, {"q": b}, {"card": y}, tuple(knows_y))  # an announced card: everyone's
    state.emit("receive", "A11", b, {"q": a}, {"card": x}, tuple(knows_x))
    state.end_turn()


MULTIPLAYER: Final = Multiplayer()
MULTIPLAYER.handlers = {**shared.HANDLERS, "look": _look, "designate": _designate, "pick": _choose,
                        "random": _choose, "announce": _choose}
