"""Diverse City in the tutorial (notebooks/30-diverse-city.ipynb): its cards on the shared card front end
(`CardsView`), a hand scorer, and an explorer that plays prepared positions with the engine's legal actions.

As everywhere in the tutorial, the widgets decide no rule: a position is made and checked by the engine's own
builder (`position`), a score is the configuration's `round_score`, a move is one of the engine's legal actions.
A chapter's setup is one line, `from egonb.tutorial.diverse import *`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from ..errors import GameError
from ..events import Event
from ..games.diverse_city import Config, DCState, HeuristicAgent, from_position, new_game
from ..games.diverse_city.actions import Action
from ..games.diverse_city.cards import (
    CATEGORIES,
    FIRST_DISASTER,
    GLOBAL_WARMING,
    PANDEMIC,
    PEOPLE,
    WORLD_WAR,
    category_of,
    city,
    is_city,
    is_disaster,
)
from ..games.diverse_city.names import said
from ..games.diverse_city.view import View
from ..messages import ENGLISH
from ..messages.seats import seat_name, seat_names
from . import checks, render, scenes
from .cards_view import CardsView
from .exercise import exercise
from .scenes import scene

__all__ = ["CATEGORIES", "CLEARING", "GLOBAL_WARMING", "MAJORS", "PANDEMIC", "PEOPLE", "WORLD_WAR", "C", "CardsView",
           "CityExplorer", "Config", "D", "HandScorer", "board", "card", "checks", "exercise", "new_game", "position",
           "played_round", "show", "widgets"]

#: A symbol per card name, where an Egocentric World card shows its ability's (plain Unicode that DejaVu Sans
#: draws: no emoji font needed).
SYMBOLS = {"Emergency Services": "✚", "Housing": "⌂", "Food": "☕", "School": "✎", "Public Transportation": "⇆",
           "Waste Management": "♻", "Power Plant": "⚡", "Communications": "☎", "Activity": "♫", "PEOPLE": "☺",
           "Flood": "≈", "Fire": "♨", "Blizzard": "❄", "Traffic Jam": "⚠", "Litter Bug": "✗", "Blackout": "☾",
           "Pollution": "☁", "World War": "⚔", "Pandemic": "☣", "Global Warming": "☀"}
DEFAULT = Config()


def C(category: str, points: int) -> int:
    """A CITY card by category and points, as a chapter writes it: C("Food", 3)."""
    return city(CATEGORIES.index(category), points)


def D(name: str, config: Config = DEFAULT) -> int:
    """A personal disaster of the deck table by name: D("Flood")."""
    return FIRST_DISASTER + [d.name for d in config.disasters].index(name)


def needs(slots: Sequence[Sequence[str]]) -> str:
    """'Emergency Services + Food', 'Power Plant or Communications' (K3)."""
    out = ""
    for slot in slots:
        either = said(slot[0], ENGLISH)
        for other in slot[1:]:
            either = ENGLISH("city.slot.or", first=either, second=said(other, ENGLISH))
        out = ENGLISH("tutorial.city.slots", first=out, second=either) if out else either
    return out


def card(config: Config, code: int, *, fresh: bool = False, caption: str = "") -> render.Card:
    """One Diverse City card for the card modules: its points where an Egocentric World card shows its value, its
    category (or disaster) where that card shows its ability, and everything in words for screen readers (K1)."""
    points = config.points(code)
    key = CATEGORIES[category_of(code)] if is_city(code) else config.card_name(code)
    name = said(key, ENGLISH)
    item: render.Card = {"name": name, "symbol": SYMBOLS.get(key, "!")}
    if is_city(code):
        item.update(v=points, label=ENGLISH("tutorial.city.card", name=name, n=points))
    elif code == PEOPLE:
        item.update(v=points, label=ENGLISH("tutorial.city.card.people", n=points))
    elif is_disaster(code):
        slots = needs(config.disaster(code).slots)
        item.update(v=f"−{-points}", label=ENGLISH("tutorial.city.card.disaster", name=name, n=-points, needs=slots))
    else:
        item.update(v="!", label=ENGLISH("tutorial.city.card.major", name=name))
    if fresh:
        item["fresh"] = True
    if caption:
        item["caption"] = caption
    return item


def show(codes: Sequence[int], title: str, config: Config = DEFAULT) -> CardsView:
    """Some cards on the card front end, in one row named `title`; a disaster says what clears it (K3)."""
    return CardsView({"rows": [render.row(title, [
        card(config, c, caption=ENGLISH("tutorial.city.needs", needs=needs(config.disaster(c).slots))
             if is_disaster(c) else "")
        for c in codes])]})


def played_round(seed: int = 1, players: int = 4) -> CardsView:
    """Round 1 of a game played by the toolkit's heuristic agents, as its end shows it (I4): every hand, each
    player's round score (R3) and how the round ended."""
    game, agent = new_game(Config(players=players), seed), HeuristicAgent()
    while game.round == 1:
        game.apply(agent.act(game.view(game.current_player or 0)))
    view, names = game.view(0), game.config.names
    end = next(i for i, e in enumerate(game.events) if e.kind in ("call", "turn_cap"))
    turns = sum(e.kind == "turn" for e in game.events[:end])
    return CardsView({"head": ENGLISH("tutorial.city.after", n=turns, how=game.events[end].text(names)),
                      "rows": [render.row(ENGLISH("tutorial.city.round_score", player=seat_name(names[p], ENGLISH),
                                                  score=f"{view.scores[0][p]:+d}"),
                                          [card(game.config, c) for c in view.shown[p]]) for p in range(players)]})


