# Chapter 20, exercise 1 (T4 pairs). Run it after the chapter's cells: it builds on the chapter's first_agent.
# ruff: noqa: F821
from egonb import Rules
from egonb.tournament import tournament


def pairs_agent(view):
    # A match (T3) and a pair (T4) both shrink the hand by one card, so play whichever gets rid of the
    # highest card. `a.a` is the card played: "pair 8 + 7" plays the 789 (it scores 8, C3) and keeps the 7 (A8).
    if view.decision == "action":
        shrinking = [a for a in view.legal_actions if a.kind in ("match", "pair")]
        if shrinking:
            return max(shrinking, key=lambda a: a.a)
    return first_agent(view)  # everything else as before


# Both agents on the same 400 one-round deals (4 times the chapter's 100: intervals half as wide, chapter 21).
result = tournament({"first_agent": first_agent, "pairs": pairs_agent},
                    Rules.solo_game(difficulty=1, full_game=False), games=400, workers=1, progress=False)
print(result)
rows = {r.agent: r for r in result.rows()}
gain = rows["first_agent"].mean_score - rows["pairs"].mean_score
print(f"pairs lowers the mean round score by {gain:.1f} points (lower is better, E1)")
