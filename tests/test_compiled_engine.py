"""The engines mypyc compiles (`benchmarks/build_compiled.py`) are the same engines as the pure ones, for both games.

Built into a temporary folder (at the C compiler's lowest optimisation, the quickest to build), they import as C
extensions and, in a process of their own, replay the recorded games (`tests/golden/`, `tests/dc_saved/`), write
the same saves byte for byte, sample the same worlds, build the same positions and load games saved by earlier
versions. Their speed is measured by `benchmarks/bench_engine.py --compiled`, never here.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from dc_saved.replay import SAVED, recorded, replay
from golden.record import FILE, play_one, setups

from egonb import GameState, Rules, determinize, new_game

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_SEEDS = range(4)


def _seeded_play(rules: Rules, seed: int) -> list[str]:
    """A seeded random game: a sampled world and a view halfway, then the finished game's save."""
    g = new_game(rules, seed)
    rng = random.Random(seed)
    out = []
    while not g.is_over:
        if len(out) < 2 and len(g.events) > 40:
            seat = g.current_player
            assert seat is not None
            out += [determinize(g, seat, random.Random(seed)).to_json(), repr(g.view(seat))]
        g.apply(rng.choice(g.legal_actions()))
    return [*out, g.to_json()]


def _city_play(config: Any, seed: int) -> list[str]:
    """A seeded random game of Diverse City: a view and a world sampled from it halfway, then the finished game's
    save."""
    from egonb.games.diverse_city import new_game as city_game
    from egonb.games.diverse_city import sample_state
    from egonb.games.diverse_city.save import dumps

    g = city_game(config, seed)
    rng = random.Random(seed)
    out = []
    while not g.is_over:
        if not out and len(g.events) > 60:
            seat = g.current_player
            assert seat is not None
            out += [repr(g.view(seat)), dumps(sample_state(g.view(seat), random.Random(seed)))]
        g.apply(rng.choice(g.legal_actions()))
    return [*out, dumps(g)]


def city_played() -> dict[str, Any]:
    """What the Diverse City this process imports does (compiled in the child, pure in the test)."""
    from dc_positions import PEOPLE, C, D, table

    from egonb.games.diverse_city import Config, state
    from egonb.games.diverse_city.save import dumps, loads

    return {
        "state": state.__file__,
        "recorded mismatches": [key for key, want in list(recorded().items())[::3] if replay(key) != want],
        "games": [_city_play(Config(players=players, free_clearing=seed == 1), seed)
                  for players in (2, 4, 6) for seed in range(2)],
        "position": dumps(table([[C("Emergency Services", 2), C("Food", 3), PEOPLE], [C("Housing", 1)],
                                 [C("School", 2)]], [[D("Flood")], [], []], draw=[D("Fire")])),
        "old saves": {path.name: dumps(loads(path.read_text())) for path in sorted(SAVED.glob("*.json"))
                      if path.name != "continued.json"},
    }


def played() -> dict[str, Any]:
    """What the egonb this process imports does: the compiled one in the child, the pure one in the test."""
    import egonb.games.egocentric_world.state

    golden = json.loads(gzip.decompress(FILE.read_bytes()))
    rules = [Rules(players=4, full_game=True), Rules(players=3, turn_limit=4), Rules.solo_game(3)]
    return {
        "state": egonb.games.egocentric_world.state.__file__,
        "golden mismatches": [f"{label}:{seed}" for label, r in setups() for seed in GOLDEN_SEEDS
                              if play_one(r, seed) != golden[f"{label}:{seed}"]],
        "games": [_seeded_play(r, seed) for r in rules for seed in range(3)],
        "position": GameState.from_position(Rules(players=3), hands=[[1, 2, 3], [4, 4, 5], [12, 11, 10]],
                                            discard=[7], deck=[9], rest="deck", turn=1).to_json(),
        "old saves": {name: GameState.from_json(json.dumps(save)).to_json()
                      for name, save in json.loads((FILE.parent / "save-v2.json").read_text()).items()},
        "Diverse City": city_played(),
    }


@pytest.mark.skipif(importlib.util.find_spec("mypyc") is None or shutil.which(os.environ.get("CC", "cc")) is None,
                    reason="needs mypyc (pip install mypy) and a C compiler")
def test_the_compiled_engine_imports_and_plays_seeded_games_as_the_pure_one(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("build_compiled", ROOT / "benchmarks" / "build_compiled.py")
    assert spec and spec.loader
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)
    outdir = builder.build(tmp_path / "compiled", opt_level="0")
    assert not list((ROOT / "egonb").rglob("*.so")), "the build wrote into the source tree"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(outdir), str(ROOT / "tests")])}
    child = subprocess.run([sys.executable, "-c", "import json, test_compiled_engine as t; print(json.dumps("
                            "t.played()))"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert child.returncode == 0, child.stderr
    compiled = json.loads(child.stdout)
    pure = played()
    for played_by, where in ((compiled, outdir), (compiled["Diverse City"], outdir)):
        assert played_by["state"].startswith(str(where)) and played_by["state"].endswith(".so")
    assert pure["state"].endswith(".py") and pure["Diverse City"]["state"].endswith(".py")
    assert compiled["golden mismatches"] == pure["golden mismatches"] == []
    assert compiled["games"] == pure["games"]
    assert compiled["position"] == pure["position"]
    assert compiled["old saves"] == pure["old saves"]
    city, pure_city = compiled["Diverse City"], pure["Diverse City"]
    assert city["recorded mismatches"] == pure_city["recorded mismatches"] == []
    assert city["games"] == pure_city["games"]
    assert city["position"] == pure_city["position"]
    assert city["old saves"] == pure_city["old saves"] and len(city["old saves"]) == 10
