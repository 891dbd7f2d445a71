"""A first agent (reference solution): a few rules, each from the rules of the game, and nothing random.

Get cards out of the hand (a pair, T4, or a match, T3), swap the highest card for a lower one (the discard, T2,
or the drawn card, T1), and say STOP (T5) once the hand is small."""

NAME = "rule-of-thumb"
STOP_AT = 10  # say STOP when the hand totals this or less


def agent(view):
    by_kind = {}
    for action in view.legal_actions:
        by_kind.setdefault(action.kind, []).append(action)
    high = max(view.hand, default=0)
    if "stop" in by_kind and sum(view.hand) <= STOP_AT:
        return by_kind["stop"][0]
    if view.decision == "action":
        if "pair" in by_kind:
            return by_kind["pair"][0]
        if "match" in by_kind:
            return max(by_kind["match"], key=lambda a: a.a)  # the highest matching card leaves the hand
        take_high = [a for a in by_kind.get("take", []) if a.a == high]
        if take_high and view.top < high:
            return take_high[0]
        if "draw" in by_kind:
            return by_kind["draw"][0]
    if view.decision == "keep_or_discard":
        keep_high = [a for a in by_kind.get("keep", []) if a.a == high]
        if keep_high and view.drawn < high:
            return keep_high[0]
        if "discard_drawn" in by_kind:
            return by_kind["discard_drawn"][0]
    return view.legal_actions[0]
