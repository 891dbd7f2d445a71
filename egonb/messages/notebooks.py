"""The tutorial's translated chapters: `notebooks/<lang>/<chapter>.ipynb`, generated from the English chapter and one
`.po` file per chapter (`notebooks/<lang>/po/<chapter>.po`), never edited by hand. A markdown cell is translated
paragraph by paragraph, heading by heading and table cell by table cell (mdpo); a code cell is copied unchanged; a
first cell makes the chapter's widgets and boards speak the language (`egonb.messages.use_language`). A development
tool (`pip install -e ".[i18n]"`: mdpo; Babel for the rest of the catalogue):

    python -m egonb.messages.notebooks update [CHAPTER…]  # new English paragraphs into each .po (a new CHAPTER gets
                                                           # one), gone ones out; every translated notebook rebuilt
    python -m egonb.messages.notebooks missing            # the paragraphs still to translate, chapter by chapter
    python -m egonb.messages.notebooks check              # exits 1 if a translated notebook is not its English
                                                           # chapter and .po rebuilt (older), or a paragraph is missing

The chapters translated are those with a .po; the test run executes `notebooks/fr/*.ipynb` like the English ones.
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LANGUAGES = ("fr",)
#: The cell put first in a translated chapter.
LANGUAGE_CELL = "import egonb.messages\n\negonb.messages.use_language({lang!r})  # {note}"
NOTES = {"fr": "ce chapitre et ses widgets parlent français"}
WRAP = 120


def po_path(lang: str, chapter: str) -> Path:
    return NOTEBOOKS / lang / "po" / f"{chapter}.po"


def chapters(lang: str) -> list[str]:
    return sorted(path.stem for path in (NOTEBOOKS / lang / "po").glob("*.po"))


def _paragraphs(notebook: Any) -> list[str]:
    """Every translatable message of the notebook's markdown cells, in order, once each."""
    from mdpo.md2po import markdown_to_pofile

    seen: dict[str, None] = {}
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            for entry in markdown_to_pofile(cell.source, wrapwidth=WRAP):
                seen.setdefault(entry.msgid)
    return list(seen)


def _english(chapter: str) -> Any:
    import nbformat

    return nbformat.read(NOTEBOOKS / f"{chapter}.ipynb", as_version=4)


def update_po(lang: str, chapter: str) -> None:
    """The chapter's .po in step with its English: translations kept by paragraph, new paragraphs empty."""
    import polib

    path = po_path(lang, chapter)
    old = {entry.msgid: entry for entry in polib.pofile(str(path))} if path.exists() else {}
    po = polib.POFile(wrapwidth=WRAP)
    po.metadata = {"Language": lang, "Content-Type": "text/plain; charset=utf-8", "MIME-Version": "1.0",
                   "Content-Transfer-Encoding": "8bit", "Project-Id-Version": f"egonb notebooks/{chapter}.ipynb"}
    for msgid in _paragraphs(_english(chapter)):
        po.append(old.get(msgid) or polib.POEntry(msgid=msgid, msgstr=""))
    path.parent.mkdir(parents=True, exist_ok=True)
    po.save(str(path))


def translated(lang: str, chapter: str) -> str:
    """The translated notebook's text, from the English chapter and its .po."""
    import nbformat
    from mdpo.po2md import pofile_to_markdown

    english = _english(chapter)
    notebook = copy.deepcopy(english)
    po = str(po_path(lang, chapter))
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            cell.source = pofile_to_markdown(cell.source, po, wrapwidth=WRAP).rstrip("\n")
    first = nbformat.v4.new_code_cell(LANGUAGE_CELL.format(lang=lang, note=NOTES.get(lang, lang)))
    first.id = f"{chapter.split('-')[0]}-{lang}-language"
    notebook.cells.insert(0, first)
    notebook.metadata.setdefault("language_info", {})
    return nbformat.writes(notebook) + "\n"


def missing(lang: str, chapter: str) -> list[str]:
    import polib

    return [entry.msgid for entry in polib.pofile(str(po_path(lang, chapter)))
            if not entry.msgstr or "fuzzy" in entry.flags]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command, named = (args[0] if args else "missing"), args[1:]
    problems = []
    for lang in LANGUAGES:
        for chapter in sorted(set(chapters(lang)) | set(named)):
            out = NOTEBOOKS / lang / f"{chapter}.ipynb"
            if command == "update":
                update_po(lang, chapter)
                out.write_text(translated(lang, chapter), encoding="utf-8")
            stale = not out.exists() or out.read_text(encoding="utf-8") != translated(lang, chapter)
            if command == "check" and stale:
                problems.append(f"{out}: older than notebooks/{chapter}.ipynb or its .po (run update)")
            problems += [f"{lang}/{chapter}: untranslated: {msgid[:70]!r}" for msgid in missing(lang, chapter)]
    print("\n".join(problems) or "every chapter translated and up to date")
    return 1 if problems and command == "check" else 0


if __name__ == "__main__":
    sys.exit(main())
