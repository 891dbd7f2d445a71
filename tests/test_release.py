"""What a release needs: distributions that pass the package index's checks, metadata and workflows that agree with
each other, and the pre-commit hooks clean over the whole tree (docs/TESTING.md, "Release")."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

from egonb.games import FOLDERS, entry

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
WORKFLOWS = ROOT / ".github" / "workflows"


def _run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist and the wheel, built as the release workflow builds them (without isolation: offline, and fast)."""
    out = tmp_path_factory.mktemp("dist")
    done = _run(sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out


def test_the_distributions_pass_twine_check(dist: Path) -> None:
    files = sorted(str(p) for p in dist.iterdir())
    assert len(files) == 2, files
    done = _run(sys.executable, "-m", "twine", "check", "--strict", *files)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_wheel_passes_check_wheel_contents(dist: Path) -> None:
    wheel = next(dist.glob("*.whl"))
    done = _run(sys.executable, "-m", "check_wheel_contents", str(wheel))
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_wheel_carries_what_the_app_reads_and_the_sdist_leaves_the_solutions_out(dist: Path) -> None:
    names = zipfile.ZipFile(next(dist.glob("*.whl"))).namelist()
    for needed in ("egonb/py.typed", "egonb/app/widgets/table.js", "egonb/app/notebooks/play.ipynb",
                   "egonb/app/notebooks/voila.json", "egonb/app/notebooks/voila.py", "egonb/messages/egonb.pot"):
        assert needed in names, needed
    for slug in FOLDERS:  # what each game's record names: its rules document (and its French one), its table
        record = entry(slug)
        assert f"egonb/app/docs/{record.rules}" in names and f"egonb/app/docs/fr/{record.rules}" in names, slug
        assert {f"egonb/app/widgets/{name}" for name in (record.widget, *record.styles)} <= set(names), slug
    assert not [n for n in names if n.startswith("egonb/app/notebooks/") and "/voila." not in n
                and not n.endswith("/play.ipynb")], "one app notebook, no tutorial chapter"
    sdist = tarfile.open(next(dist.glob("*.tar.gz")))
    members = sdist.getnames()
    assert any(m.endswith("/assignments/first-agent/README.md") for m in members)
    assert not [m for m in members if "/_solutions" in m], "the teacher's solutions must not be published"


def test_the_metadata_names_the_supported_pythons_the_ci_tests() -> None:
    """requires-python, the classifiers and the test workflow's matrix say the same versions."""
    lowest = PROJECT["requires-python"].removeprefix(">=")
    listed = [c.rsplit(" :: ", 1)[1] for c in PROJECT["classifiers"]
              if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    matrix = re.search(r"python: \[(.+?)\]", (WORKFLOWS / "tests.yml").read_text())
    assert matrix, "the test workflow runs a matrix of Pythons"
    tested = [v.strip().strip('"') for v in matrix[1].split(",")]
    assert listed == tested and tested[0] == lowest
    assert {"Homepage", "Documentation", "Source", "Issues", "Changelog"} <= set(PROJECT["urls"])
    assert PROJECT["authors"] and len(PROJECT["keywords"]) >= 5


def test_readme_images_and_binder_links_work_on_the_package_index() -> None:
    """The package index shows README.md without the repository beside it: images need absolute addresses, into the
    repository the metadata names, at a path that exists here."""
    readme = (ROOT / "README.md").read_text()
    source = PROJECT["urls"]["Source"].removeprefix("https://github.com/")
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", readme)
    assert images
    for url in images:
        prefix = f"https://raw.githubusercontent.com/{source}/main/"
        assert url.startswith(prefix), url
        assert (ROOT / url.removeprefix(prefix)).is_file(), url
    assert "OWNER" not in readme
    assert all(link.startswith(f"https://mybinder.org/v2/gh/{source}/")
               for link in re.findall(r"https://mybinder\.org/[^)\s]+", readme))


def test_workflows_pin_their_actions_and_ask_for_least_privilege() -> None:
    for workflow in WORKFLOWS.glob("*.yml"):
        text = workflow.read_text()
        uses = re.findall(r"uses:\s*(\S+)", text)
        assert uses, workflow.name
        for action in uses:
            assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", action), f"{workflow.name}: {action} is not pinned"
        top = re.search(r"^permissions:(.*?)^\S", text, re.S | re.M)
        assert top, f"{workflow.name} declares its default permissions"
        assert "write" not in top[1], f"{workflow.name}: write access belongs to the job that needs it"
    release = (WORKFLOWS / "release.yml").read_text()
    assert "id-token: write" in release and "pypa/gh-action-pypi-publish@" in release and "tags:" in release
    assert "password" not in release, "trusted publishing needs no stored token"


def test_dependabot_watches_actions_pip_and_the_pyodide_runtime() -> None:
    from egonb.site import build

    config = (ROOT / ".github" / "dependabot.yml").read_text()
    ecosystems = re.findall(r"package-ecosystem:\s*(\S+)\s*\n\s*directory:\s*(\S+)", config)
    assert {e for e, _ in ecosystems} == {"github-actions", "pip", "npm"}
    npm = next(d for e, d in ecosystems if e == "npm")
    package = json.loads((ROOT / npm.lstrip("/") / "package.json").read_text())
    assert package["devDependencies"]["pyodide"] == build.PYODIDE_VERSION


@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="pre-commit runs over a git checkout")
def test_the_pre_commit_hooks_pass_over_the_whole_tree(tmp_path: Path) -> None:
    """The hooks a contributor installs (ruff, nbstripout, zizmor's audit of the workflows) pass on every file, so a
    commit is never the first to see them fail. They use this environment's tools (`language: system`), so no hook is
    fetched from the network."""
    config = (ROOT / ".pre-commit-config.yaml").read_text()
    assert all(f"id: {hook}" in config for hook in ("ruff", "nbstripout", "zizmor")) and "language: system" in config
    env = {"PATH": str(Path(sys.executable).parent) + ":/usr/bin:/bin", "PRE_COMMIT_HOME": str(tmp_path),
           "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "pre_commit", "run", "--all-files", "--show-diff-on-failure"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
