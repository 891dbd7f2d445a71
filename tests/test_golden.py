"""Behaviour unchanged: the golden games recorded before the core was rebuilt replay identically.

480 seeded full games (2-6 players, solo at difficulties 1-3; `tests/golden/record.py`): every action id and
every event's (kind, rule, player) must be what the engine produced when the file was recorded.
"""

import gzip
import json

import pytest
from golden.record import FILE, play_one, setups

GOLDEN = json.loads(gzip.decompress(FILE.read_bytes()))


@pytest.mark.parametrize(("label", "rules"), setups(), ids=[label for label, _ in setups()])
def test_golden_games_replay_identically(label, rules):
    games = {key: game for key, game in GOLDEN.items() if key.split(":")[0] == label}
    assert len(games) >= 60
    for key, want in games.items():
        got = play_one(rules, int(key.split(":")[1]))
        for field in ("actions", "events", "totals"):
            if got[field] != want[field]:
                i = next((i for i, (a, b) in enumerate(zip(got[field], want[field])) if a != b),
                         min(len(got[field]), len(want[field])))
                pytest.fail(f"{key}: {field} differ first at {i}: got {got[field][i:i + 3]}, "
                            f"recorded {want[field][i:i + 3]}")