def front(config: Config, entries: Sequence[Sequence[int]]) -> list[render.Card]:
    """The disasters in front of a player, each captioned with what still clears it, and its partial (X6)."""
    items = []
    for code, partial, slot in entries:
        open_slots = [s for k, s in enumerate(config.disaster(code).slots) if k != slot]
        items.append(card(config, code, caption=ENGLISH("tutorial.city.needs", needs=needs(open_slots))))
        if partial >= 0:
            on = ENGLISH("tutorial.city.on", disaster=config.card_words(code, ENGLISH))
            items.append(card(config, partial, caption=on))
    return items


def board(view: View) -> render.Board:
    """The table as `view.player` sees it (I1-I2): the piles, every hand in seat order (the others' as face-down
    counts and the cards this player knows are there), and what lies in front of everyone."""
    config, names = view.rules, seat_names(view.rules.names, ENGLISH)  # in the chapter's language
    if view.is_over:
        head = ENGLISH("tutorial.board.over")
    elif view.current_player not in (None, view.turn):
        head = ENGLISH("tutorial.city.head.asked", player=names[view.turn], asked=names[view.current_player or 0])
    else:
        head = ENGLISH("tutorial.city.head", player=names[view.turn])
    rows = [render.row(ENGLISH("tutorial.board.discard"), [card(config, view.discard[-1])] if view.discard else [],
                       ENGLISH("city.word.n_cards", n=len(view.discard))),
            render.row(ENGLISH("tutorial.city.draw_pile"),
                       [render.pile(view.draw_size, ENGLISH("tutorial.city.to_draw"))])]
    for seat in range(config.players):
        mine = seat == view.player
        items = [card(config, c) for c in view.hand] if mine else render.face_down(view.hand_sizes[seat])
        if view.fronts[seat]:
            items += [{"text": ENGLISH("tutorial.city.in_front")}, *front(config, view.fronts[seat])]
        notes = [ENGLISH("tutorial.city.deciding")] if view.current_player == seat else []
        if view.known[seat] and not mine:
            notes.append(ENGLISH("tutorial.board.known",
                                 cards=ENGLISH.join([config.card_words(c, ENGLISH) for c in view.known[seat]])))
        note = notes[0] if notes else ""
        for more in notes[1:]:
            note = ENGLISH("tutorial.board.notes", first=note, second=more)
        rows.append(render.row(ENGLISH("tutorial.board.yours", player=names[seat]) if mine else names[seat], items,
                               note, active=view.turn == seat and not view.is_over))
    return {"head": head, "rows": rows}


