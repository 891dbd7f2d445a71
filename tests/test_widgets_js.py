"""The card table's pure ES modules (selection, playback reducer, protocol) under Node's own test runner,
and the one ES module anywidget is given: every sibling module, each after those it imports."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from egonb.app.assets import widget_esm, widget_modules
from egonb.app.tables import NAME as TABLES
from egonb.app.tables import tables_js
from egonb.games import FOLDERS
from egonb.games import entry as record

WIDGETS = Path(__file__).resolve().parents[1] / "widgets"
#: The static edition's own modules (egonb/site/static/), front end too.
SITE = Path(__file__).resolve().parents[1] / "egonb" / "site" / "static"
#: The longest a front-end module may be: one that grows past it is split by what it holds.
MAX_LINES = 400
#: Diverse City's table entry (egonb/games/diverse_city/table.py).
DIVERSE = "diverse.js"


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed (apt-get install -y nodejs)")
def test_the_widgets_pure_modules_pass_their_node_tests() -> None:
    run = subprocess.run(["node", "--test", "tests/"], cwd=WIDGETS, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr


def test_no_front_end_module_is_longer_than_max_lines() -> None:
    modules = [*WIDGETS.glob("*.js"), *SITE.glob("*.js")]
    assert len(modules) > 20
    long = {p.name: n for p in modules if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"split these by what they hold: {long}"


#: The modules anywidget is given: the game table, the tutorial's card surfaces (egonb.tutorial.CardsView) and
#: the Diverse City table.
ENTRIES = ("table.js", "tutorial.js", DIVERSE, "replay.js")


@pytest.mark.parametrize("entry", ENTRIES)
def test_the_entry_module_brings_every_module_it_imports_after_its_imports(entry: str) -> None:
    modules = widget_modules(entry)
    names = [name for name, _ in modules]
    assert names[-1] == entry and len(names) == len(set(names))
    for i, (_name, text) in enumerate(modules):
        for dep in re.findall(r'from "\./([\w-]+\.js)"', text):
            assert dep in names[:i], (names[i], dep)


def test_the_replays_list_of_tables_is_the_game_records() -> None:
    """widgets/tables.js (replay.js draws any game's frames with it) is written from the records, never by hand."""
    assert (WIDGETS / TABLES).read_text(encoding="utf-8") == tables_js(), "python -m egonb.app.tables writes it"
    assert {f"./{record(slug).widget}" for slug in FOLDERS} <= set(re.findall(r'from "(\./[\w-]+\.js)"', tables_js()))


def test_every_module_is_used_by_a_table_or_the_tutorial_and_all_draw_cards_with_the_same_one() -> None:
    table, tutorial, diverse, replay = ({name for name, _ in widget_modules(entry)} for entry in ENTRIES)
    shipped = {p.name for p in WIDGETS.glob("*.js")}
    assert table | tutorial | diverse | replay == shipped, \
        "every module in widgets/ is used by a table (Egocentric World's or Diverse City's), the tutorial or the replay"
    assert {"cards.js", "dom.js"} <= table & tutorial & diverse, "one card front end, shared by all three entries"


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed (apt-get install -y nodejs)")
@pytest.mark.parametrize("entry", ENTRIES)
def test_the_module_anywidget_is_given_loads_the_table_only_at_first_render(entry: str, tmp_path: Path) -> None:
    """anywidget drops a model's messages if its module takes over 2 s to load (a page stuck at 'Opening the
    table…' on a busy machine): loading the module itself makes no blob: URL and imports nothing."""
    (tmp_path / "esm.mjs").write_text(widget_esm(entry), encoding="utf-8")
    script = """
      let made = 0;
      URL.createObjectURL = () => { made += 1; return "blob:nowhere"; };
      const mod = await import("./esm.mjs");
      console.log(JSON.stringify({ made, render: typeof mod.default.render, keys: Object.keys(mod.default) }));
      try { await mod.default.render({}); } catch (error) { console.log(JSON.stringify({ made })); }
    """
    run = subprocess.run(["node", "--input-type=module", "-e", script], cwd=tmp_path, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    loaded, rendered = (json.loads(line) for line in run.stdout.splitlines())
    assert loaded == {"made": 0, "render": "function", "keys": ["render"]}
    assert rendered == {"made": len(widget_modules(entry))}, "the first render makes one blob: URL per module"


def test_no_rule_constant_is_written_in_javascript() -> None:
    """Card faces, scores and targets come from Python: no module names an ability or the end score itself."""
    for name, text in (m for entry in ENTRIES for m in widget_modules(entry)):
        code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
        for word in ("Magnifying Glass", "Black Shield", "Two Cards", "Hourglass", "50"):
            assert word not in code, (name, word)
