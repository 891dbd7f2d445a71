"""Your moves on Diverse City's page: one button per distinct move, and each button says all that the move does.

A move can do more than its first card: P8 applies a forced follow-up at once (the only card that completes your
disaster, X3; the end of a resolve when no other is possible, P5), and a clearing act ends the turn (P4). So each
move is tried on a world sampled from your view (`worlds.sample_state`, with a fixed seed: the words depend on your
view only, never on a hidden card) and its button names the cards it uses and whether the turn ends.

Two moves that do the same thing (the same card on two identical disasters, an ask for a disaster identical to one
asked already this turn, X5) are one button: the engine numbers disasters by their place, a player sees them by
their card.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ...messages import PAGE, Texts
from ...messages.seats import seat_name
from .decisions import Phase
from .names import said
from .view import View
from .worlds import sample_state

YOU = 0
#: After these decisions the turn is over but for its end (the hand limit H1, the Diversity option R1).
_TURN_END = (Phase.HAND_LIMIT, Phase.DIVERSITY, Phase.GAME_OVER)


#: Events that begin what follows a turn: what they bring depends on cards nobody has seen, so a move's words stop
#: there.
_NEXT = ("turn", "round_start", "reveal", "reset")


@dataclass(frozen=True)
class Outcome:
    """What one move did in a sampled world, within its turn: the cards its player put on their own disaster (X3,
    with P8's forced follow-up), the cards it then had to discard (P8: the only move left, or the hand limit H1
    with one kind of card), whether a disaster was cleared, whether the turn ended, and the decision that follows
    when it is still the same player's."""

    filled: tuple[str, ...]
    discarded: tuple[str, ...]
    cleared: bool
    turn_over: bool
    then: str | None


def outcome(v: View, action: Any, world: Any) -> Outcome:
    """Play `action` on a copy of `world` (a state consistent with `v`) and read what followed, up to the next
    decision or the next turn."""
    w = world.clone()
    start = len(w.events)
    w.apply(action)
    events = w.events[start:]
    events = events[:next((i for i, e in enumerate(events) if e.kind in _NEXT), len(events))]
    mine = [e for e in events if e.player == v.player]
    over = w.is_over or w.round != v.round or w.turns != v.turns or w.phase in _TURN_END
    then = w.phase if not over and w.current_player == v.player else None
    return Outcome(tuple(e.args["card"] for e in mine if e.kind == "fill"),
                   tuple(e.args["card"] for e in mine if e.kind == "discard"),
                   any(e.kind == "clear" for e in events), over, then)


def _target(v: View, action: Any) -> tuple[int, int, int]:
    """The disaster a move aims at: (its owner, its card, its partial), or (-1, -1, -1)."""
    if action.kind not in ("fill", "give", "ask"):
        return -1, -1, -1
    owner = (v.player + action.offset) % v.rules.players if action.kind == "give" else v.player
    front = v.fronts[owner]
    code, partial = front[action.slot][:2] if action.slot < len(front) else (-1, -1)
    return owner, code, partial


def distinct(v: View) -> list[Any]:
    """Your legal actions with the repeats left out: a move equal to an earlier one, and an ask to a player already
    asked this turn for an identical disaster (X5)."""
    asked = {(seat, *v.fronts[v.player][place][:2]) for seat, place in v.asks if place < len(v.fronts[v.player])}
    seen: set[tuple[Any, ...]] = set()
    out = []
    for action in v.legal_actions:
        owner, code, partial = _target(v, action)
        asked_seat = (v.player + action.offset) % v.rules.players
        key = (action.kind, action.card, asked_seat if action.kind == "ask" else owner, code, partial)
        if key in seen or action.kind == "ask" and (asked_seat, code, partial) in asked:
            continue
        seen.add(key)
        out.append(action)
    return out


def labels(v: View, actions: list[Any], texts: Texts = PAGE, world: Any = None) -> dict[int, str]:
    """Per action id, its button's words (P2-P5, X3-X5, R1): its other seats by name, a disaster by its card, and
    what follows it. `world`: the state the moves are tried on (by default one sampled from `v`; a test gives the
    real game, to check that the words never depend on a hidden card)."""
    if world is None and any(a.kind in ("fill", "give") for a in actions):
        world = sample_state(v, random.Random(0))
    return {a.id: _label(v, a, world, texts) for a in actions}


