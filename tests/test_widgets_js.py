"""The card table's pure ES modules (selection, playback reducer, protocol) under Node's own test runner,
and the one ES module anywidget is given: every sibling module, each after those it imports."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from egonb.app.assets import widget_esm, widget_modules

WIDGETS = Path(__file__).resolve().parents[1] / "widgets"


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
    assert set(names) == shipped, "every module in widgets/ is used by the table, and no other file"
    assert "export default entry.default" in widget_esm()


def test_no_rule_constant_is_written_in_javascript() -> None:
    """Card faces, scores and targets come from Python: no module names an ability or the end score itself."""
    for name, text in widget_modules():
        code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
        for word in ("Magnifying Glass", "Black Shield", "Two Cards", "Hourglass", "50"):
            assert word not in code, (name, word)
