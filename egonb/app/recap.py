"""The recap: each Citybot turn since your last move as one line ("Citybot Left took the 5 and played its 11 — Two
Cards: your 1 for its 6"), grouped here by the turn number every event carries (`Event.turn`), so
the page only shows lines and never reads a rule.

A line is built from the values the Citybot steps record (SB1-SB9, SC8-SC12, `egonb.variants.citybots`); an
event saved before those values were recorded is told in its own (plain) words instead. An AI player's turn (a
multiplayer game) is told in the words of its events as you may read them, its name said once.
"""

from __future__ import annotations

import re
from typing import Any

from ..cards import a_short, short_name
from ..events import Event, uncited
from ..messages import PAGE
from .snapshot import YOU

#: What an ability played by a Citybot is called in a recap line (C2).
#: A Citybot's Two Cards before its exchange: while you decide whether to play your 9 (SP9), the line ends here.
_AIMED = "Two Cards against you"
_ABILITIES = {"SC9": "Black Shield", "SC10": "Magnifying Glass", "SC12": "Hourglass"}
#: Events that are not a move of a turn: the deal, the round's end and its scoring.
_NOT_MOVES = ("round_start", "flip", "deal", "reshuffle", "round_end", "removal", "reveal_hand", "game_end",
              "game_end_round")


def recap_lines(events: list[Event], names: tuple[str, ...], start: int, stop: int) -> list[dict[str, Any]]:
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
        words = _turn_words(group, player, names) if bots else _player_words(group, player, names)
        rules = list(dict.fromkeys(e.rule for e in group))
        lines.append({"player": player, "turn": turn, "rules": rules, "text": f"{names[player]} {words}"})
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


def _player_words(group: list[Event], player: int, names: tuple[str, ...]) -> str:
    """An AI player's turn: its events as you may read them (T1-T5, A8-A12), its name said once, "you" in lower case
    inside the line."""
    own = names[player] + " "
    texts = [e.text(names, YOU, you=YOU, texts=PAGE) for e in group]
    line = ", ".join(t[len(own):] if e.player == player and t.startswith(own) else t for e, t in zip(group, texts))
    return re.sub(r"(?<=\S )You\b", "you", line)


def _turn_words(group: list[Event], player: int, names: tuple[str, ...]) -> str:
    """What the Citybot `player` did in one turn: its moves, then the ability it played, after a dash."""
    if not all(_recorded(e) for e in group if e.kind == "bot"):  # a game saved before the values were recorded
        return "— " + "; ".join(uncited(e.args["text"]) for e in group if e.kind == "bot")
    moves: list[str] = []
    ability: list[str] = []
    for e in group:
        a = e.args
        if e.kind == "shield":
            ability[-1:] = ["Two Cards: you cancelled it with your 9"]
        elif e.kind == "no_shield":
            continue  # the exchange that follows says it all
        elif e.step == "SB2":
            moves.append(f"revealed {a_short(a['card'])}")
        elif e.step == "SB3":
            moves[-1] += f" and {a_short(a['card'])}"
        elif e.step == "SB1":
            moves.append("said STOP")
        elif e.step == "SB6":
            moves.append(f"took the {short_name(a['taken'])} and played its {short_name(a['card'])}")
        elif e.step == "SB7":
            moves.append(f"drew {a_short(a['drawn'])}")
        elif e.step == "SB8":
            moves[-1:] = [f"drew {a_short(a['drawn'])}, kept it and played its {short_name(a['card'])}"]
        elif e.step == "SB9":
            moves[-1:] = [f"drew {a_short(a['drawn'])} and discarded it"]
        elif "top" in a:  # SB4, or SC8 with a 789
            moves.append(f"matched the {short_name(a['top'])} with its {short_name(a['card'])}")
        elif e.step in ("SB5", "SC8"):
            moves.append(f"showed a pair and played its {short_name(a['card'])}")
        elif e.player != player:  # the other Citybot's 9, revealed by this one's Magnifying Glass (SC9)
            ability.append(f"{names[e.player or 0]} played the 9 it revealed")
        elif e.step == "SC11" and "yours" in a:  # the exchange after "Two Cards" was announced
            ability[-1:] = [f"Two Cards: your {short_name(a['yours'])} for its {short_name(a['its'])}"]
        elif e.step == "SC9" and ability[-1:] == [_AIMED]:
            ability[-1] = "Two Cards: its own 9 came up from its pile and cancelled it"
        else:
            ability.append(_ability_words(e, names))
    line = ", ".join(moves) or "played"
    return line + (f" — {'; '.join(ability)}" if ability else "")


def _recorded(event: Event) -> bool:
    """Does this Citybot step carry the values a recap line needs (the steps that move no card carry none)?"""
    return bool(set(event.args) - {"step", "text"}) or event.step in ("SB1", "SC9", "SC11", "SC12")


def _ability_words(e: Event, names: tuple[str, ...]) -> str:
    """An ability a Citybot played (SC9-SC12), in a few words."""
    a, name = e.args, _ABILITIES.get(e.step, e.step)
    if e.step == "SC11":
        return _AIMED  # the exchange, or what cancelled it, follows (or your answer is awaited, SP9)
    if e.step == "SC10":
        other = names[2 if e.player == 1 else 1]
        shown = ", ".join(map(short_name, a.get("cards", []))) or "nothing hidden"
        return f"{name}: {other}'s pile is face up ({shown})"
    if e.step == "SC12":
        return f"{name}: it plays again"
    return f"{name}: it played the 9 revealed from its pile"

