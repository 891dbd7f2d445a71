"""The coach measured (egonb/coach.py, the page's Hint): how long a hint takes, and how often always following it
wins a solo game.

    python benchmarks/bench_coach.py [--games 100] [--hints 200] [--workers 2]

Latency: hints for the decisions of seeded games (Egocentric World solo at difficulty 1-3 and Diverse City against
three heuristic players, the coach playing seat 0 with no time budget, so the positions do not depend on the
machine's load), each as the page asks it (`egonb.app.coaching.hint`: the search, the traps, the words), p50 and p95
of the wall clock and of the process's CPU time, overall and per game (the coach's time budget is CPU time, so a
machine busy with other work lengthens the wall clock but changes no hint), and how often the budget cut a search
short. The anchor, measured in the same run, is one `MonteCarloAgent()` decision (chapter 22's default, 400
simulations, no budget). The machine's load average is printed with the figures.

Strength: full solo games to 50 (E2) where you always play the coach's move, against the Citybots at difficulty 1, 2
and 3: wins (ties share the win), and a 95 % Wilson interval (`egonb.stats.wilson`, scipy).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from egonb import Rules, new_game
from egonb.agents import MonteCarloAgent
from egonb.coach import Coach, explain
from egonb.games import entry
from egonb.messages import PAGE
from egonb.protocol import game_for
from egonb.stats import wilson

#: A guard against a game that never ends (counted apart, as bench_solo.py does).
MAX_DECISIONS = 2_000


def positions(count: int, seed: int = 0) -> list[Any]:
    """`count` views of decisions of yours, from seeded games played by the coach: solo Egocentric World at each
    difficulty in turn, and one in four from Diverse City (seat 0 against three heuristic players)."""
    rng = random.Random(seed)
    views: list[Any] = []
    coach = Coach(budget=None)
    city = entry("diverse-city")
    game_no = 0
    while len(views) < count:
        game_no += 1
        g: Any = (city.new_state(city.table(4, False), game_no) if game_no % 4 == 0
                  else new_game(Rules.solo_game(1 + game_no % 3, full_game=False), game_no))
        others: Any = city.agent("dc-heuristic")  # Diverse City's other seats (the Citybots play themselves)
        others.reset(1, random.Random(game_no))
        while not g.is_over and len(views) < count:
            view = g.view(g.current_player)
            if view.player == 0 and rng.random() < 0.5:  # every other decision: positions over whole rounds
                views.append(view)
            g.apply((coach if view.player == 0 else others).act(view), view.player)
    return views


def entry_of(view: Any) -> Any:
    """The record of the game `view` belongs to."""
    return game_for(view.rules)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def latency(count: int) -> None:
    views = positions(count)
    wall, cpu, cut = [], [], 0
    by_game: dict[str, tuple[list[float], list[float], list[bool]]] = {}
    for view in views:
        w, c = time.perf_counter(), time.process_time()
        advice = Coach().advise(view, PAGE)  # what the page's hint does (egonb.app.coaching.hint)
        explain(view, advice, PAGE)
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)
        cut += not advice.complete
        times = by_game.setdefault(entry_of(view).title, ([], [], []))
        times[0].append(wall[-1])
        times[1].append(cpu[-1])
        times[2].append(not advice.complete)
    anchor = MonteCarloAgent()
    anchor_wall = []
    for i, view in enumerate(views[: max(10, count // 5)]):
        anchor.reset(0, random.Random(i))
        w = time.perf_counter()
        anchor.act(view)
        anchor_wall.append(time.perf_counter() - w)
    ms = 1000
    print(f"hints: {len(views)} decisions (solo difficulty 1-3 and Diverse City), load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"  wall clock  p50 {percentile(wall, .5) * ms:6.1f} ms   p95 {percentile(wall, .95) * ms:6.1f} ms   "
          f"max {max(wall) * ms:6.1f} ms")
    print(f"  CPU time    p50 {percentile(cpu, .5) * ms:6.1f} ms   p95 {percentile(cpu, .95) * ms:6.1f} ms   "
          f"max {max(cpu) * ms:6.1f} ms")
    for name, (walls, cpus, cuts) in by_game.items():
        print(f"  {name:<18} ({len(walls)} hints)  wall p50 {percentile(walls, .5) * ms:6.1f} ms   "
              f"p95 {percentile(walls, .95) * ms:6.1f} ms   CPU p50 {percentile(cpus, .5) * ms:6.1f} ms   "
              f"p95 {percentile(cpus, .95) * ms:6.1f} ms   cut short {sum(cuts)}")
    print(f"  searches cut short by the time budget: {cut} of {len(views)}")
    print(f"  anchor, MonteCarloAgent() one decision: p50 {statistics.median(anchor_wall) * ms:6.1f} ms wall; "
          f"hint p50 / anchor p50 = {percentile(wall, .5) / statistics.median(anchor_wall):.2f}")


def solo_game(difficulty: int, seed: int) -> bool | None:
    """Did always following the coach win this seeded full solo game (None: unfinished)?"""
    g = new_game(Rules.solo_game(difficulty, full_game=True), seed)
    coach = Coach(seed=seed)
    for _ in range(MAX_DECISIONS):
        if g.is_over:
            return 0 in g.winners
        g.apply(coach.act(g.view(0)))
    return None


def strength(games: int, workers: int) -> None:
    print(f"always following the coach, {games} full solo games per difficulty (to 50, E2), {workers} workers:")
    with ProcessPoolExecutor(workers) as pool:
        for level in (1, 2, 3):
            start = time.perf_counter()
            results = list(pool.map(solo_game, [level] * games, range(1000, 1000 + games)))
            won = sum(r is True for r in results)
            played = sum(r is not None for r in results)
            low, high = wilson(won, played)
            print(f"  difficulty {level}: {won} of {played} won = {100 * won / played:.1f} % "
                  f"(95 % CI {100 * low:.1f}-{100 * high:.1f} %), {games - played} unfinished, "
                  f"{time.perf_counter() - start:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hints", type=int, default=200, help="decisions to time a hint on")
    parser.add_argument("--games", type=int, default=100, help="solo games per difficulty")
    parser.add_argument("--workers", type=int, default=2, help="processes playing the games")
    args = parser.parse_args()
    if args.hints:
        latency(args.hints)
    if args.games:
        strength(args.games, args.workers)


if __name__ == "__main__":
    main()
