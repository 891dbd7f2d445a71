"""The deck explorer (C1-C3) and the deal explorer (S1-S3): what is in the box, and how a round starts.

Both build real games with `Rules` and `new_game`: what they show is what the engine deals.
"""

from __future__ import annotations

from collections import Counter
from html import escape
from statistics import mean

import ipywidgets as widgets

from ..games.egocentric_world.actions import DISCARD_DRAWN, DRAW
from ..games.egocentric_world.cards import ABILITY_NAMES, ABILITY_SYMBOLS, VALUES, a_card_words
from ..games.egocentric_world.rules import Rules
from ..games.egocentric_world.state import GameState, new_game
from ..messages import ENGLISH
from ..messages.seats import seat_names
from . import render
from .cards_view import CardsView

#: The seed boxes take 0 to MAX_SEED: the engine refuses a seed below 0, so a typed -5 becomes 0 instead of an error
#: (and the top stays far inside what a browser's numbers hold exactly).
MAX_SEED = 2**31 - 1


def seed_box(seed: int) -> widgets.BoundedIntText:
    """The seed box of the deal explorer and the game scorer: 0 to MAX_SEED."""
    return widgets.BoundedIntText(value=seed, min=0, max=MAX_SEED, description="seed",
                                  layout=widgets.Layout(width="160px"))


def starting_hands(rules: Rules, deals: int) -> list[tuple[int, ...]]:
    """Seat 0's starting hand over `deals` seeded deals (seeds 0, 1, ...): real deals by the engine (S1)."""
    return [new_game(rules, seed).view(0).hand for seed in range(deals)]


class DeckExplorer(widgets.VBox):
    """What is in the box, and what it deals you: a hand of five, how often a card turns up, what a hand scores.

    Everything comes from real deals of the default deck (C1), so the figures are the game's, not a formula's.
    """

    DEALS = 400

    def __init__(self) -> None:
        self.rules = Rules()
        self.hands = starting_hands(self.rules, self.DEALS)
        self.deal = widgets.Button(description=ENGLISH("tutorial.deck.deal"), button_style="primary", icon="random")
        self.deal.on_click(lambda _: self.next_hand())
        self.value = widgets.Dropdown(options=list(VALUES), value=12, description=ENGLISH("tutorial.deck.how_often"),
                                      style={"description_width": "initial"}, layout=widgets.Layout(width="190px"))
        self.value.observe(lambda _: self._odds(), names="value")
        self.deck = CardsView(_deck_board(self.rules))
        self.table = widgets.HTML(_deck_table(self.rules))
        self.hand_view = CardsView()
        self.score = widgets.HTML()
        self.odds = widgets.HTML()
        self.spread = widgets.HTML()
        super().__init__([self.deck, self.table, widgets.HBox([self.deal, self.hand_view]), self.score,
                          widgets.HBox([self.value, widgets.HTML("&nbsp;" + escape(ENGLISH("tutorial.deck.in_hand")))]),
                          self.odds, self.spread], layout=widgets.Layout(border="1px solid #ccc", padding="8px"))
        self.reset()

    @property
    def hand(self) -> tuple[int, ...]:
        """The hand on show: the starting hand of deal number `self.shown`."""
        return self.hands[self.shown]

    def reset(self) -> None:
        """As a first-time reader finds it: the first deal on show, asking about the 12."""
        self.shown = 0
        self.value.value = 12
        self._show()
        self._odds()

    def next_hand(self) -> None:
        self.shown = (self.shown + 1) % self.DEALS
        self._show()

    def _show(self) -> None:
        totals = [sum(h) for h in self.hands]
        mine = sum(self.hand)
        lower = sum(t < mine for t in totals)
        self.hand_view.value = render.hand(self.hand, ENGLISH("tutorial.deck.your_hand"))
        verdict = "good" if lower < self.DEALS // 4 else "poor" if lower > 3 * self.DEALS // 4 else "ordinary"
        self.score.value = "<div>" + ENGLISH(f"tutorial.deck.score.{verdict}", points=mine, deals=self.DEALS,
                                             lower=lower, sum=" + ".join(map(str, self.hand))) + "</div>"
        self.spread.value = _histogram(totals, self.DEALS, mine)

    def _odds(self) -> None:
        v = self.value.value
        copies = self.rules.deck.count(v)
        held = sum(v in h for h in self.hands)
        self.odds.value = "<div>" + ENGLISH("tutorial.deck.odds", n=copies, cards=len(self.rules.deck),
                                            a_card=escape(a_card_words(v)), deals=self.DEALS, held=held,
                                            percent=f"{100 * held / self.DEALS:.0f}") + "</div>"


