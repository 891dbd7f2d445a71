"""The static edition's lab (egonb/site/lab.py): what `egonb site build` puts in lab/, and the lab's chapters running
with no numpy (its lock leaves numpy out of egonb's dependencies). tests/browser/test_lab.py runs it in Chromium."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from egonb.site import lab

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = sorted(p for pattern in lab.CHAPTERS for p in (ROOT / "notebooks").glob(pattern))
FRENCH_CHAPTERS = sorted(p for pattern in lab.CHAPTERS for p in (ROOT / "notebooks" / lab.FRENCH).glob(pattern))

#: Every code cell of the notebooks named on the command line, in IPython, with numpy refused as Pyodide without it
#: would; prints each notebook that ran to its end, and stops at the first failing cell.
RUN_WITHOUT_NUMPY = """
import json, sys
class NoNumpy:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "numpy":
            raise ModuleNotFoundError(f"No module named {name!r} (blocked by the test)")
sys.meta_path.insert(0, NoNumpy())
try:
    import numpy
    raise SystemExit("the blocker let numpy in")
except ModuleNotFoundError:
    pass
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
for path in sys.argv[1:]:
    shell.reset(new_session=False)
    for cell in json.load(open(path))["cells"]:
        if cell["cell_type"] == "code" and not shell.run_cell("".join(cell["source"])).success:
            raise SystemExit(f"a cell of {path} failed")
    print("ran", path)
"""


def test_the_lab_chapters_run_without_numpy() -> None:
    assert [p.name[:2] for p in CHAPTERS] == ["00", "01", "02", "03", "04", "05", "06", "07", "08", "30"]
    run = subprocess.run([sys.executable, "-c", RUN_WITHOUT_NUMPY, *map(str, CHAPTERS)], capture_output=True,
                         text=True, cwd=ROOT / "notebooks", timeout=600)
    assert run.returncode == 0, (run.stdout + run.stderr)[-3000:]
    assert [line.split()[1] for line in run.stdout.splitlines() if line.startswith("ran ")] == list(map(str, CHAPTERS))


def test_the_ai_note_names_every_ai_chapter() -> None:
    note = "".join(lab.ai_note(ROOT / "notebooks")["cells"][0]["source"])
    for path in (ROOT / "notebooks").glob(lab.AI_CHAPTERS):
        assert f"`{path.name}`" in note
    assert "Binder" in note and "pip install" in note


@pytest.fixture(scope="module")
def built_lab(built_site: tuple[Path, str]) -> Path:
    pytest.importorskip("jupyterlite_core", reason="the lab is built with the lite extra")
    site, printed = built_site
    assert (site / lab.LAB / "index.html").is_file(), printed
    return site / lab.LAB


def test_the_lab_holds_the_chapters_and_a_note_for_the_ai_chapters(built_lab: Path) -> None:
    names = sorted(p.name for p in (built_lab / "files").iterdir())
    assert names == sorted([p.name for p in CHAPTERS] + [lab.AI_NOTE, lab.FRENCH])
    for path in CHAPTERS:
        assert (built_lab / "files" / path.name).read_bytes() == path.read_bytes()
    # the French chapters in fr/, each making its kernel's widgets speak French from its first cell
    assert [p.name for p in FRENCH_CHAPTERS] == [p.name for p in CHAPTERS]
    assert sorted(p.name for p in (built_lab / "files" / lab.FRENCH).iterdir()) == [p.name for p in FRENCH_CHAPTERS]
    for path in FRENCH_CHAPTERS:
        assert (built_lab / "files" / lab.FRENCH / path.name).read_bytes() == path.read_bytes()
        assert "use_language('fr')" in "".join(json.loads(path.read_text())["cells"][0]["source"])


def test_the_lab_s_french_door_opens_the_same_lab_with_french_menus(built_lab: Path) -> None:
    """lab/lab-fr/: JupyterLab's own page and configuration, its menus in French by default (the language pack in
    the build), its settings and open tabs kept apart from the English door's; nothing else is built twice."""
    door = built_lab / lab.FRENCH_APP
    assert (door / "index.html").read_bytes() == (built_lab / "lab" / "index.html").read_bytes()
    english = json.loads((built_lab / "lab" / "jupyter-lite.json").read_text())["jupyter-config-data"]
    french = json.loads((door / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert french["settingsOverrides"] == {"@jupyterlab/translation-extension:plugin": {"locale": "fr_FR"}}
    assert "settingsOverrides" not in english and french["appUrl"] == f"/{lab.FRENCH_APP}" and "lab" in lab.FRENCH_APP
    assert french["settingsStorageName"] != english.get("settingsStorageName")
    assert {k: v for k, v in french.items() if "Storage" not in k and k not in ("appUrl", "settingsOverrides")} == \
        {k: v for k, v in english.items() if k != "appUrl"}
    packs = json.loads((built_lab / "api" / "translations" / "all.json").read_text())["data"]
    assert packs["fr_FR"]["nativeName"].startswith("Français")
    menus = json.loads((built_lab / "api" / "translations" / "fr_FR.json").read_text())["data"]["jupyterlab"]
    # "Run All Cells" is the menu the French chapters name (« Exécuter toutes les cellules »)
    assert menus["menu\x04File"] == ["Fichier"] and menus["Run All Cells"] == ["Exécuter toutes les cellules"]


def test_the_lab_runs_on_the_games_runtime_and_asks_no_index(built_lab: Path) -> None:
    config = json.loads((built_lab / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    # "./" is the lab's folder (JupyterLite's config-utils): the one Pyodide of the site, the game's
    assert kernel["pyodideUrl"] == "./../pyodide/pyodide.mjs"
    assert (built_lab / kernel["pyodideUrl"]).resolve() == (built_lab.parent / "pyodide" / "pyodide.mjs").resolve()
    assert (built_lab / kernel["loadPyodideOptions"]["lockFileURL"]).is_file()
    assert "http" not in json.dumps(kernel)
    extensions = sorted(e["name"] for e in config["federated_extensions"])
    assert extensions == sorted([lab.KERNEL_EXTENSION, *lab.EXTENSIONS])  # nothing else of the build's environment


def test_the_lock_serves_every_preloaded_package_with_its_sha256_and_no_numpy(built_lab: Path) -> None:
    folder = built_lab / lab.PACKAGES
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    runtime = json.loads((built_lab.parent / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"] == runtime["info"]
    assert set(lab.PRELOAD) <= set(packages)
    assert sorted(p.name for p in folder.glob("*.whl")) == sorted(e["file_name"] for e in packages.values())
    for name, entry in packages.items():
        wheel = folder / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        assert wheel.name.endswith("-none-any.whl"), name
        assert {d.lower().replace("_", "-") for d in entry["depends"]} <= set(packages), name
    assert packages["egonb"]["depends"] == ["ipywidgets", "anywidget"]  # numpy left out
    assert "numpy" not in packages and "sqlite3" not in packages
