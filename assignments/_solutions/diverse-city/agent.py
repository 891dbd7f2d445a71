"""A Diverse City agent (reference solution): a checklist of its own, on what a view shows (docs/DIVERSE-CITY.md).

Keep the city's categories diverse (R4: a category held twice scores nothing), clear disasters with the cards that
score least, never help a rival, and call Diversity (R2) once its lead and its city are worth it, less strictly as
the round goes on (only a call ends a round)."""

from egonb.games.diverse_city.actions import CALL, DECLINE, DRAW, NO_CALL, STOP, TAKE
from egonb.games.diverse_city.cards import PEOPLE, category_of, is_city

NAME = "diverse-planner"
CITY_GOAL = 6.0  # the round score (R3) worth calling Diversity for, at the round's start: call early
PER_CARD = 1.5  # the round score a rival's card in hand is guessed to be worth


def worth(card, hand, config):
    """What `card` adds to `hand`'s round score: a PEOPLE counts high, as it lets the hand call Diversity (R1)."""
    if card == PEOPLE:
        return 10.0
    same = sum(1 for c in hand if is_city(c) and category_of(c) == category_of(card))
    return 0.0 if same > 1 else float(config.points(card))


class Planner:
    def reset(self, seat, rng):
        self.seat = seat

    def act(self, view):
        legal, hand, config = view.legal_actions, view.hand, view.rules
        if len(legal) == 1:
            return legal[0]
        if view.decision == "draw":
            top = view.discard[-1] if view.discard else -1
            fresh = is_city(top) and all(category_of(c) != category_of(top) for c in hand if is_city(c))
            lowest = min((worth(c, hand, config) for c in hand), default=0.0)
            wanted = top == PEOPLE or (fresh and config.points(top) > lowest)
            return TAKE if TAKE in legal and wanted else DRAW
        if view.decision == "diversity":
            return CALL if self.worth_calling(view) else NO_CALL
        if view.decision in ("answer", "give_more"):
            return DECLINE if DECLINE in legal else STOP
        for kind in ("fill", "discard"):
            options = [a for a in legal if a.kind == kind]
            if options:
                return min(options, key=lambda a: (worth(a.card, hand, config), a.card))
        asks = [a for a in legal if a.kind == "ask"]
        if asks:
            return asks[0]
        return STOP if STOP in legal else legal[-1]

    def worth_calling(self, view):
        config, me = view.rules, view.player
        city = config.round_score(view.hand, [entry[0] for entry in view.fronts[me]])
        mine = view.totals[me] + city
        rivals = max(view.totals[p] + PER_CARD * view.hand_sizes[p]
                     + config.round_score([], [entry[0] for entry in view.fronts[p]])
                     for p in range(len(view.totals)) if p != me)
        if mine >= config.end_score:  # a call that ends the game (G1) is worth it only if it wins
            return mine > rivals
        slack = 0.2 * view.turns
        return mine + slack > rivals and city + slack >= CITY_GOAL
