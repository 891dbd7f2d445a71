"""The documentation as a site, in `DIR/docs/`: Sphinx over the pages of `docs/` and the tutorial's notebooks.

Built from a checkout (the pages and notebooks are not in the wheel): the sources are assembled in a temporary
folder, `docs/*.md` at its root and the notebooks in `tutorial/`, so a page's links stay what they are in the
repository; `docs/conf.py` configures Sphinx (MyST-NB for the notebooks, autodoc for the API reference). With
`execute`, every notebook runs at build time and its page shows the outputs (the Pages workflow does this; the test
suite builds without, since it runs the notebooks itself).
"""

from __future__ import annotations

import io
import os
import shutil
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
NOTEBOOKS = ROOT / "notebooks"
#: The app's own notebooks (the Voilà pages), not chapters of the tutorial.
NOT_CHAPTERS = {"play.ipynb"}


class DocsError(Exception):
    """The documentation cannot be built; the message says why and what to do."""


def chapters() -> list[Path]:
    return sorted(p for p in NOTEBOOKS.glob("*.ipynb") if p.name not in NOT_CHAPTERS)


def build_docs(out: Path, execute: bool = False) -> Path:
    """Write the documentation site into `out` (replaced); returns `out`."""
    if not (DOCS / "conf.py").is_file():
        raise DocsError(f"the documentation is built from a checkout of egonb's repository ({DOCS} has no conf.py)")
    try:
        from sphinx.cmd.build import build_main
    except ImportError:
        raise DocsError('building the documentation needs Sphinx: pip install -e ".[docs]" '
                        "(or leave it out with --no-docs)") from None
    with tempfile.TemporaryDirectory(prefix="egonb-docs-") as tmp:
        src = Path(tmp) / "src"
        shutil.copytree(DOCS, src, ignore=shutil.ignore_patterns("conf.py", "__pycache__", "_build"))
        (src / "tutorial").mkdir()
        for notebook in chapters():
            shutil.copy(notebook, src / "tutorial" / notebook.name)
        shutil.rmtree(out, ignore_errors=True)
        printed = io.StringIO()
        os.environ["EGONB_DOCS_EXECUTE"] = "1" if execute else "0"
        with redirect_stdout(printed), redirect_stderr(printed):
            code = build_main(["-b", "html", "-q", "-W", "--keep-going", "-c", str(DOCS),
                               "-d", str(Path(tmp) / "doctrees"), str(src), str(out)])
        if code != 0:
            raise DocsError("Sphinx could not build the documentation:\n" + printed.getvalue()[-6000:])
    return out