def position(hands: Sequence[Sequence[int]], fronts: Sequence[Sequence[int | tuple[int, int]]] = (), *,
             draw: Sequence[int] = (), discard: Sequence[int] = (), turn: int = 0, phase: str = "draw",
             seed: int = 0) -> DCState:
    """Seat `turn` at the start of its turn (`phase` "draw"; "main" once it has drawn): the hands, what lies in
    front of each seat (a disaster, or (disaster, its partial card)), the next cards to draw (first one first) and
    the discard pile (top card last). The cards nobody named are shuffled with `seed` under the draw pile.

    The engine's own position builder makes it (`from_position`), so an impossible one (a card more than the deck
    holds, two PEOPLE in a hand) is refused with the engine's reason."""
    return from_position(Config(players=len(hands)), hands, fronts, draw=draw, discard=discard, turn=turn,
                         phase=phase, shuffle=seed, seed=seed)


# ---------------------------------------------------------------------------------------------------- the scorer


class HandScorer(widgets.VBox):
    """Build a hand, put disasters in front of it, and watch the engine score it (R3, R4): the total, and what each
    category adds, which is 0 for a category held twice."""

    def __init__(self, hand: Sequence[int] = (), disasters: Sequence[int] = ()) -> None:
        self.config = Config(players=2)
        self._start = (list(hand), list(disasters))
        self.category = widgets.Dropdown(options=[(said(c, ENGLISH), c) for c in CATEGORIES],
                                         description=ENGLISH("tutorial.city.scorer.category"),
                                         layout=widgets.Layout(width="290px"))
        self.points = widgets.Dropdown(options=sorted(set(self.config.city_points)),
                                       description=ENGLISH("tutorial.city.scorer.points"),
                                       layout=widgets.Layout(width="150px"))
        self.disaster = widgets.Dropdown(options=[(said(d.name, ENGLISH), d.name) for d in self.config.disasters],
                                         description=ENGLISH("tutorial.city.scorer.disaster"),
                                         layout=widgets.Layout(width="220px"))
        self.pick = widgets.Dropdown(description=ENGLISH("tutorial.city.scorer.remove"),
                                     layout=widgets.Layout(width="290px"))
        buttons = {ENGLISH("tutorial.city.scorer.add"): lambda: self.add(C(self.category.value, self.points.value)),
                   ENGLISH("tutorial.city.scorer.people"): lambda: self.add(PEOPLE),
                   ENGLISH("tutorial.city.scorer.place"): lambda: self.place(D(self.disaster.value, self.config)),
                   ENGLISH("tutorial.city.scorer.remove_it"): lambda: self.remove(self.pick.value),
                   ENGLISH("tutorial.explorer.restart"): self.reset}
        row = []
        for text, do in buttons.items():
            b = widgets.Button(description=text, layout=widgets.Layout(width="auto"))
            b.on_click(lambda _, do=do: do())
            row.append(b)
        self.buttons = row
        self.view = CardsView()
        self.score = widgets.HTML()
        self.refusal = widgets.HTML()
        super().__init__([widgets.HBox([self.category, self.points, row[0], row[1]]),
                          widgets.HBox([self.disaster, row[2]]), widgets.HBox([self.pick, row[3], row[4]]),
                          self.refusal, self.view, self.score],
                         layout=widgets.Layout(border="1px solid #ccc", padding="8px"))
        self.reset()

    def reset(self) -> None:
        self.hand, self.front = list(self._start[0]), list(self._start[1])
        self.refusal.value = ""
        self._refresh()

    def add(self, code: int) -> bool:
        return self._try(self.hand + [code], self.front)

    def place(self, code: int) -> bool:
        return self._try(self.hand, self.front + [code])

    def remove(self, code: int | None) -> None:
        """Take one card of `code` out of the hand, or that disaster away from the front."""
        where = self.hand if code in self.hand else self.front
        if code in where:
            where.remove(code)
            self.refusal.value = ""
            self._refresh()

    def _try(self, hand: list[int], front: list[int]) -> bool:
        """Keep the change only if the engine accepts the hand as a position (enough cards in the deck, H2)."""
        try:
            position([hand, []], [front, []], phase="main")
        except GameError as exc:
            refused = ENGLISH("tutorial.explorer.refused", why=exc.problem)
            self.refusal.value = f'<div style="color:#a00">✗ {escape(refused)}</div>'
            return False
        self.hand, self.front = hand, front
        self.refusal.value = ""
        self._refresh()
        return True

    @property
    def total(self) -> int:
        return self.config.round_score(self.hand, self.front)

    def parts(self) -> list[tuple[str, int]]:
        """What each category, PEOPLE and each disaster adds to the score: the score with it, minus without it."""
        out = []
        for cat in sorted({category_of(c) for c in self.hand if is_city(c)}):
            rest = [c for c in self.hand if not (is_city(c) and category_of(c) == cat)]
            out.append((said(CATEGORIES[cat], ENGLISH), self.total - self.config.round_score(rest, self.front)))
        if PEOPLE in self.hand:
            without = self.config.round_score([c for c in self.hand if c != PEOPLE], self.front)
            out.append((self.config.card_words(PEOPLE, ENGLISH), self.total - without))
        out += [(ENGLISH("tutorial.city.in_front.card", card=self.config.card_words(d, ENGLISH)),
                 self.config.points(d))
                for d in self.front]
        return out

    def _refresh(self) -> None:
        items = [card(self.config, c) for c in sorted(self.hand)]
        rows = [render.row(ENGLISH("tutorial.city.your_hand"), items)]
        if self.front:
            rows.append(render.row(ENGLISH("tutorial.city.your_front"),
                                   front(self.config, [(d, -1, -1) for d in self.front])))
        self.view.value = {"rows": rows}
        held = Counter(category_of(c) for c in self.hand if is_city(c))
        lines = "".join(
            "<li>" + ENGLISH("tutorial.city.part.twice" if name in CATEGORIES and held[CATEGORIES.index(name)] > 1
                             else "tutorial.city.part", name=escape(name), points=f"{points:+d}") + "</li>"
            for name, points in self.parts())
        self.score.value = f"<div>{ENGLISH('tutorial.city.scores', n=self.total)}</div><ul>{lines}</ul>"
        self.pick.options = [(ENGLISH("tutorial.city.in_front.pick", card=self.config.card_words(c, ENGLISH))
                              if is_disaster(c) else self.config.card_words(c, ENGLISH), c)
                             for c in sorted(set(self.hand)) + sorted(set(self.front))]
        self.pick.index = 0 if self.pick.options else None  # a card is picked: "Remove it" always removes one
        self.buttons[3].disabled = not self.pick.options


