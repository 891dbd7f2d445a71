"""What the browser may see: the synced table state and the event feed, built only from
`game.view(0)` and `game.events_for(0, start)` (docs/ARCHITECTURE.md, "Information").

A Citybot's hidden pile travels as a count, never as values, and so does an AI player's hand (a multiplayer game),
but the cards you know it holds; the drawn card is
only present while it is yours to keep or discard. At game over every hand is
shown face up, as the last round's public reveal (E1) showed it. Nothing here reads
`game.hands`, `game.piles` or `game.deck`.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from ..actions import Action
from ..cards import ABILITY_NAMES, ABILITY_SYMBOLS, BLACK_SHIELD, MAGNIFYING_GLASS, TWO_CARDS, a_card
from ..events import Event
from ..state import GameState
from ..variants.citybots import YOU  # the solo game's seat for you (SM1): the app plays only that game
from ..view import View
from .gameend import game_end

#: Events naming you that are not a decision of yours (a reload before any of your moves since the last round
#: end shows that round's summary again; New game and Load ask before abandoning a game you have played in).
_NOT_DECISIONS = ("round_start", "deal", "reveal_hand", "receive")

#: Public event arguments the round-end panel needs (the rest of an event is its text).
_PUBLIC_ARGS = {"reveal_hand": ("hand", "score"), "removal": ("card", "level", "which"),
                "round_end": ("round", "deck", "discard", "top", "stop")}


def table_state(game: GameState, token: int) -> dict[str, Any]:
    """The whole table as the human sees it; `token` names the decision the next click must answer."""
    v = game.view(YOU)
    bots = _seats(v)
    if v.is_over:  # E1: the last round's hands were shown to everyone
        hands = game.revealed_hands()
        for bot in bots:
            bot["visible"], bot["pile"] = sorted(hands[bot["seat"]]), 0
    legal = [
        {"id": a.id, "kind": a.kind, "a": a.a, "b": a.b, "c": a.c, "label": _label(game, a, v),
         "rule": game.rule_of(a)}
        for a in v.legal_actions
    ]
    return {
        "token": token,
        "names": list(v.names),
        "round": v.round,
        "difficulty": v.difficulty,
        "setting": setting(game),
        "decision": v.decision,
        "current": v.current_player,
        "turn": v.turn,  # whose turn it is: a Citybot's while you answer its Two Cards (SP9)
        "hand": list(v.hand),
        "drawn": v.drawn,
        "discard_top": v.top,
        "discard_size": len(v.discard),
        "deck_size": v.deck_size,
        "bots": bots,
        "stop_caller": v.stop_caller,
        "extra_turn": v.extra_turn,
        "ability_card": v.ability_card,
        "scores": [list(s) for s in v.scores],
        "totals": list(v.totals),
        "winners": list(v.winners),
        "legal": legal,
        "prompt": plain(prompt(v)),
        "prompt_rules": prompt(v),  # the same with its rule ids, for the page's "Show rule ids" switch
        "last_turn": last_turn(v),
        "turn_name": "Your extra turn (Hourglass)" if v.extra_turn else "Your turn",
        "designated": list(v.designated),  # who a Two Cards or Magnifying Glass aims at (A9-A11)
        "end_score": game.rules.end_score,  # E2: the total that ends the game
        "legend_note": ("A 10, 11 or 12 does something only when it is played from a hand, never when a drawn card "
                        "is discarded."),
        "played": you_have_moved(game),  # Load asks before replacing a game you have played in
        "game_end": game_end(game),  # your rank, the score chart's numbers and your stats; None until it is over
    }


def _seats(v: View) -> list[dict[str, Any]]:
    """The other seats, in play order: a Citybot with its visible cards and the size of its hidden pile, or an AI
    player (`player`) whose hand is face down but for the cards you know it holds (A10, A11, T2)."""
    if not v.automated:
        return [{"seat": s, "name": v.names[s], "visible": list(v.known[s]), "pile": v.hand_sizes[s] - len(v.known[s]),
                 "protected": False, "player": True} for s in range(v.n_players) if s != v.player]
    aiming = v.decision == "ability" and v.ability_card in (MAGNIFYING_GLASS, TWO_CARDS)
    # "protected": SC9, the ability you are using cannot choose this Citybot.
    return [{"seat": s, "name": v.names[s], "visible": list(v.visible[s]), "pile": v.pile_sizes[s],
             "protected": aiming and BLACK_SHIELD in v.visible[s]} for s in v.automated]


def setting(game: GameState) -> str:
    """The game in a few words, for the status line and the Welcome back panel: its difficulty, or its AI players."""
    if game.rules.difficulty is not None:
        return f"Difficulty {game.rules.difficulty}"
    others = game.rules.players - 1
    return f"{others} AI player{'s' if others > 1 else ''}"


def news(before: dict[str, Any] | None, frame: dict[str, Any]) -> list[dict[str, Any]]:
    """What a frame did to you that you must not miss, one sentence each, after the table `before` it: a Citybot
    that changed your hand (its Two Cards, SC11), with the cards you got (`cards`, marked on your hand), and a
    Citybot's STOP (T5: your turn is the last of the round). Only from tables you may see."""
    table, events = frame["table"], frame["events"]
    if before is None or before["round"] != table["round"] or any(e["kind"] == "round_start" for e in events):
        return []  # a new deal changes every hand: not news
    bots = [e["player"] for e in events if e["player"] not in (None, YOU)]
    if not bots or any(e["player"] == YOU and your_decision_kind(e["kind"]) for e in events):
        return []  # your own move: you know what it did
    name = table["names"][bots[0]]
    out: list[dict[str, Any]] = []
    gained, lost = _difference(table["hand"], before["hand"]), _difference(before["hand"], table["hand"])
    if gained or lost:
        out.append({"text": f"{name} took your {_and(lost)} and gave you {_and([a_card(v) for v in gained])}.",
                    "cards": gained})
    if table["stop_caller"] not in (None, YOU) and table["stop_caller"] != before["stop_caller"]:
        out.append({"text": f"{table['names'][table['stop_caller']]} said STOP: this is your last turn of the round.",
                    "cards": []})
    return out


