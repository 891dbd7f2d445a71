"""Greedy, copied by hand: the built-in GreedyAgent's rules written out again in a student's own words (a function
and its own margin constant), from the same helpers. It makes greedy's moves in every game, so the copy check
flags it."""

from egonb.games.egocentric_world.agents import expected_change, unseen_and_mean
from egonb.games.egocentric_world.search import guess_score

NAME = "my-greedy"
MARGIN = 6.0  # stop when my total is this far below everyone's estimate


def agent(view):
    unseen, mean = unseen_and_mean(view)
    change = {a: expected_change(view, a, unseen, mean) for a in view.legal_actions}
    stops = [a for a in view.legal_actions if a.kind == "stop"]
    best = min((v for a, v in change.items() if a.kind != "stop"), default=0.0)
    if stops and (best > -0.5 or far_ahead(view, mean)):
        return stops[0]
    return min(view.legal_actions, key=change.__getitem__)


def far_ahead(view, mean):
    mine = sum(view.hand)
    for seat in range(view.n_players):
        if seat == view.player:
            continue
        if seat in view.automated:
            guess = guess_score(view.visible[seat], view.pile_sizes[seat], view.difficulty)
        else:
            known = view.known[seat]
            guess = sum(known) + mean * (view.hand_sizes[seat] - len(known))
        if mine + MARGIN > guess:
            return False
    return True