# -------------------------------------------------------------------------------------------------- the explorer

def label(game: DCState, action: Action, *, rule_ids: bool = False) -> str:
    """The engine's words for an action as a button says them; its rule ids only when asked for."""
    return game.describe(action, texts=ENGLISH.citing(rule_ids), button=True)


class CityExplorer(widgets.VBox):
    """Pick a prepared position, then play it by clicking the engine's legal actions. The board follows whoever
    must decide, and a banner says whose eyes it shows: an asked player answers out of turn (X5), and every
    player chooses what a Major disaster takes (M1)."""

    def __init__(self, scenarios: dict[str, tuple[str, Callable[[], DCState]]], start: str | None = None) -> None:
        self.scenarios = scenarios
        self.picker = widgets.ToggleButtons(options=scenes.options(scenarios), value=start or next(iter(scenarios)),
                                            style={"button_width": "auto"})
        self.caption = widgets.HTML()
        self.board = CardsView()
        self.prompt = widgets.HTML()
        self.choices = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.answer = widgets.HTML()
        self.history = widgets.HTML()
        self.restart = widgets.Button(description=ENGLISH("tutorial.explorer.restart"), icon="undo")
        self.restart.on_click(lambda _: self.show(self.picker.value))
        self.rule_ids = widgets.Checkbox(value=False, description=ENGLISH("tutorial.explorer.rule_ids"), indent=False,
                                         layout=widgets.Layout(width="auto"))
        self.rule_ids.observe(lambda _: self._refresh(), names="value")
        self.picker.observe(lambda change: self.show(change["new"]), names="value")
        #: Grows with every position shown and action applied; a button answers only the decision it was made for.
        self.token = 0
        super().__init__([self.picker, self.caption, self.board, self.prompt, self.choices, self.answer,
                          widgets.HTML(f"<b>{escape(ENGLISH('tutorial.explorer.log'))}</b>"), self.history,
                          widgets.HBox([self.restart, self.rule_ids])],
                         layout=widgets.Layout(border="1px solid #ccc", padding="8px", margin="6px 0"))
        self.show(self.picker.value)

    def show(self, name: str) -> None:
        """Deal the scenario `name` again, as a first-time reader finds it."""
        caption, factory = self.scenarios[name]
        if self.picker.value != name:
            self.picker.value = name  # its observer shows it
            return
        self.caption.value = f"<i>{escape(caption)}</i>"
        self.game = factory()
        self.viewer = self._shown = self.game.current_player or 0
        self.lines: list[tuple[Event, str, int | None]] = []
        self.answer.value = ""
        self.token += 1
        self._refresh()

    def options(self) -> list[Action]:
        return self.game.legal_actions()

    def choose(self, action: Action, token: int | None = None) -> bool:
        """Apply one action for whoever decides now; a stale or repeated click is refused, never applied."""
        if token is not None and token != self.token:
            self.answer.value = f'<div style="color:#a00">✗ {escape(ENGLISH("tutorial.explorer.stale"))}</div>'
            return False
        game, actor = self.game, self.game.current_player
        start = len(game.events)
        words = label(game, action, rule_ids=self.rule_ids.value)
        try:
            game.apply(action)
        except GameError as exc:
            refused = ENGLISH("tutorial.explorer.refused", why=exc.problem)
            self.answer.value = f'<div style="color:#a00">✗ {escape(refused)}</div>'
            return False
        self.token += 1
        names = game.config.names
        for event in game.events[start:]:  # the hot seat shows each secret to the player it concerns
            self.lines.append((event, event.text(names, event.player), event.player))
        done = ENGLISH("tutorial.explorer.done", player=seat_name(names[actor or 0], ENGLISH), action=words)
        self.answer.value = f'<div style="color:#060">✓ {escape(done)}</div>'
        if game.current_player is not None:
            self.viewer = game.current_player
        self._refresh()
        return True

    def _refresh(self) -> None:
        game, names = self.game, self.game.config.names
        now = seat_name(names[self.viewer], ENGLISH)
        changed = self.viewer != self._shown
        self.board.value = {**board(game.view(self.viewer)), "banner_new": changed,
                            "banner": ENGLISH("tutorial.explorer.seat.now" if changed else "tutorial.explorer.seat",
                                              player=now)}
        self._shown = self.viewer
        if game.is_over:
            self.prompt.value = escape(ENGLISH("tutorial.explorer.over"))
        else:
            self.prompt.value = ENGLISH("tutorial.explorer.click",
                                        player=f"<b>{escape(seat_name(names[game.current_player or 0], ENGLISH))}</b>")
        buttons = []
        for act in self.options():
            b = widgets.Button(description=label(game, act, rule_ids=self.rule_ids.value), tooltip=game.describe(act),
                               layout=widgets.Layout(width="auto", margin="2px"))
            b.on_click(lambda _, a=act, t=self.token: self.choose(a, t))
            buttons.append(b)
        self.choices.children = buttons
        self.history.value = render.log(render.event_line(e, text, reader, names, rule_ids=self.rule_ids.value)
                                        for e, text, reader in self.lines) if self.lines else \
            f"<i>{escape(ENGLISH('tutorial.explorer.nothing'))}</i>"

    @property
    def buttons(self) -> list[Any]:
        return list(self.choices.children)


