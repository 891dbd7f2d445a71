"""`egonb site build DIR`: write the static edition — a folder any static host serves (GitHub Pages, a USB stick
with `python3 -m http.server`).

What goes in: the front page `index.html` (landing.py: play, learn, teach, read), the game's page `play.html` and
the host's few files (static/), both tables' ES modules and CSS from `widgets/` unchanged (`play.html?game=diverse-city`
opens Diverse City's, as on the Voilà page), the tutorial's lab in `lab/` (lab.py), the documentation in `docs/`
(docs.py), the egonb wheel built from this
checkout, the Pyodide core runtime of the pinned version, taken from the npm registry's `pyodide` package (checked
against its pinned sha512, kept in a cache between builds), and a memory snapshot of that Python with egonb
imported, made under Node (snapshot.mjs): the page restores it instead of
starting Python, which makes a load several times faster. Nothing in the site asks another origin for anything at
run time.

The snapshot is the state of Python right after `import egonb.site.host`, the same for every visitor: whatever a
module makes at import (a random key, the `random` module's seed) is fixed at build time. The static edition's
seeds come from the page and its downloads have no key (a checksum only), so nothing depends on it.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

from .. import __version__
from ..app.assets import widget_file, widget_modules
from ..app.page import PAGES, pages
from ..games import FOLDERS, entry
from ..messages import browser_words, texts_for
from ..messages.language import shipped
from ..messages.site import site_words
from .docs import DocsError, build_site_docs
from .lab import LabError, build_lab
from .landing import PLAY, write_landing

PYODIDE_VERSION = "0.29.3"
#: The npm registry's integrity of pyodide-0.29.3.tgz: a tarball that differs is refused.
PYODIDE_INTEGRITY = ("sha512-22UBuhOJawj7vKUnS7/F3xK+515LJdjiMAHoCfuS6/PbHiOrSQVnYwDe+2sbVwiOZ3sMMexdXICew6NqOMQ"
                     "GgA==")
#: The files of the core runtime the page loads (no package of the Pyodide distribution is needed).
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
STATIC = Path(__file__).resolve().parent / "static"
HOST_FILES = ("index.html", "site.css", "main.js", "controls.js", "model.js", "storage.js", "worker.js", "python.js",
              "guest.js", "agentworker.js", "replays.js")
#: Python started with egonb imported (snapshot.mjs), gzipped: the worker restores it (worker.js).
SNAPSHOT = "python.snapshot.gz"
#: The replays' module and style sheet (static/replays.js draws recordings and watched games with them).
REPLAY, REPLAY_CSS = "replay.js", "replay.css"
#: A built site holds this file; only such a folder (or an empty one) is replaced by a new build.
MANIFEST = "site.json"


def tables() -> dict[str, dict[str, Any]]:
    """Each game's table, from its record (`GameEntry.widget`, `styles`): its ES module and style sheets in
    `widgets/`, in the order pages list the games (the default first). The build ships them with every module they
    import (assets.widget_modules) and writes this into site.json, from which main.js imports the table
    `?game=SLUG` asks for (as on the Voilà page, egonb/app/page.py)."""
    return {slug: {"module": record.widget, "styles": list(record.styles)}
            for slug in FOLDERS for record in [entry(slug)] if record.widget}


def table_files() -> set[str]:
    """The files of `widgets/` the site ships: every table's modules, those they import, and style sheets."""
    return {name for table in tables().values() for name, _text in widget_modules(table["module"])} | {
        css for table in tables().values() for css in table["styles"]}


def replay_files() -> set[str]:
    """The files of `widgets/` the replays need beside the tables' (static/replays.js): replay.js, what it imports,
    and its style sheet."""
    return {name for name, _text in widget_modules(REPLAY)} | {REPLAY_CSS}


class BuildError(Exception):
    """The site cannot be built; the message says why and what to do."""


def cache_dir() -> Path:
    """Where the Pyodide runtime is kept between builds: $EGONB_CACHE, else the user's cache directory as
    `platformdirs` gives it (~/.cache/egonb on Linux, honouring $XDG_CACHE_HOME)."""
    import platformdirs

    base = os.environ.get("EGONB_CACHE") or platformdirs.user_cache_path("egonb", appauthor=False)
    return Path(base) / f"pyodide-{PYODIDE_VERSION}"


