"""The abilities of played cards: A9-A12 in multiplayer, SP9-SP12 for you in solo mode.

Each handler takes the GameState and a legal action; `legal()` lists the actions
of the ability, Black Shield and Two Cards decisions.
"""

from __future__ import annotations

from collections.abc import Container
from typing import TYPE_CHECKING

from . import citybot
from .actions import (
    ANNOUNCE,
    DESIGNATE,
    EXCHANGE,
    HOURGLASS,
    LOOK,
    NO_SHIELD,
    PICK,
    RANDOM,
    REVEAL_PILE,
    SHIELD,
    SKIP,
    SWAP,
    Action,
)
from .cards import BLACK_SHIELD, MAGNIFYING_GLASS, VALUES, a_card
from .cards import HOURGLASS as HOURGLASS_CARD

if TYPE_CHECKING:
    from .state import GameState

__all__ = ["HANDLERS", "SKIP", "legal"]


def legal(state: GameState) -> list[Action]:
    """Legal actions in the ability, shield and Two Cards phases."""
    phase = state.phase
    if phase == "ability":
        card = state.pending["card"]
        if card == HOURGLASS_CARD:
            return [SKIP, HOURGLASS]
        if state.solo:
            return [SKIP, *_solo_uses(state, card)]
        n = state.n
        if card == MAGNIFYING_GLASS:
            return [SKIP, *(LOOK[o] for o in range(1, n))]
        return [SKIP, *(act for (i, j), act in DESIGNATE.items() if j < n)]
    if phase == "shield":
        holds_nine = BLACK_SHIELD in state.hands[state.current or 0]
        return [SHIELD, NO_SHIELD] if holds_nine else [NO_SHIELD]
    pend = state.pending
    target = pend["targets"][len(pend["choices"])]
    announce = [ANNOUNCE[v] for v in VALUES]
    if target == state.turn:
        return [PICK[v] for v in sorted(set(state.hands[target]))] + announce
    return [RANDOM, *announce]


def no_target(state: GameState) -> tuple[str, str]:
    """Why the pending ability offers nothing to choose, so it is skipped without asking (only in solo:
    in multiplayer every other player can be designated). The rule id and the reason, in plain words."""
    if state.pending["card"] == MAGNIFYING_GLASS:
        return "SP10", "no Citybot has a hidden pile to reveal (an empty pile, or a visible 9: SC9)"
    return "SP11", "both Citybots show a 9, so neither can be chosen (SC9)"


def _solo_uses(state: GameState, card: int) -> list[Action]:
    """SP10 and SP11 targets; SC9: never a Citybot that shows a 9."""
    bots = [b for b in (1, 2) if BLACK_SHIELD not in state.hands[b]]
    if card == MAGNIFYING_GLASS:
        return [REVEAL_PILE[b] for b in bots if state.piles[b]]
    mine = sorted(set(state.hands[0]))
    out: list[Action] = []
    for b in bots:
        takes = ([0] if state.piles[b] else []) + sorted(set(state.hands[b]))
        out.extend(EXCHANGE[g, b, t] for g in mine for t in takes)
    if len(bots) == 2:
        out.extend(SWAP[v, w] for v in sorted(set(state.hands[1])) for w in sorted(set(state.hands[2])))
    return out


# ------------------------------------------------------------------ A12 / SP12


def _skip(state: GameState, act: Action) -> None:
    state._emit("skip", "D2", state.turn, {"ability": state.pending["card"]})
    state._end_turn()


def _hourglass(state: GameState, act: Action) -> None:
    state._emit("hourglass", "SP12" if state.solo else "A12", state.turn, {})
    state._end_turn(again=True)


# -------------------------------------------------------- A10, A11 and A9


def _look(state: GameState, act: Action) -> None:
    target = (state.turn + act.a) % state.n
    state.pending = {"card": MAGNIFYING_GLASS, "targets": [target], "ask": [target], "choices": []}
    state._emit("designate", "A10", state.turn, {"seats": [target], "ability": MAGNIFYING_GLASS})
    _ask_next(state)


def _designate(state: GameState, act: Action) -> None:
    p = state.turn
    targets = [(p + act.a) % state.n, (p + act.b) % state.n]
    state.pending = {"card": 11, "targets": targets, "ask": [t for t in targets if t != p], "choices": []}
    state._emit("designate", "A11", p, {"seats": targets, "ability": 11})
    _ask_next(state)


def _ask_next(state: GameState) -> None:
    """A9: every designated player but the actor may answer with a Black Shield first."""
    ask = state.pending["ask"]
    if ask:
        state.phase = "shield"
        state.current = ask[0]
        return
    state.current = state.turn
    if state.solo:
        citybot.finish_two_cards(state)
    elif state.pending["card"] == MAGNIFYING_GLASS:
        _reveal_hand(state)
    else:
        state.phase = "two_cards_choice"


def _shield(state: GameState, act: Action) -> None:
    seat = state.current or 0
    state.hands[seat].remove(BLACK_SHIELD)
    state._forget(seat, BLACK_SHIELD)
    state._emit("shield", "SP9" if state.solo else "A9", seat, {"ability": state.pending["card"]})
    state.current = state.turn
    state.pending = {}
    if state._play(seat, BLACK_SHIELD):
        state._end_turn()


