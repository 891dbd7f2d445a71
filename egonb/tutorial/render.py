"""HTML for cards, hands and the table, drawn only from a `View` and event texts.

Everything here takes what one player may know (DESIGN "Information"): a card the
viewer cannot see is drawn face down with no value in the markup at all.
Cards carry their value and ability symbol, so they read without colour, and an
aria-label for screen readers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape

from .. import state
from ..cards import ABILITY_NAMES
from ..events import Event
from ..view import View

_CARD = ("display:inline-flex;flex-direction:column;align-items:center;justify-content:center;"
         "width:50px;height:66px;margin:2px;border-radius:7px;border:2px solid {border};"
         "background:{bg};color:#1d1d1f;font-family:sans-serif;vertical-align:middle;"
         "box-shadow:0 1px 2px rgba(0,0,0,.25);")
_BACK = ("display:inline-block;width:50px;height:66px;margin:2px;border-radius:7px;border:2px solid #334;"
         "background:repeating-linear-gradient(45deg,#46607e,#46607e 5px,#5a7899 5px,#5a7899 10px);"
         "vertical-align:middle;")
_ABILITY_BG = {8: "#fde9c9", 9: "#d9d9de", 10: "#d6ecf7", 11: "#e4dcf5", 12: "#f7dede"}
#: The ability written on a card face, short enough for a small card (the full name is in its label).
SHORT_NAMES = {8: "789", 9: "Shield", 10: "Glass", 11: "2 Cards", 12: "Hourglass"}


def card(value: int, *, mark: bool = False) -> str:
    """One face-up card; `mark` draws a thick outline (the card a step or action is about)."""
    ability = ABILITY_NAMES.get(value)
    label = f"{value} {ability}" if ability else str(value)
    style = _CARD.format(border="#d4730b" if mark else "#555", bg=_ABILITY_BG.get(value, "#fffdf7"))
    if mark:
        style += "outline:3px solid #d4730b;"
    small = f'<span style="font-size:9px;line-height:1">{escape(SHORT_NAMES.get(value, ""))}</span>'
    return (f'<span role="img" aria-label="card {escape(label)}" title="{escape(label)}" style="{style}">'
            f'<b style="font-size:20px;line-height:1.1">{value}</b>{small if ability else ""}</span>')


def face_down(count: int = 1) -> str:
    """`count` face-down cards: the markup holds no value, only the number of cards."""
    if count <= 0:
        return '<i style="color:#777">no cards</i>'
    return "".join(f'<span role="img" aria-label="face-down card" style="{_BACK}"></span>' for _ in range(count))


def cards(values: Iterable[int], *, marked: Sequence[int] = ()) -> str:
    values = list(values)
    if not values:
        return '<i style="color:#777">no cards</i>'
    return "".join(card(v, mark=v in marked) for v in values)


def decision_text(view: View) -> str:
    """What the deciding player must do, in the engine's words (the same as its error messages)."""
    return state.decision_words(state.variant_of(view.rules), view.decision, view.names, view.designated,
                                view.choices)


def _row(label: str, body: str, note: str = "") -> str:
    note_html = f'<span style="color:#555;font-size:12px;margin-left:8px">{note}</span>' if note else ""
    return (f'<div style="display:flex;align-items:center;margin:3px 0">'
            f'<div style="width:150px;font-weight:600">{label}</div><div>{body}</div>{note_html}</div>')


def table(view: View, *, marked: Mapping[int, Sequence[int]] | None = None,
          final_hands: Sequence[Sequence[int]] | None = None, new_top: bool = False) -> str:
    """The whole table as `view.player` sees it: pile, deck, every hand in seat order, STOP and totals.

    The seats stay in the same order whoever looks, so a hot seat changes whose cards are face up, not the rows.
    `marked`: per seat, values to outline (the cards a step is about); `new_top`: outline the discard pile's top card
    (it just arrived there); `final_hands`: every seat's hand as the last round's end showed it (E1), face up in
    place of the others'."""
    names = view.names
    me = view.player
    marks = marked or {}
    parts = []
    if view.is_over:
        head = "The game is over."
    else:
        who = names[view.current_player] if view.current_player is not None else ""
        head = f"Round {view.round} · <b>{escape(who)}</b> must {escape(decision_text(view))}"
    parts.append(f'<div style="margin-bottom:4px">{head}</div>')
    top = card(view.top, mark=new_top) if view.top else '<i style="color:#777">empty</i>'
    parts.append(_row("Discard pile", top, f"{len(view.discard)} card(s); only the top one is in play"))
    parts.append(_row("Deck", face_down(1 if view.deck_size else 0), f"{view.deck_size} card(s) face down"))
    for seat in range(view.n_players):
        name = escape(names[seat]) + (" (you)" if seat == me and names[seat] != "You" else "")
        notes = []
        if view.stop_caller == seat:
            notes.append("said STOP")
        if view.turn == seat and not view.is_over:
            notes.append("this turn")
        if final_hands is not None and seat != me:
            body = cards(final_hands[seat])
            notes.append("shown at the end of the round (E1)")
        elif seat == me:
            body = cards(view.hand, marked=marks.get(seat, ()))
            if view.drawn:
                body += ' <span style="margin-left:12px">drawn: </span>' + card(view.drawn, mark=True)
        elif seat in view.automated:  # a Citybot: visible cards and a hidden pile (SM4)
            shown, hidden = view.visible[seat], view.pile_sizes[seat]
            body = cards(shown, marked=marks.get(seat, ())) if shown else ""
            body += " " + face_down(hidden) if hidden else ""
            notes.append(f"{len(view.visible[seat])} visible, {view.pile_sizes[seat]} hidden in its pile")
        else:
            body = face_down(view.hand_sizes[seat])
            if view.known[seat]:
                notes.append("you know it holds " + ", ".join(map(str, view.known[seat])))
        parts.append(_row(name, body, "; ".join(notes)))
    if view.scores:
        parts.append(scoreboard(view))
    return '<div style="font-family:sans-serif;font-size:14px">' + "".join(parts) + "</div>"


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


#: How a log line names its secret part: a kept card is played in the open, only the drawn card is secret.
_SECRET_WORDS = {"card": "the card", "drawn": "the drawn card", "hand": "the hand"}


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