def pyodide_runtime(cache: Path | None = None) -> Path:
    """The folder of the pinned Pyodide core runtime, downloaded with npm the first time and checked."""
    cache = cache or cache_dir()
    if all((cache / name).is_file() for name in PYODIDE_FILES):
        return cache
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is needed once, to fetch the Pyodide runtime from the npm registry; install Node.js "
                         "and npm (Debian: apt-get install nodejs npm)")
    with tempfile.TemporaryDirectory() as tmp:
        print(f"egonb site: fetching pyodide@{PYODIDE_VERSION} from the npm registry (once; kept in {cache})",
              flush=True)
        run = subprocess.run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--json", "--pack-destination", tmp],
                             capture_output=True, text=True)
        if run.returncode != 0:
            raise BuildError(f"npm pack pyodide@{PYODIDE_VERSION} failed: {run.stderr.strip()[-600:]}")
        tarball = Path(tmp) / json.loads(run.stdout)[0]["filename"]
        data = tarball.read_bytes()
        integrity = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
        if integrity != PYODIDE_INTEGRITY:
            raise BuildError(f"the pyodide {PYODIDE_VERSION} tarball is not the pinned one: {integrity}")
        fresh = Path(tempfile.mkdtemp(prefix=".pyodide-", dir=_made(cache.parent)))
        with tarfile.open(fileobj=io.BytesIO(data)) as archive:
            package = json.load(archive.extractfile("package/package.json"))  # type: ignore[arg-type]
            if package.get("version") != PYODIDE_VERSION:
                raise BuildError(f"the tarball holds pyodide {package.get('version')}, not {PYODIDE_VERSION}")
            for name in PYODIDE_FILES:
                (fresh / name).write_bytes(archive.extractfile(f"package/{name}").read())  # type: ignore[union-attr]
        shutil.rmtree(cache, ignore_errors=True)
        fresh.rename(cache)
    return cache