def _difference(a: list[int], b: list[int]) -> list[int]:
    """The cards of `a` not in `b`, as multisets."""
    left = list(b)
    out = []
    for v in a:
        if v in left:
            left.remove(v)
        else:
            out.append(v)
    return out


def _and(items: list[Any]) -> str:
    words = [str(x) for x in items]
    return " and ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " and " + words[-1]


def your_decision_kind(kind: str) -> bool:
    """Is an event of this kind, when it names you, a decision of yours?"""
    return kind not in _NOT_DECISIONS


def your_decision(event: Event) -> bool:
    """Is `event` a decision of yours?"""
    return event.player == YOU and your_decision_kind(event.kind)


def you_have_moved(game: GameState) -> bool:
    """Have you decided anything in this game yet?"""
    return any(your_decision(e) for e in game.events)


def last_turn(v: View) -> bool:
    """A Citybot said STOP (T5): the round ends before its next turn, so the turn you are in is your last."""
    return v.stop_caller not in (None, YOU) and v.decision != "game_over"


def prompt(v: View) -> str:
    """What the open decision asks of you, with the reason a Citybot cannot be chosen (SC9)."""
    return ("Last turn of the round (T5). " if last_turn(v) else "") + _asks(v)


def _asks(v: View) -> str:
    names = v.names
    if v.decision == "action":
        stop = ", or say STOP (T5)" if any(a.kind == "stop" for a in v.legal_actions) else ""
        turn = f"Your extra turn (Hourglass, {'SP12' if v.automated else 'A12'})" if v.extra_turn else "Your turn"
        # Short: on a phone the prompt and the buttons under it share the screen with the table.
        return (f"{turn}: draw from the deck (T1), take the discard for a card of yours (T2), match it (T3), "
                f"show a pair (T4){stop}.")
    if v.decision == "keep_or_discard":
        return f"You drew {a_card(v.drawn, named=True)}: click the card of your hand it replaces, or discard it (T1)."
    if not v.automated and v.decision in ("shield", "ability", "two_cards_choice"):
        return _asks_multiplayer(v)
    if v.decision == "shield":
        bot = v.turn
        gets = ("the top card of its pile, unseen" if v.pile_sizes[bot]
                else f"its highest card, the {max(v.visible[bot])}")
        return (f"{names[bot]} plays Two Cards against you (SC11): it would take your lowest card, the "
                f"{min(v.hand)}, for {gets}. Play your 9 (Black Shield) to cancel it (SP9)?")
    if v.decision == "game_over":
        return "The game is over. Start a new game when you are ready."
    if v.ability_card == MAGNIFYING_GLASS:
        why = [f"{names[s]} shows a 9, so its pile is protected (SC9)" if BLACK_SHIELD in v.visible[s]
               else f"{names[s]} has no hidden card left" for s in v.automated
               if BLACK_SHIELD in v.visible[s] or not v.pile_sizes[s]]
        return "Magnifying Glass (SP10): click the pile of a Citybot to reveal it, or skip." + _but(why)
    if v.ability_card == TWO_CARDS:
        why = [f"{names[s]} shows a 9, so it is protected (SC9)" for s in v.automated if BLACK_SHIELD in v.visible[s]]
        return ("Two Cards (SP11): pick one of your cards and a Citybot card (visible, or the top of its pile), "
                "or one visible card of each Citybot. Or skip." + _but(why))
    return "Hourglass (SP12): take another turn after this one?"


