"""The action explorer: a position, one button per action, and the engine's answer to each click.

The widget never decides what is legal: it offers the engine's legal actions (or,
in "candidates" mode, also plausible-looking actions the engine will refuse) and
applies the clicked one, showing the events the engine emitted or its GameError.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..errors import GameError
from ..games.egocentric_world.actions import ACTIONS, DRAW, MATCH, NO_SHIELD, PAIR, SHIELD, STOP, TAKE, Action
from ..games.egocentric_world.events import Event
from ..games.egocentric_world.state import GameState
from . import render
from .cards_view import CardsView
from .labels import short_label

#: What to look at again when the engine refuses a candidate action (the refusal itself is the engine's).
HINTS = {
    "match": "A match needs a card of the same value as the top of the discard pile (T3; a 789 can stand "
             "for 7, 8 or 9: A8).",
    "pair": "A pair needs two cards of the same value in your hand (T4; a 789 pairs with a 7 or a 9: A8).",
    "stop": "Only one STOP per round (T5).",
}


def candidates(game: GameState, seat: int) -> list[Action]:
    """Turn actions a newcomer might try with this hand (T1-T5): legal or not, the engine will say.

    Every legal turn action is among them too, so a 789 pair (A8), which no same-value guess finds, stays playable.
    """
    hand = sorted(set(game.view(seat).hand))
    acts = {DRAW, STOP}
    for v in hand:
        acts.update((TAKE[v], MATCH[v], PAIR[v, v]))
    if game.current_player == seat and game.decision == "action":
        acts.update(game.legal_actions())
    return sorted(acts, key=lambda a: a.id)


class ActionExplorer(widgets.VBox):
    """Act on a prepared position by clicking; "Start again" restores it.

    `seat` fixes whose eyes the reader borrows; None follows whoever must decide
    (a hot seat, for abilities that ask another player to answer). With a fixed seat, another player
    asked about a Black Shield (A9) answers with one button, as a keen player would: with a 9 if they hold one.
    """

    def __init__(self, game: GameState, *, seat: int | None = None, show_candidates: bool = False,
                 caption: str = "") -> None:
        self.seat = seat
        self.show_candidates = show_candidates
        #: Grows with every position shown and action applied; a button answers only the decision it was made for.
        self.token = 0
        self.caption = widgets.HTML(caption)
        self.board = CardsView()
        self.scores = widgets.HTML()
        self.prompt = widgets.HTML()
        self.choices = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.answer = widgets.HTML()
        self.history = widgets.HTML()
        self.restart = widgets.Button(description="Start again", icon="undo", tooltip="back to the prepared position")
        self.restart.on_click(lambda _: self.load(self._start))
        #: Rule ids follow the labels and lead the log lines only when asked for (they are always in the tooltips).
        self.rule_ids = widgets.Checkbox(value=False, description="Show rule ids", indent=False,
                                         layout=widgets.Layout(width="auto"))
        self.rule_ids.observe(lambda _: self._refresh(), names="value")
        super().__init__([self.caption, self.board, self.scores, self.prompt, self.choices, self.answer,
                          widgets.HTML("<b>What happened</b>"), self.history,
                          widgets.HBox([self.restart, self.rule_ids])],
                         layout=widgets.Layout(border="1px solid #ccc", padding="8px", margin="6px 0"))
        self.load(game)

    # ------------------------------------------------------------ logic

    def load(self, game: GameState) -> None:
        """Show a new position (kept, so "Start again" comes back to it)."""
        self._start = game.clone()
        self.game = game.clone()
        self._viewer = self.seat if self.seat is not None else (game.current_player or 0)
        self._shown_viewer = self._viewer  # the hot seat's banner speaks up when the viewer changes
        self.token += 1
        #: The log so far: each event, its text as its reader may read it, and that reader.
        self.lines: list[tuple[Event, str, int | None]] = []
        self.last_error = ""
        self.answer.value = ""
        self._refresh()

    @property
    def viewer(self) -> int:
        """The seat whose view is on screen."""
        return self._viewer

    def options(self) -> list[Action]:
        """The actions offered as buttons now."""
        game = self.game
        if game.is_over:
            return []
        if self.seat is not None and game.current_player != self.seat:
            return [self._their_answer()] if game.decision == "shield" else []
        if self.show_candidates and game.decision == "action":
            return candidates(game, game.current_player or 0)
        return list(game.legal_actions())

    def choose(self, action: Action | int, token: int | None = None) -> bool:
        """Apply one action as the current player. False (and the reason) when refused.

        `token` is the decision a button was made for: a stale or repeated click is refused, never applied.
        """
        if token is not None and token != self.token:
            self.last_error = "that button belonged to an earlier decision; the click was ignored"
            self.answer.value = f'<div style="color:#a00">✗ {escape(self.last_error)}</div>'
            return False
        game = self.game
        actor = game.current_player
        start = len(game.events)
        try:
            words = short_label(game, action, rule_ids=self.rule_ids.value)
            game.apply(action)
        except GameError as exc:
            self.last_error = exc.problem
            known = ACTIONS[action] if type(action) is int and 0 <= action < len(ACTIONS) else action
            hint = HINTS.get(getattr(known, "kind", ""), "")
            self.answer.value = (f'<div style="color:#a00">✗ The engine refuses: {escape(self.last_error)}</div>'
                                 + (f"<div><i>Hint:</i> {escape(hint)}</div>" if hint else ""))
            return False
        self.last_error = ""
        self.token += 1
        names = game.rules.names
        for event in game.events[start:]:
            # A fixed seat reads the log as that player; the hot seat shows each secret to the player it concerns.
            reader = self.seat if self.seat is not None else event.player
            self.lines.append((event, event.text(names, reader), reader))
        who = escape(names[actor]) if actor is not None else ""
        self.answer.value = f'<div style="color:#060">✓ {who}: {escape(words)}</div>'
        if self.seat is None and game.current_player is not None:
            self._viewer = game.current_player
        self._refresh()
        return True

    def _their_answer(self) -> Action:
        """Another player's answer to a Black Shield question (A9): shield with a 9 when they hold one."""
        return SHIELD if SHIELD in self.game.legal_actions() else NO_SHIELD

    # ------------------------------------------------------------ display

    def _refresh(self) -> None:
        game = self.game
        final = game.revealed_hands() if game.is_over else None
        view = game.view(self.viewer)
        board = render.table(view, final_hands=final)
        hot_seat = self.seat is None and len(game.rules.agent_seats) > 1
        if hot_seat:  # whose eyes the board shows, louder when they change
            name = game.rules.names[self.viewer]
            changed = self.viewer != self._shown_viewer
            board.update(banner=f"{'You are now' if changed else 'You are'} {name}: the board shows what {name} "
                                "may see.", banner_new=changed)
            self._shown_viewer = self.viewer
        self.board.value = board
        self.scores.value = render.scoreboard(view) if view.scores else ""
        if game.is_over:
            self.prompt.value = "Press “Start again” to replay the position."
        elif self.seat is not None and game.current_player != self.seat:
            name = escape(game.rules.names[game.current_player or 0])
            self.prompt.value = (f"{name} may answer with a Black Shield (A9): click to let them answer."
                                 if game.decision == "shield" else
                                 f"It is {name}'s turn now: this position ends here. "
                                 "Press “Start again” to try another move.")
        else:
            name = game.rules.names[game.current_player or 0]
            hint = " Some of these the engine will refuse: try them." if (
                self.show_candidates and game.decision == "action") else ""
            self.prompt.value = f"<b>{escape(name)}</b>, click an action.{hint}"
        buttons = []
        theirs = self.seat is not None and game.current_player != self.seat  # their answer stays unsaid till clicked
        for act in self.options():
            label = (f"Let {game.rules.names[game.current_player or 0]} answer" if theirs
                     else short_label(game, act, rule_ids=self.rule_ids.value))
            b = widgets.Button(description=label, layout=widgets.Layout(width="auto", margin="2px"),
                               tooltip="" if theirs else game.describe(act))
            b.on_click(lambda _, a=act, t=self.token: self.choose(a, t))
            buttons.append(b)
        self.choices.children = buttons
        names = game.rules.names
        self.history.value = render.log(render.event_line(event, text, reader, names, rule_ids=self.rule_ids.value)
                                        for event, text, reader in self.lines) if self.lines else "<i>nothing yet</i>"

    @property
    def buttons(self) -> list[widgets.Button]:
        return list(self.choices.children)
