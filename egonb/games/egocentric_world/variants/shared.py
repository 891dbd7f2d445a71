"""What both variants do alike with a played ability: not using it (D2), the Hourglass (A12, SP12) and the Black
Shield question (A9, SP9). Rule ids are the variant's own."""

from __future__ import annotations

from typing import Final

from ..actions import Action
from ..cards import BLACK_SHIELD
from ..decisions import AbilityOffer, Phase, ShieldQuestion
from ..state import GameState, Handler


def skip(state: GameState, act: Action) -> None:
    offer = state.pending
    assert isinstance(offer, AbilityOffer)
    state.emit("skip", "D2", state.turn, {"ability": offer.card})
    state.end_turn()


def hourglass(state: GameState, act: Action) -> None:
    state.emit("hourglass", state.variant.hourglass, state.turn, {})
    state.end_turn(again=True)


def ask_next(state: GameState, question: ShieldQuestion) -> None:
    """A9: every designated player but the actor may answer with a Black Shield first; then the ability goes on."""
    if question.ask:
        state.ask(Phase.SHIELD, question.ask[0], question)
        return
    state.ask(state.phase, state.turn, question)
    state.variant.after_questions(state)


def shield(state: GameState, act: Action) -> None:
    question = state.pending
    assert isinstance(question, ShieldQuestion)
    seat = state.current or 0
    state.take(seat, BLACK_SHIELD)
    state.forget(seat, BLACK_SHIELD)
    state.emit("shield", state.variant.shield, seat, {"ability": question.card})
    state.ask(state.phase, state.turn, None)
    if state.play(seat, BLACK_SHIELD):
        state.end_turn()


def no_shield(state: GameState, act: Action) -> None:
    question = state.pending
    assert isinstance(question, ShieldQuestion)
    seat = question.ask[0]
    state.emit("no_shield", state.variant.shield, seat, {})
    ask_next(state, ShieldQuestion(question.card, question.targets, question.ask[1:]))


HANDLERS: Final[dict[str, Handler]] = {"skip": skip, "hourglass": hourglass, "shield": shield, "no_shield": no_shield}
