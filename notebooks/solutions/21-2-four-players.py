# Chapter 21, exercise 2: chapter 20's first_agent at the four-player table. Self-contained: it copies first_agent.
from egonb import Rules
from egonb.agents import AGENTS
from egonb.tournament import tournament


def first_agent(view):  # chapter 20's agent, unchanged: match (T3), take a lower discard (T2), else draw (T1)
    legal = view.legal_actions
    by_kind = {}
    for action in legal:
        by_kind.setdefault(action.kind, []).append(action)
    high = max(view.hand)
    if view.decision == "action":
        if "match" in by_kind:
            return max(by_kind["match"], key=lambda a: a.a)
        take_high = [a for a in by_kind.get("take", []) if a.a == high]
        if take_high and view.top < high:
            return take_high[0]
        if "draw" in by_kind:
            return by_kind["draw"][0]
    if view.decision == "keep_or_discard":
        keep_high = [a for a in by_kind.get("keep", []) if a.a == high]
        if keep_high and view.drawn < high:
            return keep_high[0]
        return by_kind["discard_drawn"][0]
    return legal[0]


# The chapter's table had two citybot-style copies (a sanity check); first_agent takes the second copy's place
# (the chapter's citybot-style-2), so it is listed fourth, as that copy was.
# Same 40 deals, each replayed in 4 rotations (S3), full games to 50 (E2). workers=1: a function defined
# in a notebook cannot always be sent to worker processes.
four = {"random": AGENTS["random"](), "greedy": AGENTS["greedy"](), "citybot-style": AGENTS["citybot-style"](),
        "first_agent": first_agent}
table = tournament(four, Rules(players=4, full_game=True), games=40, seed=2, workers=1, progress=False)
print(table)

# first_agent comes third: far ahead of random, clearly behind greedy and citybot-style. It never says
# STOP (T5), so the others end the rounds when it suits THEM; it ignores pairs (T4) and never uses an
# ability: a Magnifying Glass (A10), Two Cards (A11) or Hourglass (A12) played from its hand is wasted.
