"""The project's own checks: lint, types, packaging files that must agree, and a light `import egonb`."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def _tool(name: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", name, *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_is_clean() -> None:
    out = _tool("ruff", "check", "egonb", "tests", "benchmarks")
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_is_clean() -> None:
    out = _tool("mypy")
    assert out.returncode == 0, out.stdout + out.stderr


def _yaml_dependencies(path: Path = ROOT / "environment.yml") -> tuple[list[str], list[str]]:
    """The conda and pip dependency lines of an environment.yml (a flat file; no YAML library needed)."""
    conda, pip = [], []
    section = None
    for line in path.read_text().splitlines():
        stripped = line.split("#")[0].rstrip()
        if re.match(r"^dependencies:", stripped):
            section = conda
        elif re.match(r"^\s+- pip:$", stripped):
            section = pip
        elif section is not None and re.match(r"^\s+- ", stripped):
            section.append(stripped.split("- ", 1)[1].strip())
    return conda, pip


def test_environment_yml_names_the_same_dependencies_as_pyproject() -> None:
    conda, pip = _yaml_dependencies()
    project = PYPROJECT["project"]
    assert sorted(d for d in conda if not d.startswith(("python", "pip"))) == sorted(project["dependencies"])
    assert any(d.startswith("python>=") and d.endswith(project["requires-python"].lstrip(">=")) for d in conda)
    extras = {e for e in project["optional-dependencies"] if e not in ("test", "bench", "lite", "docs")}  # build tools
    assert len(pip) == 1 and pip[0].startswith("-e .[")
    assert set(pip[0][len("-e .["):-1].split(",")) == extras


#: Binder links in the README: mybinder.org, a repository, then the page to open.
BINDER_LINK = re.compile(r"https://mybinder\.org/v2/gh/[\w.-]+/[\w.-]+/[\w.-]+\?urlpath=([^)\s]+)")


def test_binder_files_agree_with_pyproject_and_open_the_tutorial_and_the_game() -> None:
    """Open without installing: repo2docker reads .binder/ alone, so its environment must name
    pyproject's dependencies as the root one does, pin a Python that pyproject allows the way repo2docker reads a
    pin, and its start script must put the app's Voila template where `egonb play` puts it."""
    from urllib.parse import unquote

    from egonb.app import serve

    conda, pip = _yaml_dependencies(ROOT / ".binder" / "environment.yml")
    root_conda, root_pip = _yaml_dependencies()
    assert [d for d in conda if not d.startswith("python")] == [d for d in root_conda if not d.startswith("python")]
    pins = [d for d in conda if d.startswith("python=")]
    assert len(pins) == 1 and re.fullmatch(r"python=3\.\d+", pins[0])
    lowest = tuple(map(int, PYPROJECT["project"]["requires-python"].lstrip(">=").split(".")))
    assert tuple(map(int, pins[0].removeprefix("python=").split("."))) >= lowest
    assert pip == [root_pip[0].replace("-e .[", "-e ..[")], "the same extras, from the repository root"
    start = (ROOT / ".binder" / "start").read_text()
    assert os.access(ROOT / ".binder" / "start", os.X_OK) and start.rstrip().endswith('exec "$@"')
    template = serve.SHARE.relative_to(ROOT).as_posix()
    assert f"export JUPYTER_PATH=\"${{REPO_DIR:-$HOME}}/{template}" in start
    pages = [unquote(m) for m in BINDER_LINK.findall((ROOT / "README.md").read_text())]
    assert "lab/tree/notebooks/00-quick-start.ipynb" in pages, "a link opens the tutorial's quick start"
    voila = [p for p in pages if p.startswith("voila/render/")]
    assert voila and all((ROOT / p.removeprefix("voila/render/").split("?")[0]).is_file() for p in voila)
    assert all("voila-template=egonb" in p for p in voila)
    assert (serve.SHARE / "voila" / "templates" / "egonb").is_dir()


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"```bash\n(.+?)\n```", readme)
    test_command = next(c for c in commands if "pytest" in c)
    assert test_command in (ROOT / ".ci" / "run").read_text()


@pytest.mark.parametrize("block", re.findall(r"```python\n(.+?)```", (ROOT / "README.md").read_text(), re.S),
                         ids=lambda code: code.splitlines()[-1][:40])
def test_the_readme_python_examples_run_and_finish(block: str, tmp_path: Path) -> None:
    """What a newcomer pastes first must work: each example runs to its end in a fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", block], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "MPLBACKEND": "Agg"})
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.mark.parametrize("heavy", ["ipywidgets", "anywidget", "jupyterlab", "voila", "matplotlib", "gymnasium",
                                   "pettingzoo", "tqdm"])
def test_import_egonb_stays_light(heavy: str) -> None:
    code = f"import sys, egonb; egonb.new_game(); assert {heavy!r} not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_committed_rules_are_the_shared_single_source_of_truth() -> None:
    shared = ROOT.parent / "shared" / "rules" / "RULES.md"
    if not shared.exists():
        pytest.skip("no shared/ folder next to this checkout (a CI clone): nothing to compare with")
    assert (ROOT / "docs" / "RULES.md").read_text() == shared.read_text()


def test_the_committed_diverse_city_rules_are_the_shared_text() -> None:
    shared = ROOT.parent / "shared" / "rules" / "DIVERSE-CITY.md"
    if not shared.exists():
        pytest.skip("no shared/ folder next to this checkout (a CI clone): nothing to compare with")
    assert (ROOT / "docs" / "DIVERSE-CITY.md").read_text() == shared.read_text()


def test_the_version_is_written_once_and_the_package_reports_it() -> None:
    """pyproject.toml reads the version from egonb/__init__.py (hatch's version source), so a release changes one line;
    the changelog has a heading for it or an Unreleased one above it."""
    import egonb

    assert "version" not in PYPROJECT["project"] and "version" in PYPROJECT["project"]["dynamic"]
    assert PYPROJECT["tool"]["hatch"]["version"]["path"] == "egonb/__init__.py"
    assert re.fullmatch(r"\d+\.\d+\.\d+", egonb.__version__)
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert f"## {egonb.__version__}" in changelog
    assert PYPROJECT["project"]["license"] == "MIT" and "MIT License" in (ROOT / "LICENSE").read_text()


def test_the_test_workflow_runs_what_ci_runs() -> None:
    workflow = (ROOT / ".github" / "workflows" / "tests.yml").read_text()
    assert "run: bash .ci/run" in workflow
