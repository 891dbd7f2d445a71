"""The Citybot stepper: watch one Citybot turn a step at a time, with that step's rule lit up.

The engine runs a whole Citybot turn (`GameState.play_step`, one "bot" event per
step that acted). The stepper runs it on a clone, then reveals the events one per
click. Steps run in order, so every SB step between two revealed ones was checked
and did not apply; the list shows that too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape

import ipywidgets as widgets

from ..games.egocentric_world.cards import matches
from ..games.egocentric_world.events import Event
from ..games.egocentric_world.rules import Rules
from ..games.egocentric_world.state import GameState
from ..games.egocentric_world.view import View
from ..messages import ENGLISH
from ..messages.seats import seat_name
from . import render, scenes
from .cards_view import CardsView
from .scenes import scene

#: The Citybot's checklist, in this tutorial's words (RULES.md SB1-SB9, SC8-SC12).
STEPS: dict[str, str] = {rule: ENGLISH(f"tutorial.stepper.rule.{rule.lower()}") for rule in (
    "SB1", "SB2", "SB3", "SB4", "SB5", "SB6", "SB7", "SB8", "SB9", "SC8", "SC9", "SC10", "SC11", "SC12")}
SB_ORDER = [f"SB{i}" for i in range(1, 10)]


def solo_position(visible: list[int], pile: list[int], yours: list[int], top: list[int],
                  *, right: tuple[list[int], list[int]] = ([], [5, 5, 6, 6, 7]), deck_top: tuple[int, ...] = (),
                  difficulty: int = 1) -> GameState:
    """Citybot Left (seat 1) about to play: its face-up cards, its pile (top first), your hand, the discard, and
    the next cards to be drawn, first one first."""
    rules = Rules.solo_game(difficulty, full_game=False)
    return GameState.from_position(rules, hands=[yours, visible, right[0]], discard=top, deck=deck_top[::-1],
                                   piles=[[], pile[::-1], right[1][::-1]], turn=1, rest="deck")


#: name -> (what to watch for, prepared position with Citybot Left to play).
SCENARIOS: dict[str, tuple[str, Callable[[], GameState]]] = {
    scene("tutorial.stepper.scenario.sb1"): (ENGLISH("tutorial.stepper.scenario.sb1.try"),
        lambda: solo_position([1, 2, 3], [], [4, 5, 6, 7, 2], [9])),
    scene("tutorial.stepper.scenario.sb2_sb4"): (ENGLISH("tutorial.stepper.scenario.sb2_sb4.try"),
        lambda: solo_position([], [2, 3, 10, 6, 4], [1, 2, 4, 5, 6], [3])),
    scene("tutorial.stepper.scenario.sb5"): (ENGLISH("tutorial.stepper.scenario.sb5.try"),
        lambda: solo_position([5, 5], [9, 1, 2], [1, 2, 3, 4, 6], [4])),
    scene("tutorial.stepper.scenario.sb6"): (ENGLISH("tutorial.stepper.scenario.sb6.try"),
        lambda: solo_position([7, 3], [], [1, 2, 1, 2, 3], [5])),
    scene("tutorial.stepper.scenario.sb7_sb8"): (ENGLISH("tutorial.stepper.scenario.sb7_sb8.try"),
        lambda: solo_position([6, 2], [], [1, 1, 2, 2, 1], [11], deck_top=(4,))),
    scene("tutorial.stepper.scenario.sb7_sb9"): (ENGLISH("tutorial.stepper.scenario.sb7_sb9.try"),
        lambda: solo_position([3, 2], [1], [1, 1, 2, 3, 4], [12], deck_top=(9,))),
    scene("tutorial.stepper.scenario.sc8"): (ENGLISH("tutorial.stepper.scenario.sc8.try"),
        lambda: solo_position([9, 4], [], [1, 1, 2, 2, 3], [8])),
    scene("tutorial.stepper.scenario.sc10_sc9"): (
        ENGLISH("tutorial.stepper.scenario.sc10_sc9.try"),
        lambda: solo_position([10, 4], [], [1, 2, 3, 1, 2], [6], right=([], [3, 9, 5, 7, 1]))),
    scene("tutorial.stepper.scenario.sc11"): (ENGLISH("tutorial.stepper.scenario.sc11.try"),
        lambda: solo_position([11, 11, 2], [5, 6], [1, 4, 6, 7, 3], [3])),
    scene("tutorial.stepper.scenario.sc12"): (ENGLISH("tutorial.stepper.scenario.sc12.try"),
        lambda: solo_position([12, 12, 3], [], [1, 2, 3, 1, 2], [1])),
    scene("tutorial.stepper.scenario.exercise"): (ENGLISH("tutorial.stepper.scenario.exercise.try"),
        lambda: solo_position([6, 6, 11], [], [1, 2, 3, 4, 10], [4])),
}


class CitybotStepper(widgets.VBox):
    """Pick a position, then press "Next step" to see the Citybot act one step at a time.

    The board beside the checklist changes with each step, as you would see the table: after SB2/SB3 the revealed
    cards lie face up in the Citybot's hand, and once it plays, the played card is on the discard pile (outlined).
    The engine plays the turn in two beats (`GameState.play_step` stops after SB2/SB3 reveal cards): the board
    between the reveals and the play is the engine's at that pause, the board at the end its state after the turn.
    """

    def __init__(self, start: str = scene("tutorial.stepper.scenario.sb2_sb4")) -> None:
        self.picker = widgets.Dropdown(options=scenes.options(SCENARIOS), value=start,
                                       description=ENGLISH("tutorial.stepper.position"),
                                       layout=widgets.Layout(width="400px"))
        self.note = widgets.HTML()
        self.board = CardsView()
        self.steps_html = widgets.HTML()
        self.said = widgets.HTML()
        self.next_button = widgets.Button(description=ENGLISH("tutorial.stepper.next"), button_style="primary",
                                          icon="step-forward")
        self.again_button = widgets.Button(description=ENGLISH("tutorial.stepper.again"), icon="forward",
                                           tooltip=ENGLISH("tutorial.stepper.again.help"),
                                           layout=widgets.Layout(width="auto"))
        self.restart_button = widgets.Button(description=ENGLISH("tutorial.explorer.restart"), icon="undo")
        self.next_button.on_click(lambda _: self.step())
        self.again_button.on_click(lambda _: self.next_turn())
        self.restart_button.on_click(lambda _: self.show(self.picker.value))
        self.picker.observe(lambda change: self.show(change["new"]), names="value")
        super().__init__([widgets.HBox([self.picker, self.next_button, self.again_button, self.restart_button],
                                       layout=widgets.Layout(flex_flow="row wrap")),
                          self.note,
                          widgets.HBox([widgets.VBox([self.board, self.said], layout=widgets.Layout(flex="0 0 600px")),
                                        self.steps_html])],
                         layout=widgets.Layout(border="1px solid #ccc", padding="8px"))
        self.show(start)

    # ------------------------------------------------------------ logic

    def show(self, name: str) -> None:
        note, factory = SCENARIOS[name]
        self.note.value = f"<i>{escape(note)}</i>"
        self.watch(factory())

    def watch(self, game: GameState) -> None:
        """Run the turn of the Citybot whose turn it is in `game` (on a clone); reveal nothing yet."""
        if not game.automated:
            raise ValueError("the stepper needs a solo game where a Citybot is about to play")
        self.you = game.rules.agent_seats[0]  # whose eyes the board shows: the seat the game does not play
        self.start = game.clone()
        self.result = game.clone()
        self.first = len(self.result.events)
        revealed: list[View] = []
        while self.result.play_step():  # it stopped after revealing cards (SB2, SB3): that board, then the rest
            revealed.append(self.result.view(self.you))
        self.events: list[Event] = self.result.events[self.first:]
        self.revealed = revealed[0] if revealed else None
        self.shown = 0
        self.lit: set[str] = set()
        self.passed: set[str] = set()
        self.done: set[str] = set()
        bot = seat_name(self.start.rules.names[self.start.turn], ENGLISH)
        self.said.value = ENGLISH("tutorial.stepper.press", player=escape(bot))
        self._refresh()

    def step(self) -> Event | None:
        """Reveal the next event of the turn, light its step; None once the turn is fully shown."""
        if self.shown >= len(self.events):
            return None
        event = self.events[self.shown]
        self.shown += 1
        self.done |= self.lit
        self.lit = set()
        if event.kind == "bot":
            step = self._sb_step(event)
            if step:
                self._pass_until(step)
            self.lit = {event.rule} | ({step} if step else set())
        names = self.result.rules.names
        you = self.you
        lines = [render.event_line(e, t, you, names) for e, t in self.result.events_for(you, self.first)[:self.shown]]
        lines[-1] = f"<div style='background:#ffe08a'>{lines[-1]}</div>"
        self.said.value = render.log(lines)
        self._refresh()
        return event

    def next_turn(self) -> None:
        """Carry on from the end of this turn if another Citybot turn comes next."""
        if self.can_continue:
            self.note.value = f"<i>{escape(ENGLISH('tutorial.stepper.carry_on'))}</i>"
            self.watch(self.result)

    @property
    def can_continue(self) -> bool:
        r = self.result
        return self.shown == len(self.events) and r.automated  # the next Citybot's turn

    def board_view(self) -> tuple[View, list[int], bool]:
        """The table as you see it after the steps shown so far, the cards that just turned up, and whether the
        discard pile's top card just arrived there.

        Until the Citybot acts (SB2, SB3 reveal, SB7 draws) the board is the engine's from before its play, with
        the reveals shown so far face up; from the step that acts on, it is the board after the turn."""
        start = self.start.view(self.you)
        shown = [e.rule for e in self.events[:self.shown]]
        if self.shown < len(self.events) and all(rule in ("SB2", "SB3", "SB7") for rule in shown):
            if self.revealed is None:
                return start, [], False
            reveals = sum(rule in ("SB2", "SB3") for rule in shown)
            new = self._turned_up(start, reveals)[-1:] if shown and shown[-1] != "SB7" else []
            return self._partly_revealed(start, reveals), new, False
        end = self.result.view(self.you)
        return end, [], end.discard != start.discard

    def _turned_up(self, start: View, reveals: int) -> list[int]:
        """The first `reveals` cards the Citybot turned up from its pile this turn."""
        assert self.revealed is not None
        bot, before = self.start.turn, len(start.visible[self.start.turn])
        return list(self.revealed.visible[bot][before:before + reveals])

    def _partly_revealed(self, start: View, reveals: int) -> View:
        """The board the engine showed after all the reveals, with only the first `reveals` of them turned up."""
        assert self.revealed is not None
        bot = self.start.turn
        visible = list(self.revealed.visible)
        visible[bot] = start.visible[bot] + tuple(self._turned_up(start, reveals))
        piles = list(self.revealed.pile_sizes)
        piles[bot] = start.pile_sizes[bot] - reveals
        return replace(self.revealed, visible=tuple(visible), pile_sizes=tuple(piles))

    def _sb_step(self, event: Event) -> str | None:
        """Which SB step an event belongs to: its own, or SB4/SB5 for a 789 (SC8); None for SC9-SC12."""
        if event.rule in SB_ORDER:
            return event.rule
        if event.rule != "SC8":
            return None
        before = self.start.view(self.you)
        played = self.result.view(self.you).discard[len(before.discard)]
        top = before.top
        return "SB4" if matches(played, top) else "SB5"

    def _pass_until(self, step: str) -> None:
        """Every SB step before `step` that did not act was checked and did not apply."""
        for s in SB_ORDER[:SB_ORDER.index(step)]:
            if s not in self.done:
                self.passed.add(s)

    # ------------------------------------------------------------ display

    def _refresh(self) -> None:
        view, new, new_top = self.board_view()
        bot = seat_name(self.start.rules.names[self.start.turn], ENGLISH)
        if self.shown == 0:
            title = ENGLISH("tutorial.stepper.before", player=bot)
        elif self.shown == len(self.events):
            title = ENGLISH("tutorial.stepper.after")
        else:
            title = ENGLISH("tutorial.stepper.step", player=bot, step=self.shown)
        self.board.value = {**render.table(view, marked={self.start.turn: new}, new_top=new_top), "title": title}
        rows = []
        for rule, text in STEPS.items():
            if rule in self.lit:
                style, tag = "background:#ffe08a;font-weight:600;", ENGLISH("tutorial.stepper.now")
            elif rule in self.done:
                style, tag = "background:#e3f2e1;", ENGLISH("tutorial.stepper.done")
            elif rule in self.passed:
                style, tag = "color:#888;", ENGLISH("tutorial.stepper.passed")
            else:
                style, tag = "", ""
            rows.append(f"<tr style='{style}'><td style='padding:1px 4px'><code>{rule}</code></td>"
                        f"<td style='padding:1px 4px'>{escape(text)}</td>"
                        f"<td style='padding:1px 4px;white-space:nowrap'>{escape(tag)}</td></tr>")
        label = escape(ENGLISH("tutorial.stepper.steps"), quote=True)
        self.steps_html.value = (f"<table aria-label='{label}' style='font-size:12px;line-height:1.25'>"
                                 f"{''.join(rows)}</table>")
        self.next_button.disabled = self.shown >= len(self.events)
        self.again_button.disabled = not self.can_continue
