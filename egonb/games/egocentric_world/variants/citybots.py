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

from ..cards import BLACK_SHIELD, HOURGLASS, MAGNIFYING_GLASS, MATCHING, SEVEN_EIGHT_NINE, TWO_CARDS
from ..decisions import Phase, ShieldQuestion
from ..state import GameState

YOU: Final = 0
#: Citybot Left, Citybot Right (SM1).
BOTS: Final = (1, 2)
_REVEALS: Final = ("SB2", "SB3")


def _say(state: GameState, bot: int, step: str, say: str, **cards: int | list[int]) -> None:
    """`say`: what the step did and why, the catalogue's `event.bot.<say>` (egonb/messages/ego.py); `cards`: the
    values the step moved (`card` played or revealed, `top` matched, `taken`, `drawn`, `cards` revealed; for Two
    Cards `yours` and `its`: your card and the one you got) and those its words name, so a front end can say a
    whole turn in one line."""
    state.emit("bot", step, bot, {"step": step, "say": say, **cards}, step=step)


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
            _say(state, bot, "SB1", "stop", its_total=mine, your_total=yours)
            state.end_turn()
            return False
    # SB2, SB3: reveal one card, and a second one while nothing visible is above 7.
    if pile:
        card = state.reveal_top(bot)
        _say(state, bot, "SB2", "reveal", card=card)
        if pile and max(visible) <= 7:
            card = state.reveal_top(bot)
            _say(state, bot, "SB3", "reveal_more", card=card)
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
            rule, say = ("SC8", "match_789") if card != top else ("SB4", "match")
            _play(state, bot, card, rule, say, top=top)
            return
    # SB5 with SC8: play a card of its highest visible pair.
    best = _best_pair(visible)
    if best:
        # a single 7 or 9 pairs only with its 789
        rule, say = ("SB5", "pair") if visible.count(best) > 1 else ("SC8", "pair_789")
        _play(state, bot, best, rule, say)
        return
    high = max(visible)
    # SB6: take the discard when its highest visible card is above it.
    if top and high > top:
        state.give(bot, state.take_discard())
        _play(state, bot, high, "SB6", "take", taken=top)
        return
    # SB7: draw and reveal.
    card = state.draw_card(step="SB7")
    if not card:
        _say(state, bot, "SB7", "no_draw")
        state.end_turn()
        return
    _say(state, bot, "SB7", "draw", drawn=card)
    # SB8: keep the drawn card when its highest visible card is above it.
    if high > card:
        state.give(bot, card)
        _play(state, bot, high, "SB8", "keep", drawn=card)
        return
    # SB9: otherwise discard the drawn card (D1: no ability).
    state.discard_card(card)
    _say(state, bot, "SB9", "discard", drawn=card, high=high)
    state.end_turn()


def _best_pair(visible: list[int]) -> int:
    """SB5 with SC8: the value of the highest pair (a 789 pairs with a 7 or a 9); 0 if none."""
    values = [v for v in set(visible) if visible.count(v) > 1]
    if SEVEN_EIGHT_NINE in visible:
        values.extend(v for v in (7, 9) if v in visible)
    return max(values, default=0)


def _play(state: GameState, bot: int, card: int, step: str, say: str, **moved: int) -> None:
    """A Citybot plays a card and always uses its ability (SC8-SC12)."""
    state.take(bot, card)
    _say(state, bot, step, say, card=card, **moved)
    if not state.play(bot, card):
        return
    if card == HOURGLASS:
        _say(state, bot, "SC12", "hourglass")
    elif card == MAGNIFYING_GLASS:
        other = BOTS[1] if bot == BOTS[0] else BOTS[0]
        cards = state.reveal_pile(other)
        _say(state, bot, "SC10", "glass" if cards else "glass_nothing", q=other, cards=list(cards))
        if not protect(state, other, cards, "shield_glass", q=bot):
            return
    elif card == TWO_CARDS:
        _say(state, bot, "SC11", "two_cards")
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
            if protect(state, bot, [card], "shield_own"):
                state.end_turn()
            return
        say = "exchange_pile"
    else:
        card = state.take(bot, max(visible))
        say = "exchange_highest"
    lowest = state.take(YOU, min(yours))
    state.give(YOU, card)
    state.give(bot, lowest)
    _say(state, bot, "SC11", say, yours=lowest, its=card)
    state.end_turn()


def protect(state: GameState, bot: int, revealed: list[int], cause: str, **whose: int) -> bool:
    """SC9: a 9 revealed from its pile is played at once. False when that ended the round (T6). `cause`: what
    revealed it, as the catalogue's `event.bot.shield_<...>` says it (`whose`: the Citybot whose Magnifying Glass)."""
    if BLACK_SHIELD not in revealed:
        return True
    state.take(bot, BLACK_SHIELD)
    _say(state, bot, "SC9", cause, **whose)
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
