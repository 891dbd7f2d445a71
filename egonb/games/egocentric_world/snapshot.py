"""What the browser may see: the synced table state and the event feed, built only from
`game.view(0)` and `game.events_for(0, start)` (docs/ARCHITECTURE.md, "Information").

A Citybot's hidden pile travels as a count, never as values, and so does an AI player's hand (a multiplayer game),
but the cards you know it holds; the drawn card is
only present while it is yours to keep or discard. At game over every hand is
shown face up, as the last round's public reveal (E1) showed it. Nothing here reads
`game.hands`, `game.piles` or `game.deck`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...messages import PAGE, Texts
from ...messages.seats import seat_names
from .actions import Action
from .cards import ABILITY_NAMES, ABILITY_SYMBOLS, BLACK_SHIELD, MAGNIFYING_GLASS, PLAYED_ABILITIES, TWO_CARDS
from .events import Event, a_card_words, card_words
from .gameend import game_end
from .state import GameState
from .variants.citybots import YOU  # the solo game's seat for you (SM1): the app plays only that game
from .view import View

#: Events naming you that are not a decision of yours (a reload before any of your moves since the last round
#: end shows that round's summary again; New game and Load ask before abandoning a game you have played in).
_NOT_DECISIONS = ("round_start", "deal", "reveal_hand", "receive")

#: Public event arguments the round-end panel needs (the rest of an event is its text).
_PUBLIC_ARGS = {"reveal_hand": ("hand", "score"), "removal": ("card", "level", "which"),
                "round_end": ("round", "deck", "discard", "top", "stop")}


def read_view(game: GameState, seat: int, texts: Texts) -> View:
    """`seat`'s view with the seats' default names in the reader's language (egonb/messages/seats.py): what the
    page's words are made from."""
    v = game.view(seat)
    return replace(v, names=seat_names(v.names, texts))


def table_state(game: GameState, token: int, texts: Texts = PAGE, seat: int = YOU) -> dict[str, Any]:
    """The whole table as the human sees it, in the words of `texts`; `token` names the decision the next click
    must answer. `seat`: whose view it is (a replay shows any seat's, `egonb.replay`)."""
    v = read_view(game, seat, texts)
    bots = _seats(v)
    if v.is_over:  # E1: the last round's hands were shown to everyone
        hands = game.revealed_hands()
        for bot in bots:
            bot["visible"], bot["pile"] = sorted(hands[bot["seat"]]), 0
    legal = [
        {"id": a.id, "kind": a.kind, "a": a.a, "b": a.b, "c": a.c, "label": action_label(a, v, texts),
         "rule": game.rule_of(a), "idle": changes_nothing(a, v)}
        for a in v.legal_actions
    ]
    return {
        "token": token,
        # seat 0 is the page's reader (SM1): named in the reader's language, whatever the saved game calls it
        "names": [texts("word.Reader") if seat == YOU else name for seat, name in enumerate(v.names)],
        "round": v.round,
        "difficulty": v.difficulty,
        "setting": setting(game, texts),
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
        "prompt": prompt(v, texts.citing(False)),
        "prompt_rules": prompt(v, texts.citing(True)),  # with its rule ids, for the page's "Show rule ids" switch
        "last_turn": last_turn(v),
        "turn_name": texts("table.extra_turn" if v.extra_turn else "table.turn"),
        "designated": list(v.designated),  # who a Two Cards or Magnifying Glass aims at (A9-A11)
        "end_score": game.rules.end_score,  # E2: the total that ends the game
        "legend_note": texts("table.legend_note"),
        "played": you_have_moved(game),  # Load asks before replacing a game you have played in
        "game_end": game_end(game, seat),  # your rank, the score chart's numbers and your stats; None until it is over
    }


def changes_nothing(action: Action, v: View) -> bool:
    """Does `action` leave every hand as it was: your 2 for the 2 on the discard pile (T2), the drawn 3 kept in place
    of your 3 (T1), the card played having no ability to use (D2)? The page offers such a move only under "All
    possible actions"."""
    if action.kind == "take":
        new = v.top
    elif action.kind == "keep":
        new = v.drawn
    else:
        return False
    return bool(new) and action.a == new and new not in PLAYED_ABILITIES  # `a`: the value of the card given up


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


