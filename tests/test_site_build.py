"""`egonb site build`: what the static site holds, and a folder it will not overwrite."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from egonb.app.assets import widget_file, widget_modules
from egonb.app.page import PAGES
from egonb.cli import main as egonb
from egonb.site.build import (
    HOST_FILES,
    PYODIDE_FILES,
    PYODIDE_VERSION,
    STATIC,
    cache_dir,
    replay_files,
    table_files,
    tables,
)

needs_pyodide = pytest.mark.skipif(
    shutil.which("node") is None or (shutil.which("npm") is None and not (cache_dir() / PYODIDE_FILES[0]).exists()),
    reason="Node.js makes the Python snapshot and npm fetches Pyodide once (.ci/run installs them)")


@needs_pyodide
def test_the_site_holds_the_table_unchanged_the_pinned_pyodide_and_the_wheel(built_site: tuple[Path, str],
                                                                             tmp_path: Path) -> None:
    site, printed = built_site  # `egonb site build`, once for the session (the browser tests serve it too)
    assert f"Pyodide {PYODIDE_VERSION} (checked)" in printed
    manifest = json.loads((site / "site.json").read_text())
    assert manifest["pyodide"] == PYODIDE_VERSION and (site / manifest["wheel"]).is_file()
    # every record's table (table.js, diverse.js) and the modules they import, and their style sheets, unchanged;
    # site.json lists them for the page (main.js imports the one `?game=` asks for)
    assert manifest["tables"] == tables() == {"egocentric-world": {"module": "table.js", "styles": ["table.css"]},
                                              "diverse-city": {"module": "diverse.js",
                                                               "styles": ["table.css", "diverse.css"]}}
    assert table_files() == {name for table in tables().values() for name, _text in widget_modules(table["module"])} | {
        "table.css", "diverse.css"}
    shipped = table_files() | replay_files()  # and the replays' (static/replays.js draws them with replay.js)
    assert {"table.js", "diverse.js", "session.js", "controls.js", "diverse.css", "replay.js", "replay.css"} <= shipped
    assert {p.name for p in (site / "widgets").iterdir()} == shipped
    for name in shipped:
        assert (site / "widgets" / name).read_bytes() == widget_file(name).read_bytes()
    # each game's heading as the Voilà page words it (`?game=diverse-city`)
    assert manifest["games"] == {key: {"title": title, "pitch": pitch, "intro": intro}
                                 for key, (title, pitch, _app, intro) in PAGES.items()}
    # and in every shipped language, with the page's own words and the table's (one page, wheel and snapshot)
    french = manifest["languages"]["fr"]
    assert french["words"]["site.about"] == "À propos de cette page" and french["table"]["lang"] == "fr"
    assert french["games"]["diverse-city"]["title"] == "Diverse City" and manifest["languages"]["en"]["words"]
    assert sorted(p.name for p in (site / "pyodide").iterdir()) == sorted(PYODIDE_FILES)
    assert f'="{PYODIDE_VERSION}"' in (site / "pyodide" / "pyodide.js").read_text()  # the runtime's own version
    assert_the_snapshot_restores_with_egonb_imported(site, manifest)
    again = tmp_path / "again"  # a site built before is replaced (a copy: the shared site stays as it is)
    shutil.copytree(site, again)
    assert egonb(["site", "build", str(again), "--no-docs", "--no-lab"]) == 0
    assert json.loads((again / "site.json").read_text())["wheel"] == manifest["wheel"] and not (again / "lab").exists()


#: Under Node, as the page's worker does: restore the site's snapshot, put the wheel's files in site-packages, then
#: start a session without importing egonb again.
RESTORE = """
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
const [site, snapshot, wheel] = process.argv.slice(1);
const { loadPyodide } = await import(`${site}/pyodide/pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL: `${site}/pyodide/`,
  _loadSnapshot: new Uint8Array(gunzipSync(readFileSync(`${site}/${snapshot}`))) });
const imported = pyodide.runPython("import sys; 'egonb.site.host' in sys.modules");
pyodide.unpackArchive(new Uint8Array(readFileSync(`${site}/${wheel}`)), "wheel",
  { extractDir: pyodide.runPython("import site; site.getsitepackages()[0]") });
const out = JSON.parse(pyodide.pyimport("egonb.site.host").handle(JSON.stringify({ kind: "start", seed: 7 })));
console.log(JSON.stringify({ imported, first: out[0].kind, keys: Object.keys(out[0].changes).sort() }));
"""


def assert_the_snapshot_restores_with_egonb_imported(site: Path, manifest: dict) -> None:
    """The page's Python is the build's snapshot: egonb is imported in it, and a session starts from it."""
    run = subprocess.run(["node", "--input-type=module", "-e", RESTORE, str(site), manifest["snapshot"],
                          manifest["wheel"]], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    restored = json.loads(run.stdout.strip().splitlines()[-1])
    assert restored["imported"] is True and restored["first"] == "state"
    assert {"table", "feed", "offer"} <= set(restored["keys"])


def test_the_host_files_name_no_other_origin() -> None:
    """Every URL the page and its worker ask for is relative: nothing leaves the site's own origin."""
    for name in HOST_FILES:
        assert not re.search(r"https?://|//cdn|jsdelivr", (STATIC / name).read_text()), name


def test_a_folder_that_is_not_a_site_is_not_overwritten(tmp_path: Path, capsys) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    assert egonb(["site", "build", str(tmp_path)]) == 1
    assert "not empty" in capsys.readouterr().err and (tmp_path / "notes.txt").read_text() == "mine"


@needs_pyodide
def test_the_front_page_and_the_documentation_link_only_to_what_the_site_holds(built_site: tuple[Path, str],
                                                                             tmp_path: Path) -> None:
    """One site: the front page leads to the game, the lab, the classroom guide and the documentation, the French
    one to the same in French where it exists (the lab's French door and chapters, `fr/docs/`), and every link of
    the front pages and of the documentation's pages reaches a file of the site (and an anchor in it)."""
    pytest.importorskip("sphinx", reason='the documentation needs the docs extra: pip install -e ".[docs]"')
    from egonb.site.docs import build_site_docs
    from egonb.site.landing import write_landing

    site = tmp_path / "site"  # a copy: the shared site stays as it is
    shutil.copytree(built_site[0], site)
    build_site_docs(site)  # English in docs/, French in fr/docs/
    write_landing(site, "test", PYODIDE_VERSION, lab=(site / "lab").is_dir(), docs=True)
    front = (site / "index.html").read_text().replace("&amp;", "&")
    for target in ("play.html", "play.html?players=4", "play.html?game=diverse-city", "lab/lab/index.html",
                   "docs/CLASSROOM.html", "docs/index.html", "docs/RULES.html"):
        assert f'href="{target}' in front, target
    french = (site / "fr" / "index.html").read_text().replace("&amp;", "&")
    for target in ("../play.html?lang=fr", "docs/index.html", "docs/RULES.html", "../docs/CLASSROOM.html"):
        assert f'href="{target}"' in french, target
    if (site / "lab").is_dir():  # the French chapters behind the lab's French door
        assert 'href="../lab/lab-fr/index.html?path=fr/00-quick-start.ipynb"' in french
        assert (site / "lab" / "files" / "fr" / "00-quick-start.ipynb").is_file()
    # the French documentation: Sphinx's words in French, the French sources, and the pages that are English only
    index = (site / "fr" / "docs" / "index.html").read_text()
    assert '<html class="no-js" lang="fr"' in index and 'placeholder="Recherche"' in index
    assert "En anglais seulement" in index
    assert "Démarrage rapide" in (site / "fr" / "docs" / "tutorial" / "00-quick-start.html").read_text()
    assert "Citébot gauche" in (site / "fr" / "docs" / "RULES.html").read_text()
    assert not (site / "jupyter_execute").exists() and not (site / "fr" / "jupyter_execute").exists()
    pages = [site / "index.html", site / "fr" / "index.html", *sorted((site / "docs").rglob("*.html")),
             *sorted((site / "fr" / "docs").rglob("*.html"))]
    assert len(pages) > 40 and (site / "docs" / "tutorial" / "00-quick-start.html").is_file()
    broken = []
    for page in pages:
        html = page.read_text()
        for link in re.findall(r'(?:href|src)="([^"]+)"', html):
            link = link.replace("&amp;", "&")
            if re.match(r"[a-z]+:|//|#|data:", link) or "<" in link:  # "<": an href in highlighted source code
                continue
            path, _, fragment = link.split("?")[0].partition("#")
            target = (page.parent / path).resolve() if path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{page.relative_to(site)}: {link}")
            elif fragment and target.suffix == ".html" and f'id="{fragment}"' not in target.read_text():
                broken.append(f"{page.relative_to(site)}: {link} (no such anchor)")
    assert broken == []


def test_a_site_without_its_lab_and_documentation_offers_neither() -> None:
    from egonb.site.landing import landing_html

    html = landing_html("1.0", PYODIDE_VERSION, lab=False, docs=False)
    assert 'href="play.html"' in html and "lab/" not in html and "docs/" not in html
    assert "Borderline Editions" in html and "unofficial" in html
