"""Diverse City's recorded games (`games.json.gz`, recorded by the engine before its parts were declared once) and
how a game is replayed against them; `tests/test_dc_saves.py` and `tests/test_compiled_engine.py` replay them."""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from pathlib import Path
from typing import Any

from egonb.games.diverse_city import Config, DCState, new_game
from egonb.games.diverse_city.save import to_dict

SAVED = Path(__file__).parent


def fingerprint(game: DCState) -> str:
    """The saved game, keys sorted (a save's key order is not part of its meaning)."""
    return hashlib.sha256(json.dumps(to_dict(game), sort_keys=True).encode()).hexdigest()


def recorded() -> dict[str, Any]:
    """"label:seed" -> the game's action ids, its events' [kind, rule, player], its totals and its save's
    fingerprint."""
    with gzip.open(SAVED / "games.json.gz", "rt") as f:
        return dict(json.load(f))


def config(label: str) -> Config:
    """'4p', '4p-free' (free clearing, Open question 1) or '4p-cap' (a turn cap of 15, Open question 7)."""
    players, _, variant = label.partition("-")
    return Config(players=int(players[:-1]), free_clearing=variant == "free", turn_cap=15 if variant == "cap" else 0)


def play_out(game: Any, rng: random.Random) -> list[int]:
    """Play `game` to its end with `rng`'s choices among its legal actions (sorted ids); the actions played."""
    actions = []
    while not game.is_over:
        act = rng.choice(sorted(a.id for a in game.legal_actions()))
        game.apply(act)
        actions.append(act)
    return actions


def replay(key: str) -> dict[str, Any]:
    """The game recorded as `key`, played again by the engine imported here, in the record's form."""
    label, seed = key.split(":")
    game = new_game(config(label), int(seed))
    actions = play_out(game, random.Random(f"dc-golden:{seed}"))
    return {"actions": actions, "events": [[e.kind, e.rule, e.player] for e in game.events],
            "totals": list(game.totals), "save": fingerprint(game)}