def setting(game: GameState, texts: Texts = PAGE) -> str:
    """The game in a few words, for the status line and the Welcome back panel: its difficulty, or its AI players."""
    if game.rules.difficulty is not None:
        return texts("setting.difficulty", level=game.rules.difficulty)
    return texts("setting.players", n=game.rules.players - 1)


def news(before: dict[str, Any] | None, frame: dict[str, Any], texts: Texts = PAGE) -> list[dict[str, Any]]:
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
        out.append({"text": texts("news.two_cards", player=name, lost=texts.join([str(v) for v in lost]),
                                  gained=texts.join([a_card_words(v, texts, named=False) for v in gained])),
                    "cards": gained})
    if table["stop_caller"] not in (None, YOU) and table["stop_caller"] != before["stop_caller"]:
        out.append({"text": texts("news.stop", player=table["names"][table["stop_caller"]]), "cards": []})
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
    return v.stop_caller not in (None, v.player) and v.decision != "game_over"


def prompt(v: View, texts: Texts = PAGE) -> str:
    """What the open decision asks of you, with the reason a Citybot cannot be chosen (SC9)."""
    asks = _asks(v, texts)
    return texts("prompt.last_turn", asks=asks) if last_turn(v) else asks


def _asks(v: View, texts: Texts) -> str:
    names = v.names
    if v.decision == "action":
        stop = texts("prompt.action.stop") if any(a.kind == "stop" for a in v.legal_actions) else ""
        turn = (texts("prompt.extra_turn.solo" if v.automated else "prompt.extra_turn") if v.extra_turn
                else texts("prompt.turn"))
        # Short: on a phone the prompt and the buttons under it share the screen with the table.
        return texts("prompt.action", turn=turn, stop=stop)
    if v.decision == "keep_or_discard":
        return texts("prompt.keep_or_discard", a_card=a_card_words(v.drawn, texts))
    if not v.automated and v.decision in ("shield", "ability", "two_cards_choice"):
        return _asks_multiplayer(v, texts)
    if v.decision == "shield":
        bot = v.turn
        gets = (texts("prompt.shield.solo.pile") if v.pile_sizes[bot]
                else texts("prompt.shield.solo.highest", card=max(v.visible[bot])))
        return texts("prompt.shield.solo", bot=names[bot], lowest=min(v.hand), gets=gets)
    if v.decision == "game_over":
        return texts("prompt.game_over")
    if v.ability_card == MAGNIFYING_GLASS:
        why = [texts("prompt.glass.solo.shielded" if BLACK_SHIELD in v.visible[s] else "prompt.glass.solo.empty",
                     bot=names[s]) for s in v.automated if BLACK_SHIELD in v.visible[s] or not v.pile_sizes[s]]
        return texts("prompt.glass.solo", but=_but(why, texts))
    if v.ability_card == TWO_CARDS:
        why = [texts("prompt.two_cards.solo.shielded", bot=names[s]) for s in v.automated
               if BLACK_SHIELD in v.visible[s]]
        return texts("prompt.two_cards.solo", but=_but(why, texts))
    return texts("prompt.hourglass.solo")


def _asks_multiplayer(v: View, texts: Texts) -> str:
    """The ability decisions of a multiplayer game (A9-A12), in plain words but for their rule ids."""
    names = v.names
    if v.decision == "shield":
        aim = (texts("prompt.shield.look") if v.ability_card == MAGNIFYING_GLASS
               else texts("prompt.shield.exchange", whom=_whom(v, [s for s in v.designated if s != v.player], texts)))
        answer = texts("prompt.shield.can" if BLACK_SHIELD in v.hand else "prompt.shield.cannot")
        return texts("prompt.shield", player=names[v.turn], ability=texts(f"card.ability.{v.ability_card}"), aim=aim,
                     answer=answer)
    if v.decision == "two_cards_choice":
        target = v.designated[len(v.choices)]
        if target == v.player:
            return texts("prompt.two_cards.yours")
        return texts("prompt.two_cards.theirs", player=names[target])
    if v.ability_card == MAGNIFYING_GLASS:
        return texts("prompt.glass")
    if v.ability_card == TWO_CARDS:
        return texts("prompt.two_cards")
    return texts("prompt.hourglass")


