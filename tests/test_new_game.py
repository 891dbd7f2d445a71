"""docs/ARCHITECTURE.md's recipe "add a new game" holds: a game is a folder of `egonb/games/` and one record.

A copy of egonb gets a throwaway game, High Card (tests/highcard.py), as nothing but its folder: the record in its
`game.py` (with the page's words it declares) and its table's ES module in `widgets/`. Nothing else is edited, and
the classroom, the protocol, the page's list, `egonb play`, the static site's list and the compiled build all find
it, in a fresh Python of that copy.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import egonb

ROOT = Path(egonb.__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent

#: High Card's folder: its record, with the catalogue's page words it needs (`page.<slug>`, `.pitch`, `.intro`).
RECORD = '''
from dataclasses import dataclass

from highcard import Game, HighCard, keeps_high

from egonb.agents import BuiltIns, RandomAgent, SeededAgent
from egonb.games import GameEntry, enlist
from egonb.messages import msg


@dataclass(frozen=True)
class Config(HighCard):
    end_score = 13


class KeepsHigh(SeededAgent):
    def act(self, view):
        return keeps_high(view)


msg("page.high-card", "High Card")
msg("page.high-card.pitch", "High Card: keep the highest card")
msg("page.high-card.intro", "The highest card wins; there are none above {end_score}.")

ENTRY = enlist(GameEntry(
    "high-card", "High Card", Config, new_state=Game().new_state, sample_state=Game().sample_state,
    table=lambda players, full_game: Config(players=players), solo_table=None,
    agents=BuiltIns({"random": RandomAgent, "keeps-high": KeepsHigh}), builtins=("random", "keeps-high"),
    baseline="keeps-high", app="egonb.games.high_card.game:Config", session="egonb.games.high_card.game:Config",
    rules="HIGH-CARD.md", guide="egonb.games.high_card.game:Config", widget="highcard.js", compiled=("game",)))
'''

#: What the copy's Python must find, through the record only.
CHECK = '''
import json, sys, tempfile
from pathlib import Path

from egonb import protocol
from egonb.app.page import PAGES, chosen, heading
from egonb.app.serve import app_notebook
from egonb.app.tables import tables_js
from egonb.classroom import GAMES, class_game
from egonb.games import FOLDERS, entry
from egonb.ladder import run
from egonb.site.build import table_files, tables

record = class_game("high-card")
config = record.table(2, True)
ladder = run({name: record.agent(name) for name in record.builtins}, deals=3, rules=config, game=record,
             baseline=record.baseline, workers=1, progress=False)
spec = __import__("importlib.util").util.spec_from_file_location("build_compiled", sys.argv[1])
builder = __import__("importlib.util").util.module_from_spec(spec)
spec.loader.exec_module(builder)
with tempfile.TemporaryDirectory() as folder:
    notebook = json.loads(app_notebook("high-card", Path(folder)).read_text())
print(json.dumps({
    "folders": FOLDERS, "classroom": list(GAMES), "protocol": protocol.game_for(config) is entry("high-card"),
    "ladder": sorted(ladder.result.names), "games played": len(ladder.result.records),
    "page": list(PAGES), "chosen": chosen("game=high-card"), "heading": heading("high-card"),
    "notebook": [notebook["metadata"]["title"], "".join(notebook["cells"][0]["source"])],
    "site": tables(), "shipped": sorted(table_files()), "compiled": builder.COMPILED, "replays": tables_js(),
}))
'''


def test_a_game_is_a_folder_and_one_record(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "egonb", tmp_path / "egonb", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copytree(ROOT / "widgets", tmp_path / "widgets", ignore=shutil.ignore_patterns("tests", "node_modules"))
    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks", ignore=shutil.ignore_patterns("*-*", "fr", "solutions"))
    (tmp_path / "docs").mkdir()
    # The game: its folder, its rules document, its table's entry module (which imports a shared one).
    folder = tmp_path / "egonb" / "games" / "high_card"
    folder.mkdir()
    (folder / "__init__.py").write_text("from . import game  # noqa: F401\n")
    (folder / "game.py").write_text(RECORD)
    (tmp_path / "docs" / "HIGH-CARD.md").write_text("# High Card\n\nH1. The highest card wins.\n")
    (tmp_path / "widgets" / "highcard.js").write_text('import { say } from "./words.js";\n\nexport default {};\n')

    run = subprocess.run([sys.executable, "-c", CHECK, str(ROOT / "benchmarks" / "build_compiled.py")],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(TESTS)])})
    assert run.returncode == 0, run.stderr[-3000:]
    found = json.loads(run.stdout.strip().splitlines()[-1])
    assert found["folders"] == {"egocentric-world": "egocentric_world", "diverse-city": "diverse_city",
                                "high-card": "high_card"}  # the default game first, then by slug
    assert found["classroom"] == list(found["folders"]) and found["protocol"] is True
    assert found["ladder"] == ["keeps-high", "random"] and found["games played"] == 6  # 3 deals from both seats
    assert found["page"] == list(found["folders"]) and found["chosen"] == "high-card"
    assert found["heading"].startswith("# High Card\n") and "none above 13" in found["heading"]
    assert "(?game=diverse-city)" in found["heading"] and "(?game=egocentric-world)" in found["heading"]
    assert found["notebook"] == ["High Card", 'from egonb.app.page import page\n\napp = page("high-card")\napp']
    assert found["site"]["high-card"] == {"module": "highcard.js", "styles": ["table.css"]}
    assert list(found["site"]) == list(found["folders"])
    assert {"highcard.js", "words.js", "table.js", "diverse.js", "diverse.css"} <= set(found["shipped"])
    assert 'import highcardTable from "./highcard.js";' in found["replays"]  # widgets/tables.js, written from it
    assert '"highcard.js": highcardTable,' in found["replays"]
    assert "games/high_card/game.py" in found["compiled"] and "games/diverse_city/state.py" in found["compiled"]
