"""What isolation costs (egonb.sandbox): two built-in greedy agents duelling in this process, then each in processes
of its own, in the same run (prints figures; never run as a test).

    python benchmarks/bench_isolation.py              # 200 one-round and 40 full duels each way
    python benchmarks/bench_isolation.py --duels 50 --full-duels 10   # a quick look

1. Per duel, one round and a full game (to 50, E2): ms in process, ms isolated, and the ratio; in wall-clock time
   (on a busy machine each move's trip to another process waits for a core) and in CPU time (this process's, plus
   the fork servers' and their reaped games': what a pool of busy workers pays).
2. The parts: starting an agent's fork server (a Python process that imports egonb and loads the file), forking a
   game's process and ending it, and one move's round trip (the view out, the move back).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from egonb import Rules, protocol
from egonb.agents import AGENTS
from egonb.play import play
from egonb.sandbox import builtin, close_servers
from egonb.sandbox.agent import _SERVERS
from egonb.sandbox.process import DEFAULT_LIMITS, Game, Server
from egonb.sandbox.wire import encode


def _cpu() -> float:
    """Seconds of CPU used by this process and by its fork servers with the games they reaped."""
    total = time.process_time()
    tick = os.sysconf("SC_CLK_TCK")
    for server in _SERVERS.values():
        with open(f"/proc/{server.proc.pid}/stat") as f:
            total += sum(int(x) for x in f.read().rsplit(")", 1)[1].split()[11:15]) / tick
    return total


def per_duel(rules: Rules, duels: int) -> dict[str, tuple[float, float]]:
    """Mean ms a duel, greedy against greedy, (wall, CPU) in process and isolated (servers started before)."""
    here = [AGENTS["greedy"](), AGENTS["greedy"]()]
    apart = [builtin("egocentric-world", "greedy"), builtin("egocentric-world", "greedy")]
    play(apart, rules, 0, time_limit=60)  # warm: each agent's fork server is started once, as in a pool's worker
    times = {}
    for label, agents in (("here", here), ("apart", apart)):
        start, cpu = time.perf_counter(), _cpu()
        for seed in range(duels):
            play(agents, rules, seed, time_limit=60, transcript=False)
        times[label] = (1000 * (time.perf_counter() - start) / duels, 1000 * (_cpu() - cpu) / duels)
    return times


def parts(samples: int) -> None:
    source = builtin("egocentric-world", "greedy").source
    starts = []
    for _ in range(5):
        begin = time.perf_counter()
        server = Server(source, "<built-in greedy>", DEFAULT_LIMITS)
        server.loaded()
        starts.append(time.perf_counter() - begin)
        server.close()
    server = Server(source, "<built-in greedy>", DEFAULT_LIMITS)
    server.loaded()
    forks, ends, trips = [], [], []
    game = protocol.new_state(Rules(players=2), 0)
    view = game.view(game.current_player or 0)
    for _ in range(samples):
        begin = time.perf_counter()
        one = Game(server, DEFAULT_LIMITS)
        one.call({"reset": [view.player, list(random.Random(0).getstate())]}, 60)
        forks.append(time.perf_counter() - begin)
        for _ in range(10):
            begin = time.perf_counter()
            one.call({"act": encode(view)}, 60)
            trips.append(time.perf_counter() - begin)
        begin = time.perf_counter()
        one.end()
        ends.append(time.perf_counter() - begin)
    server.close()
    ms = lambda xs: f"median {1000 * statistics.median(xs):7.2f} ms"  # noqa: E731 - one format for every line
    print(f"  fork server start (python + egonb + the file) {ms(starts)}")
    print(f"  a game's process: fork + reset             {ms(forks)}")
    print(f"  a game's end: kill + reap + sweep          {ms(ends)}")
    print(f"  one move's round trip (greedy's move too)  {ms(trips)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duels", type=int, default=200, help="one-round duels each way")
    parser.add_argument("--full-duels", type=int, default=40, help="full-game duels each way")
    parser.add_argument("--samples", type=int, default=50, help="games for the parts' figures")
    args = parser.parse_args()
    print(f"Greedy against greedy, in process and isolated; load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores (other processes skew these figures):")
    for label, rules, duels in (("one round", Rules(players=2), args.duels),
                                ("full game", Rules(players=2, full_game=True), args.full_duels)):
        times = per_duel(rules, duels)
        for kind, i in (("wall", 0), ("CPU", 1)):
            here, apart = times["here"][i], times["apart"][i]
            print(f"  {label:<10} {duels:>4} duels, {kind:>4}: in process {here:8.2f} ms, isolated {apart:8.2f} ms, "
                  f"ratio {apart / here:5.1f}x", flush=True)
    close_servers()
    print("The parts:")
    parts(args.samples)


if __name__ == "__main__":
    main()