def _asks_multiplayer(v: View) -> str:
    """The ability decisions of a multiplayer game (A9-A12), in plain words but for their rule ids."""
    names = v.names
    if v.decision == "shield":
        ability = ABILITY_NAMES[v.ability_card]
        aim = ("look at your hand" if v.ability_card == MAGNIFYING_GLASS
               else f"exchange a card of yours with {_whom(v, [s for s in v.designated if s != YOU])}")
        answer = ("Play your 9 (Black Shield) to cancel it, or let it happen (A9)?" if BLACK_SHIELD in v.hand
                  else "You have no 9 (Black Shield) to cancel it: let it happen (A9).")
        return f"{names[v.turn]} plays the {ability} on you, to {aim}. {answer}"
    if v.decision == "two_cards_choice":
        target = v.designated[len(v.choices)]
        if target == YOU:
            return ("Two Cards (A11): click the card of yours that goes in the exchange, or announce a value to show "
                    "which card it is.")
        return (f"Two Cards (A11): for {names[target]}'s card, take one at random, or announce a value: if "
                f"{names[target]} has no such card, the exchange is cancelled and you draw a penalty card.")
    if v.ability_card == MAGNIFYING_GLASS:
        return "Magnifying Glass (A10): look at another player's whole hand, or skip."
    if v.ability_card == TWO_CARDS:
        return "Two Cards (A11): choose two players (you may be one) who exchange a card, or skip."
    return "Hourglass (A12): take another turn after this one?"


def _whom(v: View, seats: list[int]) -> str:
    return " and ".join(v.names[s] if s != YOU else "you" for s in seats) or "yourself"


def _but(reasons: list[str]) -> str:
    return f" {'; '.join(reasons)}." if reasons else ""


def event_feed(game: GameState, start: int) -> list[dict[str, Any]]:
    """Events from index `start` on, in the words the human may read, with their rule ids."""
    out = []
    for i, (event, text) in enumerate(game.events_for(YOU, start), start):
        item: dict[str, Any] = {"i": i, "kind": event.kind, "rule": event.rule, "player": event.player,
                                "text": plain(text)}
        for key in _PUBLIC_ARGS.get(event.kind, ()):
            if key in event.args:  # a game saved by an older version lacks the round end's table
                item[key] = event.args[key]
        out.append(item)
    return out


#: What each ability does in solo mode, for you and when a Citybot plays it, in a line: the page's legend of card
#: symbols.
SOLO_USES = {
    8: ("SP8", "counts as a 7, 8 or 9 when you match or pair; for a Citybot too (SC8)"),
    9: ("SP9", "play it to cancel a Citybot's Two Cards aimed at you; a Citybot showing a 9 is safe from your "
               "Magnifying Glass and Two Cards (SC9)"),
    10: ("SP10", "turn a Citybot's hidden pile face up; a Citybot playing it turns the other one's pile up (SC10)"),
    11: ("SP11", "exchange one of your cards with a Citybot's card or pile top, or one visible card of each Citybot; "
                 "a Citybot playing it gives you its pile top (or highest card) for your lowest card (SC11)"),
    12: ("SP12", "you may take another turn; a Citybot playing it always does (SC12)"),
}