def _whom(v: View, seats: list[int], texts: Texts) -> str:
    """The seats by name, you as "you" ("yourself" when nobody else is named)."""
    words = [v.names[s] if s != v.player else texts("prompt.whom.reader") for s in seats]
    return texts.join(words) if words else texts("prompt.whom.yourself")


def _but(reasons: list[str], texts: Texts) -> str:
    if not reasons:
        return ""
    out = reasons[0]
    for reason in reasons[1:]:
        out = texts("prompt.but.more", first=out, second=reason)
    return texts("prompt.but", reasons=out)


def event_feed(game: GameState, start: int, texts: Texts = PAGE, seat: int = YOU) -> list[dict[str, Any]]:
    """Events from index `start` on, in the words the human (or `seat`) may read, with their rule ids."""
    out = []
    names = game.rules.names
    for i, event in enumerate(game.events[start:], start):
        item: dict[str, Any] = {"i": i, "kind": event.kind, "rule": event.rule, "player": event.player,
                                "text": event.text(names, seat, you=seat, texts=texts)}
        for key in _PUBLIC_ARGS.get(event.kind, ()):
            if key in event.args:  # a game saved by an older version lacks the round end's table
                item[key] = event.args[key]
        out.append(item)
    return out


def card_faces(multiplayer: bool = False, texts: Texts = PAGE) -> dict[str, dict[str, str]]:
    """Ability name, symbol and use per card value in the solo or multiplayer game, so the browser never hard-codes
    the rules (C2, SP8-SP12, A8-A12): the uses are the catalogue's `uses.solo.*` and `uses.multiplayer.*`."""
    game, rules = ("multiplayer", MULTIPLAYER_RULES) if multiplayer else ("solo", SOLO_RULES)
    return {str(v): {"name": texts(f"card.ability.{v}"), "symbol": ABILITY_SYMBOLS[v], "rule": rules[v],
                     "use": texts(f"uses.{game}.{v}")} for v in ABILITY_NAMES}


#: The rule that says what each ability does in solo mode (SP8-SP12) and in a multiplayer game (A8-A12).
SOLO_RULES = {8: "SP8", 9: "SP9", 10: "SP10", 11: "SP11", 12: "SP12"}
MULTIPLAYER_RULES = {8: "A8", 9: "A9", 10: "A10", 11: "A11", 12: "A12"}


def action_label(action: Action, v: View, texts: Texts) -> str:
    """What an action's button says ("Draw a card", "Take the 3 from the discard pile for your 11"): other seats by
    name (the engine's targets are seat offsets)."""
    def seat(offset: int) -> int:
        return (v.player + offset) % v.n_players

    kind, solo = action.kind, bool(v.automated)
    if kind in ("draw", "stop", "discard_drawn"):
        return texts(f"label.{kind}")
    if kind == "take":
        return texts("label.take", top=v.top, card=action.a)
    if kind == "keep":
        return texts("label.keep", drawn=v.drawn, card=action.a)
    if kind in ("match", "pair"):
        return texts(f"label.{kind}", card=card_words(action.a, texts), kept=card_words(action.b, texts))
    if kind in ("skip", "hourglass", "shield", "no_shield"):
        return texts(f"label.{kind}.solo" if solo else f"label.{kind}",
                     ability=texts(f"card.ability.{v.ability_card}"))
    if kind == "reveal_pile":
        return texts("label.reveal_pile", player=v.names[seat(action.a)])
    if kind == "exchange":
        its = card_words(action.c, texts)
        return texts("label.exchange.visible" if action.c else "label.exchange.pile", card=card_words(action.a, texts),
                     player=v.names[seat(action.b)], its=its)
    if kind == "swap":
        left, right = v.automated
        return texts("label.swap", left=v.names[left], right=v.names[right], card=card_words(action.a, texts),
                     kept=card_words(action.b, texts))
    if kind == "look":
        return texts("label.look", player=v.names[seat(action.a)])
    if kind == "designate":
        return texts("label.designate", whom=_whom(v, [seat(action.a), seat(action.b)], texts))
    if kind == "pick":
        return texts("label.pick", card=action.a)
    if kind == "random":
        return texts("label.random", player=v.names[v.designated[len(v.choices)]])
    return texts("label.announce", value=action.a)