# -------------------------------------------------------------------------------------------- the chapter's scenes


def _three(hands: Sequence[Sequence[int]], fronts: Sequence[Sequence[int]] = (), draw: Sequence[int] = ()) -> DCState:
    """Player 1's turn at a table of three; with `draw`, before the draw (P2), else after it (the main phase, P4)."""
    return position(hands, fronts, draw=draw, discard=[C("Activity", 1)], phase="draw" if draw else "main")


#: name -> (what to try, the position). Player 1 has drawn and may clear a disaster (X3-X5).
CLEARING: dict[str, tuple[str, Callable[[], DCState]]] = {
    scene("tutorial.city.scene.x3"): (
        ENGLISH("tutorial.city.scene.x3.try"),
        lambda: _three([[C("Emergency Services", 2), C("Food", 1), C("Housing", 3), C("School", 4)],
                        [C("Food", 2), C("Activity", 2), C("School", 1)],
                        [C("Activity", 3), C("Housing", 1), C("Power Plant", 2)]], [[D("Flood")], [], []])),
    scene("tutorial.city.scene.x4_x6"): (
        ENGLISH("tutorial.city.scene.x4_x6.try"),
        lambda: _three([[C("Housing", 2), C("Emergency Services", 4), C("Activity", 3), C("Food", 3)],
                        [C("Food", 2), C("School", 2)],
                        [C("Activity", 4), C("Housing", 1), C("Power Plant", 2)]], [[], [D("Fire")], []])),
    scene("tutorial.city.scene.x5"): (
        ENGLISH("tutorial.city.scene.x5.try"),
        lambda: _three([[C("Activity", 3), C("School", 1), C("Food", 2)],
                        [C("Public Transportation", 2), C("Housing", 1), C("Food", 4)],
                        [C("Power Plant", 1), C("Communications", 3)]], [[D("Traffic Jam")], [], []])),
}