#: The same in a multiplayer game (A8-A12).
MULTIPLAYER_USES = {
    8: ("A8", "counts as a 7, 8 or 9 when you match or pair"),
    9: ("A9", "when another player aims a Magnifying Glass or Two Cards at you, play it to cancel that"),
    10: ("A10", "look at another player's whole hand"),
    11: ("A11", "two players (you may be one) exchange a card: take it secretly, or announce its value (a wrong value "
                "cancels the exchange and you draw a penalty card)"),
    12: ("A12", "you may take another turn"),
}


def card_faces(multiplayer: bool = False) -> dict[str, dict[str, str]]:
    """Ability name, symbol and use per card value in the solo or multiplayer game, so the browser never hard-codes
    the rules (C2, SP8-SP12, A8-A12)."""
    uses = MULTIPLAYER_USES if multiplayer else SOLO_USES
    return {str(v): {"name": name, "symbol": ABILITY_SYMBOLS[v], "rule": uses[v][0], "use": plain(uses[v][1])}
            for v, name in ABILITY_NAMES.items()}


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


#: A rule id of docs/RULES.md (T3, SB6, SP12 …), and a run of them ("T1, D1", "SP8-SP12").
_RULE = r"\b(?:T|A|C|D|E|S|SM|SB|SC|SP|MV)\d+\b"
_RULES = rf"{_RULE}(?:\s*(?:,|-|–|and)\s*{_RULE})*"
_CITATIONS = ((re.compile(rf"\s*\({_RULES}\)"), ""),  # "draw (T1)" -> "draw"
              (re.compile(rf",\s*{_RULES}\)"), ")"),  # "(Hourglass, SP12)" -> "(Hourglass)"
              (re.compile(rf"{_RULE}:\s*"), ""))  # "Citybot Left — SB2: it reveals" -> "Citybot Left — it reveals"


@functools.lru_cache(maxsize=8192)
def plain(text: str) -> str:
    """`text` for players: the engine's words without the rule ids they cite (the page shows those in tooltips
    and behind its "Show rule ids" switch, from each action's and event's `rule`). Remembered: the same labels,
    prompts and rules come back at every table, and three regular expressions per text were most of a table's cost
    (5-10 times more under Pyodide, in the static edition)."""
    for pattern, by in _CITATIONS:
        text = pattern.sub(by, text)
    return text


#: The kinds of a multiplayer game's ability decisions that `_multiplayer_label` says in plain words.
_MULTIPLAYER_WORDS = ("look", "designate", "pick", "random", "announce", "shield", "no_shield", "hourglass", "skip")


def _multiplayer_label(action: Action, v: View) -> str:
    """A multiplayer ability decision's button (A9-A12): seats by name (the engine's targets are seat offsets)."""
    def seat(offset: int) -> int:
        return (v.player + offset) % v.n_players

    kind = action.kind
    if kind == "look":
        return f"Look at {v.names[seat(action.a)]}'s hand"
    if kind == "designate":
        return f"Exchange a card between {_whom(v, [seat(action.a), seat(action.b)])}"
    if kind == "pick":
        return f"Put your {action.a} in the exchange"
    if kind == "random":
        return f"Take a random card from {v.names[v.designated[len(v.choices)]]}"
    if kind == "announce":
        return f"Announce {action.a}"
    if kind in ("shield", "no_shield"):
        return "Play your 9 (Black Shield) to cancel it" if kind == "shield" else "Let it happen"
    if kind == "hourglass":
        return "Take another turn (Hourglass)"
    return f"Do not use the {ABILITY_NAMES[v.ability_card]}"


def _label(game: GameState, action: Action, v: View) -> str:
    """What an action's button says, in plain words ("Draw a card", "Take the 3 from the discard pile for your 11")."""
    if action.kind == "draw":
        return "Draw a card"
    if action.kind == "take":
        return f"Take the {v.top} from the discard pile for your {action.a}"
    if not v.automated and action.kind in _MULTIPLAYER_WORDS:
        return _multiplayer_label(action, v)
    return plain(_sentence(game.describe(action)))
