"""Engine speed with random agents on one core: decisions/s and rounds/s (issue 2), Diverse City's beside (27).

Targets: >= 100,000 decisions/s and >= 5,000 four-player rounds/s, views not built.
Rates are per second of this process's CPU time, so other load on the machine does not skew them.
When rlcard and open_spiel are installed (`pip install rlcard open_spiel`) their UNO
and crazy_eights random games run in the same process and the ratios are printed.

    python benchmarks/bench_engine.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from egonb import Rules, protocol
from egonb.diverse_city import Config


def bench_egonb(rules: Any, seconds: float) -> tuple[float, float]:
    """(decisions/s, rounds/s) of uniformly random play, for any game of the protocol that counts its `round`s
    (Diverse City plays whole games)."""
    rng = random.Random(0)
    decisions = rounds = seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        g: Any = protocol.new_state(rules, seed)
        seed += 1
        while not g.is_over:
            actions = g.legal_actions()
            g.apply(actions[rng.randrange(len(actions))])
            decisions += 1
        rounds += g.round
    elapsed = time.process_time() - start
    return decisions / elapsed, rounds / elapsed


def bench_rlcard_uno(seconds: float) -> tuple[float, float] | None:
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 0})
    rng = random.Random(0)
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.randrange(len(legal))])
            decisions += 1
        games += 1
    elapsed = time.process_time() - start
    return decisions / elapsed, games / elapsed


def bench_open_spiel(name: str, seconds: float) -> tuple[float, float] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(0)
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        games += 1
    elapsed = time.process_time() - start
    return decisions / elapsed, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    print(f"egonb random play, one core, {args.seconds:g} CPU-s per line (views not built)")
    print(f"{'game':<28}{'decisions/s':>14}{'rounds/s':>12}")
    four = None
    for players in range(2, 7):
        dps, rps = bench_egonb(Rules(players=players), args.seconds)
        four = (dps, rps) if players == 4 else four
        print(f"{f'egonb {players} players, 1 round':<28}{dps:>14,.0f}{rps:>12,.0f}")
    solo = bench_egonb(Rules.solo_game(2, full_game=False), args.seconds)
    print(f"{'egonb solo (bots inside)':<28}{solo[0]:>14,.0f}{solo[1]:>12,.0f}")
    for players in (2, 4, 6):
        dps, rps = bench_egonb(Config(players=players), args.seconds)
        print(f"{f'Diverse City {players} players':<28}{dps:>14,.0f}{rps:>12,.0f}")
    assert four is not None
    print(f"\nTargets (4 players): decisions/s {four[0]:,.0f} / 100,000 = {four[0] / 1e5:.2f}x; "
          f"rounds/s {four[1]:,.0f} / 5,000 = {four[1] / 5e3:.2f}x")
    others = {
        "rlcard UNO": bench_rlcard_uno(args.seconds),
        "open_spiel crazy_eights": bench_open_spiel("crazy_eights", args.seconds),
    }
    for name, result in others.items():
        if result is None:
            print(f"{name}: not installed, skipped")
            continue
        dps, gps = result
        print(f"{name:<28}{dps:>14,.0f}{gps:>12,.0f} games/s;  egonb 4p decisions/s is "
              f"{four[0] / dps:.2f}x this")


if __name__ == "__main__":
    main()
