"""Fixtures shared by tests in more than one folder."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from filelock import FileLock

from egonb.cli import main as egonb


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> tuple[Path, str]:
    """The static site, built by `egonb site build` (a wheel and a Python snapshot: a minute or two) once for the
    whole run, and what the command printed. Under pytest-xdist the workers share it: the first to ask builds it in
    the run's shared temporary folder while the other waits on a file lock. Tests treat it as read-only (a test
    that must change a site copies it first)."""
    shared = tmp_path_factory.getbasetemp() if worker_id == "master" else tmp_path_factory.getbasetemp().parent
    site, log = shared / "built-site" / "site", shared / "built-site.txt"
    with FileLock(str(shared / "built-site.lock")):
        if not log.exists():
            printed = io.StringIO()
            with redirect_stdout(printed):
                code = egonb(["site", "build", str(site), "--no-docs"])
            assert code == 0, printed.getvalue()
            log.write_text(printed.getvalue())
    return site, log.read_text()
