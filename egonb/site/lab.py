"""The static edition's lab: the tutorial's rules chapters and Diverse City's as a JupyterLite site in `DIR/lab/`.

JupyterLab runs in the page and Python in a Web Worker (jupyterlite-pyodide-kernel), with nothing asked of another
origin: the kernel starts from the game's own Pyodide (`DIR/pyodide/`, the one copy the site holds) and installs no
package at run time. Everything it imports is preloaded from `lab/packages/`, a folder with its own
`pyodide-lock.json`: the few pure-Python packages of the Pyodide distribution the kernel needs (micropip, jedi,
IPython and what they depend on, at the versions of the runtime's lock), the kernel's own wheels, the widget wheels
(comm, ipywidgets, anywidget, psygnal) at the versions of the widget extensions the lab is built with, and egonb's
wheel, whose numpy dependency is left out of its lock entry (the lab's chapters never import numpy;
tests/test_site_lab.py runs them with numpy refused). Every sha256 in the lock is that of the file served next to it.
The wheels carry their modules compiled by the runtime's own Python (lab_compile.mjs, under Node, as the game's
snapshot is made): without that the kernel's start spent a third longer compiling IPython in the page.

The kernel 0.8.6 was made for Pyodide 314.0.6 (Python 3.14) but asks only for Python 3.13, so it runs on the game's
pinned 0.29.3 (Python 3.13.2): sharing it keeps the site one runtime smaller (12 MB). The AI chapters (20 onwards)
need numpy, matplotlib, scipy and OpenSpiel, which the core runtime from npm does not hold (and OpenSpiel is not
built for Pyodide at all), so in the lab a short notebook sends to Binder or a local install instead.

The downloads (pip download of the pinned wheels, kept compiled) are in egonb's cache beside the game's Pyodide.
Building needs the `lite` extra (jupyterlite-core, jupyter_server, the widget extensions); without it the site is
built without its lab. This module imports nothing of `build`, which calls it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from importlib import metadata
from pathlib import Path


class LabError(Exception):
    """The lab cannot be built; the message says why and what to do."""


LAB = "lab"
#: Where the lab's Python packages and their lock are served from, under `DIR/lab/`.
PACKAGES = "packages"
#: The Pyodide kernel for JupyterLite, fetched with pip like the lab's other wheels and never installed: its
#: JupyterLab extension would load into the JupyterLab and Voilà this project serves, and fail there.
KERNEL = "jupyterlite-pyodide-kernel==0.8.6"
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
#: The chapters the lab holds: the rules chapters and Diverse City's (notebooks/), and their French editions
#: (notebooks/fr/, whose first cell makes the kernel's widgets speak French) in the lab's `fr/` folder.
CHAPTERS = ("0[0-8]-*.ipynb", "30-*.ipynb")
FRENCH = "fr"
#: JupyterLab's own menus in French: the build takes in the language packs installed beside it (JupyterLite's
#: translation addon, through jupyterlab_server, into `api/translations/`).
LANGUAGE_PACKS = ("jupyterlab-language-pack-fr-FR",)
#: The lab's French door, `lab/lab-fr/`: the same JupyterLab build, contents and packages, its menus in French from
#: the first visit. JupyterLab takes its language from its settings only (no address or browser language), so this
#: second page of the one app sets it by default (`settingsOverrides`) and keeps the reader's settings and open tabs
#: apart from the English door's. Its folder's name must contain "lab": JupyterLite opens `?path=` only on such an
#: address.
FRENCH_APP = "lab-fr"
FRENCH_LOCALE = "fr_FR"
#: The chapters left out, named in the lab's note (they need packages an offline lab cannot serve).
AI_CHAPTERS = "2[0-9]-*.ipynb"
AI_NOTE = "20-ai-chapters.ipynb"
#: What the kernel imports from the Pyodide distribution as it starts, and anywidget's typing-extensions (what they
#: depend on comes from the runtime's lock).
KERNEL_NEEDS = ("micropip", "jedi", "ipython", "typing-extensions")
#: Dependencies in the runtime's lock the lab leaves out: sqlite3 is a compiled module that the npm core runtime
#: does not carry, and IPython only keeps no input history without it.
LEFT_OUT = {"sqlite3"}
#: The widget packages the chapters' tables need in the browser, at the versions installed with their extensions.
WIDGET_PACKAGES = ("comm", "ipywidgets", "anywidget", "psygnal")
#: The kernel's own wheels (its extension's static/pypi/ also holds widgetsnbextension stand-ins, not needed here).
KERNEL_WHEELS = ("piplite", "ipykernel", "pyodide_kernel")
#: The widget extensions the lab carries, as installed with the `app` extra (no other extension installed in the
#: build's environment goes in).
EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "anywidget")
#: Lock entries the kernel's wheels and the widget wheels need, as their metadata says (names as in the lock).
DEPENDS = {
    "piplite": ["micropip"],
    "ipykernel": ["pyodide-kernel"],
    "pyodide-kernel": ["comm", "ipython"],
    "ipywidgets": ["comm", "ipython", "traitlets"],  # widgetsnbextension/jupyterlab_widgets: the page's side only
    "anywidget": ["ipywidgets", "psygnal", "typing-extensions"],
    "egonb": ["ipywidgets", "anywidget"],  # numpy left out: the lab's chapters never import it
}
#: Imported as the kernel starts, so no cell waits for an install (and none is ever made).
PRELOAD = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython", "egonb"]


def _name(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def _wheel_info(wheel: Path) -> tuple[str, str, list[str]]:
    """A pure wheel's project name, version and top-level import names (from its file name and contents)."""
    parts = wheel.name[:-len(".whl")].split("-")
    if len(parts) < 5 or parts[-2:] != ["none", "any"]:
        raise LabError(f"{wheel.name} is not a pure-Python wheel; the lab can only serve those")
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/")[0] for name in archive.namelist() if ".dist-info" not in name.split("/")[0]}
    imports = sorted(top.rpartition(".")[0] if top.endswith((".py", ".pyc")) else top
                     for top in tops if not top.endswith((".pth", ".data")))
    return _name(parts[0]), parts[1], imports


