# Chapter 21, exercise 3: halve the number of games and compare the 95 % intervals. Self-contained.
import math

from egonb import Rules
from egonb.agents import AGENTS
from egonb.tournament import tournament

ladder = {name: AGENTS[name]() for name in ("random", "greedy", "citybot-style")}
rules = Rules.solo_game(difficulty=2)  # the chapter's ladder: full games, SM2 difficulty 2
full = tournament(ladder, rules, games=150, seed=1, workers=1, progress=False)
half = tournament(ladder, rules, games=75, seed=1, workers=1, progress=False)  # deals 0-74 of the same 150

# The interval is 1.96 x (spread of the scores between deals) / sqrt(deals). The spread belongs to the
# agent and the game, not to the number of games, so halving the deals multiplies the interval by sqrt(2).
print(f"{'agent':<14} {'150 games':>10} {'75 games':>9} {'ratio':>6}   spread per deal (150 / 75)")
ratios = []
for f, h in zip(full.rows(), half.rows()):
    ratios.append(h.ci95 / f.ci95)
    spread_f, spread_h = f.ci95 * math.sqrt(150) / 1.96, h.ci95 * math.sqrt(75) / 1.96
    print(f"{f.agent:<14} {f.ci95:>10.2f} {h.ci95:>9.2f} {ratios[-1]:>6.2f}   {spread_f:.1f} / {spread_h:.1f}")
ratio = sum(ratios) / len(ratios)
print(f"mean ratio {ratio:.2f}; sqrt(2) = {math.sqrt(2):.2f}")

# The ratios are not exactly 1.41: the spread itself is estimated from the deals, and 75 deals estimate it
# within roughly +-10 %. The other way round: to halve an interval you need four times as many games.
