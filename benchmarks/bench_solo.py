"""Solo mode measured: games per second, and how often a random and a greedy
human beat the two Citybots at each difficulty, over full games to 50.

    python benchmarks/bench_solo.py [--games 2000]
"""

from __future__ import annotations

import argparse
import math
import random
import time

from egonb import Rules, new_game
from egonb.agents import GreedyAgent, RandomAgent, SeededAgent

#: A guard against a human policy that never ends a round (it never says STOP and
#: the Citybots can never get below its total): such games are counted apart.
MAX_DECISIONS = 5_000


def play_solo(agent: SeededAgent, difficulty: int, seed: int) -> tuple[bool | None, int]:
    """(did you win — ties share the win (E2) — or None if unfinished, decisions taken)."""
    g = new_game(Rules.solo_game(difficulty, full_game=True), seed)
    agent.reset(0, random.Random(seed))
    decisions = 0
    while not g.is_over:
        if decisions == MAX_DECISIONS:
            return None, decisions
        g.apply(agent.act(g.view(0)))
        decisions += 1
    return 0 in g.winners, decisions


def engine_games_per_second(games: int) -> float:
    """Full solo games per second with random choices straight from legal_actions (no views, no agent)."""
    rng = random.Random(0)
    start = time.perf_counter()
    for seed in range(games):
        g = new_game(Rules.solo_game(1 + seed % 3, full_game=True), seed)
        while not g.is_over:
            actions = g.legal_actions()
            g.apply(actions[rng.randrange(len(actions))])
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="full games per agent and difficulty")
    args = parser.parse_args()
    print(f"Engine alone: {engine_games_per_second(args.games):,.0f} full solo games/s (random, no views)\n")
    print(f"Solo full games to 50, {args.games} per line (seeds 0-{args.games - 1}); "
          f"win = you share the lowest total")
    print(f"{'human':<8}{'level':>6}{'won':>8}{'95% CI':>16}{'unfinished':>12}{'games/s':>10}{'decisions/s':>13}")
    for agent_cls in (RandomAgent, GreedyAgent):
        for difficulty in (1, 2, 3):
            agent = agent_cls()
            wins = finished = decisions = 0
            start = time.perf_counter()
            for seed in range(args.games):
                won, used = play_solo(agent, difficulty, seed)
                decisions += used
                if won is not None:
                    finished += 1
                    wins += won
            elapsed = time.perf_counter() - start
            rate = wins / max(finished, 1)
            half = 1.96 * math.sqrt(rate * (1 - rate) / max(finished, 1))
            print(f"{agent.name:<8}{difficulty:>6}{rate:>8.1%}{f'±{half:.1%}':>16}{args.games - finished:>12}"
                  f"{args.games / elapsed:>10,.0f}{decisions / elapsed:>13,.0f}")


if __name__ == "__main__":
    main()