def _deck_board(rules: Rules) -> render.Board:
    """One card of each value, with how many copies the deck holds (C1)."""
    counts = Counter(rules.deck)
    return {"rows": [render.row(ENGLISH("tutorial.deck.values"), [{**render.card(v), "caption": f"× {counts[v]}"}
                                                      for v in VALUES])]}


def _deck_table(rules: Rules) -> str:
    """The deck as a table: each value's copies, its score (C3) and its ability (C2)."""
    counts = Counter(rules.deck)
    cell = "<td style='text-align:center;padding:1px 2px'>{}</td>"
    rows: list[tuple[str, list[object]]] = [
        (ENGLISH("tutorial.deck.row.value"), list(VALUES)),
        (ENGLISH("tutorial.deck.row.copies"), [counts[v] for v in VALUES]),
        (ENGLISH("tutorial.deck.row.scores"), list(VALUES)),
        (ENGLISH("tutorial.deck.row.ability"), [escape(f"{ABILITY_SYMBOLS[v]} {ABILITY_NAMES[v]}")
                                                if v in ABILITY_NAMES else "—" for v in VALUES]),
    ]
    body = "".join(f"<tr><th style='text-align:left;padding-right:6px'>{name}</th>"
                   + "".join(cell.format(x) for x in xs) + "</tr>" for name, xs in rows)
    return (f"<table aria-label='deck' style='font-size:12px'>{body}</table>"
            "<div>" + ENGLISH("tutorial.deck.size", n=len(rules.deck), mean=f"{mean(rules.deck):.1f}") + "</div>")


def _histogram(totals: list[int], deals: int, mine: int) -> str:
    """Starting hand totals grouped by fives, as text bars; the group of the hand on show is marked."""
    groups = Counter(t // 5 * 5 for t in totals)
    peak = max(groups.values())
    bars = "".join(
        f"<div style='font-family:monospace'>{g:>2}–{g + 4:<2} "
        f"<span style='display:inline-block;background:{'#d4730b' if g <= mine < g + 5 else '#46607e'};"
        f"height:10px;width:{200 * groups[g] // peak}px'></span> {groups[g]}"
        f"{' ' + escape(ENGLISH('tutorial.deck.yours')) if g <= mine < g + 5 else ''}</div>" for g in sorted(groups))
    head = ENGLISH("tutorial.deck.totals", deals=deals)
    summary = ENGLISH("tutorial.deck.summary", mean=f"{mean(totals):.1f}", lowest=min(totals), highest=max(totals))
    return f"<div style='margin-top:8px'><b>{escape(head)}</b>{bars}<div>{escape(summary)}</div></div>"


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
        self.players = widgets.IntSlider(value=players, min=2, max=6, description=ENGLISH("tutorial.scorer.players"))
        self.seed = seed_box(seed)
        self.seat = widgets.Dropdown(description=ENGLISH("tutorial.deck.seat"), options=[])
        self.board = CardsView()
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
                self.seat.options = [(name, i) for i, name in enumerate(seat_names(Rules(players=n).names, ENGLISH))]
                self.seat.value = seat
            self.game = new_game(Rules(players=n), self.seed.value)
            seat = self.seat.value
            view = self.game.view(seat)
            self.board.value = render.table(view)
            lines = [render.event_line(e, t, seat, view.names) for e, t in self.game.events_for(seat)]
            names = seat_names(view.names, ENGLISH)
            order = ENGLISH("tutorial.deck.order", seats=" → ".join(escape(names[s]) for s in turn_order(self.game)))
            self.story.value = render.log(lines) + f"<div>{order}</div>"
        finally:
            self._busy = False
