"""Speed and strength of the built-in agents (prints figures; never run as a test).

    python benchmarks/bench_agents.py                 # full run (long: search agents are slow)
    python benchmarks/bench_agents.py --games 200 --search-games 20   # a quick look
    python benchmarks/bench_agents.py --no-throughput --agents monte-carlo --levels 3   # one figure

1. Tournament throughput: games/s serially and with 2 workers, and the scaling efficiency.
2. Each agent's win rate in full solo games (to 50, E2) against the two Citybots at difficulty
   1, 2 and 3, with a 95 % confidence interval, and its mean time per decision.
"""

from __future__ import annotations

import argparse
import math
import os
import time

from egonb import Rules
from egonb.agents import AGENTS
from egonb.tournament import tournament

SEARCH = ("monte-carlo", "ismcts")


def throughput(games: int) -> None:
    agents = {name: AGENTS[name]() for name in ("random", "greedy", "citybot-style")}
    rules = Rules(players=3, full_game=True)
    rates = {}
    for workers in (1, 2):
        start = time.perf_counter()
        result = tournament(agents, rules, games=games, workers=workers, progress=False)
        rates[workers] = len(result.records) / (time.perf_counter() - start)
    print(f"Throughput, 3-player full games (random, greedy, citybot-style, seats rotated), "
          f"{3 * games} games; load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores:")
    print(f"  serial     {rates[1]:8.1f} games/s")
    print(f"  2 workers  {rates[2]:8.1f} games/s   scaling efficiency {rates[2] / rates[1] / 2:.0%}"
          f"   (load average after: {os.getloadavg()[0]:.1f}; other processes skew this figure)")


def strength(names: list[str], games: int, search_games: int, workers: int,
             levels: tuple[int, ...] = (1, 2, 3)) -> None:
    print("\nSolo full games against the two Citybots (win = lowest total, ties share):")
    print(f"{'agent':<15} {'level':>5} {'games':>6} {'win rate':>9} {'± 95 % CI':>9} {'mean total':>10} "
          f"{'ms/decision':>11}")
    for name in names:
        n = search_games if name in SEARCH else games
        for level in levels:
            result = tournament({name: AGENTS[name]()}, Rules.solo_game(level), games=n, seed=level,
                                workers=workers, progress=False)
            row = result.rows()[0]
            ci = 1.96 * math.sqrt(row.win_rate * (1 - row.win_rate) / row.games)
            print(f"{name:<15} {level:>5} {row.games:>6} {row.win_rate:>9.1%} {ci:>9.1%} {row.mean_score:>10.1f} "
                  f"{row.ms_per_decision:>11.2f}", flush=True)


def main() -> None:
    """Run both measurements with the sizes given on the command line."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="solo games per level for the fast agents")
    parser.add_argument("--search-games", type=int, default=200, help="solo games per level for search agents")
    parser.add_argument("--speed-games", type=int, default=1000, help="deals for the throughput test")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--agents", nargs="*", default=list(AGENTS), choices=list(AGENTS))
    parser.add_argument("--levels", nargs="*", type=int, default=[1, 2, 3], choices=[1, 2, 3],
                        help="solo difficulties to measure (SM2)")
    parser.add_argument("--no-throughput", action="store_true", help="skip the throughput test")
    args = parser.parse_args()
    if not args.no_throughput:
        throughput(args.speed_games)
    strength(args.agents, args.games, args.search_games, args.workers, tuple(args.levels))


if __name__ == "__main__":
    main()
