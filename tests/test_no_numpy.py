"""`import egonb` and a whole solo game need no numpy (the static edition runs them on Pyodide without it);
numpy is imported only by the encodings and envs that use it (docs/ARCHITECTURE.md). Nor do the app's modules the
static edition's host uses need Jupyter's widgets."""

import subprocess
import sys

#: Run before the script: a meta-path finder that refuses numpy and the widget libraries, as Pyodide without
#: them would.
BLOCK_NUMPY = """
import sys
class NoNumpy:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("numpy", "ipywidgets", "anywidget", "traitlets", "IPython"):
            raise ModuleNotFoundError(f"No module named {name!r} (blocked by the test)")
sys.meta_path.insert(0, NoNumpy())
"""

SOLO_GAME = """
import random, sys
import egonb
from egonb import Rules, new_game
from egonb.games.egocentric_world import snapshot
from egonb.site import host  # the static edition's worker: the app's GameSession over the browser's storage
assert '"kind": "state"' in host.handle('{"kind": "start", "seed": 1}')
game = new_game(Rules.solo_game(difficulty=3, full_game=True), seed=5)
pick = random.Random(5)
while not game.is_over:
    game.apply(pick.choice(game.legal_actions()))
assert snapshot.table_state(game, 1)["decision"] == "game_over"
assert egonb.GameState.from_json(game.to_json()).to_json() == game.to_json()
print("over", game.totals, "numpy" in sys.modules or "ipywidgets" in sys.modules)
"""


def _run(script: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", BLOCK_NUMPY + script], capture_output=True, text=True)


def test_a_full_solo_game_runs_without_numpy():
    run = _run(SOLO_GAME)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("over [") and run.stdout.strip().endswith("False")


def test_the_blocker_does_block_numpy_and_widgets():
    """Without this, the test above would pass on a machine where the blocker silently did nothing."""
    for module in ("egonb.games.egocentric_world.encoding", "egonb.games.egocentric_world.table"):
        run = _run(f"import {module}")
        assert run.returncode != 0 and "blocked by the test" in run.stderr, module
