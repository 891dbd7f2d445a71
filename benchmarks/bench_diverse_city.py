"""Diverse City, measured: a strength table (random, the heuristic and Monte-Carlo search at one
4-player table, every deal played in each seat rotation) and, to judge the default deck, how often a deal is
redealt (U5) and how many turns a round lasts. Runs only when run; one core; takes a few minutes.

    python benchmarks/bench_diverse_city.py [--deals 125] [--simulations 6]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from egonb.agents import AGENTS, MonteCarloAgent
from egonb.games.diverse_city import Config, HeuristicAgent, new_game
from egonb.tournament import tournament


def strength(deals: int, simulations: int) -> None:
    agents = {"random": AGENTS["random"](), "heuristic": HeuristicAgent(), "heuristic-2": HeuristicAgent(),
              f"monte-carlo ({simulations})": MonteCarloAgent(simulations=simulations)}
    start = time.process_time()
    result = tournament(agents, Config(players=4), games=deals, seed=27, workers=1, progress=True)
    print(f"Strength, 4 players, {len(result.records)} games ({deals} deals x 4 seat rotations), "
          f"{time.process_time() - start:.0f} CPU-s")
    print(f"{'agent':<22}{'win rate [95% Wilson]':>24}{'mean rank':>11}{'mean total ± 95%':>18}{'ms/decision':>13}"
          f"{'faults':>8}")
    for row in result.rows():
        wins = f"{row.win_rate:.1%} [{row.win_low:.1%}, {row.win_high:.1%}]"
        print(f"{row.agent:<22}{wins:>24}{row.mean_rank:>11.2f}{f'{row.mean_score:.1f} ± {row.ci95:.1f}':>18}"
              f"{row.ms_per_decision:>13.2f}{row.faults:>8}")


def _turns(lengths: list[int]) -> str:
    """Turns per round as mean / median / 90th percentile."""
    p90 = statistics.quantiles(lengths, n=10)[-1]
    return f"{statistics.mean(lengths):.1f} / {statistics.median(lengths):g} / {p90:g}"


def deck(games: int) -> None:
    """U5's redeal rate per deal, and turns per round (mean / median / p90) with heuristic or random players."""
    print(f"\nThe default deck, {games} games per line; turns per round as mean / median / p90")
    print(f"{'players':<9}{'redealt deals':>20}{'turns (heuristic)':>20}{'turns (random)':>20}"
          f"{'rounds/game (heur.)':>21}")
    for players in range(2, 7):
        redeals = deals = 0
        lengths: dict[str, list[int]] = {"heuristic": [], "random": []}
        rounds = []
        for seed in range(games):
            for kind in lengths:
                game = new_game(Config(players=players), seed)
                rng, heuristic = random.Random(seed), HeuristicAgent()
                while not game.is_over:
                    view = game.view(game.current_player or 0)
                    game.apply(heuristic.act(view) if kind == "heuristic" else rng.choice(view.legal_actions))
                starts = [i for i, e in enumerate(game.events) if e.kind == "round_start"] + [len(game.events)]
                lengths[kind] += [sum(e.kind == "turn" for e in game.events[a:b]) for a, b in zip(starts, starts[1:])]
                if kind == "heuristic":
                    redeals += game.redeals
                    deals += game.redeals + game.round
                    rounds.append(game.round)
        redealt = f"{redeals / deals:.1%} ({redeals}/{deals})"
        print(f"{players:<9}{redealt:>20}{_turns(lengths['heuristic']):>20}{_turns(lengths['random']):>20}"
              f"{statistics.mean(rounds):>21.1f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=125, help="deals of the strength table (x 4 rotations)")
    parser.add_argument("--simulations", type=int, default=6, help="Monte-Carlo budget per decision")
    parser.add_argument("--games", type=int, default=200, help="games per line of the deck table")
    args = parser.parse_args()
    deck(args.games)
    strength(args.deals, args.simulations)


if __name__ == "__main__":
    main()
