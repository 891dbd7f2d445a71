"""Record the golden games: the behaviour the engine must keep through any rebuild.

For each seeded game (multiplayer 2-6 players and solo at difficulties 1-3, full games to 50), a seeded
player picks among the legal action ids in sorted order, so the record does not depend on the order the engine
lists them in; it says STOP (T5) only one time in 20, so rounds last and abilities come up. The file holds,
per game, the action ids and the (kind, rule, player) of every event.
`tests/test_golden.py` replays the same seeds and compares. Re-record only when a rule change is intended:

    .venv/bin/python tests/golden/record.py
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

from egonb import Rules, new_game
from egonb.games.egocentric_world.actions import STOP

FILE = Path(__file__).with_name("games.json.gz")
GAMES_PER_SETUP = 60


def setups() -> list[tuple[str, Rules]]:
    """(label, rules): 2-6 players, then solo at each difficulty, all full games."""
    out = [(f"{n}p", Rules(players=n, full_game=True)) for n in range(2, 7)]
    out += [(f"solo{d}", Rules.solo_game(d)) for d in (1, 2, 3)]
    return out


def play_one(rules: Rules, seed: int) -> dict:
    """One game: the action ids chosen and the events' (kind, rule, player)."""
    game = new_game(rules, seed)
    rng = random.Random(f"golden:{seed}")
    actions = []
    while not game.is_over:
        ids = sorted(a.id for a in game.legal_actions())
        others = [i for i in ids if i != STOP.id]
        act = rng.choice(others if others and rng.random() >= 0.05 else ids)
        game.apply(act)
        actions.append(act)
    events = [[e.kind, e.rule, e.player] for e in game.events]
    return {"actions": actions, "events": events, "totals": list(game.totals)}


def record() -> dict[str, dict]:
    return {f"{label}:{seed}": play_one(rules, seed)
            for label, rules in setups() for seed in range(GAMES_PER_SETUP)}


if __name__ == "__main__":
    games = record()
    FILE.write_bytes(gzip.compress(json.dumps(games, separators=(",", ":")).encode(), mtime=0))
    print(f"{len(games)} games, {sum(len(g['actions']) for g in games.values())} actions -> {FILE}")
