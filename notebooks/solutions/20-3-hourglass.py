# Chapter 20, exercise 3 (A12/SP12 Hourglass). Run it after the chapter's cells: it builds on the chapter's first_agent.
# ruff: noqa: F821
from egonb import Rules
from egonb.tournament import tournament


def hourglass_agent(view):
    # After playing a 12 (D2) the decision is "ability", with "skip" first: first_agent's fallback
    # (legal[0]) always skipped it. An extra turn (SP12) is one more chance to match, take or draw.
    if view.decision == "ability":
        hourglass = [a for a in view.legal_actions if a.kind == "hourglass"]
        if hourglass:
            return hourglass[0]
    # No endless loop: first_agent only takes or keeps a card LOWER than the one it plays, so it never
    # swaps a 12 for a 12 and replays the Hourglass again and again (egonb stops such a game after 3,000 moves).
    return first_agent(view)


result = tournament({"first_agent": first_agent, "hourglass": hourglass_agent},
                    Rules.solo_game(difficulty=1, full_game=False), games=400, workers=1, progress=False)
print(result)
rows = {r.agent: r for r in result.rows()}
gain = rows["first_agent"].mean_score - rows["hourglass"].mean_score
print(f"the Hourglass lowers the mean round score by {gain:.1f} points (lower is better, E1)")
