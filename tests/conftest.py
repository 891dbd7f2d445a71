"""Fixtures shared by tests in more than one folder."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from egonb.cli import main as egonb


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The static site, built once for the session by `egonb site build` (a wheel and a Python snapshot: slow), and
    what the command printed. A test that builds it again in place leaves a site there for the next."""
    site = tmp_path_factory.mktemp("site") / "site"
    printed = io.StringIO()
    with redirect_stdout(printed):
        code = egonb(["site", "build", str(site), "--no-docs"])
    assert code == 0, printed.getvalue()
    return site, printed.getvalue()
