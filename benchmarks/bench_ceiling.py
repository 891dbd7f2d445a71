"""How much of the gap to the Citybots is hidden information? (prints figures; never run as a test)

    python benchmarks/bench_ceiling.py --games 200 --levels 3
    python benchmarks/bench_ceiling.py --games 200 --levels 3 --depth 2 --simulations 120

Plays full solo games with three Monte-Carlo agents on the same deals: the real one, which samples the
cards it cannot see, and two that deliberately cheat. One knows the Citybots' piles but not the order of
the deck (no player could ever know that); the other's every "sample" is a copy of the true game, so it
knows the piles and the deck order. The cheaters are not agents of the library (agents only ever get
views); they are yardsticks for what the same search could reach with less hidden.

`--depth 2` or more makes all three plan ahead in each world they search: every combination of their own
next decisions (the Citybots answer as the rules say) before the rollout. Is the gap hidden information
or too short a search? Planning deeper helps only as far as the world searched is the real one.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from dataclasses import replace

from egonb import GameState, Rules, View, new_game
from egonb.agents import MonteCarloAgent
from egonb.games.egocentric_world.actions import Action
from egonb.games.egocentric_world.search import play_out, useful, values


class Lookahead(MonteCarloAgent):
    """Monte-Carlo search that, at `depth` 2 or more, tries every sequence of its next `depth` decisions in each
    world (the best one counts) before the rollout; at depth 1 it is the library's agent."""

    def __init__(self, simulations: int = 400, depth: int = 1):
        super().__init__(simulations)
        self.depth = depth

    def evaluate(self, view: View) -> dict[Action, float]:
        if self.depth == 1:
            return super().evaluate(view)
        legal = useful(view.legal_actions, view.hand, view.top, view.drawn)
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(max(1, self.simulations // len(legal))):
            world = self.sample(view)
            for act in legal:
                s = world.clone()
                s.apply(act)
                totals[act] += self.planned(s, self.depth - 1, view.player, view.rules.full_game)
        return dict(sorted(totals.items(), key=lambda item: -item[1]))

    def planned(self, s: GameState, depth: int, me: int, full_game: bool) -> float:
        """The value of `s` for `me` when its next `depth` decisions are the best ones (the Citybots play
        themselves inside `apply`, so every decision left in a solo round is `me`'s)."""
        if depth == 0 or s.current is None:
            play_out(s, self.rollout)
            return values(s, full_game)[me]
        best = -1.0
        for act in useful(s.legal_actions(), s.hands[me], s.discard[-1] if s.discard else 0, s.drawn):
            child = s.clone()
            child.apply(act)
            best = max(best, self.planned(child, depth - 1, me, full_game))
        return best


class SeesEverything(Lookahead):
    """Monte-Carlo search whose every world is the real game (cheating on purpose)."""

    name = "monte-carlo, sees everything"

    def __init__(self, simulations: int = 400, depth: int = 1):
        super().__init__(simulations, depth)
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
    parser.add_argument("--simulations", type=int, default=400,
                        help="rollouts per decision (at --depth 2 or more: worlds times the actions tried)")
    parser.add_argument("--depth", type=int, default=1, help="own decisions planned in each world before the rollout")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="deal seeds run from here: split a long run over several processes")
    args = parser.parse_args()
    if min(args.depth, args.simulations, args.games) < 1:
        parser.error("--games, --depth and --simulations must be at least 1")
    print(f"Full solo games, the same {args.games} deals (seeds {args.first_seed}-{args.first_seed + args.games - 1}) "
          f"for every agent, {args.simulations} simulations per move, {args.depth} decision(s) planned per world:")
    print(f"{'agent':<28} {'level':>5} {'win rate':>9} {'± 95 % CI':>9} {'ms/decision':>11}")
    for level in args.levels:
        rates = {}
        agents = (Lookahead(args.simulations, args.depth), SeesPiles(args.simulations, args.depth),
                  SeesEverything(args.simulations, args.depth))
        for agent in agents:
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
