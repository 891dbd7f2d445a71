"""The class ladder measured: does a Swiss-style ladder rank a class as a full round robin does, at a fraction of
the games; and what a 300-agent class costs on a Dask cluster of two worker processes.

    python benchmarks/bench_ladder.py [--agents 30] [--deals 4] [--opponents 8] [--class-size 300] [--no-dask]

The class is generated: agent files in a temporary folder, each greedy with its own probability (evenly spread from
0 to 1) and otherwise a random legal move, so the true order of strength is known. The workers cannot import these
files (they start afresh): the agents reach them as `egonb ladder --scheduler` sends them, with their code.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from egonb.agentfile import load
from egonb.ladder import run

STUDENT = '''"""A generated student: greedy with probability P, else a random legal move."""

from egonb.agents import GreedyAgent

NAME = "student-{index:03d}"
P = {p!r}


class Student(GreedyAgent):
    def act(self, view):
        if self.rng.random() < P:
            return super().act(view)
        return self.rng.choice(view.legal_actions)
'''


def make_class(folder: Path, size: int) -> tuple[dict[str, object], dict[str, float]]:
    """`size` agent files in `folder`, loaded: (name -> agent, name -> its probability of a greedy move)."""
    agents, strength = {}, {}
    for index in range(size):
        p = index / (size - 1)
        path = folder / f"student_{index:03d}.py"
        path.write_text(STUDENT.format(index=index, p=p))
        entry = load(path)
        assert entry.agent is not None, entry.error
        agents[entry.name], strength[entry.name] = entry.agent, p
    return agents, strength


def places(ladder: Any) -> dict[str, int]:
    return {row.agent: row.place for row in ladder.rows()}


def spearman(first: dict[str, float], second: dict[str, float]) -> float:
    from scipy.stats import spearmanr

    names = sorted(first)
    return float(spearmanr([first[n] for n in names], [second[n] for n in names]).statistic)


def sampled_against_full(size: int, deals: int, opponents: int, workers: int) -> None:
    with tempfile.TemporaryDirectory(prefix="egonb-bench-ladder-") as folder:
        agents, strength = make_class(Path(folder), size)
        truth = {name: -p for name, p in strength.items()}  # place 1 = strongest
        print(f"{size} generated agents (greedy with probability 0 to 1, else random), {deals} one-round duel deals "
              f"a pairing from both seats, {workers} worker processes\n")
        print(f"{'pairing':<28}{'games':>8}{'share':>8}{'seconds':>9}{'games/s':>9}"
              f"{'Spearman vs full':>18}{'vs true order':>15}")
        start = time.perf_counter()
        full = run(agents, deals=deals, challenge=0, progress=False, workers=workers)
        full_time = time.perf_counter() - start
        reference = places(full)
        n_full = len(full.result.records)
        print(f"{'round robin':<28}{n_full:>8}{1:>8.0%}{full_time:>9.1f}{n_full / full_time:>9.0f}{1:>18.3f}"
              f"{spearman(reference, truth):>15.3f}")
        for k in sorted({max(2, opponents // 2), opponents}):
            start = time.perf_counter()
            swiss = run(agents, deals=deals, challenge=0, progress=False, workers=workers, pairing="swiss",
                        opponents=k)
            seconds = time.perf_counter() - start
            games = len(swiss.result.records)
            print(f"{f'swiss, {k} opponents':<28}{games:>8}{games / n_full:>8.0%}{seconds:>9.1f}"
                  f"{games / seconds:>9.0f}{spearman(places(swiss), reference):>18.3f}"
                  f"{spearman(places(swiss), truth):>15.3f}")


def class_on_dask(size: int, deals: int, opponents: int) -> None:
    import cloudpickle
    from distributed import Client, LocalCluster, get_task_stream

    with tempfile.TemporaryDirectory(prefix="egonb-bench-class-") as folder:
        agents, _ = make_class(Path(folder), size)
        sizes: list[int] = []
        with LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            submit = client.submit

            def measured(fn: Any, *args: Any, **kwargs: Any) -> Any:
                sizes.append(len(cloudpickle.dumps(args[1:])) + len(args[0].key))  # the agents go by their key
                return submit(fn, *args, **kwargs)

            client.submit = measured  # type: ignore[method-assign]
            with get_task_stream(client) as stream:
                start = time.perf_counter()
                ladder = run(agents, deals=deals, challenge=0, progress=False, executor=client, pairing="swiss",
                             opponents=opponents)
                wall = time.perf_counter() - start
        # The workers' time in the chunks' play (Dask's record of each task's compute), against 2 workers x wall.
        playing = sum(s["stop"] - s["start"] for task in stream.data for s in task["startstops"]
                      if s["action"] == "compute")
        agents_bytes = len(cloudpickle.dumps((list(agents), list(agents.values()))))
        games = len(ladder.result.records)
        print(f"\n{size} generated agents on a LocalCluster of 2 worker processes (1 thread each), Swiss-style, "
              f"{opponents} opponents, {deals} deals a pairing from both seats")
        print(f"  games {games:,} ({2 * games / size:.0f} an agent; a round robin would play "
              f"{size * (size - 1) * deals:,}), wall {wall:.1f} s, {games / wall:.0f} games/s")
        print(f"  agents sent once: {agents_bytes / 1e6:.2f} MB; a chunk carries {statistics.median(sizes):,.0f} "
              f"bytes (median of {len(sizes)} chunks, max {max(sizes):,}) instead of every agent")
        print(f"  the workers' time in play: {playing:.1f} s of 2 x {wall:.1f} s; outside play (sending, scheduling, "
              f"rating between rounds, waiting at each round's end): {1 - playing / (2 * wall):.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", type=int, default=30, help="class size for the comparison with a round robin")
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--opponents", type=int, default=8, help="Swiss-style rounds")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--class-size", type=int, default=300, help="class size on the Dask cluster")
    parser.add_argument("--dask-deals", type=int, default=20, help="deals a pairing on the cluster (as the ladder)")
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    sampled_against_full(args.agents, args.deals, args.opponents, args.workers)
    if not args.no_dask:
        class_on_dask(args.class_size, args.dask_deals, args.opponents)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
