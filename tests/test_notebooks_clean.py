"""Notebooks are committed without outputs (docs/ARCHITECTURE.md): no outputs, counts or widget state in git."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks() -> None:
    assert len(NOTEBOOKS) >= 8


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_has_no_outputs(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    dirty = [i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code"
             and (c.get("outputs") or c.get("execution_count") is not None)]
    assert not dirty, f"{path.name}: cells {dirty} have outputs; run `nbstripout {path.name}`"
    assert "widgets" not in nb["metadata"], f"{path.name} stores widget state; run nbstripout"


#: What in a notebook's code needs which extra (the root conftest.py skips that notebook without it).
NEEDS_EXTRA = {"ipywidgets": "app", "egonb.tutorial": "app", "egonb.app": "app", "matplotlib": "ai", ".plot()": "ai",
               "gymnasium": "rl", "egonb.envs": "rl"}


def _root_conftest() -> ModuleType:
    """The project's root conftest.py, loaded as a module (pytest loads it as a plugin, not importably)."""
    spec = importlib.util.spec_from_file_location("root_conftest", NOTEBOOKS[0].parents[1] / "conftest.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_notebook_that_needs_an_extra_is_skipped_without_it(path: Path) -> None:
    conftest = _root_conftest()
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    needed = {extra for marker, extra in NEEDS_EXTRA.items() if marker in code}
    listed = set(conftest.needs(path.stem))
    assert needed <= listed, f"{path.name} uses the {needed} extra(s) but conftest.py lists {listed}"


def test_the_skip_hook_marks_exactly_the_notebooks_whose_extra_is_missing(monkeypatch) -> None:
    conftest = _root_conftest()

    class Item:
        def __init__(self, path: Path) -> None:
            self.path, self.markers = path, []

        def add_marker(self, marker) -> None:
            self.markers.append(marker)

    folder = NOTEBOOKS[0].parent
    items = [Item(folder / name) for name in ("23-learning-agent.ipynb", "20-first-agent.ipynb",
                                               "07-solo-mode-and-citybots.ipynb")]
    items.append(Item(Path(__file__)))  # a test file is never touched
    monkeypatch.setattr(conftest, "_installed", lambda extra: extra != "rl")
    conftest.pytest_collection_modifyitems(None, items)
    skips = [[m for m in i.markers if m.name == "skip"] for i in items]
    assert [len(s) for s in skips] == [1, 0, 0, 0]
    assert skips[0][0].kwargs["reason"] == "needs the rl extra: pip install -e '.[rl]'"
    groups = [[m.args for m in i.markers if m.name == "xdist_group"] for i in items]
    assert groups == [[("23-learning-agent",)], [("20-first-agent",)], [("07-solo-mode-and-citybots",)], []], \
        "under pytest-xdist a notebook's cells stay on one worker, in order (they share a kernel)"