def _made(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def source_root() -> Path:
    """The checkout the wheel is built from (the site ships the code you have, not a published release)."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "pyproject.toml").is_file() or not (root / "egonb" / "__init__.py").is_file():
        raise BuildError(f"egonb site build needs a source checkout of egonb (with pyproject.toml); {root} is not one")
    return root


def build_wheel(dest: Path) -> Path:
    """The egonb wheel, built by pip from the checkout (no dependency is bundled: the browser needs none)."""
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp, str(source_root())],
                             capture_output=True, text=True)
        wheels = list(Path(tmp).glob("egonb-*.whl"))
        if run.returncode != 0 or len(wheels) != 1:
            raise BuildError(f"building the egonb wheel failed: {run.stderr.strip()[-600:]}")
        return Path(shutil.copy(wheels[0], dest))


def make_snapshot(runtime: Path, wheel: Path, dest: Path) -> Path:
    """Python with the wheel unpacked and `egonb.site.host` imported, as a gzipped Pyodide memory snapshot."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("Node.js is needed to build the site (it starts Pyodide once to make the page's Python "
                         "snapshot); install it (Debian: apt-get install nodejs npm)")
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "snapshot.bin"
        run = subprocess.run([node, str(Path(__file__).with_name("snapshot.mjs")), str(runtime), str(wheel), str(raw)],
                             capture_output=True, text=True)
        if run.returncode != 0 or not raw.is_file():
            # Pyodide prints its minified source before the Python traceback: keep the traceback's end
            why = run.stderr.strip().rsplit("Traceback (most recent call last)", 1)[-1]
            raise BuildError(f"making the Python snapshot under Node failed: {why.strip()[-1200:]}")
        dest.write_bytes(gzip.compress(raw.read_bytes(), compresslevel=9, mtime=0))
    return dest


def build(site: Path, cache: Path | None = None, lab: bool = True, docs: bool | None = None,
          execute: bool = False) -> dict[str, Any]:
    """Write the site into `site` (replacing a site built there before); returns its manifest.

    `docs`: the documentation in `docs/` and its French edition in `fr/docs/` (egonb/site/docs.py); None builds it
    when it can be (Sphinx installed, a checkout) and says why not otherwise. `execute`: run the tutorial's notebooks
    for their pages' outputs."""
    if site.exists() and any(site.iterdir()) and not (site / MANIFEST).is_file():
        raise BuildError(f"{site} is not empty and holds no egonb site: choose an empty or new folder")
    runtime = pyodide_runtime(cache)
    shutil.rmtree(site, ignore_errors=True)
    (site / "widgets").mkdir(parents=True)
    (site / "pyodide").mkdir()
    for name in HOST_FILES:  # the game's page is play.html; index.html is the site's front page (landing.py)
        shutil.copy(STATIC / name, site / (PLAY if name == "index.html" else name))
    for name in sorted(table_files() | replay_files()):
        shutil.copy(widget_file(name), site / "widgets" / name)
    for name in PYODIDE_FILES:
        shutil.copy(runtime / name, site / "pyodide" / name)
    wheel = build_wheel(site)
    snapshot = make_snapshot(runtime, wheel, site / SNAPSHOT)
    if lab:  # the tutorial as a JupyterLite lab in lab/, on this runtime (egonb/site/lab.py)
        try:
            build_lab(site, wheel, runtime.parent)
        except LabError as err:
            raise BuildError(str(err)) from err
    left_out = None
    if docs is not False:
        try:
            build_site_docs(site, execute)  # and the French edition in fr/docs/
        except DocsError as err:
            if docs:
                raise BuildError(str(err)) from err
            left_out = str(err)
    write_landing(site, __version__, PYODIDE_VERSION, lab=lab, docs=(site / "docs" / "index.html").is_file())
    (site / ".nojekyll").touch()  # GitHub Pages serves the files as they are
    # The worker keeps the snapshot unpacked in the browser's Cache Storage under this digest: another build's
    # snapshot (even of the same egonb version) is never restored with this build's wheel.
    digest = hashlib.sha256(snapshot.read_bytes()).hexdigest()[:16]
    manifest = {"egonb": __version__, "pyodide": PYODIDE_VERSION, "wheel": wheel.name, "snapshot": SNAPSHOT,
                "snapshot_digest": digest,
                # the worker checks the unpacked snapshot against it before restoring (a damaged one starts afresh)
                "snapshot_sha256": hashlib.sha256(gzip.decompress(snapshot.read_bytes())).hexdigest(),
                # each game's table module and style sheets (main.js imports the one the address asks for)
                "tables": tables(),
                # the page's heading per game, as the Voilà page words it
                "games": {key: {"title": title, "pitch": pitch, "intro": intro}
                          for key, (title, pitch, _app, intro) in PAGES.items()},
                # the same and the page's own words (egonb/messages/site.py) in every language the wheel ships: the
                # page shows its reader's (one page, one wheel, one snapshot for every language)
                "languages": {lang: {"games": {key: {"title": title, "pitch": pitch, "intro": intro}
                                               for key, (title, pitch, _app, intro) in pages(texts).items()},
                                     "words": site_words(texts), "table": browser_words(texts)}
                              for lang in shipped() for texts in [texts_for(lang, rules=False)]},
                "docs_left_out": left_out}
    (site / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="egonb site", description="The static edition of the games (Egocentric "
                                     "World solo or multiplayer, Diverse City): a folder any web server can serve, "
                                     "with Python running in the browser.")
    sub = parser.add_subparsers(dest="command", required=True)
    make = sub.add_parser("build", help="write the site into DIR")
    make.add_argument("dir", type=Path, metavar="DIR", help="the folder to write (made if missing)")
    make.add_argument("--no-lab", action="store_true", help="leave out the tutorial's lab (DIR/lab/)")
    make.add_argument("--docs", action=argparse.BooleanOptionalAction, default=None,
                      help="the documentation in DIR/docs/ (default: when Sphinx is installed, pip install -e "
                           '".[docs]", in a checkout)')
    make.add_argument("--execute-notebooks", action="store_true",
                      help="run the tutorial's notebooks so that their documentation pages show the outputs")
    args = parser.parse_args(argv)
    try:
        manifest = build(args.dir, lab=not args.no_lab, docs=args.docs, execute=args.execute_notebooks)
    except BuildError as err:
        print(f"egonb site: {err}", file=sys.stderr)
        return 1
    size = sum(p.stat().st_size for p in args.dir.rglob("*") if p.is_file())
    print(f"egonb site: wrote {args.dir} ({size / 1e6:.1f} MB): egonb {manifest['egonb']}, Pyodide "
          f"{manifest['pyodide']} (checked), {manifest['wheel']}\n"
          f"preview: python3 -m http.server -d {args.dir}  then open http://127.0.0.1:8000/")
    if manifest["docs_left_out"]:
        print(f"egonb site: the documentation is left out: {manifest['docs_left_out']}")
    return 0
