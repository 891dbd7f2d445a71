"""A fixed-size numpy encoding of a `View` and the mask of its legal actions, for learning agents.

Seats are encoded relative to the viewer (slot 1 = the next player clockwise, S3), so
one network or table serves any seat and any table of 2-6 players. Only the view is
used, so the encoding cannot leak a hidden card.
"""

from __future__ import annotations

import numpy as np

from ...messages import ENGLISH, Texts
from .actions import MAX_PLAYERS as MAX_SEATS
from .actions import NUM_ACTIONS
from .state import GameState
from .view import View

PHASES = ("action", "keep_or_discard", "ability", "shield", "two_cards_choice", "game_over")
_PER_SEAT = 1 + 12 + 12 + 1 + 1 + 1 + 1 + 1  # size, known, visible, pile, total, STOP, designated, actor
CHOICE_KINDS = ("pick", "random", "announce")
_CHOICE = len(CHOICE_KINDS) + 13  # A11: how the first designated player's card is chosen, and its value
OBS_SIZE = 12 + 13 + 13 + 12 + 1 + len(PHASES) + 13 + 7 + 3 + 1 + _CHOICE + (MAX_SEATS - 1) * _PER_SEAT


def _counts(cards: tuple[int, ...], out: np.ndarray) -> None:
    for v in cards:
        out[v - 1] += 0.2  # five copies of each value (C1): a full set counts 1.0


def _check_view(what: str, view: object) -> None:
    """Refuse anything but a View (a GameState would fail deep inside with a puzzling error)."""
    if not isinstance(view, View):
        raise TypeError(f"{what} takes a View, what one player may see: use game.view(seat), got "
                        f"{type(view).__name__}")


def encode(view: View) -> np.ndarray:
    """The view as a float32 vector of length `OBS_SIZE`, values roughly in [0, 1]."""
    _check_view("encode", view)
    x = np.zeros(OBS_SIZE, dtype=np.float32)
    _counts(view.hand, x[0:12])
    x[12 + view.drawn] = 1.0
    x[25 + view.top] = 1.0
    _counts(view.discard, x[38:50])
    x[50] = view.deck_size / 60
    x[51 + PHASES.index(view.decision)] = 1.0
    i = 51 + len(PHASES)
    x[i + view.ability_card] = 1.0
    i += 13
    me = view.player
    x[i:i + 7] = (sum(view.hand) / 60, view.totals[me] / 50, view.stop_caller is not None,
                  view.stop_caller == me, view.extra_turn, me in view.designated, view.turn == me)
    i += 7
    if view.difficulty:  # the solo levels (SM2)
        x[i + view.difficulty - 1] = 1.0
    i += 3
    x[i] = view.n_players / MAX_SEATS
    i += 1
    if view.choices:  # a Two Cards exchange half chosen (a hidden pick shows value 0)
        kind, value = view.choices[0]
        x[i + CHOICE_KINDS.index(kind)] = 1.0
        x[i + len(CHOICE_KINDS) + value] = 1.0
    i += _CHOICE
    n = view.n_players
    for r in range(1, MAX_SEATS):
        if r < n:
            seat = (me + r) % n
            x[i] = view.hand_sizes[seat] / 10
            _counts(view.known[seat], x[i + 1:i + 13])
            _counts(view.visible[seat], x[i + 13:i + 25])
            x[i + 25] = view.pile_sizes[seat] / 5
            x[i + 26] = view.totals[seat] / 50
            x[i + 27] = view.stop_caller == seat
            x[i + 28] = seat in view.designated
            x[i + 29] = view.turn == seat
        i += _PER_SEAT
    return x


def action_mask(view: View) -> np.ndarray:
    """int8 vector of length `NUM_ACTIONS`: 1 where `ACTIONS[i]` is legal for the viewer now."""
    _check_view("action_mask", view)
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    for a in view.legal_actions:
        mask[a.id] = 1
    return mask


class ViewEncoder:
    """Egocentric World's observation encoder for the game protocol (`egonb.protocol.Encoder`): `encode` and
    `action_mask`, and the public table as text for an environment's ansi render."""

    size = OBS_SIZE

    def observation(self, view: View) -> np.ndarray:
        return encode(view)

    def mask(self, view: View) -> np.ndarray:
        return action_mask(view)

    def table(self, game: GameState, names: list[str], texts: Texts = ENGLISH) -> str:
        """What everyone at the table sees, one line per seat under `names`: no hand shows (`render.*` in the
        catalogue)."""
        who = (texts("render.over") if game.current is None
               else texts("render.deciding", player=names[game.current], decision=game.phase))
        top = game.discard[-1] if game.discard else texts("render.none")
        lines = [texts("render.table", round=game.round, who=who, top=top, n=len(game.deck))]
        for seat, name in enumerate(names):
            line = "render.seat.stop" if game.stop_caller == seat else "render.seat"
            lines.append(texts(line, player=name, n=game.hand_size(seat), total=game.totals[seat]))
        return "\n".join(lines)
