"""The documentation as a site, in `DIR/docs/` (and its French edition in `DIR/fr/docs/`): Sphinx over the pages of
`docs/` and the tutorial's notebooks.

Built from a checkout (the pages and notebooks are not in the wheel): the sources are assembled in a temporary
folder, `docs/*.md` at its root and the notebooks in `tutorial/`, so a page's links stay what they are in the
repository; `docs/conf.py` configures Sphinx (MyST-NB for the notebooks, autodoc for the API reference). With
`execute`, every notebook runs at build time and its page shows the outputs (the Pages workflow does this; the test
suite builds without, since it runs the notebooks itself).

The French edition holds what exists in French (docs/I18N.md): `docs/fr/` at its root (its `index.md` says which
pages are English only), the French chapters (`notebooks/fr/`) in `tutorial/`, and the English AI chapters beside
them where the French chapters link to them (`../20-…`), with Sphinx's own words in French (`language = "fr"`).
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
FRENCH = "fr"
#: The app's own notebooks (the Voilà pages), not chapters of the tutorial.
NOT_CHAPTERS = {"play.ipynb"}


class DocsError(Exception):
    """The documentation cannot be built; the message says why and what to do."""


def chapters(folder: Path = NOTEBOOKS) -> list[Path]:
    return sorted(p for p in folder.glob("*.ipynb") if p.name not in NOT_CHAPTERS)


def _sources(src: Path, language: str) -> None:
    """Lay out the sources of the `language` edition in `src`."""
    if language == "en":
        shutil.copytree(DOCS, src, ignore=shutil.ignore_patterns("conf.py", "__pycache__", "_build"))
        (src / "tutorial").mkdir()
        for notebook in chapters():
            shutil.copy(notebook, src / "tutorial" / notebook.name)
        return
    shutil.copytree(DOCS / language, src, ignore=shutil.ignore_patterns("__pycache__"))
    (src / "tutorial").mkdir()
    for notebook in chapters(NOTEBOOKS / language):
        shutil.copy(notebook, src / "tutorial" / notebook.name)


def translated() -> list[str]:
    """The languages with a documentation of their own (`docs/<lang>/index.md`), besides English."""
    return sorted(p.parent.name for p in DOCS.glob("*/index.md"))


def build_site_docs(site: Path, execute: bool = False) -> None:
    """The site's documentation: English in `site/docs/`, each translated edition in `site/<lang>/docs/`."""
    build_docs(site / "docs", execute)
    for language in translated():
        build_docs(site / language / "docs", execute, language)


def build_docs(out: Path, execute: bool = False, language: str = "en") -> Path:
    """Write the documentation site of `language` ("en", or "fr" for the French edition) into `out` (replaced);
    returns `out`."""
    if not (DOCS / "conf.py").is_file():
        raise DocsError(f"the documentation is built from a checkout of egonb's repository ({DOCS} has no conf.py)")
    if language != "en" and not (DOCS / language / "index.md").is_file():
        raise DocsError(f"there is no documentation in {language!r} (no docs/{language}/index.md)")
    try:
        from sphinx.cmd.build import build_main
    except ImportError:
        raise DocsError('building the documentation needs Sphinx: pip install -e ".[docs]" '
                        "(or leave it out with --no-docs)") from None
    with tempfile.TemporaryDirectory(prefix="egonb-docs-") as tmp:
        src = Path(tmp) / "src"
        _sources(src, language)
        html = Path(tmp) / "html"  # MyST-NB writes its `jupyter_execute/` beside the output: kept out of the site
        printed = io.StringIO()
        os.environ["EGONB_DOCS_EXECUTE"] = "1" if execute else "0"
        with redirect_stdout(printed), redirect_stderr(printed):
            # a translation is typed with its own quotation marks (docs/fr/GLOSSAIRE.md): Sphinx's French
            # "smart quotes" would turn an apostrophe before markup (l'**Échange**) into a closing quote
            quotes = [] if language == "en" else ["-D", "smartquotes=0"]
            code = build_main(["-b", "html", "-q", "-W", "--keep-going", "-c", str(DOCS), "-D", f"language={language}",
                               *quotes, "-d", str(Path(tmp) / "doctrees"), str(src), str(html)])
        if code != 0:
            raise DocsError("Sphinx could not build the documentation:\n" + printed.getvalue()[-6000:])
        shutil.rmtree(out, ignore_errors=True)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(html, out)
    return out
