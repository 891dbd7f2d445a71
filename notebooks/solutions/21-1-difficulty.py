# Chapter 21, exercise 1: the ladder at difficulty 1, 2 and 3 (SM2). Self-contained.
from statistics import fmean

from egonb import Rules
from egonb.agents import AGENTS
from egonb.tournament import tournament

by_level = {}
for level in (1, 2, 3):
    ladder = {name: AGENTS[name]() for name in ("random", "greedy", "citybot-style")}
    by_level[level] = tournament(ladder, Rules.solo_game(difficulty=level), games=150, seed=1, workers=1,
                                 progress=False)
    print(f"difficulty {level}\n{by_level[level]}\n")

# The Citybots' final totals (seats 1 and 2) show what the SM2 removal does to them.
for level, result in by_level.items():
    bots = fmean(t for rec in result.records if rec.finished for t in rec.totals[1:])
    wins = ", ".join(f"{row.agent} {row.win_rate:.1%}" for row in result.rows())
    print(f"difficulty {level}: the Citybots end with {bots:.1f} points on average; win rates: {wins}")

# What changes: at difficulty 2 each Citybot drops its LOWEST card before scoring, often a 1-4, so it
# scores a few points less per round; at difficulty 3 it drops its HIGHEST card, often a 10-12, so its
# total grows far more slowly. The game ends after the round in which any total reaches 50 (E2): at
# difficulty 3 that is nearly always you, so your final score is above 50 and you almost never win.
# Your own agents play exactly as before; only the Citybots' scoring moved. The win rates fall from
# about 60 % (greedy, difficulty 1) to under 40 % (2) and about 1 % (3); random never wins anyway.
