"""Engine speed with random agents on one core: decisions/s and rounds/s, Diverse City's beside.

Targets: >= 100,000 decisions/s and >= 5,000 four-player rounds/s, views not built.
Rates are per second of this process's CPU time, so other load on the machine does not skew them much; the
ratios to rlcard's UNO and OpenSpiel's crazy_eights (when installed: `pip install rlcard open_spiel`) are
measured in interleaved slices (egonb, then the other, then egonb …), and the median of the slice ratios is
printed with its spread, so a machine that slows down part-way through moves both sides alike.

`--compiled OUTDIR` also measures both games' engines as mypyc compiled them into OUTDIR
(`benchmarks/build_compiled.py OUTDIR` builds it) in a child process that imports them, beside the pure engines
and the same anchors, interleaved alike.

    python benchmarks/bench_engine.py [--seconds 3] [--slices 12] [--compiled OUTDIR]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from egonb import Rules, protocol
from egonb.games.diverse_city import Config

#: A benchmark: plays random games for ever, yielding (decisions, rounds or games) after each game.
Games = Iterator[tuple[int, int]]
#: Measures one side for about so many CPU seconds: (decisions/s, rounds or games/s).
Measure = Callable[[float], tuple[float, float]]


def egonb_games(rules: Any) -> Games:
    """Uniformly random play of any game of the protocol that counts its `round`s (Diverse City plays whole
    games)."""
    rng = random.Random(0)
    seed = 0
    while True:
        g: Any = protocol.new_state(rules, seed)
        seed += 1
        decisions = 0
        while not g.is_over:
            actions = g.legal_actions()
            g.apply(actions[rng.randrange(len(actions))])
            decisions += 1
        yield decisions, g.round


def rlcard_uno_games() -> Games | None:
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 0})
    rng = random.Random(0)

    def games() -> Games:
        while True:
            state, _ = env.reset()
            decisions = 0
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[rng.randrange(len(legal))])
                decisions += 1
            yield decisions, 1
    return games()


def open_spiel_games(name: str) -> Games | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(0)

    def games() -> Games:
        while True:
            state = game.new_initial_state()
            decisions = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(outcomes, probs)[0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    decisions += 1
            yield decisions, 1
    return games()


def measure(games: Games, seconds: float) -> tuple[float, float]:
    """(decisions/s, rounds or games/s) over whole games played for about `seconds` of CPU time."""
    decisions = units = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        d, u = next(games)
        decisions += d
        units += u
    elapsed = time.process_time() - start
    return decisions / elapsed, units / elapsed


def measuring(games: Games) -> Measure:
    return lambda seconds: measure(games, seconds)


def interleaved_ratio(ours: Measure, theirs: Measure, slices: int, seconds: float) -> tuple[float, float, float]:
    """Median, lowest and highest of the ratio ours/theirs (decisions/s), each slice timing both in turn."""
    ratios = [ours(seconds)[0] / theirs(seconds)[0] for _ in range(slices)]
    return statistics.median(ratios), min(ratios), max(ratios)


#: What is measured, by name: random play of one round of Egocentric World at four, its solo game (the Citybots
#: play inside), a whole game of Diverse City at four.
TABLES: dict[str, Callable[[], Any]] = {"four": lambda: Rules(players=4),
                                        "solo": lambda: Rules.solo_game(2, full_game=False),
                                        "city": lambda: Config(players=4)}


class CompiledEngine:
    """The compiled engines in OUTDIR, measured by a child process that imports them (`serve`): this process keeps
    the pure ones, and one process cannot import both."""

    def __init__(self, outdir: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(outdir.resolve())}
        self.child = subprocess.Popen([sys.executable, __file__, "--serve"], env=env, text=True,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.where = self._ask("where")

    def _ask(self, line: str) -> str:
        assert self.child.stdin is not None and self.child.stdout is not None
        self.child.stdin.write(line + "\n")
        self.child.stdin.flush()
        answer = self.child.stdout.readline().strip()
        if not answer:
            raise SystemExit(f"the compiled engine's process ended (exit code {self.child.wait()})")
        return answer

    def measure(self, seconds: float, table: str = "four") -> tuple[float, float]:
        """(decisions/s, rounds or games/s) of the compiled engine on one of `TABLES`."""
        dps, ups = self._ask(f"{table} {seconds}").split()
        return float(dps), float(ups)

    def measuring(self, table: str) -> Measure:
        return lambda seconds: self.measure(seconds, table)

    def close(self) -> None:
        assert self.child.stdin is not None
        self.child.stdin.close()
        self.child.wait()


def serve() -> None:
    """The child of `CompiledEngine`: measure the egonb it imports (the compiled one) on request."""
    from egonb.games.diverse_city import state as city
    from egonb.games.egocentric_world import state

    for module in (state, city):
        if not module.__file__ or module.__file__.endswith(".py"):
            raise SystemExit(f"{module.__name__} is not compiled here: {module.__file__} (build with "
                             "build_compiled.py)")
    games = {name: egonb_games(make()) for name, make in TABLES.items()}
    for line in sys.stdin:
        if line.strip() == "where":
            answer = str(Path(state.__file__).parents[3])  # the folder holding egonb
        else:
            which, seconds = line.split()
            answer = "{} {}".format(*measure(games[which], float(seconds)))
        print(answer, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--slices", type=int, default=12, help="interleaved slices for each ratio")
    parser.add_argument("--compiled", type=Path, metavar="OUTDIR",
                        help="also measure the engine benchmarks/build_compiled.py compiled into OUTDIR")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve()
        return
    compiled = CompiledEngine(args.compiled) if args.compiled else None
    print(f"egonb random play, one core, {args.seconds:g} CPU-s per line (views not built); {_load()}")
    print(f"{'game':<28}{'decisions/s':>14}{'rounds/s':>12}")
    four = None
    for players in range(2, 7):
        dps, rps = measure(egonb_games(Rules(players=players)), args.seconds)
        four = (dps, rps) if players == 4 else four
        print(f"{f'egonb {players} players, 1 round':<28}{dps:>14,.0f}{rps:>12,.0f}")
    solo = measure(egonb_games(Rules.solo_game(2, full_game=False)), args.seconds)
    print(f"{'egonb solo (bots inside)':<28}{solo[0]:>14,.0f}{solo[1]:>12,.0f}")
    if compiled:
        for label, table in (("4 players, 1 round", "four"), ("solo (bots inside)", "solo")):
            dps, rps = compiled.measure(args.seconds, table)
            print(f"{f'compiled {label}':<28}{dps:>14,.0f}{rps:>12,.0f}")
    for players in (2, 4, 6):
        dps, rps = measure(egonb_games(Config(players=players)), args.seconds)
        print(f"{f'Diverse City {players} players':<28}{dps:>14,.0f}{rps:>12,.0f} games/s")
    if compiled:
        dps, gps = compiled.measure(args.seconds, "city")
        print(f"{'compiled Diverse City 4p':<28}{dps:>14,.0f}{gps:>12,.0f} games/s")
    assert four is not None
    print(f"\nTargets (4 players): decisions/s {four[0]:,.0f} / 100,000 = {four[0] / 1e5:.2f}x; "
          f"rounds/s {four[1]:,.0f} / 5,000 = {four[1] / 5e3:.2f}x")
    others: dict[str, Callable[[], Games | None]] = {
        "rlcard UNO": rlcard_uno_games,
        "open_spiel crazy_eights": lambda: open_spiel_games("crazy_eights"),
    }
    slice_seconds = args.seconds / 4
    pure = {table: measuring(egonb_games(TABLES[table]())) for table in ("four", "city")}
    sides: list[tuple[str, Measure]] = [("egonb 4p", pure["four"]), ("Diverse City 4p", pure["city"])]
    if compiled:
        print(f"\ncompiled engines: {compiled.where}")
        for label, table in (("compiled 4p", "four"), ("compiled Diverse City 4p", "city")):
            sides.append((label, compiled.measuring(table)))
            median, low, high = interleaved_ratio(compiled.measuring(table), pure[table], args.slices, slice_seconds)
            print(f"{label} decisions/s is {median:.2f}x the pure engine's "
                  f"(median of {args.slices} interleaved slices, {low:.2f}-{high:.2f})")
    for name, make in others.items():
        theirs = make()
        if theirs is None:
            print(f"{name}: not installed, skipped")
            continue
        dps, gps = measure(theirs, args.seconds)
        print(f"{name:<28}{dps:>14,.0f}{gps:>12,.0f} games/s")
        for label, ours in sides:
            median, low, high = interleaved_ratio(ours, measuring(theirs), args.slices, slice_seconds)
            print(f"    {label} decisions/s is {median:.2f}x this "
                  f"(median of {args.slices} interleaved slices, {low:.2f}-{high:.2f})")
    if compiled:
        compiled.close()
    print(f"\nAt the end: {_load()}")


def _load() -> str:
    """The machine's load average: the ratios are robust to load, but a heavily shared machine still shifts them."""
    return "load average {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()) if hasattr(os, "getloadavg") else ""


if __name__ == "__main__":
    main()
