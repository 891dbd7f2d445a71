"""Boards for `CardsView` (cards, hands and piles, drawn in the browser by the game table's card modules) and HTML
for scores and log lines, all from a `View` and event texts.

Everything here takes what one player may know (docs/ARCHITECTURE.md): a card the viewer cannot see is sent as a
count of face-down cards, never as a value. The card modules draw every face with its value and ability symbol,
so cards read without colour, and label each one for screen readers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from ..events import Event
from ..games.egocentric_world import state
from ..games.egocentric_world.cards import ABILITY_NAMES, ABILITY_SYMBOLS
from ..games.egocentric_world.events import uncited
from ..games.egocentric_world.view import View

#: One item of a board row: a face-up card {"v", "name", "symbol", "fresh"}, face-down cards {"down"} (a pile with
#: "pile": what it holds), or a word between cards {"text"}.
Card = dict[str, Any]
Board = dict[str, Any]


def card(value: int, *, fresh: bool = False) -> Card:
    """One face-up card; an ability card brings its name and symbol (C2). `fresh` rings it in gold, as the game table
    rings a card that just arrived (the card a step or action is about)."""
    item: Card = {"v": value}
    if value in ABILITY_NAMES:
        item.update(name=ABILITY_NAMES[value], symbol=ABILITY_SYMBOLS[value])
    if fresh:
        item["fresh"] = True
    return item


def cards(values: Iterable[int], *, marked: Sequence[int] = ()) -> list[Card]:
    return [card(v, fresh=v in marked) for v in values]


def face_down(count: int) -> list[Card]:
    """`count` face-down cards: the number of cards, no value."""
    return [{"down": count}] if count > 0 else []


def pile(count: int, what: str) -> Card:
    """A face-down pile drawn as a stack with its count ("43 in deck")."""
    return {"down": count, "pile": what}


def row(name: str, items: list[Card], note: str = "", *, active: bool = False) -> dict[str, Any]:
    return {"name": name, "cards": items, "note": note, "active": active}


def hand(values: Iterable[int], name: str = "", note: str = "") -> Board:
    """A board of one row: a hand of cards."""
    return {"rows": [row(name, cards(values), note)]}


def decision_text(view: View) -> str:
    """What the deciding player must do, in the engine's words (the same as its error messages)."""
    return state.decision_words(state.variant_of(view.rules), view.decision, view.names, view.designated,
                                view.choices)


def table(view: View, *, marked: Mapping[int, Sequence[int]] | None = None,
          final_hands: Sequence[Sequence[int]] | None = None, new_top: bool = False) -> Board:
    """The whole table as `view.player` sees it: pile, deck, every hand in seat order, STOP and whose turn.

    The seats stay in the same order whoever looks, so a hot seat changes whose cards are face up, not the rows.
    `marked`: per seat, values to ring (the cards a step is about); `new_top`: ring the discard pile's top card
    (it just arrived there); `final_hands`: every seat's hand as the last round's end showed it (E1), face up in
    place of the others'."""
    names = view.names
    me = view.player
    marks = marked or {}
    if view.is_over:
        head = "The game is over."
    else:
        who = names[view.current_player] if view.current_player is not None else ""
        head = f"Round {view.round} · {who} must {uncited(decision_text(view))}"
    rows = [row("Discard pile", [card(view.top, fresh=new_top)] if view.top else [],
                f"{len(view.discard)} card{'' if len(view.discard) == 1 else 's'}, only the top one is in play"),
            row("Deck", [pile(view.deck_size, "in deck")])]
    for seat in range(view.n_players):
        name = names[seat] + (" (you)" if seat == me and names[seat] != "You" else "")
        notes = ["▶ this turn"] if view.turn == seat and not view.is_over else []
        if view.stop_caller == seat:
            notes.append("said STOP")
        if final_hands is not None and seat != me:
            items = cards(final_hands[seat])
            notes.append("shown at the end of the round (E1)")
        elif seat == me:
            items = cards(view.hand, marked=marks.get(seat, ()))
            if view.drawn:
                items += [{"text": "drawn:"}, card(view.drawn, fresh=True)]
        elif seat in view.automated:  # a Citybot: a hidden pile and its visible cards (SM4)
            items = [pile(view.pile_sizes[seat], "hidden"), *cards(view.visible[seat], marked=marks.get(seat, ()))]
        else:
            items = face_down(view.hand_sizes[seat])
            if view.known[seat]:
                notes.append("you know it holds " + ", ".join(map(str, view.known[seat])))
        rows.append(row(name, items, "; ".join(notes), active=view.turn == seat and not view.is_over))
    return {"head": head, "rows": rows}


def scoreboard(view: View) -> str:
    """Round scores and running totals (E1, E2); the lowest total is in bold."""
    names = view.names
    head = "".join(f"<th style='padding:2px 8px'>{escape(n)}</th>" for n in names)
    rows = []
    for i, scores in enumerate(view.scores, 1):
        best = min(scores)
        cells = "".join(f"<td style='padding:2px 8px;text-align:center'>{'<b>' if s == best else ''}{s}"
                        f"{'</b>' if s == best else ''}</td>" for s in scores)
        rows.append(f"<tr><td>Round {i}</td>{cells}</tr>")
    best = min(view.totals)
    total = "".join(f"<td style='padding:2px 8px;text-align:center;border-top:1px solid #999'>"
                    f"{'<b>' if t == best else ''}{t}{'</b>' if t == best else ''}</td>" for t in view.totals)
    rows.append(f"<tr><td style='border-top:1px solid #999'>Total</td>{total}</tr>")
    winners = ""
    if view.winners:
        winners = "<div><b>Winner(s): " + escape(" and ".join(names[w] for w in view.winners)) + "</b></div>"
    return (f'<table aria-label="scores" style="border-collapse:collapse;margin-top:6px"><tr><th></th>{head}</tr>'
            + "".join(rows) + "</table>" + winners)


#: How a log line names its secret part: a kept card is played in the open, only the drawn card is secret (Diverse
#: City: the cards dealt to a hand, or passed in a World War).
_SECRET_WORDS = {"card": "the card", "cards": "the cards", "drawn": "the drawn card", "hand": "the hand"}


def event_line(event: Event, text: str, viewer: int | None, names: Sequence[str], *, rule_ids: bool = True) -> str:
    """One log line, its rule id as a badge (or, with `rule_ids` off, in the line's tooltip); a secret shown to
    `viewer` says who alone can read it."""
    badge = (f'<code style="background:#eef;border-radius:4px;padding:0 4px;margin-right:6px">'
             f'{escape(event.rule)}</code>') if rule_ids else ""
    note = ""
    if viewer is not None and event.secret is not None and viewer in event.to and not event.known_to_all(len(names)):
        who = " and ".join("you" if names[s] == "You" else names[s] for s in event.to)
        verb = "see" if len(event.to) > 1 or who == "you" else "sees"
        what = " and ".join(_SECRET_WORDS[key] for key in event.secret)
        note = f' <i style="color:#777">(only {escape(who)} {verb} {what})</i>'
    return f'<div title="rule {escape(event.rule)}">{badge}{escape(text)}{note}</div>'


def log(lines: Iterable[str]) -> str:
    body = "".join(lines)
    return f'<div role="log" style="font-family:sans-serif;font-size:13px;line-height:1.5">{body}</div>'
