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

WIDGETS = Path(__file__).resolve().parents[1] / "widgets"
#: Diverse City's table entry (egonb/app/dc_table.py).
DIVERSE = "diverse.js"


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed (apt-get install -y nodejs)")
def test_the_widgets_pure_modules_pass_their_node_tests() -> None:
    run = subprocess.run(["node", "--test", "tests/"], cwd=WIDGETS, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_entry_module_brings_every_module_it_imports_after_its_imports() -> None:
    modules = widget_modules()
    names = [name for name, _ in modules]
    assert names[-1] == "table.js" and len(names) == len(set(names))
    for i, (_name, text) in enumerate(modules):
        for dep in re.findall(r'from "\./([\w-]+\.js)"', text):
            assert dep in names[:i], (names[i], dep)
    shipped = {p.name for p in WIDGETS.glob("*.js")}
    used = set(names) | {name for name, _ in widget_modules(DIVERSE)}
    assert used == shipped, "every module in widgets/ is used by a table (Egocentric World's or Diverse City's)"


def test_the_diverse_city_entry_brings_the_shared_modules_it_imports() -> None:
    names = [name for name, _ in widget_modules(DIVERSE)]
    assert names[-1] == DIVERSE and {"cards.js", "dom.js", "protocol.js", "words.js"} <= set(names)


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed (apt-get install -y nodejs)")
def test_the_module_anywidget_is_given_loads_the_table_only_at_first_render(tmp_path: Path) -> None:
    """anywidget drops a model's messages if its module takes over 2 s to load (a page stuck at 'Opening the
    table…' on a busy machine): loading the module itself makes no blob: URL and imports nothing."""
    (tmp_path / "esm.mjs").write_text(widget_esm(), encoding="utf-8")
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
    assert rendered == {"made": len(widget_modules())}, "the first render makes one blob: URL per module"


def test_no_rule_constant_is_written_in_javascript() -> None:
    """Card faces, scores and targets come from Python: no module names an ability or the end score itself."""
    for name, text in widget_modules() + widget_modules(DIVERSE):
        code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
        for word in ("Magnifying Glass", "Black Shield", "Two Cards", "Hourglass", "50"):
            assert word not in code, (name, word)