def _no_shield(state: GameState, act: Action) -> None:
    seat = state.pending["ask"].pop(0)
    state._emit("no_shield", "SP9" if state.solo else "A9", seat, {})
    _ask_next(state)


def _reveal_hand(state: GameState) -> None:
    p, target = state.turn, state.pending["targets"][0]
    hand = list(state.hands[target])
    state.known[p * 8 + target] = hand[:]
    state._emit("look", "A10", p, {"q": target}, {"hand": hand}, (p,))
    state._end_turn()


def _choose(state: GameState, act: Action) -> None:
    """A11: for each designated player, take secretly or announce a value."""
    pend = state.pending
    p, target = state.turn, pend["targets"][len(pend["choices"])]
    pend["choices"].append([act.kind, act.a])
    if act.kind == "pick":
        state._emit("pick", "A11", p, {}, {"card": act.a}, (p,))
    elif act.kind == "random":
        state._emit("random", "A11", p, {"q": target})
    else:
        state._emit("announce", "A11", p, {"q": target, "value": act.a})
    if len(pend["choices"]) == 2:
        _exchange(state)


def _exchange(state: GameState) -> None:
    """A11: swap the two chosen cards, or cancel with a penalty draw after a wrong announcement."""
    p = state.turn
    targets, choices = state.pending["targets"], state.pending["choices"]
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
                state._emit("wrong", "A11", p, {"q": seat, "value": value})
        penalty = state._draw_card()
        if penalty:
            state.hands[p].append(penalty)
            state._emit("penalty", "A11", p, {}, {"card": penalty}, (p,))
        else:
            state._emit("no_penalty", "A11", p, {})
        state._end_turn()
        return
    (a, b), (x, y) = targets, cards
    state.hands[a].remove(x)
    state.hands[b].remove(y)
    state.hands[a].append(y)
    state.hands[b].append(x)
    everyone = range(state.n)
    knows_x = everyone if choices[0][0] == "announce" else (a, b)
    knows_y = everyone if choices[1][0] == "announce" else (a, b)
    _update_knowledge(state, a, x, y, knows_x, knows_y)
    _update_knowledge(state, b, y, x, knows_y, knows_x)
    state._emit("exchange", "A11", p, {"q": a, "r": b})
    state._emit("receive", "A11", a, {"q": b}, {"card": y}, tuple(knows_y))  # an announced card: everyone's
    state._emit("receive", "A11", b, {"q": a}, {"card": x}, tuple(knows_x))
    state._end_turn()


def _update_knowledge(state: GameState, seat: int, gone: int, came: int, knows_gone: Container[int],
                      knows_came: Container[int]) -> None:
    """What each observer may still say about `seat`'s hand once `gone` left it and `came` arrived."""
    for obs in range(state.n):
        if obs == seat:
            continue
        key = obs * 8 + seat
        lst = state.known.get(key)
        if lst:
            if obs in knows_gone:
                if gone in lst:
                    lst.remove(gone)
            else:
                del state.known[key]
    state._learn(seat, came, [o for o in range(state.n) if o in knows_came], new=True)


# ---------------------------------------------------------------- SP10 / SP11


def _reveal_pile(state: GameState, act: Action) -> None:
    """SP10: every hidden card of the chosen Citybot's pile becomes visible; SC9 may follow."""
    bot = act.a
    cards = citybot.reveal_pile(state, bot)
    state._emit("reveal_pile", "SP10", state.turn, {"q": bot, "cards": cards})
    if citybot.protect(state, bot, cards, "your Magnifying Glass"):
        state._end_turn()


def _solo_exchange(state: GameState, act: Action) -> None:
    """SP11: give one of your cards for a Citybot's visible card or the top of its pile."""
    give, bot, take = act.a, act.b, act.c
    if not take:
        take = state.piles[bot].pop()
        if take == BLACK_SHIELD:
            state.hands[bot].append(take)
            if citybot.protect(state, bot, [take], "your Two Cards (the exchange is cancelled)"):
                state._end_turn()
            return
        what = f"the top card of its pile, {a_card(take)}"
    else:
        state.hands[bot].remove(take)
        what = f"its visible {take}"
    state.hands[0].remove(give)
    state.hands[0].append(take)
    state.hands[bot].append(give)
    state._emit("solo_exchange", "SP11", 0, {"given": give, "q": bot, "what": what})
    state._end_turn()


def _solo_swap(state: GameState, act: Action) -> None:
    """SP11: exchange two visible cards of the two Citybots."""
    left, right = state.hands[1], state.hands[2]
    left.remove(act.a)
    right.remove(act.b)
    left.append(act.b)
    right.append(act.a)
    state._emit("solo_swap", "SP11", 0, {"card": act.a, "kept": act.b})
    state._end_turn()


HANDLERS = {
    "skip": _skip,
    "hourglass": _hourglass,
    "look": _look,
    "designate": _designate,
    "shield": _shield,
    "no_shield": _no_shield,
    "pick": _choose,
    "random": _choose,
    "announce": _choose,
    "reveal_pile": _reveal_pile,
    "exchange": _solo_exchange,
    "swap": _solo_swap,
}