def ask_row(v: View, action: Any, texts: Texts = PAGE) -> dict[str, str]:
    """An ask's place among the asks (X5), which the page draws as one row per disaster: the row's words (`row`)
    and the asked player (`short`); {} for any other move."""
    if action.kind != "ask":
        return {}
    _owner, code, partial = _target(v, action)
    disaster = v.rules.card_words(code, texts)
    row = (texts("city.move.ask.row.partial", disaster=disaster, partial=v.rules.card_words(partial, texts))
           if partial >= 0 else texts("city.move.ask.row", disaster=disaster))
    return {"row": row, "short": seat_name(v.names[(v.player + action.offset) % v.rules.players], texts)}


def _label(v: View, action: Any, world: Any, texts: Texts) -> str:
    kind, config = action.kind, v.rules
    card = config.card_words(action.card, texts) if action.card >= 0 else ""
    if kind in ("fill", "give"):
        return _placing(v, action, card, outcome(v, action, world), texts)
    if kind == "discard":
        return texts("city.move.discard.end" if v.decision == Phase.MAIN else "city.action.discard", card=card)
    if kind == "stop":
        return texts("city.move.stop.end" if v.decision == Phase.RESOLVE_MORE else "city.move.stop.give")
    if kind == "take":
        return texts("city.move.take", card=config.card_words(v.discard[-1], texts))
    if kind == "ask":
        owner, code, partial = _target(v, action)
        asked = seat_name(v.names[(v.player + action.offset) % config.players], texts)
        if partial >= 0:
            return texts("city.move.ask.partial", q=asked, disaster=config.card_words(code, texts),
                         partial=config.card_words(partial, texts))
        return texts("city.action.ask", q=asked, disaster=config.card_words(code, texts))
    return texts(f"city.move.{kind}" if kind in ("pass", "no_call") else f"city.action.{kind}")


def _placing(v: View, action: Any, card: str, did: Outcome, texts: Texts) -> str:
    """A fill (X3) or a give (X4, X5) in words: the cards, the clearing, the end of the turn, what comes next."""
    owner, code, _ = _target(v, action)
    disaster = v.rules.card_words(code, texts)
    q_s = texts("city.word.possessive", name=seat_name(v.names[owner], texts))
    if did.discarded:  # P8 leaves one move, a discard, and makes it: the button says so
        discarded = _joined(did.discarded, texts)
        if action.kind == "fill":
            return texts("city.move.clear.discard", disaster=disaster, cards=_joined(did.filled, texts),
                         discarded=discarded)
        return texts("city.move.give.clear.discard" if did.cleared else "city.move.give.discard", card=card,
                     q_s=q_s, disaster=disaster, discarded=discarded)
    if action.kind == "fill":
        cards = _joined(did.filled, texts)
        if not did.cleared:
            return texts("city.move.fill", card=card, disaster=disaster)
        if did.then == Phase.RESOLVE_MORE:
            return texts("city.move.clear.more", disaster=disaster, cards=cards)
        return texts("city.move.clear.end" if did.turn_over else "city.move.clear", disaster=disaster, cards=cards)
    if did.cleared and did.turn_over:
        if v.turn == v.player:
            return texts("city.move.give.clear.end", card=card, q_s=q_s, disaster=disaster)
        return texts("city.move.give.clear.ends", card=card, q_s=q_s, disaster=disaster,
                     whose=texts("city.word.possessive", name=seat_name(v.names[v.turn], texts)))
    if did.cleared:
        return texts("city.move.give.clear", card=card, q_s=q_s, disaster=disaster)
    if did.then == Phase.GIVE_MORE:
        return texts("city.move.give.more", card=card, q_s=q_s, disaster=disaster)
    return texts("city.action.give", card=card, q_s=q_s, disaster=disaster)


def _joined(cards: tuple[str, ...], texts: Texts) -> str:
    """'Emergency Services 1 and School 2'."""
    return texts.join([said(card, texts) for card in cards])
