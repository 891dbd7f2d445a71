"""`egonb site build`: what the static site holds, and a folder it will not overwrite."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from egonb.app.assets import widget_file, widget_modules
from egonb.cli import main as egonb
from egonb.site.build import HOST_FILES, PYODIDE_FILES, PYODIDE_VERSION, STATIC, cache_dir

needs_pyodide = pytest.mark.skipif(shutil.which("npm") is None and not (cache_dir() / PYODIDE_FILES[0]).exists(),
                                   reason="npm is needed once to fetch Pyodide (.ci/run installs it)")


@needs_pyodide
def test_the_site_holds_the_table_unchanged_the_pinned_pyodide_and_the_wheel(tmp_path: Path, capsys) -> None:
    site = tmp_path / "site"
    assert egonb(["site", "build", str(site)]) == 0
    assert f"Pyodide {PYODIDE_VERSION} (checked)" in capsys.readouterr().out
    manifest = json.loads((site / "site.json").read_text())
    assert manifest["pyodide"] == PYODIDE_VERSION and (site / manifest["wheel"]).is_file()
    for name in [name for name, _text in widget_modules()] + ["table.css"]:  # table.js and the modules it imports
        assert (site / "widgets" / name).read_bytes() == widget_file(name).read_bytes()
    assert sorted(p.name for p in (site / "pyodide").iterdir()) == sorted(PYODIDE_FILES)
    assert f'="{PYODIDE_VERSION}"' in (site / "pyodide" / "pyodide.js").read_text()  # the runtime's own version
    assert egonb(["site", "build", str(site)]) == 0  # a site built before is replaced


def test_the_host_files_name_no_other_origin() -> None:
    """Every URL the page and its worker ask for is relative: nothing leaves the site's own origin."""
    for name in HOST_FILES:
        assert not re.search(r"https?://|//cdn|jsdelivr", (STATIC / name).read_text()), name


def test_a_folder_that_is_not_a_site_is_not_overwritten(tmp_path: Path, capsys) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    assert egonb(["site", "build", str(tmp_path)]) == 1
    assert "not empty" in capsys.readouterr().err and (tmp_path / "notes.txt").read_text() == "mine"