def kernel_closure(lock: dict) -> dict[str, dict]:
    """The runtime lock's entries the kernel needs (`KERNEL_NEEDS` and all they depend on), all pure Python."""
    packages = {_name(key): entry for key, entry in lock["packages"].items()}
    todo, found = list(KERNEL_NEEDS), {}
    while todo:
        name = _name(todo.pop())
        if name in found or name in LEFT_OUT:
            continue
        if name not in packages:
            raise LabError(f"the Pyodide lock has no {name!r}, which the lab's kernel needs")
        depends = [d for d in packages[name].get("depends", []) if _name(d) not in LEFT_OUT]
        found[name] = {**packages[name], "depends": depends}
        todo += depends
    return found


def download(requirements: list[str], python: str, cache: Path, runtime: Path | None = None) -> list[Path]:
    """The pure wheels `name==version`, from the package index with pip the first time, kept in `cache`; compiled
    for `runtime` first if given. A wheel enters the cache whole (a build beside this one never reads half of one)."""
    def cached(requirement: str) -> Path | None:
        name, version = requirement.split("==")
        for wheel in cache.glob("*.whl"):
            parts = wheel.name.split("-")
            if _name(parts[0]) == _name(name) and parts[1] == version:
                return wheel
        return None

    missing = [r for r in requirements if cached(r) is None]
    if missing:
        print(f"egonb site: fetching {len(missing)} wheels for the lab with pip (once; kept in {cache})", flush=True)
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            run = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                                  "--platform", "any", "--implementation", "py", "--abi", "none",
                                  "--python-version", python, "-q", "-d", tmp, *missing],
                                 capture_output=True, text=True)
            if run.returncode != 0:
                raise LabError(f"pip download of the lab's wheels failed: {run.stderr.strip()[-600:]}")
            fetched = sorted(Path(tmp).glob("*.whl"))
            if runtime is not None:
                byte_compile(runtime, [], fetched)
            for wheel in fetched:
                os.replace(wheel, cache / wheel.name)
    wheels = [cached(r) for r in requirements]
    if None in wheels:
        raise LabError(f"pip gave no wheel for {[r for r, w in zip(requirements, wheels) if w is None]}")
    return [w for w in wheels if w is not None]


def _labextensions() -> Path:
    return Path(sys.prefix) / "share" / "jupyter" / "labextensions"


