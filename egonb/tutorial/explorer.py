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
from ..messages import ENGLISH
from ..messages.seats import seat_name
from . import render
from .cards_view import CardsView
from .labels import card_name, short_label

#: The kinds a newcomer tries that have words of their own when refused (`tutorial.refusal.<kind>`): what to do now,
#: in plain words; any other refusal says to choose another move.
REFUSALS = ("match", "pair", "stop")


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
        self.restart = widgets.Button(description=ENGLISH("tutorial.explorer.restart"), icon="undo",
                                      tooltip=ENGLISH("tutorial.explorer.restart.help"))
        self.restart.on_click(lambda _: self.load(self._start))
        #: Rule ids follow the labels and lead the log lines only when asked for (they are always in the tooltips).
        self.rule_ids = widgets.Checkbox(value=False, description=ENGLISH("tutorial.explorer.rule_ids"), indent=False,
                                         layout=widgets.Layout(width="auto"))
        self.rule_ids.observe(lambda _: self._refresh(), names="value")
        super().__init__([self.caption, self.board, self.scores, self.prompt, self.choices, self.answer,
                          widgets.HTML(f"<b>{escape(ENGLISH('tutorial.explorer.log'))}</b>"), self.history,
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
        #: The last refusal's words for the learner (`last_error` is the engine's own sentence).
        self.refusal = ""
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
            self.last_error = self.refusal = ENGLISH("tutorial.explorer.stale")
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
            self.refusal = self._refusal(known if isinstance(known, Action) else None)
            self.answer.value = (f'<div style="color:#a00" title="{escape(exc.public)}">✗ {escape(self.refusal)}'
                                 "</div>")
            return False
        self.last_error = self.refusal = ""
        self.token += 1
        names = game.rules.names
        for event in game.events[start:]:
            # A fixed seat reads the log as that player; the hot seat shows each secret to the player it concerns.
            reader = self.seat if self.seat is not None else event.player
            self.lines.append((event, event.text(names, reader), reader))
        actor_name = seat_name(names[actor], ENGLISH) if actor is not None else ""
        done = ENGLISH("tutorial.explorer.done", player=actor_name, action=words)
        self.answer.value = f'<div style="color:#060">✓ {escape(done)}</div>'
        if self.seat is None and game.current_player is not None:
            self._viewer = game.current_player
        self._refresh()
        return True

    def _refusal(self, action: Action | None) -> str:
        """What to do now, in plain words, after the engine refused `action` (None: not an action at all)."""
        game, texts = self.game, ENGLISH.citing(self.rule_ids.value)
        view = game.view(game.current_player or 0)
        if action is None or game.decision != "action" or action.kind not in REFUSALS:
            return texts("tutorial.refusal.other", rule=game.rule_of(action) if action is not None else "T1-T5")
        if action.kind == "stop":
            caller = game.rules.names[view.stop_caller] if view.stop_caller is not None else ""
            return texts("tutorial.refusal.stop", player=caller) if caller else \
                texts("tutorial.refusal.other", rule="T5")
        return texts(f"tutorial.refusal.{action.kind}", a=card_name(action.a), top=card_name(view.top or 0))

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
            name = seat_name(game.rules.names[self.viewer], ENGLISH)
            changed = self.viewer != self._shown_viewer
            board.update(banner=ENGLISH("tutorial.explorer.seat.now" if changed else "tutorial.explorer.seat",
                                        player=name), banner_new=changed)
            self._shown_viewer = self.viewer
        self.board.value = board
        self.scores.value = render.scoreboard(view) if view.scores else ""
        if game.is_over:
            self.prompt.value = escape(ENGLISH("tutorial.explorer.over"))
        elif self.seat is not None and game.current_player != self.seat:
            name = seat_name(game.rules.names[game.current_player or 0], ENGLISH)
            self.prompt.value = escape(ENGLISH("tutorial.explorer.their_answer" if game.decision == "shield"
                                               else "tutorial.explorer.their_turn", player=name))
        else:
            name = escape(seat_name(game.rules.names[game.current_player or 0], ENGLISH))
            guesses = self.show_candidates and game.decision == "action"
            self.prompt.value = ENGLISH("tutorial.explorer.click.guesses" if guesses else "tutorial.explorer.click",
                                        player=f"<b>{name}</b>")
        buttons = []
        theirs = self.seat is not None and game.current_player != self.seat  # their answer stays unsaid till clicked
        for act in self.options():
            their = seat_name(game.rules.names[game.current_player or 0], ENGLISH)
            label = (ENGLISH("tutorial.explorer.let", player=their) if theirs
                     else short_label(game, act, rule_ids=self.rule_ids.value))
            b = widgets.Button(description=label, layout=widgets.Layout(width="auto", margin="2px"),
                               tooltip="" if theirs else game.describe(act))
            b.on_click(lambda _, a=act, t=self.token: self.choose(a, t))
            buttons.append(b)
        self.choices.children = buttons
        names = game.rules.names
        self.history.value = render.log(render.event_line(event, text, reader, names, rule_ids=self.rule_ids.value)
                                        for event, text, reader in self.lines) if self.lines else \
            f"<i>{escape(ENGLISH('tutorial.explorer.nothing'))}</i>"

    @property
    def buttons(self) -> list[widgets.Button]:
        return list(self.choices.children)
