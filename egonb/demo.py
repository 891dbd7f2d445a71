"""A short text demo: one seeded solo round narrated event by event (`egonb-demo`)."""

from __future__ import annotations

import argparse
import random

from .games.egocentric_world.rules import Rules
from .games.egocentric_world.state import new_game


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Watch a seeded game of Egocentric World played at random.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=0, help="2-6 for multiplayer; 0 for solo (default)")
    parser.add_argument("--difficulty", type=int, default=2)
    args = parser.parse_args(argv)
    if args.players:
        rules = Rules(players=args.players)
    else:
        rules = Rules.solo_game(args.difficulty, full_game=False)
    game = new_game(rules, seed=args.seed)
    rng = random.Random(args.seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    for event, text in game.events_for(rules.agent_seats[0]):  # what you (solo) or the first player may read
        print(f"[{event.rule:>4}] {text}")


if __name__ == "__main__":
    main()
