"""The Citybots of solo mode: the turn algorithm SB1-SB9 and the abilities SC8-SC12.

Seat 0 is you, seat 1 Citybot Left, seat 2 Citybot Right (SM1): `YOU` and `BOTS`. A Citybot's
hidden pile is `state.piles[seat]` (top card last) and its visible cards are
`state.hands[seat]` (SM4). Every step that acts emits a "bot" event naming the
step and saying what the Citybot did and why.

How this edition reads SC9: a 9 revealed from a Citybot's pile by any Magnifying
Glass or Two Cards is played at once: yours (SP10, SP11), the other Citybot's
SC10 (RULES.md's interpretation), and its own SC11, which is then cancelled.
How it reads SB5: RULES.md's interpretation lets a real 7 or 9 go before the 789
in SB4 and SB5 alike, so a 789 + 7 pair plays the 7.
"""

from __future__ import annotations

from typing import Final

from ..cards import BLACK_SHIELD, HOURGLASS, MAGNIFYING_GLASS, MATCHING, SEVEN_EIGHT_NINE, TWO_CARDS, a_card
from ..cards import a_short as _a
from ..cards import short_name as _named
from ..decisions import Phase, ShieldQuestion
from ..state import GameState

YOU: Final = 0
#: Citybot Left, Citybot Right (SM1).
BOTS: Final = (1, 2)
_REVEALS: Final = ("SB2", "SB3")


def _say(state: GameState, bot: int, step: str, text: str, **cards: int | list[int]) -> None:
    """`cards`: the values the step moved (`card` played or revealed, `top` matched, `taken`, `drawn`, `cards`
    revealed; for Two Cards `yours` and `its`: your card and the one you got), so a front end can say a whole turn
    in one line without reading `text`."""
    state.emit("bot", step, bot, {"step": step, "text": text, **cards}, step=step)


def play_step(state: GameState) -> bool:
    """The Citybot whose turn it is plays SB1-SB3; when that revealed cards from its pile, it stops there (True),
    so a front end can show them before the rest of the turn, which the next call plays (SB4-SB9)."""
    last = state.events[-1] if state.events else None
    if last is not None and last.kind == "bot" and last.step in _REVEALS and last.turn == state.turns:
        _act(state)
        return False
    turn = state.turns
    if _reveal(state):
        return True
    if state.turns == turn and not state.is_over:  # SB1 did not end the turn
        _act(state)
    return False


def _reveal(state: GameState) -> bool:
    """SB1: STOP, or SB2-SB3: reveal. True when cards were revealed and the turn goes on."""
    bot = state.turn
    visible, pile = state.hands[bot], state.piles[bot]
    # SB1: all visible and lower than you -> STOP (only one STOP per round, T5).
    if not pile and state.stop_caller < 0:
        mine, yours = sum(visible), state.hand_total(YOU)
        if mine < yours:
            state.call_stop(bot)
            _say(state, bot, "SB1", f"all its cards are visible and its total {mine} is lower than yours "
                                    f"({yours}), so it says STOP")
            state.end_turn()
            return False
    # SB2, SB3: reveal one card, and a second one while nothing visible is above 7.
    if pile:
        card = state.reveal_top(bot)
        _say(state, bot, "SB2", f"it reveals the top card of its pile: {_a(card)}", card=card)
        if pile and max(visible) <= 7:
            card = state.reveal_top(bot)
            _say(state, bot, "SB3", f"none of its visible cards is above 7, so it reveals the next one: {_a(card)}",
                 card=card)
        return True
    return False


def _act(state: GameState) -> None:
    """SB4-SB9 in order until a step ends the turn, then the played card's ability (SC8-SC12)."""
    bot = state.turn
    visible = state.hands[bot]
    top = state.discard[-1] if state.discard else 0
    # SB4 with SC8: match the discard, a 789 counting as 7, 8 and 9; a real 7 or 9 is preferred.
    if top:
        fits = {v for v in MATCHING[top] if v in visible}
        if fits:
            real = fits - {SEVEN_EIGHT_NINE}
            card = max(real) if real else SEVEN_EIGHT_NINE
            rule = "SC8" if card != top else "SB4"
            why = " (a 789 counts as 7, 8 and 9)" if rule == "SC8" else ""
            _play(state, bot, card, rule, f"its {_named(card)} matches the {_named(top)} on the discard pile{why}, "
                                          "so it plays it", top=top)
            return
    # SB5 with SC8: play a card of its highest visible pair.
    best = _best_pair(visible)
    if best:
        if visible.count(best) > 1:
            rule, pair = "SB5", f"a pair of {_named(best)}s"
        else:  # a single 7 or 9 pairs only with its 789
            rule, pair = "SC8", f"{a_card(best)} and a 789 as a pair"
        _play(state, bot, best, rule, f"it shows {pair}, its highest pair, and plays {_a(best)}")
        return
    high = max(visible)
    # SB6: take the discard when its highest visible card is above it.
    if top and high > top:
        state.give(bot, state.take_discard())
        high_, top_ = _named(high), _named(top)
        _play(state, bot, high, "SB6", f"its highest visible card, the {high_}, is above the {top_} on the discard "
                                        f"pile, so it takes the {top_} and plays the {high_}", taken=top)
        return
    # SB7: draw and reveal.
    card = state.draw_card(step="SB7")
    if not card:
        _say(state, bot, "SB7", "no card is left to draw, so its turn ends")
        state.end_turn()
        return
    _say(state, bot, "SB7", f"it draws and reveals {_a(card)}", drawn=card)
    # SB8: keep the drawn card when its highest visible card is above it.
    if high > card:
        state.give(bot, card)
        _play(state, bot, high, "SB8", f"its highest visible card, the {_named(high)}, is above the drawn "
                                        f"{_named(card)}, so it keeps the {_named(card)} and plays the {_named(high)}",
              drawn=card)
        return
    # SB9: otherwise discard the drawn card (D1: no ability).
    state.discard_card(card)
    _say(state, bot, "SB9", f"the drawn {_named(card)} is not below its highest visible card ({_named(high)}), "
                            "so it discards it", drawn=card)
    state.end_turn()


