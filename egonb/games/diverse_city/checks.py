"""What must hold in every Diverse City position: the save loader refuses a game that breaks it, and the random-
play tests check it after every action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import GameError
from .cards import PEOPLE, is_city, is_disaster
from .config import DECISIONS
from .decisions import RECORDS, MajorChoice, Phase

if TYPE_CHECKING:
    from .state import DCState


def settled(s: DCState, what: str) -> DCState:
    """`s` settled (P8) if it is a possible position, else one GameError starting with `what` and naming every
    broken invariant: the one check of a built (`DCState.from_position`) and of a loaded position (`save.loads`)."""
    try:
        found = problems(s)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise GameError(f"{what}: {exc!r}") from None
    if found:
        raise GameError(f"{what}: " + "; ".join(found))
    s.settle()
    return s


def problems(s: DCState) -> list[str]:
    """Every broken invariant of `s`, in words (none for a sound position)."""
    out = []
    cards = s.draw_pile + s.discard + [c for h in s.hands for c in h]
    cards += [c for f in s.fronts for code, partial, _ in f for c in (code, partial) if c >= 0]
    if isinstance(s.pending, MajorChoice):
        cards.append(s.pending.card)  # a Major is on the table while players choose (M1)
    if sorted(cards) != list(s.config.cards):  # the deck table's codes are in order
        out.append("the cards are not the deck, each card exactly once")
    for seat, hand in enumerate(s.hands):
        if not all(is_city(c) or c == PEOPLE for c in hand) or hand.count(PEOPLE) > 1:
            out.append(f"seat {seat}'s hand holds a card no hand may hold, or two PEOPLE (H2)")
    for seat, front in enumerate(s.fronts):
        for code, partial, slot in front:
            if not is_disaster(code) or (partial >= 0) != (slot >= 0) or (
                    partial >= 0 and not (len(s.config.disaster(code).slots) == 2 and s.config.fits(
                        partial, code, slot))):
                out.append(f"seat {seat} has a malformed disaster in front")
    if sum(len(f) for f in s.fronts) >= s.config.threshold:
        out.append("the reset threshold is reached but no reset happened (X8)")
    over = s.phase == Phase.GAME_OVER
    if s.phase not in DECISIONS and not over:
        out.append(f"unknown decision {s.phase!r}")
    elif over != (s.current is None) or not (s.current is None or 0 <= s.current < s.n) or not 0 <= s.turn < s.n:
        out.append("the deciding seat does not fit the decision")
    elif type(s.pending) is not RECORDS.get(s.phase, type(None)):
        out.append(f"the pending record does not fit the decision {s.phase!r}")
    elif not over and s.current != s.turn and s.phase not in (Phase.ANSWER, Phase.GIVE_MORE, Phase.MAJOR):
        out.append("only an answer or a Major's choice is made out of turn (X5, M1)")
    elif not over and not out and not s.legal_actions():  # (legal actions are only sought in a sound table)
        out.append("nobody can act, but the game is not over")
    if [sum(col) for col in zip(*s.scores)] != (s.totals if s.scores else []) or len(s.scores) != s.round - 1 + over:
        out.append("totals are not the sum of the round scores, one per round played")
    if s.shown and len(s.shown) != s.n or bool(s.shown) != bool(s.scores):
        out.append("the hands shown at the last round end must be one per seat, once a round has ended (I4)")
    if not 0 <= s.first < s.n:
        out.append("the round's first player is no seat")
    if not all(_holds(s.hands[seat], cards) for (_, seat), cards in s.known.items() if cards):
        out.append("a player is said to know a card that is not in that hand")
    return out


def _holds(hand: list[int], cards: list[int]) -> bool:
    """Are all of `cards` (repeats counted) in `hand`?"""
    rest = hand[:]
    for card in cards:
        if card not in rest:
            return False
        rest.remove(card)
    return True
