"""How much of the gap to the Citybots is hidden information? (prints figures; never run as a test)

    python benchmarks/bench_ceiling.py --games 200 --levels 3

Plays full solo games with three Monte-Carlo agents on the same deals: the real one, which samples the
cards it cannot see, and two that deliberately cheat. One knows the Citybots' piles but not the order of
the deck (no player could ever know that); the other's every "sample" is a copy of the true game, so it
knows the piles and the deck order. The cheaters are not agents of the library (agents only ever get
views); they are yardsticks for what the same search could reach with less hidden.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from dataclasses import replace

from egonb import GameState, Rules, View, new_game
from egonb.agents import MonteCarloAgent


class SeesEverything(MonteCarloAgent):
    """Monte-Carlo search whose every world is the real game (cheating on purpose)."""

    name = "monte-carlo, sees everything"

    def __init__(self, simulations: int = 400):
        super().__init__(simulations)
        self.game: GameState | None = None

    def sample(self, view: View) -> GameState:
        assert self.game is not None
        world = self.game.clone()
        world.events = []  # as in an honest sample: the search never reads the log, and copying it costs time
        world.rules = replace(world.rules, full_game=False)  # the search horizon: this round
        world.rng = random.Random(self.rng.random())  # the reshuffles (S4) stay unknown
        return world


class SeesPiles(SeesEverything):
    """Monte-Carlo search that knows the Citybots' piles (cheating on purpose) but not the deck order."""

    name = "monte-carlo, sees the piles"

    def sample(self, view: View) -> GameState:
        world = super().sample(view)
        self.rng.shuffle(world.deck)  # the deck holds the right cards, in an order it cannot know
        return world


def play(agent: MonteCarloAgent, level: int, seed: int) -> tuple[bool, float]:
    """One full solo game; whether seat 0 won, and its mean decision time in seconds."""
    game = new_game(Rules.solo_game(level), seed)
    agent.reset(0, random.Random(seed))
    if isinstance(agent, SeesEverything):
        agent.game = game
    decisions, spent = 0, 0.0
    while not game.is_over:
        start = time.process_time()
        action = agent.act(game.view(0))
        spent += time.process_time() - start
        decisions += 1
        game.apply(action, 0)
    return 0 in game.winners, spent / decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="full solo games per agent and level")
    parser.add_argument("--levels", nargs="*", type=int, default=[3], choices=[1, 2, 3])
    parser.add_argument("--simulations", type=int, default=400)
    parser.add_argument("--first-seed", type=int, default=0,
                        help="deal seeds run from here: split a long run over several processes")
    args = parser.parse_args()
    print(f"Full solo games, the same {args.games} deals (seeds {args.first_seed}-{args.first_seed + args.games - 1}) "
          f"for every agent, {args.simulations} simulations per move:")
    print(f"{'agent':<28} {'level':>5} {'win rate':>9} {'± 95 % CI':>9} {'ms/decision':>11}")
    for level in args.levels:
        rates = {}
        for agent in (MonteCarloAgent(args.simulations), SeesPiles(args.simulations), SeesEverything(args.simulations)):
            results = [play(agent, level, seed) for seed in range(args.first_seed, args.first_seed + args.games)]
            rate = sum(won for won, _ in results) / len(results)
            ci = 1.96 * math.sqrt(rate * (1 - rate) / len(results))
            ms = 1000 * sum(t for _, t in results) / len(results)
            rates[agent.name] = rate
            print(f"{agent.name:<28} {level:>5} {rate:>9.1%} {ci:>9.1%} {ms:>11.1f}", flush=True)
        honest = rates[MonteCarloAgent.name]
        print(f"  level {level}: knowing the piles adds {rates[SeesPiles.name] - honest:+.1%} wins, "
              f"knowing every hidden card {rates[SeesEverything.name] - honest:+.1%}")


if __name__ == "__main__":
    main()
