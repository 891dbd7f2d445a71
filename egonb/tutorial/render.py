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
from ..games.egocentric_world.view import View
from ..messages import ENGLISH, Texts
from ..messages.seats import seat_name, seat_names

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


def decision_text(view: View, texts: Texts = ENGLISH) -> str:
    """What the deciding player must do, in the engine's words (the same as its error messages)."""
    return state.decision_words(state.variant_of(view.rules), view.decision, seat_names(view.names, texts),
                                view.designated, view.choices, texts)


def table(view: View, *, marked: Mapping[int, Sequence[int]] | None = None,
          final_hands: Sequence[Sequence[int]] | None = None, new_top: bool = False, texts: Texts = ENGLISH) -> Board:
    """The whole table as `view.player` sees it: pile, deck, every hand in seat order, STOP and whose turn.

    The seats stay in the same order whoever looks, so a hot seat changes whose cards are face up, not the rows.
    `marked`: per seat, values to ring (the cards a step is about); `new_top`: ring the discard pile's top card
    (it just arrived there); `final_hands`: every seat's hand as the last round's end showed it (E1), face up in
    place of the others'."""
    names = seat_names(view.names, texts)  # the default names in the chapter's language (egonb/messages/seats.py)
    me = view.player
    marks = marked or {}
    if view.is_over:
        head = texts("tutorial.board.over")
    else:
        who = names[view.current_player] if view.current_player is not None else ""
        head = texts("tutorial.board.head", round=view.round, player=who,
                     decision=decision_text(view, texts.citing(False)))
    rows = [row(texts("tutorial.board.discard"), [card(view.top, fresh=new_top)] if view.top else [],
                texts("tutorial.board.discard.note", n=len(view.discard))),
            row(texts("tutorial.board.deck"), [pile(view.deck_size, texts("tutorial.board.in_deck"))])]
    for seat in range(view.n_players):
        mine = seat == me and view.names[seat] != "You"
        name = texts("tutorial.board.yours", player=names[seat]) if mine else names[seat]
        notes = [texts("tutorial.board.turn")] if view.turn == seat and not view.is_over else []
        if view.stop_caller == seat:
            notes.append(texts("tutorial.board.stop"))
        if final_hands is not None and seat != me:
            items = cards(final_hands[seat])
            notes.append(texts("tutorial.board.shown"))
        elif seat == me:
            items = cards(view.hand, marked=marks.get(seat, ()))
            if view.drawn:
                items += [{"text": texts("tutorial.board.drawn")}, card(view.drawn, fresh=True)]
        elif seat in view.automated:  # a Citybot: a hidden pile and its visible cards (SM4)
            items = [pile(view.pile_sizes[seat], texts("tutorial.board.hidden")),
                     *cards(view.visible[seat], marked=marks.get(seat, ()))]
        else:
            items = face_down(view.hand_sizes[seat])
            if view.known[seat]:
                notes.append(texts("tutorial.board.known", cards=texts.join([str(v) for v in view.known[seat]])))
        note = notes[0] if notes else ""
        for more in notes[1:]:
            note = texts("tutorial.board.notes", first=note, second=more)
        rows.append(row(name, items, note, active=view.turn == seat and not view.is_over))
    return {"head": head, "rows": rows}


def scoreboard(view: View, texts: Texts = ENGLISH) -> str:
    """Round scores and running totals (E1, E2); the lowest total is in bold."""
    names = seat_names(view.names, texts)
    head = "".join(f"<th style='padding:2px 8px'>{escape(n)}</th>" for n in names)
    rows = []
    for i, scores in enumerate(view.scores, 1):
        best = min(scores)
        cells = "".join(f"<td style='padding:2px 8px;text-align:center'>{'<b>' if s == best else ''}{s}"
                        f"{'</b>' if s == best else ''}</td>" for s in scores)
        rows.append(f"<tr><td>{escape(texts('tutorial.scores.round', round=i))}</td>{cells}</tr>")
    best = min(view.totals)
    total = "".join(f"<td style='padding:2px 8px;text-align:center;border-top:1px solid #999'>"
                    f"{'<b>' if t == best else ''}{t}{'</b>' if t == best else ''}</td>" for t in view.totals)
    rows.append(f"<tr><td style='border-top:1px solid #999'>{escape(texts('tutorial.scores.total'))}</td>{total}</tr>")
    winners = ""
    if view.winners:
        said = texts("tutorial.scores.winners", n=len(view.winners),
                     players=texts.join([names[w] for w in view.winners]))
        winners = f"<div><b>{escape(said)}</b></div>"
    return (f'<table aria-label="scores" style="border-collapse:collapse;margin-top:6px"><tr><th></th>{head}</tr>'
            + "".join(rows) + "</table>" + winners)


def event_line(event: Event, text: str, viewer: int | None, names: Sequence[str], *, rule_ids: bool = True,
               texts: Texts = ENGLISH) -> str:
    """One log line, its rule id as a badge (or, with `rule_ids` off, in the line's tooltip); a secret shown to
    `viewer` says who alone can read it."""
    badge = (f'<code style="background:#eef;border-radius:4px;padding:0 4px;margin-right:6px">'
             f'{escape(event.rule)}</code>') if rule_ids else ""
    note = ""
    if viewer is not None and event.secret is not None and viewer in event.to and not event.known_to_all(len(names)):
        # How a log line names its secret part: a kept card is played in the open, only the drawn card is secret
        # (Diverse City: the cards dealt to a hand, or passed in a World War).
        what = texts.join([texts(f"tutorial.secret.{key}") for key in event.secret])
        readers = [texts("word.reader") if names[s] == "You" else seat_name(names[s], texts) for s in event.to]
        only = ("tutorial.log.only.several" if len(readers) > 1 else
                "tutorial.log.only.you" if names[event.to[0]] == "You" else "tutorial.log.only")
        note = f' <i style="color:#777">{escape(texts(only, who=texts.join(readers), what=what))}</i>'
    return f'<div title="{escape(texts("tutorial.log.rule", rule=event.rule))}">{badge}{escape(text)}{note}</div>'


def log(lines: Iterable[str]) -> str:
    body = "".join(lines)
    return f'<div role="log" style="font-family:sans-serif;font-size:13px;line-height:1.5">{body}</div>'
