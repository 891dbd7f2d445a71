"""Egocentric World's own agents: greedy, and citybot-style (greedy that plays its abilities as a Citybot would).
Both refuse another game's view; the random and search agents of `egonb.agents` play any game."""

from __future__ import annotations

from statistics import fmean

from ...agents.base import SeededAgent, check_turn
from ...errors import positive_number
from .actions import STOP, Action
from .cards import BLACK_SHIELD, matches
from .search import MEAN_CARD, guess_score
from .view import View
from .worlds import unseen_cards


def egocentric_only(view: object, agent: str) -> None:
    """Refuse another game's view: an agent built on Egocentric World's rules would misread it."""
    if not isinstance(view, View):
        raise TypeError(f"the {agent} agent plays Egocentric World only, got a view of another game "
                        f"({type(view).__name__}): the random and search agents play any game")


#: Greedy also says STOP when no action is expected to lower its total by this much. Without its STOP a
#: round only ends when a hand empties (T6), and a table of low hands where nobody is clearly lowest would
#: draw and discard for ever.
STALL = 0.5


class GreedyAgent(SeededAgent):
    """Egocentric World only. Looks one decision ahead and picks the action that leaves the lowest expected hand
    total (E1), but says STOP (T5) as soon as its total is below every opponent's estimated score by `margin`, or
    when no action is expected to gain half a point.

    Cards it cannot see count at the mean value of the unseen cards; ties go to the first legal action."""

    name = "greedy"

    def __init__(self, margin: float = 6.0):
        super().__init__()
        self.margin = positive_number("margin", margin, zero_ok=True)

    def act(self, view: View) -> Action:
        egocentric_only(view, self.name)
        check_turn(view)
        unseen, mean = unseen_and_mean(view)
        change = {a: expected_change(view, a, unseen, mean) for a in view.legal_actions}
        best = min((v for a, v in change.items() if a != STOP), default=0.0)
        if STOP in change and (best > -STALL or self.clearly_lowest(view, mean)):
            return STOP
        return min(view.legal_actions, key=change.__getitem__)

    def clearly_lowest(self, view: View, mean: float) -> bool:
        """Is the own total below every opponent's estimated score by `margin`? Unknown cards count at `mean`,
        the mean unseen value; a Citybot's score counts its visible cards and its SM2 removal."""
        mine = sum(view.hand)
        for seat in range(view.n_players):
            if seat == view.player:
                continue
            if seat in view.automated:  # a Citybot: its visible cards are public (SM4)
                guess = guess_score(view.visible[seat], view.pile_sizes[seat], view.difficulty)
            else:
                known = view.known[seat]
                guess = sum(known) + mean * (view.hand_sizes[seat] - len(known))
            if mine + self.margin > guess:
                return False
        return True


def unseen_and_mean(view: View) -> tuple[list[int], float]:
    """The cards the viewer cannot place, and their mean value (what an unknown card is worth)."""
    unseen = unseen_cards(view)
    return unseen, fmean(unseen) if unseen else MEAN_CARD


def expected_change(view: View, act: Action, unseen: list[int], mean: float) -> float:
    """Expected change of the viewer's hand total after `act`, one ply, using only the view.

    Abilities that do not move the viewer's cards count as a small gain, so they are used; a Two Cards
    between two other players counts as a small cost, so it is skipped."""
    hand, kind = view.hand, act.kind
    if kind in ("match", "pair"):
        return -act.a
    if kind == "take":
        return view.top - act.a
    if kind == "keep":
        return view.drawn - act.a
    if kind == "draw":
        high = max(hand)
        return -fmean(max(0, high - x) for x in unseen) if unseen else 0.0
    if kind == "shield":
        return -BLACK_SHIELD
    if kind == "pick":
        return -act.a
    if kind == "designate":
        # Two Cards with yourself as one of the two: give your highest card, receive one of theirs.
        if act.a != 0:
            return 0.5
        return _expected_card(view, act.b, mean) - max(hand)
    if kind == "random":
        return 0.0
    if kind == "announce":
        target = view.designated[len(view.choices)]
        return -0.1 if act.a in view.known[target] else 1.0
    if kind == "exchange":
        return (act.c or mean) - act.a
    if kind in ("hourglass", "look", "reveal_pile"):
        return -0.5
    return 0.0  # stop, discard_drawn, skip, no_shield, swap


def _expected_card(view: View, offset: int, mean: float) -> float:
    """The value of a random card from the player at `offset`: known cards count as they are."""
    seat = (view.player + offset) % view.n_players
    size = view.hand_sizes[seat]
    known = view.known[seat]
    return (sum(known) + mean * (size - len(known))) / size if size else mean



class CitybotStyleAgent(GreedyAgent):
    """Plays a fixed checklist like a Citybot: STOP when clearly lowest, else match, pair, take a lower
    discard, or draw and keep a lower card; it uses the abilities of the cards it plays unless
    the greedy one-ply estimate rates every way of using one as a cost (a rare Two Cards).

    Other players' unknown cards count at the mean unseen value, so STOP is called when the own total
    is below every estimated opponent total by a safety `margin`."""

    name = "citybot-style"

    def __init__(self, margin: float = 4.0):
        super().__init__(margin)

    def act(self, view: View) -> Action:
        egocentric_only(view, self.name)
        check_turn(view)
        if view.decision != "action":
            return super().act(view)  # keep/discard, abilities, shields: the greedy one-ply choice
        legal = {(a.kind, a.a, a.b): a for a in view.legal_actions}
        hand, top = view.hand, view.top
        if ("stop", 0, 0) in legal and self.clearly_lowest(view, unseen_and_mean(view)[1]):
            return legal["stop", 0, 0]
        fits = [v for v in set(hand) if matches(v, top) and ("match", v, 0) in legal]
        if fits:
            return legal["match", max(fits), 0]
        pairs = [a for a in view.legal_actions if a.kind == "pair"]
        if pairs:
            return max(pairs, key=lambda a: (a.a, a.b))
        high = max(hand)
        if top and high > top and ("take", high, 0) in legal:
            return legal["take", high, 0]
        if ("draw", 0, 0) in legal:
            return legal["draw", 0, 0]
        return super().act(view)