#: name -> (what to try, the position). Player 1 is about to draw a Major disaster (M1-M4).
MAJORS: dict[str, tuple[str, Callable[[], DCState]]] = {
    scene("tutorial.city.scene.m2"): (
        ENGLISH("tutorial.city.scene.m2.try"),
        lambda: _three([[C("Food", 3), C("Housing", 1), C("School", 2)],
                        [C("Emergency Services", 4), C("Activity", 2), PEOPLE],
                        [C("Power Plant", 1), C("Communications", 3)]], draw=[WORLD_WAR])),
    scene("tutorial.city.scene.m3"): (
        ENGLISH("tutorial.city.scene.m3.try"),
        lambda: _three([[PEOPLE, C("Food", 1), C("Housing", 2), C("School", 3), C("Activity", 4)],
                        [PEOPLE, C("Emergency Services", 2)],
                        [C("Food", 2), C("Housing", 3), C("School", 1), C("Waste Management", 4)]], draw=[PANDEMIC])),
    scene("tutorial.city.scene.m4"): (
        ENGLISH("tutorial.city.scene.m4.try"),
        lambda: _three([[C("Food", 1), C("Housing", 2), C("School", 3)],
                        [C("Emergency Services", 2), C("Activity", 3), C("Power Plant", 1), PEOPLE],
                        [C("Communications", 4)]], draw=[GLOBAL_WARMING])),
}