def _best_pair(visible: list[int]) -> int:
    """SB5 with SC8: the value of the highest pair (a 789 pairs with a 7 or a 9); 0 if none."""
    values = [v for v in set(visible) if visible.count(v) > 1]
    if SEVEN_EIGHT_NINE in visible:
        values.extend(v for v in (7, 9) if v in visible)
    return max(values, default=0)


def _play(state: GameState, bot: int, card: int, step: str, why: str, **moved: int) -> None:
    """A Citybot plays a card and always uses its ability (SC8-SC12)."""
    state.take(bot, card)
    _say(state, bot, step, why, card=card, **moved)
    if not state.play(bot, card):
        return
    if card == HOURGLASS:
        _say(state, bot, "SC12", "its Hourglass gives it another turn")
    elif card == MAGNIFYING_GLASS:
        other = BOTS[1] if bot == BOTS[0] else BOTS[0]
        cards = state.reveal_pile(other)
        names = state.rules.names
        shown = ", ".join(map(_named, cards)) or "nothing (it had no hidden card)"
        _say(state, bot, "SC10", f"its Magnifying Glass reveals {names[other]}'s hidden pile: {shown}",
             cards=list(cards))
        if not protect(state, other, cards, f"{names[bot]}'s Magnifying Glass"):
            return
    elif card == TWO_CARDS:
        _say(state, bot, "SC11", "it plays Two Cards against you")
        if BLACK_SHIELD in state.hands[YOU]:
            state.ask(Phase.SHIELD, YOU, ShieldQuestion(TWO_CARDS, (YOU,), (YOU,)))
            return
        finish_two_cards(state)
        return
    state.end_turn(again=card == HOURGLASS)


def finish_two_cards(state: GameState) -> None:
    """SC11: its pile top (or its highest card when all are visible) for your lowest card."""
    bot = state.turn
    visible, yours = state.hands[bot], state.hands[YOU]
    if state.piles[bot]:
        card = state.take_top(bot)
        if card == BLACK_SHIELD:
            state.give(bot, card)
            if protect(state, bot, [card], "its own Two Cards (the exchange is cancelled)"):
                state.end_turn()
            return
        where = f"reveals the top card of its pile, {_a(card)}, and"
    else:
        card = state.take(bot, max(visible))
        where = f"has no hidden card, so it takes its highest card, the {_named(card)}, and"
    lowest = state.take(YOU, min(yours))
    state.give(YOU, card)
    state.give(bot, lowest)
    _say(state, bot, "SC11", f"it {where} exchanges it with your lowest card, the {_named(lowest)}",
         yours=lowest, its=card)
    state.end_turn()


def protect(state: GameState, bot: int, revealed: list[int], cause: str) -> bool:
    """SC9: a 9 revealed from its pile is played at once. False when that ended the round (T6)."""
    if BLACK_SHIELD not in revealed:
        return True
    state.take(bot, BLACK_SHIELD)
    _say(state, bot, "SC9", f"a 9 was revealed from its pile by {cause}, so it plays the 9 at once")
    return state.play(bot, BLACK_SHIELD)


def remove_for_difficulty(state: GameState, bot: int) -> None:
    """SM2: at round end, before scoring, drop the lowest (level 2) or highest (level 3) card."""
    cards = state.hands[bot] + state.piles[bot]
    if not cards:
        return
    level = state.rules.difficulty
    card = state.take(bot, min(cards) if level == 2 else max(cards))
    state.set_aside(card)
    state.emit("removal", "SM2", bot, {"which": "lowest" if level == 2 else "highest", "card": card,
                                          "level": level})