def _installed(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        raise LabError(f"building the lab needs {package} (pip install -e '.[lite]')") from None


def kernel_extension(kernel: Path) -> Path:
    """The kernel's JupyterLab extension, unpacked once from the `kernel` wheel beside it in the cache."""
    folder = kernel.with_name(kernel.name[:-len(".whl")])
    if not (folder / "package.json").is_file():
        inside = f"share/jupyter/labextensions/{KERNEL_EXTENSION}/"
        with tempfile.TemporaryDirectory(dir=kernel.parent, ignore_cleanup_errors=True) as tmp, \
                zipfile.ZipFile(kernel) as archive:
            for name in archive.namelist():
                if inside in name and not name.endswith("/"):
                    path = Path(tmp, name.partition(inside)[2])
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(archive.read(name))
            if not Path(tmp, "package.json").is_file():
                raise LabError(f"{kernel.name} holds no {KERNEL_EXTENSION}")
            try:
                os.rename(tmp, folder)  # whole or not at all
            except OSError:
                pass  # a build beside this one unpacked it meanwhile
    return folder


def kernel_wheels(extension: Path, dest: Path) -> list[Path]:
    """The kernel's own wheels, copied out of its JupyterLab extension into `dest`."""
    wheels = [Path(shutil.copy(w, dest / w.name)) for w in sorted((extension / "static" / "pypi").glob("*.whl"))
              if w.name.split("-")[0] in KERNEL_WHEELS]
    if len(wheels) != len(KERNEL_WHEELS):
        raise LabError(f"the Pyodide kernel's wheels {KERNEL_WHEELS} are not all in {extension}")
    return wheels


def byte_compile(runtime: Path, keep: list[Path], bare: list[Path]) -> None:
    """Compile each wheel's modules with the runtime's own Python (lab_compile.mjs, under Node): the kernel then
    imports IPython and the rest without compiling them in the page. `keep` wheels keep their sources beside (egonb's
    for the learner's tracebacks); `bare` ones hold the compiled modules only, as Pyodide ships its packages."""
    node = shutil.which("node")
    if node is None:
        raise LabError("Node.js is needed to build the lab (it byte-compiles the lab's wheels)")
    run = subprocess.run([node, str(Path(__file__).with_name("lab_compile.mjs")), str(runtime), *map(str, keep), "--",
                          *map(str, bare)], capture_output=True, text=True)
    if run.returncode != 0:
        raise LabError(f"byte-compiling the lab's wheels under Node failed: {run.stderr.strip()[-600:]}")


def write_packages(dest: Path, runtime: Path, egonb_wheel: Path, kernel: Path, cache: Path) -> dict:
    """`dest`: the wheels the lab's kernel preloads and their pyodide-lock.json; returns the lock."""
    runtime_lock = json.loads((runtime / "pyodide-lock.json").read_text())
    python = ".".join(runtime_lock["info"]["python"].split(".")[:2])
    closure = kernel_closure(runtime_lock)
    pinned = [f"{entry['name']}=={entry['version']}" for entry in closure.values()]
    pinned += [f"{name}=={_installed(name)}" for name in WIDGET_PACKAGES]
    cache = cache / f"lab-wheels-py{python}-compiled"
    dest.mkdir(parents=True)
    fetched = download(pinned, python, cache, runtime)  # kept compiled: only bare wheels in this cache
    ours = [Path(shutil.copy(egonb_wheel, dest / egonb_wheel.name)), *kernel_wheels(kernel, dest)]
    byte_compile(runtime, ours, [])
    served = [Path(shutil.copy(w, dest / w.name)) for w in fetched] + ours
    packages = {}
    for wheel in served:
        name, version, imports = _wheel_info(wheel)
        entry = dict(closure.get(name, {}))
        entry.update(name=entry.get("name", name), version=version, file_name=wheel.name, install_dir="site",
                     package_type="package", sha256=hashlib.sha256(wheel.read_bytes()).hexdigest(),
                     imports=entry.get("imports", imports), depends=entry.get("depends", DEPENDS.get(name, [])),
                     unvendored_tests=False, shared_library=False)
        packages[name] = entry
    missing = {_name(d) for entry in packages.values() for d in entry["depends"]} - set(packages)
    if missing:
        raise LabError(f"the lab's lock names packages it does not hold: {sorted(missing)}")
    lock = {"info": runtime_lock["info"], "packages": dict(sorted(packages.items()))}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    return lock


def ai_note(notebooks: Path) -> dict:
    """A one-cell notebook that names the AI chapters and where to run them."""
    titles = []
    for path in sorted(notebooks.glob(AI_CHAPTERS)):
        cells = json.loads(path.read_text())["cells"]
        heading = next((line for c in cells if c["cell_type"] == "markdown"
                        for line in "".join(c["source"]).splitlines() if line.startswith("# ")), f"# {path.stem}")
        titles.append(f"- `{path.name}`: {heading[2:].strip()}")
    text = ("# The AI chapters: on Binder or installed\n\n"
            "This lab runs Python in your browser with no server, and holds the rules chapters (00–08) and Diverse "
            "City's (30). The AI chapters need numpy, matplotlib, scipy and OpenSpiel, which it does not carry:\n\n"
            + "\n".join(titles) + "\n\n"
            "Open them on Binder (the link in the project's README), or install egonb and run JupyterLab:\n\n"
            "```bash\npython3 -m venv .venv && .venv/bin/pip install -e \".[app,ai]\" && .venv/bin/jupyter lab "
            "notebooks/\n```\n")
    return {"cells": [{"cell_type": "markdown", "id": "ai-chapters", "metadata": {}, "source": text}],
            "metadata": {"kernelspec": {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def lite_config(runtime_url: str) -> dict:
    """The lab's jupyter-lite.json: the shared runtime, the lab's own lock, no index on the network."""
    kernel = {"pyodideUrl": runtime_url, "disablePyPIFallback": True,
              # "...URL" options are resolved against the lab's address by the kernel extension
              "loadPyodideOptions": {"lockFileURL": f"./{PACKAGES}/pyodide-lock.json", "packages": PRELOAD}}
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "egonb tutorial",
        "exposeAppInBrowser": True,  # window.jupyterapp: lets tests and benchmarks wait on the kernel
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel}}}


def french_door(out: Path) -> Path:
    """`out/lab-fr/`: the lab's own page again, with JupyterLab's menus in French by default when the French language
    pack went into the build (else in English: a default naming a missing pack only brings an error)."""
    door = out / FRENCH_APP
    door.mkdir()
    for name in ("index.html", "jupyter-lite.ipynb", "favicon.ico"):
        shutil.copy(out / "lab" / name, door / name)
    config = json.loads((out / "lab" / "jupyter-lite.json").read_text())
    data = config["jupyter-config-data"]
    data.update(appUrl=f"/{FRENCH_APP}", settingsStorageName=f"egonb {FRENCH_APP} settings",
                workspacesStorageName=f"egonb {FRENCH_APP} workspaces")
    if (out / "api" / "translations" / f"{FRENCH_LOCALE}.json").is_file():
        data["settingsOverrides"] = {"@jupyterlab/translation-extension:plugin": {"locale": FRENCH_LOCALE}}
    (door / "jupyter-lite.json").write_text(json.dumps(config, indent=1) + "\n")
    return door


def build_lab(site: Path, wheel: Path, cache: Path) -> Path | None:
    """Write the lab into `site/lab/`, over the runtime in `site/pyodide/` and with egonb's `wheel`, the downloads
    kept in `cache`; None (and a note) when the `lite` extra is not installed."""
    try:
        _installed("jupyterlite-core")
    except LabError as err:
        print(f"egonb site: no lab: {err}", flush=True)
        return None
    runtime = site / "pyodide"
    out = site / LAB
    notebooks = Path(__file__).resolve().parents[2] / "notebooks"
    if not notebooks.is_dir():
        raise LabError(f"the lab is built from a source checkout's notebooks/; {notebooks} is missing")
    with tempfile.TemporaryDirectory(prefix="egonb-lab-") as tmp:
        lite = Path(tmp)
        contents = lite / "contents"
        contents.mkdir()
        (contents / FRENCH).mkdir()
        for folder, dest in ((notebooks, contents), (notebooks / FRENCH, contents / FRENCH)):
            for path in sorted(p for pattern in CHAPTERS for p in folder.glob(pattern)):
                shutil.copy(path, dest / path.name)
        for pack in LANGUAGE_PACKS:
            try:
                _installed(pack)
            except LabError as err:
                print(f"egonb site: the lab's menus stay in English: {err}", flush=True)
        (contents / AI_NOTE).write_text(json.dumps(ai_note(notebooks), indent=1) + "\n")
        (lite / "jupyter-lite.json").write_text(json.dumps(lite_config("./../pyodide/pyodide.mjs"), indent=1))
        extensions = [_labextensions() / name for name in EXTENSIONS]
        for folder in extensions:
            if not (folder / "package.json").is_file():
                raise LabError(f"the lab's JupyterLab extension {folder} is not installed (pip install -e '.[lite]')")
        kernel = kernel_extension(download([KERNEL], "{}.{}".format(*sys.version_info), cache / "lab-kernel")[0])
        (lite / "jupyter_lite_config.json").write_text(json.dumps({"LiteBuildConfig": {
            "ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": [str(e) for e in [kernel, *extensions]],
            "apps": ["lab"], "no_sourcemaps": True}}))
        run = subprocess.run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite),
                              "--contents", str(contents), "--output-dir", str(out)],
                             capture_output=True, text=True, cwd=lite)
        if run.returncode != 0:
            raise LabError(f"jupyter lite build failed: {(run.stdout + run.stderr).strip()[-800:]}")
    write_packages(out / PACKAGES, runtime, wheel, kernel, cache)
    french_door(out)
    print(f"egonb site: {LAB}/ holds the tutorial's rules chapters and Diverse City's, in English and in French "
          f"({FRENCH}/), as a JupyterLite lab", flush=True)
    return out
