"""The deck explorer (C1-C3) and the deal explorer (S1-S3): what is in the box, and how a round starts.

Both build real games with `Rules` and `new_game`, so a deck the engine would
refuse (too few cards for the players) is refused here too, with its message.
"""

from __future__ import annotations

from collections import Counter
from html import escape
from statistics import mean

import ipywidgets as widgets

from ..actions import DISCARD_DRAWN, DRAW
from ..cards import ABILITY_NAMES, ABILITY_SYMBOLS, VALUES
from ..errors import GameError
from ..rules import Rules
from ..state import GameState, new_game
from . import render

#: The seed boxes take 0 to MAX_SEED: the engine refuses a seed below 0, so a typed -5 becomes 0 instead of an error
#: (and the top stays far inside what a browser's numbers hold exactly).
MAX_SEED = 2**31 - 1


def seed_box(seed: int) -> widgets.BoundedIntText:
    """The seed box of the deal explorer and the game scorer: 0 to MAX_SEED."""
    return widgets.BoundedIntText(value=seed, min=0, max=MAX_SEED, description="seed",
                                  layout=widgets.Layout(width="160px"))


def hand_totals(rules: Rules, deals: int) -> list[int]:
    """The starting hand total of seat 0 over `deals` seeded deals (seeds 0, 1, ...)."""
    return [sum(new_game(rules, seed).view(0).hand) for seed in range(deals)]


class DeckExplorer(widgets.VBox):
    """The deck table and the spread of starting hands, for a chosen number of copies per value."""

    DEALS = 400

    def __init__(self) -> None:
        self.copies = widgets.IntSlider(value=5, min=1, max=8, description="copies/value",
                                        style={"description_width": "initial"})
        self.players = widgets.IntSlider(value=4, min=2, max=6, description="players")
        self.table = widgets.HTML()
        self.spread = widgets.HTML()
        self.rules: Rules | None = None
        self.error = ""
        for w in (self.copies, self.players):
            w.observe(lambda _: self.update(), names="value")
        super().__init__([widgets.HBox([self.copies, self.players]), self.table, self.spread],
                         layout=widgets.Layout(border="1px solid #ccc", padding="8px"))
        self.update()

    def update(self) -> None:
        try:
            self.rules = Rules(players=self.players.value, counts=(self.copies.value,) * len(VALUES))
        except GameError as exc:
            self.rules, self.error = None, str(exc)
            self.table.value = f'<div style="color:#a00;max-width:420px">✗ The engine refuses this deck: ' \
                               f'{escape(self.error)}</div>'
            self.spread.value = ""
            return
        self.error = ""
        counts = Counter(self.rules.deck)
        cell = "<td style='text-align:center;padding:1px 2px'>{}</td>"
        rows: list[tuple[str, list[object]]] = [
            ("card", [render.card(v) for v in VALUES]),
            ("copies", [counts[v] for v in VALUES]),
            ("scores", list(VALUES)),
            ("ability", [escape(f"{ABILITY_SYMBOLS[v]} {ABILITY_NAMES[v]}") if v in ABILITY_NAMES else "—"
                         for v in VALUES]),
        ]
        body = "".join(f"<tr><th style='text-align:left;padding-right:6px'>{name}</th>"
                       + "".join(cell.format(x) for x in xs) + "</tr>" for name, xs in rows)
        total = len(self.rules.deck)
        self.table.value = (f"<table aria-label='deck' style='font-size:12px'>{body}</table>"
                            f"<div><b>{total} cards</b>, average value {mean(self.rules.deck):.1f}</div>")
        totals = hand_totals(self.rules, self.DEALS)
        self.spread.value = _histogram(totals, self.DEALS)


def _histogram(totals: list[int], deals: int) -> str:
    """Starting hand totals grouped by fives, as text bars."""
    groups = Counter(t // 5 * 5 for t in totals)
    peak = max(groups.values())
    bars = "".join(
        f"<div style='font-family:monospace'>{g:>2}–{g + 4:<2} "
        f"<span style='display:inline-block;background:#46607e;height:10px;width:{200 * groups[g] // peak}px'>"
        f"</span> {groups[g]}</div>" for g in sorted(groups))
    return (f"<div style='margin-top:8px'><b>Starting hand totals over {deals} deals</b>{bars}"
            f"<div>mean {mean(totals):.1f}, lowest {min(totals)}, highest {max(totals)}</div></div>")


def turn_order(game: GameState) -> list[int]:
    """The seats in the order they play, found by letting the engine run one quiet turn each (S3)."""
    probe = game.clone()
    order = []
    for _ in range(probe.n):
        order.append(probe.turn)
        probe.apply(DRAW)
        probe.apply(DISCARD_DRAWN)
    return order


class DealExplorer(widgets.VBox):
    """Deal round 1 for 2-6 players and sit in any seat: your hand, the others face down, who starts."""

    def __init__(self, players: int = 4, seed: int = 1) -> None:
        self.players = widgets.IntSlider(value=players, min=2, max=6, description="players")
        self.seed = seed_box(seed)
        self.seat = widgets.Dropdown(description="you sit in", options=[])
        self.board = widgets.HTML()
        self.story = widgets.HTML()
        self._busy = False
        for w in (self.players, self.seed, self.seat):
            w.observe(lambda _: self.update(), names="value")
        super().__init__([widgets.HBox([self.players, self.seed, self.seat]), self.board, self.story],
                         layout=widgets.Layout(border="1px solid #ccc", padding="8px"))
        self.update()

    def update(self) -> None:
        if self._busy:  # changing the seat options below fires this observer again
            return
        self._busy = True
        try:
            n = self.players.value
            if [o[1] for o in self.seat.options] != list(range(n)):
                seat = min(self.seat.value or 0, n - 1)
                self.seat.options = [(f"Player {i + 1}", i) for i in range(n)]
                self.seat.value = seat
            self.game = new_game(Rules(players=n), self.seed.value)
            seat = self.seat.value
            view = self.game.view(seat)
            self.board.value = render.table(view)
            lines = [render.event_line(e, t, seat, view.names) for e, t in self.game.events_for(seat)]
            self.story.value = (render.log(lines) + "<div><b>Turn order this round:</b> "
                                + " → ".join(escape(view.names[s]) for s in turn_order(self.game)) + " → …</div>")
        finally:
            self._busy = False
