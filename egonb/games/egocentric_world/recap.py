"""The recap: each Citybot turn since your last move as one line ("Citybot Left took the 5 and played its 11 — Two
Cards: your 1 for its 6"), grouped here by the turn number every event carries (`Event.turn`), so
the page only shows lines and never reads a rule.

A line is built from the values the Citybot steps record (SB1-SB9, SC8-SC12, `variants.citybots`); an
event saved before those values were recorded is told in its own (plain) words instead. An AI player's turn (a
multiplayer game) is told in the words of its events as you may read them, its name said once.
"""

from __future__ import annotations

from typing import Any

from ...messages import PAGE, Texts
from .cards import SEVEN_EIGHT_NINE
from .events import ARTICLE_AN, Event
from .snapshot import YOU

#: Events that are not a move of a turn: the deal, the round's end and its scoring.
_NOT_MOVES = ("round_start", "flip", "deal", "reshuffle", "round_end", "removal", "reveal_hand", "game_end",
              "game_end_round")


def recap_lines(events: list[Event], names: tuple[str, ...], start: int, stop: int,
                texts: Texts = PAGE) -> list[dict[str, Any]]:
    """One line per turn of a Citybot or an AI player among `events[start:stop]`, oldest first: {"player", "turn",
    "text", "rules"} (`rules`: the rule ids of its steps, for the page's tooltip and "Show rule ids" switch)."""
    turns: dict[int, list[Event]] = {}
    for event in events[start:stop]:
        answer = event.kind in ("shield", "no_shield") and event.player == YOU  # to a Citybot's Two Cards (SP9)
        if event.kind == "bot" or answer or (not event.step and event.kind not in _NOT_MOVES):
            turns.setdefault(event.turn, []).append(event)  # a turn of your own is dropped below
    lines = []
    for turn, group in turns.items():
        bots = [e for e in group if e.kind == "bot"]
        player = bots[0].player if bots else _first_move(events, start, group).player  # whose turn it is
        if player in (None, YOU):
            continue
        words = (_turn_words(group, player, names, texts) if bots else _player_words(group, player, names, texts))
        rules = list(dict.fromkeys(e.rule for e in group))
        lines.append({"player": player, "turn": turn, "rules": rules,
                      "text": texts("recap.line", player=names[player], words=words)})
    return lines


def _first_move(events: list[Event], start: int, group: list[Event]) -> Event:
    """The first move of the turn of `group`, which may have begun before `start` (a Black Shield answer of another
    player, A9, belongs to the turn of the player who asked it)."""
    first, i = group[0], start
    while i > 0 and events[i - 1].turn == first.turn:
        i -= 1
        if events[i].kind not in _NOT_MOVES:
            first = events[i]
    return first


def _player_words(group: list[Event], player: int, names: tuple[str, ...], texts: Texts) -> str:
    """An AI player's turn: its events as you may read them (T1-T5, A8-A12), its name said once (the line's
    `recap.line`): each event in its form for a line of `player`'s (`Event.clause`)."""
    return _chain([e.clause(names, player, YOU, texts=texts) for e in group], "recap.more", texts)


def _turn_words(group: list[Event], player: int, names: tuple[str, ...], texts: Texts) -> str:
    """What the Citybot `player` did in one turn: its moves, then the ability it played, after a dash."""
    if not all(_recorded(e) for e in group if e.kind == "bot"):  # a game saved before the values were recorded
        return texts("recap.old", texts=_chain([e.step_words(names, texts=texts) for e in group if e.kind == "bot"],
                                               "recap.also", texts))

    def short(value: int) -> str:  # the 8 is the 789 (C2), which SC8 lets stand for 7, 8 or 9
        return texts("recap.short.8") if value == SEVEN_EIGHT_NINE else texts("recap.short", value=value)

    def a_short(value: int) -> str:
        if value == SEVEN_EIGHT_NINE:
            return texts("recap.a.8")
        return texts("recap.a.an" if value in ARTICLE_AN else "recap.a", card=short(value))

    aimed = texts("recap.aimed")
    moves: list[str] = []
    ability: list[str] = []
    for e in group:
        a = e.args
        if e.kind == "shield":
            ability[-1:] = [texts("recap.cancelled")]
        elif e.kind == "no_shield":
            continue  # the exchange that follows says it all
        elif e.step == "SB2":
            moves.append(texts("recap.revealed", a_card=a_short(a["card"])))
        elif e.step == "SB3":
            moves[-1] = texts("recap.revealed_more", moves=moves[-1], a_card=a_short(a["card"]))
        elif e.step == "SB1":
            moves.append(texts("recap.stop"))
        elif e.step == "SB6":
            moves.append(texts("recap.took", taken=short(a["taken"]), card=short(a["card"])))
        elif e.step == "SB7":
            moves.append(texts("recap.drew", a_card=a_short(a["drawn"])))
        elif e.step == "SB8":
            moves[-1:] = [texts("recap.kept", a_card=a_short(a["drawn"]), card=short(a["card"]))]
        elif e.step == "SB9":
            moves[-1:] = [texts("recap.discarded", a_card=a_short(a["drawn"]))]
        elif "top" in a:  # SB4, or SC8 with a 789
            moves.append(texts("recap.matched", top=short(a["top"]), card=short(a["card"])))
        elif e.step in ("SB5", "SC8"):
            moves.append(texts("recap.pair", card=short(a["card"])))
        elif e.player != player:  # the other Citybot's 9, revealed by this one's Magnifying Glass (SC9)
            ability.append(texts("recap.other_shield", player=names[e.player or 0]))
        elif e.step == "SC11" and "yours" in a:  # the exchange after "Two Cards" was announced
            ability[-1:] = [texts("recap.exchanged", yours=short(a["yours"]), its=short(a["its"]))]
        elif e.step == "SC9" and ability[-1:] == [aimed]:
            ability[-1] = texts("recap.own_shield")
        elif e.step == "SC11":
            ability.append(aimed)  # the exchange, or what cancelled it, follows (or your answer is awaited, SP9)
        elif e.step == "SC10":
            shown = [short(v) for v in a.get("cards", [])]
            ability.append(texts("recap.glass", player=names[2 if e.player == 1 else 1],
                                 cards=_chain(shown, "recap.more", texts) or texts("recap.glass.nothing")))
        elif e.step == "SC12":
            ability.append(texts("recap.hourglass"))
        else:
            ability.append(texts("recap.shield"))
    line = _chain(moves, "recap.more", texts) or texts("recap.played")
    return texts("recap.moves", moves=line, abilities=_chain(ability, "recap.also", texts)) if ability else line


def _chain(words: list[str], message: str, texts: Texts) -> str:
    """`words` joined two by two by `message` ('a, b, c' by `recap.more`); '' when there are none."""
    out = words[0] if words else ""
    for word in words[1:]:
        out = texts(message, first=out, second=word)
    return out


def _recorded(event: Event) -> bool:
    """Does this Citybot step carry the values a recap line needs (the steps that move no card carry none)? A step
    saved by an older version does not, nor its SC9 in your turn (a 9 your SP10 or SP11 revealed): they are told
    in their own words (`Event.step_words`)."""
    return bool(set(event.args) - {"step", "text", "say", "q"}) or event.step in ("SB1", "SC9", "SC11", "SC12")
